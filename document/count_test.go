package document

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{{1, "move", "1 move"}, {2, "move", "2 moves"}, {0, "tile", "0 tiles"}, {1, "entity", "1 entity"},
		{5, "entity", "5 entities"}, {2, "key", "2 keys"}, {3, "box", "3 boxes"}, {2, "sector-set", "2 sector-sets"}} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
