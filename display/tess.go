package display

import (
	"image/color"
	"math"

	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// LabelFace is the font of labels, in both renderers.
var LabelFace = basicfont.Face7x13

// FlatVertex is a corner of a 2D triangle as the OpenGL path draws it: a
// world point (relative to the list's origin) plus an offset in pixels,
// so that line widths, markers and text keep their size at any zoom. A
// textured vertex (U >= 0) is a corner of a glyph: U, V address the
// font's texels and its anchor snaps to whole pixels, as text does in
// the software renderer.
type FlatVertex struct {
	X, Y   float32
	OX, OY float32
	U, V   float32
	C      [4]uint8
}

// SolidVertex is a corner of a 3D triangle: a point relative to the list's
// origin and the face's lit colour.
type SolidVertex struct {
	X, Y, Z float32
	C       [4]uint8
}

// TexturedVertex is a corner of a textured triangle, in 2D (Z is 0) or 3D:
// a point relative to the list's origin, its texel coordinates, how
// each texel is coloured (times C plus A: see lighting), and where its
// texture lies in the atlas (the atlas's white texel for an untextured
// item, whose colour is C plus A).
type TexturedVertex struct {
	X, Y, Z float32
	U, V    float32
	C, A    [4]uint8
	R       [4]uint16
}

// Span is where an item's vertices are in a tessellation.
type Span struct{ Start, Count int }

// PolygonRun is a stretch of polygons drawn together: vertices from up to to
// of the flat vertices, or of the textured ones.
type PolygonRun struct {
	Textured bool
	From, To int
}

// Where a triangle's vertices go: the opaque untextured faces, the
// opaque textured ones, or the translucent ones, drawn last.
const (
	InSolid = iota
	InTextured
	InTranslucent
)

// Placed is where a triangle's vertices are: a span of solid or
// texSolid, or for a translucent face its index in translucent3; and
// whether it was one-sided.
type Placed struct {
	In int
	Span
	oneSided bool
}

// TranslucentFace is a translucent face and its vertices (none when it
// has no area), sorted far to near at each frame.
type TranslucentFace struct {
	Tri      Triangle3
	Vertices []TexturedVertex
}

// Tessellation is a list turned into triangles: the 2D items in drawing
// order (polygons, lines, markers, labels) and the 3D faces, with where
// each item's vertices lie, so that a changed item can be replaced.
type Tessellation struct {
	Origin Vec3     // subtracted from every point, to keep float32 precise
	Screen Camera2D // the FlipY and PixelRatio the 2D offsets were made for

	atlas *Atlas // where the textures lie

	Flat                             []FlatVertex
	Boxes                            []Box // flat's chunks' extents, for culling
	Polygons, Lines, Markers, Labels []Span
	// Textured are the textured polygons, whose spans in polygons are
	// spans of these; runs are the polygons in drawing order.
	Textured []TexturedVertex
	InAtlas  []bool // which polygons are textured
	Runs     []PolygonRun
	// TexturedTranslucent says whether a textured polygon is not opaque:
	// only then are they drawn with blending, which costs a software
	// OpenGL much (the boxes say it of the chunks of flat).
	TexturedTranslucent bool
	TexturedBoxes       []Box // textured's chunks' extents, for culling

	// The opaque faces, untextured and textured: the one-sided ones
	// first, up to oneSided, then the two-sided ones.
	Tri      []Placed
	Solid    []SolidVertex
	TexSolid []TexturedVertex
	OneSided [2]int // vertices of solid and of texSolid
	// SolidBoxes and texSolidBoxes bound the chunks of solid and
	// texSolid, for culling.
	SolidBoxes, TexSolidBoxes []Box3
	Translucent3              []TranslucentFace
}

// Tessellate turns l into triangles for cameras with cam's FlipY and
// PixelRatio, its textures placed as a says.
func Tessellate(l *List, cam Camera2D, a *Atlas) *Tessellation {
	var origin Vec3
	if lo, hi, ok := l.Bounds(); ok {
		origin = Vec3{X: math.Round((lo.X + hi.X) / 2), Y: math.Round((lo.Y + hi.Y) / 2)}
	} else if lo, hi, ok := l.Bounds3(); ok {
		origin = Vec3{X: math.Round((lo.X + hi.X) / 2), Y: math.Round((lo.Y + hi.Y) / 2), Z: math.Round((lo.Z + hi.Z) / 2)}
	}
	return tessellateAt(l, cam, a, origin)
}

// tessellateAt is tessellate with its points relative to origin.
func tessellateAt(l *List, cam Camera2D, a *Atlas, origin Vec3) *Tessellation {
	t := &Tessellation{Screen: Camera2D{FlipY: cam.FlipY, PixelRatio: cam.Ratio()}, atlas: a, Origin: origin}
	add := func(spans *[]Span, n int, item func(i int)) {
		*spans = make([]Span, n)
		for i := range n {
			start := len(t.Flat)
			item(i)
			(*spans)[i] = Span{start, len(t.Flat) - start}
		}
	}
	t.Flat = make([]FlatVertex, 0, flatVertices(l))
	t.Polygons, t.InAtlas = make([]Span, len(l.Polygons)), make([]bool, len(l.Polygons))
	for i, p := range l.Polygons {
		if t.InAtlas[i] = l.Picture(p.Texture) != nil; t.InAtlas[i] {
			start := len(t.Textured)
			t.Textured = t.texturedPolygon(t.Textured, p)
			t.Polygons[i] = Span{start, len(t.Textured) - start}
			continue
		}
		start := len(t.Flat)
		t.Flat = t.polygon(t.Flat, p)
		t.Polygons[i] = Span{start, len(t.Flat) - start}
	}
	for i, s := range t.Polygons {
		if n := len(t.Runs); n > 0 && t.Runs[n-1].Textured == t.InAtlas[i] {
			t.Runs[n-1].To = s.Start + s.Count
		} else {
			t.Runs = append(t.Runs, PolygonRun{t.InAtlas[i], s.Start, s.Start + s.Count})
		}
	}
	add(&t.Lines, len(l.Lines), func(i int) { t.Flat = t.line(t.Flat, l.Lines[i]) })
	add(&t.Markers, len(l.Markers), func(i int) { t.Flat = t.marker(t.Flat, l.Markers[i]) })
	add(&t.Labels, len(l.Labels), func(i int) { t.Flat = t.label(t.Flat, l.Labels[i]) })
	t.Boxes, t.TexturedBoxes = boxesOf(t.Flat, boxOf), boxesOf(t.Textured, texturedBoxOf)
	t.Tri = make([]Placed, len(l.Triangles))
	t.Solid = make([]SolidVertex, 0, 3*len(l.Triangles))
	for i, tr := range l.Triangles {
		if placement(l, tr) == InTranslucent {
			t.Tri[i] = Placed{InTranslucent, Span{len(t.Translucent3), 1}, tr.OneSided}
			t.Translucent3 = append(t.Translucent3, TranslucentFace{tr, t.TexturedFace(nil, l, tr, true)})
		}
	}
	for _, oneSided := range []bool{true, false} {
		for i, tr := range l.Triangles {
			if tr.OneSided != oneSided {
				continue
			}
			switch in := placement(l, tr); in {
			case InTextured:
				start := len(t.TexSolid)
				t.TexSolid = t.TexturedFace(t.TexSolid, l, tr, true)
				t.Tri[i] = Placed{in, Span{start, len(t.TexSolid) - start}, oneSided}
			case InSolid:
				start := len(t.Solid)
				t.Solid = t.face(t.Solid, tr)
				t.Tri[i] = Placed{in, Span{start, len(t.Solid) - start}, oneSided}
			}
		}
		if oneSided {
			t.OneSided = [2]int{len(t.Solid), len(t.TexSolid)}
		}
	}
	t.SolidBoxes = boxes3Of(len(t.Solid), SolidAt(t.Solid))
	t.TexSolidBoxes = boxes3Of(len(t.TexSolid), TexturedAt(t.TexSolid))
	return t
}

// flatVertices is about how many vertices l's 2D items take, so that a
// big list's vertices are not copied again and again as they grow: a
// polygon's fan, a line's quad (and head), a marker's shape and the
// segment of its heading (a circle takes more, and grows the slice at
// the end), a label's quad per letter.
func flatVertices(l *List) int {
	n := 6*len(l.Lines) + 12*len(l.Markers)
	for _, p := range l.Polygons {
		n += 3 * max(len(p.Points)-2, 0)
	}
	for _, ln := range l.Lines {
		if ln.Arrow {
			n += 3
		}
	}
	for _, lb := range l.Labels {
		n += 6 * len(lb.Text)
	}
	return n
}

// placement is where triangle tr of l goes.
func placement(l *List, tr Triangle3) int {
	switch {
	case tr.translucent():
		return InTranslucent
	case l.Picture(tr.Texture) != nil:
		return InTextured
	}
	return InSolid
}

// Update replaces the changed items' vertices in place, tessellates the
// items appended to the list (see appendItems), and returns the ranges
// of flat, textured (2D), solid and texSolid that changed; ok is false
// when an item's vertex count changed, or a polygon or face gained or
// lost its texture or its translucency, or items went, or c names an
// item the list does not hold, and the list must be tessellated again.
func (t *Tessellation) Update(l *List, c Changes) (changed Patches, ok bool) {
	if c.All {
		return changed, false
	}
	var scratch []FlatVertex
	// replace puts in the vertices of the items indexes name of a
	// kind the list holds n of.
	replace := func(spans []Span, n int, indexes []int, item func(i int)) bool {
		for _, i := range indexes {
			if i >= len(spans) && i < n {
				continue // appended
			}
			if i < 0 || i >= len(spans) {
				return false
			}
			scratch = scratch[:0]
			item(i)
			s := spans[i]
			if len(scratch) != s.Count {
				return false
			}
			copy(t.Flat[s.Start:], scratch)
			changed.Flat = append(changed.Flat, s)
		}
		return true
	}
	if len(l.Polygons) < len(t.Polygons) || len(l.Lines) < len(t.Lines) || len(l.Markers) < len(t.Markers) ||
		len(l.Labels) < len(t.Labels) || len(l.Triangles) < len(t.Tri) {
		return changed, false
	}
	for _, i := range c.Polygons {
		if i >= len(t.Polygons) && i < len(l.Polygons) {
			continue // appended
		}
		if i < 0 || i >= len(t.Polygons) || t.InAtlas[i] != (l.Picture(l.Polygons[i].Texture) != nil) {
			return changed, false
		}
		if !t.InAtlas[i] {
			if !replace(t.Polygons, len(l.Polygons), []int{i}, func(i int) { scratch = t.polygon(scratch, l.Polygons[i]) }) {
				return changed, false
			}
			continue
		}
		s := t.Polygons[i]
		if !replaceIn(t.Textured, s, t.texturedPolygon(nil, l.Polygons[i])) {
			return changed, false
		}
		changed.Textured = append(changed.Textured, s)
	}
	if !replace(t.Lines, len(l.Lines), c.Lines, func(i int) { scratch = t.line(scratch, l.Lines[i]) }) ||
		!replace(t.Markers, len(l.Markers), c.Markers, func(i int) { scratch = t.marker(scratch, l.Markers[i]) }) ||
		!replace(t.Labels, len(l.Labels), c.Labels, func(i int) { scratch = t.label(scratch, l.Labels[i]) }) {
		return changed, false
	}
	rebound(t.Boxes, t.Flat, changed.Flat, boxOf)
	rebound(t.TexturedBoxes, t.Textured, changed.Textured, texturedBoxOf)
	for _, i := range c.Triangles {
		if i >= len(t.Tri) && i < len(l.Triangles) {
			continue // appended
		}
		if i < 0 || i >= len(t.Tri) {
			return changed, false
		}
		tr, p := l.Triangles[i], t.Tri[i]
		if placement(l, tr) != p.In || tr.OneSided != p.oneSided && p.In != InTranslucent {
			return changed, false
		}
		switch p.In {
		case InTranslucent:
			f := &t.Translucent3[p.Start]
			if v := t.TexturedFace(nil, l, tr, true); len(v) == len(f.Vertices) {
				f.Tri, f.Vertices = tr, v
				continue
			}
			return changed, false
		case InTextured:
			if !replaceIn(t.TexSolid, p.Span, t.TexturedFace(nil, l, tr, true)) {
				return changed, false
			}
			changed.TexSolid = append(changed.TexSolid, p.Span)
		default:
			if !replaceIn(t.Solid, p.Span, t.face(nil, tr)) {
				return changed, false
			}
			changed.Solid = append(changed.Solid, p.Span)
		}
	}
	rebound3(t.SolidBoxes, len(t.Solid), SolidAt(t.Solid), changed.Solid)
	rebound3(t.TexSolidBoxes, len(t.TexSolid), TexturedAt(t.TexSolid), changed.TexSolid)
	added, ok := t.appendItems(l, c)
	changed.Flat = append(changed.Flat, added.Flat...)
	changed.Textured = append(changed.Textured, added.Textured...)
	changed.Solid = append(changed.Solid, added.Solid...)
	changed.TexSolid = append(changed.TexSolid, added.TexSolid...)
	return changed, ok
}

// Patches are the vertices an update changed, by buffer.
type Patches struct {
	Flat, Textured, Solid, TexSolid []Span
}

// replaceIn copies vs over span s of all, if they are as many.
func replaceIn[V any](all []V, s Span, vs []V) bool {
	if len(vs) != s.Count {
		return false
	}
	copy(all[s.Start:], vs)
	return true
}

// Extent is where the vertices of consecutive spans lie together: from
// the first one's start up to the last one's end.
func Extent(spans []Span) (from, to int) {
	if len(spans) == 0 {
		return 0, 0
	}
	last := spans[len(spans)-1]
	return spans[0].Start, last.Start + last.Count
}

// at is a world point relative to the origin.
func (t *Tessellation) at(p Vec2) (float32, float32) {
	return float32(p.X - t.Origin.X), float32(p.Y - t.Origin.Y)
}

// screenDir is the unit screen direction from world point a to b.
func (t *Tessellation) screenDir(a, b Vec2) (Vec2, bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	if !t.Screen.FlipY {
		dy = -dy
	}
	l := math.Hypot(dx, dy)
	if l == 0 {
		return Vec2{}, false
	}
	return Vec2{dx / l, dy / l}, true
}

func ColorBytes(c color.NRGBA) [4]uint8 { return [4]uint8{c.R, c.G, c.B, c.A} }

// quad appends two triangles: corners p0..p3 in order, each a world
// point plus a pixel offset.
func quad(out []FlatVertex, x, y [4]float32, ox, oy [4]float64, c [4]uint8) []FlatVertex {
	v := func(k int) FlatVertex {
		return FlatVertex{X: x[k], Y: y[k], OX: float32(ox[k]), OY: float32(oy[k]), U: -1, C: c}
	}
	return append(out, v(0), v(1), v(2), v(0), v(2), v(3))
}

func (t *Tessellation) polygon(out []FlatVertex, p Polygon) []FlatVertex {
	c := ColorBytes(Shown(p.Fill, p.State))
	for _, tri := range triangulate(p.Points) {
		for _, k := range tri {
			x, y := t.at(p.Points[k])
			out = append(out, FlatVertex{X: x, Y: y, U: -1, C: c})
		}
	}
	return out
}

// texturedPolygon appends a textured polygon's triangles with each
// corner's texel coordinates; a polygon that is not opaque, or whose
// texture is not, makes the textured polygons drawn with blending.
func (t *Tessellation) texturedPolygon(out []TexturedVertex, p Polygon) []TexturedVertex {
	r, opaque := t.atlas.place(p.Texture)
	t.TexturedTranslucent = t.TexturedTranslucent || !opaque || p.Fill.A != 255
	c, add := lighting(p.Fill, p.State)
	for _, tri := range triangulate(p.Points) {
		for _, k := range tri {
			x, y := t.at(p.Points[k])
			uv := p.UV.Map(p.Points[k])
			out = append(out, TexturedVertex{X: x, Y: y, U: float32(uv.X), V: float32(uv.Y), C: c, A: add, R: r})
		}
	}
	return out
}

func (t *Tessellation) line(out []FlatVertex, s Line) []FlatVertex {
	ratio := t.Screen.Ratio()
	width := s.Width * ratio
	if s.State != Normal {
		width += 2 * ratio
	}
	c := ColorBytes(Shown(s.Color, s.State))
	out = t.segment(out, s.A, s.B, Vec2{}, Vec2{}, width, c)
	if s.Arrow {
		// A line of no length on the screen keeps its vertex count: its
		// head is a flat triangle.
		dir, _ := t.screenDir(s.A, s.B)
		x, y := t.at(s.B)
		for _, o := range Arrowhead(dir, width, ratio) {
			out = append(out, FlatVertex{X: x, Y: y, OX: float32(o.X), OY: float32(o.Y), U: -1, C: c})
		}
	}
	return out
}

// segment appends the quad drawLine fills: from world point a plus pixel
// offset oa to b plus ob, width pixels wide, half a pixel longer at each
// end. When a and b are one world point, the offsets give the direction.
func (t *Tessellation) segment(out []FlatVertex, a, b, oa, ob Vec2, width float64, c [4]uint8) []FlatVertex {
	width = max(width, 1)
	dir, ok := t.screenDir(a, b)
	if a == b {
		d := Vec2{ob.X - oa.X, ob.Y - oa.Y}
		l := math.Hypot(d.X, d.Y)
		dir, ok = Vec2{d.X / l, d.Y / l}, l > 0
	}
	ax, ay := t.at(a)
	bx, by := t.at(b)
	if !ok {
		h := width / 2
		return quad(out, [4]float32{ax, ax, ax, ax}, [4]float32{ay, ay, ay, ay},
			[4]float64{oa.X - h, oa.X + h, oa.X + h, oa.X - h}, [4]float64{oa.Y - h, oa.Y - h, oa.Y + h, oa.Y + h}, c)
	}
	ux, uy := dir.X*0.5, dir.Y*0.5
	nx, ny := -dir.Y*width/2, dir.X*width/2
	return quad(out, [4]float32{ax, bx, bx, ax}, [4]float32{ay, by, by, ay},
		[4]float64{oa.X - ux + nx, ob.X + ux + nx, ob.X + ux - nx, oa.X - ux - nx},
		[4]float64{oa.Y - uy + ny, ob.Y + uy + ny, ob.Y + uy - ny, oa.Y - uy - ny}, c)
}

// circleSides is how many sides a circle marker has; its polygon has the
// circle's area. Markers are a few pixels across: more sides would only
// cost a software OpenGL time.
const circleSides = 12

func (t *Tessellation) marker(out []FlatVertex, m Marker) []FlatVertex {
	ratio := t.Screen.Ratio()
	size := m.Size * ratio
	r := size / 2
	if m.State != Normal {
		r += 2 * ratio
	}
	c := ColorBytes(Shown(m.Color, m.State))
	x, y := t.at(m.At)
	var dir Vec2
	if !math.IsNaN(m.Heading) {
		dir = headingOnScreen(m.Heading, t.Screen)
	}
	outline := markerOutline(Vec2{}, m.Shape, r, dir)
	if outline == nil {
		big := r * math.Sqrt(2*math.Pi/(circleSides*math.Sin(2*math.Pi/circleSides)))
		for k := range circleSides {
			a := 2 * math.Pi * float64(k) / circleSides
			outline = append(outline, Vec2{big * math.Cos(a), big * math.Sin(a)})
		}
	}
	for _, tri := range triangulate(outline) {
		for _, k := range tri {
			out = append(out, FlatVertex{X: x, Y: y, OX: float32(outline[k].X), OY: float32(outline[k].Y), U: -1, C: c})
		}
	}
	if !math.IsNaN(m.Heading) && m.Shape != Triangle {
		tip := Vec2{dir.X * (r + size*0.6), dir.Y * (r + size*0.6)}
		out = t.segment(out, m.At, m.At, Vec2{}, tip, 2*ratio, c)
	}
	return out
}

// Label appends a quad per glyph, textured from the font's mask.
func (t *Tessellation) label(out []FlatVertex, l Label) []FlatVertex {
	x, y := t.at(l.At)
	c := ColorBytes(l.Color)
	dot := fixed.P(0, 0)
	prev := rune(-1)
	for _, r := range l.Text {
		if prev >= 0 {
			dot.X += LabelFace.Kern(prev, r)
		}
		dr, _, maskp, advance, ok := LabelFace.Glyph(dot, r)
		if !ok {
			prev = -1
			continue
		}
		x0, y0, x1, y1 := float64(dr.Min.X), float64(dr.Min.Y), float64(dr.Max.X), float64(dr.Max.Y)
		u0, v0 := float32(maskp.X), float32(maskp.Y)
		u1, v1 := u0+float32(dr.Dx()), v0+float32(dr.Dy())
		corner := func(ox, oy float64, u, v float32) FlatVertex {
			return FlatVertex{X: x, Y: y, OX: float32(ox), OY: float32(oy), U: u, V: v, C: c}
		}
		out = append(out, corner(x0, y0, u0, v0), corner(x1, y0, u1, v0), corner(x1, y1, u1, v1),
			corner(x0, y0, u0, v0), corner(x1, y1, u1, v1), corner(x0, y1, u0, v1))
		dot.X += advance
		prev = r
	}
	return out
}

// face appends a 3D triangle's corners in its lit colour, in its state; a
// triangle without area (a wall of no height) is left out, as OpenGL
// would drop it, but only after the work of transforming it.
func (t *Tessellation) face(out []SolidVertex, tr Triangle3) []SolidVertex {
	if n := cross(sub(tr.B, tr.A), sub(tr.C, tr.A)); n == (Vec3{}) {
		return out
	}
	c := ColorBytes(Shown(shade(tr), tr.State))
	for _, p := range [3]Vec3{tr.A, tr.B, tr.C} {
		out = append(out, SolidVertex{X: float32(p.X - t.Origin.X), Y: float32(p.Y - t.Origin.Y), Z: float32(p.Z - t.Origin.Z), C: c})
	}
	return out
}

// triangulate splits a simple polygon into triangles (corner indexes):
// a fan when it is convex, else by clipping ears. A polygon that crosses
// itself, where no ear is left, falls back to a fan.
func triangulate(pts []Vec2) [][3]int {
	n := len(pts)
	if n < 3 {
		return nil
	}
	out := make([][3]int, 0, n-2)
	if convex(pts) {
		for i := 1; i+1 < n; i++ {
			out = append(out, [3]int{0, i, i + 1})
		}
		return out
	}
	orient := 1.0
	if area2(pts) < 0 {
		orient = -1
	}
	left := make([]int, n)
	for i := range left {
		left[i] = i
	}
	for len(left) > 3 {
		found := false
		for i := range left {
			a, b, c := left[(i+len(left)-1)%len(left)], left[i], left[(i+1)%len(left)]
			if orient*turn(pts[a], pts[b], pts[c]) <= 0 || anyInside(pts, left, a, b, c) {
				continue
			}
			out = append(out, [3]int{a, b, c})
			left = append(left[:i], left[i+1:]...)
			found = true
			break
		}
		if !found {
			for i := 1; i+1 < len(left); i++ {
				out = append(out, [3]int{left[0], left[i], left[i+1]})
			}
			return out
		}
	}
	return append(out, [3]int{left[0], left[1], left[2]})
}

func turn(a, b, c Vec2) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }

func area2(pts []Vec2) float64 {
	s := 0.0
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		s += a.X*b.Y - b.X*a.Y
	}
	return s
}

// convex reports whether every corner turns the same way (straight
// corners allowed).
func convex(pts []Vec2) bool {
	sign := 0.0
	for i := range pts {
		t := turn(pts[i], pts[(i+1)%len(pts)], pts[(i+2)%len(pts)])
		if t != 0 {
			if sign != 0 && (t > 0) != (sign > 0) {
				return false
			}
			sign = t
		}
	}
	return true
}

// anyInside reports whether a corner of left other than a, b, c lies in
// triangle abc.
func anyInside(pts []Vec2, left []int, a, b, c int) bool {
	for _, k := range left {
		if k == a || k == b || k == c {
			continue
		}
		p := pts[k]
		d1, d2, d3 := turn(pts[a], pts[b], p), turn(pts[b], pts[c], p), turn(pts[c], pts[a], p)
		if (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0) {
			return true
		}
	}
	return false
}

// TexturedFace appends the corners of a face of l drawn by the textured
// program: a textured face's colour multiplies its texels; an
// untextured one (translucent, or a sprite's) is its colour, lit by its
// facing if lit. A face without area is left out.
func (t *Tessellation) TexturedFace(out []TexturedVertex, l *List, tr Triangle3, lit bool) []TexturedVertex {
	if n := cross(sub(tr.B, tr.A), sub(tr.C, tr.A)); n == (Vec3{}) {
		return out
	}
	c := tr.Color
	r, _ := t.atlas.place(tr.Texture)
	if l.Picture(tr.Texture) == nil && lit {
		c = shade(tr)
		c.A = tr.Color.A
	}
	mul, add := lighting(c, tr.State)
	for k, p := range [3]Vec3{tr.A, tr.B, tr.C} {
		out = append(out, TexturedVertex{X: float32(p.X - t.Origin.X), Y: float32(p.Y - t.Origin.Y), Z: float32(p.Z - t.Origin.Z),
			U: float32(tr.UV[k].X), V: float32(tr.UV[k].Y), C: mul, A: add, R: r})
	}
	return out
}
