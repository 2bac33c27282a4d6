package marathon

import (
	"image/color"
	"maps"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// worldUnit is a Marathon world unit in map units.
const worldUnit = 1024

// Marathon object types, by the OBJS type field.
var marathonObjects = []struct {
	shape viewport.Shape
	color color.NRGBA
}{
	0: {viewport.Triangle, color.NRGBA{230, 70, 60, 255}},  // monster
	1: {viewport.Diamond, color.NRGBA{150, 150, 150, 255}}, // scenery
	2: {viewport.Square, color.NRGBA{90, 210, 90, 255}},    // item
	3: {viewport.Circle, color.NRGBA{80, 150, 255, 255}},   // player start
	4: {viewport.Circle, color.NRGBA{240, 200, 60, 255}},   // goal
	5: {viewport.Diamond, color.NRGBA{200, 120, 230, 255}}, // sound source
}

// levelScene builds the scene of Marathon map level l (the file's entry
// level): polygons coloured by floor height, lines by kind (solid,
// transparent, landscape, open), objects by type with their facing, and
// in 3D the floors, ceilings and walls.
func levelScene(l *codec.Level, level int) *scene.Scene {
	return scene.New(&marathonLevel{l: l, level: level}, true)
}

// marathonLevel draws a Marathon level.
type marathonLevel struct {
	l      *codec.Level
	level  int
	lo, hi float64 // the range of floor heights, which the colours span
}

// Build sets the background and grid and draws every entity of the level.
func (m *marathonLevel) Build(s *scene.Scene) {
	s.List.Background = scene.Background
	s.List.Grid = &viewport.Grid{Spacing: worldUnit, Color: scene.GridColor}
	m.lo, m.hi = m.heights()
	for i := range m.l.Polygons {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindPolygon, Index: i})
	}
	for i := range m.l.Lines {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindLine, Index: i})
	}
	for i := range m.l.Objects {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindObject, Index: i})
	}
}

func (m *marathonLevel) heights() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range m.l.Polygons {
		lo, hi = min(lo, float64(p.FloorHeight)), max(hi, float64(p.FloorHeight))
	}
	return lo, hi
}

func (m *marathonLevel) point(i uint16) (viewport.Vec2, bool) {
	p, ok := m.l.Vertex(i)
	return viewport.Vec2{X: float64(p.X), Y: float64(p.Y)}, ok
}

// Draw appends the items of one entity.
func (m *marathonLevel) Draw(s *scene.Scene, r document.Ref) {
	switch r.Kind {
	case mdoc.KindPolygon:
		p := m.l.Polygons[r.Index]
		var pts []viewport.Vec2
		for _, v := range p.Endpoints[:min(p.VertexCount, 8)] {
			if q, ok := m.point(v); ok {
				pts = append(pts, q)
			}
		}
		c := scene.HeightColor(scene.Span(float64(p.FloorHeight), m.lo, m.hi))
		id := s.ID(m.level, mdoc.KindPolygon, r.Index)
		s.List.Polygons = append(s.List.Polygons, viewport.Polygon{Points: pts, Fill: c, ID: id})
		polygon3D(s, pts, p, c, id)
	case mdoc.KindLine:
		line := m.l.Lines[r.Index]
		a, okA := m.point(line.Endpoints[0])
		b, okB := m.point(line.Endpoints[1])
		if !okA || !okB {
			return
		}
		c, width := scene.OpenColor, 1.0
		switch {
		case line.Flags&codec.LineLandscape != 0:
			c, width = scene.SkyColor, 2
		case line.Flags&codec.LineSolid != 0:
			c, width = scene.WallColor, 2
		case line.Flags&codec.LineTransparent == 0:
			c, width = scene.GlassColor, 2
		}
		id := s.ID(m.level, mdoc.KindLine, r.Index)
		s.List.Lines = append(s.List.Lines, viewport.Line{A: a, B: b, Width: width, Color: c, ID: id})
		wall3D(s, m.l, line, a, b, id)
	case mdoc.KindObject:
		o := m.l.Objects[r.Index]
		kind := marathonObjects[min(max(int(o.Type), 0), len(marathonObjects)-1)]
		heading := float64(o.Facing) * 2 * math.Pi / 512
		if o.Type == 1 || o.Type == 5 { // scenery and sounds face nowhere
			heading = viewport.NoHeading
		}
		s.List.Markers = append(s.List.Markers, viewport.Marker{At: viewport.Vec2{X: float64(o.X), Y: float64(o.Y)},
			Shape: kind.shape, Size: 9, Heading: heading, Color: kind.color, ID: s.ID(m.level, mdoc.KindObject, r.Index)})
	}
}

// redrawnKinds are the kinds of change the scene redraws from; changes
// of the level's other kinds leave it as it is.
var redrawnKinds = []document.Kind{mdoc.KindEndpoint, mdoc.KindPolygon, mdoc.KindLine, mdoc.KindObject}

// affected: a moved endpoint redraws its lines and polygons; a polygon
// its own items and its lines' walls, whose heights it gives; lines and
// objects themselves. A change of the floor heights' range recolours
// every polygon; entities that came or went rebuild the scene.
func (m *marathonLevel) Affected(changes []undo.Change) ([]document.Ref, bool) {
	byKind, whole := scene.Changed(changes, m.level)
	if slices.ContainsFunc(redrawnKinds, func(k document.Kind) bool { return whole[k] }) {
		return nil, true
	}
	polys, lineSet := map[int]bool{}, map[int]bool{}
	for _, e := range byKind[mdoc.KindEndpoint] {
		for li, line := range m.l.Lines {
			if int(line.Endpoints[0]) == e || int(line.Endpoints[1]) == e {
				lineSet[li] = true
			}
		}
		for pi, p := range m.l.Polygons {
			if slices.Contains(p.Endpoints[:min(p.VertexCount, 8)], uint16(e)) {
				polys[pi] = true
			}
		}
	}
	for _, pi := range byKind[mdoc.KindPolygon] {
		polys[pi] = true
		if pi < len(m.l.Polygons) {
			p := m.l.Polygons[pi]
			for _, li := range p.Lines[:min(p.VertexCount, 8)] {
				lineSet[int(li)] = true
			}
		}
	}
	if len(byKind[mdoc.KindPolygon]) > 0 {
		if lo, hi := m.heights(); lo != m.lo || hi != m.hi {
			return nil, true
		}
	}
	for _, li := range byKind[mdoc.KindLine] {
		lineSet[li] = true
	}
	var refs []document.Ref
	add := func(kind document.Kind, set map[int]bool) {
		for _, i := range slices.Sorted(maps.Keys(set)) {
			refs = append(refs, document.Ref{Level: m.level, Kind: kind, Index: i})
		}
	}
	add(mdoc.KindPolygon, polys)
	add(mdoc.KindLine, lineSet)
	for _, oi := range byKind[mdoc.KindObject] {
		refs = append(refs, document.Ref{Level: m.level, Kind: mdoc.KindObject, Index: oi})
	}
	return refs, false
}

// polygon3D adds a polygon's floor (facing up) and ceiling (facing
// down) as triangle fans. Heights are in map units, as X and Y are.
func polygon3D(s *scene.Scene, pts []viewport.Vec2, p codec.Polygon, c color.NRGBA, id viewport.ID) {
	ceiling := color.NRGBA{c.R / 2, c.G / 2, c.B / 2, 255}
	for i := 1; i+1 < len(pts); i++ {
		for _, layer := range []struct {
			z  float64
			c  color.NRGBA
			up bool
		}{{float64(p.FloorHeight), c, true}, {float64(p.CeilingHeight), ceiling, false}} {
			s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(layer.up, id, layer.c,
				at3(pts[0], layer.z), at3(pts[i], layer.z), at3(pts[i+1], layer.z)))
		}
	}
}

// at3 places a map point (Y growing south) at height z in the 3D view's
// space (Y growing north).
func at3(q viewport.Vec2, z float64) viewport.Vec3 { return viewport.Vec3{X: q.X, Y: -q.Y, Z: z} }

// wall3D adds the wall a line shows: floor to ceiling for a line with
// one polygon, and the steps between two polygons' floors and ceilings.
func wall3D(s *scene.Scene, l *codec.Level, line codec.Line, a, b viewport.Vec2, id viewport.ID) {
	var polys []codec.Polygon
	for _, pi := range []uint16{line.ClockwisePoly, line.CCWPoly} {
		if int(pi) < len(l.Polygons) {
			polys = append(polys, l.Polygons[pi])
		}
	}
	quad := func(z0, z1 float64) { s.WallQuad(at3(a, z0), at3(b, z0), z1-z0, id) }
	switch len(polys) {
	case 1:
		quad(float64(polys[0].FloorHeight), float64(polys[0].CeilingHeight))
	case 2:
		f0, f1 := float64(polys[0].FloorHeight), float64(polys[1].FloorHeight)
		c0, c1 := float64(polys[0].CeilingHeight), float64(polys[1].CeilingHeight)
		quad(min(f0, f1), max(f0, f1))
		quad(min(c0, c1), max(c0, c1))
	}
}
