package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	mcol "github.com/levelwright/levelwright/editor/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

// openMarathon opens a corpus Marathon map in e and returns its document.
func openMarathon(t *testing.T, e *Editor, parts ...string) *mdoc.Document {
	t.Helper()
	e.Open(corpus.Path(t, parts...))
	e.jobs.wait()
	e.Window().Canvas().Capture()
	d := mcol.Document(e.file)
	if d == nil {
		t.Fatalf("%v did not open as a Marathon map", parts)
	}
	return d
}

// plainPolygons are the first n polygons of level 0 that are no
// platforms, as refs.
func plainPolygons(l *mcodec.Level, n int) []document.Ref {
	var out []document.Ref
	for i, p := range l.Polygons {
		if p.Type != mcodec.PolygonPlatform && len(out) < n {
			out = append(out, document.Ref{Kind: mdoc.KindPolygon, Index: i})
		}
	}
	return out
}

// TestCopyPasteDuplicate: Ctrl+C puts the selected polygons on the
// system clipboard as text; Ctrl+V in another file pastes them as one
// step and selects them; Ctrl+D duplicates the selection; a focused text
// entry keeps Ctrl+V for its own text.
func TestCopyPasteDuplicate(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	src := openMarathon(t, e, "marathon", "jp", "Excalibar", "Prologue.sceA")
	e.SetSelection(plainPolygons(src.Levels[0], 4))
	shortcut(e, &fyne.ShortcutCopy{})
	text := e.app.Clipboard().Content()
	if !strings.Contains(text, mdoc.ClippingKind) {
		t.Fatalf("Ctrl+C put %.60q on the clipboard", text)
	}

	dst := openMarathon(t, e, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	before := len(dst.Levels[0].Polygons)
	shortcut(e, &fyne.ShortcutPaste{})
	if got := len(dst.Levels[0].Polygons) - before; got != 4 {
		t.Fatalf("Ctrl+V pasted %d polygons, want 4", got)
	}
	if n, _ := dst.History.Steps(); n != 1 {
		t.Fatalf("the paste made %d steps", n)
	}
	if len(e.selection) < 4 || e.selection[0] != (document.Ref{Kind: mdoc.KindPolygon, Index: before}) {
		t.Fatalf("after the paste the selection is %v", e.selection)
	}

	// A paste goes where the pointer last was over the map.
	size := e.view.Size()
	e.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(size.Width/4, size.Height/4)}})
	at := e.clipboard.pointer
	e.clipboard.pasteAt(text, at)
	var lo, hi [2]int
	for k, r := range e.selection {
		if r.Kind != mdoc.KindPolygon {
			continue
		}
		c := dst.Levels[0].Polygons[r.Index].Center
		if k == 0 {
			lo, hi = [2]int{int(c.X), int(c.Y)}, [2]int{int(c.X), int(c.Y)}
		}
		lo, hi = [2]int{min(lo[0], int(c.X)), min(lo[1], int(c.Y))}, [2]int{max(hi[0], int(c.X)), max(hi[1], int(c.Y))}
	}
	if int(at.X) < lo[0] || int(at.X) > hi[0] || int(at.Y) < lo[1] || int(at.Y) > hi[1] {
		t.Fatalf("pasted at the pointer %v, the polygons' centres span %v to %v", at, lo, hi)
	}
	before += 4

	shortcut(e, ctrl(fyne.KeyD, 0))
	if got := len(dst.Levels[0].Polygons) - before; got != 8 {
		t.Fatalf("after Ctrl+D the level has %d new polygons, want 8", got)
	}
	if e.selection[0].Index != before+4 {
		t.Fatalf("after Ctrl+D the selection is %v", e.selection)
	}

	e.clipboard.ShowGoTo()
	e.app.Clipboard().SetContent("12")
	shortcut(e, &fyne.ShortcutPaste{Clipboard: e.app.Clipboard()}) // as the driver sends it
	entry, ok := e.Window().Canvas().Focused().(*widget.Entry)
	if !ok || entry.Text != "12" {
		t.Fatalf("a focused entry did not take Ctrl+V: %v", e.Window().Canvas().Focused())
	}
	if got := len(dst.Levels[0].Polygons) - before; got != 8 {
		t.Fatalf("Ctrl+V in an entry pasted polygons")
	}
}

// TestPasteRefusedShowsWhy: pasting text that is no clipping shows an
// error and changes nothing.
func TestPasteRefusedShowsWhy(t *testing.T) {
	e := newTestEditor(t)
	d := openMarathon(t, e, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	was := doctest.Bytes(t, d)
	e.app.Clipboard().SetContent("not polygons")
	shortcut(e, &fyne.ShortcutPaste{})
	if e.dialogs.top == nil {
		t.Fatal("a refused paste showed no error")
	}
	if n, _ := d.History.Steps(); n != 0 || string(doctest.Bytes(t, d)) != string(was) {
		t.Fatal("a refused paste changed the file")
	}
}

// TestGoTo: Ctrl+G asks for a kind and an index, and selects and centres
// the entity; an unknown index is refused with a message.
func TestGoTo(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	openMarathon(t, e, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	kinds := e.clipboard.goToKinds()
	for _, k := range []document.Kind{mdoc.KindPolygon, mdoc.KindObject} {
		if !strings.Contains(strings.Join(kinds, " "), string(k)) {
			t.Fatalf("Go to offers %v, without %s", kinds, k)
		}
	}
	shortcut(e, ctrl(fyne.KeyG, 0))
	entry, ok := e.Window().Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatal("Ctrl+G did not ask for an index")
	}
	var kind *widget.Select
	for _, o := range test.LaidOutObjects(e.Window().Canvas().Overlays().Top()) {
		if s, ok := o.(*widget.Select); ok {
			kind = s
		}
	}
	kind.SetSelected(string(mdoc.KindPolygon))
	entry.SetText("40")
	answer(t, e, "Go")
	want := document.Ref{Kind: mdoc.KindPolygon, Index: 40}
	if len(e.selection) != 1 || e.selection[0] != want {
		t.Fatalf("Go to selected %v", e.selection)
	}
	if at, _ := e.scene.Center(want); e.view.Camera().Center != at {
		t.Fatalf("Go to centred the map on %v, polygon 40 is at %v", e.view.Camera().Center, at)
	}
	shortcut(e, ctrl(fyne.KeyG, 0)) // Enter in the index goes too
	entry, ok = e.Window().Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatal("Ctrl+G did not ask for an index again")
	}
	test.Type(entry, "41")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if want := (document.Ref{Kind: mdoc.KindPolygon, Index: 41}); len(e.selection) != 1 || e.selection[0] != want || e.dialogs.top != nil {
		t.Fatalf("Enter in Go to's index selected %v, dialog %v", e.selection, e.dialogs.top)
	}
	if err := e.clipboard.GoTo(mdoc.KindPolygon, 99999); err == nil || !strings.Contains(err.Error(), "no polygon 99999") {
		t.Fatalf("going to polygon 99999: %v", err)
	}
}

// TestGoToOtherGames: Go to works on the kinds another game's level
// draws, by the game's own names.
func TestGoToOtherGames(t *testing.T) {
	e, _ := openNewTurokMap(t)
	kinds := e.clipboard.goToKinds()
	if len(kinds) == 0 {
		t.Fatal("Go to offers no kinds for a Turok map")
	}
	if err := e.clipboard.GoTo(document.Kind(kinds[0]), 0); err != nil {
		t.Fatal(err)
	}
	if len(e.selection) != 1 || string(e.selection[0].Kind) != kinds[0] {
		t.Fatalf("Go to %s 0 selected %v", kinds[0], e.selection)
	}
}
