package editor

import (
	"fmt"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
)

// pointerSpot is the map point last under the pointer, where a paste
// goes; pointed is false until the pointer has been over the map.
type pointerSpot struct {
	pointer display.Vec2
	pointed bool
}

// clipboardItems are the Edit menu's Copy, Paste, Duplicate and Go to.
// Copy and Paste are the standard shortcuts, which a focused text entry
// keeps for its own text.
func (e *Editor) clipboardItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		e.standardItem("Copy", fyne.KeyC, &fyne.ShortcutCopy{}, e.Copy),
		e.standardItem("Paste", fyne.KeyV, &fyne.ShortcutPaste{}, e.Paste),
		e.shortcutItem("Duplicate", fyne.KeyD, e.unlessDialogDo(e.Duplicate)),
		e.shortcutItem("Go to…", fyne.KeyG, e.unlessDialogDo(e.ShowGoTo)),
	}
}

func (e *Editor) unlessDialogDo(action func()) func() {
	return func() { e.unlessDialog(action)(nil) }
}

// clipboardSession is the open file when its game copies and pastes.
func (e *Editor) clipboardSession() (game.Clipboard, bool) {
	c, ok := e.file.(game.Clipboard)
	if !ok || e.scene == nil {
		e.status.SetText("This file's game does not copy and paste")
	}
	return c, ok && e.scene != nil
}

// Copy puts the selection on the system clipboard as text.
func (e *Editor) Copy() {
	c, ok := e.clipboardSession()
	if !ok {
		return
	}
	text, err := c.Copy(e.selection)
	if err != nil {
		e.showError(err)
		return
	}
	e.app.Clipboard().SetContent(text)
	e.status.SetText("Copied the selection to the clipboard")
}

// Paste adds what the system clipboard holds to the shown level, centred
// at the pointer's last map point (or the view's centre), and selects it.
func (e *Editor) Paste() {
	at := e.view.Camera().Center
	if e.pointed {
		at = e.pointer
	}
	e.pasteAt(e.app.Clipboard().Content(), at)
}

func (e *Editor) pasteAt(text string, at display.Vec2) {
	c, ok := e.clipboardSession()
	if !ok {
		return
	}
	refs, err := c.Paste(e.level, text, at)
	if err != nil {
		e.showError(err)
		return
	}
	e.SetSelection(refs)
	e.status.SetText(fmt.Sprintf("Pasted %s", document.Count(len(refs), "entity")))
}

// Duplicate copies the selection and pastes it a grid step aside.
func (e *Editor) Duplicate() {
	c, ok := e.clipboardSession()
	if !ok || len(e.selection) == 0 {
		return
	}
	text, err := c.Copy(e.selection)
	if err != nil {
		e.showError(err)
		return
	}
	lo, hi := display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, r := range e.selection {
		if p, ok := e.scene.Center(r); ok {
			lo, hi = display.Vec2{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}, display.Vec2{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
		}
	}
	step := e.gridStep()
	e.pasteAt(text, display.Vec2{X: (lo.X+hi.X)/2 + step, Y: (lo.Y+hi.Y)/2 + step})
}

// goToKinds are the kinds of the entities the shown level draws, in the
// order it first draws them.
func (e *Editor) goToKinds() []string {
	if e.scene == nil {
		return nil
	}
	var out []string
	for _, k := range drawnKinds(e.scene) {
		out = append(out, string(k))
	}
	return out
}

// GoTo selects entity index of kind in the shown level and centres the
// map on it.
func (e *Editor) GoTo(kind document.Kind, index int) error {
	if e.scene == nil {
		return fmt.Errorf("no level is shown")
	}
	r := document.Ref{Level: e.level, Kind: kind, Index: index}
	at, ok := e.scene.Center(r)
	if !ok {
		return fmt.Errorf("the level has no %s %d", kind, index)
	}
	e.view.CenterOn(at)
	e.SetSelection([]document.Ref{r})
	return nil
}

// ShowGoTo asks for a kind and an index, and goes to that entity.
func (e *Editor) ShowGoTo() {
	kinds := e.goToKinds()
	if len(kinds) == 0 {
		return
	}
	kind := widget.NewSelect(kinds, nil)
	kind.SetSelected(kinds[0])
	if len(e.selection) > 0 {
		kind.SetSelected(string(e.selection[0].Kind))
	}
	index := widget.NewEntry()
	index.SetPlaceHolder("index")
	items := []*widget.FormItem{widget.NewFormItem("Kind", kind), widget.NewFormItem("Index", index)}
	d := dialog.NewForm("Go to", "Go", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		i, err := strconv.Atoi(index.Text)
		if err == nil {
			err = e.GoTo(document.Kind(kind.Selected), i)
		} else {
			err = fmt.Errorf("the index %q is not a number", index.Text)
		}
		if err != nil {
			e.showError(err)
		}
	}, e.win)
	index.OnSubmitted = func(string) { d.Submit() }
	e.show(d)
	e.win.Canvas().Focus(index)
}
