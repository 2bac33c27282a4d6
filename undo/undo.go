// Package undo is the command stack every document edit goes through:
// commands that do and undo themselves, merging of a drag into one step,
// transactions that group commands and roll back when one fails, a save
// point, a history bounded by memory, and notices of what changed.
package undo

import (
	"errors"
	"fmt"
)

// Change names what a command changed, so that views redraw only that:
// entities of one kind in one level, by index (nil Indexes: all of them).
type Change struct {
	Level   int
	Kind    Kind
	Indexes []int
}

// Kind names a kind of entity ("object", "polygon", "actor", ...). The
// documents declare their kinds as constants; undo only carries them from
// a command to the views that redraw.
type Kind string

// Command is one reversible edit. It stores what it changes, not a copy
// of the document.
type Command interface {
	Do() error
	Undo() error
	// Describe is the Edit menu's text: "Move object 12".
	Describe() string
	// Changes lists what Do and Undo touch.
	Changes() []Change
}

// Merger is a command that can absorb the command done after it, so that
// a drag or a brush stroke is one step. Merge reports whether it took
// next, which has already been done; undoing the merged command must then
// undo both.
type Merger interface {
	Merge(next Command) bool
}

// Sizer is a command that knows how many bytes of history it holds.
type Sizer interface {
	Size() int
}

// Default history bounds: at least MinSteps steps are kept, and older ones
// go once the history holds more than MaxBytes.
const (
	DefaultMinSteps = 10000
	DefaultMaxBytes = 256 << 20
	commandOverhead = 64 // bytes counted for a command that is not a Sizer
)

// Event is what a Notice reports.
type Event int

// The events: a step done, undone or redone, and the history saved.
const (
	Did Event = iota
	Undid
	Redid
	Saved
)

// Notice tells listeners what happened: the step's description, what it
// changed, and whether the document now differs from its saved state.
type Notice struct {
	Event       Event
	Description string
	Changes     []Change
	Dirty       bool
}

// Stack is a document's history.
type Stack struct {
	MinSteps, MaxBytes int
	// Deliver, when set, is how the listeners hear a notice: a stack
	// edited off the thread its listeners expect has them hear it there
	// (the editor's script runs hand it to the GUI's main thread).
	Deliver func(func())

	done, undone []Command
	bytes        int
	// saved is len(done) at the save point, or -1 when the saved state
	// can no longer be reached by undo and redo.
	saved     int
	mergeable bool // whether the top of done may absorb the next command
	listeners []func(Notice)
	inTx      bool
}

// New returns an empty stack whose state counts as saved.
func New() *Stack {
	return &Stack{MinSteps: DefaultMinSteps, MaxBytes: DefaultMaxBytes}
}

// OnChange registers a listener for every step done, undone or redone and
// for saves.
func (s *Stack) OnChange(f func(Notice)) { s.listeners = append(s.listeners, f) }

func (s *Stack) notify(e Event, c Command) {
	n := Notice{Event: e, Dirty: s.Dirty()}
	if c != nil {
		n.Description, n.Changes = c.Describe(), c.Changes()
	}
	hear := func() {
		for _, f := range s.listeners {
			f(n)
		}
	}
	if s.Deliver != nil {
		s.Deliver(hear)
		return
	}
	hear()
}

// ErrInTransaction is returned by Undo, Redo and Do on the stack while a
// transaction is open.
var ErrInTransaction = errors.New("undo: a transaction is open")

// Do does c and records it, merging it into the previous step when that
// step is a Merger that takes it. Redo history is dropped.
func (s *Stack) Do(c Command) error {
	if s.inTx {
		return ErrInTransaction
	}
	if err := c.Do(); err != nil {
		return err
	}
	s.record(c)
	s.notify(Did, c)
	return nil
}

func (s *Stack) record(c Command) {
	s.undone = nil
	if s.saved > len(s.done) {
		s.saved = -1 // the saved state was in the redo history just dropped
	}
	if top := len(s.done) - 1; top >= 0 && s.mergeable && s.saved != len(s.done) {
		if m, ok := s.done[top].(Merger); ok {
			before := size(s.done[top])
			if m.Merge(c) {
				s.bytes += size(s.done[top]) - before
				s.trim()
				return
			}
		}
	}
	s.done = append(s.done, c)
	s.bytes += size(c)
	s.mergeable = true
	s.trim()
}

// BreakMerge ends the current gesture: the next command starts a new step
// even if the last one could absorb it.
func (s *Stack) BreakMerge() { s.mergeable = false }

func size(c Command) int {
	if z, ok := c.(Sizer); ok {
		return z.Size() + commandOverhead
	}
	return commandOverhead
}

// trim drops the oldest steps while the history is over its byte bound
// and longer than its minimum.
func (s *Stack) trim() {
	drop := 0
	for len(s.done)-drop > s.MinSteps && s.bytes > s.MaxBytes {
		s.bytes -= size(s.done[drop])
		drop++
	}
	if drop == 0 {
		return
	}
	// Slicing the front off keeps trimming O(dropped) per step at the
	// bound; append moves the live steps to a new array when it grows.
	clear(s.done[:drop])
	s.done = s.done[drop:]
	if s.saved >= 0 {
		if s.saved -= drop; s.saved < 0 {
			s.saved = -1
		}
	}
}

// Undo undoes the last step; ok is false when there is none.
func (s *Stack) Undo() (ok bool, err error) {
	if s.inTx {
		return false, ErrInTransaction
	}
	if len(s.done) == 0 {
		return false, nil
	}
	c := s.done[len(s.done)-1]
	if err := c.Undo(); err != nil {
		return false, fmt.Errorf("undo %s: %w", c.Describe(), err)
	}
	s.done = s.done[:len(s.done)-1]
	s.undone = append(s.undone, c)
	s.mergeable = false
	s.notify(Undid, c)
	return true, nil
}

// Discard undoes the last step and forgets it, leaving nothing to redo:
// for a gesture that ends refused (a drag to a place the document
// refuses), which must leave no step. ok is false when there is none.
func (s *Stack) Discard() (ok bool, err error) {
	if ok, err = s.Undo(); ok {
		s.undone = s.undone[:len(s.undone)-1]
		if s.saved > len(s.done) {
			s.saved = -1 // the saved state was the step discarded
		}
	}
	return ok, err
}

// Redo does again the last step undone; ok is false when there is none.
func (s *Stack) Redo() (ok bool, err error) {
	if s.inTx {
		return false, ErrInTransaction
	}
	if len(s.undone) == 0 {
		return false, nil
	}
	c := s.undone[len(s.undone)-1]
	if err := c.Do(); err != nil {
		return false, fmt.Errorf("redo %s: %w", c.Describe(), err)
	}
	s.undone = s.undone[:len(s.undone)-1]
	s.done = append(s.done, c)
	s.mergeable = false
	s.notify(Redid, c)
	return true, nil
}

// UndoAll undoes every step and returns how many it undid; it stops at
// the first that fails.
func (s *Stack) UndoAll() (steps int, err error) {
	for {
		ok, err := s.Undo()
		if !ok || err != nil {
			return steps, err
		}
		steps++
	}
}

// RedoAll does again every step undone and returns how many; it stops
// at the first that fails.
func (s *Stack) RedoAll() (steps int, err error) {
	for {
		ok, err := s.Redo()
		if !ok || err != nil {
			return steps, err
		}
		steps++
	}
}

// UndoLabel is the Edit menu's Undo text, "" when there is nothing to undo.
func (s *Stack) UndoLabel() string { return label("Undo", s.done) }

// RedoLabel is the Edit menu's Redo text, "" when there is nothing to redo.
func (s *Stack) RedoLabel() string { return label("Redo", s.undone) }

func label(verb string, cs []Command) string {
	if len(cs) == 0 {
		return ""
	}
	return verb + " " + cs[len(cs)-1].Describe()
}

// Steps is how many steps can be undone and redone.
func (s *Stack) Steps() (undo, redo int) { return len(s.done), len(s.undone) }

// Bytes is the history's size as its commands report it.
func (s *Stack) Bytes() int { return s.bytes }

// MarkSaved makes the current state the saved one.
func (s *Stack) MarkSaved() {
	s.saved = len(s.done)
	s.mergeable = false
	s.notify(Saved, nil)
}

// MarkUnsaved says that no state in the history is the saved one, as
// when a document was recovered from an autosave: it stays dirty until
// it is saved.
func (s *Stack) MarkUnsaved() {
	s.saved = -1
	s.notify(Saved, nil)
}

// Descriptions names the steps: done holds the oldest first, undone the
// next to redo first.
func (s *Stack) Descriptions() (done, undone []string) {
	for _, c := range s.done {
		done = append(done, c.Describe())
	}
	for i := len(s.undone) - 1; i >= 0; i-- {
		undone = append(undone, s.undone[i].Describe())
	}
	return done, undone
}

// Dirty reports whether the document differs from its saved state.
func (s *Stack) Dirty() bool { return s.saved != len(s.done) }

// Transaction runs f, which does commands through do, as one step named
// description. When f or a command fails, the commands done so far are
// undone and the error returned; nothing is recorded.
func (s *Stack) Transaction(description string, f func(do func(Command) error) error) error {
	return s.MergingTransaction(description, "", f)
}

// MergingTransaction is Transaction for one event of a gesture, such as
// a drag of several things: while the gesture goes on (until
// BreakMerge), the step of a transaction with the same non-empty
// mergeKey merges into the one before.
func (s *Stack) MergingTransaction(description, mergeKey string, f func(do func(Command) error) error) error {
	if s.inTx {
		return ErrInTransaction
	}
	g := &Group{Description: description, MergeKey: mergeKey}
	s.inTx = true
	err := f(func(c Command) error {
		if err := c.Do(); err != nil {
			return err
		}
		g.Commands = append(g.Commands, c)
		return nil
	})
	s.inTx = false
	if err != nil {
		if uerr := g.Undo(); uerr != nil {
			return errors.Join(err, fmt.Errorf("rolling back %s: %w", description, uerr))
		}
		return err
	}
	if len(g.Commands) == 0 {
		return nil
	}
	s.record(g)
	s.mergeable = mergeKey != ""
	s.notify(Did, g)
	return nil
}

// Group is commands done and undone as one step.
type Group struct {
	Description string
	Commands    []Command
	// MergeKey, when not empty, lets the group take a next group with
	// the same key.
	MergeKey string
}

// Merge takes next, a group with the same merge key, into g: each of
// next's commands merges into one of g's that takes it, or joins g.
func (g *Group) Merge(next Command) bool {
	n, ok := next.(*Group)
	if !ok || g.MergeKey == "" || n.MergeKey != g.MergeKey {
		return false
	}
	for _, c := range n.Commands {
		merged := false
		for _, mine := range g.Commands {
			if m, ok := mine.(Merger); ok && m.Merge(c) {
				merged = true
				break
			}
		}
		if !merged {
			g.Commands = append(g.Commands, c)
		}
	}
	g.Description = n.Description
	return true
}

// Do does the commands in order; if one fails, those done are undone.
func (g *Group) Do() error {
	for i, c := range g.Commands {
		if err := c.Do(); err != nil {
			for j := i - 1; j >= 0; j-- {
				if uerr := g.Commands[j].Undo(); uerr != nil {
					return errors.Join(err, uerr)
				}
			}
			return err
		}
	}
	return nil
}

// Undo undoes the commands in reverse order.
func (g *Group) Undo() error {
	for i := len(g.Commands) - 1; i >= 0; i-- {
		if err := g.Commands[i].Undo(); err != nil {
			return err
		}
	}
	return nil
}

// Describe is the group's description.
func (g *Group) Describe() string { return g.Description }

// Changes joins the commands' changes.
func (g *Group) Changes() []Change {
	var out []Change
	for _, c := range g.Commands {
		out = append(out, c.Changes()...)
	}
	return out
}

// Size sums the commands' sizes.
func (g *Group) Size() int {
	n := 0
	for _, c := range g.Commands {
		n += size(c)
	}
	return n
}
