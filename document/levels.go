package document

import "github.com/levelwright/levelwright/undo"

// KindLevels names, in a change, a file's list of levels: a step that
// adds, deletes, moves, renames, copies or clears levels changes every
// level index it reaches with this kind, so that views list the levels
// again and caches drop what they hold of them.
const KindLevels Kind = "levels"

// LevelsStep is a step that sets a whole part of a document, such as its
// list of levels, from one value to another: Set(After) does it and
// Set(Before) undoes it. The values are the document's own parts, kept
// whole, so that undoing gives back the very parts (and bytes) of before.
type LevelsStep[T any] struct {
	Before, After T
	Set           func(T)
	Description   string
	// Levels is how many level indexes the step reaches: each is named
	// in its changes.
	Levels int
}

// Do sets After.
func (s *LevelsStep[T]) Do() error {
	s.Set(s.After)
	return nil
}

// Undo sets Before.
func (s *LevelsStep[T]) Undo() error {
	s.Set(s.Before)
	return nil
}

// Describe is the step's description.
func (s *LevelsStep[T]) Describe() string { return s.Description }

// Changes name every level index the step reaches, with KindLevels.
func (s *LevelsStep[T]) Changes() []undo.Change {
	out := make([]undo.Change, s.Levels)
	for i := range out {
		out[i] = undo.Change{Level: i, Kind: KindLevels}
	}
	return out
}

// ChangesLevels reports whether changes include a change of the list of
// levels.
func ChangesLevels(changes []undo.Change) bool {
	for _, c := range changes {
		if c.Kind == KindLevels {
			return true
		}
	}
	return false
}
