package shock

import (
	"errors"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// checkLinks refuses an edit that gives object id a link the engine could
// not follow (codec.Level.LinkProblem), unless the object had that link
// before the edit: a file written elsewhere keeps what it holds. It also
// refuses an edit that leaves a map note naming text past the notes
// buffer (codec.Level.MapNoteProblem), which the game would read out of
// bounds, or a panel holding a puzzle the game cannot show
// (codec.Level.PuzzleProblem).
func (r *edit) checkLinks(id int, before []codec.Link) error {
	for _, k := range r.level.LinksFrom(id) {
		if code, reason := r.level.LinkProblem(k); code != "" && !slices.Contains(before, k) {
			return errors.New(reason)
		}
	}
	if code, reason := r.level.PuzzleProblem(id); code != "" {
		return errors.New(reason)
	}
	return r.checkMapNote(id)
}

// checkMapNote refuses a map note object id whose text offset is past
// the notes buffer: map notes get their text through AddMapNote.
func (r *edit) checkMapNote(id int) error {
	if reason := r.level.MapNoteProblem(id); reason != "" {
		return fmt.Errorf("%s (0-%d); map notes are added with their text by Add map note", reason, len(r.level.MapNotes)-1)
	}
	return nil
}
