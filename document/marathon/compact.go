package marathon

import (
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// removal is what an edit deletes, by kind and index.
type removal struct {
	polygons, lines, sides, endpoints, objects, notes, platforms map[int]bool
}

func newRemoval() *removal {
	return &removal{map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}}
}

// renumbering maps old indexes to new ones, -1 for a removed entity.
func renumberOf(n int, drop map[int]bool) []int {
	to := make([]int, n)
	next := 0
	for i := range to {
		if drop[i] {
			to[i] = -1
			continue
		}
		to[i] = next
		next++
	}
	return to
}

// index16 maps a stored 16-bit index through to; None and indexes past
// the table stay as they are, a removed one becomes None.
func index16(v uint16, to []int) uint16 {
	if v == codec.None || int(v) >= len(to) {
		return v
	}
	if to[v] < 0 {
		return codec.None
	}
	return uint16(to[v])
}

func indexSigned(v int16, to []int) int16 { return int16(index16(uint16(v), to)) }

// filter keeps the records whose index is not dropped.
func filter[T any](s []T, drop map[int]bool) []T {
	if len(drop) == 0 {
		return s
	}
	out := s[:0:0]
	for i, v := range s {
		if !drop[i] {
			out = append(out, v)
		}
	}
	if s != nil && out == nil {
		out = []T{}
	}
	return out
}

// remove deletes what r lists, renumbers every reference to what moved,
// clears the switches, triggers and teleporters naming deleted polygons
// (see renumberPolygonReferrers), and moves the handles and the edit's
// notes of changed entities along. On an error it changed nothing.
func (e *edit) remove(r *removal) error {
	l := e.l
	polygons := renumberOf(len(l.Polygons), r.polygons)
	lines := renumberOf(len(l.Lines), r.lines)
	sides := renumberOf(len(l.Sides), r.sides)
	endpoints := renumberOf(e.vertexCount(), r.endpoints)
	objects := renumberOf(len(l.Objects), r.objects)
	notes := renumberOf(len(l.Notes), r.notes)
	platformCount := max(len(l.Platforms), len(l.RunPlatforms))
	platforms := renumberOf(platformCount, r.platforms)
	if err := e.renumberPolygonReferrers(polygons); err != nil {
		return err
	}

	document.Touch(e.Edit, linesTable)
	for i := range l.Lines {
		line := &l.Lines[i]
		line.Endpoints = [2]uint16{index16(line.Endpoints[0], endpoints), index16(line.Endpoints[1], endpoints)}
		line.ClockwiseSide, line.CCWSide = index16(line.ClockwiseSide, sides), index16(line.CCWSide, sides)
		line.ClockwisePoly, line.CCWPoly = index16(line.ClockwisePoly, polygons), index16(line.CCWPoly, polygons)
	}
	document.Touch(e.Edit, polygonsTable)
	for i := range l.Polygons {
		p := &l.Polygons[i]
		for v := range p.Endpoints {
			p.Endpoints[v], p.Lines[v] = index16(p.Endpoints[v], endpoints), index16(p.Lines[v], lines)
			p.Sides[v], p.Adjacent[v] = index16(p.Sides[v], sides), index16(p.Adjacent[v], polygons)
		}
		if len(r.platforms) > 0 && p.Type == codec.PolygonPlatform && !l.Marathon1() {
			p.Permutation = indexSigned(p.Permutation, platforms)
		}
	}
	document.Touch(e.Edit, sidesTable)
	for i := range l.Sides {
		s := &l.Sides[i]
		s.Polygon, s.Line = indexSigned(s.Polygon, polygons), indexSigned(s.Line, lines)
	}
	document.Touch(e.Edit, objectsTable)
	for i := range l.Objects {
		l.Objects[i].Polygon = indexSigned(l.Objects[i].Polygon, polygons)
	}
	document.Touch(e.Edit, notesTable)
	for i := range l.Notes {
		l.Notes[i].Polygon = indexSigned(l.Notes[i].Polygon, polygons)
	}
	document.Touch(e.Edit, platformsTable)
	for i := range l.Platforms {
		l.Platforms[i].Polygon = indexSigned(l.Platforms[i].Polygon, polygons)
	}
	document.Touch(e.Edit, runPlatformsTable)
	for i := range l.RunPlatforms {
		l.RunPlatforms[i].Polygon = indexSigned(l.RunPlatforms[i].Polygon, polygons)
	}

	l.Polygons, l.Lines, l.Sides = filter(l.Polygons, r.polygons), filter(l.Lines, r.lines), filter(l.Sides, r.sides)
	l.Objects, l.Notes = filter(l.Objects, r.objects), filter(l.Notes, r.notes)
	l.Platforms, l.RunPlatforms = filter(l.Platforms, r.platforms), filter(l.RunPlatforms, r.platforms)
	if l.Endpoints != nil {
		document.Touch(e.Edit, endpointsTable)
		for v := range l.Endpoints {
			ep := &l.Endpoints[v]
			if ep.SupportPolygon = indexSigned(ep.SupportPolygon, polygons); ep.SupportPolygon == -1 && !r.endpoints[v] {
				e.endpoints[v] = true // its support is gone: find another
			}
		}
		l.Endpoints = filter(l.Endpoints, r.endpoints)
	} else {
		document.Touch(e.Edit, pointsTable)
		l.Points = filter(l.Points, r.endpoints)
	}

	for _, k := range []struct {
		kind document.Kind
		to   []int
	}{{KindPolygon, polygons}, {KindLine, lines}, {KindSide, sides}, {KindEndpoint, endpoints}, {KindObject, objects},
		{KindAnnotation, notes}, {KindPlatform, platforms}} {
		moves := map[int]int{}
		for from, to := range k.to {
			if from != to {
				moves[from] = to
			}
		}
		if len(moves) > 0 {
			e.Renumber = append(e.Renumber, document.Renumbering{Kind: k.kind, Moves: moves})
		}
	}
	e.endpoints = remapSet(e.endpoints, endpoints)
	e.lines = remapSet(e.lines, lines)
	e.polygons = remapSet(e.polygons, polygons)
	e.renumbered, e.topology = true, true
	return nil
}

func remapSet(set map[int]bool, to []int) map[int]bool {
	out := make(map[int]bool, len(set))
	for i := range set {
		if i < len(to) && to[i] >= 0 {
			out[to[i]] = true
		}
	}
	return out
}
