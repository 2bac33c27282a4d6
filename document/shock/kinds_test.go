package shock

import (
	"testing"

	"github.com/levelwright/levelwright/internal/kindtest"
)

// TestEditsNameDeclaredKinds: every change that a System Shock edit,
// its undo and its redo report names one of Kinds, the kinds the
// editor's scene decides on; a kind misspelt in a table or a
// renumbering fails.
func TestEditsNameDeclaredKinds(t *testing.T) {
	d := newDocument(t)
	run := randomEdits(t, d, []int{firstLevel(d)}, 300, 23)
	kindtest.ReportsOnly(t, d.History, Kinds(), func() { run.Edit(t) })
}
