package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/levelwright/levelwright/editor/game"
)

// entityListItem is View > Entity List, for files whose game lists its
// entities (game.EntityLister).
func (e *Editor) entityListItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Entity List…", e.ShowEntityList)
}

// ShowEntityList shows the shown level's entity list in a dialog, or says
// in the status bar why there is none.
func (e *Editor) ShowEntityList() {
	lister, ok := e.file.(game.EntityLister)
	if !ok || e.scene == nil {
		e.status.SetText("This file's game lists no entities")
		return
	}
	d := dialog.NewCustom("Entities", "Close", lister.EntityList(host{e}), e.win)
	d.Resize(fyne.NewSize(520, 600))
	e.dialogs.show(d)
}
