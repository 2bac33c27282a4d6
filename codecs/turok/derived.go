package turok

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// The data a map derives from its geometry: edge links, the sectors
// actors and meshes stand in, the grid bounds, sector flags and the size
// of the visibility tables. Editors must keep them in step.

// edgeKey names an edge by its two vertex indexes, lower first.
type edgeKey struct{ a, b uint16 }

func keyOf(a, b uint16) edgeKey {
	if a > b {
		a, b = b, a
	}
	return edgeKey{a, b}
}

// EdgeLinks recomputes every sector's links: across each edge, the other
// sector that has the same two vertices, or NoLink when there is none.
// An edge shared by more than two sectors links none of them.
func (m *Map) EdgeLinks() [][3]uint16 {
	keys := make([]uint32, 3*len(m.Sectors)) // by sector edge, 3*sector+edge
	links := make([][3]uint16, len(m.Sectors))
	for i := range m.Sectors {
		v := &m.Sectors[i].Vertices
		for j := range 3 {
			k := keyOf(v[j], v[(j+1)%3])
			keys[3*i+j] = uint32(k.a)<<16 | uint32(k.b)
		}
		links[i] = [3]uint16{NoLink, NoLink, NoLink}
	}
	order := radixOrder(keys)
	for s := 0; s < len(order); {
		e := s + 1
		for e < len(order) && keys[order[e]] == keys[order[s]] {
			e++
		}
		if e-s == 2 { // the first sector links to the second, and back
			a, b := order[s], order[s+1]
			links[a/3][a%3], links[b/3][b%3] = uint16(b/3), uint16(a/3)
		}
		s = e
	}
	return links
}

// radixOrder returns the indexes of keys in the order of their values,
// equal ones in index order: a radix sort, linear in the keys.
func radixOrder(keys []uint32) []int32 {
	order, next := make([]int32, len(keys)), make([]int32, len(keys))
	for i := range order {
		order[i] = int32(i)
	}
	count := make([]int, 1<<16+1)
	for shift := 0; shift < 32; shift += 16 {
		clear(count)
		for _, k := range keys {
			count[k>>shift&0xffff+1]++
		}
		for d := 1; d < len(count); d++ {
			count[d] += count[d-1]
		}
		for _, i := range order {
			d := keys[i] >> shift & 0xffff
			next[count[d]] = i
			count[d]++
		}
		order, next = next, order
	}
	return order
}

// SectorFlags is the flags sector i must carry: the low 16 bits of its
// set's flags. ok is false when the set index points nowhere.
func (m *Map) SectorFlags(i int) (flags uint16, ok bool) {
	set := int(m.Sectors[i].Set)
	if set >= len(m.SectorSets) {
		return 0, false
	}
	return uint16(m.SectorSets[set].Flags), true
}

// MeshCount is the number of static meshes in all sections.
func (m *Map) MeshCount() int {
	n := 0
	for _, s := range m.Sections {
		n += len(s.Meshes)
	}
	return n
}

// VisibilityStride is the row size of visibility tables for a map of
// meshes static meshes: a bit per mesh, rounded up to 4 bytes.
func VisibilityStride(meshes int) uint32 {
	return uint32((meshes+31)/32) * 4
}

// NewVisibility returns empty visibility tables for the map's sectors and
// meshes.
func (m *Map) NewVisibility() *Visibility {
	stride := VisibilityStride(m.MeshCount())
	return &Visibility{Stride: stride, Count: uint32(len(m.Sectors)), Data: make([]byte, int(stride)*len(m.Sectors))}
}

// Visible reports whether static mesh mesh is visible from sector sector.
func (v *Visibility) Visible(sector, mesh int) bool {
	i := sector*int(v.Stride) + mesh/8
	return mesh/8 < int(v.Stride) && i < len(v.Data) && v.Data[i]&(1<<(mesh%8)) != 0
}

// SetVisible sets or clears mesh's bit in sector's row.
func (v *Visibility) SetVisible(sector, mesh int, visible bool) {
	i := sector*int(v.Stride) + mesh/8
	if visible {
		v.Data[i] |= 1 << (mesh % 8)
	} else {
		v.Data[i] &^= 1 << (mesh % 8)
	}
}

// VisibilityCounts is what a table of visibility says at a glance.
type VisibilityCounts struct {
	Pairs  int // (sector, mesh) pairs marked visible
	Blind  int // sectors that see no mesh
	Unseen int // meshes no sector sees
}

// Counts counts v's visible pairs over its rows and the first meshes
// columns (the bits past them are row padding), in a pass over its
// bytes: fast enough for any map, unlike a rebuild.
func (v *Visibility) Counts(meshes int) VisibilityCounts {
	stride := int(v.Stride)
	meshes = min(meshes, stride*8)
	full, rest := meshes/8, meshes%8
	rows := int(v.Count)
	if stride > 0 {
		rows = min(rows, len(v.Data)/stride)
	}
	seen := make([]byte, full+1)
	var c VisibilityCounts
	for r := range rows {
		row := v.Data[r*stride : r*stride+full]
		n := 0
		for i, b := range row {
			n += bits.OnesCount8(b)
			seen[i] |= b
		}
		if rest > 0 {
			b := v.Data[r*stride+full] & (1<<rest - 1)
			n += bits.OnesCount8(b)
			seen[full] |= b
		}
		c.Pairs += n
		if n == 0 {
			c.Blind++
		}
	}
	c.Unseen = meshes
	for _, b := range seen {
		c.Unseen -= bits.OnesCount8(b)
	}
	return c
}

// VisibilityStale says why the map's visibility tables no longer fit its
// sectors and meshes, or "" when they fit or there are none: a table has
// a row per sector and rows of VisibilityStride(meshes) bytes (any, when
// there are no rows). (The bits past the last mesh are row padding;
// writers leave anything there.)
func (m *Map) VisibilityStale() string {
	v := m.Visibility
	if v == nil {
		return ""
	}
	meshes := m.MeshCount()
	switch {
	case int(v.Count) != len(m.Sectors):
		return fmt.Sprintf("visibility tables have %d rows for %d sectors", v.Count, len(m.Sectors))
	case v.Count == 0: // no rows to read: any stride fits (writers may write 0)
	case v.Stride != VisibilityStride(meshes):
		return fmt.Sprintf("visibility rows of %d bytes, where %d static meshes take %d", v.Stride, meshes, VisibilityStride(meshes))
	}
	return ""
}

// SectionBounds recomputes grid section i's rectangle from the bounding
// boxes of the meshes it holds; ok is false for an empty section.
func (m *Map) SectionBounds(i int) (lo, hi XY, ok bool) {
	meshes := m.Sections[i].Meshes
	if len(meshes) == 0 {
		return XY{}, XY{}, false
	}
	lo = XY{float32(math.Inf(1)), float32(math.Inf(1))}
	hi = XY{float32(math.Inf(-1)), float32(math.Inf(-1))}
	for _, s := range meshes {
		lo.X, lo.Y = min(lo.X, s.BoundsMin.X), min(lo.Y, s.BoundsMin.Y)
		hi.X, hi.Y = max(hi.X, s.BoundsMax.X), max(hi.Y, s.BoundsMax.Y)
	}
	return lo, hi, true
}

// SectionGrid is the grid of sections: it divides the vertices' extent
// in XY into GridWidth x GridHeight equal cells, numbered row by row.
type SectionGrid struct {
	lo, hi XY
	w, h   int16
}

// SectionGrid returns the map's grid of sections as its vertices lie now.
func (m *Map) SectionGrid() SectionGrid {
	g := SectionGrid{w: m.GridWidth, h: m.GridHeight}
	if len(m.Vertices) == 0 {
		return g
	}
	g.lo = XY{m.Vertices[0].Position.X, m.Vertices[0].Position.Y}
	g.hi = g.lo
	for _, v := range m.Vertices[1:] {
		g.lo.X, g.lo.Y = min(g.lo.X, v.Position.X), min(g.lo.Y, v.Position.Y)
		g.hi.X, g.hi.Y = max(g.hi.X, v.Position.X), max(g.hi.Y, v.Position.Y)
	}
	return g
}

// Cells is how many cells the grid has: its width times its height.
func (g SectionGrid) Cells() int { return max(int(g.w), 0) * max(int(g.h), 0) }

// Cell is the corners of section i's cell.
func (g SectionGrid) Cell(i int) (lo, hi XY) {
	w, h := float32(g.hi.X-g.lo.X)/float32(g.w), float32(g.hi.Y-g.lo.Y)/float32(g.h)
	x, y := float32(i%int(g.w)), float32(i/int(g.w))
	return XY{g.lo.X + x*w, g.lo.Y + y*h}, XY{g.lo.X + (x+1)*w, g.lo.Y + (y+1)*h}
}

// SectionAt is the section whose cell holds p; points past the extent
// count in the nearest cell. It is -1 when the map has no grid or no
// vertices.
func (g SectionGrid) SectionAt(p XY) int {
	if g.w <= 0 || g.h <= 0 || g.lo.X > g.hi.X {
		return -1
	}
	cell := func(x, lo, hi float32, n int16) int {
		f := (float64(x) - float64(lo)) / (float64(hi) - float64(lo)) * float64(n)
		switch {
		case !(hi > lo) || !(f >= 0): // NaN included
			return 0
		case f >= float64(n-1):
			return int(n) - 1
		}
		return int(f)
	}
	return cell(p.Y, g.lo.Y, g.hi.Y, g.h)*int(g.w) + cell(p.X, g.lo.X, g.hi.X, g.w)
}

// corners returns sector i's three vertex positions; ok is false when a
// vertex index points nowhere.
func (m *Map) corners(i int) (p [3]Vec3, ok bool) {
	for j, v := range m.Sectors[i].Vertices {
		if int(v) >= len(m.Vertices) {
			return p, false
		}
		p[j] = m.Vertices[v].Position
	}
	return p, true
}

// FloorAt is the height of sector i's plane at (x, y), and whether the
// point lies in the triangle (edges included).
func (m *Map) FloorAt(i int, x, y float32) (z float32, inside bool) {
	p, ok := m.corners(i)
	if !ok {
		return 0, false
	}
	ax, ay := float64(p[0].X), float64(p[0].Y)
	bx, by := float64(p[1].X)-ax, float64(p[1].Y)-ay
	cx, cy := float64(p[2].X)-ax, float64(p[2].Y)-ay
	px, py := float64(x)-ax, float64(y)-ay
	det := bx*cy - by*cx
	if det == 0 {
		return 0, false
	}
	u := (px*cy - py*cx) / det
	v := (bx*py - by*px) / det
	const eps = 1e-6
	inside = u >= -eps && v >= -eps && u+v <= 1+eps
	z = float32(float64(p[0].Z) + u*float64(p[1].Z-p[0].Z) + v*float64(p[2].Z-p[0].Z))
	return z, inside
}

// A static mesh's Sector is the region (sector) Iguana's level tools
// found closest to the mesh, or -1 when they found none: the game takes
// the index as the mesh's region. Which of two sectors the tools call
// closest when a mesh stands near both is not known, so a value is held
// wrong only when no reading of "closest" can give it: when the sector
// it names lies farther from the mesh's origin, in XY alone, than the
// floor the mesh stands over lies in height (that floor is nearer). -1
// is never held wrong: the tools write it, and the game then takes no
// region.

// closestSlack is how much farther than the floor under a mesh, in world
// units, the sector it names may be before MeshSectorWrong holds it
// wrong: float rounding.
const closestSlack = 1.0 / 64

// MeshSectorWrong reports whether a static mesh at origin that names
// sector named cannot name the sector closest to it, standsIn being the
// sector under it (Locator.SectorAt; -1 for none, when nothing is
// wrong). A named sector out of range is Check's error, not this.
func (m *Map) MeshSectorWrong(named int32, origin Vec3, standsIn int) bool {
	if standsIn < 0 || named < 0 || named == int32(standsIn) || int64(named) >= int64(len(m.Sectors)) {
		return false
	}
	floor, _ := m.FloorAt(standsIn, origin.X, origin.Y)
	d, ok := m.xyDistance(int(named), origin)
	return ok && d > math.Abs(float64(origin.Z)-float64(floor))+closestSlack
}

// xyDistance is the distance in XY from p to sector i's triangle (0
// inside it); ok is false when a corner points nowhere.
func (m *Map) xyDistance(i int, p Vec3) (d float64, ok bool) {
	c, ok := m.corners(i)
	if !ok {
		return 0, false
	}
	if _, inside := m.FloorAt(i, p.X, p.Y); inside {
		return 0, true
	}
	d = math.Inf(1)
	for j := range 3 {
		d = min(d, segmentDistance(vecOf(p), vecOf(c[j]), vecOf(c[(j+1)%3])))
	}
	return d, true
}

// Locator finds the sector under a point. Build it with m.Locator after
// the geometry last changed, and Update it for the sectors a vertex move
// reshapes.
//
// It is a set of grids of cells whose width and height are each level 0's
// side (the median sector's) times a power of 8, up to 8^(levels-1). A
// sector is filed in the grid of the narrowest and lowest cells at least
// as wide and high as its box, in the (at most 3 x 3, mostly 1 to 4)
// cells its box covers; only cells that hold sectors are kept. So the
// cells number at most nine per sector, and a lookup reads one cell per
// grid in use, however far apart the sectors lie: a far vertex (at 1e37)
// puts only its own sectors in a coarse grid, far-apart clusters keep
// cells of their own, and slivers reaching across are filed in cells as
// thin as they are.
type Locator struct {
	m     *Map
	side  [levels]float64    // level k's cell side
	grids []grid             // the grids sectors were filed in
	cells map[uint64][]int32 // the sectors filed in a cell, by cellKey
	boxes []box              // by sector, as filed
}

// grid is a grid of cells level[0] wide and level[1] high, and how many
// sectors it holds.
type grid struct {
	level   [2]int
	sectors int
}

// levels is how many cell sides the locator has: enough for level 0's to
// be the narrowest float32 difference (1.4e-45) and the top one to hold
// the widest (6.8e38).
const levels = 128

// cellLimit bounds the cell columns and rows, which a key holds in 25
// bits each: points past it count in the last cell. Clamping merges far
// cells, which loses no sector (a point and the boxes holding it clamp
// alike); a filed sector, at least a float32 step (2^-24 of its
// coordinates) across, in cells at least as wide and high as it, lies
// within it.
const cellLimit = 1 << 24

// box is a sector's extent in XY; an empty one is filed nowhere.
type box struct {
	lo, hi XY
	ok     bool
}

// boxOf is sector i's extent; not ok when a corner points nowhere or is
// not finite.
func (m *Map) boxOf(i int) box {
	p, ok := m.corners(i)
	if !ok {
		return box{}
	}
	b := box{XY{min(p[0].X, p[1].X, p[2].X), min(p[0].Y, p[1].Y, p[2].Y)}, XY{max(p[0].X, p[1].X, p[2].X), max(p[0].Y, p[1].Y, p[2].Y)}, true}
	b.ok = finite(b.lo.X) && finite(b.lo.Y) && finite(b.hi.X) && finite(b.hi.Y)
	return b
}

// filed reports whether the locator files the box's sector: its corners
// are finite and it has an area (a sector whose corners share an X or a
// Y holds no point: FloorAt finds no point inside it).
func (b box) filed() bool { return b.ok && b.hi.X > b.lo.X && b.hi.Y > b.lo.Y }

// near reports whether (x, y) is in the box or so near that FloorAt may
// count it in the sector: its tolerance reaches at most 3e-6 of the
// box's size past the box; 1e-4 leaves room for rounding.
func (b *box) near(x, y float32) bool {
	m := 1e-4 * max(b.hi.X-b.lo.X, b.hi.Y-b.lo.Y)
	return x >= b.lo.X-m && x <= b.hi.X+m && y >= b.lo.Y-m && y <= b.hi.Y+m
}

// size is the box's width and height.
func (b box) size() (w, h float64) {
	return float64(b.hi.X) - float64(b.lo.X), float64(b.hi.Y) - float64(b.lo.Y)
}

// Locator indexes the map's sectors as they lie now.
func (m *Map) Locator() *Locator {
	l := &Locator{m: m, boxes: make([]box, len(m.Sectors)), cells: make(map[uint64][]int32, len(m.Sectors))}
	var sides []float64
	for i := range m.Sectors {
		b := m.boxOf(i)
		l.boxes[i] = b
		if b.filed() {
			w, h := b.size()
			sides = append(sides, max(w, h))
		}
	}
	side := median(sides)
	for k := range l.side {
		l.side[k] = side
		side *= 8
	}
	for i := range l.boxes {
		l.file(i, true)
	}
	return l
}

// median is the median of vs, read from at most 4,096 of them spread
// evenly, or 1 when there are none.
func median(vs []float64) float64 {
	if len(vs) == 0 {
		return 1
	}
	step := (len(vs) + 4095) / 4096
	sample := make([]float64, 0, len(vs)/step+1)
	for i := 0; i < len(vs); i += step {
		sample = append(sample, vs[i])
	}
	slices.Sort(sample)
	return sample[len(sample)/2]
}

// file adds sector i to, or removes it from, the cells its box covers.
func (l *Locator) file(i int, add bool) {
	b := l.boxes[i]
	if !b.filed() {
		return
	}
	w, h := b.size()
	g := [2]int{l.level(w), l.level(h)}
	c0, r0 := l.cellOf(g, b.lo.X, b.lo.Y)
	c1, r1 := l.cellOf(g, b.hi.X, b.hi.Y)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			key := cellKey(g, c, r)
			list := l.cells[key]
			if add {
				l.cells[key] = append(list, int32(i))
				continue
			}
			switch j := slices.Index(list, int32(i)); {
			case j < 0:
			case len(list) == 1:
				delete(l.cells, key)
			default:
				l.cells[key] = slices.Delete(list, j, j+1)
			}
		}
	}
	n := 1
	if !add {
		n = -1
	}
	for j := range l.grids {
		if l.grids[j].level == g {
			l.grids[j].sectors += n
			return
		}
	}
	l.grids = append(l.grids, grid{g, n})
}

// level is the lowest level whose cell side is at least size, finite.
func (l *Locator) level(size float64) int {
	k := 0
	for l.side[k] < size { // the top level's side is larger than any size
		k++
	}
	return k
}

// Update refiles sector i after its corners moved.
func (l *Locator) Update(i int) {
	l.file(i, false)
	l.boxes[i] = l.m.boxOf(i)
	l.file(i, true)
}

func finite(f float32) bool { return !math.IsInf(float64(f), 0) && !math.IsNaN(float64(f)) }

// cellOf is the column and row of grid g's cell holding the finite point
// (x, y), clamped to cellLimit.
func (l *Locator) cellOf(g [2]int, x, y float32) (col, row int64) {
	index := func(v float32, side float64) int64 {
		return int64(max(-cellLimit, min(math.Floor(float64(v)/side), cellLimit-1)))
	}
	return index(x, l.side[g[0]]), index(y, l.side[g[1]])
}

// cellKey packs a grid's levels and a cell's column and row (within
// cellLimit) into a map key: 7 bits each, then 25 bits each.
func cellKey(g [2]int, col, row int64) uint64 {
	const mask = 1<<25 - 1
	return uint64(g[0])<<57 | uint64(g[1])<<50 | uint64(col&mask)<<25 | uint64(row&mask)
}

// SectorAt returns the sector that contains p in XY and whose floor is
// nearest p in height (the lowest index on a tie), or -1.
func (l *Locator) SectorAt(p Vec3) int {
	if !finite(p.X) || !finite(p.Y) {
		return -1
	}
	best, bestDist := -1, math.Inf(1)
	for _, g := range l.grids {
		if g.sectors == 0 {
			continue
		}
		c, r := l.cellOf(g.level, p.X, p.Y)
		for _, i := range l.cells[cellKey(g.level, c, r)] {
			if !l.boxes[i].near(p.X, p.Y) {
				continue
			}
			z, inside := l.m.FloorAt(int(i), p.X, p.Y)
			if !inside {
				continue
			}
			if d := math.Abs(float64(p.Z - z)); d < bestDist || d == bestDist && int(i) < best {
				best, bestDist = int(i), d
			}
		}
	}
	return best
}
