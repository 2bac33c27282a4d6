package marathon

import (
	"image/color"
	"maps"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
)

// worldUnit is a Marathon world unit in map units.
const worldUnit = 1024

// Marathon object types, by the OBJS type field: their layer (name,
// colour and glyph) and marker shape. Monsters and player starts face
// their way; the others face nowhere.
var marathonObjects = []struct {
	layer  scene.Layer
	shape  display.Shape
	facing bool
}{
	0: {scene.Layer{Name: "Monsters", Color: color.NRGBA{230, 70, 60, 255}, Shape: scene.TriangleGlyph}, display.Triangle, true},
	1: {scene.Layer{Name: "Scenery", Color: color.NRGBA{150, 150, 150, 255}, Shape: scene.DiamondGlyph}, display.Diamond, false},
	2: {scene.Layer{Name: "Items", Color: color.NRGBA{90, 210, 90, 255}, Shape: scene.SquareGlyph}, display.Square, false},
	3: {scene.Layer{Name: "Player starts", Color: color.NRGBA{80, 150, 255, 255}, Shape: scene.TriangleGlyph}, display.Triangle, true},
	4: {scene.Layer{Name: "Goals", Color: color.NRGBA{240, 200, 60, 255}, Shape: scene.CircleGlyph}, display.Circle, false},
	5: {scene.Layer{Name: "Sound sources", Color: color.NRGBA{200, 120, 230, 255}, Shape: scene.DiamondGlyph}, display.Diamond, false},
}

var (
	linkColor       = color.NRGBA{120, 230, 230, 255}
	annotationColor = color.NRGBA{250, 250, 210, 255}
)

// levelScene builds the scene of Marathon map level l (the file's entry
// level): polygons coloured by the draw mode (floor height first), or
// textured in the texture modes, lines by kind (solid, transparent,
// landscape, open), objects by type turned to their facing, links from
// teleporters and platform triggers to their targets, annotations, and
// in 3D the floors, ceilings, sides, liquids and objects, textured and
// lit as the level starts when the Shapes file has their textures.
// shapes gives that file's pictures (nil, or a nil shapes: none); each
// build asks it again, so that a Shapes file set in the Settings draws
// the level built again.
func levelScene(l *codec.Level, level int, shapes func() *graphics) *scene.Scene {
	return scene.New(&marathonLevel{l: l, level: level, shapes: shapes}, true)
}

// marathonLevel draws a Marathon level.
type marathonLevel struct {
	l      *codec.Level
	level  int
	shapes func() *graphics
	// filter is the height filter that says which polygons the map
	// shows; nil shows every one.
	filter func() heightFilter
	gfx    *graphics // shapes' answer at the last build
	mode   polygonMode
	// lo and hi are the range of the mode's values, which a gradient
	// spans.
	lo, hi float64
}

// Build sets the background and grid and draws every entity of the
// level. The 3D view's sky is the level's landscape, when the Shapes
// file has it.
func (m *marathonLevel) Build(s *scene.Scene) {
	s.List.Background = scene.Background
	s.List.Grid = &display.Grid{Spacing: worldUnit, Color: scene.GridColor}
	m.gfx = nil
	if m.shapes != nil {
		m.gfx = m.shapes()
	}
	m.mode = modeNamed(s.ModeName())
	if c, ok := m.skyColor(); ok {
		s.List.Sky = c
	}
	m.lo, m.hi = m.span(m.mode)
	for i := range m.l.Polygons {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindPolygon, Index: i})
	}
	for i := range m.l.Lines {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindLine, Index: i})
	}
	for i := range m.l.Sides {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindSide, Index: i})
	}
	for i := range m.l.Objects {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindObject, Index: i})
	}
	for i := range m.l.Notes {
		s.Entity(document.Ref{Level: m.level, Kind: mdoc.KindAnnotation, Index: i})
	}
}

// Layers are the object types, links and annotations.
func (m *marathonLevel) Layers() []scene.Layer {
	var out []scene.Layer
	for _, o := range marathonObjects {
		out = append(out, o.layer)
	}
	return append(out, scene.Layer{Name: scene.LinksLayer, Color: linkColor, Shape: scene.LineGlyph},
		scene.Layer{Name: scene.AnnotationsLayer})
}

func (m *marathonLevel) point(i uint16) (display.Vec2, bool) {
	p, ok := m.l.Vertex(i)
	return display.Vec2{X: float64(p.X), Y: float64(p.Y)}, ok
}

// Draw appends the items of one entity.
func (m *marathonLevel) Draw(s *scene.Scene, r document.Ref) {
	if !m.drawn(r) {
		return
	}
	switch r.Kind {
	case mdoc.KindPolygon:
		p := m.l.Polygons[r.Index]
		var pts []display.Vec2
		for _, v := range p.Endpoints[:min(p.VertexCount, 8)] {
			if q, ok := m.point(v); ok {
				pts = append(pts, q)
			}
		}
		c := m.color(p)
		id := s.ID(m.level, mdoc.KindPolygon, r.Index)
		poly := display.Polygon{Points: pts, Fill: c, ID: id}
		if m.mode.surface != nil {
			if tex, uv, light, ok := m.paint(s, m.mode.surface(p)); ok {
				poly.Texture, poly.UV, poly.Fill = tex, uv, light
			}
		}
		s.List.Polygons = append(s.List.Polygons, poly)
		m.flat3D(s, pts, floorOf(p), true, c, id)
		m.flat3D(s, pts, ceilingOf(p), false, color.NRGBA{c.R / 2, c.G / 2, c.B / 2, 255}, id)
		m.liquid3D(s, pts, p, id)
		if to, ok := m.target(p); ok && s.Shown(scene.LinksLayer) {
			from := display.Vec2{X: float64(p.Center.X), Y: float64(p.Center.Y)}
			s.List.Lines = append(s.List.Lines, display.Line{A: from, B: to, Width: 1.5, Color: linkColor, ID: id, Arrow: true})
		}
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
		s.List.Lines = append(s.List.Lines, display.Line{A: a, B: b, Width: width, Color: c, ID: id})
		if !m.hasSide(line) {
			wall3D(s, m.l, line, a, b, id)
		}
	case mdoc.KindSide:
		m.side3D(s, r.Index, s.ID(m.level, mdoc.KindSide, r.Index))
	case mdoc.KindObject:
		o := m.l.Objects[r.Index]
		kind := marathonObjects[min(max(int(o.Type), 0), len(marathonObjects)-1)]
		if !s.Shown(kind.layer.Name) {
			return
		}
		heading := display.NoHeading
		if kind.facing { // a facing of 0 is east; the map's Y runs south
			heading = float64(o.Facing) * 2 * math.Pi / 512
		}
		id := s.ID(m.level, mdoc.KindObject, r.Index)
		s.List.Markers = append(s.List.Markers, display.Marker{At: display.Vec2{X: float64(o.X), Y: float64(o.Y)},
			Shape: kind.shape, Size: 10, Heading: heading, Color: kind.layer.Color, ID: id})
		if math.IsNaN(heading) {
			heading = 0
		}
		m.object3D(s, o, kind.layer.Color, heading, id)
	case mdoc.KindAnnotation:
		n := m.l.Notes[r.Index]
		if !s.Shown(scene.AnnotationsLayer) {
			return
		}
		at := display.Vec2{X: float64(n.Location.X), Y: float64(n.Location.Y)}
		s.List.Markers = append(s.List.Markers, display.Marker{At: at, Shape: display.Circle, Size: 6, Heading: display.NoHeading,
			Color: annotationColor, ID: s.ID(m.level, mdoc.KindAnnotation, r.Index)}) // what selects it
		s.List.Labels = append(s.List.Labels, display.Label{At: at, Text: codec.FixedString(n.Text[:]), Color: annotationColor})
	}
}

// drawn reports whether the height filter lets r through: a polygon it
// shows, a line beside one, a side or an object in one; annotations
// always.
func (m *marathonLevel) drawn(r document.Ref) bool {
	if m.filter == nil || !m.filter().on {
		return true
	}
	hf := m.filter()
	shown := func(i int) bool { return i >= 0 && i < len(m.l.Polygons) && hf.shows(m.l.Polygons[i]) }
	switch r.Kind {
	case mdoc.KindPolygon:
		return shown(r.Index)
	case mdoc.KindLine:
		line := m.l.Lines[r.Index]
		return shown(int(line.ClockwisePoly)) || shown(int(line.CCWPoly))
	case mdoc.KindSide:
		return shown(int(m.l.Sides[r.Index].Polygon))
	case mdoc.KindObject:
		return shown(int(m.l.Objects[r.Index].Polygon))
	}
	return true
}

// target is the centre of the polygon that a teleporter sends to, or of
// the platform a platform trigger works; ok is false for other polygons
// and targets out of range.
func (m *marathonLevel) target(p codec.Polygon) (display.Vec2, bool) {
	to := -1
	switch p.Type {
	case polygonTeleporter:
		to = int(p.Permutation)
	case polygonPlatformOnTrigger, polygonPlatformOffTrigger:
		if i := int(p.Permutation); i >= 0 && i < len(m.l.Platforms) {
			to = int(m.l.Platforms[i].Polygon)
		}
	}
	if to < 0 || to >= len(m.l.Polygons) || m.l.Marathon1() {
		return display.Vec2{}, false
	}
	c := m.l.Polygons[to].Center
	return display.Vec2{X: float64(c.X), Y: float64(c.Y)}, true
}

// Polygon types of Marathon 2 and later whose permutation names a target
// with a place.
const (
	polygonPlatformOnTrigger  = 7
	polygonPlatformOffTrigger = 9
	polygonTeleporter         = 10
)

// redrawnKinds are the kinds of change the scene redraws from; changes
// of the level's other kinds leave it as it is.
var redrawnKinds = []document.Kind{mdoc.KindEndpoint, mdoc.KindPolygon, mdoc.KindLine, mdoc.KindSide, mdoc.KindObject,
	mdoc.KindAnnotation, mdoc.KindLight, mdoc.KindLiquid, mdoc.KindInfo}

// rebuiltKinds are the kinds whose every change rebuilds the scene: the
// lights that light every surface and set the liquids' heights, the
// liquids, and the level's environment, which names its sky.
var rebuiltKinds = []document.Kind{mdoc.KindLight, mdoc.KindLiquid, mdoc.KindInfo}

// affected: a moved endpoint redraws its lines and polygons; a polygon
// its own items, its lines' walls and sides, whose heights it gives,
// and the objects standing in it; a line its sides; sides, objects and
// annotations themselves. A change of the range the mode's gradient
// spans, or of what the mode colours by (platforms, sounds), or of
// lights, liquids or the level's environment, redraws everything;
// entities that came or went rebuild the scene.
func (m *marathonLevel) Affected(changes []undo.Change) ([]document.Ref, bool) {
	byKind, whole := scene.Changed(changes, m.level)
	if slices.ContainsFunc(redrawnKinds, func(k document.Kind) bool { return whole[k] }) {
		return nil, true
	}
	if slices.ContainsFunc(slices.Concat(m.mode.from, rebuiltKinds), func(k document.Kind) bool { return len(byKind[k]) > 0 || whole[k] }) {
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
		if lo, hi := m.span(m.mode); lo != m.lo || hi != m.hi {
			return nil, true
		}
	}
	for _, li := range byKind[mdoc.KindLine] {
		lineSet[li] = true
	}
	sideSet, objectSet := map[int]bool{}, map[int]bool{}
	for _, si := range byKind[mdoc.KindSide] {
		sideSet[si] = true
	}
	for li := range lineSet {
		if li < len(m.l.Lines) {
			for _, si := range []uint16{m.l.Lines[li].ClockwiseSide, m.l.Lines[li].CCWSide} {
				if int(si) < len(m.l.Sides) {
					sideSet[int(si)] = true
				}
			}
		}
	}
	for _, oi := range byKind[mdoc.KindObject] {
		objectSet[oi] = true
	}
	if len(byKind[mdoc.KindPolygon]) > 0 {
		for oi, o := range m.l.Objects {
			if slices.Contains(byKind[mdoc.KindPolygon], int(o.Polygon)) {
				objectSet[oi] = true
			}
		}
	}
	var refs []document.Ref
	add := func(kind document.Kind, set map[int]bool) {
		for _, i := range slices.Sorted(maps.Keys(set)) {
			refs = append(refs, document.Ref{Level: m.level, Kind: kind, Index: i})
		}
	}
	add(mdoc.KindPolygon, polys)
	add(mdoc.KindLine, lineSet)
	add(mdoc.KindSide, sideSet)
	add(mdoc.KindObject, objectSet)
	for _, i := range byKind[mdoc.KindAnnotation] {
		refs = append(refs, document.Ref{Level: m.level, Kind: mdoc.KindAnnotation, Index: i})
	}
	return refs, false
}

// at3 places a map point (Y growing south) at height z in the 3D view's
// space (Y growing north).
func at3(q display.Vec2, z float64) display.Vec3 { return display.Vec3{X: q.X, Y: -q.Y, Z: z} }

// MapPoint is the map point under a point of the 3D view: at3 undone.
func (m *marathonLevel) MapPoint(p display.Vec3) display.Vec2 {
	return display.Vec2{X: p.X, Y: -p.Y}
}

// hasSide reports whether a line has a side of the level, which draws
// its walls.
func (m *marathonLevel) hasSide(line codec.Line) bool {
	return int(line.ClockwiseSide) < len(m.l.Sides) || int(line.CCWSide) < len(m.l.Sides)
}

// skyColor is the average colour of the level's landscape, when the
// Shapes file has it.
func (m *marathonLevel) skyColor() (color.NRGBA, bool) {
	for _, c := range levelCollections(m.l) {
		if c >= firstLandscapeCollection {
			return m.gfx.average(uint16(c) << shapeBits)
		}
	}
	return color.NRGBA{}, false
}

// wall3D adds the walls of a line without sides, in the wall colour:
// floor to ceiling for a line with one polygon, and the steps between
// two polygons' floors and ceilings.
func wall3D(s *scene.Scene, l *codec.Level, line codec.Line, a, b display.Vec2, id display.ID) {
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
