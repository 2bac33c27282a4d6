package bin

import (
	"slices"
	"testing"
)

func TestRecheck(t *testing.T) {
	p := func(kind string, index int, code string) Problem {
		return Problem{Kind: kind, Index: index, Code: code}
	}
	previous := []Problem{p("actor", 1, "a"), p("sector", 2, "s"), p("actor", 2, "b"), p("actor", 1, "c"), p("actor", 3, "d")}
	for _, c := range []struct {
		name  string
		fresh map[int][]Problem
		want  []Problem
	}{
		{"unchanged", map[int][]Problem{2: {p("actor", 2, "b")}}, previous},
		{"gone", map[int][]Problem{1: nil}, []Problem{p("sector", 2, "s"), p("actor", 2, "b"), p("actor", 3, "d")}},
		{"replaced where the first stood", map[int][]Problem{1: {p("actor", 1, "x")}},
			[]Problem{p("actor", 1, "x"), p("sector", 2, "s"), p("actor", 2, "b"), p("actor", 3, "d")}},
		{"new at the end, in order", map[int][]Problem{7: {p("actor", 7, "y")}, 5: {p("actor", 5, "z")}, 3: {p("actor", 3, "d")}},
			append(slices.Clone(previous), p("actor", 5, "z"), p("actor", 7, "y"))},
		{"other kinds kept", map[int][]Problem{2: nil}, []Problem{p("actor", 1, "a"), p("sector", 2, "s"), p("actor", 1, "c"), p("actor", 3, "d")}},
	} {
		if got := Recheck(previous, "actor", c.fresh); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
