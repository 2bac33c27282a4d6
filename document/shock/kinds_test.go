package shock

import (
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/internal/kindtest"
)

// TestEditsNameDeclaredKinds: every change that a System Shock edit,
// its undo and its redo report names one of Kinds, the kinds the
// editor's scene decides on; a kind misspelt in a table or a
// renumbering fails.
func TestEditsNameDeclaredKinds(t *testing.T) {
	d := newDocument(t)
	rng := rand.New(rand.NewPCG(23, 7))
	kinds := map[string]int{}
	kindtest.ReportsOnly(t, d.History, Kinds(), func() {
		for range 300 {
			(&editor{t: t, d: d, level: firstLevel(d), rng: rng, kinds: kinds}).edit()
		}
	})
}
