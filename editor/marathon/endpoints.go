package marathon

import (
	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// endpointSection is the inspector's section of the endpoints at indexes
// (the one a split makes, say): where they are. A single endpoint's X
// and Y move it, one step each, as dragging it does; an edit that would
// bend a polygon out of shape is refused with no step.
func (f *session) endpointSection(level int, indexes []int) inspect.Section {
	coordinate := func(label string, get func(mcodec.Point) int16, put func(*mcodec.Point, int16)) propgrid.Field {
		values := make([]int, len(indexes))
		for k, i := range indexes {
			p, _ := f.d.Levels[level].Vertex(uint16(i))
			values[k] = int(get(p))
		}
		n := &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values), Whole: true,
			Min: -32768, Max: 32767, Unit: worldUnits}
		if len(indexes) == 1 {
			n.Set = func(v float64) error {
				p, _ := f.d.Levels[level].Vertex(uint16(indexes[0]))
				put(&p, int16(v))
				return f.d.MoveEndpoint(level, indexes[0], p)
			}
		}
		return propgrid.Field{Label: label, Number: n}
	}
	return inspect.Section{Title: inspect.Title(mdoc.KindEndpoint, indexes), Fields: []propgrid.Field{
		coordinate("X", func(p mcodec.Point) int16 { return p.X }, func(p *mcodec.Point, v int16) { p.X = v }),
		coordinate("Y", func(p mcodec.Point) int16 { return p.Y }, func(p *mcodec.Point, v int16) { p.Y = v }),
	}}
}
