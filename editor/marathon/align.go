package marathon

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// alignWithNeighbour sets the x offset of side's primary texture so that
// the texture continues from the side before it along the wall, as one
// undo step. The engine lays a side's texture from its first endpoint
// (as its polygon lists them) at x0 world units into the texture, one
// repeat every 1024 (RenderRasterize_Shader.cpp, render_node_side): the
// side that ends where this one starts, at x0 and line length n, ends
// at x0 + n, which is where this one must start, modulo 1024. The side
// before is the one of the same polygon when there is one, else of a
// polygon beside it.
func alignWithNeighbour(d *mdoc.Document, level, side int) error {
	if level < 0 || level >= len(d.Levels) || d.Levels[level] == nil {
		return fmt.Errorf("level %d: no such level", level)
	}
	l := d.Levels[level]
	if side < 0 || side >= len(l.Sides) {
		return fmt.Errorf("side %d: the level has %d sides", side, len(l.Sides))
	}
	_, start, _, ok := sideEdge(l, side)
	if !ok {
		return fmt.Errorf("side %d: its polygon %d does not hold its line %d", side, l.Sides[side].Polygon, l.Sides[side].Line)
	}
	prev := -1
	for i, s := range l.Sides {
		if i == side {
			continue
		}
		if _, _, end, ok := sideEdge(l, i); ok && end == start && (prev < 0 || s.Polygon == l.Sides[side].Polygon) {
			prev = i
		}
	}
	if prev < 0 {
		return fmt.Errorf("side %d: no side ends where it starts (endpoint %d) to align with", side, start)
	}
	before := l.Sides[prev]
	length := 0
	if li := int(before.Line); li >= 0 && li < len(l.Lines) {
		length = int(l.Lines[li].Length)
	}
	x := int16(((int(before.Primary.X)+length)%worldUnit + worldUnit) % worldUnit)
	return d.EditSides(level, []int{side}, func(s *codec.Side) { s.Primary.X = x })
}
