package turok

import (
	"testing"

	"github.com/levelwright/levelwright/internal/kindtest"
)

// TestEditsNameDeclaredKinds: every change that a Turok edit, its undo
// and its redo report names one of Kinds, the kinds the editor's scene
// decides on; a kind misspelt in a table or a renumbering fails.
func TestEditsNameDeclaredKinds(t *testing.T) {
	d := New("new.map")
	kindtest.ReportsOnly(t, d.History, Kinds(), func() {
		randomEdits(t, d, 200, 23).Edit(t)
	})
}
