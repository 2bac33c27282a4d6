package turok

import "math"

// Proving rays clear without walking them. For one target point T, the
// horizon of a sector s is an upper bound of the slope, seen from T, of
// whatever a walk from s towards T tests on the way: the floor (less
// sightSlack) where it crosses an edge, the top of a wall it meets. A
// ray from a point E of s to T whose own slope, (E.z - T.z) over the
// distance in XY, is at least the horizon passes above everything it
// crosses, so the walk would find it clear.
//
// A walk from s leaves it through an edge that faces T (T lies on the
// edge's outer side) into the sector linked across it, so the horizon
// of s is the greatest, over its edges facing T, of the edge's own bound
// and the horizon of the sector across. Sectors are resolved outwards
// from T in that order of dependence, all of them in time linear in
// their number. An edge facing T with no link (a wall, or the edge of
// the surface) or a broken one, a degenerate sector and any sector the
// order does not reach give an infinite horizon: nothing is proven, and
// those rays are walked.
type horizon struct {
	w      *sightWalker
	slope  []float64
	facing []uint8 // by sector, bit j: edge j faces T
	wait   []int8  // by sector: edges facing T whose sector is unresolved; -1 for a sector never resolved
	bad    []bool  // by sector: its horizon is infinite
	queue  []int32
}

func newHorizon(w *sightWalker) *horizon {
	n := len(w.tri)
	return &horizon{w: w, slope: make([]float64, n), facing: make([]uint8, n), wait: make([]int8, n), bad: make([]bool, n),
		queue: make([]int32, 0, n)}
}

// compute sets every sector's horizon for the target point t.
func (h *horizon) compute(t vec) {
	w := h.w
	h.queue = h.queue[:0]
	for s := range w.tri {
		h.slope[s], h.facing[s], h.wait[s], h.bad[s] = math.Inf(1), 0, -1, false
		tri := &w.tri[s]
		if !tri.ok {
			continue
		}
		mask, wait, ok := facingEdges(tri, t)
		for j := range 3 {
			if mask&(1<<j) != 0 && w.back[s][j] < 0 {
				ok = false // a wall or a broken link faces T
			}
		}
		h.facing[s], h.wait[s], h.bad[s] = mask, wait, !ok
		if !ok {
			h.wait[s] = 0
		}
		if h.wait[s] == 0 {
			h.queue = append(h.queue, int32(s))
		}
	}
	for i := 0; i < len(h.queue); i++ {
		s := int(h.queue[i])
		tri := &w.tri[s]
		h.slope[s] = math.Inf(-1)
		if h.bad[s] {
			h.slope[s] = math.Inf(1)
		}
		for j := range 3 {
			k := w.back[s][j]
			if k < 0 {
				continue
			}
			n := int(tri.links[j])
			if !h.bad[s] && h.facing[s]&(1<<j) != 0 {
				h.slope[s] = max(h.slope[s], h.slope[n], edgeSlope(t, tri.p[j], tri.p[(j+1)%3]))
			}
			if h.facing[n]&(1<<k) != 0 && h.wait[n] > 0 {
				if h.wait[n]--; h.wait[n] == 0 {
					h.queue = append(h.queue, int32(n))
				}
			}
		}
	}
}

// facingEdges is the mask of t's edges whose outer side p lies on, how
// many of them there are, and false for a degenerate triangle. A point
// on the line of an edge but off the edge is on neither side: no ray
// from it enters the triangle there. A point on the edge itself is on
// neither side either, as rays from it start in the triangle, unless it
// lies below the floor there, where the walk may cross the edge last
// and find it blocked: then ok is false too.
func facingEdges(t *sightTri, p vec) (mask uint8, count int8, ok bool) {
	a, b, c := t.p[0], t.p[1], t.p[2]
	o := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
	if o == 0 || math.IsNaN(o) {
		return 0, 0, false
	}
	for j := range 3 {
		q, r := t.p[j], t.p[(j+1)%3]
		ex, ey := r.x-q.x, r.y-q.y
		inner := ex*(p.y-q.y) - ey*(p.x-q.x) // > 0 on the third corner's side
		if o < 0 {
			inner = -inner
		}
		tol := 1e-9 * (math.Abs(ex) + math.Abs(ey)) * (math.Abs(p.x-q.x) + math.Abs(p.y-q.y) + 1)
		switch {
		case inner < -tol:
			mask |= 1 << j
			count++
		case inner <= tol && segmentDistance(p, q, r) <= 1e-6*(math.Abs(ex)+math.Abs(ey)+1):
			if p.z < max(q.z, r.z)-sightSlack+1e-6 {
				return 0, 0, false
			}
		}
	}
	return mask, count, true
}

// edgeSlope bounds the slope from t of the floor (less sightSlack)
// along the edge p-q.
func edgeSlope(t, p, q vec) float64 {
	rise := max(p.z, q.z) - sightSlack - t.z
	if rise < 0 {
		far := max(length(p.x-t.x, p.y-t.y), length(q.x-t.x, q.y-t.y))
		if far == 0 {
			return math.Inf(1)
		}
		return rise / far
	}
	near := segmentDistance(t, p, q)
	if near == 0 {
		return math.Inf(1)
	}
	return rise / near
}

// segmentDistance is the distance in XY from t to the segment p-q.
func segmentDistance(t, p, q vec) float64 {
	ex, ey := q.x-p.x, q.y-p.y
	u := 0.0
	if n := ex*ex + ey*ey; n > 0 {
		u = min(1, max(0, ((t.x-p.x)*ex+(t.y-p.y)*ey)/n))
	}
	return length(p.x+u*ex-t.x, p.y+u*ey-t.y)
}

// length is the length of (x, y). It squares them, where math.Hypot
// scales them first, at several times the cost in the horizons' inner
// loop: the coordinates come from float32 values, whose squares float64
// holds without overflow.
func length(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// proves reports whether the ray from e, in sector s, to t is proven
// clear by s's horizon.
func (h *horizon) proves(s int, e, t vec) bool {
	d := length(e.x-t.x, e.y-t.y)
	u := h.slope[s]
	if d == 0 || math.IsInf(u, 1) {
		return math.IsInf(u, -1)
	}
	return (e.z-t.z)/d >= u+1e-9*(1+math.Abs(u))
}
