package marathon

import "math"

// Line and endpoint flag bits (map.h).
const (
	LineSolid               = 0x4000
	LineTransparent         = 0x2000
	LineLandscape           = 0x1000
	LineElevation           = 0x0800
	LineVariableElevation   = 0x0400
	LineHasTransparentSide  = 0x0200
	lineDerivedFlags        = LineLandscape | LineElevation | LineVariableElevation | LineHasTransparentSide
	EndpointSolid           = 0x1
	EndpointMultipleHeights = 0x2
	EndpointTransparent     = 0x4
	endpointDerivedFlags    = EndpointSolid | EndpointMultipleHeights | EndpointTransparent

	PolygonPlatform = 5 // the platform polygon type
	xferLandscape   = 9 // the landscape transfer mode
)

// CarriesDerivedData reports whether the level stores the derived data
// the engine trusts: maps with EPNT (preprocessed, with iidx) do; maps
// with plain PNTS are recomputed when the engine loads them.
func (l *Level) CarriesDerivedData() bool { return l.Endpoints != nil }

// NextToPlatform reports whether line i borders a platform polygon, whose
// stored heights need not be those its elevation flag was computed from.
func (l *Level) NextToPlatform(i int) bool {
	line := &l.Lines[i]
	for _, pi := range []uint16{line.ClockwisePoly, line.CCWPoly} {
		if p := l.polygon(pi); p != nil && p.Type == PolygonPlatform {
			return true
		}
	}
	return false
}

// Marathon1 reports whether the level is a Marathon 1 map, whose lights,
// polygon types and sides differ from later ones.
func (l *Level) Marathon1() bool { return l.marathon1 }

// Vertex is endpoint i's position, from EPNT or PNTS.
func (l *Level) Vertex(i uint16) (Point, bool) {
	switch {
	case l.Endpoints != nil && int(i) < len(l.Endpoints):
		return l.Endpoints[i].Position, true
	case l.Points != nil && int(i) < len(l.Points):
		return l.Points[i], true
	}
	return Point{}, false
}

// isqrt is the engine's integer square root, rounded to nearest.
func isqrt(x uint32) int32 {
	var t uint32
	for s := uint32(0x8000); s != 0; s >>= 1 {
		if (t+s)*(t+s) <= x {
			t += s
		}
	}
	if x-t*t > t {
		t++
	}
	return int32(t)
}

// LineLength is the rounded distance between the line's endpoints. A
// length past 32767 wraps to 16 bits, as the Marathon 2 engine stored it.
func (l *Level) LineLength(i int) int16 {
	a, _ := l.Vertex(l.Lines[i].Endpoints[0])
	b, _ := l.Vertex(l.Lines[i].Endpoints[1])
	dx, dy := int64(b.X)-int64(a.X), int64(b.Y)-int64(a.Y)
	return int16(isqrt(uint32(dx*dx + dy*dy)))
}

// drawnFloor is polygon i's floor as the engine saw it when it computed
// the lines' flags: a run-time platform's lowest floor, where the map was
// drawn, before the platform moved to its initial position.
func (l *Level) drawnFloor(i uint16) int16 {
	for _, p := range l.RunPlatforms {
		if uint16(p.Polygon) == i {
			return p.MinimumFloor
		}
	}
	return l.Polygons[i].FloorHeight
}

func (l *Level) polygon(i uint16) *Polygon {
	if i == None || int(i) >= len(l.Polygons) {
		return nil
	}
	return &l.Polygons[i]
}

func (l *Level) side(i uint16) *Side {
	if i == None || int(i) >= len(l.Sides) {
		return nil
	}
	return &l.Sides[i]
}

// LineDerived recomputes a line's heights and derived flag bits from its
// polygons and sides (recalculate_redundant_line_data).
func (l *Level) LineDerived(i int) (highestFloor, lowestCeiling int16, flags uint16) {
	line := &l.Lines[i]
	p1, p2 := l.polygon(line.ClockwisePoly), l.polygon(line.CCWPoly)
	switch {
	case p1 != nil && p2 != nil:
		highestFloor, lowestCeiling = max(p1.FloorHeight, p2.FloorHeight), min(p1.CeilingHeight, p2.CeilingHeight)
		if l.drawnFloor(line.ClockwisePoly) != l.drawnFloor(line.CCWPoly) {
			flags |= LineElevation
		}
	case p1 != nil:
		highestFloor, lowestCeiling, flags = p1.FloorHeight, p1.CeilingHeight, LineElevation
	case p2 != nil:
		highestFloor, lowestCeiling, flags = p2.FloorHeight, p2.CeilingHeight, LineElevation
	default:
		flags = LineElevation
	}
	if l.NextToPlatform(i) && (line.Flags&LineSolid == 0 || line.Flags&LineVariableElevation != 0) {
		// The engine sets variable elevation on a platform's lines that
		// are not solid. A platform then makes its variable lines solid
		// while it is closed, so a line that has the flag was open when
		// the engine set it, whatever its solidity now.
		flags |= LineVariableElevation
	}
	for _, s := range []*Side{l.side(line.ClockwiseSide), l.side(line.CCWSide)} {
		if s == nil {
			continue
		}
		if s.PrimaryTransfer == xferLandscape {
			flags |= LineLandscape
		}
		if s.Transparent.Texture != None {
			flags |= LineHasTransparentSide
		}
	}
	return highestFloor, lowestCeiling, flags
}

// PolygonArea is the engine's area: half the absolute doubled area, with
// 32-bit arithmetic that wraps as the engine's does.
func (l *Level) PolygonArea(i int) int32 {
	p := &l.Polygons[i]
	if p.VertexCount < 3 || p.VertexCount > 8 {
		return 0
	}
	first, _ := l.Vertex(p.Endpoints[0])
	var area int32
	for v := 1; v < int(p.VertexCount)-1; v++ {
		a, _ := l.Vertex(p.Endpoints[v])
		b, _ := l.Vertex(p.Endpoints[v+1])
		fx, fy, ax, ay, bx, by := int32(first.X), int32(first.Y), int32(a.X), int32(a.Y), int32(b.X), int32(b.Y)
		area += (fx*ay - ax*fy) + (ax*by - bx*ay) + (bx*fy - fx*by)
	}
	if area < 0 {
		area = -area
	}
	return area >> 1
}

// PolygonCenter is the average of the polygon's vertices, truncated.
func (l *Level) PolygonCenter(i int) Point {
	p := &l.Polygons[i]
	if p.VertexCount == 0 || p.VertexCount > 8 {
		return Point{}
	}
	var x, y int32
	for v := range int(p.VertexCount) {
		pt, _ := l.Vertex(p.Endpoints[v])
		x, y = x+int32(pt.X), y+int32(pt.Y)
	}
	n := int32(p.VertexCount)
	return Point{int16(x / n), int16(y / n)}
}

// PolygonNeighbours recomputes the polygon's adjacent polygons and sides,
// one per line: the other owner of each line, and this polygon's side.
func (l *Level) PolygonNeighbours(i int) (adjacent, sides [8]uint16) {
	p := &l.Polygons[i]
	adjacent, sides = p.Adjacent, p.Sides
	for v := range min(int(p.VertexCount), 8) {
		if int(p.Lines[v]) >= len(l.Lines) {
			continue
		}
		line := &l.Lines[p.Lines[v]]
		if line.ClockwisePoly == uint16(i) {
			adjacent[v], sides[v] = line.CCWPoly, line.ClockwiseSide
		} else {
			adjacent[v], sides[v] = line.ClockwisePoly, line.CCWSide
		}
	}
	return adjacent, sides
}

// separationFromWall is how far a walker keeps from a wall (map.h).
const separationFromWall = 1024 / 4

// ExclusionZone recomputes the exclusion zone of line i's side on the
// clockwise polygon's side (counterclockwise false) or the other: the
// wall's ends as seen from that side, moved perpendicular to the wall by
// the wall separation, then the ends themselves, with the stored line
// length and the engine's 16-bit arithmetic
// (recalculate_redundant_side_data).
func (l *Level) ExclusionZone(i int, counterclockwise bool) [4]Point {
	line := &l.Lines[i]
	a, _ := l.Vertex(line.Endpoints[0])
	b, _ := l.Vertex(line.Endpoints[1])
	if counterclockwise {
		a, b = b, a
	}
	zone := [4]Point{a, b, a, b}
	if length := int32(line.Length); length != 0 {
		dx := int16(-(separationFromWall * int32(b.Y-a.Y)) / length)
		dy := int16((separationFromWall * int32(b.X-a.X)) / length)
		for k := range 2 {
			zone[k].X += dx
			zone[k].Y += dy
		}
	}
	return zone
}

// UpdateLine stores line i's recomputed length, heights and derived
// flags, and its sides' exclusion zones.
func (l *Level) UpdateLine(i int) {
	line := &l.Lines[i]
	line.Length = l.LineLength(i)
	hf, lc, flags := l.LineDerived(i)
	line.HighestFloor, line.LowestCeil = hf, lc
	line.Flags = line.Flags&^lineDerivedFlags | flags&lineDerivedFlags
	for k, si := range []uint16{line.ClockwiseSide, line.CCWSide} {
		if s := l.side(si); s != nil {
			s.ExclusionZone = l.ExclusionZone(i, k == 1)
		}
	}
}

// UpdatePolygon stores polygon i's recomputed area, center, adjacent
// polygons and sides.
func (l *Level) UpdatePolygon(i int) {
	p := &l.Polygons[i]
	p.Area, p.Center = l.PolygonArea(i), l.PolygonCenter(i)
	p.Adjacent, p.Sides = l.PolygonNeighbours(i)
}

// UpdateEndpoint stores endpoint i's recomputed flags, heights and
// supporting polygon; lines are the lines that use it.
func (l *Level) UpdateEndpoint(i int, lines []int) {
	e := &l.Endpoints[i]
	flags, hf, lc, support := l.endpointDerived(i, lines)
	e.Flags = e.Flags&^endpointDerivedFlags | flags
	e.HighestFloor, e.LowestCeiling, e.SupportPolygon = hf, lc, support
}

// EndpointDerived recomputes an endpoint's flags, its highest adjacent
// floor and lowest adjacent ceiling, and its supporting polygon
// (recalculate_redundant_endpoint_data).
func (l *Level) EndpointDerived(i int) (flags uint16, highestFloor, lowestCeiling, support int16) {
	var lines []int
	for li, line := range l.Lines {
		if int(line.Endpoints[0]) == i || int(line.Endpoints[1]) == i {
			lines = append(lines, li)
		}
	}
	return l.endpointDerived(i, lines)
}

func (l *Level) endpointDerived(i int, lines []int) (flags uint16, highestFloor, lowestCeiling, support int16) {
	highestFloor, lowestCeiling, support = math.MinInt16, math.MaxInt16, -1
	transparent := true
	for _, li := range lines {
		line := &l.Lines[li]
		if line.Flags&LineSolid != 0 {
			flags |= EndpointSolid
		}
		if line.Flags&LineTransparent == 0 {
			transparent = false
		}
		if line.Flags&LineElevation != 0 {
			flags |= EndpointMultipleHeights
		}
		for _, pi := range []uint16{line.ClockwisePoly, line.CCWPoly} {
			if p := l.polygon(pi); p != nil {
				if highestFloor < p.FloorHeight {
					highestFloor, support = p.FloorHeight, int16(pi)
				}
				lowestCeiling = min(lowestCeiling, p.CeilingHeight)
			}
		}
	}
	if transparent && !l.marathon1 { // Marathon 1 has no transparent endpoints
		flags |= EndpointTransparent
	}
	if owners := l.vertexOwners(uint16(i)); len(lines) > 0 && owners.platform {
		// A platform sets its endpoints' heights last, from the polygons
		// that share the endpoint in index order
		// (adjust_platform_endpoint_and_line_heights).
		highestFloor, lowestCeiling, support = math.MinInt16, math.MaxInt16, -1
		for _, pi := range owners.polygons {
			p := &l.Polygons[pi]
			if highestFloor < p.FloorHeight {
				highestFloor, support = p.FloorHeight, int16(pi)
			}
			lowestCeiling = min(lowestCeiling, p.CeilingHeight)
		}
	}
	return flags, highestFloor, lowestCeiling, support
}

// vertexOwnership is the polygons that have an endpoint as a vertex, in
// index order, and whether one of them is a platform.
type vertexOwnership struct {
	polygons []int
	platform bool
}

// vertexOwners lists the polygons that have endpoint e as a vertex.
func (l *Level) vertexOwners(e uint16) vertexOwnership {
	var o vertexOwnership
	for pi := range l.Polygons {
		p := &l.Polygons[pi]
		for _, v := range p.Endpoints[:min(p.VertexCount, 8)] {
			if v == e {
				o.polygons = append(o.polygons, pi)
				o.platform = o.platform || p.Type == PolygonPlatform && !l.marathon1 // Marathon 1 platforms keep the lines' order
			}
		}
	}
	return o
}
