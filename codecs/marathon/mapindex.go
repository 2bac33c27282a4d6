package marathon

import (
	"fmt"
	"math"
	"slices"
)

// The iidx chunk is one array of 16-bit indexes that polygons point into:
// per polygon, the lines and endpoints a walker must keep clear of (its
// exclusion zones), the polygons near enough to matter to projectiles
// (its neighbours), and the sound sources close to it. The engine builds
// it once, when a map is preprocessed (map_constructors.c,
// precalculate_map_indexes); this file reproduces that computation.

// Distances and limits of the map-index computation (map.h, flood_map.c).
const (
	separationFromProjectile = 3 * 1024 / 4
	zeroVolumeDistance       = 10 * 1024 // compared with squared distances too, as the engine does
	maxFloodNodes            = 255
	polygonDetached          = 0x4000
	objectSoundSource        = 5
)

// IndexRules are the two generations of the map-index computation.
type IndexRules int

const (
	// BungieRules are those of Bungie's own tools: Marathon 1 and 2 maps.
	// The flood examines a polygon once for each of its neighbours.
	BungieRules IndexRules = iota
	// AlephOneRules are those of Aleph One and the editors built on it: the
	// flood examines a polygon once per unvisited neighbour, and the
	// adjacent polygons head every neighbour list.
	AlephOneRules
)

// PolygonIndexes are a polygon's fields that point into the iidx array.
type PolygonIndexes struct {
	FirstExclusionZone  int16
	LineExclusionZones  int16
	PointExclusionZones int16
	FirstNeighbor       int16
	NeighborCount       int16
	SoundSources        int16
}

// StoredIndexes is polygon i's stored view of the iidx array.
func (p *Polygon) StoredIndexes() PolygonIndexes {
	return PolygonIndexes{p.FirstExclusionZone, p.LineExclusionZones, p.PointExclusionZones,
		p.FirstNeighbor, p.NeighborCount, p.SoundSourceIndexes}
}

// SetIndexes stores x in the polygon's iidx fields.
func (p *Polygon) SetIndexes(x PolygonIndexes) {
	p.FirstExclusionZone, p.LineExclusionZones, p.PointExclusionZones = x.FirstExclusionZone, x.LineExclusionZones, x.PointExclusionZones
	p.FirstNeighbor, p.NeighborCount, p.SoundSourceIndexes = x.FirstNeighbor, x.NeighborCount, x.SoundSources
}

// IndexLists are one polygon's lists in the iidx array.
type IndexLists struct {
	Lines      []int16 // line exclusion zones; -index-1 when the polygon's center is on the line's counterclockwise side
	Endpoints  []int16 // point exclusion zones
	Neighbours []int16
	Sounds     []int16 // sound-source objects, without the -1 end; Marathon 1 has none
}

// MapIndex computes polygons' iidx lists for one state of the level: it
// gathers heights and validity when made, so make a new one after an edit.
type MapIndex struct{ x mapIndexer }

// NewMapIndex prepares the map-index computation under rules, from the
// stored geometry and the stored adjacency, line heights and flags
// (recompute those first after an edit).
func (l *Level) NewMapIndex(rules IndexRules) *MapIndex {
	x := mapIndexer{l: l, rules: rules, visited: make([]bool, len(l.Polygons))}
	x.heights()
	x.usable = make([]bool, len(l.Polygons))
	for i := range l.Polygons {
		x.usable[i] = x.valid(i)
	}
	for oi, o := range l.Objects {
		if o.Type == objectSoundSource {
			x.soundSources = append(x.soundSources, oi)
		}
	}
	return &MapIndex{x}
}

// Rules is the generation of the computation a level's iidx follows:
// Bungie's for Marathon 1, Aleph One's for later maps.
func (l *Level) Rules() IndexRules {
	if l.marathon1 {
		return BungieRules
	}
	return AlephOneRules
}

// MapIndexReach is how far from a polygon an edit can change its
// exclusion zones and neighbours: the projectile separation.
const MapIndexReach = separationFromProjectile

// Kept reports whether polygon i keeps its stored exclusion and
// neighbour fields: it is detached, or its indexes cannot be followed.
func (m *MapIndex) Kept(i int) bool {
	return m.x.l.Polygons[i].Flags&polygonDetached != 0 || !m.x.usable[i]
}

// Zones computes polygon i's exclusion zones and neighbours; ok is false
// for a detached polygon or one whose indexes cannot be followed, which
// keeps its stored fields, as in the engine.
func (m *MapIndex) Zones(i int) (lists IndexLists, ok bool) {
	x := &m.x
	if m.Kept(i) {
		return IndexLists{}, false
	}
	x.flood(i, separationFromWall)
	lists.Lines, lists.Endpoints = slices.Clone(x.lines), slices.Clone(x.endpoints)
	x.flood(i, separationFromProjectile)
	lists.Neighbours = slices.Clone(x.polygons)
	return lists, true
}

// Sounds computes polygon i's sound-source list (nil in Marathon 1).
func (m *MapIndex) Sounds(i int) []int16 {
	if m.x.l.marathon1 || !m.x.usable[i] {
		return nil
	}
	return m.x.appendSoundSources(nil, i)
}

// MapIndexes recomputes the iidx array and every polygon's fields into
// it. Detached polygons keep their stored exclusion and neighbour
// fields, as in the engine. An array past MaxMapIndexes is an error.
func (l *Level) MapIndexes(rules IndexRules) ([]int16, []PolygonIndexes, error) {
	m := l.NewMapIndex(rules)
	lists, kept := make([]IndexLists, len(l.Polygons)), make([]bool, len(l.Polygons))
	for i := range l.Polygons {
		var ok bool
		lists[i], ok = m.Zones(i)
		kept[i] = !ok
		lists[i].Sounds = m.Sounds(i)
	}
	return l.LayOutMapIndexes(lists, kept)
}

// LayOutMapIndexes concatenates the polygons' lists into an iidx array
// as the engine builds it: each polygon's exclusion zones and
// neighbours in turn, then (after Marathon 1) each one's sound sources
// ended by -1. Kept polygons keep their stored exclusion and neighbour
// fields. An array the level's 16-bit fields cannot address is refused.
func (l *Level) LayOutMapIndexes(lists []IndexLists, kept []bool) ([]int16, []PolygonIndexes, error) {
	indexes := make([]int16, 0, len(l.Exclusions)+64)
	out := make([]PolygonIndexes, len(l.Polygons))
	for i := range l.Polygons {
		out[i] = l.Polygons[i].StoredIndexes()
		if kept[i] {
			continue
		}
		z := &lists[i]
		out[i].FirstExclusionZone = int16(len(indexes))
		out[i].LineExclusionZones, out[i].PointExclusionZones = int16(len(z.Lines)), int16(len(z.Endpoints))
		indexes = append(append(indexes, z.Lines...), z.Endpoints...)
		out[i].FirstNeighbor, out[i].NeighborCount = int16(len(indexes)), int16(len(z.Neighbours))
		indexes = append(indexes, z.Neighbours...)
	}
	if !l.marathon1 {
		for i := range l.Polygons {
			out[i].SoundSources = int16(len(indexes))
			indexes = append(append(indexes, lists[i].Sounds...), -1)
		}
	}
	return indexes, out, fitsMapIndex(len(indexes))
}

// MaxMapIndexes is the most entries the iidx array can hold: the engine
// counts them, and polygons and platforms address them, in 16 bits.
const MaxMapIndexes = math.MaxInt16

// fitsMapIndex refuses an iidx array of n entries past MaxMapIndexes.
func fitsMapIndex(n int) error {
	if n > MaxMapIndexes {
		return fmt.Errorf("the map indexes (iidx) would need %d entries; 0 to %d fit", n, MaxMapIndexes)
	}
	return nil
}

// StoredIndexLists reads every polygon's lists out of the stored iidx
// array; a range that does not fit the array reads as empty. The lists
// share the array's storage: replace the array, do not write into it.
func (l *Level) StoredIndexLists() []IndexLists {
	lists := make([]IndexLists, len(l.Polygons))
	span := l.storedRange
	for i := range l.Polygons {
		p := l.Polygons[i].StoredIndexes()
		if p.LineExclusionZones >= 0 && p.PointExclusionZones >= 0 {
			n := int(p.LineExclusionZones) + int(p.PointExclusionZones)
			if zones := span(int(p.FirstExclusionZone), n); len(zones) == n {
				lists[i].Lines, lists[i].Endpoints = zones[:p.LineExclusionZones], zones[p.LineExclusionZones:]
			}
		}
		lists[i].Neighbours = span(int(p.FirstNeighbor), int(p.NeighborCount))
		if s := p.SoundSources; !l.marathon1 && s >= 0 && int(s) < len(l.Exclusions) {
			if end := slices.Index(l.Exclusions[s:], -1); end >= 0 {
				lists[i].Sounds = l.Exclusions[s : int(s)+end : int(s)+end]
			}
		}
	}
	return lists
}

// storedRange is the stored iidx array's n entries from first, sharing
// its storage; a range that does not fit the array is empty.
func (l *Level) storedRange(first, n int) []int16 {
	if first < 0 || n <= 0 || first+n > len(l.Exclusions) {
		return nil
	}
	return l.Exclusions[first : first+n : first+n]
}

// OwnerLists are the polygons and lines that share one endpoint of a
// platform's polygon.
type OwnerLists struct{ Polygons, Lines []int16 }

// PlatformOwners appends to indexes, as the engine does when it builds
// each platform in turn, the polygons and lines that own each endpoint of
// the platform's polygon, and returns the platforms' owner ranges. An
// array past MaxMapIndexes is an error.
func (l *Level) PlatformOwners(indexes []int16) ([]int16, [][8]EndpointOwners, error) {
	return l.LayOutPlatformOwners(indexes, l.PlatformOwnerLists())
}

// PlatformOwnerLists computes, per platform, the owners of each endpoint
// of its polygon (none for a platform whose polygon is out of range).
func (l *Level) PlatformOwnerLists() [][]OwnerLists {
	out := make([][]OwnerLists, len(l.RunPlatforms))
	for pi, platform := range l.RunPlatforms {
		p := l.polygon(uint16(platform.Polygon))
		if p == nil || p.VertexCount > 8 {
			continue
		}
		out[pi] = make([]OwnerLists, p.VertexCount)
		for v, e := range p.Endpoints[:p.VertexCount] {
			o := &out[pi][v]
			for qi := range l.Polygons {
				q := &l.Polygons[qi]
				for _, qe := range q.Endpoints[:min(q.VertexCount, 8)] {
					if qe == e {
						o.Polygons = append(o.Polygons, int16(qi))
					}
				}
			}
			for li, line := range l.Lines {
				if line.Endpoints[0] == e || line.Endpoints[1] == e {
					o.Lines = append(o.Lines, int16(li))
				}
			}
		}
	}
	return out
}

// StoredPlatformOwnerLists reads the platforms' owner lists out of the
// stored iidx array, one per endpoint of the platform's polygon. Like
// StoredIndexLists, the lists share the array's storage.
func (l *Level) StoredPlatformOwnerLists() [][]OwnerLists {
	out := make([][]OwnerLists, len(l.RunPlatforms))
	span := l.storedRange
	for pi, platform := range l.RunPlatforms {
		p := l.polygon(uint16(platform.Polygon))
		if p == nil || p.VertexCount > 8 {
			continue
		}
		out[pi] = make([]OwnerLists, p.VertexCount)
		for v := range out[pi] {
			o := platform.EndpointOwners[v]
			out[pi][v] = OwnerLists{span(int(o.FirstPolygon), int(o.PolygonCount)), span(int(o.FirstLine), int(o.LineCount))}
		}
	}
	return out
}

// LayOutPlatformOwners appends the owner lists to indexes and returns
// each platform's ranges; entries past a polygon's vertices keep their
// stored values. An array the 16-bit ranges cannot address is refused.
func (l *Level) LayOutPlatformOwners(indexes []int16, lists [][]OwnerLists) ([]int16, [][8]EndpointOwners, error) {
	owners := make([][8]EndpointOwners, len(l.RunPlatforms))
	for pi, platform := range l.RunPlatforms {
		owners[pi] = platform.EndpointOwners
		for v, o := range lists[pi] {
			e := &owners[pi][v]
			e.FirstPolygon, e.PolygonCount = int16(len(indexes)), int16(len(o.Polygons))
			indexes = append(indexes, o.Polygons...)
			e.FirstLine, e.LineCount = int16(len(indexes)), int16(len(o.Lines))
			indexes = append(indexes, o.Lines...)
		}
	}
	return indexes, owners, fitsMapIndex(len(indexes))
}

// mapIndexer holds the working lists of one polygon's flood.
type mapIndexer struct {
	l                        *Level
	rules                    IndexRules
	lines, endpoints         []int16 // a line is stored as -index-1 when the polygon's center is on its counterclockwise side
	polygons                 []int16
	nodes                    []int16
	visited                  []bool
	usable                   []bool  // per polygon: valid, computed once
	soundSources             []int   // the sound-source objects
	floor, ceiling           []int16 // per polygon, as when the map was preprocessed
	lineFloor, lineCeiling   []int16 // per line, likewise
	original                 int
	center                   Point
	minimumSeparationSquared int32
}

// heights gathers the polygon and line heights the map was preprocessed
// with. A platform's polygon then had the heights it was drawn with,
// taken to be its lowest floor and highest ceiling; the engine moved it
// to its initial position afterwards, and the stored heights are that
// position's.
func (x *mapIndexer) heights() {
	l := x.l
	x.floor, x.ceiling = make([]int16, len(l.Polygons)), make([]int16, len(l.Polygons))
	for i := range l.Polygons {
		x.floor[i], x.ceiling[i] = l.Polygons[i].FloorHeight, l.Polygons[i].CeilingHeight
	}
	for _, p := range l.RunPlatforms {
		if int(p.Polygon) >= 0 && int(p.Polygon) < len(l.Polygons) {
			x.floor[p.Polygon], x.ceiling[p.Polygon] = p.MinimumFloor, p.MaximumCeiling
		}
	}
	x.lineFloor, x.lineCeiling = make([]int16, len(l.Lines)), make([]int16, len(l.Lines))
	for i := range l.Lines {
		x.lineFloor[i], x.lineCeiling[i] = l.Lines[i].HighestFloor, l.Lines[i].LowestCeil
		x.lineHeights(i)
	}
}

// lineHeights sets line i's heights from its polygons' preprocessing
// heights, on a map with platforms (elsewhere the stored ones are those).
func (x *mapIndexer) lineHeights(i int) {
	if len(x.l.RunPlatforms) == 0 {
		return
	}
	line := &x.l.Lines[i]
	floor, ceiling, owned := int16(math.MinInt16), int16(math.MaxInt16), false
	for _, pi := range [2]uint16{line.ClockwisePoly, line.CCWPoly} {
		if int(pi) < len(x.l.Polygons) {
			floor, ceiling, owned = max(floor, x.floor[pi]), min(ceiling, x.ceiling[pi]), true
		}
	}
	if owned {
		x.lineFloor[i], x.lineCeiling[i] = floor, ceiling
	}
}

// drawAt gives polygon i, and the lines around it, the preprocessing
// heights of a polygon drawn at floor and ceiling.
func (x *mapIndexer) drawAt(i int, floor, ceiling int16) {
	x.floor[i], x.ceiling[i] = floor, ceiling
	p := &x.l.Polygons[i]
	for _, li := range p.Lines[:min(p.VertexCount, 8)] {
		if int(li) < len(x.l.Lines) {
			x.lineHeights(int(li))
		}
	}
}

// DrawnAtSomeHeight reports whether run-time platform polygon i's
// exclusion zones and neighbours equal want's for some height it may have
// been drawn at: the file keeps only the platform's extremes, and a
// platform whose extremes were given was drawn at heights the file no
// longer holds. The heights tried are the platform's extremes, the
// polygon's stored heights and its neighbours'. Any other polygon has
// one drawing, already tried by Zones: the answer is false.
func (m *MapIndex) DrawnAtSomeHeight(i int, want IndexLists) bool {
	x, l := &m.x, m.x.l
	p := &l.Polygons[i]
	heights := []int16{p.FloorHeight, p.CeilingHeight}
	platform := false
	for _, pl := range l.RunPlatforms {
		if int(pl.Polygon) == i {
			heights = append(heights, pl.MinimumFloor, pl.MaximumFloor, pl.MinimumCeiling, pl.MaximumCeiling)
			platform = true
		}
	}
	if !platform || m.Kept(i) {
		return false
	}
	for _, a := range p.Adjacent[:min(p.VertexCount, 8)] {
		if q := l.polygon(a); q != nil {
			heights = append(heights, q.FloorHeight, q.CeilingHeight)
		}
	}
	slices.Sort(heights)
	heights = slices.Compact(heights)
	floor, ceiling := x.floor[i], x.ceiling[i]
	defer x.drawAt(i, floor, ceiling)
	for fi, f := range heights {
		for _, c := range heights[fi:] {
			x.drawAt(i, f, c)
			if lists, _ := m.Zones(i); sameIndexLists(want, lists, false) {
				return true
			}
		}
	}
	return false
}

// valid reports whether polygon i's vertex, endpoint and line indexes
// can be followed; the engine assumes they can.
func (x *mapIndexer) valid(i int) bool {
	p := &x.l.Polygons[i]
	if p.VertexCount > 8 {
		return false
	}
	for v := range int(p.VertexCount) {
		if _, ok := x.l.Vertex(p.Endpoints[v]); !ok || int(p.Lines[v]) >= len(x.l.Lines) {
			return false
		}
		line := &x.l.Lines[p.Lines[v]]
		for _, e := range line.Endpoints {
			if _, ok := x.l.Vertex(e); !ok {
				return false
			}
		}
	}
	return true
}

// flood visits the polygons around the original one breadth first, the
// way flood_map does with intersecting_flood_proc as its cost function:
// each expanded polygon is examined once per unvisited neighbour, and a
// neighbour is queued only when that examination found something close.
func (x *mapIndexer) flood(original int, separation int32) {
	x.original, x.center = original, x.l.PolygonCenter(original)
	x.minimumSeparationSquared = separation * separation
	x.lines, x.endpoints, x.polygons = x.lines[:0], x.endpoints[:0], x.polygons[:0]
	if x.rules == AlephOneRules {
		p := &x.l.Polygons[original]
		for v := range int(p.VertexCount) {
			if p.Adjacent[v] != None {
				x.polygons = append(x.polygons, int16(p.Adjacent[v]))
			}
		}
	}
	clear(x.visited)
	x.nodes = append(x.nodes[:0], int16(original))
	x.visited[original] = true
	for next := 0; next < len(x.nodes); next++ {
		source := int(x.nodes[next])
		p := &x.l.Polygons[source]
		for v := range int(p.VertexCount) {
			dest := p.Adjacent[v]
			if dest == None || int(dest) >= len(x.l.Polygons) || x.rules == AlephOneRules && x.visited[dest] {
				continue
			}
			if x.examine(source) && !x.visited[dest] && len(x.nodes) < maxFloodNodes && x.usable[dest] {
				x.nodes = append(x.nodes, int16(dest))
				x.visited[dest] = true
			}
		}
	}
}

// examine adds the source polygon's lines and endpoints that are close to
// the original polygon, and the source itself to the neighbours when
// anything of it is close (intersecting_flood_proc).
func (x *mapIndexer) examine(source int) bool {
	p := &x.l.Polygons[source]

	keepSearching := false
	if x.floor[source] <= x.ceiling[x.original] && x.ceiling[source] >= x.floor[x.original] {
		for v := range int(p.VertexCount) {
			if x.examineLine(int16(p.Lines[v])) {
				keepSearching = true
			}
			if x.examineEndpoint(int16(p.Endpoints[v])) {
				keepSearching = true
			}
		}
	}
	if keepSearching && !slices.Contains(x.polygons, int16(source)) {
		x.polygons = append(x.polygons, int16(source))
	}
	return keepSearching
}

// examineLine adds line li when it obstructs (solid, next to a platform,
// or with a floor or ceiling that intrudes on the original polygon's)
// and passes close to one of the original polygon's vertices. It reports
// whether the line is in the list.
func (x *mapIndexer) examineLine(li int16) bool {
	for _, have := range x.lines {
		if have == li || -have-1 == li {
			return true
		}
	}
	l := x.l
	line, orig := &l.Lines[li], &l.Polygons[x.original]
	if line.Flags&LineSolid == 0 && !l.lineHasVariableHeight(line) &&
		x.lineCeiling[li] >= x.ceiling[x.original] && x.lineFloor[li] <= x.floor[x.original] {
		return false
	}
	a, _ := l.Vertex(line.Endpoints[0])
	b, _ := l.Vertex(line.Endpoints[1])
	for v := range int(orig.VertexCount) {
		p, _ := l.Vertex(orig.Endpoints[v])
		if pointToSegmentDistanceSquared(p, a, b) < x.minimumSeparationSquared {
			ax, ay, bx, by := int32(a.X), int32(a.Y), int32(b.X), int32(b.Y)
			cx, cy := int32(x.center.X), int32(x.center.Y)
			if (bx-ax)*(cy-by)-(by-ay)*(cx-bx) > 0 {
				x.lines = append(x.lines, li)
			} else {
				x.lines = append(x.lines, -li-1)
			}
			return true
		}
	}
	return false
}

// examineEndpoint adds endpoint ei when it is close to one of the
// original polygon's lines. It reports whether the endpoint was already
// in the list: only a duplicate keeps the flood going, as in the engine.
func (x *mapIndexer) examineEndpoint(ei int16) bool {
	if slices.Contains(x.endpoints, ei) {
		return true
	}
	l := x.l
	orig := &l.Polygons[x.original]
	p, _ := l.Vertex(uint16(ei))
	for v := range int(orig.VertexCount) {
		line := &l.Lines[orig.Lines[v]]
		a, _ := l.Vertex(line.Endpoints[0])
		b, _ := l.Vertex(line.Endpoints[1])
		if pointToSegmentDistanceSquared(p, a, b) < x.minimumSeparationSquared {
			x.endpoints = append(x.endpoints, ei)
			return false
		}
	}
	return false
}

// appendSoundSources appends the sound-source objects near polygon i.
func (x *mapIndexer) appendSoundSources(indexes []int16, i int) []int16 {
	l := x.l
	p := &l.Polygons[i]
	for _, oi := range x.soundSources {
		o := &l.Objects[oi]
		at := Point{o.X, o.Y}
		for v := range int(p.VertexCount) {
			e, _ := l.Vertex(p.Endpoints[v])
			line := &l.Lines[p.Lines[v]]
			a, _ := l.Vertex(line.Endpoints[0])
			b, _ := l.Vertex(line.Endpoints[1])
			if guessDistance(at, e) < zeroVolumeDistance || pointToSegmentDistanceSquared(at, a, b) < zeroVolumeDistance {
				indexes = append(indexes, int16(oi))
				break
			}
		}
	}
	return indexes
}

// lineHasVariableHeight is line_has_variable_height: a platform on either
// side, where the counterclockwise side counts only with a clockwise one.
func (l *Level) lineHasVariableHeight(line *Line) bool {
	if l.polygon(line.ClockwisePoly) == nil {
		return false
	}
	if p := l.polygon(line.CCWPoly); p != nil && p.Type == PolygonPlatform {
		return true
	}
	return l.polygon(line.ClockwisePoly).Type == PolygonPlatform
}

// pointToSegmentDistanceSquared is the engine's squared distance from p to
// the segment ab, with its 16-bit differences and 32-bit products.
func pointToSegmentDistanceSquared(p, a, b Point) int32 {
	abx, aby := int32(b.X-a.X), int32(b.Y-a.Y)
	apx, apy := int32(p.X-a.X), int32(p.Y-a.Y)
	bpx, bpy := int32(p.X-b.X), int32(p.Y-b.Y)
	switch {
	case abx*bpx+aby*bpy >= 0:
		return bpx*bpx + bpy*bpy
	case abx*apx+aby*apy <= 0:
		return apx*apx + apy*apy
	}
	cross := apx*aby - apy*abx
	if cross < 0 {
		cross = -cross
	}
	numerator, denominator := uint32(cross), uint32(abx*abx+aby*aby)
	for numerator >= 1<<16 {
		numerator, denominator = numerator>>1, denominator>>2
	}
	if denominator == 0 {
		denominator = 1
	}
	return int32(numerator * numerator / denominator)
}

// guessDistance is the engine's quick distance estimate, at most 32767.
func guessDistance(p, q Point) int32 {
	dx, dy := int32(p.X)-int32(q.X), int32(p.Y)-int32(q.Y)
	dx, dy = max(dx, -dx), max(dy, -dy)
	d := dy + dx>>1
	if dx > dy {
		d = dx + dy>>1
	}
	return min(d, 32767)
}
