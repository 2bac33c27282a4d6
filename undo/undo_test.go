package undo

import (
	"errors"
	"fmt"
	"testing"
)

// add adds delta to a value; adds of the same gesture merge.
type add struct {
	v       *int
	delta   int
	gesture bool
	fail    bool
}

func (a *add) Do() error {
	if a.fail {
		return errors.New("refused")
	}
	*a.v += a.delta
	return nil
}
func (a *add) Undo() error       { *a.v -= a.delta; return nil }
func (a *add) Describe() string  { return fmt.Sprintf("Add %d", a.delta) }
func (a *add) Changes() []Change { return []Change{{Kind: "value"}} }
func (a *add) Size() int         { return 16 }
func (a *add) Merge(next Command) bool {
	n, ok := next.(*add)
	if !ok || !a.gesture || !n.gesture || n.v != a.v {
		return false
	}
	a.delta += n.delta
	return true
}

func TestDoUndoRedo(t *testing.T) {
	v, s := 0, New()
	for i := 1; i <= 3; i++ {
		if err := s.Do(&add{v: &v, delta: i}); err != nil {
			t.Fatal(err)
		}
	}
	if v != 6 || s.UndoLabel() != "Undo Add 3" || s.RedoLabel() != "" {
		t.Fatalf("v %d, labels %q %q", v, s.UndoLabel(), s.RedoLabel())
	}
	s.Undo()
	s.Undo()
	if v != 1 || s.RedoLabel() != "Redo Add 2" {
		t.Fatalf("after two undos v %d, redo %q", v, s.RedoLabel())
	}
	s.Redo()
	if v != 3 {
		t.Fatalf("after redo v %d", v)
	}
	s.Do(&add{v: &v, delta: 10}) // drops the redo of Add 3
	if ok, _ := s.Redo(); ok || v != 13 {
		t.Fatalf("redo after a new step: ok %v, v %d", ok, v)
	}
	if steps, err := s.UndoAll(); err != nil || steps != 3 || v != 0 {
		t.Fatalf("undoing everything: %d steps, %v, leaves %d", steps, err, v)
	}
	if steps, err := s.RedoAll(); err != nil || steps != 3 || v != 13 {
		t.Fatalf("redoing everything: %d steps, %v, gives %d", steps, err, v)
	}
}

// TestMergingTransactions: transactions of one gesture with the same key
// are one step whose commands merge per target; a break, another key or
// a plain transaction start new steps.
func TestMergingTransactions(t *testing.T) {
	a, b, s := 0, 0, New()
	drag := func(key string) {
		err := s.MergingTransaction("Move two", key, func(do func(Command) error) error {
			if err := do(&add{v: &a, delta: 1, gesture: true}); err != nil {
				return err
			}
			return do(&add{v: &b, delta: 2, gesture: true})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		drag("drag")
	}
	if undo, _ := s.Steps(); undo != 1 || a != 4 || b != 8 {
		t.Fatalf("%d steps, a %d, b %d", undo, a, b)
	}
	if g := s.done[0].(*Group); len(g.Commands) != 2 {
		t.Fatalf("the merged step holds %d commands, want one per target", len(g.Commands))
	}
	drag("other")
	s.BreakMerge()
	drag("other")
	s.Transaction("Plain", func(do func(Command) error) error { return do(&add{v: &a, delta: 1, gesture: true}) })
	drag("other")
	if undo, _ := s.Steps(); undo != 5 {
		t.Fatalf("%d steps, want a new one for the other key, after the break, the plain step and after it", undo)
	}
	if _, err := s.UndoAll(); err != nil || a != 0 || b != 0 {
		t.Fatalf("undoing all leaves a %d, b %d (%v)", a, b, err)
	}
}

func TestMergeMakesOneStep(t *testing.T) {
	v, s := 0, New()
	for range 5 {
		s.Do(&add{v: &v, delta: 1, gesture: true})
	}
	s.BreakMerge()
	s.Do(&add{v: &v, delta: 100, gesture: true})
	if undo, _ := s.Steps(); undo != 2 || v != 105 {
		t.Fatalf("%d steps, v %d", undo, v)
	}
	s.Undo()
	s.Undo()
	if v != 0 {
		t.Fatalf("undoing the merged drag leaves %d", v)
	}
}

func TestTransactionRollsBack(t *testing.T) {
	v, s := 0, New()
	err := s.Transaction("Paste", func(do func(Command) error) error {
		if err := do(&add{v: &v, delta: 1}); err != nil {
			return err
		}
		if err := do(&add{v: &v, delta: 2}); err != nil {
			return err
		}
		return do(&add{v: &v, delta: 4, fail: true})
	})
	if err == nil || v != 0 {
		t.Fatalf("failed transaction: err %v, v %d", err, v)
	}
	if undo, _ := s.Steps(); undo != 0 || s.Dirty() {
		t.Fatalf("failed transaction recorded %d steps, dirty %v", undo, s.Dirty())
	}
	err = s.Transaction("Paste", func(do func(Command) error) error {
		do(&add{v: &v, delta: 1})
		return do(&add{v: &v, delta: 2})
	})
	if err != nil || v != 3 || s.UndoLabel() != "Undo Paste" {
		t.Fatalf("transaction: err %v, v %d, %q", err, v, s.UndoLabel())
	}
	s.Undo()
	if v != 0 {
		t.Fatalf("undoing the transaction leaves %d", v)
	}
}

func TestSavePoint(t *testing.T) {
	v, s := 0, New()
	if s.Dirty() {
		t.Fatal("a new stack is dirty")
	}
	s.Do(&add{v: &v, delta: 1, gesture: true})
	s.MarkSaved()
	s.Do(&add{v: &v, delta: 1, gesture: true}) // must not merge across the save point
	if !s.Dirty() {
		t.Fatal("not dirty after an edit")
	}
	s.Undo()
	if s.Dirty() {
		t.Fatal("dirty after undoing back to the save point")
	}
	s.Undo()
	if !s.Dirty() {
		t.Fatal("not dirty before the save point")
	}
	s.Redo()
	if s.Dirty() {
		t.Fatal("dirty after redoing to the save point")
	}
	s.Undo()
	s.Do(&add{v: &v, delta: 7}) // the saved state is gone from the history
	s.Undo()
	if !s.Dirty() {
		t.Fatal("clean although the saved state is unreachable")
	}
}

func TestNoticesSayWhatChanged(t *testing.T) {
	v, s := 0, New()
	var got []Notice
	s.OnChange(func(n Notice) { got = append(got, n) })
	s.Do(&add{v: &v, delta: 1})
	s.Undo()
	s.Redo()
	s.MarkSaved()
	want := []Event{Did, Undid, Redid, Saved}
	if len(got) != len(want) {
		t.Fatalf("%d notices", len(got))
	}
	for i, n := range got {
		if n.Event != want[i] {
			t.Errorf("notice %d: event %v, want %v", i, n.Event, want[i])
		}
	}
	if got[0].Description != "Add 1" || len(got[0].Changes) != 1 || got[0].Changes[0].Kind != "value" || !got[0].Dirty || got[3].Dirty {
		t.Errorf("notices %+v", got)
	}
}

// TestHistoryBound: past MaxBytes the oldest steps go, but never below
// MinSteps; the default keeps 10,000 steps.
func TestHistoryBound(t *testing.T) {
	v, s := 0, New()
	s.MinSteps, s.MaxBytes = 10, 50*(16+commandOverhead)
	for range 100 {
		s.Do(&add{v: &v, delta: 1})
	}
	if undo, _ := s.Steps(); undo != 50 {
		t.Fatalf("%d steps kept, want 50", undo)
	}
	s.MaxBytes = 0
	s.Do(&add{v: &v, delta: 1})
	if undo, _ := s.Steps(); undo != 10 {
		t.Fatalf("%d steps kept, want the minimum 10", undo)
	}
	d := New()
	for range DefaultMinSteps {
		d.Do(&add{v: &v, delta: 1})
	}
	if undo, _ := d.Steps(); undo != DefaultMinSteps {
		t.Fatalf("default stack keeps %d steps", undo)
	}
}

// BenchmarkDoAtBound records steps into a history that is full: each
// step drops the oldest one, which must not cost the history's length.
func BenchmarkDoAtBound(b *testing.B) {
	v, s := 0, New()
	s.MinSteps, s.MaxBytes = 1000, 100_000*(16+commandOverhead)
	for range 100_000 {
		s.Do(&add{v: &v, delta: 1})
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Do(&add{v: &v, delta: 1})
	}
	if undo, _ := s.Steps(); undo != 100_000 {
		b.Fatalf("%d steps kept, want 100,000", undo)
	}
}

func TestDescriptionsAndMarkUnsaved(t *testing.T) {
	v, s := 0, New()
	for i := 1; i <= 4; i++ {
		s.Do(&add{v: &v, delta: i})
	}
	s.Undo()
	s.Undo()
	done, undone := s.Descriptions()
	if fmt.Sprint(done) != "[Add 1 Add 2]" || fmt.Sprint(undone) != "[Add 3 Add 4]" {
		t.Fatalf("done %v, undone %v", done, undone)
	}
	s.UndoAll()
	s.MarkUnsaved()
	if !s.Dirty() {
		t.Fatal("dirty after MarkUnsaved")
	}
	s.UndoAll()
	if !s.Dirty() {
		t.Fatal("no state is the saved one after MarkUnsaved")
	}
	s.MarkSaved()
	if s.Dirty() {
		t.Fatal("dirty after MarkSaved")
	}
}

// TestDiscard: Discard undoes the last step and leaves nothing to redo;
// a saved state it discards can no longer be reached.
func TestDiscard(t *testing.T) {
	s := New()
	v := 0
	for _, d := range []int{1, 2} {
		if err := s.Do(&add{v: &v, delta: d}); err != nil {
			t.Fatal(err)
		}
		s.BreakMerge()
	}
	s.MarkSaved()
	if ok, err := s.Discard(); !ok || err != nil {
		t.Fatalf("Discard: %v, %v", ok, err)
	}
	if done, undone := s.Steps(); v != 1 || done != 1 || undone != 0 || !s.Dirty() {
		t.Errorf("after Discard: value %d, %d steps, %d to redo, dirty %v; want 1, 1, 0, dirty", v, done, undone, s.Dirty())
	}
	if ok, _ := s.Redo(); ok {
		t.Error("the discarded step was redone")
	}
	s.Discard()
	if ok, err := s.Discard(); ok || err != nil || v != 0 {
		t.Errorf("Discard of an empty history: %v, %v, value %d", ok, err, v)
	}
}

// TestDeliver: with Deliver set, listeners hear a notice through it,
// when it runs what it is given, and not before.
func TestDeliver(t *testing.T) {
	s := New()
	var heard []string
	s.OnChange(func(n Notice) { heard = append(heard, n.Description) })
	var held []func()
	s.Deliver = func(f func()) { held = append(held, f) }
	v := 0
	if err := s.Do(&add{v: &v, delta: 2}); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 0 || len(held) != 1 {
		t.Fatalf("heard %v with %d deliveries held, want nothing heard yet", heard, len(held))
	}
	held[0]()
	if len(heard) != 1 || heard[0] != "Add 2" {
		t.Errorf("heard %v, want the step once delivered", heard)
	}
}
