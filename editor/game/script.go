package game

import "github.com/levelwright/levelwright/document"

// A Scriptable is a session whose document scripts can run over: the
// document as the commands that work on any game see it (its levels'
// export and import), with the session's own recorder, so that a
// script's edits are the session's undo steps.
type Scriptable interface {
	ScriptDoc() document.Doc
}
