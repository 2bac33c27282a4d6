// Package reach checks, for the tests of every game's document, that an
// edit made through the document's commands is carried by export,
// import, diff and merge, or else that merge refuses it.
package reach

import (
	"bytes"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
)

// Edits are edit commands of a game's document by name, each a function
// that makes one edit to D.
type Edits[D any] map[string]func(testing.TB, D) error

// Check applies each edit to a document that open opens. An edit of
// carried must be carried: the exports before and after it differ (so
// diff shows it), and importing the after-export, and the merge of base,
// base and after, into the file before the edit gives the file after it
// byte for byte. An edit of refused, which export and import do not
// carry, must be refused by merge (diff.Carried).
func Check[D any](t *testing.T, game document.Format, open func(testing.TB) D, asDoc func(D) document.Doc, carried, refused Edits[D]) {
	for _, edits := range []Edits[D]{carried, refused} {
		for _, name := range slices.Sorted(maps.Keys(edits)) {
			t.Run(name, func(t *testing.T) {
				d := open(t)
				base := fileOf(t, asDoc(d))
				before := read(t, asDoc(d))
				if err := edits[name](t, d); err != nil {
					t.Fatalf("the edit: %v", err)
				}
				after := read(t, asDoc(d))
				want := fileOf(t, asDoc(d))
				err := diff.Carried(game, "base", base, "edited", want, after)
				if _, ok := refused[name]; ok {
					if err == nil {
						t.Fatal("merge does not refuse an edit listed as not carried")
					}
					t.Logf("merge refuses it: %v", err)
					return
				}
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
				got, err := diff.Apply(asDoc(open(t)), "merge", merged, io.Discard)
				if err != nil {
					t.Fatal(err)
				}
				if i := document.FirstDifference(got, want); i >= 0 {
					t.Errorf("the merge imported into the file before the edit differs from the file after it at byte %d", i)
				}
			})
		}
	}
}

// Covers fails for every exported method of D that is neither an edit
// of one of checked nor named in others: the methods that read, or that
// only wrap other edits (a batch, a gesture). So a command added to a
// game's document without a reach case fails until it has one.
func Covers[D any](t *testing.T, others []string, checked ...Edits[D]) {
	t.Helper()
	known := map[string]bool{}
	for _, name := range others {
		known[name] = true
	}
	for _, edits := range checked {
		for name := range edits { // "Edit/case" and "Edit case" are cases of Edit
			known[strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == ' ' })[0]] = true
		}
	}
	typ := reflect.TypeFor[D]()
	for i := range typ.NumMethod() {
		if name := typ.Method(i).Name; !known[name] {
			t.Errorf("%s.%s is neither a reach case nor listed as changing nothing itself", typ, name)
		}
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

// fileOf is d's file as it is now.
func fileOf(t *testing.T, d document.Doc) []byte {
	t.Helper()
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Clone(b)
}
