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
		fresh map[Entity][]Problem
		want  []Problem
	}{
		{"unchanged", map[Entity][]Problem{{"actor", 2}: {p("actor", 2, "b")}}, previous},
		{"gone", map[Entity][]Problem{{"actor", 1}: nil}, []Problem{p("sector", 2, "s"), p("actor", 2, "b"), p("actor", 3, "d")}},
		{"replaced where the first stood", map[Entity][]Problem{{"actor", 1}: {p("actor", 1, "x")}},
			[]Problem{p("actor", 1, "x"), p("sector", 2, "s"), p("actor", 2, "b"), p("actor", 3, "d")}},
		{"new at the end, in order", map[Entity][]Problem{{"actor", 7}: {p("actor", 7, "y")}, {"actor", 5}: {p("actor", 5, "z")}, {"actor", 3}: {p("actor", 3, "d")}},
			append(slices.Clone(previous), p("actor", 5, "z"), p("actor", 7, "y"))},
		{"checked again clean, past the others", map[Entity][]Problem{{"actor", 8}: nil, {"sector", 0}: {}, {"actor", 6}: {p("actor", 6, "w")}, {"actor", 4}: nil},
			append(slices.Clone(previous), p("actor", 6, "w"))},
		{"other kinds kept", map[Entity][]Problem{{"actor", 2}: nil}, []Problem{p("actor", 1, "a"), p("sector", 2, "s"), p("actor", 1, "c"), p("actor", 3, "d")}},
		{"kinds apart", map[Entity][]Problem{{"sector", 2}: {p("sector", 2, "t")}, {"mesh", 1}: {p("mesh", 1, "m")}, {"actor", 9}: {p("actor", 9, "n")}},
			[]Problem{p("actor", 1, "a"), p("sector", 2, "t"), p("actor", 2, "b"), p("actor", 1, "c"), p("actor", 3, "d"), p("actor", 9, "n"), p("mesh", 1, "m")}},
	} {
		if got := Recheck(previous, c.fresh); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
