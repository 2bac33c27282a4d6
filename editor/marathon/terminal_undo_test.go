package marathon

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TestTerminalEditorUndo: in the terminal window, Ctrl+Z and Ctrl+Y
// undo and redo the document's edits, from the text entry once its
// text is applied and from the window otherwise; text typed and not
// applied is the entry's own to undo, which leaves the document alone.
func TestTerminalEditorUndo(t *testing.T) {
	test.NewTempApp(t)
	d, err := mdoc.Open(corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA"))
	if err != nil {
		t.Fatal(err)
	}
	orig := d.Bytes()
	e := openTerminalEditor(&selectHost{levelHost: levelHost{level: 0}}, &session{d: d}, 0, 0)
	defer e.win.Close()
	steps := func() int { n, _ := d.History.Steps(); return n }
	entry := e.text.entry

	test.Type(entry, "Hurry. ")
	entry.TypedShortcut(&fyne.ShortcutUndo{})
	if steps() != 0 || !bytes.Equal(d.Bytes(), orig) {
		t.Fatalf("Ctrl+Z over typing not applied: %d steps, file changed %v", steps(), !bytes.Equal(d.Bytes(), orig))
	}
	test.Type(entry, "Go. ")
	entry.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault})
	if steps() != 1 {
		t.Fatalf("applying the text made %d steps: %s", steps(), e.status.Text)
	}
	applied := d.Bytes()
	entry.TypedShortcut(&fyne.ShortcutUndo{})
	if steps() != 0 || !bytes.Equal(d.Bytes(), orig) {
		t.Fatalf("Ctrl+Z in the applied text: %d steps, file restored %v", steps(), bytes.Equal(d.Bytes(), orig))
	}
	entry.TypedShortcut(&fyne.ShortcutRedo{})
	if steps() != 1 || !bytes.Equal(d.Bytes(), applied) {
		t.Fatalf("Ctrl+Y in the text: %d steps, file as applied %v", steps(), bytes.Equal(d.Bytes(), applied))
	}

	test.Tap(e.up)
	e.win.Canvas().Unfocus()
	window := e.win.Canvas().(fyne.Shortcutable)
	window.TypedShortcut(&fyne.ShortcutUndo{})
	if steps() != 1 || !bytes.Equal(d.Bytes(), applied) || e.levelRecord().Terminals[0].Groups[4].Type != mcodec.GroupInformation {
		t.Fatalf("Ctrl+Z in the window after Up: %d steps, file as applied %v", steps(), bytes.Equal(d.Bytes(), applied))
	}
	window.TypedShortcut(&fyne.ShortcutRedo{})
	if steps() != 2 || e.levelRecord().Terminals[0].Groups[3].Type != mcodec.GroupInformation {
		t.Fatalf("Ctrl+Y in the window: %d steps, group 3 is %s", steps(), mcodec.GroupTypeName(e.levelRecord().Terminals[0].Groups[3].Type))
	}
}

// TestPhysicsWindowUndoKeys: in the physics window, Ctrl+Z and Ctrl+Y
// undo and redo an edit of the form, as the main window's do.
func TestPhysicsWindowUndoKeys(t *testing.T) {
	test.NewTempApp(t)
	s, data := openCorpus(t, "marathon", "m2", "Standard.phyA")
	f := s.(*session)
	w := openPhysicsWindow(f.d.Path, f.d.Physics(0), f.d.History)
	defer w.Close()
	forms := laidOut[*propgrid.Form](w.Content())
	if len(forms) != 1 || forms[0].Entry("Vitality") == nil {
		t.Fatalf("the physics window shows %d forms, want one with a Vitality entry", len(forms))
	}
	entry := forms[0].Entry("Vitality")
	entry.SetText("200")
	entry.OnSubmitted(entry.Text)
	edited, _ := s.Bytes()
	if n, _ := f.d.History.Steps(); n != 1 || bytes.Equal(edited, data) {
		t.Fatalf("the vitality edit made %d steps", n)
	}
	window := w.Canvas().(fyne.Shortcutable)
	window.TypedShortcut(&fyne.ShortcutUndo{})
	if out, _ := s.Bytes(); !bytes.Equal(out, data) {
		t.Fatal("Ctrl+Z in the physics window left the edit")
	}
	window.TypedShortcut(&fyne.ShortcutRedo{})
	if out, _ := s.Bytes(); !bytes.Equal(out, edited) {
		t.Fatal("Ctrl+Y in the physics window did not redo the edit")
	}
}

// TestPhysicsFileTools: a physics file, which has no levels, offers only
// the physics tool, not the map's tools.
func TestPhysicsFileTools(t *testing.T) {
	test.NewTempApp(t)
	s, _ := openCorpus(t, "marathon", "m2", "Standard.phyA")
	tools := s.Tools(&toolHost{})
	if len(tools) != 1 || tools[0].Name != "Physics" || tools[0].Key != fyne.KeyY {
		names := make([]string, len(tools))
		for i, tl := range tools {
			names[i] = tl.Name
		}
		t.Errorf("a physics file's tools: %v, want Physics (Y) alone", names)
	}
}
