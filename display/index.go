package display

import (
	"cmp"
	"math"
	"slices"
)

// An Index finds the items of a list near a point of the map or along a
// ray, so that picking under the pointer tests those and not every item
// of a large list. It picks exactly what Pick2D, Stack2D and PickHit
// pick. Each kind of item with many of them is kept in a grid over the
// map's plane, built at the buildAfter-th pick since the list last
// changed whole, and then brought up to date by the Changes the list's
// renderer is given.
type Index struct {
	list *List
	bins [kinds]bins
	// linearBelow: a kind with fewer items than this is tested item by
	// item, not indexed; 0 means indexFrom.
	linearBelow int
}

// indexFrom is how many items of a kind make testing each of them at
// every move of the pointer cost more than keeping a grid of them.
const indexFrom = 4096

// GridAfter is the pick since the list last changed whole that builds
// a kind's grid; the picks before it test each item. A grid costs about
// as much as ten picks that test each item:
// a list that changes whole at every step of a drag, as System Shock's
// and Marathon's do, is picked from once a step, and tested item by
// item; a list the pointer moves over gets its grid within a few moves.
const GridAfter = 8

// Gridded reports whether the index holds a grid of the list's
// polygons, as a list of many of them gets at the buildAfter-th pick.
func (x *Index) Gridded() bool { return x.bins[polygonItems].built }

// SetList indexes l, which replaced the list or changed beyond what
// Changes name; its grids are built again when next needed.
func (x *Index) SetList(l *List) {
	x.list = l
	for k := range x.bins {
		x.bins[k] = bins{}
	}
}

// Update brings the built grids up to date with the items c names; c.All
// drops them, to be built again. A grid that c leaves out of step with
// its items (items added that c does not name, or gone without c.All)
// is dropped too.
func (x *Index) Update(c Changes) {
	if c.All {
		x.SetList(x.list)
		return
	}
	for k, changed := range [kinds][]int{c.Markers, c.Lines, c.Polygons, c.Triangles, c.Sprites} {
		b, n := &x.bins[k], x.count(kind(k))
		if !b.built {
			continue
		}
		for _, i := range changed {
			if i < 0 || i >= n {
				break
			}
			b.place(i, x.footprint(kind(k), i))
		}
		if len(b.spans) != n {
			x.bins[k] = bins{}
		}
	}
}

// Pick2D is Pick2D of the indexed list.
func (x *Index) Pick2D(cam Camera2D, s Vec2, w, h int, tolerance float64) ID {
	return top(x.Stack2D(cam, s, w, h, tolerance, 1))
}

// Stack2D is Stack2D of the indexed list.
func (x *Index) Stack2D(cam Camera2D, s Vec2, w, h int, tolerance float64, most int) []ID {
	// A marker or line is picked within its reach and the tolerance, a
	// polygon inside it; and the pointer's point, in world units, is as
	// far off as the camera's rounding puts it.
	rounding := roundingMargin * (math.Abs(cam.Center.X) + math.Abs(cam.Center.Y) + (math.Abs(s.X)+math.Abs(s.Y)+float64(w+h))/math.Abs(cam.Scale))
	return stack2D(x.list, cam, s, w, h, tolerance, most, func(k kind, p Vec2) ([]int32, bool) {
		b := x.grid(k)
		if b == nil {
			return nil, true
		}
		if k == polygonItems {
			return b.near(p, rounding)
		}
		return b.near(p, (b.reach+tolerance)/cam.Scale+rounding)
	})
}

// PickHit is PickHit of the indexed list.
func (x *Index) PickHit(cam Camera3D, s Vec2, w, h int) (Hit, bool) {
	eye, dir := cam.Ray(s, w, h)
	n := nearest{l: x.list, eye: eye, dir: dir, d: math.Inf(1)}
	// An eye past ±hugeCoordinate puts the ray where the walk's distances
	// round too coarsely to be trusted: each item is tested.
	far := !bounded(eye.X) || !bounded(eye.Y)
	for _, k := range []kind{triangleItems, spriteItems} {
		b := x.grid(k)
		if b == nil || far {
			for i := range x.count(k) {
				n.test(k, i)
			}
			continue
		}
		b.walk(eye, dir, func(cell []int32, enter float64) bool {
			if enter > n.d+roundingMargin*(math.Abs(n.d)+1) {
				return false
			}
			for _, i := range cell {
				n.test(k, int(i))
			}
			return true
		})
	}
	return n.hit()
}

// count is how many items of kind k the list has.
func (x *Index) count(k kind) int {
	l := x.list
	return [kinds]int{len(l.Markers), len(l.Lines), len(l.Polygons), len(l.Triangles), len(l.Sprites)}[k]
}

// grid is the grid of kind k for a pick, or nil when the pick is to
// test each item: the list has too few of them, or this is not yet its
// buildAfter-th pick since it changed whole, which builds the grid.
func (x *Index) grid(k kind) *bins {
	b := &x.bins[k]
	if b.built {
		return b
	}
	n, below := x.count(k), x.linearBelow
	if below == 0 {
		below = indexFrom
	}
	b.picks++
	if n < below || b.picks < GridAfter {
		return nil
	}
	b.build(n, func(i int) footprint { return x.footprint(k, i) })
	return b
}

// A footprint is what an item covers of the map's plane, and how far
// beyond it, in pixels, the pointer may be to pick it. An item with a
// coordinate that is not finite, or so large that the picking tests'
// arithmetic overflows (past ±hugeCoordinate), covers the whole plane:
// what those tests find of it is no geometry to bound.
type footprint struct {
	lo, hi Vec2
	reach  float64
}

// roundingMargin is how far, relative to the numbers involved, the grid
// reaches past what it finds, against rounding: a footprint is widened
// by it, a pointer's reach and a ray's length lengthened. The picking
// tests' own rounding stays within a tenth of it (inBox).
const roundingMargin = 1e-9

// hugeCoordinate is the largest coordinate of an item whose picking
// tests cannot overflow: their products of two differences stay finite.
const hugeCoordinate = 1e150

// add widens f to hold p.
func (f *footprint) add(p Vec2) {
	if !bounded(p.X) || !bounded(p.Y) {
		f.everywhere()
		return
	}
	f.lo = Vec2{min(f.lo.X, p.X), min(f.lo.Y, p.Y)}
	f.hi = Vec2{max(f.hi.X, p.X), max(f.hi.Y, p.Y)}
}

// everywhere widens f to the whole plane.
func (f *footprint) everywhere() {
	inf := math.Inf(1)
	f.lo, f.hi = Vec2{-inf, -inf}, Vec2{inf, inf}
}

// footprint is what item i of kind k covers.
func (x *Index) footprint(k kind, i int) footprint {
	inf := math.Inf(1)
	f := footprint{lo: Vec2{inf, inf}, hi: Vec2{-inf, -inf}}
	l := x.list
	switch k {
	case markerItems:
		f.add(l.Markers[i].At)
		f.reach = l.Markers[i].Size / 2
	case lineItems:
		f.add(l.Lines[i].A)
		f.add(l.Lines[i].B)
		f.reach = l.Lines[i].Width / 2
	case polygonItems:
		for _, p := range l.Polygons[i].Points {
			f.add(p)
		}
	case triangleItems:
		for _, p := range [3]Vec3{l.Triangles[i].A, l.Triangles[i].B, l.Triangles[i].C} {
			f.add(Vec2{p.X, p.Y})
			if !bounded(p.Z) {
				f.everywhere()
			}
		}
	case spriteItems:
		// A sprite turns to face the eye about its foot: it reaches half
		// its width from it, whichever way it faces.
		sp := l.Sprites[i]
		half := math.Abs(sp.Width) / 2
		f.add(Vec2{sp.At.X - half, sp.At.Y - half})
		f.add(Vec2{sp.At.X + half, sp.At.Y + half})
		if !bounded(sp.At.Z) || !bounded(sp.Height) {
			f.everywhere()
		}
	}
	return f
}

// bins is a grid of square cells over the map's plane, each listing the
// items of one kind whose footprint reaches it. The outermost cells
// reach on without end, so that an item anywhere has cells, whatever
// the grid was built for.
type bins struct {
	built bool
	picks int     // picks since the list changed whole, before the grid is built
	lo    Vec2    // the corner of cell (0, 0)
	size  float64 // a cell's side
	cols  int
	rows  int
	cells [][]int32
	spans []cellSpan // the cells each item is in
	reach float64    // the largest reach of the items, in pixels
}

// A cellSpan is the cells from column c0 and row r0 to c1 and r1,
// inclusive; none when c0 > c1.
type cellSpan struct{ c0, r0, c1, r1 int32 }

// nowhere is the span of no cells.
var nowhere = cellSpan{c0: 1}

// The grid's size: about two items to a cell, at most maxSide cells
// along a side.
const (
	itemsPerCell = 2
	maxSide      = 256
)

// build grids the n items footprintOf gives, over where most of them
// are.
func (b *bins) build(n int, footprintOf func(i int) footprint) {
	*b = bins{built: true}
	// The grid covers where the middle 99% of the items are (of a sample
	// of them), so that one item far away does not spread the rest
	// over a single cell.
	step := max(1, n/1024)
	var xs, ys []float64
	for i := 0; i < n; i += step {
		f := footprintOf(i)
		if x, y := (f.lo.X+f.hi.X)/2, (f.lo.Y+f.hi.Y)/2; isFinite(x) && isFinite(y) {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	b.cols, b.rows, b.size = 1, 1, 1
	if len(xs) > 0 {
		slices.Sort(xs)
		slices.Sort(ys)
		cut := len(xs) / 200
		b.lo = Vec2{xs[cut], ys[cut]}
		w, h := xs[len(xs)-1-cut]-b.lo.X, ys[len(ys)-1-cut]-b.lo.Y
		cells := float64(max(1, n/itemsPerCell))
		b.size = math.Sqrt(w * h / cells)
		if !(b.size > 0) {
			b.size = max(w, h) / cells
		}
		if !(b.size > 0) || !isFinite(b.size) {
			b.size = 1
		}
		b.cols = int(min(maxSide, math.Floor(w/b.size)+1))
		b.rows = int(min(maxSide, math.Floor(h/b.size)+1))
	}
	// The cells are slices of one array, counted out first: a cell that
	// grows later gets an array of its own.
	b.spans = make([]cellSpan, n)
	count := make([]int32, b.cols*b.rows+1)
	for i := range n {
		f := footprintOf(i)
		b.spans[i] = b.spanOf(f)
		b.spans[i].each(b.cols, func(c int) { count[c+1]++ })
	}
	for c := range b.cols * b.rows {
		count[c+1] += count[c]
	}
	all := make([]int32, count[len(count)-1])
	b.cells = make([][]int32, b.cols*b.rows)
	for c := range b.cells {
		b.cells[c] = all[count[c]:count[c]:count[c+1]]
	}
	for i, sp := range b.spans {
		sp.each(b.cols, func(c int) { b.cells[c] = append(b.cells[c], int32(i)) })
	}
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// bounded reports whether v is within ±hugeCoordinate (not NaN).
func bounded(v float64) bool { return math.Abs(v) <= hugeCoordinate }

// place puts item i in the cells its footprint f reaches, out of those
// it was in.
func (b *bins) place(i int, f footprint) {
	for len(b.spans) <= i {
		b.spans = append(b.spans, nowhere)
	}
	sp, old := b.spanOf(f), b.spans[i]
	if sp == old {
		return
	}
	b.spans[i] = sp
	old.each(b.cols, func(c int) {
		cell := b.cells[c]
		if at := slices.Index(cell, int32(i)); at >= 0 {
			cell[at] = cell[len(cell)-1]
			b.cells[c] = cell[:len(cell)-1]
		}
	})
	sp.each(b.cols, func(c int) { b.cells[c] = append(b.cells[c], int32(i)) })
}

// spanOf is the span of the cells footprint f reaches; the grid's reach
// grows to f's.
func (b *bins) spanOf(f footprint) cellSpan {
	if f.reach > b.reach { // not when f's reach is NaN, which picks nothing
		b.reach = f.reach
	}
	if f.lo.X <= f.hi.X && f.lo.Y <= f.hi.Y {
		return b.over(f.lo, f.hi)
	}
	return nowhere
}

// over is the span of the cells that the box from lo to hi, widened by
// a hair against rounding, reaches.
func (b *bins) over(lo, hi Vec2) cellSpan {
	hair := func(v float64) float64 {
		if math.IsInf(v, 0) {
			return 0
		}
		return roundingMargin * (math.Abs(v) + b.size + 1)
	}
	return cellSpan{
		c0: b.cell(lo.X-hair(lo.X), b.lo.X, b.cols), r0: b.cell(lo.Y-hair(lo.Y), b.lo.Y, b.rows),
		c1: b.cell(hi.X+hair(hi.X), b.lo.X, b.cols), r1: b.cell(hi.Y+hair(hi.Y), b.lo.Y, b.rows),
	}
}

// cell is the column (or row) of coordinate v, of n from lo; the first
// for NaN.
func (b *bins) cell(v, lo float64, n int) int32 {
	f := math.Floor((v - lo) / b.size)
	switch {
	case !(f >= 0):
		return 0
	case f >= float64(n):
		return int32(n - 1)
	}
	return int32(f)
}

// each calls f with each cell of s, in a grid of cols columns.
func (s cellSpan) each(cols int, f func(c int)) {
	for r := s.r0; r <= s.r1 && s.c0 <= s.c1; r++ {
		for c := s.c0; c <= s.c1; c++ {
			f(int(r)*cols + int(c))
		}
	}
}

// near lists, last first, the items whose footprint is within radius
// of p; or every is true, and each item is to be tested, when the
// radius or p is not finite, or the items within reach of p are in more
// than a quarter of the grid.
func (b *bins) near(p Vec2, radius float64) (near []int32, every bool) {
	if !isFinite(p.X) || !isFinite(p.Y) || !(radius >= 0) || !isFinite(radius) {
		return nil, true
	}
	radius = radius*(1+roundingMargin) + roundingMargin*(math.Abs(p.X)+math.Abs(p.Y))
	sp := b.over(Vec2{p.X - radius, p.Y - radius}, Vec2{p.X + radius, p.Y + radius})
	if 4*int(sp.c1-sp.c0+1)*int(sp.r1-sp.r0+1) > len(b.cells) {
		return nil, true
	}
	sp.each(b.cols, func(c int) { near = append(near, b.cells[c]...) })
	slices.SortFunc(near, func(a, b int32) int { return cmp.Compare(b, a) })
	return slices.Compact(near), false
}

// walk calls visit with the cells that the ray from o along dir passes
// over, in order, and how far along it the ray comes over each, until
// visit returns false.
func (b *bins) walk(o, dir Vec3, visit func(cell []int32, enter float64) bool) {
	if math.IsNaN(o.X) || math.IsNaN(o.Y) || math.IsNaN(dir.X) || math.IsNaN(dir.Y) {
		return // a ray that is not one meets nothing
	}
	c, r := b.cell(o.X, b.lo.X, b.cols), b.cell(o.Y, b.lo.Y, b.rows)
	// toEdge is how far along the ray it leaves column (or row) at of
	// n, and which way it steps then; the outermost reach on without
	// end.
	toEdge := func(at int32, n int, lo, o, d float64) (float64, int32) {
		switch {
		case d > 0 && int(at) < n-1:
			return (lo + float64(at+1)*b.size - o) / d, 1
		case d < 0 && at > 0:
			return (lo + float64(at)*b.size - o) / d, -1
		}
		return math.Inf(1), 0
	}
	enter := 0.0
	for {
		if !visit(b.cells[int(r)*b.cols+int(c)], enter) {
			return
		}
		tc, dc := toEdge(c, b.cols, b.lo.X, o.X, dir.X)
		tr, dr := toEdge(r, b.rows, b.lo.Y, o.Y, dir.Y)
		// Each step moves on a column or a row, always the same way, so
		// the walk ends at the grid's edge, whatever rounding or a far
		// eye makes of the distances.
		switch {
		case dc == 0 && dr == 0:
			return
		case dr == 0 || dc != 0 && tc <= tr:
			enter, c = tc, c+dc
		default:
			enter, r = tr, r+dr
		}
	}
}
