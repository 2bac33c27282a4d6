package turok

import (
	"fmt"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// HeightField is the height of a vertex an edit changes: the floor at
// the corner (Position.Z) or the ceiling above it (Height).
type HeightField int

// The heights of a vertex.
const (
	Floor HeightField = iota
	Ceiling
)

// String names the field as the record does.
func (f HeightField) String() string {
	if f == Ceiling {
		return "Height"
	}
	return "Position.Z"
}

// name is the field in words, for step descriptions.
func (f HeightField) name() string {
	if f == Ceiling {
		return "ceiling"
	}
	return "floor"
}

// Of is the field of v.
func (f HeightField) Of(v *codec.Vertex) *float32 {
	if f == Ceiling {
		return &v.Height
	}
	return &v.Position.Z
}

// defaultCeiling is the ceiling height above the floor of a vertex added
// to a map without vertices, as codec.NewMap makes them.
const defaultCeiling = 512

// SetVertexHeights sets field of the vertices to height, in one step. A
// height that is not a number or beyond codec.MaxCoordinate is refused.
func (d *Document) SetVertexHeights(indexes []int, field HeightField, height float32) error {
	return d.setHeights(indexes, field, fmt.Sprintf("Set %s of %s to %g", field.name(), describe("vertex", indexes), height), "",
		func(int) float32 { return height })
}

// RaiseVertices adds delta (negative: lowers) to field of the vertices,
// in one step; the raises of the same vertices merge into one step until
// BreakMerge, as the moves of a drag do.
func (d *Document) RaiseVertices(indexes []int, field HeightField, delta float32) error {
	if !finite(delta) {
		return fmt.Errorf("raise %s by %g: not a number", field, delta)
	}
	return d.setHeights(indexes, field, fmt.Sprintf("Raise %s of %s", field.name(), describe("vertex", indexes)),
		fmt.Sprintf("raise %s %v", field, indexes), func(v int) float32 { return *field.Of(&d.Map.Vertices[v]) + delta })
}

// FlattenVertices sets field of the vertices to their mean, in one step
// (SetVertexHeights sets them to a given height).
func (d *Document) FlattenVertices(indexes []int, field HeightField) error {
	if err := checkIndexes("vertex", indexes, len(d.Map.Vertices)); err != nil {
		return err
	}
	var sum float64
	for _, v := range indexes {
		sum += float64(*field.Of(&d.Map.Vertices[v]))
	}
	mean := float32(sum / float64(len(indexes)))
	return d.setHeights(indexes, field, fmt.Sprintf("Flatten %s of %s", field.name(), describe("vertex", indexes)), "",
		func(int) float32 { return mean })
}

// SmoothVertices moves field of each vertex toward the mean of its
// neighbours' (the other corners of the sectors that use it), by
// strength: 0 leaves it, 1 puts it at the mean. Every vertex moves from
// the heights before the step, so that their order does not matter; a
// vertex no sector uses stays. Strength must be from 0 to 1.
func (d *Document) SmoothVertices(indexes []int, field HeightField, strength float32) error {
	if !(strength >= 0 && strength <= 1) {
		return fmt.Errorf("smoothing strength is %g, it must be from 0 to 1", strength)
	}
	if err := checkIndexes("vertex", indexes, len(d.Map.Vertices)); err != nil {
		return err
	}
	m, g := d.Map, d.geo()
	to := make(map[int]float32, len(indexes))
	for _, v := range indexes {
		var sum float64
		var n int
		for _, w := range d.neighbours(g, v) {
			sum += float64(*field.Of(&m.Vertices[w]))
			n++
		}
		was := *field.Of(&m.Vertices[v])
		to[v] = was
		if n > 0 {
			to[v] = was + strength*(float32(sum/float64(n))-was)
		}
	}
	return d.setHeights(indexes, field, fmt.Sprintf("Smooth %s of %s", field.name(), describe("vertex", indexes)), "",
		func(v int) float32 { return to[v] })
}

// neighbours lists the vertices that share a sector with vertex v, once
// each.
func (d *Document) neighbours(g *geometry, v int) []int {
	var out []int
	for _, s := range g.sectorsOf[v] {
		for _, w := range d.Map.Sectors[s].Vertices {
			if int(w) != v && !slices.Contains(out, int(w)) {
				out = append(out, int(w))
			}
		}
	}
	return out
}

// setHeights gives field of each vertex the height height returns for
// it, in one step described as description (merging with the last step
// of the same mergeKey, when not ""). A height the engine cannot load
// refuses the whole edit. Actors and meshes over the sectors whose
// floors change get the sector under them again (of stacked sectors,
// the one whose floor is nearest them); the visibility tables, made for
// the old terrain, are stale.
func (d *Document) setHeights(indexes []int, field HeightField, description, mergeKey string, height func(v int) float32) error {
	m := d.Map
	if err := checkIndexes("vertex", indexes, len(m.Vertices)); err != nil {
		return err
	}
	heights := make([]float32, len(indexes))
	for k, v := range indexes {
		vertex := m.Vertices[v]
		heights[k] = height(v)
		*field.Of(&vertex) = heights[k]
		if err := vertex.ValidateChange(&m.Vertices[v]); err != nil {
			return fmt.Errorf("vertex %d: %w", v, err)
		}
	}
	e := d.begin()
	g := d.geo()
	var a area
	for k, v := range indexes {
		if *field.Of(&m.Vertices[v]) == heights[k] {
			continue
		}
		document.TouchAt(e.Edit, verticesTable, v)
		*field.Of(&m.Vertices[v]) = heights[k]
		if field == Floor {
			for _, s := range g.sectorsOf[v] {
				e.addSector(&a, int(s))
			}
		}
	}
	meshes := e.resector(a, g.locator.SectorAt)
	if e.Touched(verticesTable) {
		e.staleVisibility()
	}
	return e.Commit(withMeshSectors(description, meshes), mergeKey)
}

// NewVertexAt is a vertex at (x, y) on the terrain there, which a new
// sector's corner takes: its floor and ceiling heights are those of the
// sector under the point, interpolated between its corners (of stacked
// sectors, the one whose floor is nearest 0), or those of the nearest
// vertex when no sector is under it; on a map without vertices, a floor
// at 0 and a ceiling 512 above it.
func (d *Document) NewVertexAt(x, y float32) codec.Vertex {
	m := d.Map
	v := codec.Vertex{Position: codec.Vec3{X: x, Y: y}, Height: defaultCeiling}
	if s := d.geo().locator.SectorAt(codec.Vec3{X: x, Y: y}); s >= 0 {
		if w, ok := weights(m, s, x, y); ok {
			var floor, ceiling float64
			for k, c := range m.Sectors[s].Vertices {
				floor += w[k] * float64(m.Vertices[c].Position.Z)
				ceiling += w[k] * float64(m.Vertices[c].Height)
			}
			v.Position.Z, v.Height = float32(floor), float32(ceiling)
			return v
		}
	}
	best, bestDist := -1, math.Inf(1)
	for i, w := range m.Vertices {
		if dist := math.Hypot(float64(w.Position.X-x), float64(w.Position.Y-y)); dist < bestDist {
			best, bestDist = i, dist
		}
	}
	if best >= 0 {
		v.Position.Z, v.Height = m.Vertices[best].Position.Z, m.Vertices[best].Height
	}
	return v
}

// weights are the barycentric weights of (x, y) in sector s's triangle,
// by corner; ok is false for a triangle flat in XY.
func weights(m *codec.Map, s int, x, y float32) (w [3]float64, ok bool) {
	var p [3]codec.Vec3
	for k, c := range m.Sectors[s].Vertices {
		p[k] = m.Vertices[c].Position
	}
	bx, by := float64(p[1].X-p[0].X), float64(p[1].Y-p[0].Y)
	cx, cy := float64(p[2].X-p[0].X), float64(p[2].Y-p[0].Y)
	px, py := float64(x-p[0].X), float64(y-p[0].Y)
	det := bx*cy - by*cx
	if det == 0 {
		return w, false
	}
	u, v := (px*cy-py*cx)/det, (bx*py-by*px)/det
	return [3]float64{1 - u - v, u, v}, true
}

func finite(f float32) bool { return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) }
