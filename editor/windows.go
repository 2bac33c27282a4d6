package editor

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
)

// fileWindows are the windows besides the main one, bound to cur's
// file: they close with it, and ask first about what they hold unsaved
// (in the main window, over dialogs). Their Ctrl+S saves that file with
// save, unless they edit a file of their own.
type fileWindows struct {
	cur     *current
	dialogs *dialogs
	save    func()
	bound   []boundWindow // in the order they were opened
}

// A boundWindow is a window bound to the open file, and what names it.
type boundWindow struct {
	key string
	w   game.Window
}

// open shows the window key names, bound to the open file: the one
// open for key, raised, or else the one open makes (nil for none).
func (fw *fileWindows) open(key string, open func() game.Window) game.Window {
	if fw.cur.file == nil {
		return nil
	}
	if i := fw.index(key); i >= 0 {
		w := fw.bound[i].w
		w.Window().Show()
		w.Window().RequestFocus()
		return w
	}
	w := open()
	if w == nil {
		return nil
	}
	fw.bind(key, w)
	return w
}

// index is the index in bound of the window key names, -1 for none.
func (fw *fileWindows) index(key string) int {
	return slices.IndexFunc(fw.bound, func(b boundWindow) bool { return b.key == key })
}

// bind binds w to the open file: its Ctrl+S, Ctrl+Z and Ctrl+Y act on
// that file (or on the window's own file), closing it asks about what it
// holds unsaved, and it is forgotten once closed.
func (fw *fileWindows) bind(key string, w game.Window) {
	win, file := w.Window(), fw.cur.file
	history := file.History()
	save := func() {
		if fw.cur.file != file { // closed with its file; never another's
			return
		}
		if w.Unsaved() != "" {
			if err := w.Keep(); err != nil {
				dialog.ShowError(err, win)
				return
			}
		}
		fw.save()
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
	win.SetCloseIntercept(func() { fw.ask(w, win, "close this window", win.Close) })
	win.SetOnClosed(func() {
		if i := slices.IndexFunc(fw.bound, func(b boundWindow) bool { return b.w == w }); i >= 0 {
			fw.bound = slices.Delete(fw.bound, i, i+1)
		}
		w.Closed()
	})
	fw.bound = append(fw.bound, boundWindow{key, w})
}

// ask runs then at once when w holds nothing unsaved; else it asks
// first, over parent: Keep (what it holds, then runs then), Discard
// (runs then) or Cancel.
func (fw *fileWindows) ask(w game.Window, parent fyne.Window, what string, then func()) {
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
	if parent == fw.dialogs.win {
		fw.dialogs.show(d)
		return
	}
	d.Show()
}

// unlessLose runs then once every bound window holding something
// unsaved has been asked about it (in the main window, naming what the
// user is about to do); Cancel at any question stops there.
func (fw *fileWindows) unlessLose(what string, then func()) {
	windows := make([]game.Window, len(fw.bound))
	for i, b := range fw.bound {
		windows[i] = b.w
	}
	var ask func(i int)
	ask = func(i int) {
		if i == len(windows) {
			then()
			return
		}
		fw.ask(windows[i], fw.dialogs.win, what, func() { ask(i + 1) })
	}
	ask(0)
}

// closeAll closes the windows bound to the open file, which is being
// closed or replaced, without asking: the user was asked before.
func (fw *fileWindows) closeAll() {
	for _, b := range slices.Clone(fw.bound) {
		b.w.Window().Close()
	}
	fw.bound = nil
}
