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
	w, ok := sideEdge(l, side)
	if !ok {
		return fmt.Errorf("side %d: no line names it with a polygon that holds the line", side)
	}
	prev, before := -1, sideWall{}
	for i := range l.Sides {
		if i == side {
			continue
		}
		if o, ok := sideEdge(l, i); ok && o.second == w.first && (prev < 0 || o.polygon == w.polygon) {
			prev, before = i, o
		}
	}
	if prev < 0 {
		return fmt.Errorf("side %d: no side ends where it starts (endpoint %d) to align with", side, w.first)
	}
	length := int(l.Lines[before.line].Length)
	x := int16(((int(l.Sides[prev].Primary.X)+length)%worldUnit + worldUnit) % worldUnit)
	return d.EditSides(level, []int{side}, func(s *codec.Side) { s.Primary.X = x })
}
