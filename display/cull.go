package display

import (
	"image"
	"math"
	"slices"
)

// cullChunk is how many vertices of the 2D (and of the 3D) vertices
// share a bounding box: 64 triangles. A frame skips the chunks outside
// the view, so that a view zoomed into a large map, or a region of the
// kept canvas drawn again, draws only what it shows, and blends only the
// chunks that hold a vertex not opaque (blending costs a software OpenGL
// much); list order, and so drawing order, is kept. Chunks of 256
// triangles made a selected polygon's frame a fifth slower.
const cullChunk = 3 * 64

// Box is the extent of a chunk of 2D vertices: their world points
// (relative to the tessellation's origin) and the largest pixel offset
// from them, which lines, markers and labels reach; and whether one of
// them is not opaque.
type Box struct {
	lo, hi      [2]float32
	reach       float32
	translucent bool
}

// boxesOf bounds each chunk of vs with bound (boxOf or texturedBoxOf).
func boxesOf[V any](vs []V, bound func([]V) Box) []Box {
	boxes := make([]Box, (len(vs)+cullChunk-1)/cullChunk)
	for i := range boxes {
		boxes[i] = bound(vs[i*cullChunk : min((i+1)*cullChunk, len(vs))])
	}
	return boxes
}

// boxOf bounds vs.
func boxOf(vs []FlatVertex) Box {
	b := emptyBox
	for _, v := range vs {
		b.take(v.X, v.Y)
		b.reach = max(b.reach, abs32(v.OX), abs32(v.OY))
		b.translucent = b.translucent || v.C[3] != 255
	}
	return b
}

// texturedBoxOf bounds textured 2D vertices, which reach no offset; the
// textured polygons are blended or not all together.
func texturedBoxOf(vs []TexturedVertex) Box {
	b := emptyBox
	for _, v := range vs {
		b.take(v.X, v.Y)
	}
	return b
}

// emptyBox bounds no point: any point taken is its extent.
var emptyBox = Box{lo: [2]float32{math.MaxFloat32, math.MaxFloat32}, hi: [2]float32{-math.MaxFloat32, -math.MaxFloat32}}

// take widens b to the world point x, y.
func (b *Box) take(x, y float32) {
	b.lo = [2]float32{min(b.lo[0], x), min(b.lo[1], y)}
	b.hi = [2]float32{max(b.hi[0], x), max(b.hi[1], y)}
}

// rebound bounds again, with bound, the chunks of vs that the spans
// changed.
func rebound[V any](boxes []Box, vs []V, spans []Span, bound func([]V) Box) {
	for _, c := range chunksOf(spans, len(boxes)) {
		boxes[c] = bound(vs[c*cullChunk : min((c+1)*cullChunk, len(vs))])
	}
}

// chunksOf lists the chunks, of n, that the spans reach, each once:
// a chunk holds many small items, and a change to all of them (a whole
// large map selected) would bound it again for each.
func chunksOf(spans []Span, n int) []int {
	var chunks []int
	for _, s := range spans {
		for c := s.Start / cullChunk; c < n && c*cullChunk < s.Start+s.Count; c++ {
			if k := len(chunks); k == 0 || chunks[k-1] != c {
				chunks = append(chunks, c)
			}
		}
	}
	slices.Sort(chunks)
	return slices.Compact(chunks)
}

// View2D is what a map camera shows, as the culling tests it: the world
// rectangle (relative to the tessellation's origin) and the world units
// of a pixel.
type View2D struct {
	lo, hi   Vec2
	perPixel float64
}

// ViewOf is the view of cam in the pixels r of a w x h frame (the whole
// frame, or a region of the kept canvas drawn again) of a tessellation
// with its origin at o.
func ViewOf(cam Camera2D, w, h int, r image.Rectangle, o Vec3) View2D {
	a, b := cam.ToWorld(Vec2{X: float64(r.Min.X), Y: float64(r.Min.Y)}, w, h), cam.ToWorld(Vec2{X: float64(r.Max.X), Y: float64(r.Max.Y)}, w, h)
	return View2D{lo: Vec2{min(a.X, b.X) - o.X, min(a.Y, b.Y) - o.Y}, hi: Vec2{max(a.X, b.X) - o.X, max(a.Y, b.Y) - o.Y},
		perPixel: 1 / cam.Scale}
}

// shows reports whether the view shows part of b.
func (v View2D) shows(b Box) bool {
	return v.showsPoints([]Vec2{{float64(b.lo[0]), float64(b.lo[1])}, {float64(b.hi[0]), float64(b.hi[1])}}, float64(b.reach))
}

// showsPoints reports whether the view shows part of the box around
// pts widened by margin pixels.
func (v View2D) showsPoints(pts []Vec2, margin float64) bool {
	if len(pts) == 0 {
		return false
	}
	lo, hi := pts[0], pts[0]
	for _, p := range pts[1:] {
		lo, hi = Vec2{min(lo.X, p.X), min(lo.Y, p.Y)}, Vec2{max(hi.X, p.X), max(hi.Y, p.Y)}
	}
	m := v.slack(margin)
	return lo.X-m <= v.hi.X && hi.X+m >= v.lo.X && lo.Y-m <= v.hi.Y && hi.Y+m >= v.lo.Y
}

// holds reports whether the view shows all of b.
func (v View2D) holds(b Box) bool {
	m := v.slack(float64(b.reach))
	return float64(b.lo[0])-m >= v.lo.X && float64(b.hi[0])+m <= v.hi.X && float64(b.lo[1])-m >= v.lo.Y && float64(b.hi[1])+m <= v.hi.Y
}

// slack is how far, in world units, past an item's points the pixels it
// covers may reach: reach pixels, and a pixel more for rounding.
func (v View2D) slack(reach float64) float64 { return (reach + 1) * v.perPixel }

// showsTriangle reports whether the view shows part of the triangle of
// vertices k, k+1 and k+2, whose corners corner gives.
func (v View2D) showsTriangle(k int, corner func(i int) (x, y, reach float32)) bool {
	b := emptyBox
	for i := k; i < k+3; i++ {
		x, y, reach := corner(i)
		b.take(x, y)
		b.reach = max(b.reach, reach)
	}
	return v.shows(b)
}

// FlatCorner and texturedCorner are the corners of 2D vertices, as
// visible takes them: the world point and how many pixels from it the
// vertex lies.
func FlatCorner(vs []FlatVertex) func(int) (x, y, reach float32) {
	return func(i int) (x, y, reach float32) { return vs[i].X, vs[i].Y, max(abs32(vs[i].OX), abs32(vs[i].OY)) }
}

func TexturedCorner(vs []TexturedVertex) func(int) (x, y, reach float32) {
	return func(i int) (x, y, reach float32) { return vs[i].X, vs[i].Y, 0 }
}

// DrawRun is a stretch of vertices a frame draws, from up to to; of 2D
// vertices, blended when translucent.
type DrawRun struct {
	From, To    int
	Translucent bool
}

// Visible appends to runs the stretches of the triangles from vertex
// from up to to that the view shows, in order, each translucent when its
// chunk holds a vertex not opaque. A chunk the view holds whole is one
// stretch. Of a chunk it shows part of, only the triangles it shows part
// of are drawn, their corners as corner gives them: a small region of
// the canvas drawn again then draws little more than what lies in it,
// where its chunks, in list order, reach across the map.
func (v View2D) Visible(runs []DrawRun, boxes []Box, from, to int, corner func(i int) (x, y, reach float32)) []DrawRun {
	add := func(lo, hi int, translucent bool) {
		if n := len(runs); n > 0 && runs[n-1].To == lo && runs[n-1].Translucent == translucent {
			runs[n-1].To = hi
			return
		}
		runs = append(runs, DrawRun{lo, hi, translucent})
	}
	for c := from / cullChunk; c*cullChunk < to && c < len(boxes); c++ {
		lo, hi, b := max(from, c*cullChunk), min(to, (c+1)*cullChunk), boxes[c]
		switch {
		case !v.shows(b):
		case v.holds(b):
			add(lo, hi, b.translucent)
		default:
			for k := lo; k+3 <= hi; k += 3 {
				if v.showsTriangle(k, corner) {
					add(k, k+3, b.translucent)
				}
			}
		}
	}
	return runs
}

func abs32(f float32) float32 { return float32(math.Abs(float64(f))) }
