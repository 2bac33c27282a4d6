package editor

import (
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
)

// fileWindows are the windows besides the main one, bound to the open
// file: they close with it, and ask first about what they hold unsaved.
type fileWindows struct {
	bound []boundWindow // in the order they were opened
}

// A boundWindow is a window bound to the open file, and what names it.
type boundWindow struct {
	key string
	w   game.Window
}

// openWindow shows the window key names, bound to the open file: the one
// open for key, raised, or else the one open makes (nil for none).
func (e *Editor) openWindow(key string, open func() game.Window) game.Window {
	if e.file == nil {
		return nil
	}
	if i := e.boundIndex(key); i >= 0 {
		w := e.bound[i].w
		w.Window().Show()
		w.Window().RequestFocus()
		return w
	}
	w := open()
	if w == nil {
		return nil
	}
	e.bind(key, w)
	return w
}

// boundIndex is the index in bound of the window key names, -1 for none.
func (e *Editor) boundIndex(key string) int {
	return slices.IndexFunc(e.bound, func(b boundWindow) bool { return b.key == key })
}

// bind binds w to the open file: its Ctrl+S, Ctrl+Z and Ctrl+Y act on
// that file (or on the window's own file), closing it asks about what it
// holds unsaved, and it is forgotten once closed.
func (e *Editor) bind(key string, w game.Window) {
	win, file := w.Window(), e.file
	history := file.History()
	save := func() {
		if e.file != file { // closed with its file; never another's
			return
		}
		if w.Unsaved() != "" {
			if err := w.Keep(); err != nil {
				dialog.ShowError(err, win)
				return
			}
		}
		e.Save()
	}
	if own, ok := w.(game.OwnFileWindow); ok {
		history = own.History()
		save = func() {
			if err := own.Save(); err != nil {
				dialog.ShowError(err, win)
			}
		}
	}
	step := func(redo bool) func(fyne.Shortcut) {
		return func(fyne.Shortcut) {
			do := history.Undo
			if redo {
				do = history.Redo
			}
			if _, err := do(); err != nil {
				dialog.ShowError(err, win)
			}
		}
	}
	c := win.Canvas()
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { save() })
	c.AddShortcut(&fyne.ShortcutUndo{}, step(false))
	c.AddShortcut(&fyne.ShortcutRedo{}, step(true))
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, step(true))
	win.SetCloseIntercept(func() { e.askWindow(w, win, "close this window", win.Close) })
	win.SetOnClosed(func() {
		if i := slices.IndexFunc(e.bound, func(b boundWindow) bool { return b.w == w }); i >= 0 {
			e.bound = slices.Delete(e.bound, i, i+1)
		}
		w.Closed()
	})
	e.bound = append(e.bound, boundWindow{key, w})
}

// askWindow runs then at once when w holds nothing unsaved; else it asks
// first, over parent: Keep (what it holds, then runs then), Discard
// (runs then) or Cancel.
func (e *Editor) askWindow(w game.Window, parent fyne.Window, what string, then func()) {
	unsaved := w.Unsaved()
	if unsaved == "" {
		then()
		return
	}
	msg := widget.NewLabel(fmt.Sprintf("%s: %s.\nKeep it before you %s?", w.Window().Title(), unsaved, what))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomWithoutButtons("Unsaved changes", msg, parent)
	keep := widget.NewButton("Keep", func() {
		d.Hide()
		if err := w.Keep(); err != nil {
			dialog.ShowError(err, parent)
			return
		}
		then()
	})
	keep.Importance = widget.HighImportance
	discard := widget.NewButton("Discard", func() {
		d.Hide()
		then()
	})
	discard.Importance = widget.DangerImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.Hide), discard, keep})
	d.Resize(fyne.NewSize(480, 0))
	if parent == e.win {
		e.dialogs.show(d)
		return
	}
	d.Show()
}

// unlessWindowsLose runs then once every bound window holding something
// unsaved has been asked about it (in the main window, naming what the
// user is about to do); Cancel at any question stops there.
func (e *Editor) unlessWindowsLose(what string, then func()) {
	windows := make([]game.Window, len(e.bound))
	for i, b := range e.bound {
		windows[i] = b.w
	}
	var ask func(i int)
	ask = func(i int) {
		if i == len(windows) {
			then()
			return
		}
		e.askWindow(windows[i], e.win, what, func() { ask(i + 1) })
	}
	ask(0)
}

// closeWindows closes the windows bound to the open file, which is being
// closed or replaced, without asking: the user was asked before.
func (e *Editor) closeWindows() {
	for _, b := range slices.Clone(e.bound) {
		b.w.Window().Close()
	}
	e.bound = nil
}

// fileName is the open file's name, for the user.
func (e *Editor) fileName() string { return filepath.Base(e.path) }
