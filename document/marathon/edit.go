package marathon

import (
	"fmt"
	"math"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// box is an axis-aligned area of the map, in world units.
type box struct {
	minX, minY, maxX, maxY int32
	set                    bool
}

func (b *box) add(p codec.Point) {
	x, y := int32(p.X), int32(p.Y)
	if !b.set {
		*b = box{x, y, x, y, true}
		return
	}
	b.minX, b.minY, b.maxX, b.maxY = min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y)
}

// near reports whether b, grown by d on every side, meets o.
func (b box) near(o box, d int32) bool {
	return b.set && o.set && b.minX-d <= o.maxX && o.minX <= b.maxX+d && b.minY-d <= o.maxY && o.minY <= b.maxY+d
}

// edit is one edit of a level in the making. It snapshots each table
// before its first change, notes the entities whose derived data the
// change affects, and becomes a patch when committed.
type edit struct {
	*document.Edit[*codec.Level]
	doc   *Document
	level int
	l     *codec.Level

	endpoints, lines, polygons map[int]bool // changed, for the derived data
	platforms                  map[int]bool // run-time platforms whose records changed
	area                       box          // where geometry, heights or flags changed, before and after
	topology                   bool         // lines or polygons were created, deleted or re-linked
	renumbered                 bool         // entities moved to other indexes
	derived                    bool         // derive ran: the derived data is current
	// oversize holds the rings (endpoints, then lines) of polygons that
	// splitting their lines took past 8 vertices, which a polygon cannot
	// store: a split of the polygon must bring them back within 8 before
	// the edit commits (see overfull).
	oversize map[int][2][]uint16
}

func (d *Document) begin(level int) (*edit, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	return &edit{Edit: document.Begin(&d.Core, level, l), doc: d, level: level, l: l,
		endpoints: map[int]bool{}, lines: map[int]bool{}, polygons: map[int]bool{}, platforms: map[int]bool{},
		oversize: map[int][2][]uint16{}}, nil
}

// vertex is endpoint i's position.
func (e *edit) vertex(i uint16) codec.Point {
	p, _ := e.l.Vertex(i)
	return p
}

// setVertex moves endpoint i to p.
func (e *edit) setVertex(i int, p codec.Point) {
	e.endpointChanged(i)
	e.placeVertex(i, p)
	e.endpointChanged(i)
}

// placeVertex writes endpoint i's position.
func (e *edit) placeVertex(i int, p codec.Point) {
	if e.l.Endpoints != nil {
		document.TouchAt(e.Edit, endpointsTable, i)
		e.l.Endpoints[i].Position = p
	} else {
		document.TouchAt(e.Edit, pointsTable, i)
		e.l.Points[i] = p
	}
}

func (e *edit) vertexCount() int { return len(e.l.Endpoints) + len(e.l.Points) }

// addVertex appends an endpoint at p.
func (e *edit) addVertex(p codec.Point) uint16 {
	i := e.vertexCount()
	if e.l.Endpoints != nil {
		document.Touch(e.Edit, endpointsTable)
		e.l.Endpoints = append(e.l.Endpoints, codec.Endpoint{Position: p, SupportPolygon: -1})
	} else {
		document.Touch(e.Edit, pointsTable)
		e.l.Points = append(e.l.Points, p)
	}
	e.Born[KindEndpoint] = append(e.Born[KindEndpoint], i)
	e.endpointChanged(i)
	e.topology = true
	return uint16(i)
}

// endpointChanged notes that endpoint i moved or its lines changed; call
// it before and after a move, so that both places count.
func (e *edit) endpointChanged(i int) {
	e.endpoints[i] = true
	e.area.add(e.vertex(uint16(i)))
}

// lineChanged notes a change of line i's flags, sides or owners.
func (e *edit) lineChanged(i int) {
	e.lines[i] = true
	for _, v := range e.l.Lines[i].Endpoints {
		e.area.add(e.vertex(v))
	}
}

// polygonChanged notes a change of polygon i's heights, type or outline.
func (e *edit) polygonChanged(i int) {
	e.polygons[i] = true
	p := &e.l.Polygons[i]
	for _, v := range p.Endpoints[:min(p.VertexCount, 8)] {
		e.area.add(e.vertex(v))
	}
}

// Commit recomputes the derived data the edit affects and records the
// edit as one step (document.Edit's Commit); an edit that changed
// nothing is not recorded, and one that gives the level a reference or
// value the engine would crash on or cannot store is undone and refused.
func (e *edit) Commit(description, mergeKey string) error {
	err := e.derive()
	if err == nil {
		err = e.refuseNewProblems()
	}
	if err != nil {
		e.Rollback()
		return fmt.Errorf("level %d: %s refused: %w", e.level, strings.ToLower(description[:1])+description[1:], err)
	}
	return e.Edit.Commit(description, mergeKey)
}

// refuseNewProblems reports the first reference or value error (see
// codec.Level.ReferenceProblems) that the edit gives the level: one the
// level did not have before, so that an edit of a level with old
// problems is refused only for what it breaks itself. The level before
// the edit is looked at only when it has problems now, through a patch
// of its own that moves no handle of the document.
func (e *edit) refuseNewProblems() error {
	after := bin.Errors(e.l.ReferenceProblems(e.level)) // warnings (a switch aimed at nothing yet) are check's to report
	if len(after) == 0 {
		return nil
	}
	p := e.Patch(document.NewHandles(), e.level, "", "")
	if p == nil {
		return nil
	}
	p.Undo()
	before := map[string]int{}
	for _, q := range bin.Errors(e.l.ReferenceProblems(e.level)) {
		before[problemKey(q)]++
	}
	p.Do()
	for _, q := range after {
		if k := problemKey(q); before[k] > 0 {
			before[k]--
		} else {
			return fmt.Errorf("%s", q.Message)
		}
	}
	return nil
}

// problemKey is what a problem says of its record, without the record's
// index, which an edit may change by renumbering.
func problemKey(q codec.Problem) string {
	return q.Code + "|" + strings.TrimPrefix(q.Message, fmt.Sprintf("%s %d: ", q.Kind, q.Index))
}

// derive recomputes the derived data of everything the edit changed:
// lines' lengths, heights and flags; polygons' areas, centers and
// neighbours; endpoints' flags, heights and support; and, on maps that
// carry them, the map indexes of every polygon the change can reach.
func (e *edit) derive() error {
	if e.derived {
		return nil
	}
	e.derived = true
	l := e.l
	if len(e.endpoints) > 0 {
		for li, line := range l.Lines {
			if e.endpoints[int(line.Endpoints[0])] || e.endpoints[int(line.Endpoints[1])] {
				e.lines[li] = true
			}
		}
		for pi := range l.Polygons {
			p := &l.Polygons[pi]
			for _, v := range p.Endpoints[:min(p.VertexCount, 8)] {
				if e.endpoints[int(v)] {
					e.polygons[pi] = true
				}
			}
		}
	}
	for pi := range e.polygons {
		if pi >= len(l.Polygons) {
			delete(e.polygons, pi)
			continue
		}
		p := &l.Polygons[pi]
		for _, li := range p.Lines[:min(p.VertexCount, 8)] {
			if int(li) < len(l.Lines) {
				e.lines[int(li)] = true
			}
		}
	}
	for li := range e.lines {
		if li >= len(l.Lines) {
			delete(e.lines, li)
			continue
		}
		for _, pi := range []uint16{l.Lines[li].ClockwisePoly, l.Lines[li].CCWPoly} {
			if int(pi) < len(l.Polygons) {
				e.polygons[int(pi)] = true
			}
		}
	}
	moved := e.rebuildPlatforms()
	for li := range e.lines {
		document.TouchAt(e.Edit, linesTable, li)
		for _, si := range []uint16{l.Lines[li].ClockwiseSide, l.Lines[li].CCWSide} {
			if int(si) < len(l.Sides) {
				document.TouchAt(e.Edit, sidesTable, int(si))
			}
		}
		l.UpdateLine(li)
		e.lineChanged(li)
	}
	for pi := range e.polygons {
		document.TouchAt(e.Edit, polygonsTable, pi)
		l.UpdatePolygon(pi)
		e.polygonChanged(pi)
	}
	if l.Endpoints != nil && len(e.lines)+len(e.endpoints) > 0 {
		e.deriveEndpoints()
	}
	for _, i := range moved {
		l.SettlePlatform(i)
	}
	if l.Exclusions != nil && (e.area.set || e.renumbered || e.topology || e.Touched(objectsTable)) {
		return e.deriveMapIndexes()
	}
	return nil
}

// rebuildPlatforms builds again, as the engine builds them when it loads
// a map, the run-time platforms whose records changed or whose polygons
// or lines did: a preprocessed map stores its platforms in this form,
// and the engine loads them as they are. A platform that moves its
// polygon has the polygon's lines and neighbours noted for the derived
// data. It returns the platforms whose polygons changed, in index order,
// to be settled once the lines and endpoints are recomputed.
func (e *edit) rebuildPlatforms() []int {
	l := e.l
	var changed []int
	for i, p := range l.RunPlatforms {
		pi := int(p.Polygon)
		if !e.platforms[i] && !e.polygons[pi] || pi < 0 || pi >= len(l.Polygons) {
			continue
		}
		document.TouchAt(e.Edit, runPlatformsTable, i)
		document.TouchAt(e.Edit, polygonsTable, pi)
		poly := &l.Polygons[pi]
		floor, ceiling := poly.FloorHeight, poly.CeilingHeight
		l.RebuildPlatform(i)
		if poly.FloorHeight == floor && poly.CeilingHeight == ceiling && !e.polygons[pi] {
			continue
		}
		changed = append(changed, i)
		e.polygons[pi] = true
		for _, li := range poly.Lines[:min(poly.VertexCount, 8)] {
			if int(li) < len(l.Lines) {
				e.lines[int(li)] = true
				for _, q := range []uint16{l.Lines[li].ClockwisePoly, l.Lines[li].CCWPoly} {
					if int(q) < len(l.Polygons) {
						e.polygons[int(q)] = true
					}
				}
			}
		}
	}
	return changed
}

// deriveEndpoints recomputes the endpoints of the changed lines.
func (e *edit) deriveEndpoints() {
	l := e.l
	users := map[int][]int{}
	for li := range e.lines {
		for _, v := range l.Lines[li].Endpoints {
			users[int(v)] = nil
		}
	}
	for v := range e.endpoints {
		if v < len(l.Endpoints) {
			users[v] = nil
		}
	}
	for li, line := range l.Lines {
		for _, v := range line.Endpoints {
			if u, ok := users[int(v)]; ok {
				users[int(v)] = append(u, li)
			}
		}
	}
	for v, lines := range users {
		if v < len(l.Endpoints) {
			document.TouchAt(e.Edit, endpointsTable, v)
			l.UpdateEndpoint(v, lines)
		}
	}
}

// deriveMapIndexes recomputes the iidx lists of the polygons near the
// change (all of them after a renumbering), lays the array out again as
// the engine does, and stores every polygon's and platform's ranges. An
// array the level cannot store is refused.
func (e *edit) deriveMapIndexes() error {
	l := e.l
	m := l.NewMapIndex(l.Rules())
	var lists []codec.IndexLists
	if e.renumbered {
		lists = make([]codec.IndexLists, len(l.Polygons))
	} else {
		lists = l.StoredIndexLists()
	}
	kept := make([]bool, len(l.Polygons))
	for i := range l.Polygons {
		kept[i] = m.Kept(i)
		if e.renumbered || e.polygonBox(i).near(e.area, codec.MapIndexReach) {
			sounds := lists[i].Sounds
			lists[i], _ = m.Zones(i)
			lists[i].Sounds = sounds
		}
		if e.renumbered || e.Touched(objectsTable) || e.polygons[i] {
			lists[i].Sounds = m.Sounds(i) // they follow the objects and the polygon's own outline
		}
	}
	indexes, per, err := l.LayOutMapIndexes(lists, kept)
	if err != nil {
		return err
	}
	owners := l.StoredPlatformOwnerLists()
	if e.topology || e.renumbered {
		owners = l.PlatformOwnerLists()
	}
	indexes, ranges, err := l.LayOutPlatformOwners(indexes, owners)
	if err != nil {
		return err
	}

	document.Touch(e.Edit, indexesTable)
	l.Exclusions = indexes
	for i := range l.Polygons {
		if l.Polygons[i].StoredIndexes() != per[i] {
			document.TouchAt(e.Edit, polygonsTable, i)
			l.Polygons[i].SetIndexes(per[i])
		}
	}
	for i := range l.RunPlatforms {
		if l.RunPlatforms[i].EndpointOwners != ranges[i] {
			document.TouchAt(e.Edit, runPlatformsTable, i)
			l.RunPlatforms[i].EndpointOwners = ranges[i]
		}
	}
	return nil
}

// polygonBox is the box of polygon i's vertices.
func (e *edit) polygonBox(i int) box {
	var b box
	p := &e.l.Polygons[i]
	for _, v := range p.Endpoints[:min(p.VertexCount, 8)] {
		if pt, ok := e.l.Vertex(v); ok {
			b.add(pt)
		}
	}
	return b
}

// clampInt16 limits v to the 16-bit range the map stores.
func clampInt16(v int64) int16 {
	return int16(max(math.MinInt16, min(math.MaxInt16, v)))
}
