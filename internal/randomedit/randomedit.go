// Package randomedit makes random edits on a document, of the kinds a
// game's tests generate, and checks what every edit must keep: an edit
// the document refuses leaves no step and no changed byte, an edit of a
// kind the engine could not load is always refused, undoing steps and
// redoing them gives back each state's bytes, and undoing every step
// gives back the original bytes, redoing them all the edited ones.
package randomedit

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/undo"
)

// ErrNothing is what an edit returns when the document has nothing it
// applies to: no edit was tried.
var ErrNothing = errors.New("nothing to edit")

// A Kind is one kind of random edit of documents of type D.
type Kind[D any] struct {
	Name string
	// Edit makes one edit of the kind, choosing with rng; it returns the
	// document's error when the document refuses it, ErrNothing when
	// the document has nothing it applies to. It may fail t when a step
	// that must succeed fails.
	Edit func(t testing.TB, d D, rng *rand.Rand) error
	// Refused marks a kind the document must refuse every time (a
	// reference out of range, a value the engine cannot store); its
	// message must name Names, when that is not empty.
	Refused bool
	Names   string
	// Weight is how often the kind is chosen, against the other kinds'
	// (0 counts as 1).
	Weight int
}

// Undo and Redo are the names under which Run.Edit counts the steps it
// undid and redid.
const (
	Undo = "undo"
	Redo = "redo"
)

// A Step is what a Check follows: an edit of a kind, or an undo or a
// redo, after Edits edits.
type Step struct {
	Kind  string // the edit's, or Undo or Redo
	Edits int
}

// String names the step, for messages.
func (s Step) String() string {
	if s.Kind == Undo || s.Kind == Redo {
		return fmt.Sprintf("%s after edit %d", s.Kind, s.Edits)
	}
	return fmt.Sprintf("edit %d (%s)", s.Edits, s.Kind)
}

// A Run is random edits on one document.
type Run[D any] struct {
	Doc     D
	History *undo.Stack
	Bytes   func() ([]byte, error) // the document's file as it is now
	Kinds   []Kind[D]
	Edits   int    // edits to make: accepted ones, and refusals of the Refused kinds
	Seed    uint64 // of the random choices
	// UndoEvery: one step in UndoEvery undoes a few steps, redoes them
	// and undoes some again, so that later edits drop them; 0 never.
	UndoEvery int
	// Check, when not nil, checks the document after each edit accepted
	// and each undo or redo, which step names.
	Check func(t testing.TB, d D, step Step)

	original, edited []byte
}

// bytes is the document's file as it is now; failing to encode it fails
// the test.
func (r *Run[D]) bytes(t testing.TB) []byte {
	t.Helper()
	b, err := r.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Clone(b)
}

// Edit makes r.Edits random edits of r.Kinds, then redoes the steps
// left undone, so that the history's last step is the edited document.
// It returns the edits accepted by kind (for the Refused kinds, the
// edits refused), and the steps undone and redone under Undo and Redo.
func (r *Run[D]) Edit(t testing.TB) map[string]int {
	t.Helper()
	r.original = r.bytes(t)
	rng := rand.New(rand.NewPCG(r.Seed, 7))
	total := 0
	for _, k := range r.Kinds {
		total += max(k.Weight, 1)
	}
	done := map[string]int{}
	for edits, tries := 0, 0; edits < r.Edits; tries++ {
		if tries > 50*r.Edits {
			t.Fatalf("only %d of %d edits made in %d tries: %v", edits, r.Edits, tries, done)
		}
		if r.UndoEvery > 0 && rng.IntN(r.UndoEvery) == 0 {
			r.undoRedo(t, rng, edits, done)
			continue
		}
		k := r.pick(rng, total)
		if r.edit(t, k, rng, Step{k.Name, edits + 1}) {
			edits++
			done[k.Name]++
		}
	}
	if _, err := r.History.RedoAll(); err != nil {
		t.Fatal(err)
	}
	r.edited = r.bytes(t)
	return done
}

// pick chooses a kind by weight; total is the sum of the weights.
func (r *Run[D]) pick(rng *rand.Rand, total int) Kind[D] {
	n := rng.IntN(total)
	for _, k := range r.Kinds[:len(r.Kinds)-1] {
		if n -= max(k.Weight, 1); n < 0 {
			return k
		}
	}
	return r.Kinds[len(r.Kinds)-1]
}

// edit makes one edit of kind k and reports whether it counts: accepted,
// or, for a Refused kind, refused.
func (r *Run[D]) edit(t testing.TB, k Kind[D], rng *rand.Rand, when Step) bool {
	t.Helper()
	undos, redos := r.History.Steps()
	before := r.bytes(t)
	err := k.Edit(t, r.Doc, rng)
	if err == nil {
		if k.Refused {
			t.Fatalf("%s: accepted", when)
		}
		r.check(t, when)
		return true
	}
	if u, re := r.History.Steps(); u != undos || re != redos || !bytes.Equal(r.bytes(t), before) {
		t.Fatalf("%s was refused (%v) but left a step or changed the file", when, err)
	}
	if errors.Is(err, ErrNothing) || !k.Refused {
		return false // a full table is an answer, not a failure
	}
	if !strings.Contains(err.Error(), k.Names) {
		t.Fatalf("%s: the refusal names no %q: %v", when, k.Names, err)
	}
	return true
}

// undoRedo undoes one to three steps, redoes them (the bytes must come
// back) and undoes some of them again (the bytes must be those after
// the same undos before).
func (r *Run[D]) undoRedo(t testing.TB, rng *rand.Rand, edits int, done map[string]int) {
	t.Helper()
	start := r.bytes(t)
	var after [][]byte // the bytes after each undo
	for range 1 + rng.IntN(3) {
		ok, err := r.History.Undo()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		after = append(after, r.bytes(t))
		r.check(t, Step{Undo, edits})
	}
	for range after {
		if _, err := r.History.Redo(); err != nil {
			t.Fatal(err)
		}
		r.check(t, Step{Redo, edits})
	}
	if !bytes.Equal(r.bytes(t), start) {
		t.Fatalf("redoing %d steps does not give back their bytes", len(after))
	}
	again := rng.IntN(len(after) + 1)
	for range again {
		if _, err := r.History.Undo(); err != nil {
			t.Fatal(err)
		}
		r.check(t, Step{Undo, edits})
	}
	if again > 0 && !bytes.Equal(r.bytes(t), after[again-1]) {
		t.Fatalf("undoing %d steps twice gives different bytes", again)
	}
	done[Undo] += len(after) + again
	done[Redo] += len(after)
}

func (r *Run[D]) check(t testing.TB, step Step) {
	t.Helper()
	if r.Check != nil {
		r.Check(t, r.Doc, step)
	}
}

// UndoRedoAll undoes every step, which must give back the original
// bytes, and redoes them all, which must give back the edited ones.
func (r *Run[D]) UndoRedoAll(t testing.TB) {
	t.Helper()
	steps, err := r.History.UndoAll()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.bytes(t), r.original) {
		t.Fatalf("undoing %d steps does not give back the original bytes", steps)
	}
	if redone, err := r.History.RedoAll(); err != nil || redone != steps {
		t.Fatalf("redid %d of %d steps: %v", redone, steps, err)
	}
	if !bytes.Equal(r.bytes(t), r.edited) {
		t.Fatalf("redoing %d steps does not give back the edited bytes", steps)
	}
}

// Edited is the edited document's bytes, once Edit has run.
func (r *Run[D]) Edited() []byte { return r.edited }
