package document

import (
	"slices"
	"strings"
	"testing"
)

// TestDeletable: refs of one level and of the kinds given sort by kind;
// another kind or another level is refused with a message naming it.
func TestDeletable(t *testing.T) {
	level, byKind, err := Deletable([]Ref{{2, "a", 5}, {2, "b", 1}, {2, "a", 3}}, "a", "b")
	if err != nil || level != 2 || !slices.Equal(byKind["a"], []int{5, 3}) || !slices.Equal(byKind["b"], []int{1}) {
		t.Fatalf("level %d, %v, %v", level, byKind, err)
	}
	if level, byKind, err := Deletable(nil, "a"); err != nil || level != 0 || len(byKind) != 0 {
		t.Fatalf("no refs: level %d, %v, %v", level, byKind, err)
	}
	for _, c := range []struct {
		refs []Ref
		want string
	}{
		{[]Ref{{0, "a", 1}, {0, "c", 2}}, "cannot delete a c here; select a, b"},
		{[]Ref{{0, "a", 1}, {1, "b", 2}}, "a 1 is on level 0 and b 2 on level 1"},
	} {
		if _, _, err := Deletable(c.refs, "a", "b"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want it to say %q", c.refs, err, c.want)
		}
	}
}
