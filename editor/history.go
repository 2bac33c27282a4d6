package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// showHistory lists, over dialogs, the steps of the history of cur's
// file, oldest first, with the steps undone after them; choosing one
// undoes or redoes up to it.
func showHistory(cur *current, ds *dialogs) {
	if cur.file == nil {
		return
	}
	h := cur.file.History()
	done, undone := h.Descriptions()
	rows := append([]string{"(as opened)"}, done...)
	rows = append(rows, undone...)
	now := len(done) // the row of the state shown
	list := widget.NewList(func() int { return len(rows) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("a step of the history")
			l.Truncation = fyne.TextTruncateEllipsis // a long step says so, not cut mid-word
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(rows[i])
			l.Importance = widget.MediumImportance
			if i > now {
				l.Importance = widget.LowImportance // undone: Redo brings it back
			}
			l.TextStyle.Bold = i == now
			l.Refresh()
		})
	var d dialog.Dialog
	list.OnSelected = func(i widget.ListItemID) {
		for ; now > i; now-- {
			if _, err := h.Undo(); err != nil {
				ds.showError(err)
				break
			}
		}
		for ; now < i; now++ {
			if _, err := h.Redo(); err != nil {
				ds.showError(err)
				break
			}
		}
		d.Hide()
	}
	d = dialog.NewCustom("History", "Close", container.NewBorder(
		widget.NewLabel("Choose a step to go back (or forward) to it."), nil, nil, nil, list), ds.win)
	d.Resize(fyne.NewSize(560, 480))
	ds.show(d)
}
