package game

import (
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
)

// A Clipboard is a session whose entities copy as text and paste from
// it, in the same file or another, so that the system clipboard carries
// them between files and runs of the editor.
type Clipboard interface {
	// Copy encodes the entities refs of one level as text.
	Copy(refs []document.Ref) (string, error)
	// Paste adds what text holds to level, centred at the map point at,
	// as one undo step, and returns the entities it added.
	Paste(level int, text string, at display.Vec2) ([]document.Ref, error)
}
