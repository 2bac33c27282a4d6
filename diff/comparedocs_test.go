package diff

import (
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/document"
)

// levelsDoc is a document of levels given as JSON values; a nil level is
// one Export refuses, as a game's empty level slot.
type levelsDoc struct {
	levels []any
}

func (d levelsDoc) Bytes() ([]byte, error)                 { return nil, nil }
func (d levelsDoc) Import(string, []byte, io.Writer) error { return nil }
func (d levelsDoc) Export(n int) (any, error) {
	return document.ExportLevels(len(d.levels), n, func(i int) (any, error) {
		if d.levels[i] == nil {
			return nil, errors.New("no such level")
		}
		return d.levels[i], nil
	})
}

// countedDoc is a levelsDoc that counts its levels (document.Counted).
type countedDoc struct{ levelsDoc }

func (d countedDoc) LevelCount() (int, bool) { return len(d.levels), true }

// TestCompareDocsIsCompare: comparing two documents one level at a time
// gives what comparing their whole exports gives: levels that are the
// same, changed, added, removed, and slots that do not export, on either
// side.
func TestCompareDocsIsCompare(t *testing.T) {
	level := func(n, h int, objects ...int) map[string]any {
		var list []any
		for _, x := range objects {
			list = append(list, map[string]any{"x": x})
		}
		return map[string]any{"level": n, "height": h, "objects": list}
	}
	for i, tt := range []struct{ a, b []any }{
		{[]any{level(0, 1, 1, 2), level(1, 2, 3)}, []any{level(0, 1, 1, 2), level(1, 2, 3)}},
		{[]any{level(0, 1, 1, 2), level(1, 2, 3)}, []any{level(0, 5, 1, 2), level(1, 2, 3, 4)}},
		{[]any{level(0, 1, 1, 2), nil, level(2, 2, 3)}, []any{level(0, 1, 1), level(2, 2, 3)}},
		{[]any{level(0, 1, 1, 2)}, []any{nil, level(0, 1, 1, 2), level(1, 3)}},
		{[]any{level(0, 1), level(1, 1, 9)}, []any{nil, level(1, 1, 9)}},
	} {
		fa, err := Read(levelsDoc{tt.a})
		if err != nil {
			t.Fatal(err)
		}
		fb, err := Read(levelsDoc{tt.b})
		if err != nil {
			t.Fatal(err)
		}
		want := lines(Compare(fa, fb))
		got, err := CompareDocs(countedDoc{levelsDoc{tt.a}}, countedDoc{levelsDoc{tt.b}})
		if err != nil || !slices.Equal(lines(got), want) {
			t.Errorf("case %d: CompareDocs %q (%v), Compare %q", i, lines(got), err, want)
		}
		if i > 0 && len(want) == 0 {
			t.Errorf("case %d: no change to compare", i)
		}
		// A document that does not count its levels is read whole.
		whole, err := CompareDocs(levelsDoc{tt.a}, countedDoc{levelsDoc{tt.b}})
		if err != nil || !slices.Equal(lines(whole), want) {
			t.Errorf("case %d, read whole: %q (%v), want %q", i, lines(whole), err, want)
		}
	}
}
