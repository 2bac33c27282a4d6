package turok

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// turn is the sign of a triangle's area in XY: 1 counterclockwise, -1
// clockwise, 0 for a flat one.
func turn(a, b, c codec.Vec3) int {
	cross := (float64(b.X)-float64(a.X))*(float64(c.Y)-float64(a.Y)) - (float64(b.Y)-float64(a.Y))*(float64(c.X)-float64(a.X))
	switch {
	case cross > 0:
		return 1
	case cross < 0:
		return -1
	}
	return 0
}

// sectorTurn is sector s's turn with vertex v placed at p.
func sectorTurn(m *codec.Map, s int, v uint16, p codec.Vec3) int {
	var c [3]codec.Vec3
	for k, w := range m.Sectors[s].Vertices {
		if w == v {
			c[k] = p
		} else {
			c[k] = m.Vertices[w].Position
		}
	}
	return turn(c[0], c[1], c[2])
}

// MoveVertex moves vertex i and sets the ceiling height above it; the
// sectors that use it follow. A move that would turn a sector over or
// flatten it is refused. Actors and meshes standing on the reshaped
// sectors get their sector again. The moves of one vertex merge into one
// step until BreakMerge.
func (d *Document) MoveVertex(i int, to codec.Vertex) error {
	m := d.Map
	if err := checkIndex("vertex", i, len(m.Vertices)); err != nil {
		return err
	}
	if err := to.ValidateChange(&m.Vertices[i]); err != nil {
		return fmt.Errorf("vertex %d: %w", i, err)
	}
	g := d.geo()
	users := g.sectorsOf[i]
	for _, s := range users {
		before, after := sectorTurn(m, int(s), uint16(i), m.Vertices[i].Position), sectorTurn(m, int(s), uint16(i), to.Position)
		if before != 0 && after != before {
			return fmt.Errorf("moving vertex %d to (%g, %g) would turn sector %d over", i, to.Position.X, to.Position.Y, s)
		}
	}
	e := d.begin()
	var a area
	for _, s := range users {
		e.addSector(&a, int(s))
	}
	document.TouchAt(e.Edit, verticesTable, i)
	m.Vertices[i] = to
	for _, s := range users {
		e.addSector(&a, int(s))
		g.locator.Update(int(s))
	}
	meshes := e.resector(a, g.locator.SectorAt)
	e.staleVisibility()
	return e.Commit(withMeshSectors(fmt.Sprintf("Move vertex %d", i), meshes), fmt.Sprintf("move vertex %d", i))
}

// AddVertex adds a vertex, used by no sector yet, and returns its index.
func (d *Document) AddVertex(v codec.Vertex) (int, error) {
	if err := v.Validate(); err != nil {
		return 0, fmt.Errorf("new vertex: %w", err)
	}
	if err := roomFor("vertex", len(d.Map.Vertices), 1); err != nil {
		return 0, err
	}
	return addRecord(d, verticesTable, v, "Add vertex")
}

// edgeOwners lists the sectors that have an edge between vertices a and
// b, and that edge's number in each.
func (d *Document) edgeOwners(a, b uint16) (sectors, edges []int) {
	for _, s := range d.geo().sectorsOf[a] {
		v := d.Map.Sectors[s].Vertices
		for j := range 3 {
			if v[j] == a && v[(j+1)%3] == b || v[j] == b && v[(j+1)%3] == a {
				sectors, edges = append(sectors, int(s)), append(edges, j)
			}
		}
	}
	return sectors, edges
}

// AddSector adds a sector of sector set set over three vertices, ordered
// counterclockwise, and links it to the sectors it shares an edge with.
// It refuses corners in a line, a sector that exists, and an edge that
// two sectors share already.
func (d *Document) AddSector(corners [3]int, set int) (int, error) {
	m := d.Map
	for j, c := range corners {
		if err := checkIndex("vertex", c, len(m.Vertices)); err != nil {
			return 0, fmt.Errorf("new sector, Vertices[%d]: %w", j, err)
		}
	}
	if err := checkIndex("sector set", set, len(m.SectorSets)); err != nil {
		return 0, fmt.Errorf("new sector, Set: %w", err)
	}
	if err := roomFor("sector", len(m.Sectors), 1); err != nil {
		return 0, err
	}
	v := [3]uint16{uint16(corners[0]), uint16(corners[1]), uint16(corners[2])}
	switch turn(m.Vertices[v[0]].Position, m.Vertices[v[1]].Position, m.Vertices[v[2]].Position) {
	case 0:
		return 0, fmt.Errorf("vertices %v are in a line (or repeat)", corners)
	case -1:
		v[1], v[2] = v[2], v[1]
	}
	s := codec.Sector{Set: uint16(set), Flags: uint16(m.SectorSets[set].Flags), Vertices: v, Links: [3]uint16{codec.NoLink, codec.NoLink, codec.NoLink}}
	var neighbour, neighbourEdge [3]int
	for j := range 3 {
		owners, edges := d.edgeOwners(v[j], v[(j+1)%3])
		for _, o := range owners {
			if sameCorners(m.Sectors[o].Vertices, v) {
				return 0, fmt.Errorf("sector %d has these corners already", o)
			}
		}
		if len(owners) > 1 {
			return 0, fmt.Errorf("the edge from vertex %d to %d is shared by sectors %v already", v[j], v[(j+1)%3], owners)
		}
		neighbour[j] = -1
		if len(owners) == 1 {
			neighbour[j], neighbourEdge[j] = owners[0], edges[0]
		}
	}
	n := len(m.Sectors)
	e := d.begin()
	for j, o := range neighbour {
		if o >= 0 {
			document.TouchAt(e.Edit, sectorsTable, o)
			m.Sectors[o].Links[neighbourEdge[j]] = uint16(n)
			s.Links[j] = uint16(o)
		}
	}
	before := d.geo().locator // knows every sector but the new one
	document.Touch(e.Edit, sectorsTable)
	m.Sectors = append(m.Sectors, s)
	e.Born[KindSector] = append(e.Born[KindSector], n)
	d.geometry = nil
	// Actors and meshes over the new sector stand in it when its floor is
	// nearer than the one they stand on (SectorAt's rule; the new sector
	// has the highest index, so it loses ties).
	var a area
	e.addSector(&a, n)
	meshes := e.resector(a, func(p codec.Vec3) int { return nearer(m, n, p, before.SectorAt(p)) })
	rows := identity(len(m.Sectors))
	rows[n] = -1
	e.remapVisibility(rows, nil)
	return n, e.Commit(withMeshSectors(fmt.Sprintf("Add sector %d", n), meshes), "")
}

// nearer is sector n when p is over it and its floor is nearer p than
// current's, or else current.
func nearer(m *codec.Map, n int, p codec.Vec3, current int) int {
	z, inside := m.FloorAt(n, p.X, p.Y)
	if !inside {
		return current
	}
	if current < 0 {
		return n
	}
	zc, _ := m.FloorAt(current, p.X, p.Y)
	if abs(p.Z-z) < abs(p.Z-zc) {
		return n
	}
	return current
}

func abs(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

func sameCorners(a, b [3]uint16) bool {
	for _, v := range a {
		if v != b[0] && v != b[1] && v != b[2] {
			return false
		}
	}
	return true
}

// DeleteSectors deletes sectors, and the vertices only they used. The
// sectors that shared their edges get walls there; actors and meshes
// that stood in them get the sector under them now; the visibility
// tables lose their rows.
func (d *Document) DeleteSectors(indexes []int) error {
	m := d.Map
	if err := checkIndexes("sector", indexes, len(m.Sectors)); err != nil {
		return err
	}
	gone := map[int]bool{}
	for _, i := range indexes {
		gone[i] = true
	}
	e := d.begin()
	kept, moves, rows := keptSectors(m.Sectors, gone)
	vertices, vertexMoves, newVertex := keptVertices(m, gone)
	document.Touch(e.Edit, sectorsTable)
	m.Sectors = kept
	if len(vertexMoves) > 0 {
		document.Touch(e.Edit, verticesTable)
		m.Vertices = vertices
		for i := range m.Sectors {
			for k, v := range m.Sectors[i].Vertices {
				if int(v) < len(newVertex) {
					m.Sectors[i].Vertices[k] = uint16(newVertex[v])
				}
			}
		}
	}
	for i, links := range m.EdgeLinks() {
		m.Sectors[i].Links = links
	}
	loc := m.Locator()
	// Sector numbers follow their sectors; who stood in a gone one stands
	// in the one under it now.
	renumber := func(sector int32, p codec.Vec3) int32 {
		if to, ok := moves[int(sector)]; ok {
			if to < 0 {
				return int32(loc.SectorAt(p))
			}
			return int32(to)
		}
		return sector
	}
	e.setStandingSectors(renumber, renumber)
	e.remapVisibility(rows, nil)
	e.Renumber = append(e.Renumber, document.Renumbering{Kind: KindSector, Moves: moves}, document.Renumbering{Kind: KindVertex, Moves: vertexMoves})
	d.geometry = nil
	return e.Commit("Delete "+describe("sector", indexes), "")
}

// keptSectors is sectors without the gone ones, where each sector moves
// (-1 for gone, no entry for staying in place) and the old index of each
// kept sector, which is its visibility row.
func keptSectors(sectors []codec.Sector, gone map[int]bool) (kept []codec.Sector, moves map[int]int, rows []int) {
	moves, rows = map[int]int{}, []int{}
	for i, s := range sectors {
		if gone[i] {
			moves[i] = -1
			continue
		}
		if len(kept) != i {
			moves[i] = len(kept)
		}
		rows = append(rows, i)
		kept = append(kept, s)
	}
	return kept, moves, rows
}

// keptVertices is m's vertices without those only the gone sectors used,
// where each vertex moves (-1 for gone, no entry for staying in place)
// and the new index of every old one.
func keptVertices(m *codec.Map, gone map[int]bool) (kept []codec.Vertex, moves map[int]int, newIndex []int) {
	usedAfter, usedBefore := make([]bool, len(m.Vertices)), make([]bool, len(m.Vertices))
	for i, s := range m.Sectors {
		for _, v := range s.Vertices {
			if int(v) < len(m.Vertices) {
				usedBefore[v] = true
				usedAfter[v] = usedAfter[v] || !gone[i]
			}
		}
	}
	moves, newIndex = map[int]int{}, make([]int, len(m.Vertices))
	for v := range m.Vertices {
		if usedBefore[v] && !usedAfter[v] {
			moves[v], newIndex[v] = -1, -1
			continue
		}
		newIndex[v] = len(kept)
		if newIndex[v] != v {
			moves[v] = newIndex[v]
		}
		kept = append(kept, m.Vertices[v])
	}
	return kept, moves, newIndex
}

// AssignSectorSet puts sectors in sector set set; their flags follow the
// set's.
func (d *Document) AssignSectorSet(sectors []int, set int) error {
	if err := checkIndex("sector set", set, len(d.Map.SectorSets)); err != nil {
		return fmt.Errorf("Set: %w", err)
	}
	return d.editSectors(sectors, fmt.Sprintf("Put %s in sector set %d", describe("sector", sectors), set),
		func(s *codec.Sector) { s.Set = uint16(set) })
}

// EditSectors changes sectors' set and draw order with update, in one
// step. Corners are changed by moving vertices, and links and flags are
// derived: an update of them is put back. A draw order is refused on a
// map of 16-byte sectors, which hold none. The step names the fields
// update changed.
func (d *Document) EditSectors(sectors []int, update func(*codec.Sector)) error {
	return d.editSectors(sectors, "", update)
}

// editSectors changes sectors with update, in one step described as
// description ("": naming the fields changed; see editDescription).

func (d *Document) editSectors(sectors []int, description string, update func(*codec.Sector)) error {
	m := d.Map
	if err := checkIndexes("sector", sectors, len(m.Sectors)); err != nil {
		return err
	}
	e := d.begin()
	var befores, afters []codec.Sector
	for _, i := range sectors {
		s := m.Sectors[i]
		update(&s)
		if err := checkIndex("sector set", int(s.Set), len(m.SectorSets)); err != nil {
			e.Rollback()
			return fmt.Errorf("sector %d, Set: %w", i, err)
		}
		if !m.LongSectors && s.DrawOrder != m.Sectors[i].DrawOrder {
			e.Rollback()
			return fmt.Errorf("sector %d, DrawOrder: the map's sectors are 16 bytes, which hold no draw order (only 18-byte sectors do, -32768 to 32767): it stays %d", i, m.Sectors[i].DrawOrder)
		}
		s.Vertices, s.Links, s.Flags = m.Sectors[i].Vertices, m.Sectors[i].Links, uint16(m.SectorSets[s.Set].Flags)
		befores, afters = append(befores, m.Sectors[i]), append(afters, s)
		document.TouchAt(e.Edit, sectorsTable, i)
		m.Sectors[i] = s
	}
	return e.Commit(editDescription(description, "sector", sectors, befores, afters), "")
}

// AddSectorSet adds a sector set and returns its index.
func (d *Document) AddSectorSet(s codec.SectorSet) (int, error) {
	if err := roomFor("sector set", len(d.Map.SectorSets), 1); err != nil {
		return 0, err
	}
	if err := s.Validate(); err != nil {
		return 0, fmt.Errorf("new sector set: %w", err)
	}
	return addRecord(d, sectorSetsTable, s, "Add sector set")
}

// EditSectorSets changes sector sets with update, in one step that names
// the fields changed; the flags of their sectors follow.
func (d *Document) EditSectorSets(indexes []int, update func(*codec.SectorSet)) error {
	m := d.Map
	if err := checkIndexes("sector set", indexes, len(m.SectorSets)); err != nil {
		return err
	}
	e := d.begin()
	flagsChanged, anyFlags := make([]bool, len(m.SectorSets)), false // by set
	var befores, afters []codec.SectorSet
	for _, i := range indexes {
		s := m.SectorSets[i]
		update(&s)
		befores, afters = append(befores, m.SectorSets[i]), append(afters, s)
		if err := s.ValidateChange(&m.SectorSets[i]); err != nil {
			e.Rollback()
			return fmt.Errorf("sector set %d: %w", i, err)
		}
		if uint16(s.Flags) != uint16(m.SectorSets[i].Flags) {
			flagsChanged[i], anyFlags = true, true
		}
		document.TouchAt(e.Edit, sectorSetsTable, i)
		m.SectorSets[i] = s
	}
	if anyFlags {
		for i, s := range m.Sectors {
			if int(s.Set) < len(flagsChanged) && flagsChanged[s.Set] {
				document.TouchAt(e.Edit, sectorsTable, i)
				m.Sectors[i].Flags = uint16(m.SectorSets[s.Set].Flags)
			}
		}
	}
	return e.Commit(editDescription("", "sector set", indexes, befores, afters), "")
}

// DeleteSectorSet deletes a sector set no sector uses; the later sets
// move down.
func (d *Document) DeleteSectorSet(i int) error {
	m := d.Map
	if err := checkIndex("sector set", i, len(m.SectorSets)); err != nil {
		return err
	}
	if n := d.SectorSetUse()[i]; n > 0 {
		return fmt.Errorf("sector set %d is used by %s: put them in another set first", i, document.Count(n, "sector"))
	}
	e := d.begin()
	for s, sector := range m.Sectors {
		if int(sector.Set) > i {
			document.TouchAt(e.Edit, sectorsTable, s)
			m.Sectors[s].Set--
		}
	}
	document.Touch(e.Edit, sectorSetsTable)
	m.SectorSets = append(m.SectorSets[:i:i], m.SectorSets[i+1:]...)
	moves := map[int]int{i: -1}
	for k := i + 1; k <= len(m.SectorSets); k++ {
		moves[k] = k - 1
	}
	e.Renumber = append(e.Renumber, document.Renumbering{Kind: KindSectorSet, Moves: moves})
	return e.Commit(fmt.Sprintf("Delete sector set %d", i), "")
}
