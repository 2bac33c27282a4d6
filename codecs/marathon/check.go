package marathon

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Problem is a validation finding.
type Problem = bin.Problem

// Check reports what the engine would reject or mishandle: polygons with
// bad vertex counts or out-of-range indexes, lines with out-of-range
// indexes, polygons listing lines that do not name them, zero-length
// lines (warnings), the references and values of ReferenceProblems,
// and, on maps that carry derived data, every stored value that disagrees
// with the recomputed one (as warnings).
//
// Each of these checks runs on its own: one that fails on a level it was
// not written for is reported as a "check-failed" error naming it, and
// the others still run.
func (l *Level) Check(level int) []Problem {
	out := bin.Guard(level, "structure", func() []Problem { return l.CheckStructure(level) })
	errors := len(bin.Errors(out)) > 0
	out = append(out, bin.Guard(level, "references", func() []Problem { return l.ReferenceProblems(level) })...)
	if !errors && l.CarriesDerivedData() { // recomputing needs every index in range
		out = append(out, bin.Guard(level, "derived data", func() []Problem { return l.StaleDerivedData(level) })...)
	}
	return out
}

// CheckStructure is Check without the references and values of
// ReferenceProblems and the comparison of stored derived data with
// recomputed values, which is the slow part.
func (l *Level) CheckStructure(level int) []Problem {
	var out []Problem
	add := func(severity, kind string, index int, code, format string, args ...any) {
		out = append(out, Problem{Severity: severity, Level: level, Kind: kind, Index: index, Code: code, Message: fmt.Sprintf(format, args...)})
	}
	vertices := len(l.Endpoints) + len(l.Points)
	for i, line := range l.Lines {
		if int(line.Endpoints[0]) >= vertices || int(line.Endpoints[1]) >= vertices {
			add("error", "line", i, "endpoint-out-of-range", "line %d uses endpoints %d and %d of %d", i, line.Endpoints[0], line.Endpoints[1], vertices)
			continue
		}
		if a, _ := l.Vertex(line.Endpoints[0]); true {
			if b, _ := l.Vertex(line.Endpoints[1]); a == b {
				// A warning: Bungie's own Marathon 1 levels hold some, and load.
				add("warning", "line", i, "zero-length-line", "line %d has both ends at %s", i, a.InWU())
			}
		}
		for _, pi := range []uint16{line.ClockwisePoly, line.CCWPoly} {
			if pi != None && int(pi) >= len(l.Polygons) {
				add("error", "line", i, "polygon-out-of-range", "line %d names polygon %d of %d", i, pi, len(l.Polygons))
			}
		}
		for _, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if si != None && int(si) >= len(l.Sides) {
				add("error", "line", i, "side-out-of-range", "line %d names side %d of %d", i, si, len(l.Sides))
			}
		}
	}
	for i, p := range l.Polygons {
		if p.VertexCount < 3 || p.VertexCount > 8 {
			add("error", "polygon", i, "vertex-count", "polygon %d has %d vertices, 3 to 8 are allowed", i, p.VertexCount)
			continue
		}
		for v := range int(p.VertexCount) {
			if int(p.Lines[v]) >= len(l.Lines) || int(p.Endpoints[v]) >= vertices {
				add("error", "polygon", i, "index-out-of-range", "polygon %d lists line %d or endpoint %d past the map", i, p.Lines[v], p.Endpoints[v])
				continue
			}
			line := l.Lines[p.Lines[v]]
			if line.ClockwisePoly != uint16(i) && line.CCWPoly != uint16(i) {
				add("error", "polygon", i, "line-not-owned", "polygon %d lists line %d, which names polygons %d and %d", i, p.Lines[v], int16(line.ClockwisePoly), int16(line.CCWPoly))
			}
		}
	}
	owners := make([]int, len(l.Lines))
	for i, p := range l.Polygons {
		if p.VertexCount > 8 {
			continue
		}
		for v := range int(p.VertexCount) {
			if int(p.Lines[v]) < len(l.Lines) {
				owners[p.Lines[v]]++
			}
		}
		if p.VertexCount >= 3 && !l.Convex(i) {
			add("error", "polygon", i, "not-convex", "polygon %d is not convex", i)
		}
	}
	for i, n := range owners {
		if n > 2 {
			add("error", "line", i, "line-shared-by-many", "line %d is listed by %d polygons, at most 2 may share a line", i, n)
		}
	}
	for i, line := range l.Lines {
		if l.marathon1 {
			break // Marathon 1 sides do not hold their line and polygon
		}
		for k, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
			owner := []uint16{line.ClockwisePoly, line.CCWPoly}[k]
			if s := l.side(si); s != nil && (int(s.Line) != i || uint16(s.Polygon) != owner) {
				add("error", "side", int(si), "side-disagrees", "side %d names line %d and polygon %d; line %d names it with polygon %d", si, s.Line, s.Polygon, i, int16(owner))
			}
		}
	}
	for i := range l.Objects {
		if p, ok := l.ObjectPlacementProblem(level, i); ok {
			out = append(out, p)
		}
	}
	return out
}

// ObjectPlacementProblem is CheckStructure's finding about object i, if
// any: a polygon past the map (an error) or one that does not hold the
// object (a warning).
func (l *Level) ObjectPlacementProblem(level, i int) (Problem, bool) {
	o := l.Objects[i]
	switch p := l.polygon(uint16(o.Polygon)); {
	case p == nil:
		return Problem{Severity: "error", Level: level, Kind: "object", Index: i, Code: "object-polygon-out-of-range",
			Message: fmt.Sprintf("object %d is in polygon %d of %d", i, o.Polygon, len(l.Polygons))}, true
	case !l.Contains(int(o.Polygon), Point{o.X, o.Y}):
		return Problem{Severity: "warning", Level: level, Kind: "object", Index: i, Code: "object-outside-polygon",
			Message: fmt.Sprintf("object %d at %s lies outside its polygon %d", i, Point{o.X, o.Y}.InWU(), o.Polygon)}, true
	}
	return Problem{}, false
}

// StaleDerivedData compares stored derived data with the recomputed
// values, one warning per field and kind with the count.
func (l *Level) StaleDerivedData(level int) []Problem {
	counts := map[string]int{}
	first := map[string]int{}
	note := func(field string, index int, ok bool) {
		if !ok {
			if counts[field] == 0 {
				first[field] = index
			}
			counts[field]++
		}
	}
	for i, line := range l.Lines {
		hf, lc, flags := l.LineDerived(i)
		mask := uint16(lineDerivedFlags)
		if l.NextToPlatform(i) {
			mask &^= LineElevation
		}
		note("line length", i, l.LineLength(i) == line.Length)
		note("line heights", i, hf == line.HighestFloor && lc == line.LowestCeil)
		note("line flags", i, flags&mask == line.Flags&mask)
		for k, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if side := l.side(si); side != nil {
				note("side exclusion zone", int(si), side.ExclusionZone == l.ExclusionZone(i, k == 1))
			}
		}
	}
	for i, p := range l.Polygons {
		adjacent, sides := l.PolygonNeighbours(i)
		note("polygon area", i, l.PolygonArea(i) == p.Area)
		note("polygon center", i, l.PolygonCenter(i) == p.Center)
		note("polygon adjacent", i, adjacent == p.Adjacent)
		note("polygon sides", i, sides == p.Sides)
	}
	for i, ep := range l.Endpoints {
		flags, hf, lc, support := l.EndpointDerived(i)
		mask := l.endpointCheckedFlags(i)
		note("endpoint flags", i, flags&mask == ep.Flags&mask)
		note("endpoint heights", i, hf == ep.HighestFloor && lc == ep.LowestCeiling)
		note("endpoint support", i, support == ep.SupportPolygon)
	}
	var out []Problem
	if l.Exclusions != nil { // the map indexes' own check: a failure keeps the findings above
		out = bin.Guard(level, "map index", func() []Problem {
			polygons, platforms := l.staleMapIndexes()
			for _, i := range polygons {
				note("polygon map indexes", i, false)
			}
			for _, i := range platforms {
				note("platform map indexes", i, false)
			}
			return nil
		})
	}
	for _, field := range []string{"line length", "line heights", "line flags", "polygon area", "polygon center",
		"side exclusion zone", "polygon adjacent", "polygon sides", "polygon map indexes", "platform map indexes",
		"endpoint flags", "endpoint heights", "endpoint support"} {
		if n := counts[field]; n > 0 {
			kind, _, _ := strings.Cut(field, " ")
			out = append(out, Problem{Severity: "warning", Level: level, Kind: kind, Index: first[field], Code: "stale-derived-data",
				Message: fmt.Sprintf("%d stored %s values disagree with the recomputed ones (first: %s %d)", n, field, kind, first[field])})
		}
	}
	return out
}

// staleMapIndexes lists the polygons whose exclusion zones, neighbours or
// sound sources, and the platforms whose endpoint owners, differ from the
// recomputed ones. A Marathon 1 map is held to Bungie's rules; a later
// one to whichever rules it agrees with better. The lists are compared,
// not their places in the array, so lists of any length can be checked.
func (l *Level) staleMapIndexes() (polygons, platforms []int) {
	rules := []IndexRules{AlephOneRules, BungieRules}
	if l.marathon1 {
		rules = rules[1:]
	}
	stored, storedOwners := l.StoredIndexLists(), l.StoredPlatformOwnerLists()
	for i, owners := range l.PlatformOwnerLists() {
		if !slices.EqualFunc(owners, storedOwners[i], sameOwners) {
			platforms = append(platforms, i)
		}
	}
	for n, r := range rules {
		m := l.NewMapIndex(r)
		var bad []int
		for i := range l.Polygons {
			lists, ok := m.Zones(i)
			if !ok {
				continue // the engine keeps its stored fields
			}
			lists.Sounds = m.Sounds(i)
			if sameIndexLists(stored[i], lists, !l.marathon1) {
				continue
			}
			soundsDiffer := !l.marathon1 && !slices.Equal(stored[i].Sounds, lists.Sounds)
			if soundsDiffer || !m.DrawnAtSomeHeight(i, stored[i]) {
				bad = append(bad, i)
			}
		}
		if n == 0 || len(bad) < len(polygons) {
			polygons = bad
		}
		if len(polygons) == 0 {
			break // agrees with these rules: the others need not be tried
		}
	}
	return polygons, platforms
}

// sameIndexLists reports whether a polygon's stored lists equal its
// recomputed ones; Marathon 1 has no sound-source lists.
func sameIndexLists(s, r IndexLists, sounds bool) bool {
	return slices.Equal(s.Lines, r.Lines) && slices.Equal(s.Endpoints, r.Endpoints) &&
		slices.Equal(s.Neighbours, r.Neighbours) && (!sounds || slices.Equal(s.Sounds, r.Sounds))
}

// sameOwners reports whether two owner lists of an endpoint are equal.
func sameOwners(a, b OwnerLists) bool {
	return slices.Equal(a.Polygons, b.Polygons) && slices.Equal(a.Lines, b.Lines)
}

// endpointCheckedFlags are the flag bits of endpoint i that the engine
// computes from the stored lines: all of them, but solidity and
// transparency at a platform's endpoint with a variable-elevation line,
// which the platform set from its lines one at a time, in an order the
// file does not keep.
func (l *Level) endpointCheckedFlags(i int) uint16 {
	if !l.vertexOwners(uint16(i)).platform {
		return endpointDerivedFlags
	}
	for _, line := range l.Lines {
		if (int(line.Endpoints[0]) == i || int(line.Endpoints[1]) == i) && line.Flags&LineVariableElevation != 0 {
			return EndpointMultipleHeights
		}
	}
	return endpointDerivedFlags
}

// Convex reports whether polygon i turns the same way at every vertex.
func (l *Level) Convex(i int) bool {
	p := &l.Polygons[i]
	n := int(p.VertexCount)
	return oneWay(n, func(v int) int64 {
		a, _ := l.Vertex(p.Endpoints[v])
		b, _ := l.Vertex(p.Endpoints[(v+1)%n])
		c, _ := l.Vertex(p.Endpoints[(v+2)%n])
		return Cross(a, b, c)
	})
}

// Contains reports whether pt lies in convex polygon i, edges included:
// on the same side of every edge.
func (l *Level) Contains(i int, pt Point) bool {
	p := &l.Polygons[i]
	n := int(p.VertexCount)
	if n < 3 || n > 8 {
		return false
	}
	return oneWay(n, func(v int) int64 {
		a, _ := l.Vertex(p.Endpoints[v])
		b, _ := l.Vertex(p.Endpoints[(v+1)%n])
		return Cross(a, b, pt)
	})
}

// Cross is the z of (b-a) x (c-b): positive where a, b, c turn clockwise
// in map coordinates (y grows southwards), the way polygons list their
// endpoints.
func Cross(a, b, c Point) int64 {
	return (int64(b.X)-int64(a.X))*(int64(c.Y)-int64(b.Y)) - (int64(b.Y)-int64(a.Y))*(int64(c.X)-int64(b.X))
}

// oneWay reports whether turn(0..n-1) never has both signs (zeros allowed).
func oneWay(n int, turn func(v int) int64) bool {
	positive, negative := false, false
	for v := range n {
		t := turn(v)
		positive, negative = positive || t > 0, negative || t < 0
	}
	return !(positive && negative)
}
