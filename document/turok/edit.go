package turok

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// table is one of the map's record slices.
type table[T any] = document.Table[*state, T]

// The map's tables and values, as edits see them.
var (
	// The records holding floats compare by their bits (Same), so that a
	// NaN a file holds is the same as itself.
	verticesTable = &table[codec.Vertex]{Kind: KindVertex, Size: 16,
		Slice: func(s *state) *[]codec.Vertex { return &s.Vertices }, Same: codec.Vertex.Same}
	sectorSetsTable = &table[codec.SectorSet]{Kind: KindSectorSet, Size: 64,
		Slice: func(s *state) *[]codec.SectorSet { return &s.SectorSets }, Same: codec.SectorSet.Same}
	sectorsTable = document.PlainTable(KindSector, 18, func(s *state) *[]codec.Sector { return &s.Sectors })
	actorsTable  = &table[codec.Actor]{Kind: KindActor, Size: 200,
		Slice: func(s *state) *[]codec.Actor { return &s.Actors }, Same: codec.Actor.Same}
	gridMinTable = &table[codec.XY]{Kind: KindGridBounds, Size: 8,
		Slice: func(s *state) *[]codec.XY { return &s.GridMin }, Same: codec.XY.Same}
	gridMaxTable = &table[codec.XY]{Kind: KindGridBounds, Size: 8,
		Slice: func(s *state) *[]codec.XY { return &s.GridMax }, Same: codec.XY.Same}
	sectionsTable = &table[codec.Section]{Kind: KindSection, Size: 16 * 120, Slice: func(s *state) *[]codec.Section { return &s.Sections },
		Same:  func(a, b codec.Section) bool { return slices.EqualFunc(a.Meshes, b.Meshes, codec.StaticMesh.Same) },
		Clone: func(s codec.Section) codec.Section { return codec.Section{Meshes: slices.Clone(s.Meshes)} }}
	visibilityValue = &document.Value[*state, *codec.Visibility]{Kind: KindVisibility,
		Size:  func(v *codec.Visibility) int { return 16 + visibilityBytes(v) },
		Field: func(s *state) **codec.Visibility { return &s.Visibility },
		Same: func(a, b *codec.Visibility) bool {
			return a == b || a != nil && b != nil && a.Stride == b.Stride && a.Count == b.Count && bytes.Equal(a.Data, b.Data)
		},
		Clone: func(v *codec.Visibility) *codec.Visibility {
			if v == nil {
				return nil
			}
			c := *v
			c.Data = slices.Clone(v.Data)
			return &c
		}}
	staleValue = &document.Value[*state, bool]{Kind: KindVisibility, Size: func(bool) int { return 1 },
		Field: func(s *state) *bool { return &s.staleVisibility }, Same: func(a, b bool) bool { return a == b }}
)

func visibilityBytes(v *codec.Visibility) int {
	if v == nil {
		return 0
	}
	return len(v.Data)
}

// edit is one edit of the map in the making.
type edit struct {
	*document.Edit[*state]
	d *Document
	m *codec.Map
}

func (d *Document) begin() *edit {
	return &edit{Edit: document.Begin(&d.Core, level, d.state), d: d, m: d.Map}
}

// addRecord appends v to t in one step described as description and its
// index, and returns the index.
func addRecord[T any](d *Document, t *table[T], v T, description string) (int, error) {
	e := d.begin()
	document.TouchEnd(e.Edit, t)
	s := t.Slice(d.state)
	i := len(*s)
	*s = append(*s, v)
	e.Born[t.Kind] = append(e.Born[t.Kind], i)
	return i, e.Commit(fmt.Sprintf("%s %d", description, i), "")
}

// describe names one entity or a count of them: "actor 3", "4 actors".
func describe(kind string, indexes []int) string {
	if len(indexes) == 1 {
		return fmt.Sprintf("%s %d", kind, indexes[0])
	}
	return fmt.Sprintf("%d %s", len(indexes), plural(kind))
}

// editDescription is description, or when that is "" the description of
// an edit of kind's records indexes that names the fields that changed
// from befores to afters ("Edit sector set 4: Music").
func editDescription[T any](description, kind string, indexes []int, befores, afters []T) string {
	if description != "" {
		return description
	}
	return document.EditDescription(describe(kind, indexes), document.ChangedFields(befores, afters))
}

// plural is the plural of an entity kind.
func plural(kind string) string {
	switch {
	case kind == "vertex":
		return "vertices"
	case strings.HasSuffix(kind, "sh"):
		return kind + "es"
	}
	return kind + "s"
}

// checkIndexes refuses an empty list, indexes outside 0..n-1 and repeats.
func checkIndexes(kind string, indexes []int, n int) error {
	if len(indexes) == 0 {
		return fmt.Errorf("no %s given", kind)
	}
	seen := map[int]bool{}
	for _, i := range indexes {
		if err := checkIndex(kind, i, n); err != nil {
			return err
		}
		if seen[i] {
			return fmt.Errorf("%s %d is given twice", kind, i)
		}
		seen[i] = true
	}
	return nil
}

// checkIndex refuses an index outside 0..n-1, naming the valid range.
func checkIndex(kind string, i, n int) error {
	if i >= 0 && i < n {
		return nil
	}
	if n == 0 {
		return fmt.Errorf("the map has no %s %d: it has none", kind, i)
	}
	return fmt.Errorf("the map has no %s %d: its %s are 0 to %d", kind, i, plural(kind), n-1)
}

// roomFor refuses adding more records of kind to a table of n than the
// format can hold.
func roomFor(kind string, n, more int) error {
	limit := codec.MaxIndexed
	if kind == "actor" || kind == "static mesh" {
		limit = codec.MaxPlaced
	}
	if n+more > limit {
		return fmt.Errorf("the map holds %d %s, and the format at most %d", n, plural(kind), limit)
	}
	return nil
}

// area is a part of the map in XY: an axis-aligned rectangle, and when
// sectors were added, only the points of their triangles within it.
type area struct {
	lo, hi    codec.XY
	set       bool
	triangles [][3]codec.XY
	grid      *triangleGrid // the triangles by cell, once indexed
}

func (a *area) add(p codec.Vec3) {
	if !a.set {
		a.lo, a.hi, a.set = codec.XY{X: p.X, Y: p.Y}, codec.XY{X: p.X, Y: p.Y}, true
		return
	}
	a.lo.X, a.lo.Y = min(a.lo.X, p.X), min(a.lo.Y, p.Y)
	a.hi.X, a.hi.Y = max(a.hi.X, p.X), max(a.hi.Y, p.Y)
}

func (a area) holds(p codec.Vec3) bool {
	if !a.set || p.X < a.lo.X || p.X > a.hi.X || p.Y < a.lo.Y || p.Y > a.hi.Y {
		return false
	}
	if a.triangles == nil {
		return true
	}
	if a.grid != nil {
		return slices.ContainsFunc(a.grid.at(p), func(t int32) bool { return inTriangle(a.triangles[t], p) })
	}
	return slices.ContainsFunc(a.triangles, func(t [3]codec.XY) bool { return inTriangle(t, p) })
}

// indexed is a with its triangles sorted into a grid when they are
// many, so that holds tests only those near the point: a Brush dab's
// area holds hundreds of sectors, and each actor and mesh of the map
// is tested against it.
func (a area) indexed() area {
	const few = 32
	w, h := float64(a.hi.X)-float64(a.lo.X), float64(a.hi.Y)-float64(a.lo.Y)
	if len(a.triangles) > few && a.grid == nil && !math.IsInf(w+h, 0) && !math.IsNaN(w+h) {
		a.grid = newTriangleGrid(a.lo, a.hi, a.triangles)
	}
	return a
}

// triangleGrid lists, for each cell of a grid over an area's box, the
// triangles whose boxes reach into it.
type triangleGrid struct {
	lo         codec.XY
	cell       float64 // a cell's side
	cols, rows int
	cells      [][]int32
}

func newTriangleGrid(lo, hi codec.XY, triangles [][3]codec.XY) *triangleGrid {
	w, h := float64(hi.X)-float64(lo.X), float64(hi.Y)-float64(lo.Y)
	// About one triangle a cell, in at most 256 cells a side.
	side := max(w, h, 1) / min(256, max(1, math.Ceil(math.Sqrt(float64(len(triangles))))))
	g := &triangleGrid{lo: lo, cell: side, cols: int(w/side) + 1, rows: int(h/side) + 1}
	g.cells = make([][]int32, g.cols*g.rows)
	for i, t := range triangles {
		x0, y0 := g.cellOf(min(t[0].X, t[1].X, t[2].X), min(t[0].Y, t[1].Y, t[2].Y))
		x1, y1 := g.cellOf(max(t[0].X, t[1].X, t[2].X), max(t[0].Y, t[1].Y, t[2].Y))
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				g.cells[y*g.cols+x] = append(g.cells[y*g.cols+x], int32(i))
			}
		}
	}
	return g
}

// cellOf is the cell that holds (x, y), clamped to the grid.
func (g *triangleGrid) cellOf(x, y float32) (col, row int) {
	col = int((float64(x) - float64(g.lo.X)) / g.cell)
	row = int((float64(y) - float64(g.lo.Y)) / g.cell)
	return min(max(col, 0), g.cols-1), min(max(row, 0), g.rows-1)
}

// at lists the triangles that may hold p.
func (g *triangleGrid) at(p codec.Vec3) []int32 {
	col, row := g.cellOf(p.X, p.Y)
	return g.cells[row*g.cols+col]
}

// inTriangle reports whether p lies in t in XY, its edges included,
// whichever way t winds.
func inTriangle(t [3]codec.XY, p codec.Vec3) bool {
	var sides [3]float64
	for j := range 3 {
		a, b := t[j], t[(j+1)%3]
		sides[j] = (float64(b.X)-float64(a.X))*(float64(p.Y)-float64(a.Y)) - (float64(b.Y)-float64(a.Y))*(float64(p.X)-float64(a.X))
	}
	return sides[0] >= 0 && sides[1] >= 0 && sides[2] >= 0 || sides[0] <= 0 && sides[1] <= 0 && sides[2] <= 0
}

// addSector adds sector i's triangle, as its corners are now, to a. An
// edit adds each sector it reshapes before and after, so that what
// stood on it either way is found again, and nothing else: the same
// whether the edit moves its vertices at once or one by one (as import
// does).
func (e *edit) addSector(a *area, i int) {
	var t [3]codec.XY
	for j, v := range e.m.Sectors[i].Vertices {
		if int(v) >= len(e.m.Vertices) {
			return
		}
		p := e.m.Vertices[v].Position
		a.add(p)
		t[j] = codec.XY{X: p.X, Y: p.Y}
	}
	a.triangles = append(a.triangles, t)
}

// resector recomputes, with locate, the sector of every actor standing
// in a, and of every static mesh there whose sector can no longer be the
// closest to it (codec.Map.MeshSectorWrong): a mesh's sector is the one
// its writer found closest, which an edit keeps while it may still be.
// It returns the meshes whose sector changed.
func (e *edit) resector(a area, locate func(codec.Vec3) int) (meshes []int) {
	if !a.set {
		return nil
	}
	a = a.indexed()
	actor := func(sector int32, p codec.Vec3) int32 {
		if a.holds(p) {
			return int32(locate(p))
		}
		return sector
	}
	return e.setStandingSectors(actor, func(sector int32, p codec.Vec3) int32 {
		if !a.holds(p) {
			return sector
		}
		if under := locate(p); e.m.MeshSectorWrong(sector, p, under) {
			return int32(under)
		}
		return sector
	})
}

// setStandingSectors gives every actor the sector actor returns for its
// sector and origin, and every static mesh the one mesh returns; it
// returns the meshes whose sector changed.
func (e *edit) setStandingSectors(actor, mesh func(sector int32, origin codec.Vec3) int32) (meshes []int) {
	for i := range e.m.Actors {
		if s := actor(e.m.Actors[i].Sector, e.m.Actors[i].Origin); s != e.m.Actors[i].Sector {
			document.TouchAt(e.Edit, actorsTable, i)
			e.m.Actors[i].Sector = s
		}
	}
	g := 0
	for si := range e.m.Sections {
		for j := range e.m.Sections[si].Meshes {
			sm := &e.m.Sections[si].Meshes[j]
			if s := mesh(sm.Sector, sm.Origin); s != sm.Sector {
				document.TouchAt(e.Edit, sectionsTable, si)
				sm.Sector = s
				meshes = append(meshes, g)
			}
			g++
		}
	}
	return meshes
}

// withMeshSectors is a step's description, naming the static meshes
// whose sector the step sets too.
func withMeshSectors(description string, meshes []int) string {
	if len(meshes) == 0 {
		return description
	}
	return description + ", and the sector of " + describe("static mesh", meshes)
}

// staleVisibility marks the visibility tables as made for another
// geometry, on maps that have them.
func (e *edit) staleVisibility() {
	if e.m.Visibility != nil && !e.d.state.staleVisibility {
		document.TouchValue(e.Edit, staleValue)
		e.d.state.staleVisibility = true
	}
}

// remapVisibility rewrites the visibility tables for new rows (sectors)
// and columns (static meshes): rows[i] is the old row of new row i and
// cols[j] the old column of new mesh j, -1 for a new one, which is
// visible (the conservative answer); nil keeps them as they are. The
// tables are then stale.
func (e *edit) remapVisibility(rows, cols []int) {
	old := e.m.Visibility
	if old == nil {
		return
	}
	e.staleVisibility()
	if rows == nil {
		rows = identity(int(old.Count))
	}
	keepCols := cols == nil // rows are copied whole when the stride stays too
	if keepCols {
		cols = identity(e.m.MeshCount())
	}
	v := &codec.Visibility{Stride: codec.VisibilityStride(len(cols)), Count: uint32(len(rows))}
	v.Data = make([]byte, int(v.Stride)*len(rows))
	sameCols := keepCols && v.Stride == old.Stride
	for r, from := range rows {
		switch {
		case from >= 0 && sameCols:
			if start := from * int(old.Stride); start < len(old.Data) {
				copy(v.Data[r*int(v.Stride):(r+1)*int(v.Stride)], old.Data[start:])
			}
		default:
			for c, was := range cols {
				v.SetVisible(r, c, from < 0 || was < 0 || old.Visible(from, was))
			}
		}
	}
	document.TouchValue(e.Edit, visibilityValue)
	e.m.Visibility = v
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
