package turok

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// Static meshes are numbered across the grid sections, in order, as the
// visibility tables number them.

// meshItem is a static mesh in a new arrangement of the sections: the
// number and section it had before the edit (-1 for a new mesh) and the
// section it goes to (-1 to delete it).
type meshItem struct {
	mesh, was     codec.StaticMesh
	from, section int
	to            int
}

// meshItems lists every static mesh as it is, staying where it is.
func (d *Document) meshItems() []meshItem {
	var items []meshItem
	for s, sec := range d.Map.Sections {
		for _, mesh := range sec.Meshes {
			items = append(items, meshItem{mesh, mesh, len(items), s, s})
		}
	}
	return items
}

// home is the section of grid a mesh at origin belongs in: the cell
// that holds it, or the section it is in when the map has no grid.
func (d *Document) home(grid codec.SectionGrid, origin codec.Vec3, current int) int {
	if s := grid.SectionAt(codec.XY{X: origin.X, Y: origin.Y}); s >= 0 && s < len(d.Map.Sections) {
		return s
	}
	return current
}

// arrange lays the sections out again from items (every mesh, in their
// old order, new ones last): a mesh that stays in its section keeps its
// place there, arrivals join the end. It renumbers the meshes' handles,
// moves the visibility tables' columns with their meshes, and
// recomputes the bounds of every section that changed. The visibility
// tables are stale when meshes came, went or changed place or model.
func (e *edit) arrange(items []meshItem) {
	m := e.m
	sections := make([][]codec.StaticMesh, len(m.Sections))
	from := make([][]int, len(m.Sections))
	for _, arrivals := range []bool{false, true} {
		for _, it := range items {
			if it.to >= 0 && (it.to != it.section) == arrivals {
				sections[it.to] = append(sections[it.to], it.mesh)
				from[it.to] = append(from[it.to], it.from)
			}
		}
	}
	var cols []int
	for _, f := range from {
		cols = append(cols, f...)
	}
	moves := map[int]int{}
	for _, it := range items {
		if it.from >= 0 && it.to < 0 {
			moves[it.from] = -1
		}
	}
	renumbered := len(cols) != e.m.MeshCount()
	for g, f := range cols {
		switch {
		case f < 0:
			e.Born[KindMesh] = append(e.Born[KindMesh], g)
		case f != g:
			moves[f], renumbered = g, true
		}
	}
	for s := range m.Sections {
		c := codec.Section{Meshes: sections[s]}
		if !sectionsTable.Same(c, m.Sections[s]) {
			document.TouchAt(e.Edit, sectionsTable, s)
			m.Sections[s] = c
			e.regrid(s)
		}
	}
	if renumbered {
		e.remapVisibility(nil, cols)
		e.Renumber = append(e.Renumber, document.Renumbering{Kind: KindMesh, Moves: moves})
	}
	for _, it := range items {
		a, b := it.mesh, it.was
		if a.Origin != b.Origin || a.Scale != b.Scale || a.Rotation != b.Rotation || a.BoundsMin != b.BoundsMin || a.BoundsMax != b.BoundsMax || a.Model != b.Model {
			e.staleVisibility()
		}
	}
}

// regrid sets section s's grid bounds to the extent of its meshes' boxes;
// an empty section keeps the bounds it has.
func (e *edit) regrid(s int) {
	lo, hi, ok := e.m.SectionBounds(s)
	if !ok || s >= len(e.m.GridMin) || s >= len(e.m.GridMax) {
		return
	}
	if e.m.GridMin[s] != lo {
		document.TouchAt(e.Edit, gridMinTable, s)
		e.m.GridMin[s] = lo
	}
	if e.m.GridMax[s] != hi {
		document.TouchAt(e.Edit, gridMaxTable, s)
		e.m.GridMax[s] = hi
	}
}

// PlaceMesh adds a static mesh to the grid section that holds its origin
// and returns its number.
func (d *Document) PlaceMesh(s codec.StaticMesh) (int, error) {
	if len(d.Map.Sections) == 0 {
		return 0, fmt.Errorf("the map has no grid section to hold a static mesh")
	}
	if err := roomFor("static mesh", d.Map.MeshCount(), 1); err != nil {
		return 0, err
	}
	if err := d.settleMesh(&s, s, true); err != nil {
		return 0, err
	}
	to := d.home(d.Map.SectionGrid(), s.Origin, 0)
	e := d.begin()
	e.arrange(append(d.meshItems(), meshItem{mesh: s, from: -1, section: -1, to: to}))
	g := 0
	for _, sec := range d.Map.Sections[:to+1] {
		g += len(sec.Meshes)
	}
	return g - 1, e.Commit(fmt.Sprintf("Place static mesh %d", g-1), "")
}

// settleMesh keeps mesh's derived values right after an edit changed it
// from was; a rotation must be a quaternion that is not zero. A new mesh
// (isNew) is checked whole, an edited one in the fields it changes.
func (d *Document) settleMesh(mesh *codec.StaticMesh, was codec.StaticMesh, isNew bool) error {
	if mesh.Rotation == [4]float32{} {
		return fmt.Errorf("Rotation is 0, not a quaternion")
	}
	base := &was
	if isNew {
		base = nil
	}
	return d.settle(meshPlacement(mesh, base), meshPlacement(&was, nil))
}

// MoveMesh moves static mesh g to (to.X, to.Y), as a drag does, and
// sets it on the floor there at the height it stood above (or sank
// below: meshes are often sunk into the ground) the floor it left (see
// landing). Its bounds follow, its sector is found again, and it joins
// the grid section that holds it now. The moves of one mesh inside its
// section merge into one step until BreakMerge.
func (d *Document) MoveMesh(g int, to codec.Vec3) error {
	return d.editMeshes([]int{g}, fmt.Sprintf("Move static mesh %d", g), fmt.Sprintf("move mesh %d", g),
		func(s *codec.StaticMesh) { s.Origin = d.landing(s.Origin, to, true) })
}

// RotateMesh sets static mesh g's rotation (a quaternion x, y, z, w).
// Its bounds stay: the map's mesh boxes are the collision cylinder's,
// which turning about Z keeps.
func (d *Document) RotateMesh(g int, q [4]float32) error {
	return d.editMeshes([]int{g}, fmt.Sprintf("Rotate static mesh %d", g), fmt.Sprintf("rotate mesh %d", g),
		func(s *codec.StaticMesh) { s.Rotation = q })
}

// ScaleMesh scales static mesh g; its bounds scale with it about its
// origin.
func (d *Document) ScaleMesh(g int, scale codec.Vec3) error {
	return d.editMeshes([]int{g}, fmt.Sprintf("Scale static mesh %d", g), fmt.Sprintf("scale mesh %d", g),
		func(s *codec.StaticMesh) { s.Scale = scale })
}

// EditMeshes changes static meshes with update, in one step: any field
// (model, texture, flags, collision, cull bits, placement). The sector
// and section are derived and put right. The step names the fields
// update changed.
func (d *Document) EditMeshes(indexes []int, update func(*codec.StaticMesh)) error {
	return d.editMeshes(indexes, "", "", update)
}

// editMeshes changes meshes with update, then puts each in its section;
// the section moves of all of them happen at once, so that the indexes
// name the meshes as they were before the edit. The step is described as
// description ("": naming the fields changed; see editDescription).
func (d *Document) editMeshes(indexes []int, description, mergeKey string, update func(*codec.StaticMesh)) error {
	return d.editMeshesAt(indexes, description, mergeKey, func(_ int, s *codec.StaticMesh) { update(s) }, false)
}

// editMeshesAt is editMeshes with each mesh's number given to update;
// with keepSector, a mesh keeps the sector update gives it (an import's
// text), which settling would otherwise set to the sector under it.
func (d *Document) editMeshesAt(indexes []int, description, mergeKey string, update func(g int, s *codec.StaticMesh), keepSector bool) error {
	if err := checkIndexes("static mesh", indexes, d.Map.MeshCount()); err != nil {
		return err
	}
	items, grid := d.meshItems(), d.Map.SectionGrid()
	var befores, afters []codec.StaticMesh
	for _, g := range indexes {
		it := &items[g]
		was := it.mesh
		update(g, &it.mesh)
		befores, afters = append(befores, was), append(afters, it.mesh)
		sector := it.mesh.Sector
		if err := d.settleMesh(&it.mesh, was, false); err != nil {
			return fmt.Errorf("static mesh %d: %w", g, err)
		}
		if keepSector {
			it.mesh.Sector = sector // an import's text says which
		}
		it.to = d.home(grid, it.mesh.Origin, it.section)
	}
	e := d.begin()
	e.arrange(items)
	return e.Commit(editDescription(description, "static mesh", indexes, befores, afters), mergeKey)
}

// DeleteMeshes deletes static meshes; the later ones move down, and the
// visibility tables lose their columns.
func (d *Document) DeleteMeshes(indexes []int) error {
	if err := checkIndexes("static mesh", indexes, d.Map.MeshCount()); err != nil {
		return err
	}
	items := d.meshItems()
	for _, g := range indexes {
		items[g].to = -1
	}
	e := d.begin()
	e.arrange(items)
	return e.Commit("Delete "+describe("static mesh", indexes), "")
}
