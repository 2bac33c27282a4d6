package searchlist

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestSearch: every row shows at first; a query keeps the rows whose
// search text holds every word, whatever the case typed; choosing a
// shown row calls back with its index among all rows; clearing the
// query shows every row again.
func TestSearch(t *testing.T) {
	test.NewTempApp(t)
	rows := []Row{{"Actor 0: raptor", "actor 0: raptor\nmodels/raptor.bin"}, {"Mesh 1: rock", "mesh 1: rock"},
		{"Actor 2: raptor boss", "actor 2: raptor boss"}}
	var chosen []int
	l := New(rows, "3 rows", "search", func(row int) { chosen = append(chosen, row) })
	test.NewTempWindow(t, l.Box)
	if !slices.Equal(l.Shown, []int{0, 1, 2}) || l.List.Length() != 3 {
		t.Fatalf("shown %v at first", l.Shown)
	}
	for _, c := range []struct {
		query string
		want  []int
	}{{"RAPTOR", []int{0, 2}}, {"raptor boss", []int{2}}, {"raptor.bin", []int{0}}, {"lizard", nil}, {"", []int{0, 1, 2}}} {
		l.Query.SetText(c.query)
		if !slices.Equal(l.Shown, c.want) || l.List.Length() != len(c.want) {
			t.Errorf("%q: shown %v, want %v", c.query, l.Shown, c.want)
		}
	}
	l.Query.SetText("boss")
	l.List.Select(0)
	if !slices.Equal(chosen, []int{2}) {
		t.Errorf("choosing the one row shown chose %v, want [2]", chosen)
	}
}
