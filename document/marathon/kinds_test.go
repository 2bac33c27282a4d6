package marathon

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// TestEditsNameDeclaredKinds: every change that a Marathon edit, its
// undo and its redo report names one of Kinds, the kinds the editor's
// scene decides on; a kind misspelt in a table or a renumbering fails.
func TestEditsNameDeclaredKinds(t *testing.T) {
	d, err := New("new.sceA", "Kinds")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[document.Kind]bool{}
	d.History.OnChange(func(n undo.Notice) {
		for _, c := range n.Changes {
			seen[c.Kind] = true
		}
	})
	runRandomEdits(t, d, 0, 200, 23)
	undoAll(t, d)
	redoAll(t, d)
	if len(seen) == 0 {
		t.Fatal("no edit reported a change")
	}
	for k := range seen {
		if !slices.Contains(Kinds(), k) {
			t.Errorf("an edit reports a change of %q, which is not one of Kinds %v", k, Kinds())
		}
	}
}
