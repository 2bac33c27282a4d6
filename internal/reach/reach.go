// Package reach checks, for the tests of every game's document, that an
// edit made through the document's commands is carried by export,
// import, diff and merge.
package reach

import (
	"bytes"
	"io"
	"maps"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
)

// Edits are edit commands of a game's document by name, each a function
// that makes one edit to D.
type Edits[D any] map[string]func(testing.TB, D) error

// Check applies each edit to a document that open opens, and checks that
// the edit is carried: the exports before and after it differ (so diff
// shows it), and importing the after-export, and the merge of base,
// base and after, into the file before the edit gives the file after it
// byte for byte.
func Check[D any](t *testing.T, open func(testing.TB) D, asDoc func(D) document.Doc, edits Edits[D]) {
	for _, name := range slices.Sorted(maps.Keys(edits)) {
		t.Run(name, func(t *testing.T) {
			d := open(t)
			before := read(t, asDoc(d))
			if err := edits[name](t, d); err != nil {
				t.Fatalf("the edit: %v", err)
			}
			after := read(t, asDoc(d))
			want, err := asDoc(d).Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if len(diff.Compare(before, after)) == 0 {
				t.Fatal("diff shows nothing: the export before and after the edit is the same")
			}
			merged, conflicts := diff.Merge(before, before, after)
			if len(conflicts) > 0 {
				t.Fatalf("merge: %v", conflicts)
			}
			for _, text := range []struct {
				what   string
				levels diff.File
			}{{"the export", after}, {"the merge", merged}} {
				got := imported(t, asDoc(open(t)), text.levels)
				if i := document.FirstDifference(got, want); i >= 0 {
					t.Errorf("%s imported into the file before the edit differs from the file after it at byte %d", text.what, i)
				}
			}
		})
	}
}

// read exports every level of d.
func read(t *testing.T, d document.Doc) diff.File {
	t.Helper()
	f, err := diff.Read(d)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// imported is d's file after importing levels.
func imported(t *testing.T, d document.Doc, levels diff.File) []byte {
	t.Helper()
	text, err := levels.Text()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Import("edit.json", text, io.Discard); err != nil {
		t.Fatalf("import: %v", err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Clone(b)
}
