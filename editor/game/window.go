package game

import (
	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/undo"
)

// A Window is a window besides the main one that edits the open file, or
// a file opened for it (the game's own data): a terminal, the physics, an
// object type's properties. The shell binds it to the open file: it
// closes when that file is closed, reverted or replaced, asking first
// about what it holds unsaved, and its Ctrl+S, Ctrl+Z and Ctrl+Y act on
// its file.
type Window interface {
	// Window is the window itself.
	Window() fyne.Window
	// Unsaved names what the window holds that its file does not keep
	// yet ("the text of terminal 2, group 3, not applied"), "" for
	// nothing.
	Unsaved() string
	// Keep keeps what Unsaved names: applies it to the open file, or
	// saves the window's own file.
	Keep() error
	// Closed follows the window's closing, whatever closed it: the window
	// stops following its file.
	Closed()
}

// An OwnFileWindow is a Window that edits a file of its own rather than
// the open file (the game's objprop.dat): its Ctrl+S saves that file and
// its Ctrl+Z and Ctrl+Y step that file's history.
type OwnFileWindow interface {
	Window
	// History is the window's file's undo history.
	History() *undo.Stack
	// Save writes the window's file.
	Save() error
}
