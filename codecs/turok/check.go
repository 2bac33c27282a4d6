package turok

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Problem is a finding of Check.
type Problem = bin.Problem

// Check validates the map: indexes that point nowhere, edge links that
// are not mutual, more records than the format can number, and values
// the engine cannot load (coordinates that are not numbers or beyond
// MaxCoordinate) (errors); actors that target TID 0 or a TID no actor
// carries, sector flags that disagree with their set,
// actors and static meshes outside every sector or with another sector
// index than the one under them, meshes outside their grid section,
// links that disagree with the shared edges, grid bounds that are not
// the extent of their section's meshes, floors too steep to walk on
// (warnings); visibility tables
// whose size does not fit the sectors and meshes (an error: the engine
// would read past them).
func (m *Map) Check() []Problem {
	var out problems
	add := out.add
	m.checkLimits(&out)
	geometryOK := true
	for i, s := range m.Sectors {
		for j, v := range s.Vertices {
			if int(v) >= len(m.Vertices) {
				add("error", "sector", i, "vertex-out-of-range", "sector %d corner %d uses vertex %d of %d", i, j, v, len(m.Vertices))
				geometryOK = false
			}
		}
		if int(s.Set) >= len(m.SectorSets) {
			add("error", "sector", i, "set-out-of-range", "sector %d uses sector set %d of %d", i, s.Set, len(m.SectorSets))
		} else if flags, _ := m.SectorFlags(i); flags != s.Flags {
			add("warning", "sector", i, "sector-flags-disagree", "sector %d has flags %#04x, its set %d has %#04x", i, s.Flags, s.Set, flags)
		}
		for j, l := range s.Links {
			switch {
			case l == NoLink:
			case int(l) >= len(m.Sectors):
				add("error", "sector", i, "link-out-of-range", "sector %d edge %d links to sector %d of %d", i, j, l, len(m.Sectors))
			case !linksBack(m.Sectors[l], uint16(i)):
				add("error", "sector", i, "link-not-mutual", "sector %d edge %d links to sector %d, which does not link back", i, j, l)
			}
		}
	}
	if geometryOK {
		stale, first := 0, -1
		for i, links := range m.EdgeLinks() {
			if links != m.Sectors[i].Links {
				if stale++; first < 0 {
					first = i
				}
			}
		}
		if stale > 0 {
			add("warning", "sector", first, "stale-derived-data", "%d sectors' edge links disagree with the edges they share (first: sector %d)", stale, first)
		}
		m.checkPlacements(&out)
		m.checkSlopes(&out)
	}
	cells := int(m.GridWidth) * int(m.GridHeight)
	if len(m.GridMin) != cells || len(m.GridMax) != cells || len(m.Sections) != cells {
		add("error", "map", 0, "grid-size", "a %dx%d grid with %d and %d bounds and %d sections", m.GridWidth, m.GridHeight, len(m.GridMin), len(m.GridMax), len(m.Sections))
	}
	for i := range min(len(m.Sections), len(m.GridMin), len(m.GridMax)) {
		if lo, hi, ok := m.SectionBounds(i); ok && (lo != m.GridMin[i] || hi != m.GridMax[i]) {
			add("warning", "section", i, "stale-grid-bounds", "grid section %d has bounds (%g, %g)-(%g, %g), its static meshes span (%g, %g)-(%g, %g)",
				i, m.GridMin[i].X, m.GridMin[i].Y, m.GridMax[i].X, m.GridMax[i].Y, lo.X, lo.Y, hi.X, hi.Y)
		}
	}
	if why := m.VisibilityStale(); why != "" {
		add("error", "map", 0, "visibility-size", "%s", why)
	}
	return out
}

// problems collects Check's findings.
type problems []Problem

func (ps *problems) add(severity, kind string, index int, code, format string, args ...any) {
	*ps = append(*ps, Problem{Severity: severity, Kind: kind, Index: index, Code: code, Message: fmt.Sprintf(format, args...)})
}

func linksBack(s Sector, to uint16) bool {
	return s.Links[0] == to || s.Links[1] == to || s.Links[2] == to
}

// checkLimits reports the tables with more records than the format can
// number, the records holding values the engine cannot load, the actors
// and meshes naming a sector that does not exist, and the actors
// targeting TID 0 (which every untagged actor carries) or a TID no actor
// carries.
func (m *Map) checkLimits(out *problems) {
	add := out.add
	for _, t := range []struct {
		kind string
		n    int
		max  int
	}{{"vertex", len(m.Vertices), MaxIndexed}, {"sector-set", len(m.SectorSets), MaxIndexed}, {"sector", len(m.Sectors), MaxIndexed},
		{"actor", len(m.Actors), MaxPlaced}, {"mesh", m.MeshCount(), MaxPlaced}} {
		if t.n > t.max {
			add("error", t.kind, t.max, "count-limit", "%d %s records, the format numbers at most %d", t.n, t.kind, t.max)
		}
	}
	for i := range m.Vertices {
		if err := m.Vertices[i].Validate(); err != nil {
			add("error", "vertex", i, err.Code, "vertex %d: %v", i, err)
		}
	}
	for i := range m.SectorSets {
		if err := m.SectorSets[i].Validate(); err != nil {
			add("error", "sector-set", i, err.Code, "sector set %d: %v", i, err)
		}
	}
	sectorInRange := func(s int32) bool { return s >= -1 && int64(s) < int64(len(m.Sectors)) }
	var carried [1 << 16]bool // by TID as a uint16
	for _, a := range m.Actors {
		carried[uint16(a.TID)] = true
	}
	for i := range m.Actors {
		a := &m.Actors[i]
		if err := a.Validate(); err != nil {
			add("error", "actor", i, err.Code, "actor %d: %v", i, err)
		}
		if !sectorInRange(a.Sector) {
			add("error", "actor", i, "sector-out-of-range", "actor %d names sector %d, the map has sectors 0 to %d (or -1 for none)", i, a.Sector, len(m.Sectors)-1)
		}
		switch {
		case a.TargetTID == 0:
			add("warning", "actor", i, "target-tid-zero", "actor %d targets TID 0, which every actor without a TID carries", i)
		case a.TargetTID > 0 && !carried[uint16(a.TargetTID)]:
			add("warning", "actor", i, "target-tid-missing", "actor %d targets TID %d, which no actor carries", i, a.TargetTID)
		}
	}
	g := 0
	for si := range m.Sections {
		for j := range m.Sections[si].Meshes {
			s := &m.Sections[si].Meshes[j]
			if err := s.Validate(); err != nil {
				add("error", "mesh", g, err.Code, "static mesh %d (section %d): %v", g, si, err)
			}
			if !sectorInRange(s.Sector) {
				add("error", "mesh", g, "sector-out-of-range", "static mesh %d (section %d) names sector %d, the map has sectors 0 to %d (or -1 for none)", g, si, s.Sector, len(m.Sectors)-1)
			}
			g++
		}
	}
}

// checkPlacements checks that every actor and static mesh stands on a
// sector and names it, and that meshes lie in their grid section; all its
// findings are warnings.
func (m *Map) checkPlacements(out *problems) {
	add := func(kind string, index int, code, format string, args ...any) {
		out.add("warning", kind, index, code, format, args...)
	}
	loc := m.Locator()
	for i, a := range m.Actors {
		switch s := loc.SectorAt(a.Origin); {
		case s < 0:
			add("actor", i, "outside-sectors", "actor %d at (%g, %g, %g) is over no sector", i, a.Origin.X, a.Origin.Y, a.Origin.Z)
		case int32(s) != a.Sector:
			add("actor", i, "wrong-sector", "actor %d names sector %d, but stands in sector %d", i, a.Sector, s)
		}
	}
	mesh := 0
	for si, section := range m.Sections {
		for _, sm := range section.Meshes {
			switch s := loc.SectorAt(sm.Origin); {
			case s < 0:
				add("mesh", mesh, "outside-sectors", "static mesh %d (section %d) at (%g, %g, %g) is over no sector", mesh, si, sm.Origin.X, sm.Origin.Y, sm.Origin.Z)
			case int32(s) != sm.Sector:
				add("mesh", mesh, "wrong-sector", "static mesh %d (section %d) names sector %d, but stands in sector %d", mesh, si, sm.Sector, s)
			}
			if si < len(m.GridMin) && si < len(m.GridMax) {
				lo, hi := m.GridMin[si], m.GridMax[si]
				if sm.Origin.X < lo.X || sm.Origin.Y < lo.Y || sm.Origin.X > hi.X || sm.Origin.Y > hi.Y {
					add("mesh", mesh, "outside-section", "static mesh %d at (%g, %g) is outside its grid section %d (%g, %g)-(%g, %g)", mesh, sm.Origin.X, sm.Origin.Y, si, lo.X, lo.Y, hi.X, hi.Y)
				}
			}
			mesh++
		}
	}
}
