// Package kindtest checks, for the games' document tests, that the
// changes a document's edits report name only the kinds its game
// declares.
package kindtest

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// ReportsOnly runs edits on the document whose history is h, then undoes
// and redoes them all, and fails when a reported change names a kind not
// among kinds, or when nothing was reported at all.
func ReportsOnly(t *testing.T, h *undo.Stack, kinds []document.Kind, edits func()) {
	t.Helper()
	seen := map[document.Kind]bool{}
	h.OnChange(func(n undo.Notice) {
		for _, c := range n.Changes {
			seen[c.Kind] = true
		}
	})
	edits()
	if _, err := h.UndoAll(); err != nil {
		t.Fatal(err)
	}
	if _, err := h.RedoAll(); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no edit reported a change")
	}
	for k := range seen {
		if !slices.Contains(kinds, k) {
			t.Errorf("an edit reports a change of %q, which is not one of the declared kinds %v", k, kinds)
		}
	}
}
