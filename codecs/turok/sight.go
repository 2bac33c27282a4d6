package turok

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Visibility by line of sight: which static meshes can be seen from
// each sector, by rays from sample points of the sector to sample
// points of the mesh's bounding box, blocked by the terrain and by the
// walls of the collision surface.
//
// The sample points of a sector are its centroid and its three corners
// each pulled a sixteenth of the way towards the centroid (so that a ray
// starts inside the sector, not on a vertex shared by many), all raised
// EyeHeight above the floor but kept under the ceiling. The sample
// points of a mesh are the centre and the eight corners of its bounding
// box (BoundsMin..BoundsMax, in world space). A mesh is visible from a
// sector when any ray from a sector point to a mesh point gets through;
// the first clear ray ends the search.
//
// A ray is walked through the sectors it crosses in XY, from edge to
// edge by the edge links, so its cost is the number of sectors it
// crosses. At each crossing it is blocked by the terrain when it passes
// more than sightSlack below the edge's floor, and by a wall (an edge
// without a link) when it passes below the wall's top, the ceiling
// height along the edge. A ray above a wall's top leaves the collision
// surface; it is then walked back from its end, if the end lies over a
// sector, up to where it came back over the surface, and the stretch in
// between (over no sector) blocks nothing.
//
// Most rays need no walk: for each target point, one pass over the
// sectors bounds what any ray from a sector to it can meet (see
// horizon), which proves most clear rays clear at once. Only the pairs
// it leaves open, hidden ones among them, are walked. A target point
// costs the sectors still open and those between them and it, so the
// whole costs at most sectors x meshes.

// EyeHeight is how far above the floor the sample points of a sector
// are: about the height of the player's eyes, in world units.
const EyeHeight = 48

// sightSlack is how far a ray may pass below a floor before the floor
// blocks it, in world units: it lets a ray graze the terrain, and reach
// the bottom corners of a mesh standing on it.
const sightSlack = 1

// sightShrink is how far a sector's corner sample points are pulled in
// towards its centroid, as a fraction of the way.
const sightShrink = 1.0 / 16

// SightVisibility computes visibility tables for the map's sectors and
// static meshes by line of sight (see EyeHeight). Sectors whose corners
// point nowhere see nothing. The meshes are shared out among the
// processors, sightGroup at a time.
func (m *Map) SightVisibility() *Visibility {
	v, _ := m.SightVisibilityContext(context.Background(), nil)
	return v
}

// SightVisibilityContext computes the tables as SightVisibility does,
// calling progress (when not nil) with the meshes done and their count
// as each is done, from any goroutine; it stops with ctx's error when
// ctx is cancelled.
func (m *Map) SightVisibilityContext(ctx context.Context, progress func(done, total int)) (*Visibility, error) {
	v := m.NewVisibility()
	var targets [][9]vec
	for _, s := range m.Sections {
		for _, mesh := range s.Meshes {
			targets = append(targets, meshPoints(mesh))
		}
	}
	if len(targets) == 0 || len(m.Sectors) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return v, nil
	}
	w := newSightWalker(m)
	eyes := make([][4]vec, len(m.Sectors))
	seeing := make([]bool, len(m.Sectors)) // sectors with sample points
	for s := range m.Sectors {
		eyes[s], seeing[s] = w.eyes(s)
	}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			h := newHorizon(w)
			seen := make([]bool, len(m.Sectors))
			left := make([]int32, 0, len(m.Sectors))
			block := make([]uint64, len(m.Sectors)) // by sector, a bit per mesh of the group
			for {
				first := (int(next.Add(1)) - 1) * sightGroup
				if first >= len(targets) {
					return
				}
				last := min(first+sightGroup, len(targets))
				for c := first; c < last; c++ {
					if ctx.Err() != nil {
						return
					}
					w.column(h, eyes, seeing, &targets[c], seen, left)
					for s, ok := range seen {
						if ok {
							block[s] |= 1 << (c - first)
						}
					}
					if n := done.Add(1); progress != nil {
						progress(int(n), len(targets))
					}
				}
				v.setGroup(first, last, block)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return v, nil
}

// sightGroup is how many meshes a worker computes before it writes their
// bits: 8 bytes of each row, which no other worker writes. Written a
// mesh at a time, a column of bits strides through the whole table,
// which on a big map (27 MB at 51,200 sectors and 4,267 meshes) costs a
// cache miss a row for each mesh.
const sightGroup = 64

// setGroup writes the bits of meshes first to last-1 (a sightGroup
// starting at a multiple of it), block[s] holding sector s's, and
// clears block.
func (v *Visibility) setGroup(first, last int, block []uint64) {
	from, to := first/8, (last+7)/8
	for s, bits := range block {
		if bits == 0 {
			continue
		}
		row := v.Data[s*int(v.Stride):]
		for i := from; i < to; i++ {
			row[i] |= byte(bits >> (8 * (i - from)))
		}
		block[s] = 0
	}
}

// column sets seen[s] for the sectors that see a mesh: first those whose
// horizon proves a ray clear, target point by target point, then, for
// the rest, by walking the rays. left is scratch space for the sectors
// not yet shown to see it.
func (w *sightWalker) column(h *horizon, eyes [][4]vec, seeing []bool, targets *[9]vec, seen []bool, left []int32) {
	clear(seen)
	left = left[:0]
	for s, ok := range seeing {
		if ok {
			left = append(left, int32(s))
		}
	}
	for _, t := range targets {
		if len(left) == 0 {
			return
		}
		h.aim(t)
		kept := left[:0]
		for _, s := range left {
			if !slices.ContainsFunc(eyes[s][:], func(e vec) bool { return h.proves(int(s), e) }) {
				kept = append(kept, s)
				continue
			}
			seen[s] = true
		}
		left = kept
	}
	for _, s := range left {
		seen[s] = w.seesAny(int(s), &eyes[s], targets)
	}
}

// vec is a point in float64, for the walk's arithmetic.
type vec struct{ x, y, z float64 }

func vecOf(p Vec3) vec { return vec{float64(p.X), float64(p.Y), float64(p.Z)} }

// meshPoints is the corners and the centre of a mesh's box: the top
// corners first, as rays to them clear the ground most often, then the
// centre, then the bottom corners.
func meshPoints(s StaticMesh) [9]vec {
	lo, hi := vecOf(s.BoundsMin), vecOf(s.BoundsMax)
	var p [9]vec
	for i := range 4 {
		x, y := lo.x, lo.y
		if i&1 != 0 {
			x = hi.x
		}
		if i&2 != 0 {
			y = hi.y
		}
		p[i], p[i+5] = vec{x, y, hi.z}, vec{x, y, lo.z}
	}
	p[4] = vec{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2}
	return p
}

// sightWalker walks rays through a map's sectors; it only reads the map.
type sightWalker struct {
	m   *Map
	loc *Locator
	// tri is each sector's corners (floors in z, ceilings beside) and
	// links, ok false when a corner points nowhere.
	tri []sightTri
	// back[s][j] is the edge of the sector across edge j of s that links
	// back to s over the same two vertices, -1 for none (a wall, a
	// broken link, a sector whose corners point nowhere).
	back [][3]int8
}

type sightTri struct {
	p     [3]vec
	ceil  [3]float64
	links [3]uint16
	ok    bool
}

func newSightWalker(m *Map) *sightWalker {
	w := &sightWalker{m: m, loc: m.Locator(), tri: make([]sightTri, len(m.Sectors))}
	for i, s := range m.Sectors {
		t := sightTri{links: s.Links, ok: true}
		for j, vi := range s.Vertices {
			if int(vi) >= len(m.Vertices) {
				t.ok = false
				break
			}
			t.p[j], t.ceil[j] = vecOf(m.Vertices[vi].Position), float64(m.Vertices[vi].Height)
		}
		w.tri[i] = t
	}
	w.back = make([][3]int8, len(m.Sectors))
	for i := range m.Sectors {
		for j := range 3 {
			w.back[i][j] = w.backEdge(i, j)
		}
	}
	return w
}

// backEdge is the one edge of the sector across edge j of sector i that
// links back to i over the same vertices, or -1.
func (w *sightWalker) backEdge(i, j int) int8 {
	n := int(w.tri[i].links[j])
	if n >= len(w.tri) || !w.tri[i].ok || !w.tri[n].ok {
		return -1
	}
	v := &w.m.Sectors[i].Vertices
	key := keyOf(v[j], v[(j+1)%3])
	found := int8(-1)
	for k := range 3 {
		u := &w.m.Sectors[n].Vertices
		if int(w.tri[n].links[k]) == i && keyOf(u[k], u[(k+1)%3]) == key {
			if found >= 0 {
				return -1
			}
			found = int8(k)
		}
	}
	return found
}

// eyes is sector s's sample points: its centroid, then its corners
// pulled in.
func (w *sightWalker) eyes(s int) (e [4]vec, ok bool) {
	t := &w.tri[s]
	if !t.ok {
		return e, false
	}
	c := vec{(t.p[0].x + t.p[1].x + t.p[2].x) / 3, (t.p[0].y + t.p[1].y + t.p[2].y) / 3, (t.p[0].z + t.p[1].z + t.p[2].z) / 3}
	ceil := (t.ceil[0] + t.ceil[1] + t.ceil[2]) / 3
	e[0] = raise(c, ceil)
	for j, p := range t.p {
		q := vec{p.x + (c.x-p.x)*sightShrink, p.y + (c.y-p.y)*sightShrink, p.z + (c.z-p.z)*sightShrink}
		e[j+1] = raise(q, t.ceil[j]+(ceil-t.ceil[j])*sightShrink)
	}
	return e, true
}

// raise lifts a floor point EyeHeight up, but not past a point under the
// ceiling (nor below the floor when the ceiling is lower still).
func raise(p vec, ceil float64) vec {
	p.z = max(p.z, min(p.z+EyeHeight, ceil-sightSlack))
	return p
}

// seesAny reports whether any ray from sector s's sample points reaches
// any of a mesh's sample points.
func (w *sightWalker) seesAny(s int, eyes *[4]vec, targets *[9]vec) bool {
	for _, to := range targets {
		for _, from := range eyes {
			if w.reaches(s, from, to) {
				return true
			}
		}
	}
	return false
}

// walkResult is how a walk ended.
type walkResult uint8

const (
	walkReached walkResult = iota // the end lies in the sector reached
	walkBlocked                   // terrain or a wall blocked the ray
	walkLeft                      // the ray left the surface over a wall
)

// reaches reports whether the ray from a (in sector s) to b gets through.
func (w *sightWalker) reaches(s int, a, b vec) bool {
	switch w.walk(s, a, b) {
	case walkReached:
		return true
	case walkBlocked:
		return false
	}
	end := w.loc.SectorAt(Vec3{float32(b.x), float32(b.y), float32(b.z)})
	if end < 0 || !w.tri[end].ok {
		return true // over no sector from the wall on
	}
	// Back from the end towards a: reaching a's sector means the ray
	// came back over the surface somewhere the forward walk missed;
	// either way only walls and terrain met on the way count.
	return w.walk(end, b, a) != walkBlocked
}

// walk follows the ray from a, which lies in sector s, towards b, edge by
// edge, until the sector that holds b, a block, or the surface's edge.
func (w *sightWalker) walk(s int, a, b vec) walkResult {
	d := vec{b.x - a.x, b.y - a.y, b.z - a.z}
	from, last := -1, math.Inf(-1)
	for range len(w.tri) + 1 {
		t := &w.tri[s]
		if !t.ok {
			return walkLeft
		}
		edge, at, u := exitEdge(t, from, a, d)
		if edge < 0 || at >= 1 || at < last-1e-9 {
			return walkReached // (going back: lost to rounding; count it seen)
		}
		last = at
		p, q := t.p[edge], t.p[(edge+1)%3]
		z := a.z + d.z*at
		if floor := p.z + (q.z-p.z)*u; z < floor-sightSlack {
			return walkBlocked
		}
		link := int(t.links[edge])
		if link == NoLink || link >= len(w.tri) {
			top := t.ceil[edge] + (t.ceil[(edge+1)%3]-t.ceil[edge])*u
			if z < top {
				return walkBlocked
			}
			return walkLeft
		}
		from, s = s, link
	}
	return walkReached
}

// exitEdge is the edge of t where the ray a + k*d leaves it (the crossing
// with the greatest k), that k and where along the edge it crosses (0 at
// its first vertex, 1 at its second); edge is -1 when the ray's line
// misses the triangle. The edge back to sector from is never the exit,
// so that a ray through a vertex turns around it, sector by sector,
// rather than back.
func exitEdge(t *sightTri, from int, a, d vec) (edge int, k, u float64) {
	const eps = 1e-9
	edge, k = -1, math.Inf(-1)
	for j := range 3 {
		if from >= 0 && int(t.links[j]) == from {
			continue
		}
		p, q := t.p[j], t.p[(j+1)%3]
		ex, ey := q.x-p.x, q.y-p.y
		den := d.x*ey - d.y*ex
		if den == 0 {
			continue
		}
		wx, wy := p.x-a.x, p.y-a.y
		kj := (wx*ey - wy*ex) / den
		uj := (wx*d.y - wy*d.x) / den
		if uj >= -eps && uj <= 1+eps && kj > k {
			edge, k, u = j, kj, min(1, max(0, uj))
		}
	}
	return edge, k, u
}

// ChangedBits counts the mesh bits that differ between two tables of
// the same shape, over the first meshes columns (the bits past them are
// row padding); rows or columns one table lacks count as changed where
// the other has the bit set.
func ChangedBits(a, b *Visibility, meshes int) int {
	rows := max(int(a.Count), int(b.Count))
	n := 0
	for r := range rows {
		for c := range meshes {
			if a.Visible(r, c) != b.Visible(r, c) {
				n++
			}
		}
	}
	return n
}
