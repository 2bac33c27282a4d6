package shock

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
)

// dialogHost is a testHost that shows dialogs in a window.
type dialogHost struct {
	*testHost
	win fyne.Window
}

func (h *dialogHost) Window() fyne.Window  { return h.win }
func (h *dialogHost) Show(d dialog.Dialog) { d.Show() }

// tapButton taps the button labelled label on the window's top overlay.
func tapButton(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog is shown")
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == label {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("the dialog has no %q button:\n%s", label, texts(top))
}

// TestPuzzleFromScratch: a new panel says it stores no puzzle; choosing
// block opens the editor on a new, solvable puzzle, and Apply stores it
// with its state trap in one step; the panel then says block and offers
// its editor, and choosing wire replaces it with the game's default wire
// puzzle, written out.
func TestPuzzleFromScratch(t *testing.T) {
	test.NewTempApp(t)
	f, th := derelict(t)
	h := &dialogHost{testHost: th, win: test.NewTempWindow(t, widget.NewLabel(""))}
	h.win.Resize(fyne.NewSize(900, 800))
	l := f.d.Archive.Levels[1]
	spot := firstObject(t, l, scodec.ClassFixture)
	o := l.Objects[spot]
	panel, err := f.d.CreateObject(1, sdoc.ObjectSpec{Class: scodec.ClassFixture, Subclass: scodec.FixturePanel, X: o.X, Y: o.Y, Z: o.Z})
	if err != nil {
		t.Fatal(err)
	}
	section := func() map[string]string {
		out := map[string]string{}
		for _, s := range f.Inspect(h, sdoc.KindObject, []int{panel}) {
			if s.Title != "Puzzle" {
				continue
			}
			for _, field := range s.Fields {
				switch {
				case field.Text != nil:
					out[field.Label] = field.Text.Value
				case field.Choice != nil:
					out[field.Label] = field.Choice.Options[field.Choice.Index]
				case field.Action != nil:
					out[field.Label] = field.Action.Label
				}
			}
		}
		return out
	}
	if got := section(); !strings.HasPrefix(got["stored"], "none") || got["kind"] != "none stored" {
		t.Fatalf("a new panel's puzzle section: %v", got)
	}
	kindField := func() *widget.Select {
		for _, s := range f.Inspect(h, sdoc.KindObject, []int{panel}) {
			for _, field := range s.Fields {
				if s.Title == "Puzzle" && field.Label == "kind" {
					sel := widget.NewSelect(field.Choice.Options, nil)
					sel.OnChanged = func(string) { field.Choice.Set(sel.SelectedIndex()) }
					return sel
				}
			}
		}
		t.Fatal("no kind choice")
		return nil
	}
	steps := undoSteps(f)
	kindField().SetSelected("block")
	if top := h.win.Canvas().Overlays().Top(); top == nil || !strings.Contains(texts(top), "Solvable in ") {
		t.Fatalf("the new block puzzle is not solvable")
	}
	tapButton(t, h.win, "Apply")
	b, err := f.d.BlockPuzzle(1, panel)
	if err != nil || undoSteps(f) != steps+1 {
		t.Fatalf("after Apply: %v, %d steps", err, undoSteps(f)-steps)
	}
	if state := l.Objects[b.StateTrap]; state.Active == 0 || state.Class != scodec.ClassTrap {
		t.Fatalf("the state trap %d is not a trap in use", b.StateTrap)
	}
	if got := section(); got["kind"] != "block" || got["block puzzle"] != "Edit…" {
		t.Fatalf("a block panel's puzzle section: %v", got)
	}
	kindField().SetSelected("wire")
	tapButton(t, h.win, "Apply")
	w, err := f.d.WirePuzzle(1, panel)
	if err != nil || w.Wires == 0 || w.Targets == 0 || w.Current == 0 {
		t.Fatalf("the wire puzzle stored: %+v, %v", w, err)
	}
	if got := section(); got["kind"] != "wire" {
		t.Fatalf("a wire panel's puzzle section: %v", got)
	}
}
