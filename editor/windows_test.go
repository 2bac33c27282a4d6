package editor

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// copyFile copies the file at path into a folder of the test's own.
func copyFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// openTerminalWindow opens a copy of Genie-In-A-Bottle and, through the
// inspector of the side that shows terminal 0, its terminal window; it
// returns the copy's path, the window and its text entry.
func openTerminalWindow(t *testing.T, e *Editor) (string, fyne.Window, fyne.Focusable) {
	t.Helper()
	path := copyFile(t, corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA"))
	e.Open(path)
	e.jobs.wait()
	e.SetSelection([]document.Ref{{Level: 0, Kind: mdoc.KindTerminal, Index: 0}})
	before := len(e.app.Driver().AllWindows())
	for range 2 { // one window, however often it is asked for
		tapButton(t, e.inspector.scroll.Content, "Edit terminal 0…")
	}
	windows := e.app.Driver().AllWindows()
	if len(windows) != before+1 || len(e.windows.bound) != 1 {
		t.Fatalf("Edit terminal, twice, opened %d windows, %d bound", len(windows)-before, len(e.windows.bound))
	}
	win := windows[len(windows)-1]
	for _, o := range test.LaidOutObjects(win.Content()) {
		if entry, ok := o.(interface {
			fyne.Focusable
			SetPlaceHolder(string)
		}); ok {
			return path, win, entry
		}
	}
	t.Fatal("the terminal window has no text entry")
	return "", nil, nil
}

// terminalText is the text of every group of terminal 0 of level 0 of
// the Marathon file at path, as saved.
func terminalText(t *testing.T, path string) string {
	t.Helper()
	d, err := mdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := d.StyledTerminal(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, g := range st.Groups {
		for _, r := range g.Runs {
			b.Write(r.Text)
		}
	}
	return b.String()
}

// tapButton taps the button under o labelled label.
func tapButton(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	for _, obj := range test.LaidOutObjects(o) {
		if b, ok := obj.(*widget.Button); ok && b.Text == label {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no %q button", label)
}

// TestWindowsBelongToTheirFile: a terminal window asks, before another
// file is opened, about the text typed in it and not applied (which a
// step in the main window leaves); Cancel
// keeps the file and the window, Discard opens the other file and closes
// the window, which then edits nothing. Keep applies the text, and the
// file's own question then saves it into the file.
func TestWindowsBelongToTheirFile(t *testing.T) {
	e := newTestEditor(t)
	path, win, text := openTerminalWindow(t, e)
	orig, _ := os.ReadFile(path)
	test.Type(text, "Kept. ")
	// A step in the main window keeps the text typed and not applied.
	if err := e.file.Remove([]document.Ref{{Level: 0, Kind: mdoc.KindObject, Index: 0}}); err != nil {
		t.Fatal(err)
	}
	other := copyFile(t, corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA"))

	e.Open(other)
	if msg := texts(e.win.Canvas().Overlays().Top()); !strings.Contains(msg, "Terminal 0, level 0: the text of group") {
		t.Fatalf("opening another file asked %q", msg)
	}
	answer(t, e, "Cancel")
	e.jobs.wait()
	if e.path != path || len(e.windows.bound) != 1 {
		t.Fatalf("after Cancel: %s open, %d windows bound", e.path, len(e.windows.bound))
	}

	e.Open(other)
	answer(t, e, "Keep")
	answer(t, e, "Save") // the file now holds the applied text
	e.jobs.wait()
	if e.path != other || len(e.windows.bound) != 0 {
		t.Fatalf("after Keep and Save: %s open, %d windows bound", e.path, len(e.windows.bound))
	}
	if saved, _ := os.ReadFile(path); bytes.Equal(saved, orig) || !strings.Contains(terminalText(t, path), "Kept. ") {
		t.Fatal("the text kept is not in the saved file")
	}
	for _, w := range e.app.Driver().AllWindows() {
		if w == win {
			t.Fatal("the terminal window is still open after its file was replaced")
		}
	}
	if e.dirty {
		t.Fatal("the file opened is marked unsaved")
	}
}

// TestWindowsDiscardAndKeys: in a terminal window, Ctrl+S (typed in its
// text) applies the text typed and saves its file, and Ctrl+Z undoes that file's step;
// Discard at the question closes the window without touching either
// file.
func TestWindowsDiscardAndKeys(t *testing.T) {
	e := newTestEditor(t)
	path, win, text := openTerminalWindow(t, e)
	orig, _ := os.ReadFile(path)
	test.Type(text, "Saved. ")
	save := &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	text.(fyne.Shortcutable).TypedShortcut(save) // typed in the text, it is the window's

	e.jobs.wait()
	if saved := terminalText(t, path); !strings.Contains(saved, "Saved. ") || e.dirty {
		t.Fatalf("Ctrl+S in the terminal window: text saved %v, file unsaved %v", strings.Contains(saved, "Saved. "), e.dirty)
	}
	win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutUndo{})
	if out, _ := e.file.Bytes(); !bytes.Equal(out, orig) || !e.dirty {
		t.Fatal("Ctrl+Z in the terminal window did not undo its file's step")
	}
	test.Type(text, "Dropped. ")
	other := copyFile(t, corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA"))
	otherBytes, _ := os.ReadFile(other)
	e.Open(other)
	answer(t, e, "Discard") // the window's text
	answer(t, e, "Discard") // the file's unsaved undo
	e.jobs.wait()
	if e.path != other || len(e.windows.bound) != 0 {
		t.Fatalf("after Discard: %s open, %d windows bound", e.path, len(e.windows.bound))
	}
	test.Type(text, "Lost? ")
	win.Canvas().(fyne.Shortcutable).TypedShortcut(save)
	e.jobs.wait()
	if now, _ := os.ReadFile(other); !bytes.Equal(now, otherBytes) || e.dirty {
		t.Fatal("the closed terminal window edited the file opened after it")
	}
	if saved := terminalText(t, path); strings.Contains(saved, "Dropped. ") || strings.Contains(saved, "Lost? ") {
		t.Fatal("discarded text reached the first file")
	}
}

// TestFileWithoutLevelsShowsItself: a resource file without levels opened
// after an archive shows its chunks in place of the archive's map, and
// nothing of the archive stays to edit; the Edit menu names Undo and Redo
// even with nothing to step.
func TestFileWithoutLevelsShowsItself(t *testing.T) {
	e := newTestEditor(t)
	e.Open(copyFile(t, corpus.Path(t, "shock", "derelict", "archive.dat")))
	e.jobs.wait()
	if e.scene == nil {
		t.Fatal("the archive shows no level")
	}
	e.Open(copyFile(t, corpus.Path(t, "shock", "derelict", "texture.res")))
	e.jobs.wait()
	if e.scene != nil || len(e.levels.drawable) != 0 {
		t.Fatalf("texture.res shows a level: scene %v, %d levels", e.scene != nil, len(e.levels.drawable))
	}
	if page := texts(e.viewport); !strings.Contains(page, "texture.res: a resource file of") || !strings.Contains(page, "chunk ") {
		t.Fatalf("the viewport shows %q", page)
	}
	if len(e.tools.list) != 1 || e.tools.list[0].Name != "Object properties" {
		t.Errorf("texture.res offers %d tools, want Object properties alone", len(e.tools.list))
	}
	e.SelectAll()
	e.DeleteSelection()
	if n, _ := e.file.History().Steps(); n != 0 || e.dirty {
		t.Fatalf("Select All and Delete on texture.res made %d steps", n)
	}
	if e.menus.undoItem.Label != "Undo" || e.menus.redoItem.Label != "Redo" || !e.menus.undoItem.Disabled {
		t.Fatalf("the Edit menu shows %q and %q", e.menus.undoItem.Label, e.menus.redoItem.Label)
	}

	e.Open(copyFile(t, corpus.Path(t, "gamedata", "marathon1", "Physics.phys")))
	e.jobs.wait()
	if page := texts(e.viewport); e.scene != nil || !strings.Contains(page, "Vitality") {
		t.Fatalf("Physics.phys shows a level %v, or not its physics: %q", e.scene != nil, page)
	}
	if len(e.tools.list) != 0 || e.tools.bar.Visible() {
		t.Errorf("Physics.phys offers %d tools, toolbar shown %v", len(e.tools.list), e.tools.bar.Visible())
	}
}

// TestStatusFollowsSteps: an error in the status bar is gone once a later
// step succeeds, which the status bar then names, as it names an undo.
func TestStatusFollowsSteps(t *testing.T) {
	e := openDemo(t, "marathon")
	host{e}.Status("cannot do that: refused")
	e.SetSelection([]document.Ref{{Level: e.level, Kind: mdoc.KindObject, Index: 0}})
	e.DeleteSelection()
	done, _ := e.file.History().Descriptions()
	if len(done) != 1 || e.status.Text != done[0] {
		t.Fatalf("after a delete the status bar says %q; history %q", e.status.Text, done)
	}
	e.Undo()
	if e.status.Text != "Undone: "+done[0] {
		t.Fatalf("after Undo the status bar says %q", e.status.Text)
	}
}

// TestRefusedMoveChangesNothing: a Marathon object dragged off the level,
// where the game cannot place it, is refused; the drag's earlier moves
// are taken back with it, so the file is as before and no step is left.
// Dragged back onto the level, the move is one step again; Escape takes
// it back.
func TestRefusedMoveChangesNothing(t *testing.T) {
	e := openDemo(t, "marathon")
	ref := document.Ref{Level: e.level, Kind: mdoc.KindObject, Index: 0}
	at, ok := e.scene.Center(ref)
	if !ok {
		t.Fatal("object 0 is not drawn")
	}
	var id display.ID
	for _, mk := range e.scene.List.Markers {
		if r, _ := e.scene.Ref(mk.ID); r == ref {
			id = mk.ID
		}
	}
	before, _ := e.file.Bytes()
	steps := func() int { n, _ := e.file.History().Steps(); return n }
	m, ok := e.grab(tool.Pointer{ID: id, At: at})
	if !ok {
		t.Fatal("object 0 cannot be grabbed")
	}
	e.drag = m
	m.To(display.Vec2{X: at.X + 256, Y: at.Y})
	if steps() != 1 {
		t.Fatalf("a move on the level made %d steps", steps())
	}
	m.To(display.Vec2{X: at.X + 1e5, Y: at.Y + 1e5})
	if now, _ := e.file.Bytes(); steps() != 0 || !bytes.Equal(now, before) || e.status.Text == "" {
		t.Fatalf("refused off the level: %d steps, file as before %v, status %q", steps(), bytes.Equal(now, before), e.status.Text)
	}
	m.To(display.Vec2{X: at.X + 256, Y: at.Y})
	if steps() != 1 {
		t.Fatalf("back on the level the move made %d steps", steps())
	}
	m.Cancel()
	if now, _ := e.file.Bytes(); steps() != 0 || !bytes.Equal(now, before) {
		t.Fatal("Escape left the drag's move")
	}
	e.drag = nil
}

// TestObjPropsSavedAsAModLayer: the object properties window, opened from
// the game's data folder for an archive, is bound to it; an edit there
// asks before the window closes, and Keep saves objprop.dat into the
// archive's folder, leaving the data folder's own
// alone.
func TestObjPropsSavedAsAModLayer(t *testing.T) {
	e := newTestEditor(t)
	archive := copyFile(t, corpus.Path(t, "shock", "derelict", "archive.dat"))
	e.Open(archive)
	e.jobs.wait()
	useShockData(t, e)
	source := filepath.Join(shockdata.Dir(), "objprop.dat")
	original, err := os.ReadFile(source)
	if err != nil {
		t.Fatal(err)
	}
	typeInView(e, fyne.KeyY)
	tapButton(t, e.tools.options, "Edit objprop.dat…")
	tapButton(t, e.tools.options, "Edit objprop.dat…")
	if len(e.windows.bound) != 1 {
		t.Fatalf("%d windows bound, want the one object properties window", len(e.windows.bound))
	}
	props := e.windows.bound[0].w.(*scol.ObjPropsEditor)
	win := props.Window()
	entry := props.Form.Entry("hit points")
	entry.SetText("321")
	entry.OnSubmitted("321")
	if props.Unsaved() == "" {
		t.Fatal("an edit leaves nothing unsaved")
	}
	e.windows.ask(props, win, "close this window", win.Close) // as the window's close button asks
	top := win.Canvas().Overlays().Top()
	if msg := texts(top); !strings.Contains(msg, "the object properties have unsaved changes") {
		t.Fatalf("closing asked %q", msg)
	}
	tapButton(t, top, "Keep")
	saved, err := os.ReadFile(filepath.Join(filepath.Dir(archive), "objprop.dat"))
	if err != nil || bytes.Equal(saved, original) {
		t.Fatalf("Keep did not save objprop.dat beside the archive: %v", err)
	}
	if now, _ := os.ReadFile(source); !bytes.Equal(now, original) {
		t.Fatal("saving the mod layer changed the data folder's objprop.dat")
	}
	if len(e.windows.bound) != 0 {
		t.Fatal("the window is still bound once closed")
	}
	tapButton(t, e.tools.options, "Edit objprop.dat…") // again: the mission's own, as saved
	again := e.windows.bound[0].w.(*scol.ObjPropsEditor)
	if got := again.Form.Entry("hit points").Text; got != "321" {
		t.Fatalf("opened again, the window shows hit points %s, want the 321 saved", got)
	}
}

// TestObjPropsInTheDataFolderAsks: an archive in the game's data folder
// has no mission folder of its own; Save then refuses to write the
// game's objprop.dat, which stays as it was.
func TestObjPropsInTheDataFolderAsks(t *testing.T) {
	e := newTestEditor(t)
	data := filepath.Dir(copyFile(t, filepath.Join(shockdata.Dir(), "objprop.dat")))
	b, _ := os.ReadFile(corpus.Path(t, "shock", "derelict", "archive.dat"))
	archive := filepath.Join(data, "archive.dat")
	os.WriteFile(archive, b, 0o644)
	e.Open(archive)
	e.jobs.wait()
	e.app.Preferences().SetString(scol.DataFolderKey, data)
	e.file.Prepare(e.app.Preferences().String)
	e.retool()
	original, _ := os.ReadFile(filepath.Join(data, "objprop.dat"))
	typeInView(e, fyne.KeyY)
	tapButton(t, e.tools.options, "Edit objprop.dat…")
	props := e.windows.bound[0].w.(*scol.ObjPropsEditor)
	entry := props.Form.Entry("hit points")
	entry.SetText("321")
	entry.OnSubmitted("321")
	if err := props.Save(); err == nil || !strings.Contains(err.Error(), "the game's own data") {
		t.Fatalf("saving into the data folder: %v", err)
	}
	if now, _ := os.ReadFile(filepath.Join(data, "objprop.dat")); !bytes.Equal(now, original) {
		t.Fatal("the game's objprop.dat changed without the user's say")
	}
}
