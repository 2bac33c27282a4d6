package document

import "github.com/levelwright/levelwright/undo"

// Core is what every game's document embeds to record its edits: the
// history, the entities' handles, and the caches' hook. Edits are begun
// with Begin and recorded with Edit.Commit, the one way a document
// change reaches the history.
type Core struct {
	Recorder
	Handles *Handles
	// Applied, when set, is called after every Do and Undo of a
	// recorded edit with what changed, for the caches a document keeps.
	Applied func([]undo.Change)
}

// NewCore returns a core with an empty history and no handles.
func NewCore() Core { return Core{Recorder: NewRecorder(), Handles: NewHandles()} }

// Begin starts an edit of target, which is level level of c's document;
// Commit records it.
func Begin[L any](c *Core, level int, target L) *Edit[L] {
	e := NewEdit(target)
	e.core, e.Level = c, level
	return e
}

// Commit records the edit, begun with Begin, as one step named
// description; the next step with the same non-empty mergeKey merges
// into it until the history's BreakMerge (a drag). An edit that changed
// nothing is not recorded. The tables already hold what the edit wrote:
// recording does the patch again, which writes the same and moves the
// handles.
func (e *Edit[L]) Commit(description, mergeKey string) error {
	p := e.Patch(e.core.Handles, e.Level, description, mergeKey)
	if p == nil {
		return nil
	}
	p.Applied = e.core.Applied
	return e.core.Record(p)
}

// Save writes the document's file, as encode makes it, over path (see
// WriteFile) and marks the history saved.
func (c *Core) Save(path string, encode func() ([]byte, error)) error {
	data, err := encode()
	if err != nil {
		return err
	}
	if err := WriteFile(path, data); err != nil {
		return err
	}
	c.History.MarkSaved()
	return nil
}

// Recorder sends a document's edits to its history: each edit one step,
// or, while Batch runs, all of them one step.
type Recorder struct {
	History *undo.Stack
	batch   func(undo.Command) error // while Batch runs: its transaction's do
	checks  []func() error           // while Batch runs: what Verify left for its end
	records int                      // the commands Record has done
}

// NewRecorder returns a recorder with an empty history.
func NewRecorder() Recorder { return Recorder{History: undo.New()} }

// Record does c and records it in the history, or in the batch that is
// running. A document's edits are recorded by Edit.Commit and
// CellEdit.Commit, which call Record.
func (r *Recorder) Record(c undo.Command) error {
	r.records++
	if r.batch != nil {
		return r.batch(c)
	}
	return r.History.Do(c)
}

// Records counts the commands Record has done (or tried), so that a
// caller can tell whether a call edited the document.
func (r *Recorder) Records() int { return r.records }

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
		defer func() { r.batch, r.checks = nil, nil }()
		if err := f(); err != nil {
			return err
		}
		for _, check := range r.checks {
			if err := check(); err != nil {
				return err
			}
		}
		return nil
	})
}

// Verify runs check, a rule the document must keep after a step, on
// the state the step leaves: at once outside a batch, or at the end of
// the batch under way, which check's error then fails and rolls back.
// So a batch may pass through states that break the rule (an import
// setting a floor before the ceiling over it) as long as it ends
// keeping it.
func (r *Recorder) Verify(check func() error) error {
	if r.batch == nil {
		return check()
	}
	r.checks = append(r.checks, check)
	return nil
}

// Batching reports whether a batch is under way, whose end Verify's
// checks wait for.
func (r *Recorder) Batching() bool { return r.batch != nil }
