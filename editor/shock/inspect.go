package shock

import (
	"fmt"
	"strings"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// Inspect is the inspector's sections for the selected entities of kind.
func (f *session) Inspect(h game.Host, kind document.Kind, indexes []int) []inspect.Section {
	level := h.Level()
	l := f.d.Archive.Levels[level]
	switch kind {
	case sdoc.KindTile:
		return []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: f.tileFields(level, l, indexes)}}
	case sdoc.KindObject:
		out := []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: f.objectFields(h, level, l, indexes)}}
		if len(indexes) == 1 {
			out = append(out, f.objectParts(h, level, indexes[0])...)
		}
		return out
	}
	return nil
}

// tileFields edits the tiles' typed fields through SetTiles.
func (f *session) tileFields(level int, l *scodec.Level, indexes []int) []propgrid.Field {
	w := int(l.Info.Width)
	points := make([]sdoc.Point, len(indexes))
	for k, i := range indexes {
		points[k] = sdoc.Point{X: i % w, Y: i / w}
	}
	var out []propgrid.Field
	for field := sdoc.TileShape; field <= sdoc.CeilingShade; field++ {
		values := make([]int, len(indexes))
		for k, i := range indexes {
			values[k] = field.Get(l.Tiles[i])
		}
		lo, hi := field.Range()
		set := func(v int) error { return f.d.SetTiles(level, points, field, v) }
		pf := propgrid.Field{Label: field.String()}
		if field == sdoc.TileShape {
			pf.Choice = &propgrid.Choice{Options: scodec.ShapeNames[:], Index: inspect.Common(values), Set: set}
		} else {
			pf.Number = &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values), Whole: true,
				Min: float64(lo), Max: float64(hi), Set: func(v float64) error { return set(int(v)) }}
		}
		out = append(out, pf)
	}
	return out
}

// objectFields edits the objects' base fields through SetObjectField.
func (f *session) objectFields(h game.Host, level int, l *scodec.Level, ids []int) []propgrid.Field {
	classes := inspect.Map(ids, func(i int) int { return int(l.Objects[i].Class) })
	triples := inspect.Map(ids, func(i int) int { o := l.Objects[i]; return int(o.Class)<<16 | int(o.Subclass)<<8 | int(o.Type) })
	first := l.Objects[ids[0]]
	out := []propgrid.Field{
		{Label: "object", Text: &propgrid.Text{Value: f.data.TypeName(int(first.Class), int(first.Subclass), int(first.Type)), Mixed: !inspect.AllSame(triples)}},
		{Label: "class", Text: &propgrid.Text{Value: scodec.ClassNames[classes[0]], Mixed: !inspect.AllSame(classes)}},
	}
	// Read-only: the class and subclass change by deleting and creating,
	// the position by moving.
	for _, fixed := range []struct {
		label string
		get   func(o scodec.Object) int
	}{
		{"subclass", func(o scodec.Object) int { return int(o.Subclass) }},
		{"x (256ths of a tile)", func(o scodec.Object) int { return int(o.X) }},
		{"y (256ths of a tile)", func(o scodec.Object) int { return int(o.Y) }},
	} {
		values := inspect.Map(ids, func(i int) int { return fixed.get(l.Objects[i]) })
		out = append(out, propgrid.Field{Label: fixed.label, Number: &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values)}})
	}
	for field := sdoc.ObjectType; field < sdoc.NumObjectFields; field++ {
		values := inspect.Map(ids, func(i int) int { return field.Get(l.Objects[i]) })
		lo, hi := field.Range()
		out = append(out, propgrid.Field{Label: field.String(), Number: &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values),
			Whole: true, Min: float64(lo), Max: float64(hi),
			Set: func(v float64) error {
				edit := func() error { return f.d.SetObjectField(level, ids, field, int(v)) }
				if field != sdoc.ObjectType {
					return edit()
				}
				var lost []string
				for _, id := range ids {
					if what := f.d.Discards(level, id, sdoc.DataType, int(v)); what != "" {
						lost = append(lost, fmt.Sprintf("object %d: %s", id, what))
					}
				}
				return h.AskBeforeDiscarding(strings.Join(lost, "\n"), edit)
			}}})
	}
	return out
}

// objectParts are the sections of a trap or trigger's action and of a
// puzzle panel.
func (f *session) objectParts(h game.Host, level, id int) []inspect.Section {
	var out []inspect.Section
	if trap, err := f.d.Trap(level, id); err == nil {
		out = append(out, inspect.Section{Title: "Action", Fields: f.trapFields(h, level, id, trap)})
	}
	if _, err := f.d.WirePuzzle(level, id); err == nil {
		out = append(out, inspect.Section{Title: "Wire puzzle", Fields: []propgrid.Field{{Label: "puzzle",
			Action: &propgrid.Action{Label: "Edit wire puzzle…", Do: func() { f.editWirePuzzle(h, level, id) }}}}})
	}
	if _, err := f.d.BlockPuzzle(level, id); err == nil {
		out = append(out, inspect.Section{Title: "Block puzzle", Fields: []propgrid.Field{{Label: "puzzle",
			Action: &propgrid.Action{Label: "Edit block puzzle…", Do: func() { f.editBlockPuzzle(h, level, id) }}}}})
	}
	return out
}

// trapFields is a trap's action, as a choice, and its parameters as the
// action names them; object parameters get a picker that takes the
// next object clicked in the map.
func (f *session) trapFields(h game.Host, level, id int, trap scodec.Trap) []propgrid.Field {
	out := []propgrid.Field{{Label: "action", Choice: &propgrid.Choice{Options: scodec.ActionNames[:], Index: int(trap.Action),
		Set: func(i int) error {
			return h.AskBeforeDiscarding(f.d.Discards(level, id, sdoc.DataAction, i),
				func() error { return f.d.SetTrapAction(level, id, scodec.Action(i)) })
		}}}}
	for _, p := range trap.Params() {
		field := propgrid.Field{Label: p.Name, Number: &propgrid.Number{Value: float64(p.Get(trap)), Whole: true,
			Min: 0, Max: float64(uint64(1)<<p.Bits - 1),
			Set: func(v float64) error { return f.d.SetTrapParam(level, id, p.Name, uint32(v)) }}}
		if p.Kind == scodec.KindObject {
			field.Action = &propgrid.Action{Label: "Pick", Do: func() {
				h.PickTarget(fmt.Sprintf("click the object for %s of object %d", p.Name, id), sdoc.KindObject, func(target int) error {
					return f.d.SetTrapParam(level, id, p.Name, uint32(target))
				})
			}}
		}
		out = append(out, field)
	}
	return out
}
