package turok

import (
	"fmt"
	"math"
	"slices"
	"strings"

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
// refuses the whole edit. Actors and static meshes standing over a
// sector whose floor changes follow it, keeping their height above it
// at their origin (the step's description counts them); then the ones
// over the sectors whose floors change get the sector under them again
// (of stacked sectors, the one whose floor is nearest them). The
// visibility tables, made for the old terrain, are stale.
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
	if field == Floor {
		added := map[int32]bool{} // a height moves no corner in XY: each sector once
		for k, v := range indexes {
			if *field.Of(&m.Vertices[v]) != heights[k] {
				for _, s := range g.sectorsOf[v] {
					if !added[s] {
						added[s] = true
						e.addSector(&a, int(s))
					}
				}
			}
		}
	}
	on := e.standing(a, g.locator.SectorAt)
	for k, v := range indexes {
		if *field.Of(&m.Vertices[v]) == heights[k] {
			continue
		}
		document.TouchAt(e.Edit, verticesTable, v)
		*field.Of(&m.Vertices[v]) = heights[k]
	}
	followed, moved, err := e.follow(on)
	if err != nil {
		e.Rollback()
		return err
	}
	meshes := e.resector(a, g.locator.SectorAt)
	if e.Touched(verticesTable) {
		e.staleVisibility()
	}
	switch {
	case moved == 1:
		description += "; " + followed + " follows the floor"
	case moved > 1:
		description += "; " + followed + " follow the floor"
	}
	return e.Commit(withMeshSectors(description, meshes), mergeKey)
}

// stander is an actor (mesh -1) or a static mesh (mesh of section,
// number index across the map, actor -1) standing over a sector, with
// that sector's floor under its origin.
type stander struct {
	actor, section, mesh, index int
	sector                      int
	floor                       float32
}

// origin is where s stands, and its bounding box, in the map.
func (e *edit) origin(s stander) (origin, lo, hi *codec.Vec3) {
	if s.actor >= 0 {
		a := &e.m.Actors[s.actor]
		return &a.Origin, &a.BoundsMin, &a.BoundsMax
	}
	mesh := &e.m.Sections[s.section].Meshes[s.mesh]
	return &mesh.Origin, &mesh.BoundsMin, &mesh.BoundsMax
}

// standing lists the actors and static meshes whose origins a holds,
// each with the sector locate finds under it and that sector's floor
// there.
func (e *edit) standing(a area, locate func(codec.Vec3) int) []stander {
	if !a.set {
		return nil
	}
	a = a.indexed()
	var out []stander
	add := func(s stander) {
		o, _, _ := e.origin(s)
		if !a.holds(*o) {
			return
		}
		if s.sector = locate(*o); s.sector >= 0 {
			s.floor, _ = e.m.FloorAt(s.sector, o.X, o.Y)
			out = append(out, s)
		}
	}
	for i := range e.m.Actors {
		add(stander{actor: i, section: -1, mesh: -1, index: i})
	}
	g := 0
	for si, sec := range e.m.Sections {
		for j := range sec.Meshes {
			add(stander{actor: -1, section: si, mesh: j, index: g})
			g++
		}
	}
	return out
}

// follow moves each of on up or down as far as the floor under it moved,
// its bounding box with it, and names ("2 actors and static mesh 7") and
// counts what moved. It refuses a height past the engine's range,
// naming the actor or mesh.
func (e *edit) follow(on []stander) (names string, moved int, err error) {
	var actors, meshes []int
	for _, s := range on {
		o, lo, hi := e.origin(s)
		floor, _ := e.m.FloorAt(s.sector, o.X, o.Y)
		dz := floor - s.floor
		if dz == 0 {
			continue
		}
		if s.actor >= 0 {
			was := e.m.Actors[s.actor]
			document.TouchAt(e.Edit, actorsTable, s.actor)
			o.Z, lo.Z, hi.Z = o.Z+dz, lo.Z+dz, hi.Z+dz
			if err := e.m.Actors[s.actor].ValidateChange(&was); err != nil {
				return "", 0, fmt.Errorf("actor %d, following the floor: %w", s.index, err)
			}
			actors = append(actors, s.index)
			continue
		}
		was := e.m.Sections[s.section].Meshes[s.mesh]
		document.TouchAt(e.Edit, sectionsTable, s.section)
		o, lo, hi = e.origin(s) // touching may have copied the section's meshes
		o.Z, lo.Z, hi.Z = o.Z+dz, lo.Z+dz, hi.Z+dz
		if err := e.m.Sections[s.section].Meshes[s.mesh].ValidateChange(&was); err != nil {
			return "", 0, fmt.Errorf("static mesh %d, following the floor: %w", s.index, err)
		}
		meshes = append(meshes, s.index)
	}
	var parts []string
	if len(actors) > 0 {
		parts = append(parts, describe("actor", actors))
	}
	if len(meshes) > 0 {
		parts = append(parts, describe("static mesh", meshes))
	}
	return strings.Join(parts, " and "), len(actors) + len(meshes), nil
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

// BrushOp is what a brush does to the heights under it.
type BrushOp int

// The brushes.
const (
	// RaiseBrush adds the brush's amount, in world units.
	RaiseBrush BrushOp = iota
	// LowerBrush takes the amount away.
	LowerBrush
	// SmoothBrush moves each height toward its neighbours' mean, by the
	// amount as a strength from 0 to 1.
	SmoothBrush
	// FlattenBrush moves each height toward the mean of the heights
	// under the brush, by the amount as a strength from 0 to 1.
	FlattenBrush
	// SetBrush moves each height toward the amount, a height in world
	// units.
	SetBrush
)

// BrushOps are the brushes in order, for a choice of them.
var BrushOps = []BrushOp{RaiseBrush, LowerBrush, SmoothBrush, FlattenBrush, SetBrush}

// String names the brush.
func (o BrushOp) String() string {
	return [...]string{"Raise", "Lower", "Smooth", "Flatten", "Set"}[o]
}

// A Brush changes field of the vertices within Radius world units of a
// point in XY, each by its weight: 1 within the inner part of the
// radius, fading smoothly to 0 at its edge over the outer Falloff part
// of it (0: no fading; 1: fading from the centre).
type Brush struct {
	Op      BrushOp
	Field   HeightField
	Radius  float32
	Falloff float32
	// Amount is how far Raise and Lower move a height of weight 1, the
	// height Set moves heights to, and the strength (0 to 1) of Smooth
	// and Flatten.
	Amount float32
}

// Validate refuses a brush that cannot be applied: a radius that is not
// positive, a falloff or strength outside 0 to 1, an amount that is not
// a number.
func (b Brush) Validate() error {
	switch {
	case !(b.Radius > 0) || !finite(b.Radius):
		return fmt.Errorf("brush radius is %g, it must be a positive number", b.Radius)
	case !(b.Falloff >= 0 && b.Falloff <= 1):
		return fmt.Errorf("brush falloff is %g, it must be from 0 to 1", b.Falloff)
	case !finite(b.Amount):
		return fmt.Errorf("brush amount is %g, not a number", b.Amount)
	case (b.Op == SmoothBrush || b.Op == FlattenBrush) && !(b.Amount >= 0 && b.Amount <= 1):
		return fmt.Errorf("%s strength is %g, it must be from 0 to 1", b.Op, b.Amount)
	case b.Op < RaiseBrush || b.Op > SetBrush:
		return fmt.Errorf("brush %d is not one of the brushes", int(b.Op))
	}
	return nil
}

// weight is the brush's weight at distance dist from its centre.
func (b Brush) weight(dist float64) float64 {
	r := float64(b.Radius)
	inner := r * (1 - float64(b.Falloff))
	switch {
	case dist > r:
		return 0
	case dist <= inner:
		return 1
	}
	t := (r - dist) / (r - inner)
	return t * t * (3 - 2*t)
}

// Dab applies b once at (x, y) and returns the vertices it changed (none
// when no vertex lies under it). The dabs of one brush on one field
// merge into one step until BreakMerge, as the moves of a drag do: a
// stroke is one step. Actors and static meshes follow the floor, as
// setHeights says.
func (d *Document) Dab(b Brush, x, y float32) ([]int, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	m := d.Map
	var under []int
	var weights []float64
	for i, v := range m.Vertices {
		w := b.weight(math.Hypot(float64(v.Position.X-x), float64(v.Position.Y-y)))
		if w > 0 {
			under, weights = append(under, i), append(weights, w)
		}
	}
	if len(under) == 0 {
		return nil, nil
	}
	now := func(v int) float64 { return float64(*b.Field.Of(&m.Vertices[v])) }
	target := make([]float64, len(under)) // what each height moves toward at weight 1
	switch b.Op {
	case RaiseBrush, LowerBrush:
		sign := map[BrushOp]float64{RaiseBrush: 1, LowerBrush: -1}[b.Op]
		for k, v := range under {
			target[k] = now(v) + sign*float64(b.Amount)
		}
	case SetBrush:
		for k := range under {
			target[k] = float64(b.Amount)
		}
	case SmoothBrush:
		g := d.geo()
		for k, v := range under {
			target[k] = now(v)
			if ns := d.neighbours(g, v); len(ns) > 0 {
				var sum float64
				for _, w := range ns {
					sum += now(w)
				}
				target[k] += float64(b.Amount) * (sum/float64(len(ns)) - now(v))
			}
		}
	case FlattenBrush:
		var sum, total float64
		for k, v := range under {
			sum, total = sum+weights[k]*now(v), total+weights[k]
		}
		for k, v := range under {
			target[k] = now(v) + float64(b.Amount)*(sum/total-now(v))
		}
	}
	to := make(map[int]float32, len(under))
	for k, v := range under {
		to[v] = float32(now(v) + weights[k]*(target[k]-now(v)))
	}
	description := fmt.Sprintf("%s %s with a brush of radius %g", b.Op, b.Field.name(), b.Radius)
	err := d.setHeights(under, b.Field, description, fmt.Sprintf("brush %s %s", b.Op, b.Field), func(v int) float32 { return to[v] })
	if err != nil {
		return nil, err
	}
	return under, nil
}
