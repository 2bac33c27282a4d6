package marathon

import (
	"testing"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/kindtest"
)

// TestEditsNameDeclaredKinds: every change that a Marathon edit, its
// undo and its redo report names one of Kinds, the kinds the editor's
// scene decides on, or document.KindLevels, the file's list of levels,
// which the level operations among the edits change; a kind misspelt in
// a table or a renumbering fails.
func TestEditsNameDeclaredKinds(t *testing.T) {
	d, err := New("new.sceA", "Kinds")
	if err != nil {
		t.Fatal(err)
	}
	kindtest.ReportsOnly(t, d.History, append(Kinds(), document.KindLevels), func() {
		randomEdits(d, 0, 200, 23).Edit(t)
	})
}
