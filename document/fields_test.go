package document

import (
	"math"
	"slices"
	"testing"
)

// TestChangedFields: the fields that differ in any pair are named once,
// in the struct's order; a NaN kept is no change, nor is an equal array.
func TestChangedFields(t *testing.T) {
	type rec struct {
		A    int
		B    float32
		Args [3]int16
		C    string
	}
	nan := float32(math.NaN())
	before := []rec{{1, nan, [3]int16{1, 2, 3}, "x"}, {2, 0, [3]int16{}, "y"}}
	after := []rec{{1, nan, [3]int16{1, 2, 3}, "z"}, {5, 0, [3]int16{0, 0, 7}, "y"}}
	if got := ChangedFields(before, after); !slices.Equal(got, []string{"A", "Args", "C"}) {
		t.Errorf("changed %v, want A, Args, C", got)
	}
	if got := ChangedFields(before, before); len(got) != 0 {
		t.Errorf("no change named %v", got)
	}
	for _, c := range []struct {
		fields []string
		want   string
	}{{nil, "Edit sector set 4"}, {[]string{"Music"}, "Edit sector set 4: Music"},
		{[]string{"A", "B", "C"}, "Edit sector set 4: A, B, C"}, {[]string{"A", "B", "C", "D"}, "Edit sector set 4: 4 fields"}} {
		if got := EditDescription("sector set 4", c.fields); got != c.want {
			t.Errorf("%v: %q, want %q", c.fields, got, c.want)
		}
	}
}
