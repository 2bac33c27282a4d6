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
