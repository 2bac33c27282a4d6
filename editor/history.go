package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// ShowHistory lists the steps of the open file's history, oldest first,
// with the steps undone after them; choosing one undoes or redoes up to
// it.
func (e *Editor) ShowHistory() {
	if e.file == nil {
		return
	}
	h := e.file.History()
	done, undone := h.Descriptions()
	rows := append([]string{"(as opened)"}, done...)
	rows = append(rows, undone...)
	current := len(done) // the row of the state shown
	list := widget.NewList(func() int { return len(rows) },
		func() fyne.CanvasObject { return widget.NewLabel("a step of the history") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(rows[i])
			l.Importance = widget.MediumImportance
			if i > current {
				l.Importance = widget.LowImportance // undone: Redo brings it back
			}
			l.TextStyle.Bold = i == current
			l.Refresh()
		})
	var d dialog.Dialog
	list.OnSelected = func(i widget.ListItemID) {
		for ; current > i; current-- {
			if _, err := h.Undo(); err != nil {
				e.dialogs.showError(err)
				break
			}
		}
		for ; current < i; current++ {
			if _, err := h.Redo(); err != nil {
				e.dialogs.showError(err)
				break
			}
		}
		d.Hide()
	}
	d = dialog.NewCustom("History", "Close", container.NewBorder(
		widget.NewLabel("Choose a step to go back (or forward) to it."), nil, nil, nil, list), e.win)
	d.Resize(fyne.NewSize(420, 480))
	e.dialogs.show(d)
}
