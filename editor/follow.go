package editor

import (
	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// followUp is the window's follow-up of the steps done since it last
// caught up with them: it gathers what they reached in the shown scene
// (cur's) and hands it to caughtUp, which finds the problems and links
// again and refreshes the inspector.
type followUp struct {
	cur      *current
	caughtUp func(reached []document.Ref, wholly bool)
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
func (f *followUp) follow(changes []undo.Change) {
	f.gather(changes)
	f.queue()
}

// gather notes a step's changes, and what the scene reached drawing
// them, for a later follow-up: a drag's steps are followed once, when it
// ends (queue).
func (f *followUp) gather(changes []undo.Change) {
	f.followed = append(f.followed, changes...)
	if s := f.cur.scene; s != nil && len(changes) > 0 {
		f.reached = append(f.reached, s.Reached()...)
		f.wholly = f.wholly || s.Rebuilt()
	}
}

// queue queues the follow-up of the steps gathered, if there are some
// and none is queued.
func (f *followUp) queue() {
	if len(f.followed) > 0 && !f.catching {
		f.catching = true
		fyne.Do(f.catchUp)
	}
}

// catchUp follows the steps done since the last catch-up.
func (f *followUp) catchUp() {
	reached, wholly := f.reached, f.wholly
	f.forget()
	f.catching = false
	f.caughtUp(reached, wholly)
}

// forget drops the steps not yet followed, as when the whole level's
// problems and links are found again.
func (f *followUp) forget() {
	f.followed, f.reached, f.wholly = nil, nil, false
}
