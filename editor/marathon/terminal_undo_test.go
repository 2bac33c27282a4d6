package marathon

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
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
	orig := doctest.Bytes(t, d)
	e := openTerminalEditor(&selectHost{levelHost: levelHost{level: 0}}, &session{d: d}, 0, 0)
	defer e.win.Close()
	steps := func() int { n, _ := d.History.Steps(); return n }
	entry := e.text.entry

	test.Type(entry, "Hurry. ")
	entry.TypedShortcut(&fyne.ShortcutUndo{})
	if steps() != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatalf("Ctrl+Z over typing not applied: %d steps, file changed %v", steps(), !bytes.Equal(doctest.Bytes(t, d), orig))
	}
	test.Type(entry, "Go. ")
	entry.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault})
	if steps() != 1 {
		t.Fatalf("applying the text made %d steps: %s", steps(), e.status.Text)
	}
	applied := doctest.Bytes(t, d)
	entry.TypedShortcut(&fyne.ShortcutUndo{})
	if steps() != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatalf("Ctrl+Z in the applied text: %d steps, file restored %v", steps(), bytes.Equal(doctest.Bytes(t, d), orig))
	}
	entry.TypedShortcut(&fyne.ShortcutRedo{})
	if steps() != 1 || !bytes.Equal(doctest.Bytes(t, d), applied) {
		t.Fatalf("Ctrl+Y in the text: %d steps, file as applied %v", steps(), bytes.Equal(doctest.Bytes(t, d), applied))
	}

}

// TestPhysicsWadOverview: a physics wad, which has no levels, offers no
// map tools; the window shows its physics editor, whose form edits the
// file as one step.
func TestPhysicsWadOverview(t *testing.T) {
	test.NewTempApp(t)
	s, data := openCorpus(t, "marathon", "m2", "Standard.phyA")
	if tools := s.Tools(&toolHost{}); len(tools) != 0 {
		t.Errorf("a physics wad offers %d tools, want none", len(tools))
	}
	w := test.NewWindow(s.(game.Overview).Overview(&toolHost{}))
	defer w.Close()
	forms := laidOut[*propgrid.Form](w.Content())
	if len(forms) != 1 || forms[0].Entry("Vitality") == nil {
		t.Fatalf("the overview shows %d forms, want one with a Vitality entry", len(forms))
	}
	entry := forms[0].Entry("Vitality")
	entry.SetText("200")
	entry.OnSubmitted(entry.Text)
	if out, _ := s.Bytes(); bytes.Equal(out, data) {
		t.Fatal("the vitality edit in the overview changed nothing")
	}
	if n, _ := s.History().Steps(); n != 1 {
		t.Fatalf("the vitality edit made %d steps", n)
	}
}
