package turok

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// TestEditsNameDeclaredKinds: every change that a Turok edit, its undo
// and its redo report names one of Kinds, the kinds the editor's scene
// decides on; a kind misspelt in a table or a renumbering fails.
func TestEditsNameDeclaredKinds(t *testing.T) {
	d := New("new.map")
	seen := map[document.Kind]bool{}
	d.History.OnChange(func(n undo.Notice) {
		for _, c := range n.Changes {
			seen[c.Kind] = true
		}
	})
	runRandomEdits(t, d, 200, 23)
	if _, err := d.History.UndoAll(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.History.RedoAll(); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no edit reported a change")
	}
	for k := range seen {
		if !slices.Contains(Kinds(), k) {
			t.Errorf("an edit reports a change of %q, which is not one of Kinds %v", k, Kinds())
		}
	}
}
