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
// and the horizon of the sector across. A horizon is worked out when a
// proof asks for it, following those edges towards T and keeping every
// horizon met for the rest of the target point, so that a point costs
// the sectors still unproven and those between them and T, not the
// whole map. An edge facing T with no link (a wall, or the edge of the
// surface) or a broken one, a degenerate sector and a sector that comes
// back to itself along the edges give an infinite horizon: nothing is
// proven, and those rays are walked.
type horizon struct {
	w     *sightWalker
	t     vec       // the target point
	slope []float64 // by sector, the horizon, once state says it is known
	// state is by sector: gen while its horizon is being worked out,
	// gen+1 once known for this target; anything else is a horizon of
	// an earlier target.
	state []uint32
	gen   uint32
}

func newHorizon(w *sightWalker) *horizon {
	n := len(w.tri)
	return &horizon{w: w, slope: make([]float64, n), state: make([]uint32, n)}
}

// aim forgets every horizon and makes t the target point.
func (h *horizon) aim(t vec) {
	h.t = t
	if h.gen += 2; h.gen == 0 { // wrapped: old stamps could pass for new ones
		clear(h.state)
		h.gen = 2
	}
}

// of is sector s's horizon for the target point.
func (h *horizon) of(s int) float64 {
	switch h.state[s] {
	case h.gen + 1:
		return h.slope[s]
	case h.gen:
		return math.Inf(1) // the edges facing T came back to s
	}
	h.state[s] = h.gen
	w, tri := h.w, &h.w.tri[s]
	u := math.Inf(1)
	mask, ok := facingEdges(tri, h.t) // a sector whose corners point nowhere is degenerate
	if tri.ok && ok {
		u = math.Inf(-1)
		for j := range 3 {
			if mask&(1<<j) == 0 {
				continue
			}
			if w.back[s][j] < 0 { // a wall or a broken link faces T
				u = math.Inf(1)
				break
			}
			u = max(u, edgeSlope(h.t, tri.p[j], tri.p[(j+1)%3]), h.of(int(tri.links[j])))
			if math.IsInf(u, 1) {
				break
			}
		}
	}
	h.slope[s], h.state[s] = u, h.gen+1
	return u
}

// facingEdges is the mask of t's edges whose outer side p lies on, and
// false for a degenerate triangle. A point
// on the line of an edge but off the edge is on neither side: no ray
// from it enters the triangle there. A point on the edge itself is on
// neither side either, as rays from it start in the triangle, unless it
// lies below the floor there, where the walk may cross the edge last
// and find it blocked: then ok is false too.
func facingEdges(t *sightTri, p vec) (mask uint8, ok bool) {
	a, b, c := t.p[0], t.p[1], t.p[2]
	o := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
	if o == 0 || math.IsNaN(o) {
		return 0, false
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
		case inner <= tol && segmentDistance(p, q, r) <= 1e-6*(math.Abs(ex)+math.Abs(ey)+1):
			if p.z < max(q.z, r.z)-sightSlack+1e-6 {
				return 0, false
			}
		}
	}
	return mask, true
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

// proves reports whether the ray from e, in sector s, to the target
// point is proven clear by s's horizon.
func (h *horizon) proves(s int, e vec) bool {
	t := h.t
	d := length(e.x-t.x, e.y-t.y)
	u := h.of(s)
	if d == 0 || math.IsInf(u, 1) {
		return math.IsInf(u, -1)
	}
	return (e.z-t.z)/d >= u+1e-9*(1+math.Abs(u))
}
