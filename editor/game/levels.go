package game

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// A LevelAction is an operation on the open file's levels, which the
// window's Levels menu shows: its label, why the file does not allow it
// ("" when it does: the menu shows the item disabled, with the reason),
// and what it does to the level shown (level, the file's index), asking
// in dialogs of its own for what it needs; each operation is one undo
// step.
type LevelAction struct {
	Label       string
	Unavailable string
	Do          func(level int) error
}

// A LevelManager is a session whose file's levels the Levels menu
// manages. show shows the level of the file's index given, for an
// action to show the level it made or moved once it is listed.
type LevelManager interface {
	LevelActions(h Host, show func(level int)) []LevelAction
}

// LevelActions are s's level actions, none when its file has no levels
// to manage.
func LevelActions(s Session, h Host, show func(level int)) []LevelAction {
	if m, ok := s.(LevelManager); ok {
		return m.LevelActions(h, show)
	}
	return nil
}

// Ask shows a form titled title of entries labelled labels, holding
// start's texts; its confirm button runs do with their texts and shows
// do's error. Enter in the last entry confirms.
func Ask(h Host, title, confirm string, labels, start []string, do func(values []string) error) {
	entries := make([]*widget.Entry, len(labels))
	items := make([]*widget.FormItem, len(labels))
	for i, l := range labels {
		entries[i] = widget.NewEntry()
		entries[i].SetText(start[i])
		items[i] = widget.NewFormItem(l, entries[i])
	}
	d := dialog.NewForm(title, confirm, "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		values := make([]string, len(entries))
		for i, e := range entries {
			values[i] = e.Text
		}
		if err := do(values); err != nil {
			h.ShowError(err)
		}
	}, h.Window())
	entries[len(entries)-1].OnSubmitted = func(string) { d.Submit() }
	h.Show(d)
	h.Window().Canvas().Focus(entries[0])
}

// Confirm asks question, titled title, before do, showing do's error.
func Confirm(h Host, title, question string, do func() error) {
	h.Show(dialog.NewConfirm(title, question, func(yes bool) {
		if !yes {
			return
		}
		if err := do(); err != nil {
			h.ShowError(err)
		}
	}, h.Window()))
}
