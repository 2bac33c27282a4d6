package scene

import (
	"testing"

	"github.com/levelwright/levelwright/document"
)

// TestTable sets values of entities of several levels and kinds, and of
// negative index, and reads them back, and the zero value for entities
// given none.
func TestTable(t *testing.T) {
	var tb table[int]
	set := []struct {
		r document.Ref
		v int
	}{
		{document.Ref{Level: 0, Kind: "sector", Index: 5}, 1},
		{document.Ref{Level: 0, Kind: "actor", Index: 5}, 2},
		{document.Ref{Level: 1, Kind: "sector", Index: 5}, 3},
		{document.Ref{Level: 0, Kind: "sector", Index: 0}, 4},
		{document.Ref{Level: 0, Kind: "sector", Index: -1}, 5},
		{document.Ref{Level: 0, Kind: "sector", Index: 300}, 6},
		{document.Ref{Level: 0, Kind: "actor", Index: 5}, 7}, // set again
	}
	for _, s := range set {
		tb.set(s.r, s.v)
	}
	for _, c := range []struct {
		r    document.Ref
		want int
	}{
		{document.Ref{Level: 0, Kind: "sector", Index: 5}, 1},
		{document.Ref{Level: 0, Kind: "actor", Index: 5}, 7},
		{document.Ref{Level: 1, Kind: "sector", Index: 5}, 3},
		{document.Ref{Level: 0, Kind: "sector", Index: 0}, 4},
		{document.Ref{Level: 0, Kind: "sector", Index: -1}, 5},
		{document.Ref{Level: 0, Kind: "sector", Index: 300}, 6},
		{document.Ref{Level: 0, Kind: "sector", Index: 4}, 0},   // between
		{document.Ref{Level: 0, Kind: "sector", Index: 301}, 0}, // past the end
		{document.Ref{Level: 0, Kind: "sector", Index: -2}, 0},
		{document.Ref{Level: 0, Kind: "vertex", Index: 5}, 0}, // another kind
		{document.Ref{Level: 2, Kind: "sector", Index: 5}, 0}, // another level
	} {
		if got := tb.at(c.r); got != c.want {
			t.Errorf("%v: got %d, want %d", c.r, got, c.want)
		}
	}
}
