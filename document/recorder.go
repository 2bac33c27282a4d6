package document

import "github.com/levelwright/levelwright/undo"

// Recorder sends a document's edits to its history: each edit one step,
// or, while Batch runs, all of them one step.
type Recorder struct {
	History *undo.Stack
	batch   func(undo.Command) error // while Batch runs: its transaction's do
}

// NewRecorder returns a recorder with an empty history.
func NewRecorder() Recorder { return Recorder{History: undo.New()} }

// Record does c and records it in the history, or in the batch that is
// running.
func (r *Recorder) Record(c undo.Command) error {
	if r.batch != nil {
		return r.batch(c)
	}
	return r.History.Do(c)
}

// Batch runs f, whose edits become one undo step named description. If f
// fails, every edit it made is undone and the error returned.
func (r *Recorder) Batch(description string, f func() error) error {
	return r.Gesture(description, "", f)
}

// Gesture is Batch for one event of a gesture, such as a drag of
// several things: the steps of successive gestures with the same
// non-empty mergeKey merge into one until the history's BreakMerge.
func (r *Recorder) Gesture(description, mergeKey string, f func() error) error {
	if r.batch != nil {
		return f() // already in a batch: its step takes these edits too
	}
	return r.History.MergingTransaction(description, mergeKey, func(do func(undo.Command) error) error {
		r.batch = do
		defer func() { r.batch = nil }()
		return f()
	})
}
