package viewport

import "math"

// box3 is the extent of a chunk of cullChunk 3D vertices, relative to
// the tessellation's origin: a 3D frame skips the chunks wholly behind
// the eye or outside the view.
type box3 struct{ lo, hi Vec3 }

// boxes3Of bounds each chunk of n vertices whose points at gives.
func boxes3Of(n int, at func(i int) Vec3) []box3 {
	boxes := make([]box3, (n+cullChunk-1)/cullChunk)
	for c := range boxes {
		boxes[c] = box3Of(c*cullChunk, min((c+1)*cullChunk, n), at)
	}
	return boxes
}

// box3Of bounds the points of vertices from up to to.
func box3Of(from, to int, at func(i int) Vec3) box3 {
	b := box3{lo: Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, hi: Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for i := from; i < to; i++ {
		p := at(i)
		b.lo = Vec3{min(b.lo.X, p.X), min(b.lo.Y, p.Y), min(b.lo.Z, p.Z)}
		b.hi = Vec3{max(b.hi.X, p.X), max(b.hi.Y, p.Y), max(b.hi.Z, p.Z)}
	}
	return b
}

// rebound3 bounds again the chunks that the spans changed.
func rebound3(boxes []box3, n int, at func(i int) Vec3, spans []span) {
	for _, c := range chunksOf(spans, len(boxes)) {
		boxes[c] = box3Of(c*cullChunk, min((c+1)*cullChunk, n), at)
	}
}

// solidAt and texturedAt are the points of 3D vertices, as boxes3Of takes them.
func solidAt(vs []vertex3) func(int) Vec3 {
	return func(i int) Vec3 { return Vec3{float64(vs[i].X), float64(vs[i].Y), float64(vs[i].Z)} }
}

func texturedAt(vs []texVertex) func(int) Vec3 {
	return func(i int) Vec3 { return Vec3{float64(vs[i].X), float64(vs[i].Y), float64(vs[i].Z)} }
}

// frustum is a 3D frame's transform from points relative to the
// tessellation's origin to clip coordinates.
type frustum Matrix

// shows reports whether part of b may be in view: it is not when all
// its corners lie beyond one side of the clip volume (a point behind
// the eye lies beyond the near side).
func (f frustum) shows(b box3) bool {
	var beyond [6]int // corners beyond -x, +x, -y, +y, near, far
	for k := range 8 {
		p := b.lo
		if k&1 != 0 {
			p.X = b.hi.X
		}
		if k&2 != 0 {
			p.Y = b.hi.Y
		}
		if k&4 != 0 {
			p.Z = b.hi.Z
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

// visible appends to runs the stretches of vertices from up to to that
// lie in chunks f shows, in order. Unlike the map's, a 3D region drawn
// again is not culled triangle by triangle: llvmpipe rejects the
// triangles outside its scissor rectangle for less than projecting
// their corners costs.
func (f frustum) visible(runs []drawRun, boxes []box3, from, to int) []drawRun {
	for c := from / cullChunk; c*cullChunk < to && c < len(boxes); c++ {
		if !f.shows(boxes[c]) {
			continue
		}
		lo, hi := max(from, c*cullChunk), min(to, (c+1)*cullChunk)
		if n := len(runs); n > 0 && runs[n-1].to == lo {
			runs[n-1].to = hi
		} else {
			runs = append(runs, drawRun{from: lo, to: hi})
		}
	}
	return runs
}
