package fuzzedit

import (
	"reflect"
	"testing"
)

type item struct {
	X    int16
	Name string
}

type sample struct {
	Count  uint8
	Items  []item
	Flags  []bool
	Scale  float32
	hidden int
	Raw    []byte
}

// TestApply: fields are numbered in the order met (unexported ones and
// bytes left out), values cut to the field's width, lists lose and gain
// items, and a short tail does nothing.
func TestApply(t *testing.T) {
	s := sample{Count: 1, Items: []item{{1, "a"}, {2, "b"}}, Flags: []bool{false}, hidden: 7, Raw: []byte{9}}
	var ops []byte
	ops = append(ops, Op(0, 0, 0x1FF)...)      // Count = 0xFF
	ops = append(ops, Op(3, 3, 0xFFFF8000)...) // Items[1].X = -32768
	ops = append(ops, Op(0, 4, 13)...)         // Items[1].Name = "3"
	ops = append(ops, Op(0, 6, 512)...)        // Scale = 2
	ops = append(ops, Op(1, 0, 2)...)          // Items loses item 0
	ops = append(ops, Op(2, 1, 0)...)          // Flags gains a copy of item 0
	ops = append(ops, Op(0, 0, 1)[:6]...)      // a short tail
	Apply(&s, ops)
	want := sample{Count: 0xFF, Items: []item{{-32768, "3"}}, Flags: []bool{false, false}, Scale: 2, hidden: 7, Raw: []byte{9}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got %+v, want %+v", s, want)
	}
}

// TestApplyStopsAtMaxOps: the edits past MaxOps are not made.
func TestApplyStopsAtMaxOps(t *testing.T) {
	s := sample{Items: []item{{1, "a"}}}
	var ops []byte
	for range MaxOps + 3 {
		ops = append(ops, Op(2, 0, 0)...) // Items gains a copy
	}
	Apply(&s, ops)
	if len(s.Items) != 1+MaxOps {
		t.Errorf("%d items, want %d", len(s.Items), 1+MaxOps)
	}
}
