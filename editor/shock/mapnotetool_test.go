package shock

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/tool"
)

// noteHost is statusHost with a window for the tool's dialog and the
// selection it makes.
type noteHost struct {
	statusHost
	win      fyne.Window
	selected []document.Ref
}

func (h *noteHost) Window() fyne.Window        { return h.win }
func (h *noteHost) Show(d dialog.Dialog)       { d.Show() }
func (h *noteHost) Select(refs []document.Ref) { h.selected = refs }
func (h *noteHost) shown() fyne.CanvasObject   { return h.win.Canvas().Overlays().Top() }
func (h *noteHost) focused() (*widget.Entry, bool) {
	e, ok := h.win.Canvas().Focused().(*widget.Entry)
	return e, ok
}

// TestMapNoteTool: a click off the map says so and asks nothing; a click
// on it asks for the text with the entry focused and wide enough for its
// hint, and Enter adds the note, one step, selected and listed; the
// note's object shows its text, which edits it; a text too long is
// refused with no step.
func TestMapNoteTool(t *testing.T) {
	test.NewTempApp(t)
	f, th := derelict(t)
	w := test.NewTempWindow(t, widget.NewLabel("map"))
	w.Resize(fyne.NewSize(1280, 800))
	h := &noteHost{statusHost: statusHost{testHost: *th}, win: w}
	tl := f.mapNoteTool(h)
	if tl.Key != fyne.KeyN {
		t.Errorf("the tool's key is %v, want N", tl.Key)
	}
	at := func(x, y float64) tool.Pointer { return tool.Pointer{At: display.Vec2{X: x, Y: y}} }
	tl.Click(at(-1, 5))
	if h.shown() != nil || !strings.Contains(h.status, "click on the map") {
		t.Fatalf("a click off the map: dialog %v, status %q", h.shown(), h.status)
	}
	add := func(text string) {
		t.Helper()
		tl.Click(at(5.5, 7.25))
		entry, ok := h.focused()
		if h.shown() == nil || !ok {
			t.Fatalf("a click on the map: dialog %v, focused %T", h.shown(), w.Canvas().Focused())
		}
		if hint := widget.NewLabel(entry.PlaceHolder).MinSize().Width; entry.Size().Width < hint {
			t.Errorf("the text entry is %.0f wide, its hint %q needs %.0f", entry.Size().Width, entry.PlaceHolder, hint)
		}
		test.Type(entry, text)
		entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	add("REACTOR KEY")
	notes, err := f.d.MapNotes(h.level)
	if err != nil || len(notes) == 0 {
		t.Fatalf("after Enter: notes %v (%v)", notes, err)
	}
	n := notes[len(notes)-1]
	o := f.d.Archive.Levels[h.level].Objects[n.Object]
	if n.Text != "REACTOR KEY" || o.X != 5<<8|0x80 || o.Y != 7<<8|0x40 || undoSteps(f) != 1 || h.shown() != nil {
		t.Fatalf("after Enter: note %+v at (%#x, %#x), %d steps, dialog %v", n, o.X, o.Y, undoSteps(f), h.shown())
	}
	if len(h.selected) != 1 || h.selected[0] != (document.Ref{Level: h.level, Kind: sdoc.KindObject, Index: n.Object}) {
		t.Errorf("selected %v, want the note's object %d", h.selected, n.Object)
	}
	text := sectionField(t, f, &h.testHost, n.Object, "text")
	if text.Text == nil || text.Text.Value != "REACTOR KEY" {
		t.Fatalf("the note's object shows text %+v", text.Text)
	}
	if err := text.Text.Set("KEY"); err != nil {
		t.Fatal(err)
	}
	if notes, _ := f.d.MapNotes(h.level); notes[len(notes)-1].Text != "KEY" || undoSteps(f) != 2 {
		t.Errorf("editing the text in the object's inspector: %+v, %d steps", notes[len(notes)-1], undoSteps(f))
	}
	f.d.History.Undo()
	add(strings.Repeat("X", 40))
	if undoSteps(f) != 1 || !strings.Contains(h.status, "39") {
		t.Errorf("a 40-character note: %d steps, status %q", undoSteps(f), h.status)
	}
}
