package editor

import (
	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/undo"
)

// followUp is the window's follow-up of the steps done since it last
// caught up with them: the problems, the links and the inspector.
type followUp struct {
	followed []undo.Change // the changes of the steps not yet followed
	catching bool          // a catch-up is queued on the main loop
}

// follow queues the follow-up of a step after its changes. The steps of
// a burst (a held key repeating, quick clicks) done in one turn of the
// main loop are followed once, with the changes of them all, when the
// loop runs its queued calls, before it draws the next frame; under the
// test driver, at once.
func (e *Editor) follow(changes []undo.Change) {
	e.followed = append(e.followed, changes...)
	if !e.catching {
		e.catching = true
		fyne.Do(e.catchUp)
	}
}

// catchUp follows the steps done since the last catch-up.
func (e *Editor) catchUp() {
	changes := e.followed
	e.followed, e.catching = nil, false
	e.followProblems(changes)
	e.showInspector()
}
