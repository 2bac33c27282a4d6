package document

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/undo"
)

type target struct {
	items []int
	note  string
}

var (
	itemsTable = PlainTable("item", 8, func(t *target) *[]int { return &t.items })
	noteValue  = &Value[*target, string]{Kind: "note", Size: func(s string) int { return len(s) },
		Field: func(t *target) *string { return &t.note }, Same: func(a, b string) bool { return a == b }}
)

func TestPatchUndoRedoAndHandles(t *testing.T) {
	tg := &target{items: []int{10, 20, 30}, note: "a"}
	h := NewHandles()
	first, last := h.Of(Ref{0, "item", 0}), h.Of(Ref{0, "item", 2})
	stack := undo.New()

	// Delete item 0: the others move down, and the note changes.
	e := NewEdit(tg)
	Touch(e, itemsTable)
	TouchValue(e, noteValue)
	tg.items, tg.note = tg.items[1:], "b"
	e.Renumber = append(e.Renumber, Renumbering{Kind: "item", Moves: map[int]int{0: -1, 1: 0, 2: 1}})
	if err := stack.Do(e.Patch(h, 0, "Delete item 0", "")); err != nil {
		t.Fatal(err)
	}
	if r, ok := h.Lookup(last); !ok || r.Index != 1 {
		t.Fatalf("last item's handle at %v %v, want index 1", r, ok)
	}
	if _, ok := h.Lookup(first); ok {
		t.Fatal("deleted item keeps its handle")
	}
	if _, err := stack.Undo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tg.items, []int{10, 20, 30}) || tg.note != "a" {
		t.Fatalf("after undo: %v %q", tg.items, tg.note)
	}
	if r, ok := h.Lookup(first); !ok || r.Index != 0 {
		t.Fatalf("undo gives the first item's handle back at %v %v", r, ok)
	}
	if _, err := stack.Redo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tg.items, []int{20, 30}) || tg.note != "b" {
		t.Fatalf("after redo: %v %q", tg.items, tg.note)
	}
}

func TestPatchMergeAndNoChange(t *testing.T) {
	tg := &target{items: []int{1, 2}}
	h := NewHandles()
	stack := undo.New()
	applied := 0
	for _, v := range []int{5, 6, 7} {
		e := NewEdit(tg)
		TouchAt(e, itemsTable, 1)
		tg.items[1] = v
		p := e.Patch(h, 0, "Set item 1", "drag")
		p.Applied = func(c []undo.Change) {
			if len(c) != 1 || c[0].Kind != "item" || !slices.Equal(c[0].Indexes, []int{1}) {
				t.Errorf("changes %v", c)
			}
			applied++
		}
		if err := stack.Do(p); err != nil {
			t.Fatal(err)
		}
	}
	if applied != 3 {
		t.Fatalf("Applied ran %d times for 3 steps", applied)
	}
	if _, err := stack.Undo(); err != nil {
		t.Fatal(err)
	}
	if steps, _ := stack.Steps(); tg.items[1] != 2 || steps != 0 {
		t.Fatalf("one undo of a merged drag: item %d, %d steps left", tg.items[1], steps)
	}
	e := NewEdit(tg)
	TouchAt(e, itemsTable, 0)
	TouchValue(e, noteValue)
	if p := e.Patch(h, 0, "Nothing", ""); p != nil {
		t.Fatal("an edit that changed nothing made a patch")
	}
}

// An edit that appends with TouchEnd, and writes an old record it
// snapshots with TouchAt, undoes and redoes as one that snapshots the
// table whole, and rolls back; a Touch after TouchEnd still knows which
// records were there before.
func TestTouchEndAppends(t *testing.T) {
	for _, whole := range []bool{false, true} {
		tg := &target{items: []int{1, 2, 3}}
		stack := undo.New()
		e := NewEdit(tg)
		TouchEnd(e, itemsTable)
		tg.items = append(tg.items, 4, 5)
		TouchAt(e, itemsTable, 1)
		tg.items[1] = 20
		TouchAt(e, itemsTable, 4) // appended by this edit: nothing to snapshot
		tg.items[4] = 50
		if whole {
			Touch(e, itemsTable)
			tg.items[0] = 10
		}
		p := e.Patch(NewHandles(), 0, "Append", "")
		if err := stack.Do(p); err != nil {
			t.Fatal(err)
		}
		after := slices.Clone(tg.items)
		if _, err := stack.Undo(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tg.items, []int{1, 2, 3}) {
			t.Fatalf("whole %v: after undo %v", whole, tg.items)
		}
		if _, err := stack.Redo(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tg.items, after) {
			t.Fatalf("whole %v: after redo %v, want %v", whole, tg.items, after)
		}

		e = NewEdit(tg)
		TouchEnd(e, itemsTable)
		tg.items = append(tg.items, 6)
		e.Rollback()
		if !slices.Equal(tg.items, after) {
			t.Fatalf("whole %v: after rollback %v, want %v", whole, tg.items, after)
		}
	}
}
