package editor

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/query"
)

// entityListItem is View > Entity List.
func (e *Editor) entityListItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Entity List…", e.ShowEntityList)
}

// ShowEntityList shows the shown level's entities in a dialog: the
// game's own list where its column has one (game.EntityLister), else the
// lists of the level's export (exportList).
func (e *Editor) ShowEntityList() {
	if e.scene == nil {
		e.status.SetText("No level is shown")
		return
	}
	var content fyne.CanvasObject
	if lister, ok := e.file.(game.EntityLister); ok {
		content = lister.EntityList(host{e})
	} else if content = e.exportList(); content == nil {
		return
	}
	d := dialog.NewCustom("Entities", "Close", content, e.win)
	d.Resize(fyne.NewSize(520, 600))
	e.dialogs.show(d)
}

// exportList lists the entities of the shown level's export, a list at
// a time, each by its index and what kind of thing it is
// (query.Describe); choosing one the map draws goes to it. Nil, with the
// status saying why, when the level cannot be exported.
func (e *Editor) exportList() fyne.CanvasObject {
	l, _, ok := e.finder.level()
	if !ok {
		return nil
	}
	names := query.Lists(l)
	var rows []string
	var matches []query.Match
	list := widget.NewList(func() int { return len(rows) }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(rows[i]) })
	kinds := drawnKinds(e.scene)
	list.OnSelected = func(i widget.ListItemID) {
		m := matches[i]
		kind, ok := listKind(m.List, kinds)
		if !ok {
			e.status.SetText(fmt.Sprintf("The map does not draw %s", m.List))
			return
		}
		if err := e.clipboard.GoTo(kind, m.Index); err != nil {
			e.status.SetText(err.Error())
		}
	}
	choice := widget.NewSelect(names, func(name string) {
		q := query.Query{List: name}
		matches, rows = q.Find(l), nil
		for _, m := range matches {
			rows = append(rows, fmt.Sprintf("%d: %s", m.Index, query.Describe(l, m)))
		}
		list.UnselectAll()
		list.Refresh()
	})
	if len(names) > 0 {
		choice.SetSelected(names[0])
	}
	return container.NewBorder(choice, nil, nil, nil, list)
}
