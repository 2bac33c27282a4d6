package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/widgets/propgrid"
)

// dialogs are the dialogs over the main window: it owns the one on top,
// which Escape closes and while which the shortcuts that edit the
// document wait.
type dialogs struct {
	win fyne.Window
	top dialog.Dialog // the dialog on top, if any
}

// show displays d as the window's current dialog, the one Escape closes.
func (ds *dialogs) show(d dialog.Dialog) {
	ds.top = d
	d.SetOnClosed(func() {
		if ds.top == d {
			ds.top = nil
		}
	})
	d.Show()
}

// showError shows err in a dialog that Escape closes.
func (ds *dialogs) showError(err error) { ds.show(dialog.NewError(err, ds.win)) }

// hideTop closes the dialog on top and reports whether there was one.
func (ds *dialogs) hideTop() bool {
	if ds.top == nil {
		return false
	}
	ds.top.Hide()
	return true
}

// unlessDialog is a shortcut's handler that runs action unless a dialog
// is on top: the document's edits wait until it is closed.
func (ds *dialogs) unlessDialog(action func()) func(fyne.Shortcut) {
	return func(fyne.Shortcut) {
		if ds.top == nil {
			action()
		}
	}
}

// unlessDialogDo is action, run only when no dialog is on top.
func (ds *dialogs) unlessDialogDo(action func()) func() {
	return func() { ds.unlessDialog(action)(nil) }
}

// openFile is a file dialog that gives chosen the path of the file
// chosen, starting in the folder dir ("" for the dialog's own) and
// listing only the files of extensions when there are any.
func (ds *dialogs) openFile(dir string, extensions []string, chosen func(path string)) *dialog.FileDialog {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			ds.showError(err)
			return
		}
		if r == nil {
			return
		}
		r.Close()
		chosen(r.URI().Path())
	}, ds.win)
	if len(extensions) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(extensions))
	}
	if dir != "" {
		if folder, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(folder)
		}
	}
	d.Resize(fyne.NewSize(900, 600))
	return d
}

// askBeforeDiscarding makes edit at once when it discards nothing (what
// is ""); else it asks first, naming what the edit would take away, and
// returns propgrid.ErrAsking so that the field keeps its stored value
// until the user agrees.
func (ds *dialogs) askBeforeDiscarding(what string, edit func() error) error {
	return ds.askFirst(what, "Choosing the old value again, or Edit > Undo, gives it back.", "Change", edit)
}

// askFirst makes edit at once when it takes nothing away (what is "");
// else it asks first, naming what, saying how to get it back (back), with
// a confirm button labelled verb; it then returns propgrid.ErrAsking.
func (ds *dialogs) askFirst(what, back, verb string, edit func() error) error {
	if what == "" {
		return edit()
	}
	msg := "This change takes away " + what + ".\n\n" + back
	d := dialog.NewConfirm("Discard data?", msg, func(yes bool) {
		if !yes {
			return
		}
		if err := edit(); err != nil {
			ds.showError(err)
		}
	}, ds.win)
	d.SetConfirmText(verb)
	d.SetDismissText("Cancel")
	d.SetConfirmImportance(widget.DangerImportance)
	ds.show(d)
	return propgrid.ErrAsking
}
