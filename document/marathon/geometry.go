package marathon

import (
	"fmt"
	"math"
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// SnapDistance is how close, in world units (1024 to a world unit), a
// drawn point must come to an existing endpoint to be joined to it.
const SnapDistance = 32

// Default surface and wall values for polygons and sides drawn where no
// neighbour gives them.
const (
	defaultFloorTexture   = 0x1109
	defaultCeilingTexture = 0x1110
	defaultWallTexture    = 0x1105
	defaultCeilingHeight  = 1024
)

// wallsCollection is the first of the five wall collections, one for
// each Marathon 2 and Infinity environment in order (water, lava,
// sewage, Jjaro, Pfhor: Aleph One's _collection_walls1 to 5).
const wallsCollection = 17

// environmentTexture is the default texture def (whose collection is the
// water environment's) in the collection of level l's environment, as
// Weland's Pave textures walls; def itself for a Marathon 1 level or an
// environment past the five.
func environmentTexture(l *codec.Level, def uint16) uint16 {
	if l.Marathon1() || len(l.Info) == 0 || l.Info[0].Environment < 0 || l.Info[0].Environment > 4 {
		return def
	}
	return uint16(wallsCollection+l.Info[0].Environment)<<8 | def&0xFF
}

// Side types (map.h).
const (
	sideFull  = 0
	sideHigh  = 1
	sideLow   = 2
	sideSplit = 4
)

// MoveEndpoint moves endpoint i to at. It refuses a move that makes a
// polygon concave or a line cross another one. The moves of one endpoint
// merge into one step until the history's BreakMerge (a drag).
func (d *Document) MoveEndpoint(level, i int, at codec.Point) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	if i < 0 || i >= e.vertexCount() {
		return fmt.Errorf("level %d has no endpoint %d", level, i)
	}
	if err := e.moveVertices(map[int]codec.Point{i: at}); err != nil {
		e.Rollback()
		return fmt.Errorf("moving endpoint %d to %s: %w", i, at.InWU(), err)
	}
	return e.Commit(fmt.Sprintf("Move endpoint %d", i), fmt.Sprintf("move endpoint %d/%d", level, i))
}

// moveVertices moves endpoints to their new positions, all at once, and
// reports what is wrong then: a line of no length, a polygon that is no
// longer convex or has no area, or a crossing of their lines with others
// that was not there before. The caller rolls back on an error.
func (e *edit) moveVertices(moves map[int]codec.Point) error {
	l := e.l
	var incident []int
	for li, line := range l.Lines {
		_, a := moves[int(line.Endpoints[0])]
		_, b := moves[int(line.Endpoints[1])]
		if a || b {
			incident = append(incident, li)
		}
	}
	from := make(map[int]codec.Point, len(moves))
	for i, at := range moves {
		from[i] = e.vertex(uint16(i))
		e.setVertex(i, at)
	}
	for _, li := range incident {
		line := l.Lines[li]
		if e.vertex(line.Endpoints[0]) == e.vertex(line.Endpoints[1]) {
			return fmt.Errorf("line %d would have no length", li)
		}
	}
	for pi := range l.Polygons {
		p := &l.Polygons[pi]
		if !slices.ContainsFunc(p.Endpoints[:min(p.VertexCount, 8)], func(v uint16) bool { _, ok := moves[int(v)]; return ok }) {
			continue
		}
		if !l.Convex(pi) || l.PolygonArea(pi) == 0 {
			return fmt.Errorf("polygon %d would not be convex", pi)
		}
	}
	after := e.crossings(incident)
	if len(after) == 0 {
		return nil
	}
	for i, p := range from {
		e.placeVertex(i, p)
	}
	before := e.crossings(incident)
	for i, at := range moves {
		e.placeVertex(i, at)
	}
	for pair := range after {
		if !before[pair] {
			return fmt.Errorf("line %d would cross line %d", pair[0], pair[1])
		}
	}
	return nil
}

// crossings lists the pairs of a line in lines and another line that
// cross or touch away from a shared endpoint.
func (e *edit) crossings(lines []int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, li := range lines {
		a := e.l.Lines[li]
		p, q := e.vertex(a.Endpoints[0]), e.vertex(a.Endpoints[1])
		for mi, b := range e.l.Lines {
			if mi == li {
				continue
			}
			r, s := e.vertex(b.Endpoints[0]), e.vertex(b.Endpoints[1])
			if segmentsMeet(p, q, r, s, sharedEnds(a, b)) {
				out[[2]int{li, mi}] = true
			}
		}
	}
	return out
}

func sharedEnds(a, b codec.Line) int {
	n := 0
	for _, x := range a.Endpoints {
		for _, y := range b.Endpoints {
			if x == y {
				n++
			}
		}
	}
	return n
}

// segmentsMeet reports whether segments pq and rs meet. Segments that
// share an endpoint meet only when they overlap along a line.
func segmentsMeet(p, q, r, s codec.Point, shared int) bool {
	if max(p.X, q.X) < min(r.X, s.X) || max(r.X, s.X) < min(p.X, q.X) ||
		max(p.Y, q.Y) < min(r.Y, s.Y) || max(r.Y, s.Y) < min(p.Y, q.Y) {
		return false
	}
	d1, d2 := codec.Cross(p, q, r), codec.Cross(p, q, s)
	d3, d4 := codec.Cross(r, s, p), codec.Cross(r, s, q)
	if shared > 0 {
		// Only a fold back along the shared line counts.
		return d1 == 0 && d2 == 0 && overlapAlong(p, q, r, s)
	}
	if (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) {
		return true
	}
	return d1 == 0 && onSegment(p, q, r) || d2 == 0 && onSegment(p, q, s) ||
		d3 == 0 && onSegment(r, s, p) || d4 == 0 && onSegment(r, s, q)
}

// onSegment reports whether c, collinear with ab, lies between them.
func onSegment(a, b, c codec.Point) bool {
	return min(a.X, b.X) <= c.X && c.X <= max(a.X, b.X) && min(a.Y, b.Y) <= c.Y && c.Y <= max(a.Y, b.Y)
}

// overlapAlong reports whether collinear segments pq and rs, which share
// an endpoint, overlap in more than that point.
func overlapAlong(p, q, r, s codec.Point) bool {
	dot := func(a, b, c, d codec.Point) int64 {
		return (int64(b.X)-int64(a.X))*(int64(d.X)-int64(c.X)) + (int64(b.Y)-int64(a.Y))*(int64(d.Y)-int64(c.Y))
	}
	switch {
	case p == r:
		return dot(p, q, r, s) > 0
	case p == s:
		return dot(p, q, s, r) > 0
	case q == r:
		return dot(q, p, r, s) > 0
	case q == s:
		return dot(q, p, s, r) > 0
	}
	return false
}

// SplitLine puts a new endpoint on line li at the point of the line
// nearest to at and splits the line in two there; the polygons on both
// sides gain the vertex. It returns the new endpoint.
func (d *Document) SplitLine(level, li int, at codec.Point) (int, error) {
	e, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	v, err := e.splitLine(li, at)
	if err == nil {
		err = e.overfull()
	}
	if err != nil {
		e.Rollback()
		return 0, err
	}
	if err := d.commitGeometry(e, fmt.Sprintf("Split line %d", li)); err != nil {
		return 0, err
	}
	return int(v), nil
}

// splitLine puts a new endpoint on line li at the point of the line
// nearest to at, as SplitLine does, and returns it. A polygon that this
// takes past 8 vertices keeps its ring in e.oversize. On an error it
// changed nothing.
func (e *edit) splitLine(li int, at codec.Point) (uint16, error) {
	l := e.l
	if li < 0 || li >= len(l.Lines) {
		return 0, fmt.Errorf("level %d has no line %d", e.level, li)
	}
	line := l.Lines[li]
	a, b := e.vertex(line.Endpoints[0]), e.vertex(line.Endpoints[1])
	mid := nearestOnSegment(a, b, at)
	if mid == a || mid == b {
		return 0, fmt.Errorf("line %d is too short to split at %s", li, at.InWU())
	}
	v := e.addVertex(mid)
	document.Touch(e.Edit, linesTable)
	second := len(l.Lines)
	tail := line
	tail.Endpoints = [2]uint16{v, line.Endpoints[1]}
	tail.ClockwiseSide, tail.CCWSide = e.copySide(line.ClockwiseSide, second), e.copySide(line.CCWSide, second)
	l.Lines[li].Endpoints[1] = v
	l.Lines = append(l.Lines, tail)
	e.Born[KindLine] = append(e.Born[KindLine], second)

	document.Touch(e.Edit, polygonsTable)
	for _, pi := range []uint16{line.ClockwisePoly, line.CCWPoly} {
		if int(pi) >= len(l.Polygons) {
			continue
		}
		verts, lines := e.ringOf(int(pi))
		k := slices.Index(lines, uint16(li))
		if k < 0 {
			continue
		}
		// The clockwise owner walks the line from its first endpoint: the
		// old line then the new one. The other walks it backwards.
		first, next := uint16(li), uint16(second)
		if pi != line.ClockwisePoly {
			first, next = next, first
		}
		verts = slices.Insert(verts, k+1, v)
		lines[k] = first
		lines = slices.Insert(lines, k+1, next)
		e.setRing(int(pi), verts, lines)
	}
	e.lineChanged(li)
	e.lineChanged(second)
	return v, nil
}

// ringOf is polygon pi's ring as the edit has it: its endpoints and its
// lines, the line k joining endpoints k and k+1.
func (e *edit) ringOf(pi int) (verts, lines []uint16) {
	if r, ok := e.oversize[pi]; ok {
		return slices.Clone(r[0]), slices.Clone(r[1])
	}
	p := &e.l.Polygons[pi]
	n := min(p.VertexCount, 8)
	return slices.Clone(p.Endpoints[:n]), slices.Clone(p.Lines[:n])
}

// setRing gives polygon pi the ring verts and lines, keeping it in
// e.oversize while it has more than 8 vertices.
func (e *edit) setRing(pi int, verts, lines []uint16) {
	if len(verts) > 8 {
		e.oversize[pi] = [2][]uint16{verts, lines}
		return
	}
	delete(e.oversize, pi)
	document.TouchAt(e.Edit, polygonsTable, pi)
	e.l.Polygons[pi] = withRing(e.l.Polygons[pi], verts, lines)
	e.polygonChanged(pi)
}

// withRing is polygon p with the ring verts and lines, of at most 8, and
// no neighbours yet.
func withRing(p codec.Polygon, verts, lines []uint16) codec.Polygon {
	for k := range p.Endpoints {
		p.Endpoints[k], p.Lines[k], p.Adjacent[k], p.Sides[k] = codec.None, codec.None, codec.None, codec.None
	}
	copy(p.Endpoints[:], verts)
	copy(p.Lines[:], lines)
	p.VertexCount = uint16(len(verts))
	return p
}

// overfull reports a polygon that the edit took past 8 vertices.
func (e *edit) overfull() error {
	for pi, r := range e.oversize {
		return fmt.Errorf("polygon %d would have %d vertices, at most 8 are allowed", pi, len(r[0]))
	}
	return nil
}

// copySide appends a copy of side si for line li and returns its index,
// or None when there is no side.
func (e *edit) copySide(si uint16, li int) uint16 {
	if int(si) >= len(e.l.Sides) {
		return codec.None
	}
	document.Touch(e.Edit, sidesTable)
	s := e.l.Sides[si]
	s.Line = int16(li)
	e.l.Sides = append(e.l.Sides, s)
	e.Born[KindSide] = append(e.Born[KindSide], len(e.l.Sides)-1)
	return uint16(len(e.l.Sides) - 1)
}

// nearestOnSegment is the point of segment ab nearest to p, rounded.
func nearestOnSegment(a, b, p codec.Point) codec.Point {
	dx, dy := float64(b.X)-float64(a.X), float64(b.Y)-float64(a.Y)
	t := ((float64(p.X)-float64(a.X))*dx + (float64(p.Y)-float64(a.Y))*dy) / (dx*dx + dy*dy)
	t = max(0, min(1, t))
	return codec.Point{X: clampInt16(int64(math.Round(float64(a.X) + t*dx))), Y: clampInt16(int64(math.Round(float64(a.Y) + t*dy)))}
}

// commitGeometry commits an edit of the level's outlines once the level
// still passes its structural checks, and rolls it back otherwise.
func (d *Document) commitGeometry(e *edit, description string) error {
	if err := e.derive(); err != nil {
		e.Rollback()
		return fmt.Errorf("%s: %w", description, err)
	}
	if errs := bin.Errors(e.l.CheckStructure(0)); len(errs) > 0 {
		e.Rollback()
		return fmt.Errorf("%s: %s", description, errs[0].Message)
	}
	return e.Commit(description, "")
}
