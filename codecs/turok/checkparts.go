package turok

import "fmt"

// The parts of Check that concern one entity, so that a check after an
// edit of a few entities finds their problems alone.

// VertexProblems are Check's findings about vertex i: values the engine
// cannot load.
func (m *Map) VertexProblems(i int) []Problem {
	var out problems
	m.checkVertex(i, &out)
	return out
}

// SectorSetProblems are Check's findings about sector set i: values the
// engine cannot load.
func (m *Map) SectorSetProblems(i int) []Problem {
	var out problems
	m.checkSectorSet(i, &out)
	return out
}

// SectorProblems are Check's findings about sector i alone: corners and
// set out of range, flags that disagree with its set, links that are not
// mutual, a floor too steep to walk on. It leaves out the count of
// sectors whose links disagree with their shared edges, which only a
// check of the whole map finds.
func (m *Map) SectorProblems(i int) []Problem {
	var out problems
	if m.checkSector(i, &out) {
		m.checkSlope(i, &out)
	}
	return out
}

// SectionProblems are Check's findings about grid section si and its
// static meshes, numbered from first across the map: their values, the
// sectors they name and, with loc, stand over, whether they lie in the
// section, and whether its bounds are their extent.
func (m *Map) SectionProblems(si, first int, loc *Locator) []Problem {
	var out problems
	for j := range m.Sections[si].Meshes {
		m.checkMesh(si, j, first+j, &out)
		if loc != nil {
			m.checkMeshPlacement(si, j, first+j, loc, &out)
		}
	}
	if si < len(m.GridMin) && si < len(m.GridMax) {
		m.checkSectionBounds(si, &out)
	}
	return out
}

// MapProblems are Check's findings about the map as a whole: a grid
// whose bounds and sections are not as many as its cells, and visibility
// tables whose size does not fit the sectors and meshes.
func (m *Map) MapProblems() []Problem {
	var out problems
	m.checkGrid(&out)
	m.checkVisibility(&out)
	return out
}

func (m *Map) checkSectorSet(i int, out *problems) {
	out.fields("sector-set", i, fmt.Sprintf("sector set %d", i), m.SectorSets[i].fields())
}

func (m *Map) checkVertex(i int, out *problems) {
	out.fields("vertex", i, fmt.Sprintf("vertex %d", i), m.Vertices[i].fields())
}

// fields reports each of a record's float fields that the engine cannot
// load: a NaN or an infinity as a warning (the file's bits are kept, and
// edits refuse new ones), a coordinate out of range as an error. name
// names the record in the messages.
func (ps *problems) fields(kind string, index int, name string, fields []floatField) {
	for _, err := range fieldErrors(fields, nil) {
		severity := "error"
		if err.Code == CodeNonFinite {
			severity = "warning"
		}
		ps.add(severity, kind, index, err.Code, "%s: %v", name, err)
	}
}

// checkSector reports sector i's corners, set, flags and links; it is
// false when a corner is past the vertices (the map's geometry cannot be
// checked further).
func (m *Map) checkSector(i int, out *problems) bool {
	s := &m.Sectors[i]
	ok := true
	for j, v := range s.Vertices {
		if int(v) >= len(m.Vertices) {
			out.add("error", "sector", i, "vertex-out-of-range", "sector %d corner %d uses vertex %d of %d", i, j, v, len(m.Vertices))
			ok = false
		}
	}
	if int(s.Set) >= len(m.SectorSets) {
		out.add("error", "sector", i, "set-out-of-range", "sector %d uses sector set %d of %d", i, s.Set, len(m.SectorSets))
	} else if flags, _ := m.SectorFlags(i); flags != s.Flags {
		out.add("warning", "sector", i, "sector-flags-disagree", "sector %d has flags %#04x, its set %d has %#04x", i, s.Flags, s.Set, flags)
	}
	for j, l := range s.Links {
		switch {
		case l == NoLink:
		case int(l) >= len(m.Sectors):
			out.add("error", "sector", i, "link-out-of-range", "sector %d edge %d links to sector %d of %d", i, j, l, len(m.Sectors))
		case !linksBack(m.Sectors[l], uint16(i)):
			out.add("error", "sector", i, "link-not-mutual", "sector %d edge %d links to sector %d, which does not link back", i, j, l)
		}
	}
	return ok
}

// checkMesh reports the values, bounding box, rotation and sector index
// of mesh j of section si, mesh g of the map.
func (m *Map) checkMesh(si, j, g int, out *problems) {
	s := &m.Sections[si].Meshes[j]
	name := fmt.Sprintf("static mesh %d (section %d)", g, si)
	out.fields("mesh", g, name, s.fields())
	out.box("mesh", g, name, s.BoundsMin, s.BoundsMax)
	q := s.Rotation
	if q[0]*q[0]+q[1]*q[1]+q[2]*q[2]+q[3]*q[3] == 0 {
		out.add("warning", "mesh", g, "zero-rotation", "%s: its rotation is the quaternion (0, 0, 0, 0), which is no rotation (the identity is (0, 0, 0, 1))", name)
	}
	if !m.sectorInRange(s.Sector) {
		out.add("error", "mesh", g, "sector-out-of-range", "static mesh %d (section %d) names sector %d, the map has sectors 0 to %d (or -1 for none)", g, si, s.Sector, len(m.Sectors)-1)
	}
}

// checkMeshPlacement reports mesh j of section si, mesh g of the map,
// standing over no sector, naming a sector that cannot be the closest to
// it (MeshSectorWrong), or outside its section.
func (m *Map) checkMeshPlacement(si, j, g int, loc *Locator, out *problems) {
	sm := &m.Sections[si].Meshes[j]
	switch s := loc.SectorAt(sm.Origin); {
	case s < 0:
		out.add("warning", "mesh", g, "outside-sectors", "static mesh %d (section %d) at (%g, %g, %g) is over no sector", g, si, sm.Origin.X, sm.Origin.Y, sm.Origin.Z)
	case m.MeshSectorWrong(sm.Sector, sm.Origin, s):
		out.add("warning", "mesh", g, "wrong-sector", "static mesh %d (section %d) names sector %d, but stands in sector %d, whose floor is nearer it than sector %d can be (the field names the sector closest to the mesh)", g, si, sm.Sector, s, sm.Sector)
	}
	if si < len(m.GridMin) && si < len(m.GridMax) {
		lo, hi := m.GridMin[si], m.GridMax[si]
		if sm.Origin.X < lo.X || sm.Origin.Y < lo.Y || sm.Origin.X > hi.X || sm.Origin.Y > hi.Y {
			out.add("warning", "mesh", g, "outside-section", "static mesh %d at (%g, %g) is outside its grid section %d (%g, %g)-(%g, %g)", g, sm.Origin.X, sm.Origin.Y, si, lo.X, lo.Y, hi.X, hi.Y)
		}
	}
}

func (m *Map) checkGrid(out *problems) {
	cells := int(m.GridWidth) * int(m.GridHeight)
	if len(m.GridMin) != cells || len(m.GridMax) != cells || len(m.Sections) != cells {
		out.add("error", "map", 0, "grid-size", "a %dx%d grid with %d and %d bounds and %d sections", m.GridWidth, m.GridHeight, len(m.GridMin), len(m.GridMax), len(m.Sections))
	}
}

func (m *Map) checkSectionBounds(i int, out *problems) {
	if lo, hi, ok := m.SectionBounds(i); ok && (lo != m.GridMin[i] || hi != m.GridMax[i]) {
		out.add("warning", "section", i, "stale-grid-bounds", "grid section %d has bounds (%g, %g)-(%g, %g), its static meshes span (%g, %g)-(%g, %g)",
			i, m.GridMin[i].X, m.GridMin[i].Y, m.GridMax[i].X, m.GridMax[i].Y, lo.X, lo.Y, hi.X, hi.Y)
	}
}

func (m *Map) checkVisibility(out *problems) {
	if why := m.VisibilityStale(); why != "" {
		out.add("error", "map", 0, "visibility-size", "%s", why)
	}
}
