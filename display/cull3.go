package display

import "math"

// Box3 is the extent of a chunk of cullChunk 3D vertices, relative to
// the tessellation's origin: a 3D frame skips the chunks wholly behind
// the eye or outside the view.
type Box3 struct{ Lo, Hi Vec3 }

// boxes3Of bounds each chunk of n vertices whose points at gives.
func boxes3Of(n int, at func(i int) Vec3) []Box3 {
	boxes := make([]Box3, (n+cullChunk-1)/cullChunk)
	for c := range boxes {
		boxes[c] = box3Of(c*cullChunk, min((c+1)*cullChunk, n), at)
	}
	return boxes
}

// box3Of bounds the points of vertices from up to to.
func box3Of(from, to int, at func(i int) Vec3) Box3 {
	b := Box3{Lo: Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, Hi: Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for i := from; i < to; i++ {
		p := at(i)
		b.Lo = Vec3{min(b.Lo.X, p.X), min(b.Lo.Y, p.Y), min(b.Lo.Z, p.Z)}
		b.Hi = Vec3{max(b.Hi.X, p.X), max(b.Hi.Y, p.Y), max(b.Hi.Z, p.Z)}
	}
	return b
}

// rebound3 bounds again the chunks that the spans changed.
func rebound3(boxes []Box3, n int, at func(i int) Vec3, spans []Span) {
	for _, c := range chunksOf(spans, len(boxes)) {
		boxes[c] = box3Of(c*cullChunk, min((c+1)*cullChunk, n), at)
	}
}

// SolidAt and texturedAt are the points of 3D vertices, as boxes3Of takes them.
func SolidAt(vs []SolidVertex) func(int) Vec3 {
	return func(i int) Vec3 { return Vec3{float64(vs[i].X), float64(vs[i].Y), float64(vs[i].Z)} }
}

func TexturedAt(vs []TexturedVertex) func(int) Vec3 {
	return func(i int) Vec3 { return Vec3{float64(vs[i].X), float64(vs[i].Y), float64(vs[i].Z)} }
}

// Frustum is a 3D frame's transform from points relative to the
// tessellation's origin to clip coordinates.
type Frustum Matrix

// shows reports whether part of b may be in view: it is not when all
// its corners lie beyond one side of the clip volume (a point behind
// the eye lies beyond the near side).
func (f Frustum) shows(b Box3) bool {
	var beyond [6]int // corners beyond -x, +x, -y, +y, near, far
	for k := range 8 {
		p := b.Lo
		if k&1 != 0 {
			p.X = b.Hi.X
		}
		if k&2 != 0 {
			p.Y = b.Hi.Y
		}
		if k&4 != 0 {
			p.Z = b.Hi.Z
		}
		c := Matrix(f).apply(p)
		for axis := range 3 {
			if c[axis] < -c[3] {
				beyond[2*axis]++
			}
			if c[axis] > c[3] {
				beyond[2*axis+1]++
			}
		}
	}
	for _, n := range beyond {
		if n == 8 {
			return false
		}
	}
	return true
}

// Visible appends to runs the stretches of vertices from up to to that
// lie in chunks f shows, in order. Unlike the map's, a 3D region drawn
// again is not culled triangle by triangle: llvmpipe rejects the
// triangles outside its scissor rectangle for less than projecting
// their corners costs.
func (f Frustum) Visible(runs []DrawRun, boxes []Box3, from, to int) []DrawRun {
	for c := from / cullChunk; c*cullChunk < to && c < len(boxes); c++ {
		if !f.shows(boxes[c]) {
			continue
		}
		lo, hi := max(from, c*cullChunk), min(to, (c+1)*cullChunk)
		if n := len(runs); n > 0 && runs[n-1].To == lo {
			runs[n-1].To = hi
		} else {
			runs = append(runs, DrawRun{From: lo, To: hi})
		}
	}
	return runs
}
