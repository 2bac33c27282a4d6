package marathon

import (
	"fmt"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// DrawPolygon adds polygons filling outline, a closed list of points in
// either winding. Points within SnapDistance of an endpoint join it,
// edges along existing lines share them (on their free side), and other
// edges get new lines; faces that show a wall get sides. An outline that
// is concave or has more than 8 vertices is split into convex polygons
// of at most 8. It returns the new polygons.
func (d *Document) DrawPolygon(level int, outline []codec.Point) ([]int, error) {
	e, err := d.begin(level)
	if err != nil {
		return nil, err
	}
	pts, ids := e.snap(outline)
	return d.fillOutline(e, pts, ids, "Draw")
}

// fillOutline makes polygons of the closed outline pts, whose points are
// endpoints ids (-1 for a new one), as DrawPolygon does, naming the step
// verb and the count of polygons made.
func (d *Document) fillOutline(e *edit, pts []codec.Point, ids []int, verb string) ([]int, error) {
	if len(pts) < 3 {
		return nil, fmt.Errorf("an outline needs 3 distinct points, got %d", len(pts))
	}
	if area2(pts) < 0 {
		slices.Reverse(pts)
		slices.Reverse(ids)
	} else if area2(pts) == 0 {
		return nil, fmt.Errorf("the outline encloses no area")
	}
	if err := simple(pts, ids); err != nil {
		return nil, err
	}
	pieces, err := convexPieces(pts)
	if err != nil {
		return nil, err
	}
	if err := e.checkFree(pts, ids, pieces); err != nil {
		return nil, err
	}
	for k, id := range ids {
		if id < 0 {
			ids[k] = int(e.addVertex(pts[k]))
		}
	}
	lineAt := map[[2]uint16]int{}
	for li, line := range e.l.Lines {
		lineAt[line.Endpoints] = li
	}
	template := e.templatePolygon(ids, lineAt)
	var made []int
	document.Touch(e.Edit, polygonsTable)
	document.Touch(e.Edit, linesTable)
	for _, piece := range pieces {
		pi := len(e.l.Polygons)
		p := template
		p.VertexCount = uint16(len(piece))
		for k := range p.Endpoints {
			p.Endpoints[k], p.Lines[k], p.Adjacent[k], p.Sides[k] = codec.None, codec.None, codec.None, codec.None
		}
		for k, v := range piece {
			a, b := uint16(ids[v]), uint16(ids[piece[(k+1)%len(piece)]])
			p.Endpoints[k] = a
			p.Lines[k] = uint16(e.claimLine(a, b, pi, lineAt))
		}
		e.l.Polygons = append(e.l.Polygons, p)
		e.Born[KindPolygon] = append(e.Born[KindPolygon], pi)
		e.polygonChanged(pi)
		for _, li := range p.Lines[:p.VertexCount] {
			e.fixSides(int(li))
		}
		made = append(made, pi)
	}
	e.topology = true
	if err := d.commitGeometry(e, verb+" "+document.Count(len(made), "polygon")); err != nil {
		return nil, err
	}
	return made, nil
}

// snap joins points to endpoints within SnapDistance and drops repeated
// points; ids holds each point's endpoint, or -1 for a new one.
func (e *edit) snap(outline []codec.Point) (pts []codec.Point, ids []int) {
	for _, at := range outline {
		id, best := -1, int64(SnapDistance*SnapDistance)
		for v := range e.vertexCount() {
			p := e.vertex(uint16(v))
			dx, dy := int64(p.X)-int64(at.X), int64(p.Y)-int64(at.Y)
			if dist := dx*dx + dy*dy; dist <= best {
				id, best = v, dist
			}
		}
		if id >= 0 {
			at = e.vertex(uint16(id))
		}
		if len(pts) > 0 && pts[len(pts)-1] == at {
			continue
		}
		pts, ids = append(pts, at), append(ids, id)
	}
	if len(pts) > 1 && pts[0] == pts[len(pts)-1] {
		pts, ids = pts[:len(pts)-1], ids[:len(ids)-1]
	}
	return pts, ids
}

// area2 is twice the signed area of a ring: positive when it runs
// clockwise on the map, the way polygons list their endpoints.
func area2(pts []codec.Point) int64 {
	var s int64
	for k, p := range pts {
		q := pts[(k+1)%len(pts)]
		s += int64(p.X)*int64(q.Y) - int64(q.X)*int64(p.Y)
	}
	return s
}

// simple reports an outline that crosses or touches itself.
func simple(pts []codec.Point, ids []int) error {
	n := len(pts)
	for k := range n {
		for j := k + 1; j < n; j++ {
			if pts[k] == pts[j] || ids[k] >= 0 && ids[k] == ids[j] {
				return fmt.Errorf("the outline passes point (%d,%d) twice", pts[k].X, pts[k].Y)
			}
		}
	}
	for k := range n {
		for j := k + 1; j < n; j++ {
			shared := 0
			if j == k+1 || k == 0 && j == n-1 {
				shared = 1
			}
			if segmentsMeet(pts[k], pts[(k+1)%n], pts[j], pts[(j+1)%n], shared) {
				return fmt.Errorf("the outline crosses itself near (%d,%d)", pts[j].X, pts[j].Y)
			}
		}
	}
	return nil
}

// convexPieces splits a clockwise simple ring into convex rings of at
// most 8 points: ear clipping into triangles, then merging neighbouring
// pieces while the union stays convex and small enough.
func convexPieces(pts []codec.Point) ([][]int, error) {
	ring := make([]int, len(pts))
	for k := range ring {
		ring[k] = k
	}
	if len(ring) <= 8 && convexRing(pts, ring) {
		return [][]int{ring}, nil
	}
	var pieces [][]int
	for len(ring) > 3 {
		found := false
		for k := range ring {
			a, b, c := ring[(k+len(ring)-1)%len(ring)], ring[k], ring[(k+1)%len(ring)]
			if codec.Cross(pts[a], pts[b], pts[c]) <= 0 || anyInside(pts, ring, a, b, c) {
				continue
			}
			pieces = append(pieces, []int{a, b, c})
			ring = slices.Delete(ring, k, k+1)
			found = true
			break
		}
		if !found {
			return nil, fmt.Errorf("the outline cannot be split into convex polygons")
		}
	}
	if codec.Cross(pts[ring[0]], pts[ring[1]], pts[ring[2]]) <= 0 {
		return nil, fmt.Errorf("the outline leaves a piece with no area")
	}
	pieces = append(pieces, ring)
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(pieces) && !merged; i++ {
			for j := i + 1; j < len(pieces) && !merged; j++ {
				if m := joinRings(pieces[i], pieces[j]); m != nil && len(m) <= 8 && convexRing(pts, m) {
					pieces[i] = m
					pieces = slices.Delete(pieces, j, j+1)
					merged = true
				}
			}
		}
	}
	return pieces, nil
}

// anyInside reports whether a ring point other than a, b, c lies in or on
// the triangle abc.
func anyInside(pts []codec.Point, ring []int, a, b, c int) bool {
	for _, v := range ring {
		if v == a || v == b || v == c {
			continue
		}
		p := pts[v]
		if codec.Cross(pts[a], pts[b], p) >= 0 && codec.Cross(pts[b], pts[c], p) >= 0 && codec.Cross(pts[c], pts[a], p) >= 0 {
			return true
		}
	}
	return false
}

// joinRings joins two rings that share an edge (u→w in one, w→u in the
// other) into one, or returns nil.
func joinRings(r, s []int) []int {
	for i := range r {
		u, w := r[i], r[(i+1)%len(r)]
		for j := range s {
			if s[j] != w || s[(j+1)%len(s)] != u {
				continue
			}
			var out []int
			for k := range len(r) {
				out = append(out, r[(i+1+k)%len(r)]) // w ... u
			}
			for k := range len(s) - 2 {
				out = append(out, s[(j+2+k)%len(s)]) // after u, before w
			}
			return out
		}
	}
	return nil
}

// convexRing reports whether the ring turns clockwise or runs straight
// at every point, and encloses area.
func convexRing(pts []codec.Point, ring []int) bool {
	n := len(ring)
	var sum int64
	for k := range n {
		t := codec.Cross(pts[ring[k]], pts[ring[(k+1)%n]], pts[ring[(k+2)%n]])
		if t < 0 {
			return false
		}
		sum += t
	}
	return sum > 0
}

// checkFree reports a drawn outline that overlaps the map: an edge that
// crosses a line, a line already owned on the side the outline needs, an
// endpoint inside it, or an outline inside a polygon.
func (e *edit) checkFree(pts []codec.Point, ids []int, pieces [][]int) error {
	l := e.l
	for _, piece := range pieces {
		for k, v := range piece {
			w := piece[(k+1)%len(piece)]
			for li, line := range l.Lines {
				shared := 0
				for _, x := range line.Endpoints {
					if int(x) == ids[v] || int(x) == ids[w] {
						shared++
					}
				}
				if shared == 2 {
					owner := line.CCWPoly
					if int(line.Endpoints[0]) == ids[v] {
						owner = line.ClockwisePoly
					}
					if owner != codec.None {
						return fmt.Errorf("line %d already has polygon %d on that side", li, owner)
					}
					continue
				}
				if segmentsMeet(pts[v], pts[w], e.vertex(line.Endpoints[0]), e.vertex(line.Endpoints[1]), shared) {
					return fmt.Errorf("the outline crosses line %d", li)
				}
			}
		}
		for ev := range e.vertexCount() {
			if slices.Contains(ids, ev) {
				continue
			}
			p := e.vertex(uint16(ev))
			inside := true
			for k, v := range piece {
				if codec.Cross(pts[v], pts[piece[(k+1)%len(piece)]], p) <= 0 {
					inside = false
					break
				}
			}
			if inside {
				return fmt.Errorf("endpoint %d lies inside the outline", ev)
			}
		}
		var cx, cy int64
		for _, v := range piece {
			cx, cy = cx+int64(pts[v].X), cy+int64(pts[v].Y)
		}
		center := codec.Point{X: int16(cx / int64(len(piece))), Y: int16(cy / int64(len(piece)))}
		for pi := range l.Polygons {
			if l.Contains(pi, center) {
				return fmt.Errorf("the outline lies inside polygon %d", pi)
			}
		}
	}
	return nil
}

// templatePolygon is the polygon a drawn one takes its surfaces, heights
// and lights from: the first neighbour across an existing line, else
// polygon 0, else the defaults.
func (e *edit) templatePolygon(ids []int, lineAt map[[2]uint16]int) codec.Polygon {
	t := codec.Polygon{FloorTexture: environmentTexture(e.l, defaultFloorTexture), CeilingTexture: environmentTexture(e.l, defaultCeilingTexture),
		CeilingHeight: defaultCeilingHeight}
	from := -1
	for k := range ids {
		a, b := uint16(ids[k]), uint16(ids[(k+1)%len(ids)])
		if li, ok := lineAt[[2]uint16{b, a}]; ok && e.l.Lines[li].ClockwisePoly != codec.None {
			from = int(e.l.Lines[li].ClockwisePoly)
		} else if li, ok := lineAt[[2]uint16{a, b}]; ok && e.l.Lines[li].CCWPoly != codec.None {
			from = int(e.l.Lines[li].CCWPoly)
		}
		if from >= 0 {
			break
		}
	}
	if from < 0 && len(e.l.Polygons) > 0 {
		from = 0
	}
	if from >= 0 && from < len(e.l.Polygons) {
		s := &e.l.Polygons[from]
		t.FloorTexture, t.CeilingTexture, t.FloorHeight, t.CeilingHeight = s.FloorTexture, s.CeilingTexture, s.FloorHeight, s.CeilingHeight
		t.FloorLight, t.CeilingLight, t.MediaLight = s.FloorLight, s.CeilingLight, s.MediaLight
		t.FloorTransfer, t.CeilingTransfer = s.FloorTransfer, s.CeilingTransfer
	}
	t.FirstObject, t.Media, t.SoundSourceIndexes, t.AmbientSound, t.RandomSound = -1, -1, -1, -1, -1
	return t
}

// claimLine makes polygon pi the owner of the line from a to b on the
// side it walks, adding the line when there is none, and returns it.
func (e *edit) claimLine(a, b uint16, pi int, lineAt map[[2]uint16]int) int {
	l := e.l
	if li, ok := lineAt[[2]uint16{a, b}]; ok {
		l.Lines[li].ClockwisePoly = uint16(pi)
		e.openLine(li)
		return li
	}
	if li, ok := lineAt[[2]uint16{b, a}]; ok {
		l.Lines[li].CCWPoly = uint16(pi)
		e.openLine(li)
		return li
	}
	li := len(l.Lines)
	l.Lines = append(l.Lines, codec.Line{Endpoints: [2]uint16{a, b}, Flags: codec.LineSolid,
		ClockwisePoly: uint16(pi), CCWPoly: codec.None, ClockwiseSide: codec.None, CCWSide: codec.None})
	lineAt[[2]uint16{a, b}] = li
	e.Born[KindLine] = append(e.Born[KindLine], li)
	e.lineChanged(li)
	return li
}

// openLine makes a line with polygons on both sides passable.
func (e *edit) openLine(li int) {
	line := &e.l.Lines[li]
	if line.ClockwisePoly != codec.None && line.CCWPoly != codec.None {
		line.Flags = line.Flags&^codec.LineSolid | codec.LineTransparent
	}
	e.lineChanged(li)
}

// fixSides gives each face of line li that shows a wall a side of the
// right type: a full wall against the void or on a solid line, else the
// high and low parts the neighbour's ceiling and floor leave visible.
func (e *edit) fixSides(li int) {
	for face := range 2 {
		e.fixFace(li, face)
	}
}

// fixFace gives face (0 clockwise, 1 counterclockwise) of line li the
// side fixSides gives it, and returns that side, or None when the face
// has no polygon or shows no wall.
func (e *edit) fixFace(li, face int) uint16 {
	l := e.l
	line := &l.Lines[li]
	owner, other, si := line.ClockwisePoly, line.CCWPoly, &line.ClockwiseSide
	if face == 1 {
		owner, other, si = line.CCWPoly, line.ClockwisePoly, &line.CCWSide
	}
	if int(owner) >= len(l.Polygons) {
		return codec.None
	}
	sideType, needed := sideTypeOf(l, owner, other, line.Flags&codec.LineSolid != 0)
	switch {
	case !needed:
		return codec.None
	case int(*si) < len(l.Sides):
		if l.Sides[*si].Type != sideType {
			document.Touch(e.Edit, sidesTable)
			l.Sides[*si].Type = sideType
		}
	default:
		document.Touch(e.Edit, linesTable)
		*si = e.addSide(li, int(owner), sideType)
	}
	return *si
}

// sideTypeOf is the side a face of polygon owner needs against polygon
// other; needed is false when the face shows no wall. A face toward a
// door needs the side its closing shows.
func sideTypeOf(l *codec.Level, owner, other uint16, solid bool) (sideType uint16, needed bool) {
	if solid || int(other) >= len(l.Polygons) {
		return sideFull, true
	}
	p, q := &l.Polygons[owner], &l.Polygons[other]
	high, low := q.CeilingHeight < p.CeilingHeight, q.FloorHeight > p.FloorHeight
	if door, closes := l.ClosingPlatform(int(other)); closes && !l.Marathon1() && p.Type != codec.PolygonPlatform {
		// A door shows its face here whenever it is closed: its lowered
		// ceiling, its raised floor, or both meeting.
		fromFloor, fromCeiling := door.StaticFlags&codec.PlatformComesFromFloor != 0, door.StaticFlags&codec.PlatformComesFromCeiling != 0
		high, low = high || fromCeiling || !fromFloor, low || fromFloor
	}
	switch {
	case high && low:
		return sideSplit, true
	case high:
		return sideHigh, true
	case low:
		return sideLow, true
	}
	return sideFull, false
}

// addSide appends a side of polygon pi on line li, textured like another
// wall of the polygon, and returns it.
func (e *edit) addSide(li, pi int, sideType uint16) uint16 {
	l := e.l
	p := &l.Polygons[pi]
	s := codec.Side{Primary: codec.SideTexture{Texture: environmentTexture(l, defaultWallTexture)}, Secondary: codec.SideTexture{Texture: codec.None},
		Transparent: codec.SideTexture{Texture: codec.None}, PrimaryLight: p.FloorLight, SecondaryLight: p.FloorLight,
		TransparentLight: p.FloorLight}
	for _, other := range p.Lines[:min(p.VertexCount, 8)] {
		if int(other) >= len(l.Lines) {
			continue
		}
		for _, si := range []uint16{l.Lines[other].ClockwiseSide, l.Lines[other].CCWSide} {
			if int(si) < len(l.Sides) && int(l.Sides[si].Polygon) == pi {
				t := l.Sides[si]
				s.Primary, s.PrimaryTransfer, s.PrimaryLight = t.Primary, t.PrimaryTransfer, t.PrimaryLight
			}
		}
	}
	if sideType == sideSplit {
		s.Secondary, s.SecondaryTransfer = s.Primary, s.PrimaryTransfer
	}
	s.Type, s.ControlPanelType, s.ControlPanelPermutation = sideType, -1, -1
	s.Polygon, s.Line = int16(pi), int16(li)
	document.Touch(e.Edit, sidesTable)
	l.Sides = append(l.Sides, s)
	e.Born[KindSide] = append(e.Born[KindSide], len(l.Sides)-1)
	e.lineChanged(li)
	return uint16(len(l.Sides) - 1)
}

// DeletePolygons deletes polygons with the objects, annotations and
// platforms in them, the lines and endpoints only they used, and their
// sides; a line they shared with a kept polygon becomes its solid wall.
func (d *Document) DeletePolygons(level int, polygons []int) error {
	return d.deletePolygons(level, polygons, false)
}

// DeletePolygonsKeepingLines deletes polygons with the objects,
// annotations and platforms in them and the sides facing them, as
// Weland does: their lines stay, as walls of the polygons beyond them or
// as bare lines, so that the area can be filled or split again. The
// step names what went.
func (d *Document) DeletePolygonsKeepingLines(level int, polygons []int) error {
	return d.deletePolygons(level, polygons, true)
}

// deletePolygons deletes polygons as DeletePolygons does, or keeping
// every line as DeletePolygonsKeepingLines does.
func (d *Document) deletePolygons(level int, polygons []int, keepLines bool) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	l := e.l
	r := newRemoval()
	for _, pi := range polygons {
		if pi < 0 || pi >= len(l.Polygons) {
			return fmt.Errorf("level %d has no polygon %d", level, pi)
		}
		r.polygons[pi] = true
	}
	e.markOwned(r)
	var walls []int // lines that become a kept polygon's wall
	document.Touch(e.Edit, linesTable)
	for li := range l.Lines {
		line := &l.Lines[li]
		cw, ccw := r.polygons[int(line.ClockwisePoly)], r.polygons[int(line.CCWPoly)]
		if !cw && !ccw {
			continue
		}
		keptCW := line.ClockwisePoly != codec.None && !cw
		keptCCW := line.CCWPoly != codec.None && !ccw
		for k, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if gone := []bool{cw, ccw}[k]; gone && int(si) < len(l.Sides) {
				r.sides[int(si)] = true
			}
		}
		line.Flags = line.Flags&^codec.LineTransparent | codec.LineSolid
		switch {
		case keptCW || keptCCW:
			walls = append(walls, li)
		case keepLines:
			e.lineChanged(li)
		default:
			r.lines[li] = true
		}
	}
	used := map[uint16]bool{}
	for li, line := range l.Lines {
		if !r.lines[li] {
			used[line.Endpoints[0]], used[line.Endpoints[1]] = true, true
		}
	}
	for v := range e.vertexCount() {
		if !used[uint16(v)] {
			r.endpoints[v] = true
		}
	}
	description := "Delete " + document.Count(len(polygons), "polygon")
	if keepLines {
		description = deletedNames(polygons, r)
	}
	to := renumberOf(len(l.Lines), r.lines)
	if err := e.remove(r); err != nil {
		e.Rollback()
		return fmt.Errorf("level %d: %w", level, err)
	}
	for _, li := range walls {
		e.fixSides(to[li])
		e.lineChanged(to[li])
	}
	return d.commitGeometry(e, description)
}

// deletedNames names the step of DeletePolygonsKeepingLines: the
// polygons, then what went with them.
func deletedNames(polygons []int, r *removal) string {
	out := "Delete " + document.Count(len(polygons), "polygon")
	if len(polygons) == 1 {
		out = fmt.Sprintf("Delete polygon %d", polygons[0])
	}
	out += ", keep lines"
	var took []string
	for _, c := range []struct {
		n    int
		what string
	}{{len(r.objects), "object"}, {len(r.notes), "annotation"}, {len(r.platforms), "platform"}} {
		if c.n > 0 {
			took = append(took, document.Count(c.n, c.what))
		}
	}
	if len(took) > 0 {
		out += ": " + strings.Join(took, ", ")
	}
	return out
}

// markOwned adds to r the objects, annotations and platforms in the
// polygons r removes.
func (e *edit) markOwned(r *removal) {
	l := e.l
	for i, o := range l.Objects {
		if r.polygons[int(o.Polygon)] {
			r.objects[i] = true
		}
	}
	for i, n := range l.Notes {
		if r.polygons[int(n.Polygon)] {
			r.notes[i] = true
		}
	}
	for i, p := range l.Platforms {
		if r.polygons[int(p.Polygon)] {
			r.platforms[i] = true
		}
	}
	for i, p := range l.RunPlatforms {
		if r.polygons[int(p.Polygon)] {
			r.platforms[i] = true
		}
	}
}

// MergePolygons joins polygon b into polygon a across the one line they
// share, when the union is convex with at most 8 vertices. The line and
// its sides go; b's objects and annotations move to a.
func (d *Document) MergePolygons(level, a, b int) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	l := e.l
	shared, verts, lines, err := mergedPolygon(l, level, a, b)
	if err != nil {
		return err
	}
	document.Touch(e.Edit, polygonsTable)
	p := &l.Polygons[a]
	p.VertexCount = uint16(len(verts))
	for k := range p.Endpoints {
		p.Endpoints[k], p.Lines[k] = codec.None, codec.None
	}
	copy(p.Endpoints[:], verts)
	copy(p.Lines[:], lines)
	e.movePolygon(b, a, lines)
	r := newRemoval()
	r.polygons[b], r.lines[shared] = true, true
	for _, si := range []uint16{l.Lines[shared].ClockwiseSide, l.Lines[shared].CCWSide} {
		if int(si) < len(l.Sides) {
			r.sides[int(si)] = true
		}
	}
	e.markOwned(r)
	to := renumberOf(len(l.Polygons), r.polygons)
	if err := e.remove(r); err != nil {
		e.Rollback()
		return fmt.Errorf("level %d: %w", level, err)
	}
	e.polygonChanged(to[a])
	return d.commitGeometry(e, fmt.Sprintf("Merge polygons %d and %d", a, b))
}

// mergedPolygon is the ring of the polygon that merging b into a makes
// (see mergedRing) and the line they share, or why they cannot merge.
func mergedPolygon(l *codec.Level, level, a, b int) (shared int, verts, lines []uint16, err error) {
	if a == b || a < 0 || b < 0 || a >= len(l.Polygons) || b >= len(l.Polygons) {
		return 0, nil, nil, fmt.Errorf("level %d: cannot merge polygons %d and %d", level, a, b)
	}
	pa, pb := l.Polygons[a], l.Polygons[b]
	na, nb := int(pa.VertexCount), int(pb.VertexCount)
	var common []int
	for _, li := range pa.Lines[:na] {
		if slices.Contains(pb.Lines[:nb], li) {
			common = append(common, int(li))
		}
	}
	if len(common) != 1 {
		return 0, nil, nil, fmt.Errorf("polygons %d and %d share %d lines, merging needs exactly one", a, b, len(common))
	}
	if na+nb-2 > 8 {
		return 0, nil, nil, fmt.Errorf("polygons %d and %d would make a polygon of %d vertices, at most 8 are allowed", a, b, na+nb-2)
	}
	verts, lines = mergedRing(pa, pb, uint16(common[0]))
	pts := make([]codec.Point, len(verts))
	ring := make([]int, len(verts))
	for k, v := range verts {
		pts[k], _ = l.Vertex(v)
		ring[k] = k
	}
	if !convexRing(pts, ring) {
		return 0, nil, nil, fmt.Errorf("polygons %d and %d would not make a convex polygon", a, b)
	}
	return common[0], verts, lines, nil
}

// giveLines makes polygon a the owner of lines, and of their sides, in
// polygon b's place.
func (e *edit) giveLines(b, a int, lines []uint16) {
	l := e.l
	document.Touch(e.Edit, linesTable)
	document.Touch(e.Edit, sidesTable)
	for _, li := range lines {
		line := &l.Lines[li]
		if int(line.ClockwisePoly) == b {
			line.ClockwisePoly = uint16(a)
		}
		if int(line.CCWPoly) == b {
			line.CCWPoly = uint16(a)
		}
		for _, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if int(si) < len(l.Sides) && int(l.Sides[si].Polygon) == b {
				l.Sides[si].Polygon = int16(a)
			}
		}
	}
}

// mergedRing is the endpoints and lines, in order, of the polygon pa and
// pb make joined across their shared line: pa's ring from the shared
// line's far end round to its near end, then pb's other endpoints.
func mergedRing(pa, pb codec.Polygon, shared uint16) (verts, lines []uint16) {
	na, nb := int(pa.VertexCount), int(pb.VertexCount)
	ka, kb := slices.Index(pa.Lines[:na], shared), slices.Index(pb.Lines[:nb], shared)
	for j := range na {
		verts = append(verts, pa.Endpoints[(ka+1+j)%na])
	}
	for j := range nb - 2 {
		verts = append(verts, pb.Endpoints[(kb+2+j)%nb])
	}
	for j := range na - 1 {
		lines = append(lines, pa.Lines[(ka+1+j)%na])
	}
	for j := range nb - 1 {
		lines = append(lines, pb.Lines[(kb+1+j)%nb])
	}
	return verts, lines
}

// movePolygon gives polygon b's lines (of lines), their sides, and b's
// objects and annotations to polygon a.
func (e *edit) movePolygon(b, a int, lines []uint16) {
	l := e.l
	e.giveLines(b, a, lines)
	document.Touch(e.Edit, objectsTable)
	for i := range l.Objects {
		if int(l.Objects[i].Polygon) == b {
			l.Objects[i].Polygon = int16(a)
		}
	}
	document.Touch(e.Edit, notesTable)
	for i := range l.Notes {
		if int(l.Notes[i].Polygon) == b {
			l.Notes[i].Polygon = int16(a)
		}
	}
}
