package turok

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Problem is a finding of Check.
type Problem = bin.Problem

// Check validates the map: indexes that point nowhere, edge links that
// are not mutual, more records than the format can number, and
// coordinates beyond MaxCoordinate (errors); float fields that are NaN
// or infinite (warnings, CodeNonFinite); actors that target TID 0 or a TID no actor
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
	for i := range m.Sectors {
		if !m.checkSector(i, &out) {
			geometryOK = false
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
	m.checkGrid(&out)
	for i := range min(len(m.Sections), len(m.GridMin), len(m.GridMax)) {
		m.checkSectionBounds(i, &out)
	}
	m.checkVisibility(&out)
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
		m.checkVertex(i, out)
	}
	for i := range m.SectorSets {
		m.checkSectorSet(i, out)
	}
	carried := m.CarriedTIDs()
	for i := range m.Actors {
		m.checkActor(i, carried, out)
	}
	g := 0
	for si := range m.Sections {
		for j := range m.Sections[si].Meshes {
			m.checkMesh(si, j, g, out)
			g++
		}
	}
}

// checkPlacements checks that every actor and static mesh stands on a
// sector and names it, and that meshes lie in their grid section; all its
// findings are warnings.
func (m *Map) checkPlacements(out *problems) {
	loc := m.Locator()
	for i := range m.Actors {
		m.checkActorPlacement(i, loc, out)
	}
	mesh := 0
	for si, section := range m.Sections {
		for j := range section.Meshes {
			m.checkMeshPlacement(si, j, mesh, loc, out)
			mesh++
		}
	}
}
