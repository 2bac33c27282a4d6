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
	"github.com/levelwright/levelwright/widgets/viewport"
)

// clipboard is the Edit menu's Copy, Paste, Duplicate and Go to, on
// cur's shown level, through the system clipboard; a paste goes where
// the pointer was last over the map, or else to the centre of view, and
// a duplicate a grid step aside. What they add or go to they select with
// selectRefs.
type clipboard struct {
	cur        *current
	system     fyne.Clipboard
	view       *viewport.View
	status     *widget.Label
	dialogs    *dialogs
	menus      *menus
	grid       *mapGrid
	selectRefs func([]document.Ref)

	pointer display.Vec2 // the map point last under the pointer
	pointed bool         // false until the pointer has been over the map
}

// items are the Edit menu's Copy, Paste, Duplicate and Go to.
// Copy and Paste are the standard shortcuts, which a focused text entry
// keeps for its own text.
func (c *clipboard) items() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		c.menus.standardItem("Copy", fyne.KeyC, &fyne.ShortcutCopy{}, c.Copy),
		c.menus.standardItem("Paste", fyne.KeyV, &fyne.ShortcutPaste{}, c.Paste),
		c.menus.shortcutItem("Duplicate", fyne.KeyD, c.dialogs.unlessDialogDo(c.Duplicate)),
		c.menus.shortcutItem("Go to…", fyne.KeyG, c.dialogs.unlessDialogDo(c.ShowGoTo)),
	}
}

// session is the open file when its game copies and pastes.
func (c *clipboard) session() (game.Clipboard, bool) {
	gc, ok := c.cur.file.(game.Clipboard)
	if !ok || c.cur.scene == nil {
		c.status.SetText("This file's game does not copy and paste")
	}
	return gc, ok && c.cur.scene != nil
}

// Copy puts the selection on the system clipboard as text.
func (c *clipboard) Copy() {
	gc, ok := c.session()
	if !ok {
		return
	}
	text, err := gc.Copy(c.cur.selection)
	if err != nil {
		c.dialogs.showError(err)
		return
	}
	c.system.SetContent(text)
	c.status.SetText("Copied the selection to the clipboard")
}

// Paste adds what the system clipboard holds to the shown level, centred
// at the pointer's last map point (or the view's centre), and selects it.
func (c *clipboard) Paste() {
	at := c.view.Camera().Center
	if c.pointed {
		at = c.pointer
	}
	c.pasteAt(c.system.Content(), at)
}

// pasteAt adds text, a copy, to the shown level centred at at, and
// selects it.
func (c *clipboard) pasteAt(text string, at display.Vec2) {
	gc, ok := c.session()
	if !ok {
		return
	}
	refs, err := gc.Paste(c.cur.level, text, at)
	if err != nil {
		c.dialogs.showError(err)
		return
	}
	c.selectRefs(refs)
	c.status.SetText(fmt.Sprintf("Pasted %s", document.Count(len(refs), "entity")))
}

// Duplicate copies the selection and pastes it a grid step aside.
func (c *clipboard) Duplicate() {
	gc, ok := c.session()
	if !ok || len(c.cur.selection) == 0 {
		return
	}
	text, err := gc.Copy(c.cur.selection)
	if err != nil {
		c.dialogs.showError(err)
		return
	}
	lo, hi := display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, r := range c.cur.selection {
		if p, ok := c.cur.scene.Center(r); ok {
			lo, hi = display.Vec2{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}, display.Vec2{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
		}
	}
	step := c.grid.step()
	c.pasteAt(text, display.Vec2{X: (lo.X+hi.X)/2 + step, Y: (lo.Y+hi.Y)/2 + step})
}

// goToKinds are the kinds of the entities the shown level draws, in the
// order it first draws them.
func (c *clipboard) goToKinds() []string {
	if c.cur.scene == nil {
		return nil
	}
	var out []string
	for _, k := range drawnKinds(c.cur.scene) {
		out = append(out, string(k))
	}
	return out
}

// GoTo selects entity index of kind in the shown level and centres the
// map on it.
func (c *clipboard) GoTo(kind document.Kind, index int) error {
	if c.cur.scene == nil {
		return fmt.Errorf("no level is shown")
	}
	r := document.Ref{Level: c.cur.level, Kind: kind, Index: index}
	at, ok := c.cur.scene.Center(r)
	if !ok {
		return fmt.Errorf("the level has no %s %d", kind, index)
	}
	c.view.CenterOn(at)
	c.selectRefs([]document.Ref{r})
	return nil
}

// ShowGoTo asks for a kind and an index, and goes to that entity.
func (c *clipboard) ShowGoTo() {
	kinds := c.goToKinds()
	if len(kinds) == 0 {
		return
	}
	kind := widget.NewSelect(kinds, nil)
	kind.SetSelected(kinds[0])
	if len(c.cur.selection) > 0 {
		kind.SetSelected(string(c.cur.selection[0].Kind))
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
			err = c.GoTo(document.Kind(kind.Selected), i)
		} else {
			err = fmt.Errorf("the index %q is not a number", index.Text)
		}
		if err != nil {
			c.dialogs.showError(err)
		}
	}, c.dialogs.win)
	index.OnSubmitted = func(string) { d.Submit() }
	c.dialogs.show(d)
	c.dialogs.win.Canvas().Focus(index)
}
