package shock

import (
	"fmt"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// kindFields are the objects' class and subclass by name. Choosing a
// class makes every object its first subclass's first type, choosing a
// subclass its first type, through ChangeObjectKind as one step; an
// object that leaves its class loses its class data, which is asked
// about first.
func (f *session) kindFields(h game.Host, level int, l *scodec.Level, ids []int) []propgrid.Field {
	classes := inspect.Map(ids, func(i int) int { return int(l.Objects[i].Class) })
	subclasses := inspect.Map(ids, func(i int) int { o := l.Objects[i]; return int(o.Class)<<8 | int(o.Subclass) })
	change := func(class, subclass int) error {
		var lost string
		for _, id := range ids {
			if int(l.Objects[id].Class) != class {
				lost = fmt.Sprintf("the %s data of %s", scodec.ClassNames[l.Objects[id].Class], document.Count(len(ids), "object"))
			}
		}
		return h.AskBeforeDiscarding(lost, func() error {
			return f.d.Batch(fmt.Sprintf("Change the kind of %s", document.Count(len(ids), "object")), func() error {
				for _, id := range ids {
					if o := l.Objects[id]; int(o.Class) == class && int(o.Subclass) == subclass && o.Type == 0 {
						continue
					}
					if err := f.d.ChangeObjectKind(level, id, uint8(class), uint8(subclass), 0); err != nil {
						return err
					}
				}
				return nil
			})
		})
	}
	class := inspect.Common(classes)
	out := []propgrid.Field{{Label: "class", Choice: &propgrid.Choice{Options: scodec.ClassNames[:], Index: class,
		Set: func(c int) error { return change(c, 0) }}}}
	if class < 0 || class >= scodec.NumClasses {
		return out
	}
	names := make([]string, len(scodec.Subclasses[class]))
	for i, s := range scodec.Subclasses[class] {
		names[i] = s.Name
	}
	sub := inspect.Common(subclasses)
	if sub >= 0 {
		sub &= 0xFF
	}
	return append(out, propgrid.Field{Label: "subclass", Choice: &propgrid.Choice{Options: names, Index: sub,
		Set: func(s int) error { return change(class, s) }}})
}

// positionFields are where the objects stand, typed as the tile and the
// place within it in 1/256 of a tile, each axis apart. A typed value
// moves every object through DropObject, keeping its height above the
// floor, as one step.
func (f *session) positionFields(level int, l *scodec.Level, ids []int) []propgrid.Field {
	var out []propgrid.Field
	for _, axis := range []struct {
		name  string
		tiles uint32
		at    func(*scodec.Object) *uint16
	}{
		{"x", l.Info.Width, func(o *scodec.Object) *uint16 { return &o.X }},
		{"y", l.Info.Height, func(o *scodec.Object) *uint16 { return &o.Y }},
	} {
		for _, part := range []struct {
			label     string
			shift, hi int
		}{{"tile " + axis.name, 8, int(axis.tiles) - 1}, {"fine " + axis.name + " (1/256 tile)", 0, 255}} {
			get := func(o scodec.Object) int { return int(*axis.at(&o)) >> part.shift & 0xFF }
			values := inspect.Map(ids, func(i int) int { return get(l.Objects[i]) })
			out = append(out, propgrid.Field{Label: part.label, Number: &propgrid.Number{Value: float64(values[0]),
				Mixed: !inspect.AllSame(values), Whole: true, Max: float64(part.hi), Set: func(v float64) error {
					return f.d.Batch("Move "+document.Count(len(ids), "object"), func() error {
						for _, id := range ids {
							o := l.Objects[id]
							p := axis.at(&o)
							*p = *p&^(0xFF<<part.shift) | uint16(v)<<part.shift
							if err := f.d.DropObject(level, id, o.X, o.Y); err != nil {
								return err
							}
						}
						return nil
					})
				}}})
		}
	}
	return out
}
