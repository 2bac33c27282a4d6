package document

import "testing"

func TestHandlesSurviveMovesAndUndoneDeletes(t *testing.T) {
	h := NewHandles()
	a := Ref{Level: 1, Kind: "object", Index: 5}
	id := h.Of(a)
	if h.Of(a) != id {
		t.Fatal("a second call assigned another handle")
	}
	if other := h.Of(Ref{Level: 1, Kind: "object", Index: 6}); other == id {
		t.Fatal("two entities share a handle")
	}
	b := Ref{Level: 1, Kind: "object", Index: 2}
	h.Move(a, b)
	if r, ok := h.Lookup(id); !ok || r != b {
		t.Fatalf("after a move the handle finds %+v, %v", r, ok)
	}
	got, ok := h.Forget(b)
	if !ok || got != id {
		t.Fatal("forget did not return the handle")
	}
	if _, ok := h.Lookup(id); ok {
		t.Fatal("a deleted entity is still found")
	}
	h.Restore(b, id)
	if r, _ := h.Lookup(id); r != b || h.Of(b) != id || h.Len() != 2 {
		t.Fatalf("restore: %+v, %d handles", r, h.Len())
	}
}

// TestHandlesMovesCount: Moves changes with every move, forget and
// restore and with nothing else, so that a selection looked up at one
// count is still where it was while the count stays; refs of negative
// index and of other levels and kinds keep handles of their own.
func TestHandlesMovesCount(t *testing.T) {
	h := NewHandles()
	refs := []Ref{{0, "sector", 3}, {0, "actor", 3}, {1, "sector", 3}, {0, "sector", -1}, {0, "sector", 70000}}
	ids := map[Ref]bool{}
	for _, r := range refs {
		id := h.Of(r)
		if ids[r] {
			t.Fatalf("%+v: assigned twice", r)
		}
		ids[r] = true
		if back, ok := h.Lookup(id); !ok || back != r {
			t.Fatalf("%+v: its handle finds %+v, %v", r, back, ok)
		}
	}
	if h.Len() != len(refs) || h.Moves() != 0 {
		t.Fatalf("%d handles, %d moves after assigning only", h.Len(), h.Moves())
	}
	for i, step := range []func(){
		func() { h.Move(refs[0], Ref{0, "sector", 9}) },
		func() { h.Forget(refs[3]) },
		func() { h.Restore(refs[3], h.Of(Ref{2, "x", 0})) },
		func() { h.Renumber(0, "sector", map[int]int{9: 4}) },
	} {
		was := h.Moves()
		step()
		if h.Moves() == was {
			t.Errorf("step %d left Moves at %d", i, was)
		}
	}
	was := h.Moves()
	h.Move(Ref{5, "none", 1}, Ref{5, "none", 2}) // no handle there: nothing moves
	if _, ok := h.Forget(Ref{5, "none", 1}); ok || h.Moves() != was {
		t.Errorf("moving and forgetting nothing changed Moves from %d to %d", was, h.Moves())
	}
}
