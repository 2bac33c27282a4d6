package document

import "testing"

func TestSelectionFollowsHandles(t *testing.T) {
	h := NewHandles()
	a, b, c := Ref{1, "object", 5}, Ref{1, "object", 9}, Ref{1, "tile", 40}
	var s Selection
	s.Set(h.Of(a), h.Of(b))
	s.Add(h.Of(a)) // already selected: no change
	s.Toggle(h.Of(c))
	s.Toggle(h.Of(b))
	if got := s.Refs(h); len(got) != 2 || got[0] != a || got[1] != c {
		t.Fatalf("selection %v, want %v then %v", got, a, c)
	}
	h.Move(a, Ref{1, "object", 6}) // renumbered by an edit
	id, _ := h.Forget(c)           // deleted
	if got := s.Refs(h); len(got) != 1 || got[0].Index != 6 {
		t.Fatalf("after a renumber and a delete, selection %v", got)
	}
	h.Restore(c, id) // the delete undone
	if s.Len() != 2 || len(s.Refs(h)) != 2 {
		t.Fatal("the undone delete does not come back into the selection")
	}
	s.Clear()
	if s.Len() != 0 || s.Has(id) {
		t.Fatal("clear left entities selected")
	}
}
