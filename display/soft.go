package display

import (
	"image"
	"image/color"
	"math"
	"slices"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Render2D draws the list's 2D items as cam sees them, in pure Go, into a
// new w x h image.
func Render2D(l *List, cam Camera2D, w, h int) *image.NRGBA {
	img, _ := render2D(l, cam, w, h)
	return img
}

// render2D is Render2D, which also says how many items it drew: those
// the view shows part of.
func render2D(l *List, cam Camera2D, w, h int) (img *image.NRGBA, drawn int) {
	img = image.NewNRGBA(image.Rect(0, 0, w, h))
	fillRect(img, img.Rect, l.Background)
	if g := l.Grid; g != nil && g.Spacing*cam.Scale >= 4 {
		drawGrid(img, g, cam, l.Background)
	}
	v := ViewOf(cam, w, h, img.Rect, Vec3{})
	for _, p := range l.Polygons {
		if !v.showsPoints(p.Points, 0) {
			continue
		}
		drawn++
		pts := make([]Vec2, len(p.Points))
		for i, q := range p.Points {
			pts[i] = cam.ToScreen(q, w, h)
		}
		if tex := l.Picture(p.Texture); tex != nil {
			fillTextured(img, pts, tex, screenTexels(cam, p.UV, w, h), p.Fill, p.State)
		} else {
			fillPolygon(img, pts, Shown(p.Fill, p.State))
		}
	}
	for _, s := range l.Lines {
		width := s.Width * cam.Ratio()
		if s.State != Normal {
			width += 2 * cam.Ratio()
		}
		// The arrowhead reaches 2*width + 7 pixels back from B, and as far
		// to each side.
		if !v.showsPoints([]Vec2{s.A, s.B}, 2*width+7*cam.Ratio()) {
			continue
		}
		drawn++
		a, b, c := cam.ToScreen(s.A, w, h), cam.ToScreen(s.B, w, h), Shown(s.Color, s.State)
		drawLine(img, a, b, width, c)
		if d := (Vec2{b.X - a.X, b.Y - a.Y}); s.Arrow && (d.X != 0 || d.Y != 0) {
			l := math.Hypot(d.X, d.Y)
			head := Arrowhead(Vec2{d.X / l, d.Y / l}, width, cam.Ratio())
			fillPolygon(img, []Vec2{{b.X + head[0].X, b.Y + head[0].Y}, {b.X + head[1].X, b.Y + head[1].Y}, {b.X + head[2].X, b.Y + head[2].Y}}, c)
		}
	}
	for _, m := range l.Markers {
		// A marker's tick reaches 1.1 sizes from its middle and is 2
		// pixels wide; a highlighted marker is 2 pixels larger.
		if !v.showsPoints([]Vec2{m.At}, (1.1*m.Size+4)*cam.Ratio()) {
			continue
		}
		drawn++
		drawMarker(img, m, cam)
	}
	if !LabelsLegible(l, cam, w, h) {
		return img, drawn
	}
	for _, t := range l.Labels {
		if !labelInView(t, cam, w, h) {
			continue
		}
		drawn++
		at := cam.ToScreen(t.At, w, h)
		d := font.Drawer{Dst: img, Src: image.NewUniform(t.Color), Face: LabelFace, Dot: fixed.P(int(at.X), int(at.Y))}
		d.DrawString(t.Text)
	}
	return img, drawn
}

func fillRect(img *image.NRGBA, r image.Rectangle, c color.NRGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			blend(img, x, y, c)
		}
	}
}

// blend paints c over pixel (x, y) by its alpha.
func blend(img *image.NRGBA, x, y int, c color.NRGBA) {
	if !image.Pt(x, y).In(img.Rect) {
		return
	}
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	a := uint32(c.A)
	if a == 255 {
		p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
		return
	}
	p[0], p[1], p[2] = overChannel(p[0], c.R, a), overChannel(p[1], c.G, a), overChannel(p[2], c.B, a)
	p[3] = uint8(a + uint32(p[3])*(255-a)/255)
}

// overChannel is a colour channel src painted with alpha a over dst.
func overChannel(dst, src uint8, a uint32) uint8 {
	return uint8((uint32(src)*a + uint32(dst)*(255-a) + 127) / 255)
}

// drawGrid paints the grid's lines over the background bg, in the
// grid's shade over it: where lines cross, the pixel is the same shade.
func drawGrid(img *image.NRGBA, g *Grid, cam Camera2D, bg color.NRGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	c := GridShade(g.Color, bg)
	for _, sx := range GridLines(g, cam, w, h, true) {
		fillRect(img, image.Rect(sx, 0, sx+1, h), c)
	}
	for _, sy := range GridLines(g, cam, w, h, false) {
		fillRect(img, image.Rect(0, sy, w, sy+1), c)
	}
}

// GridShade is the colour of grid lines of colour c over background bg:
// c painted over bg when bg is opaque, so that the grid is drawn
// without blending (a tenth of a software OpenGL's 2D frame); c itself
// over a background that is not.
func GridShade(c, bg color.NRGBA) color.NRGBA {
	if bg.A != 255 {
		return c
	}
	a := uint32(c.A)
	return color.NRGBA{overChannel(bg.R, c.R, a), overChannel(bg.G, c.G, a), overChannel(bg.B, c.B, a), 255}
}

// GridLines is the screen column (vertical) or row of each grid line in
// a w x h view.
func GridLines(g *Grid, cam Camera2D, w, h int, vertical bool) []int {
	lo, hi := cam.ToWorld(Vec2{0, float64(h)}, w, h), cam.ToWorld(Vec2{float64(w), 0}, w, h)
	if cam.FlipY {
		lo.Y, hi.Y = hi.Y, lo.Y
	}
	var out []int
	if vertical {
		for x := math.Ceil(lo.X/g.Spacing) * g.Spacing; x <= hi.X; x += g.Spacing {
			out = append(out, int(math.Floor(cam.ToScreen(Vec2{x, 0}, w, h).X)))
		}
		return out
	}
	for y := math.Ceil(lo.Y/g.Spacing) * g.Spacing; y <= hi.Y; y += g.Spacing {
		out = append(out, int(math.Floor(cam.ToScreen(Vec2{0, y}, w, h).Y)))
	}
	return out
}

// fillPolygon fills the screen polygon pts by the even-odd rule,
// sampling pixel centres.
func fillPolygon(img *image.NRGBA, pts []Vec2, c color.NRGBA) {
	polygonSpans(img, pts, func(y, from, to int) {
		for x := from; x < to; x++ {
			blend(img, x, y, c)
		}
	})
}

// polygonSpans calls fill with each row's runs of pixels, from up to
// to, whose centres lie in the screen polygon pts by the even-odd rule.
func polygonSpans(img *image.NRGBA, pts []Vec2, fill func(y, from, to int)) {
	if len(pts) < 3 {
		return
	}
	y0, y1 := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		y0, y1 = min(y0, p.Y), max(y1, p.Y)
	}
	top, bottom := max(int(math.Floor(y0)), img.Rect.Min.Y), min(int(math.Ceil(y1)), img.Rect.Max.Y-1)
	var xs []float64
	for y := top; y <= bottom; y++ {
		cy := float64(y) + 0.5
		xs = xs[:0]
		for i, a := range pts {
			b := pts[(i+1)%len(pts)]
			if (a.Y <= cy) != (b.Y <= cy) {
				xs = append(xs, a.X+(cy-a.Y)*(b.X-a.X)/(b.Y-a.Y))
			}
		}
		slices.Sort(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			from := max(int(math.Ceil(xs[k]-0.5)), img.Rect.Min.X)
			to := min(int(math.Ceil(xs[k+1]-0.5)), img.Rect.Max.X)
			if from < to {
				fill(y, from, to)
			}
		}
	}
}

// texelMap is where a screen's pixels fall on a texture: texel
// coordinates at pixel (0, 0) and their steps a pixel right and down.
type texelMap struct{ at, right, down Vec2 }

// screenTexels is the texelMap of uv seen by cam in a w x h view.
func screenTexels(cam Camera2D, uv Affine, w, h int) texelMap {
	at := uv.Map(cam.ToWorld(Vec2{}, w, h))
	right, down := uv.Map(cam.ToWorld(Vec2{1, 0}, w, h)), uv.Map(cam.ToWorld(Vec2{0, 1}, w, h))
	return texelMap{at, Vec2{right.X - at.X, right.Y - at.Y}, Vec2{down.X - at.X, down.Y - at.Y}}
}

// fillTextured fills the screen polygon pts with tex, repeated, placed
// by m, each texel multiplied by light and shown in state s; texels of
// alpha 0 leave what is below.
func fillTextured(img *image.NRGBA, pts []Vec2, tex *image.NRGBA, m texelMap, light color.NRGBA, s State) {
	polygonSpans(img, pts, func(y, from, to int) {
		cx, cy := float64(from)+0.5, float64(y)+0.5
		u := m.at.X + cx*m.right.X + cy*m.down.X
		v := m.at.Y + cx*m.right.Y + cy*m.down.Y
		for x := from; x < to; x++ {
			if t := texelAt(tex, u, v); t.A != 0 {
				blend(img, x, y, Shown(modulate(t, light), s))
			}
			u, v = u+m.right.X, v+m.right.Y
		}
	})
}

// drawLine draws a segment width pixels wide, as a filled quad.
func drawLine(img *image.NRGBA, a, b Vec2, width float64, c color.NRGBA) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	width = max(width, 1)
	if l == 0 {
		fillPolygon(img, []Vec2{{a.X - width/2, a.Y - width/2}, {a.X + width/2, a.Y - width/2}, {a.X + width/2, a.Y + width/2}, {a.X - width/2, a.Y + width/2}}, c)
		return
	}
	// Half a pixel of length at each end, so that joined segments meet.
	ux, uy := dx/l*0.5, dy/l*0.5
	nx, ny := -dy/l*width/2, dx/l*width/2
	fillPolygon(img, []Vec2{{a.X - ux + nx, a.Y - uy + ny}, {b.X + ux + nx, b.Y + uy + ny}, {b.X + ux - nx, b.Y + uy - ny}, {a.X - ux - nx, a.Y - uy - ny}}, c)
}

// Arrowhead is the outline of the head of a line width pixels wide that
// ends going dir (a unit screen direction), as offsets from its end.
func Arrowhead(dir Vec2, width, ratio float64) [3]Vec2 {
	length := 2*width + 7*ratio
	back := Vec2{-dir.X * length, -dir.Y * length}
	side := Vec2{-dir.Y * length * 0.45, dir.X * length * 0.45}
	return [3]Vec2{{}, {back.X + side.X, back.Y + side.Y}, {back.X - side.X, back.Y - side.Y}}
}

// markerOutline is the screen outline of a marker's shape (nil for a
// circle); a triangle points its tip along dir, a unit screen direction,
// or up when dir is zero.
func markerOutline(at Vec2, shape Shape, r float64, dir Vec2) []Vec2 {
	switch shape {
	case Square:
		return []Vec2{{at.X - r, at.Y - r}, {at.X + r, at.Y - r}, {at.X + r, at.Y + r}, {at.X - r, at.Y + r}}
	case Diamond:
		return []Vec2{{at.X, at.Y - r}, {at.X + r, at.Y}, {at.X, at.Y + r}, {at.X - r, at.Y}}
	case Triangle:
		if dir == (Vec2{}) {
			dir = Vec2{0, -1}
		}
		tip, back, side := 1.3*r, 0.8*r, 0.85*r
		return []Vec2{{at.X + dir.X*tip, at.Y + dir.Y*tip},
			{at.X - dir.X*back - dir.Y*side, at.Y - dir.Y*back + dir.X*side},
			{at.X - dir.X*back + dir.Y*side, at.Y - dir.Y*back - dir.X*side}}
	}
	return nil
}

func drawMarker(img *image.NRGBA, m Marker, cam Camera2D) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	at := cam.ToScreen(m.At, w, h)
	size := m.Size * cam.Ratio()
	r := size / 2
	if m.State != Normal {
		r += 2 * cam.Ratio()
	}
	c := Shown(m.Color, m.State)
	var dir Vec2
	if !math.IsNaN(m.Heading) {
		dir = headingOnScreen(m.Heading, cam)
	}
	if pts := markerOutline(at, m.Shape, r, dir); pts != nil {
		fillPolygon(img, pts, c)
	} else {
		for y := int(math.Floor(at.Y - r)); y <= int(math.Ceil(at.Y+r)); y++ {
			for x := int(math.Floor(at.X - r)); x <= int(math.Ceil(at.X+r)); x++ {
				if math.Hypot(float64(x)+0.5-at.X, float64(y)+0.5-at.Y) <= r {
					blend(img, x, y, c)
				}
			}
		}
	}
	if !math.IsNaN(m.Heading) && m.Shape != Triangle {
		tip := Vec2{at.X + dir.X*(r+size*0.6), at.Y + dir.Y*(r+size*0.6)}
		drawLine(img, at, tip, 2*cam.Ratio(), c)
	}
}

// headingOnScreen is the screen direction of a world heading.
func headingOnScreen(heading float64, cam Camera2D) Vec2 {
	if cam.FlipY {
		return Vec2{math.Cos(heading), math.Sin(heading)}
	}
	return Vec2{math.Cos(heading), -math.Sin(heading)}
}

// Light is the direction the 3D views are lit from.
var Light = normalize(Vec3{-0.4, -0.6, 0.7})

// Render3D draws the list's triangles and sprites as cam sees them,
// with a depth buffer, into a new w x h image: the opaque faces (those
// untextured flat-shaded by Light), then the sprites, then the
// translucent faces, farthest first, blended over them.
func Render3D(l *List, cam Camera3D, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	fillRect(img, img.Rect, l.Background3D())
	r := raster3{img: img, depth: make([]float64, w*h), vp: cam.ViewProjection(float64(w) / float64(h)), eye: cam.Eye()}
	for i := range r.depth {
		r.depth[i] = math.Inf(1)
	}
	var translucent []Triangle3
	for _, t := range l.Triangles {
		if t.translucent() {
			translucent = append(translucent, t)
			continue
		}
		r.draw(t, l.Picture(t.Texture), true, false)
	}
	right := CameraRight(cam)
	for _, s := range l.Sprites {
		tex := l.Picture(s.Texture)
		for _, t := range SpriteFaces(s, tex, r.eye, right) {
			r.draw(t, tex, false, false)
		}
	}
	for _, i := range FarthestFirst(translucent, r.eye) {
		t := translucent[i]
		r.draw(t, l.Picture(t.Texture), true, true)
	}
	return img
}

// raster3 is a 3D frame being drawn: its picture, depth buffer, camera
// matrix and eye.
type raster3 struct {
	img   *image.NRGBA
	depth []float64
	vp    Matrix
	eye   Vec3
}

// draw fills face t where the eye sees it and it is nearer than the
// depth buffer, sampling pixel centres: with tex (nil for none) at its
// texel coordinates, interpolated with perspective, multiplied by its
// colour, or else in its colour, shaded by its facing if lit. A blended
// face is drawn over what is there by its alpha and leaves the depth
// buffer as it is; the others are opaque.
func (r *raster3) draw(t Triangle3, tex *image.NRGBA, lit, blended bool) {
	if !t.Facing(r.eye) {
		return
	}
	w, h := r.img.Rect.Dx(), r.img.Rect.Dy()
	var s [3]Vec3
	var q, uq, vq [3]float64 // 1/w and the texel coordinates over w at each corner
	for i, p := range [3]Vec3{t.A, t.B, t.C} {
		clip := r.vp.apply(p)
		if clip[3] <= 1e-9 {
			return
		}
		q[i] = 1 / clip[3]
		s[i] = Vec3{(clip[0]*q[i] + 1) / 2 * float64(w), (1 - clip[1]*q[i]) / 2 * float64(h), clip[2] * q[i]}
		uq[i], vq[i] = t.UV[i].X*q[i], t.UV[i].Y*q[i]
	}
	st := newScreenTriangle(s)
	if st.area == 0 {
		return
	}
	flat := t.Color
	if lit && tex == nil {
		flat = shade(t)
		flat.A = t.Color.A
	}
	flat = Shown(flat, t.State)
	x0, x1 := max(0, int(math.Floor(min(s[0].X, s[1].X, s[2].X)))), min(w-1, int(math.Ceil(max(s[0].X, s[1].X, s[2].X))))
	y0, y1 := max(0, int(math.Floor(min(s[0].Y, s[1].Y, s[2].Y)))), min(h-1, int(math.Ceil(max(s[0].Y, s[1].Y, s[2].Y))))
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			b, inside := st.weights(float64(x)+0.5, float64(y)+0.5)
			if !inside {
				continue
			}
			z := b[0]*s[0].Z + b[1]*s[1].Z + b[2]*s[2].Z
			if z < -1 || z > 1 || z >= r.depth[y*w+x] {
				continue
			}
			c := flat
			if tex != nil {
				d := b[0]*q[0] + b[1]*q[1] + b[2]*q[2]
				texel := texelAt(tex, (b[0]*uq[0]+b[1]*uq[1]+b[2]*uq[2])/d, (b[0]*vq[0]+b[1]*vq[1]+b[2]*vq[2])/d)
				if texel.A == 0 {
					continue
				}
				c = Shown(modulate(texel, t.Color), t.State)
			}
			if !blended {
				c.A = 255
				r.depth[y*w+x] = z
			}
			blend(r.img, x, y, c)
		}
	}
}

// shade is a triangle's colour lit by Light from either side.
func shade(t Triangle3) color.NRGBA {
	n := normalize(cross(sub(t.B, t.A), sub(t.C, t.A)))
	f := 0.45 + 0.55*math.Abs(dot(n, Light))
	g := func(v uint8) uint8 { return uint8(min(255, float64(v)*f+0.5)) }
	return color.NRGBA{g(t.Color.R), g(t.Color.G), g(t.Color.B), 255}
}

// screenTriangle is a triangle projected to the screen: corners in
// pixels with their depth, and its signed area (twice over).
type screenTriangle struct {
	s    [3]Vec3
	area float64
}

func newScreenTriangle(s [3]Vec3) screenTriangle {
	return screenTriangle{s, (s[1].X-s[0].X)*(s[2].Y-s[0].Y) - (s[1].Y-s[0].Y)*(s[2].X-s[0].X)}
}

// weights are the barycentric weights of screen point (x, y) in the
// triangle, and whether the point is inside it (edges included); a flat
// triangle holds none.
func (t *screenTriangle) weights(x, y float64) (w [3]float64, inside bool) {
	if t.area == 0 {
		return w, false
	}
	a, b, c := &t.s[0], &t.s[1], &t.s[2]
	w[0] = ((c.X-b.X)*(y-b.Y) - (c.Y-b.Y)*(x-b.X)) / t.area
	w[1] = ((a.X-c.X)*(y-c.Y) - (a.Y-c.Y)*(x-c.X)) / t.area
	w[2] = ((b.X-a.X)*(y-a.Y) - (b.Y-a.Y)*(x-a.X)) / t.area
	return w, w[0] >= 0 && w[1] >= 0 && w[2] >= 0
}

// depthAt is the triangle's depth at screen point (x, y), and whether
// the point is inside it.
func (t *screenTriangle) depthAt(x, y float64) (z float64, inside bool) {
	w, inside := t.weights(x, y)
	return w[0]*t.s[0].Z + w[1]*t.s[1].Z + w[2]*t.s[2].Z, inside
}
