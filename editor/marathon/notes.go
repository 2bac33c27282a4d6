package marathon

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// noteTool places an annotation: a click in a polygon asks for its
// text (typed at once, Enter places it), and the annotation goes in the
// polygon under the click; a click outside every polygon asks nothing.
func (f *session) noteTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Annotate", Key: fyne.KeyN, Help: "click in a polygon and type the annotation's text"}
	t.Click = func(p tool.Pointer) tool.Path {
		if f.polygonAt(h, p.At) < 0 {
			h.Status("Annotate: click in a polygon")
			return nil
		}
		level, at := h.Level(), mapPoint(p.At)
		text := widget.NewEntry()
		d := dialog.NewForm("Annotation", "Place", "Cancel", []*widget.FormItem{widget.NewFormItem("Text", text)},
			func(ok bool) {
				if ok {
					i, err := f.placeNote(level, at, text.Text)
					game.Placed(h, document.Ref{Level: level, Kind: mdoc.KindAnnotation, Index: i}, err)
				}
			}, h.Window())
		text.OnSubmitted = func(string) { d.Submit() }
		h.Show(d)
		h.Window().Canvas().Focus(text)
		return nil
	}
	return t
}

// placeNote adds an annotation of text at at, in the polygon there.
func (f *session) placeNote(level int, at mcodec.Point, text string) (int, error) {
	n := mcodec.Note{Location: at}
	if err := mcodec.SetFixedString(n.Text[:], "Annotation text", text); err != nil {
		return 0, err
	}
	return f.d.AddNote(level, n)
}

// noteSections are the inspector's sections of the annotations at
// indexes: their text, place and polygon; a polygon picked in the map
// moves an annotation to its centre.
func (f *session) noteSections(h game.Host, level int, indexes []int) []inspect.Section {
	notes := inspect.Pick(f.d.Levels[level].Notes, indexes)
	if len(notes) == 0 {
		return nil
	}
	edit := func(update func(*mcodec.Note)) error { return f.d.EditNotes(level, indexes, update) }
	texts := make([]string, len(notes))
	for i, n := range notes {
		texts[i] = mcodec.FixedString(n.Text[:])
	}
	fields := []propgrid.Field{{Label: "Text", Text: &propgrid.Text{Value: texts[0], Mixed: slices.ContainsFunc(texts, func(s string) bool { return s != texts[0] }),
		Set: func(s string) error {
			var text [64]byte // checked first, so that a refused text makes no step
			if err := mcodec.SetFixedString(text[:], "Text", s); err != nil {
				return err
			}
			return edit(func(n *mcodec.Note) {
				if mcodec.FixedString(n.Text[:]) != s {
					n.Text = text
				}
			})
		}}}}
	coordinate := func(label string, get func(mcodec.Note) int16, put func(*mcodec.Note, int16)) propgrid.Field {
		values := make([]int, len(notes))
		for i, n := range notes {
			values[i] = int(get(n))
		}
		return propgrid.Field{Label: label, Number: &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values),
			Whole: true, Min: -32768, Max: 32767, Unit: worldUnits,
			Set: func(v float64) error { return edit(func(n *mcodec.Note) { put(n, int16(v)) }) }}}
	}
	fields = append(fields,
		coordinate("X", func(n mcodec.Note) int16 { return n.Location.X }, func(n *mcodec.Note, v int16) { n.Location.X = v }),
		coordinate("Y", func(n mcodec.Note) int16 { return n.Location.Y }, func(n *mcodec.Note, v int16) { n.Location.Y = v }))
	polygons := make([]int, len(notes))
	for i, n := range notes {
		polygons[i] = int(n.Polygon)
	}
	fields = append(fields, propgrid.Field{Label: "Polygon",
		Number: &propgrid.Number{Value: float64(polygons[0]), Mixed: !inspect.AllSame(polygons), Whole: true},
		Action: &propgrid.Action{Label: "Pick…", Do: func() {
			h.PickTarget("click the annotation's polygon", mdoc.KindPolygon, func(pi int) error {
				return f.moveNotesInto(level, indexes, pi)
			})
		}}})
	return []inspect.Section{{Title: inspect.Title(mdoc.KindAnnotation, indexes), Fields: fields}}
}

// moveNotesInto moves annotations to polygon pi's centre, as one step.
func (f *session) moveNotesInto(level int, indexes []int, pi int) error {
	l := f.d.Levels[level]
	if pi < 0 || pi >= len(l.Polygons) {
		return fmt.Errorf("level %d has no polygon %d", level, pi)
	}
	c := l.Polygons[pi].Center
	return f.d.EditNotes(level, indexes, func(n *mcodec.Note) { n.Location, n.Polygon = c, int16(pi) })
}
