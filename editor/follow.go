package editor

import (
	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// followUp is the window's follow-up of the steps done since it last
// caught up with them: the problems, the links and the inspector.
type followUp struct {
	followed []undo.Change // the changes of the steps not yet followed
	// reached are the entities whose drawing those steps altered, as the
	// scene found them when it drew them again; wholly is set when one
	// of them altered the whole level (the scene was built again).
	reached  []document.Ref
	wholly   bool
	catching bool // a catch-up is queued on the main loop
}

// follow queues the follow-up of a step after its changes, which the
// scene has just drawn (Update) when there are some. The steps of a
// burst (a held key repeating, quick clicks) done in one turn of the
// main loop are followed once, with the changes of them all, when the
// loop runs its queued calls, before it draws the next frame; under the
// test driver, at once.
func (e *Editor) follow(changes []undo.Change) {
	e.followed = append(e.followed, changes...)
	if e.scene != nil && len(changes) > 0 {
		e.reached = append(e.reached, e.scene.Reached()...)
		e.wholly = e.wholly || e.scene.Rebuilt()
	}
	if !e.catching {
		e.catching = true
		fyne.Do(e.catchUp)
	}
}

// catchUp follows the steps done since the last catch-up.
func (e *Editor) catchUp() {
	reached, wholly := e.reached, e.wholly
	e.forgetFollowed()
	e.catching = false
	e.followProblems(reached, wholly)
	e.showInspector()
}

// forgetFollowed drops the steps not yet followed, as when the whole
// level's problems and links are found again.
func (e *Editor) forgetFollowed() {
	e.followed, e.reached, e.wholly = nil, nil, false
}
