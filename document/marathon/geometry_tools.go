package marathon

import (
	"fmt"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// This file holds the geometry tools that work on a level's lines as
// Weland's do: moving a line or a polygon whole, deleting a line,
// drawing bare lines, and filling a closed outline of lines.

// MoveLine moves both endpoints of line li by delta; the lines and
// polygons they share move with them. It refuses a move that makes a
// polygon concave or a line cross another. The moves of one line merge
// into one step until the history's BreakMerge (a drag).
func (d *Document) MoveLine(level, li int, delta codec.Point) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if li < 0 || li >= len(l.Lines) {
		return fmt.Errorf("level %d has no line %d", level, li)
	}
	return d.moveBy(level, l.Lines[li].Endpoints[:], nil, delta, fmt.Sprintf("line %d", li))
}

// MovePolygon moves every endpoint of polygon pi by delta, with the
// objects and annotations in it, as Weland does; the endpoints it shares
// with other polygons move too, and those polygons follow. It refuses a
// move that makes a polygon concave or a line cross another. The moves
// of one polygon merge into one step until BreakMerge.
func (d *Document) MovePolygon(level, pi int, delta codec.Point) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if pi < 0 || pi >= len(l.Polygons) {
		return fmt.Errorf("level %d has no polygon %d", level, pi)
	}
	p := l.Polygons[pi]
	if p.VertexCount < 3 || p.VertexCount > 8 {
		return fmt.Errorf("polygon %d has %d vertices, 3 to 8 are allowed", pi, p.VertexCount)
	}
	return d.moveBy(level, p.Endpoints[:p.VertexCount], &pi, delta, fmt.Sprintf("polygon %d", pi))
}

// moveBy moves endpoints by delta as one step named for what moves, and
// the objects and annotations of polygon carried, when not nil.
func (d *Document) moveBy(level int, endpoints []uint16, carried *int, delta codec.Point, what string) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	moved := func(p codec.Point) (codec.Point, error) {
		x, y := int(p.X)+int(delta.X), int(p.Y)+int(delta.Y)
		if x < math.MinInt16 || x > math.MaxInt16 || y < math.MinInt16 || y > math.MaxInt16 {
			return p, fmt.Errorf("moving %s by (%d,%d): (%d,%d) would leave the map; X and Y run from -32768 to 32767",
				what, delta.X, delta.Y, x, y)
		}
		return codec.Point{X: int16(x), Y: int16(y)}, nil
	}
	moves := map[int]codec.Point{}
	for _, v := range endpoints {
		if int(v) >= e.vertexCount() {
			return fmt.Errorf("moving %s: level %d has no endpoint %d", what, level, v)
		}
		at, err := moved(e.vertex(v))
		if err != nil {
			return err
		}
		moves[int(v)] = at
	}
	if err := e.moveVertices(moves); err != nil {
		e.Rollback()
		return fmt.Errorf("moving %s by (%d,%d): %w", what, delta.X, delta.Y, err)
	}
	if carried != nil {
		if err := e.carry(*carried, moved); err != nil {
			e.Rollback()
			return err
		}
	}
	return e.Commit("Move "+what, fmt.Sprintf("move %s/%d", what, level))
}

// carry moves the objects and annotations of polygon pi to where moved
// puts them.
func (e *edit) carry(pi int, moved func(codec.Point) (codec.Point, error)) error {
	l := e.l
	for i, o := range l.Objects {
		if int(o.Polygon) != pi {
			continue
		}
		at, err := moved(codec.Point{X: o.X, Y: o.Y})
		if err != nil {
			return err
		}
		document.TouchAt(e.Edit, objectsTable, i)
		l.Objects[i].X, l.Objects[i].Y = at.X, at.Y
	}
	for i, n := range l.Notes {
		if int(n.Polygon) != pi {
			continue
		}
		at, err := moved(n.Location)
		if err != nil {
			return err
		}
		document.TouchAt(e.Edit, notesTable, i)
		l.Notes[i].Location = at
	}
	return nil
}

// DeleteLine deletes line li. A line between two polygons merges them
// when MergePolygons can (the union convex, of at most 8 vertices);
// otherwise, as Weland does, both polygons go with the line, their other
// lines staying as walls of what they bound, or bare lines, so that the
// area can be filled again. A line of one polygon goes with it. The
// line's endpoints go when no other line uses them.
func (d *Document) DeleteLine(level, li int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if li < 0 || li >= len(l.Lines) {
		return fmt.Errorf("level %d has no line %d", level, li)
	}
	line := l.Lines[li]
	cw, ccw := int(line.ClockwisePoly), int(line.CCWPoly)
	if merges(l, level, line) {
		return d.MergePolygons(level, cw, ccw)
	}
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	r := newRemoval()
	for _, pi := range []int{cw, ccw} {
		if pi < len(l.Polygons) {
			r.polygons[pi] = true
		}
	}
	e.markOwned(r)
	r.lines[li] = true
	for _, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
		if int(si) < len(l.Sides) {
			r.sides[int(si)] = true
		}
	}
	var walls []int // lines that keep a polygon on one side only
	document.Touch(e.Edit, linesTable)
	for i := range l.Lines {
		line := &l.Lines[i]
		faces := [2]bool{r.polygons[int(line.ClockwisePoly)], r.polygons[int(line.CCWPoly)]}
		if !faces[0] && !faces[1] {
			continue
		}
		for k, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if faces[k] && int(si) < len(l.Sides) {
				r.sides[int(si)] = true
			}
		}
		line.Flags = line.Flags&^codec.LineTransparent | codec.LineSolid
		e.lineChanged(i)
		if !r.lines[i] && (line.ClockwisePoly != codec.None && !faces[0] || line.CCWPoly != codec.None && !faces[1]) {
			walls = append(walls, i)
		}
	}
	for _, v := range line.Endpoints {
		if !e.usedBesides(v, li) {
			r.endpoints[int(v)] = true
			e.endpointChanged(int(v))
		}
	}
	e.lineChanged(li)
	to := renumberOf(len(l.Lines), r.lines)
	if err := e.remove(r); err != nil {
		e.Rollback()
		return fmt.Errorf("level %d: %w", level, err)
	}
	for _, i := range walls {
		e.fixSides(to[i])
		e.lineChanged(to[i])
	}
	return d.commitGeometry(e, fmt.Sprintf("Delete line %d", li))
}

// merges reports whether deleting line merges the polygons on its faces.
func merges(l *codec.Level, level int, line codec.Line) bool {
	_, _, _, err := mergedPolygon(l, level, int(line.ClockwisePoly), int(line.CCWPoly))
	return err == nil
}

// LineDeleteTakes lists the polygons that DeleteLine of each of lines
// takes with it, judged on the level as it is: the counterclockwise
// face, merged into the other, or both faces of a line whose polygons
// cannot merge.
func (d *Document) LineDeleteTakes(level int, lines []int) ([]int, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	var gone []int
	for _, li := range lines {
		if li < 0 || li >= len(l.Lines) {
			return nil, fmt.Errorf("level %d has no line %d", level, li)
		}
		line := l.Lines[li]
		faces := []int{int(line.CCWPoly)} // merged into the clockwise face
		if !merges(l, level, line) {
			faces = append(faces, int(line.ClockwisePoly))
		}
		for _, pi := range faces {
			if pi < len(l.Polygons) && !slices.Contains(gone, pi) {
				gone = append(gone, pi)
			}
		}
	}
	slices.Sort(gone)
	return gone, nil
}

// usedBesides reports whether a line other than li uses endpoint v.
func (e *edit) usedBesides(v uint16, li int) bool {
	for i, line := range e.l.Lines {
		if i != li && slices.Contains(line.Endpoints[:], v) {
			return true
		}
	}
	return false
}

// DrawLines draws lines through points in order, as Weland's line tool
// does: a point within SnapDistance of an endpoint joins it, one within
// SnapDistance of a line splits the line there (SplitLine), others
// become new endpoints, and a line that exists already is kept. A
// straight line across a polygon, from a point of its outline to
// another, splits the polygon in two (see splitPolygon). It refuses a
// line that would cross or touch another, or end inside a polygon. It
// returns the new lines.
func (d *Document) DrawLines(level int, points []codec.Point) ([]int, error) {
	e, err := d.begin(level)
	if err != nil {
		return nil, err
	}
	made, split, err := e.drawLines(points)
	if err == nil {
		err = e.overfull()
	}
	if err != nil {
		e.Rollback()
		return nil, err
	}
	if len(made) == 0 {
		e.Rollback()
		return nil, fmt.Errorf("the points make no new line")
	}
	description := fmt.Sprintf("Draw %d lines", len(made))
	if len(split) > 0 {
		description = fmt.Sprintf("Split polygon %d", split[0])
		if len(split) > 1 || len(made) > len(split) {
			description = fmt.Sprintf("Draw %d lines, splitting %s", len(made), document.Count(len(split), "polygon"))
		}
	}
	if err := d.commitGeometry(e, description); err != nil {
		return nil, err
	}
	return made, nil
}

// drawLines draws the lines of DrawLines and returns them, with the
// polygons they split.
func (e *edit) drawLines(points []codec.Point) (made, split []int, err error) {
	l := e.l
	prev := -1
	for _, at := range points {
		v, err := e.endpointAt(at)
		if err != nil {
			return nil, nil, err
		}
		if prev >= 0 && prev != v {
			ends := [2]uint16{uint16(prev), uint16(v)}
			if slices.ContainsFunc(l.Lines, func(o codec.Line) bool {
				return o.Endpoints == ends || o.Endpoints == [2]uint16{ends[1], ends[0]}
			}) {
				prev = v
				continue
			}
			a, b := e.vertex(ends[0]), e.vertex(ends[1])
			line := codec.Line{Endpoints: ends, Flags: codec.LineSolid, ClockwisePoly: codec.None, CCWPoly: codec.None,
				ClockwiseSide: codec.None, CCWSide: codec.None}
			for mi, m := range l.Lines {
				if newlyMeets(a, b, e.vertex(m.Endpoints[0]), e.vertex(m.Endpoints[1]), sharedEnds(line, m)) {
					return nil, nil, fmt.Errorf("the line from %s to %s would cross line %d", a.InWU(), b.InWU(), mi)
				}
			}
			document.Touch(e.Edit, linesTable)
			li := len(l.Lines)
			l.Lines = append(l.Lines, line)
			e.Born[KindLine] = append(e.Born[KindLine], li)
			e.lineChanged(li)
			e.topology = true
			made = append(made, li)
			if pi := e.polygonAcross(ends); pi >= 0 {
				if err := e.splitPolygon(pi, li); err != nil {
					return nil, nil, fmt.Errorf("the line from %s to %s runs inside polygon %d: %w", a.InWU(), b.InWU(), pi, err)
				}
				split = append(split, pi)
			}
		}
		prev = v
	}
	return made, split, nil
}

// polygonAcross is the polygon a line between endpoints ends runs
// inside, or -1: one of those that hold its middle, the one the line
// joins two endpoints of when maps overlap polygons.
func (e *edit) polygonAcross(ends [2]uint16) int {
	l := e.l
	a, b := e.vertex(ends[0]), e.vertex(ends[1])
	mid := codec.Point{X: int16((int(a.X) + int(b.X)) / 2), Y: int16((int(a.Y) + int(b.Y)) / 2)}
	found := -1
	for pi := range l.Polygons {
		if !l.Contains(pi, mid) {
			continue
		}
		if verts, _ := e.ringOf(pi); slices.Contains(verts, ends[0]) && slices.Contains(verts, ends[1]) {
			return pi
		}
		if found < 0 {
			found = pi
		}
	}
	return found
}

// newlyMeets reports whether a line drawn from endpoint p to endpoint q
// meets the line from r to s (see segmentsMeet) other than where p or q
// already lay on it: maps hold endpoints on lines they do not end, and a
// line from one of them touches nothing new there.
func newlyMeets(p, q, r, s codec.Point, shared int) bool {
	if meets := segmentsMeet(p, q, r, s, shared); !meets || shared > 0 {
		return meets
	}
	pOn, qOn := codec.Cross(r, s, p) == 0 && onSegment(r, s, p), codec.Cross(r, s, q) == 0 && onSegment(r, s, q)
	return pOn == qOn || codec.Cross(r, s, p) == 0 && codec.Cross(r, s, q) == 0
}

// endpointAt is the endpoint a point drawn at stands for: the endpoint
// within SnapDistance, else a new one on the line within SnapDistance
// (which it splits), else a new one at the point.
func (e *edit) endpointAt(at codec.Point) (int, error) {
	if _, ids := e.snap([]codec.Point{at}); ids[0] >= 0 {
		return ids[0], nil
	}
	for li, line := range e.l.Lines {
		a, b := e.vertex(line.Endpoints[0]), e.vertex(line.Endpoints[1])
		if on := nearestOnSegment(a, b, at); distance2(on, at) <= SnapDistance*SnapDistance {
			v, err := e.splitLine(li, at)
			return int(v), err
		}
	}
	return int(e.addVertex(at)), nil
}

// distance2 is the square of the distance from p to q.
func distance2(p, q codec.Point) int64 {
	dx, dy := int64(p.X)-int64(q.X), int64(p.Y)-int64(q.Y)
	return dx*dx + dy*dy
}

// splitPolygon splits polygon pi in two along line li, new and owned by
// no polygon, which must join two endpoints of pi that no line of pi
// joins. pi keeps the part of more vertices (the one on li's
// counterclockwise side when both have as many); a new polygon, its copy
// in every property, takes the other part with the lines and sides of
// that part, and the objects and annotations inside it. It
// refuses a platform, whose record belongs to one polygon, and parts
// that would not be convex or would have more than 8 vertices.
func (e *edit) splitPolygon(pi, li int) error {
	l := e.l
	p := l.Polygons[pi]
	if p.Type == codec.PolygonPlatform || l.PlatformRecordOf(pi) {
		return fmt.Errorf("the polygon is a platform, whose record belongs to one polygon: it cannot be split")
	}
	verts, lines := e.ringOf(pi)
	ends := l.Lines[li].Endpoints
	ka, kb := slices.Index(verts, ends[0]), slices.Index(verts, ends[1])
	if ka < 0 || kb < 0 {
		return fmt.Errorf("a split runs in one straight line from a point of the polygon's outline to another; a path that bends or ends inside it cannot split it")
	}
	// Walking pi's ring from a to b, then back along li, is the part on
	// li's counterclockwise side; from b to a, then along li, the other.
	var parts [2][2][]uint16
	for k, from := range []int{ka, kb} {
		to := []int{kb, ka}[k]
		pv, pl := ringPart(verts, lines, from, to, uint16(li))
		pts := make([]codec.Point, len(pv))
		ring := make([]int, len(pv))
		for j := range pts {
			pts[j], ring[j] = e.vertex(pv[j]), j
		}
		if len(pv) > 8 {
			return fmt.Errorf("a part would have %d vertices, at most 8 are allowed", len(pv))
		}
		if !convexRing(pts, ring) {
			return fmt.Errorf("a part would not be convex")
		}
		parts[k] = [2][]uint16{pv, pl}
	}
	ni := len(l.Polygons)
	owners := [2]uint16{uint16(pi), uint16(ni)} // of li's counterclockwise and clockwise faces
	if len(parts[1][0]) > len(parts[0][0]) {
		// pi keeps the larger part, so that fewer lines change hands.
		parts[0], parts[1], owners[0], owners[1] = parts[1], parts[0], owners[1], owners[0]
	}
	document.Touch(e.Edit, polygonsTable)
	l.Polygons = append(l.Polygons, withRing(p, parts[1][0], parts[1][1]))
	e.Born[KindPolygon] = append(e.Born[KindPolygon], ni)
	e.setRing(pi, parts[0][0], parts[0][1])
	e.giveLines(pi, ni, parts[1][1])
	l.Lines[li].CCWPoly, l.Lines[li].ClockwisePoly = owners[0], owners[1]
	e.openLine(li)
	e.fixSides(li)
	inGiven := func(at codec.Point) bool { return l.Contains(ni, at) && !l.Contains(pi, at) }
	for i, o := range l.Objects {
		if int(o.Polygon) == pi && inGiven(codec.Point{X: o.X, Y: o.Y}) {
			document.TouchAt(e.Edit, objectsTable, i)
			l.Objects[i].Polygon = int16(ni)
		}
	}
	for i, note := range l.Notes {
		if int(note.Polygon) == pi && inGiven(note.Location) {
			document.TouchAt(e.Edit, notesTable, i)
			l.Notes[i].Polygon = int16(ni)
		}
	}
	e.polygonChanged(ni)
	return nil
}

// ringPart is the part of the ring verts, lines from vertex from to
// vertex to, closed by line closing: the endpoints from..to and the
// lines between them, then closing.
func ringPart(verts, lines []uint16, from, to int, closing uint16) (pv, pl []uint16) {
	n := len(verts)
	for k := range (to-from+n)%n + 1 {
		pv = append(pv, verts[(from+k)%n])
		pl = append(pl, lines[(from+k)%n])
	}
	pl[len(pl)-1] = closing
	return pv, pl
}

// Fill makes a polygon of the closed outline of lines around at, as
// Weland's fill does: the outline the nearest line east of at bounds on
// at's side. The outline's lines must have no polygon on that side and
// no endpoint may lie inside it; a concave outline, or one of more than
// 8 vertices, becomes convex polygons of at most 8, as DrawPolygon makes
// them. It returns the new polygons.
func (d *Document) Fill(level int, at codec.Point) ([]int, error) {
	e, err := d.begin(level)
	if err != nil {
		return nil, err
	}
	l := e.l
	for pi := range l.Polygons {
		if l.Contains(pi, at) {
			return nil, fmt.Errorf("(%d,%d) lies in polygon %d already", at.X, at.Y, pi)
		}
	}
	ids, err := e.outlineAround(at)
	if err != nil {
		return nil, err
	}
	pts := make([]codec.Point, len(ids))
	for k, v := range ids {
		pts[k] = e.vertex(uint16(v))
	}
	return d.fillOutline(e, pts, ids, "Fill")
}

// outlineAround is the ring of endpoints, clockwise on the map, of the
// face of the map's lines that holds at: the face on at's side of the
// first line a ray east from at meets that bounds an area holding at.
func (e *edit) outlineAround(at codec.Point) ([]int, error) {
	l := e.l
	type hit struct {
		x    float64
		line int
	}
	var hits []hit
	for li, line := range l.Lines {
		a, b := e.vertex(line.Endpoints[0]), e.vertex(line.Endpoints[1])
		if a.Y > b.Y {
			a, b = b, a
		}
		if a.Y == b.Y || at.Y < a.Y || at.Y >= b.Y {
			continue
		}
		x := float64(a.X) + (float64(at.Y)-float64(a.Y))*(float64(b.X)-float64(a.X))/(float64(b.Y)-float64(a.Y))
		if x > float64(at.X) {
			hits = append(hits, hit{x, li})
		}
	}
	slices.SortFunc(hits, func(p, q hit) int {
		switch {
		case p.x < q.x:
			return -1
		case p.x > q.x:
			return 1
		}
		return 0
	})
	for _, h := range hits {
		u, v := e.l.Lines[h.line].Endpoints[0], e.l.Lines[h.line].Endpoints[1]
		switch c := codec.Cross(e.vertex(u), e.vertex(v), at); {
		case c == 0:
			return nil, fmt.Errorf("(%d,%d) lies on line %d", at.X, at.Y, h.line)
		case c < 0:
			u, v = v, u
		}
		ring, err := e.traceFace(u, v)
		if err != nil {
			return nil, err
		}
		pts := make([]codec.Point, len(ring))
		for k, w := range ring {
			pts[k] = e.vertex(uint16(w))
		}
		if area2(pts) > 0 && ringHolds(pts, at) {
			return ring, nil
		}
	}
	return nil, fmt.Errorf("no closed outline of lines surrounds (%d,%d)", at.X, at.Y)
}

// traceFace walks the face on the clockwise side of the line from
// endpoint u to v, turning at each endpoint onto the line that turns
// most sharply that way, until it comes back, and returns the endpoints
// passed. A line that ends inside the face stops the walk.
func (e *edit) traceFace(u, v uint16) ([]int, error) {
	start := [2]uint16{u, v}
	ring := []int{int(u)}
	for range 2*len(e.l.Lines) + 2 {
		a, b := e.vertex(u), e.vertex(v)
		best, bestTurn := -1, -math.Pi
		next := uint16(0)
		for li, line := range e.l.Lines {
			var w uint16
			switch v {
			case line.Endpoints[0]:
				w = line.Endpoints[1]
			case line.Endpoints[1]:
				w = line.Endpoints[0]
			default:
				continue
			}
			if w == u {
				continue
			}
			c := e.vertex(w)
			in := [2]float64{float64(b.X) - float64(a.X), float64(b.Y) - float64(a.Y)}
			out := [2]float64{float64(c.X) - float64(b.X), float64(c.Y) - float64(b.Y)}
			turn := math.Atan2(in[0]*out[1]-in[1]*out[0], in[0]*out[0]+in[1]*out[1])
			if best < 0 || turn > bestTurn {
				best, bestTurn, next = li, turn, w
			}
		}
		if best < 0 {
			return nil, fmt.Errorf("the outline is open: endpoint %d ends a line", v)
		}
		u, v = v, next
		if [2]uint16{u, v} == start {
			return ring, nil
		}
		ring = append(ring, int(u))
	}
	return nil, fmt.Errorf("the outline from endpoint %d does not close", start[0])
}

// ringHolds reports whether p lies inside the ring pts (a crossing
// count of a ray east).
func ringHolds(pts []codec.Point, p codec.Point) bool {
	in := false
	for k, a := range pts {
		b := pts[(k+1)%len(pts)]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := float64(a.X) + (float64(p.Y)-float64(a.Y))*(float64(b.X)-float64(a.X))/(float64(b.Y)-float64(a.Y))
			if float64(p.X) < x {
				in = !in
			}
		}
	}
	return in
}
