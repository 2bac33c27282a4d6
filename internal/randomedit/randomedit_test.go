package randomedit

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/undo"
)

// cells is a stand-in document: bytes set by commands, each of which
// refuses a value past 200.
type cells struct {
	b       []byte
	history *undo.Stack
}

type setCell struct {
	c     *cells
	i     int
	value byte
}

func (s *setCell) swap() error {
	s.c.b[s.i], s.value = s.value, s.c.b[s.i]
	return nil
}
func (s *setCell) Do() error              { return s.swap() }
func (s *setCell) Undo() error            { return s.swap() }
func (s *setCell) Describe() string       { return "Set a cell" }
func (s *setCell) Changes() []undo.Change { return []undo.Change{{Kind: "cell", Indexes: []int{s.i}}} }

func (c *cells) set(i, value int) error {
	if value > 200 {
		return fmt.Errorf("cell %d: %d is out of range 0 to 200", i, value)
	}
	return c.history.Do(&setCell{c: c, i: i, value: byte(value)})
}

func newCells() *cells { return &cells{b: make([]byte, 8), history: undo.New()} }

var (
	setKind = Kind[*cells]{Name: "set", Weight: 3, Edit: func(_ testing.TB, c *cells, rng *rand.Rand) error {
		return c.set(rng.IntN(len(c.b)), rng.IntN(200))
	}}
	tooBig = Kind[*cells]{Name: "too big", Refused: true, Names: "out of range", Edit: func(_ testing.TB, c *cells, rng *rand.Rand) error {
		return c.set(rng.IntN(len(c.b)), 201+rng.IntN(50))
	}}
	nothing = Kind[*cells]{Name: "nothing", Edit: func(testing.TB, *cells, *rand.Rand) error { return ErrNothing }}
)

func run(c *cells, kinds ...Kind[*cells]) *Run[*cells] {
	return &Run[*cells]{Doc: c, History: c.history, Bytes: func() ([]byte, error) { return append([]byte(nil), c.b...), nil },
		Kinds: kinds, Edits: 300, Seed: 1, UndoEvery: 8}
}

// TestRun: edits of every kind are made, the refused kind's refusals
// counted, steps undone and redone, every state checked; undoing all
// gives back the original bytes and redoing all the edited ones.
func TestRun(t *testing.T) {
	c := newCells()
	r := run(c, setKind, tooBig, nothing)
	checked := map[string]int{}
	r.Check = func(_ testing.TB, c *cells, step Step) { checked[step.Kind]++ }
	done := r.Edit(t)
	if done["set"]+done["too big"] != 300 || done["set"] < 150 || done["too big"] < 20 || done["nothing"] != 0 {
		t.Errorf("edits made: %v", done)
	}
	if done[Undo] < 20 || done[Redo] < 20 || checked["set"] != done["set"] || checked[Undo] != done[Undo] || checked[Redo] != done[Redo] {
		t.Errorf("edits made %v, checked %v", done, checked)
	}
	if string(r.Edited()) != string(c.b) || string(r.Edited()) == string(make([]byte, 8)) {
		t.Errorf("edited %v, the document %v", r.Edited(), c.b)
	}
	r.UndoRedoAll(t)
}

// fatal records the first failure of a run, which ends its goroutine.
type fatal struct {
	testing.TB
	message string
}

func (f *fatal) Helper() {}
func (f *fatal) Fatal(args ...any) {
	f.message = fmt.Sprint(args...)
	runtime.Goexit()
}
func (f *fatal) Fatalf(format string, args ...any) {
	f.message = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// failure runs f with a recorder of failures and returns the message of
// the first.
func failure(t *testing.T, f func(t testing.TB)) string {
	rec := &fatal{TB: t}
	ended := make(chan bool)
	go func() {
		defer close(ended)
		f(rec)
	}()
	<-ended
	return rec.message
}

// TestRunFails: the run fails when a refused edit changed the file,
// when a kind the document must refuse is accepted or refused with a
// message that names another thing, and when undoing all does not give
// back the original bytes.
func TestRunFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind[*cells]
		want string
	}{
		{"refused but changed", Kind[*cells]{Name: "half", Edit: func(_ testing.TB, c *cells, _ *rand.Rand) error {
			c.b[0]++
			return errors.New("refused")
		}}, "changed the file"},
		{"accepted", Kind[*cells]{Name: "lenient", Refused: true, Edit: setKind.Edit}, "accepted"},
		{"another message", Kind[*cells]{Name: "vague", Refused: true, Names: "not a cell", Edit: tooBig.Edit}, `names no "not a cell"`},
		{"no history", Kind[*cells]{Name: "silent", Edit: func(_ testing.TB, c *cells, rng *rand.Rand) error {
			c.b[rng.IntN(len(c.b))]++ // a change outside the history: undo cannot take it back
			return nil
		}}, "original bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run(newCells(), tc.kind)
			r.UndoEvery = 0
			got := failure(t, func(t testing.TB) {
				r.Edit(t)
				r.UndoRedoAll(t)
			})
			if !strings.Contains(got, tc.want) {
				t.Errorf("failed with %q, want a failure saying %q", got, tc.want)
			}
		})
	}
}
