package document

import (
	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/undo"
)

// ProblemCache keeps the validation problems of a document's levels and
// the changes each level had since they were found, so that a level is
// checked again only after an edit of it and, where the game's recheck
// can, only for what the edits reach. S is what a whole check of a
// level leaves for its rechecks (such as the entities it saw).
type ProblemCache[S any] struct {
	check   Check[S]
	recheck Recheck[S]
	levels  map[int]*checkedLevel[S]
	checks  int
}

// Check finds the problems of level by checking it whole, and returns
// with them what a Recheck of the level needs; the error says why the
// level cannot be checked (it does not exist).
type Check[S any] func(level int) ([]bin.Problem, S, error)

// Recheck finds the problems of level again after changes, given
// previous, its problems before them, and state, what its last whole
// check left (Recheck may update it): the same problems a Check would
// find. ok is false when the changes or the level do not allow it; the
// level is then checked whole.
type Recheck[S any] func(level int, changes []undo.Change, previous []bin.Problem, state S) (problems []bin.Problem, ok bool)

// maxPending is how many changes a level keeps for a recheck; past it,
// the level is checked whole, so that edits made while nobody asks for
// problems do not pile up.
const maxPending = 4096

// checkedLevel is a level's problems and what was edited since they
// were found.
type checkedLevel[S any] struct {
	problems []bin.Problem
	state    S
	changes  []undo.Change
}

// NewProblemCache returns a cache that follows history's steps, checking
// levels with check and, when recheck is not nil, checking them again
// after edits with recheck.
func NewProblemCache[S any](history *undo.Stack, check Check[S], recheck Recheck[S]) *ProblemCache[S] {
	c := &ProblemCache[S]{check: check, recheck: recheck, levels: map[int]*checkedLevel[S]{}}
	history.OnChange(c.follow)
	return c
}

// follow notes the changes of a step done, undone or redone.
func (c *ProblemCache[S]) follow(n undo.Notice) {
	for _, ch := range n.Changes {
		l, known := c.levels[ch.Level]
		switch {
		case !known:
		case c.recheck == nil || len(l.changes) >= maxPending:
			delete(c.levels, ch.Level)
		default:
			l.changes = append(l.changes, ch)
		}
	}
}

// Problems returns the validation problems of level, checking it again
// only when it was edited since the last call, and then only what the
// edits reach where the recheck can.
func (c *ProblemCache[S]) Problems(level int) ([]bin.Problem, error) {
	l, known := c.levels[level]
	if known && len(l.changes) == 0 {
		return l.problems, nil
	}
	if known {
		if p, ok := c.recheck(level, l.changes, l.problems, l.state); ok {
			l.problems, l.changes = p, l.changes[:0]
			return p, nil
		}
	}
	p, state, err := c.check(level)
	if err != nil {
		delete(c.levels, level)
		return nil, err
	}
	c.levels[level] = &checkedLevel[S]{problems: p, state: state}
	c.checks++
	return p, nil
}

// Forget drops every level's problems, so that the next call of
// Problems checks the level whole: for a change of what the check reads
// that is no history step.
func (c *ProblemCache[S]) Forget() { clear(c.levels) }

// Checks is how many whole checks the cache has made.
func (c *ProblemCache[S]) Checks() int { return c.checks }
