package shock

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// mapNoteTool adds an automap note: a click on the map asks for its text
// (typed at once, Enter adds it), and the note's object goes where the
// click was; a click off the map asks nothing.
func (f *session) mapNoteTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Map note", Key: fyne.KeyN,
		Help: "click on the map and type the note's text"}
	t.Click = func(p tool.Pointer) tool.Path {
		level := h.Level()
		l := f.d.Archive.Levels[level]
		x, y := math.Floor(p.At.X), math.Floor(p.At.Y)
		if x < 0 || y < 0 || x >= float64(l.Info.Width) || y >= float64(l.Info.Height) {
			h.Status("Map note: click on the map")
			return nil
		}
		at := [2]uint16{uint16(p.At.X * 256), uint16(p.At.Y * 256)}
		text := widget.NewEntry()
		text.SetPlaceHolder(fmt.Sprintf("at most %d characters", scodec.MaxMapNoteLength))
		d := dialog.NewForm("Map note", "Add", "Cancel", []*widget.FormItem{widget.NewFormItem("Text", text)},
			func(ok bool) {
				if ok {
					id, err := f.d.AddMapNote(level, at[0], at[1], text.Text)
					game.Placed(h, document.Ref{Level: level, Kind: sdoc.KindObject, Index: id}, err)
				}
			}, h.Window())
		text.OnSubmitted = func(string) { d.Submit() }
		d.Resize(fyne.NewSize(420, d.MinSize().Height)) // room for the text and its hint
		h.Show(d)
		h.Window().Canvas().Focus(text)
		return nil
	}
	return t
}
