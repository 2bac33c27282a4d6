package editor

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/internal/e2e"
)

// TestWelcomeOpensDemos: with no file open, the welcome page shows a
// drawn picture of each game's demo level; its button opens the demo
// from the editor's folder, where a saved change to it is kept.
func TestWelcomeOpensDemos(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1280, 800))
	e.ShowWelcome()
	e2e.SavePNG(t, "welcome", e.Window().Canvas().Capture())
	var pictures int
	var buttons []*widget.Button
	for _, o := range test.LaidOutObjects(e.viewport) {
		switch w := o.(type) {
		case *canvas.Image:
			if w.Image != nil && w.Size().Width > 100 {
				pictures++
			}
		case *widget.Button:
			if w.Text == "Open demo" {
				buttons = append(buttons, w)
			}
		}
	}
	if pictures != len(Formats()) || len(buttons) != len(Formats()) {
		t.Fatalf("%d pictures and %d demo buttons, want %d", pictures, len(buttons), len(Formats()))
	}
	for i, f := range Formats() {
		d := f.Demo()
		e.file, e.dirty = nil, false
		test.Tap(buttons[i])
		e.jobs.wait()
		if e.file == nil || e.game.Format() != f || filepath.Base(e.path) != d.FileName || e.scene == nil {
			t.Fatalf("the %s demo button opened %q (%v)", f.Name(), e.path, e.game)
		}
		if len(e.problems.list) != 0 {
			t.Errorf("the %s demo has problems: %v", f.Name(), e.problems.list)
		}
	}
	// A saved demo is opened as saved.
	os.WriteFile(e.path, []byte("edited"), 0o644)
	e.welcome.OpenDemo(Formats()[len(Formats())-1].Demo())
	e.jobs.wait()
	if e.dialogs.top == nil {
		t.Fatal("the demo was written again over the user's copy")
	}
}
