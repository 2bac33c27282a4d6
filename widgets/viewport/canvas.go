package viewport

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/levelwright/levelwright/display"
)

// A 2D frame drawn anew costs a software OpenGL about a quarter of a
// microsecond a triangle, several milliseconds for a large map: far
// more than reading the frame back. So the map is drawn into a canvas
// larger than the view and kept: a pan by whole pixels reads another
// window of it and draws only the strips it had not drawn, and a
// changed item draws again only the pixels its old and new places
// cover. A zoom, a resize or a new list draws the view anew.

// canvasMargin is how far, in pixels, the canvas reaches past each side
// of the view: how far a pan goes before the view is drawn anew.
const canvasMargin = 256

// canvasStep is how far past the view, in pixels, a pan that shows
// pixels the canvas has not drawn draws them, so that the frames of a
// steady pan after it draw nothing.
const canvasStep = 128

// canvasMostDamage is how many damaged rectangles are kept apart, and
// drawn one by one; one more makes them the one rectangle around them.
const canvasMostDamage = 16

// pixelRect is a rectangle of canvas pixels, from x0, y0 up to x1, y1.
type pixelRect struct{ x0, y0, x1, y1 int }

func (r pixelRect) empty() bool { return r.x0 >= r.x1 || r.y0 >= r.y1 }

func (r pixelRect) intersect(o pixelRect) pixelRect {
	return pixelRect{max(r.x0, o.x0), max(r.y0, o.y0), min(r.x1, o.x1), min(r.y1, o.y1)}
}

func (r pixelRect) area() int { return max(r.x1-r.x0, 0) * max(r.y1-r.y0, 0) }

func (r pixelRect) union(o pixelRect) pixelRect {
	return pixelRect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

// addDamage adds r to damage. Rectangles that overlap so much that the
// one around them is no larger than the two become that one, as an item
// redrawn in about its own place does (a highlighted line is a pixel
// wider): each rectangle costs a frame a pass of its own. Past
// canvasMostDamage rectangles, all become the one around them, so that
// damage marked while no frame of its kind is drawn (the 2D items
// changing while the 3D view is shown) stays small.
func addDamage(damage []pixelRect, r pixelRect) []pixelRect {
	for i := 0; i < len(damage); {
		if u := r.union(damage[i]); u.area() <= r.area()+damage[i].area() {
			r, damage = u, slices.Delete(damage, i, i+1)
			i = 0 // the larger r may take in one passed
			continue
		}
		i++
	}
	if len(damage) < canvasMostDamage {
		return append(damage, r)
	}
	for _, d := range damage {
		r = r.union(d)
	}
	return append(damage[:0], r)
}

// pixelsAround is the rectangle of pixels that screen points from lo to
// hi fall in, a pixel wider below and past pixels wider above (hi lies
// past the last pixel), for rounding; clamped to -1..limit+1, so that
// far points stay in int range.
func pixelsAround(lo, hi display.Vec2, past, limit int) pixelRect {
	clamp := func(v float64) int { return int(max(-1, min(v, float64(limit+1)))) }
	p := float64(past)
	return pixelRect{clamp(math.Floor(lo.X) - 1), clamp(math.Floor(lo.Y) - 1), clamp(math.Ceil(hi.X) + p), clamp(math.Ceil(hi.Y) + p)}
}

// minus is r less o, as up to four rectangles.
func (r pixelRect) minus(o pixelRect) []pixelRect {
	in := r.intersect(o)
	if in.empty() {
		return []pixelRect{r}
	}
	var out []pixelRect
	for _, p := range []pixelRect{
		{r.x0, r.y0, r.x1, in.y0}, // above
		{r.x0, in.y1, r.x1, r.y1}, // below
		{r.x0, in.y0, in.x0, in.y1},
		{in.x1, in.y0, r.x1, in.y1},
	} {
		if !p.empty() {
			out = append(out, p)
		}
	}
	return out
}

// mapCanvas is the 2D picture kept between frames: a framebuffer the view's
// size plus canvasMargin on every side, drawn with cam (centred on it)
// from tess, in the part drawn; the rest holds nothing yet. damage is
// what changed items need drawn again.
type mapCanvas struct {
	fbo, rb uint32
	w, h    int
	cam     display.Camera2D
	tess    *display.Tessellation
	look    canvasLook
	drawn   pixelRect
	damage  []pixelRect
	viewW   int // the view it was made for
	viewH   int
	valid   bool
}

// canvasLook is what the whole picture depends on besides the items:
// whether a later frame may keep the canvas.
type canvasLook struct {
	background color.NRGBA
	grid       display.Grid
	hasGrid    bool
	labels     bool // drawn: legible in the view
}

// lookOf is l's look in a w x h view of cam.
func lookOf(l *display.List, cam display.Camera2D, w, h int) canvasLook {
	k := canvasLook{background: l.Background, labels: display.LabelsLegible(l, cam, w, h)}
	if l.Grid != nil {
		k.grid, k.hasGrid = *l.Grid, true
	}
	return k
}

// plan readies the canvas for a w x h view of cam drawn from t with
// look k: where the view lies on it, the regions to draw (the damaged
// ones, and those the view shows that were not drawn), and whether the
// view is drawn anew, on a canvas centred on it, which the caller sizes
// for the view (resize).
func (c *mapCanvas) plan(cam display.Camera2D, w, h int, t *display.Tessellation, k canvasLook) (win pixelRect, regions []pixelRect, anew bool) {
	defer func() { c.damage = c.damage[:0] }()
	win, kept := c.window(cam, w, h)
	if !kept || c.tess != t || c.look != k {
		c.cam, c.tess, c.look, c.valid = cam, t, k, true
		c.drawn = pixelRect{canvasMargin, canvasMargin, canvasMargin + w, canvasMargin + h}
		return c.drawn, []pixelRect{c.drawn}, true
	}
	regions = append(regions, c.damage...)
	if grown := c.grow(win); grown != c.drawn {
		regions = append(regions, grown.minus(c.drawn)...)
		c.drawn = grown
	}
	return win, regions, false
}

// window is where a w x h view of cam lies on the canvas, if it lies on
// it whole and whole pixels from where the canvas put it.
func (c *mapCanvas) window(cam display.Camera2D, w, h int) (pixelRect, bool) {
	if !c.valid || w != c.viewW || h != c.viewH || cam.Scale != c.cam.Scale || cam.FlipY != c.cam.FlipY || cam.Ratio() != c.cam.Ratio() {
		return pixelRect{}, false
	}
	at := c.cam.ToScreen(cam.ToWorld(display.Vec2{}, w, h), c.w, c.h)
	x, y := math.Round(at.X), math.Round(at.Y)
	if math.Abs(at.X-x) > 1e-3 || math.Abs(at.Y-y) > 1e-3 {
		return pixelRect{}, false
	}
	r := pixelRect{int(x), int(y), int(x) + w, int(y) + h}
	return r, r.x0 >= 0 && r.y0 >= 0 && r.x1 <= c.w && r.y1 <= c.h
}

// grow is the part of the canvas drawn once the view's window win is:
// the drawn part, reaching past each side of it that win passes by
// canvasStep more, within the canvas.
func (c *mapCanvas) grow(win pixelRect) pixelRect {
	d := c.drawn
	if win.x0 < d.x0 {
		d.x0 = max(win.x0-canvasStep, 0)
	}
	if win.y0 < d.y0 {
		d.y0 = max(win.y0-canvasStep, 0)
	}
	if win.x1 > d.x1 {
		d.x1 = min(win.x1+canvasStep, c.w)
	}
	if win.y1 > d.y1 {
		d.y1 = min(win.y1+canvasStep, c.h)
	}
	return d
}

// markDamaged records that the pixels n vertices cover must be drawn
// again, when the canvas is kept: vertex i is at world point x, y
// (relative to origin) plus the pixel offset ox, oy.
func (c *mapCanvas) markDamaged(n int, at func(i int) (x, y, ox, oy float32), origin display.Vec3) {
	if !c.valid || n == 0 {
		return
	}
	lo, hi := display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	for i := range n {
		vx, vy, ox, oy := at(i)
		p := c.cam.ToScreen(display.Vec2{X: float64(vx) + origin.X, Y: float64(vy) + origin.Y}, c.w, c.h)
		p = display.Vec2{X: p.X + float64(ox), Y: p.Y + float64(oy)}
		lo, hi = display.Vec2{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}, display.Vec2{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
	}
	// Two pixels past the high ends, for glyphs snapped to whole pixels.
	if r := pixelsAround(lo, hi, 2, c.w+c.h).intersect(c.drawn); !r.empty() {
		c.damage = addDamage(c.damage, r)
	}
}

// markDamaged records the pixels of the canvas that the 2D items c
// names cover, as the tessellation has them.
func (g *GL) markDamaged(c display.Changes) {
	t := g.tess
	if !g.canvas.valid || g.canvas.tess != t {
		return
	}
	flat := func(s display.Span) {
		if s.Start+s.Count <= len(t.Flat) {
			vs := t.Flat[s.Start : s.Start+s.Count]
			g.canvas.markDamaged(len(vs), func(i int) (x, y, ox, oy float32) { return vs[i].X, vs[i].Y, vs[i].OX, vs[i].OY }, t.Origin)
		}
	}
	each := func(spans []display.Span, indexes []int) {
		for _, i := range indexes {
			if i >= 0 && i < len(spans) {
				flat(spans[i])
			}
		}
	}
	for _, i := range c.Polygons {
		if i < 0 || i >= len(t.Polygons) {
			continue
		}
		if !t.InAtlas[i] {
			flat(t.Polygons[i])
		} else if s := t.Polygons[i]; s.Start+s.Count <= len(t.Textured) {
			vs := t.Textured[s.Start : s.Start+s.Count]
			g.canvas.markDamaged(len(vs), func(i int) (x, y, ox, oy float32) { return vs[i].X, vs[i].Y, 0, 0 }, t.Origin)
		}
	}
	each(t.Lines, c.Lines)
	each(t.Markers, c.Markers)
	each(t.Labels, c.Labels)
}

// resize makes the canvas fit a w x h view.
func (c *mapCanvas) resize(w, h int) error {
	cw, ch := w+2*canvasMargin, h+2*canvasMargin
	if c.fbo == 0 {
		gl.GenFramebuffers(1, &c.fbo)
		gl.GenRenderbuffers(1, &c.rb)
	}
	if cw != c.w || ch != c.h {
		gl.BindRenderbuffer(gl.RENDERBUFFER, c.rb)
		gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(cw), int32(ch))
		gl.BindFramebuffer(gl.FRAMEBUFFER, c.fbo)
		gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, c.rb)
		if s := gl.CheckFramebufferStatus(gl.FRAMEBUFFER); s != gl.FRAMEBUFFER_COMPLETE {
			c.w, c.h, c.valid = 0, 0, false
			return fmt.Errorf("viewport: 2D framebuffer of %dx%d incomplete (0x%x)", cw, ch, s)
		}
		c.w, c.h = cw, ch
	}
	c.viewW, c.viewH = w, h
	return nil
}

// release deletes the canvas's framebuffer.
func (c *mapCanvas) release() {
	gl.DeleteFramebuffers(1, &c.fbo)
	gl.DeleteRenderbuffers(1, &c.rb)
}
