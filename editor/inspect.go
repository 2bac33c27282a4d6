package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// askBeforeDiscarding makes edit at once when it discards nothing (what
// is ""); else it asks first, naming what the edit would take away, and
// returns propgrid.ErrAsking so that the field keeps its stored value
// until the user agrees.
func (e *Editor) askBeforeDiscarding(what string, edit func() error) error {
	if what == "" {
		return edit()
	}
	msg := "This change takes away " + what + ".\n\nChoosing the old value again, or Edit > Undo, gives it back."
	d := dialog.NewConfirm("Discard data?", msg, func(yes bool) {
		if !yes {
			return
		}
		if err := edit(); err != nil {
			e.showError(err)
		}
	}, e.win)
	d.SetConfirmText("Change")
	d.SetDismissText("Cancel")
	d.SetConfirmImportance(widget.DangerImportance)
	e.show(d)
	return propgrid.ErrAsking
}

// showSections fills the inspector with sections of forms.
func (e *Editor) showSections(sections []inspect.Section) {
	box := container.NewVBox()
	for _, s := range sections {
		box.Add(widget.NewLabelWithStyle(s.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		if len(s.Fields) > 0 {
			form := propgrid.New(s.Fields)
			form.OnError = func(err error) { e.status.SetText(err.Error()) }
			box.Add(form)
		}
	}
	e.setInspector(box)
}

// setInspector shows o in the inspector, laid out again from the top.
func (e *Editor) setInspector(o fyne.CanvasObject) {
	e.inspectorBox.Objects = []fyne.CanvasObject{o}
	e.inspectorScroll.Refresh() // its content's size changed
}
