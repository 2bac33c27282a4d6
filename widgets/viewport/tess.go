package viewport

import (
	"image/color"
	"math"

	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// labelFace is the font of labels, in both renderers.
var labelFace = basicfont.Face7x13

// vertex2 is a corner of a 2D triangle as the OpenGL path draws it: a
// world point (relative to the list's origin) plus an offset in pixels,
// so that line widths, markers and text keep their size at any zoom. A
// textured vertex (U >= 0) is a corner of a glyph: U, V address the
// font's texels and its anchor snaps to whole pixels, as text does in
// the software renderer.
type vertex2 struct {
	X, Y   float32
	OX, OY float32
	U, V   float32
	C      [4]uint8
}

// vertex3 is a corner of a 3D triangle: a point relative to the list's
// origin and the face's lit colour.
type vertex3 struct {
	X, Y, Z float32
	C       [4]uint8
}

// texVertex is a corner of a textured triangle, in 2D (Z is 0) or 3D:
// a point relative to the list's origin, its texel coordinates, how
// each texel is coloured (times C plus A: see lighting), and where its
// texture lies in the atlas (the atlas's white texel for an untextured
// item, whose colour is C plus A).
type texVertex struct {
	X, Y, Z float32
	U, V    float32
	C, A    [4]uint8
	R       [4]uint16
}

// span is where an item's vertices are in a tessellation.
type span struct{ start, count int }

// run is a stretch of polygons drawn together: vertices from up to to
// of the flat vertices, or of the textured ones.
type run struct {
	textured bool
	from, to int
}

// Where a triangle's vertices go: the opaque untextured faces, the
// opaque textured ones, or the translucent ones, drawn last.
const (
	inSolid = iota
	inTextured
	inTranslucent
)

// placed is where a triangle's vertices are: a span of solid or
// texSolid, or for a translucent face its index in translucent3; and
// whether it was one-sided.
type placed struct {
	in int
	span
	oneSided bool
}

// translucentFace is a translucent face and its vertices (none when it
// has no area), sorted far to near at each frame.
type translucentFace struct {
	tri      Triangle3
	vertices []texVertex
}

// tessellation is a list turned into triangles: the 2D items in drawing
// order (polygons, lines, markers, labels) and the 3D faces, with where
// each item's vertices lie, so that a changed item can be replaced.
type tessellation struct {
	origin Vec3     // subtracted from every point, to keep float32 precise
	screen Camera2D // the FlipY and PixelRatio the 2D offsets were made for

	atlas *atlas // where the textures lie

	flat                             []vertex2
	boxes                            []box // flat's chunks' extents, for culling
	polygons, lines, markers, labels []span
	// textured are the textured polygons, whose spans in polygons are
	// spans of these; runs are the polygons in drawing order.
	textured []texVertex
	inAtlas  []bool // which polygons are textured
	runs     []run
	// texturedTranslucent says whether a textured polygon is not opaque:
	// only then are they drawn with blending, which costs a software
	// OpenGL much (the boxes say it of the chunks of flat).
	texturedTranslucent bool
	texturedBoxes       []box // textured's chunks' extents, for culling

	// The opaque faces, untextured and textured: the one-sided ones
	// first, up to oneSided, then the two-sided ones.
	tri      []placed
	solid    []vertex3
	texSolid []texVertex
	oneSided [2]int // vertices of solid and of texSolid
	// solidBoxes and texSolidBoxes bound the chunks of solid and
	// texSolid, for culling.
	solidBoxes, texSolidBoxes []box3
	translucent3              []translucentFace
}

// tessellate turns l into triangles for cameras with cam's FlipY and
// PixelRatio, its textures placed as a says.
func tessellate(l *List, cam Camera2D, a *atlas) *tessellation {
	var origin Vec3
	if lo, hi, ok := l.Bounds(); ok {
		origin = Vec3{X: math.Round((lo.X + hi.X) / 2), Y: math.Round((lo.Y + hi.Y) / 2)}
	} else if lo, hi, ok := l.Bounds3(); ok {
		origin = Vec3{X: math.Round((lo.X + hi.X) / 2), Y: math.Round((lo.Y + hi.Y) / 2), Z: math.Round((lo.Z + hi.Z) / 2)}
	}
	return tessellateAt(l, cam, a, origin)
}

// tessellateAt is tessellate with its points relative to origin.
func tessellateAt(l *List, cam Camera2D, a *atlas, origin Vec3) *tessellation {
	t := &tessellation{screen: Camera2D{FlipY: cam.FlipY, PixelRatio: cam.ratio()}, atlas: a, origin: origin}
	add := func(spans *[]span, n int, item func(i int)) {
		*spans = make([]span, n)
		for i := range n {
			start := len(t.flat)
			item(i)
			(*spans)[i] = span{start, len(t.flat) - start}
		}
	}
	t.polygons, t.inAtlas = make([]span, len(l.Polygons)), make([]bool, len(l.Polygons))
	for i, p := range l.Polygons {
		if t.inAtlas[i] = l.picture(p.Texture) != nil; t.inAtlas[i] {
			start := len(t.textured)
			t.textured = t.texturedPolygon(t.textured, p)
			t.polygons[i] = span{start, len(t.textured) - start}
			continue
		}
		start := len(t.flat)
		t.flat = t.polygon(t.flat, p)
		t.polygons[i] = span{start, len(t.flat) - start}
	}
	for i, s := range t.polygons {
		if n := len(t.runs); n > 0 && t.runs[n-1].textured == t.inAtlas[i] {
			t.runs[n-1].to = s.start + s.count
		} else {
			t.runs = append(t.runs, run{t.inAtlas[i], s.start, s.start + s.count})
		}
	}
	add(&t.lines, len(l.Lines), func(i int) { t.flat = t.line(t.flat, l.Lines[i]) })
	add(&t.markers, len(l.Markers), func(i int) { t.flat = t.marker(t.flat, l.Markers[i]) })
	add(&t.labels, len(l.Labels), func(i int) { t.flat = t.label(t.flat, l.Labels[i]) })
	t.boxes, t.texturedBoxes = boxesOf(t.flat, boxOf), boxesOf(t.textured, texturedBoxOf)
	t.tri = make([]placed, len(l.Triangles))
	t.solid = make([]vertex3, 0, 3*len(l.Triangles))
	for i, tr := range l.Triangles {
		if placement(l, tr) == inTranslucent {
			t.tri[i] = placed{inTranslucent, span{len(t.translucent3), 1}, tr.OneSided}
			t.translucent3 = append(t.translucent3, translucentFace{tr, t.texturedFace(nil, l, tr, true)})
		}
	}
	for _, oneSided := range []bool{true, false} {
		for i, tr := range l.Triangles {
			if tr.OneSided != oneSided {
				continue
			}
			switch in := placement(l, tr); in {
			case inTextured:
				start := len(t.texSolid)
				t.texSolid = t.texturedFace(t.texSolid, l, tr, true)
				t.tri[i] = placed{in, span{start, len(t.texSolid) - start}, oneSided}
			case inSolid:
				start := len(t.solid)
				t.solid = t.face(t.solid, tr)
				t.tri[i] = placed{in, span{start, len(t.solid) - start}, oneSided}
			}
		}
		if oneSided {
			t.oneSided = [2]int{len(t.solid), len(t.texSolid)}
		}
	}
	t.solidBoxes = boxes3Of(len(t.solid), solidAt(t.solid))
	t.texSolidBoxes = boxes3Of(len(t.texSolid), texturedAt(t.texSolid))
	return t
}

// placement is where triangle tr of l goes.
func placement(l *List, tr Triangle3) int {
	switch {
	case tr.translucent():
		return inTranslucent
	case l.picture(tr.Texture) != nil:
		return inTextured
	}
	return inSolid
}

// update replaces the changed items' vertices in place, tessellates the
// items appended to the list (see appendItems), and returns the ranges
// of flat, textured (2D), solid and texSolid that changed; ok is false
// when an item's vertex count changed, or a polygon or face gained or
// lost its texture or its translucency, or items went, or c names an
// item the list does not hold, and the list must be tessellated again.
func (t *tessellation) update(l *List, c Changes) (changed patches, ok bool) {
	if c.All {
		return changed, false
	}
	var scratch []vertex2
	// replace puts in the vertices of the items indexes name of a
	// kind the list holds n of.
	replace := func(spans []span, n int, indexes []int, item func(i int)) bool {
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
			if len(scratch) != s.count {
				return false
			}
			copy(t.flat[s.start:], scratch)
			changed.flat = append(changed.flat, s)
		}
		return true
	}
	if len(l.Polygons) < len(t.polygons) || len(l.Lines) < len(t.lines) || len(l.Markers) < len(t.markers) ||
		len(l.Labels) < len(t.labels) || len(l.Triangles) < len(t.tri) {
		return changed, false
	}
	for _, i := range c.Polygons {
		if i >= len(t.polygons) && i < len(l.Polygons) {
			continue // appended
		}
		if i < 0 || i >= len(t.polygons) || t.inAtlas[i] != (l.picture(l.Polygons[i].Texture) != nil) {
			return changed, false
		}
		if !t.inAtlas[i] {
			if !replace(t.polygons, len(l.Polygons), []int{i}, func(i int) { scratch = t.polygon(scratch, l.Polygons[i]) }) {
				return changed, false
			}
			continue
		}
		s := t.polygons[i]
		if !replaceIn(t.textured, s, t.texturedPolygon(nil, l.Polygons[i])) {
			return changed, false
		}
		changed.textured = append(changed.textured, s)
	}
	if !replace(t.lines, len(l.Lines), c.Lines, func(i int) { scratch = t.line(scratch, l.Lines[i]) }) ||
		!replace(t.markers, len(l.Markers), c.Markers, func(i int) { scratch = t.marker(scratch, l.Markers[i]) }) ||
		!replace(t.labels, len(l.Labels), c.Labels, func(i int) { scratch = t.label(scratch, l.Labels[i]) }) {
		return changed, false
	}
	rebound(t.boxes, t.flat, changed.flat, boxOf)
	rebound(t.texturedBoxes, t.textured, changed.textured, texturedBoxOf)
	for _, i := range c.Triangles {
		if i >= len(t.tri) && i < len(l.Triangles) {
			continue // appended
		}
		if i < 0 || i >= len(t.tri) {
			return changed, false
		}
		tr, p := l.Triangles[i], t.tri[i]
		if placement(l, tr) != p.in || tr.OneSided != p.oneSided && p.in != inTranslucent {
			return changed, false
		}
		switch p.in {
		case inTranslucent:
			f := &t.translucent3[p.start]
			if v := t.texturedFace(nil, l, tr, true); len(v) == len(f.vertices) {
				f.tri, f.vertices = tr, v
				continue
			}
			return changed, false
		case inTextured:
			if !replaceIn(t.texSolid, p.span, t.texturedFace(nil, l, tr, true)) {
				return changed, false
			}
			changed.texSolid = append(changed.texSolid, p.span)
		default:
			if !replaceIn(t.solid, p.span, t.face(nil, tr)) {
				return changed, false
			}
			changed.solid = append(changed.solid, p.span)
		}
	}
	rebound3(t.solidBoxes, len(t.solid), solidAt(t.solid), changed.solid)
	rebound3(t.texSolidBoxes, len(t.texSolid), texturedAt(t.texSolid), changed.texSolid)
	added, ok := t.appendItems(l, c)
	changed.flat = append(changed.flat, added.flat...)
	changed.textured = append(changed.textured, added.textured...)
	changed.solid = append(changed.solid, added.solid...)
	changed.texSolid = append(changed.texSolid, added.texSolid...)
	return changed, ok
}

// patches are the vertices an update changed, by buffer.
type patches struct {
	flat, textured, solid, texSolid []span
}

// replaceIn copies vs over span s of all, if they are as many.
func replaceIn[V any](all []V, s span, vs []V) bool {
	if len(vs) != s.count {
		return false
	}
	copy(all[s.start:], vs)
	return true
}

// extent is where the vertices of consecutive spans lie together: from
// the first one's start up to the last one's end.
func extent(spans []span) (from, to int) {
	if len(spans) == 0 {
		return 0, 0
	}
	last := spans[len(spans)-1]
	return spans[0].start, last.start + last.count
}

// at is a world point relative to the origin.
func (t *tessellation) at(p Vec2) (float32, float32) {
	return float32(p.X - t.origin.X), float32(p.Y - t.origin.Y)
}

// screenDir is the unit screen direction from world point a to b.
func (t *tessellation) screenDir(a, b Vec2) (Vec2, bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	if !t.screen.FlipY {
		dy = -dy
	}
	l := math.Hypot(dx, dy)
	if l == 0 {
		return Vec2{}, false
	}
	return Vec2{dx / l, dy / l}, true
}

func rgba(c color.NRGBA) [4]uint8 { return [4]uint8{c.R, c.G, c.B, c.A} }

// quad appends two triangles: corners p0..p3 in order, each a world
// point plus a pixel offset.
func quad(out []vertex2, x, y [4]float32, ox, oy [4]float64, c [4]uint8) []vertex2 {
	v := func(k int) vertex2 {
		return vertex2{X: x[k], Y: y[k], OX: float32(ox[k]), OY: float32(oy[k]), U: -1, C: c}
	}
	return append(out, v(0), v(1), v(2), v(0), v(2), v(3))
}

func (t *tessellation) polygon(out []vertex2, p Polygon) []vertex2 {
	c := rgba(shown(p.Fill, p.State))
	for _, tri := range triangulate(p.Points) {
		for _, k := range tri {
			x, y := t.at(p.Points[k])
			out = append(out, vertex2{X: x, Y: y, U: -1, C: c})
		}
	}
	return out
}

// texturedPolygon appends a textured polygon's triangles with each
// corner's texel coordinates; a polygon that is not opaque, or whose
// texture is not, makes the textured polygons drawn with blending.
func (t *tessellation) texturedPolygon(out []texVertex, p Polygon) []texVertex {
	r, opaque := t.atlas.place(p.Texture)
	t.texturedTranslucent = t.texturedTranslucent || !opaque || p.Fill.A != 255
	c, add := lighting(p.Fill, p.State)
	for _, tri := range triangulate(p.Points) {
		for _, k := range tri {
			x, y := t.at(p.Points[k])
			uv := p.UV.Map(p.Points[k])
			out = append(out, texVertex{X: x, Y: y, U: float32(uv.X), V: float32(uv.Y), C: c, A: add, R: r})
		}
	}
	return out
}

func (t *tessellation) line(out []vertex2, s Line) []vertex2 {
	ratio := t.screen.ratio()
	width := s.Width * ratio
	if s.State != Normal {
		width += 2 * ratio
	}
	c := rgba(shown(s.Color, s.State))
	out = t.segment(out, s.A, s.B, Vec2{}, Vec2{}, width, c)
	if s.Arrow {
		// A line of no length on the screen keeps its vertex count: its
		// head is a flat triangle.
		dir, _ := t.screenDir(s.A, s.B)
		x, y := t.at(s.B)
		for _, o := range arrowhead(dir, width, ratio) {
			out = append(out, vertex2{X: x, Y: y, OX: float32(o.X), OY: float32(o.Y), U: -1, C: c})
		}
	}
	return out
}

// segment appends the quad drawLine fills: from world point a plus pixel
// offset oa to b plus ob, width pixels wide, half a pixel longer at each
// end. When a and b are one world point, the offsets give the direction.
func (t *tessellation) segment(out []vertex2, a, b, oa, ob Vec2, width float64, c [4]uint8) []vertex2 {
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

func (t *tessellation) marker(out []vertex2, m Marker) []vertex2 {
	ratio := t.screen.ratio()
	size := m.Size * ratio
	r := size / 2
	if m.State != Normal {
		r += 2 * ratio
	}
	c := rgba(shown(m.Color, m.State))
	x, y := t.at(m.At)
	var dir Vec2
	if !math.IsNaN(m.Heading) {
		dir = headingOnScreen(m.Heading, t.screen)
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
			out = append(out, vertex2{X: x, Y: y, OX: float32(outline[k].X), OY: float32(outline[k].Y), U: -1, C: c})
		}
	}
	if !math.IsNaN(m.Heading) && m.Shape != Triangle {
		tip := Vec2{dir.X * (r + size*0.6), dir.Y * (r + size*0.6)}
		out = t.segment(out, m.At, m.At, Vec2{}, tip, 2*ratio, c)
	}
	return out
}

// label appends a quad per glyph, textured from the font's mask.
func (t *tessellation) label(out []vertex2, l Label) []vertex2 {
	x, y := t.at(l.At)
	c := rgba(l.Color)
	dot := fixed.P(0, 0)
	prev := rune(-1)
	for _, r := range l.Text {
		if prev >= 0 {
			dot.X += labelFace.Kern(prev, r)
		}
		dr, _, maskp, advance, ok := labelFace.Glyph(dot, r)
		if !ok {
			prev = -1
			continue
		}
		x0, y0, x1, y1 := float64(dr.Min.X), float64(dr.Min.Y), float64(dr.Max.X), float64(dr.Max.Y)
		u0, v0 := float32(maskp.X), float32(maskp.Y)
		u1, v1 := u0+float32(dr.Dx()), v0+float32(dr.Dy())
		corner := func(ox, oy float64, u, v float32) vertex2 {
			return vertex2{X: x, Y: y, OX: float32(ox), OY: float32(oy), U: u, V: v, C: c}
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
func (t *tessellation) face(out []vertex3, tr Triangle3) []vertex3 {
	if n := cross(sub(tr.B, tr.A), sub(tr.C, tr.A)); n == (Vec3{}) {
		return out
	}
	c := rgba(shown(shade(tr), tr.State))
	for _, p := range [3]Vec3{tr.A, tr.B, tr.C} {
		out = append(out, vertex3{X: float32(p.X - t.origin.X), Y: float32(p.Y - t.origin.Y), Z: float32(p.Z - t.origin.Z), C: c})
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

// texturedFace appends the corners of a face of l drawn by the textured
// program: a textured face's colour multiplies its texels; an
// untextured one (translucent, or a sprite's) is its colour, lit by its
// facing if lit. A face without area is left out.
func (t *tessellation) texturedFace(out []texVertex, l *List, tr Triangle3, lit bool) []texVertex {
	if n := cross(sub(tr.B, tr.A), sub(tr.C, tr.A)); n == (Vec3{}) {
		return out
	}
	c := tr.Color
	r, _ := t.atlas.place(tr.Texture)
	if l.picture(tr.Texture) == nil && lit {
		c = shade(tr)
		c.A = tr.Color.A
	}
	mul, add := lighting(c, tr.State)
	for k, p := range [3]Vec3{tr.A, tr.B, tr.C} {
		out = append(out, texVertex{X: float32(p.X - t.origin.X), Y: float32(p.Y - t.origin.Y), Z: float32(p.Z - t.origin.Z),
			U: float32(tr.UV[k].X), V: float32(tr.UV[k].Y), C: mul, A: add, R: r})
	}
	return out
}
