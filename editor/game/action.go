package game

import (
	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
)

// An Action is a command of a game's own, which the window shows in a
// menu named after the game while one of its files is open: its label,
// its shortcut (Key with Ctrl, and Shift when Shift is set; none when Key
// is ""), and what it does with the entities selected in the level
// shown.
type Action struct {
	Label string
	Key   fyne.KeyName
	Shift bool
	// File puts the action in the File menu, after Save As, rather than
	// in the game's menu: a command that writes the file in another form.
	File bool
	Do   func(selection []document.Ref) error
}

// An Actor is a session whose game has actions of its own.
type Actor interface {
	Actions(h Host) []Action
}

// Actions are s's actions, none when its game has none.
func Actions(s Session, h Host) []Action {
	if a, ok := s.(Actor); ok {
		return a.Actions(h)
	}
	return nil
}
