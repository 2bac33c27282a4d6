package editor

import (
	"strings"
	"testing"

	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestHistoryList: the history lists every step; choosing an earlier one
// undoes back to it, a later one redoes.
func TestHistoryList(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	typeInView(e, fyne.KeyO)
	for _, x := range []float64{300, 600, 900} {
		clickInView(e, display.Vec2{X: x, Y: 1500}, 0)
	}
	objects := len(l.Objects)
	showHistory(&e.current, e.dialogs)
	list := historyList(t, e)
	if n := list.Length(); n != 4 {
		t.Fatalf("the history lists %d rows, want the opened state and 3 steps", n)
	}
	if row, ok := list.CreateItem().(*widget.Label); !ok || row.Truncation != fyne.TextTruncateEllipsis {
		t.Errorf("a history row is %T, want a label that ends a long step with an ellipsis", list.CreateItem())
	}
	list.Select(1) // after the first placement
	if len(l.Objects) != objects-2 {
		t.Fatalf("going back to step 1 left %d objects, want %d", len(l.Objects), objects-2)
	}
	showHistory(&e.current, e.dialogs)
	list = historyList(t, e)
	if list.Length() != 4 {
		t.Fatalf("undone steps are not listed (%d rows)", list.Length())
	}
	list.Select(3)
	if len(l.Objects) != objects {
		t.Fatalf("going forward to step 3 left %d objects, want %d", len(l.Objects), objects)
	}
}

func historyList(t *testing.T, e *Editor) *widget.List {
	t.Helper()
	for _, o := range test.LaidOutObjects(e.Window().Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.List); ok {
			return l
		}
	}
	t.Fatal("no history list")
	return nil
}

// TestSettingsGrid: unticking the grid takes it off the map, and it
// stays off after an edit rebuilds the scene and on another level.
func TestSettingsGrid(t *testing.T) {
	e := openDemo(t, "shock")
	if e.scene.List.Grid == nil {
		t.Fatal("the map has no grid to start with")
	}
	e.ShowSettings()
	dlg := e.Window().Canvas().Overlays().Top()
	var autosave *widget.Entry
	for _, o := range test.LaidOutObjects(dlg) {
		if en, ok := o.(*widget.Entry); ok && autosave == nil { // the first row with an entry
			autosave = en
		}
	}
	if autosave == nil || autosave.Text != "60" || !strings.Contains(texts(dlg), "Dark Theme") {
		t.Fatalf("settings lack the theme or the autosave interval:\n%s", texts(dlg))
	}
	autosave.SetText("15")
	if e.app.Preferences().Int(prefAutosave) != 15 {
		t.Fatal("the autosave interval was not kept")
	}
	test.Tap(check(t, dlg, "Show the grid in the map"))
	if e.scene.List.Grid != nil || e.app.Preferences().Bool(prefGrid) {
		t.Fatal("the grid is still shown")
	}
	e.showLevel(0)
	if e.scene.List.Grid != nil {
		t.Fatal("the grid came back when the level was shown again")
	}
	test.Tap(check(t, dlg, "Show the grid in the map"))
	if e.scene.List.Grid == nil {
		t.Fatal("ticking the grid again does not show it")
	}
}

// TestSettingsFitTheWindow: with the System Shock data folder set, whose
// summary lists every file it read, the settings still fit the window:
// their Close button is inside it, and the rows scroll.
func TestSettingsFitTheWindow(t *testing.T) {
	e := openDemo(t, "shock")
	e.app.Preferences().SetString(scol.DataFolderKey, shockdata.Dir())
	e.ShowSettings()
	closeButton := button(t, e.Window().Canvas().Overlays().Top(), "Close")
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(closeButton)
	if bottom, height := at.Y+closeButton.Size().Height, e.Window().Canvas().Size().Height; bottom > height {
		t.Errorf("the settings' Close button ends at y %.0f, below the window's %.0f", bottom, height)
	}
}
