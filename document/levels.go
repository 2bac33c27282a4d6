package document

import (
	"fmt"
	"strconv"

	"github.com/levelwright/levelwright/undo"
)

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
	Set           func(T) error
	Description   string
	// Levels are the level indexes the step reaches, each named in its
	// changes.
	Levels []int
}

// Do sets After.
func (s *LevelsStep[T]) Do() error { return s.Set(s.After) }

// Undo sets Before.
func (s *LevelsStep[T]) Undo() error { return s.Set(s.Before) }

// Describe is the step's description.
func (s *LevelsStep[T]) Describe() string { return s.Description }

// Changes name every level index the step reaches, with KindLevels.
func (s *LevelsStep[T]) Changes() []undo.Change {
	out := make([]undo.Change, len(s.Levels))
	for i, l := range s.Levels {
		out[i] = undo.Change{Level: l, Kind: KindLevels}
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

// LevelInfo is one level of a file as `levelwright levels` lists it: its
// index in the file, its name and the bytes its data takes.
type LevelInfo struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
	Size  int    `json:"size"`
}

// A LevelOperation is an operation on a file's levels that the command
// line offers (`levelwright levels FILE add NAME`): its name, its
// arguments as the usage gives them, what it does, and the operation,
// one undo step, which returns a sentence saying what it did.
type LevelOperation struct {
	Name, Args, Help string
	// Count is how many arguments it takes: from Count[0] to Count[1].
	Count [2]int
	Do    func(args []string) (string, error)
}

// A LevelManager is a Doc whose levels can be listed and, when the file
// holds more than one, managed.
type LevelManager interface {
	// LevelList lists the file's levels.
	LevelList() ([]LevelInfo, error)
	// LevelOperations are the operations the file's levels allow, none
	// for a file that holds one level.
	LevelOperations() []LevelOperation
}

// LevelNumbers reads the command-line arguments that are level indexes,
// one for each name in what ("N", "TO"), naming the one that is not a
// number.
func LevelNumbers(args []string, what ...string) ([]int, error) {
	out := make([]int, len(what))
	for i, w := range what {
		n, err := strconv.Atoi(args[i])
		if err != nil {
			return nil, fmt.Errorf("%s: a level number, got %q", w, args[i])
		}
		out[i] = n
	}
	return out, nil
}
