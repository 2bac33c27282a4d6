// Package doctest holds helpers for the tests of the games' documents.
package doctest

import (
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/document"
)

// Bytes is d's file as it is now, failing t when d cannot encode it.
func Bytes(t testing.TB, d interface{ Bytes() ([]byte, error) }) []byte {
	t.Helper()
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// CheckClean fails t when format's check of data, a file saved after
// when, finds errors.
func CheckClean(t testing.TB, format document.Format, data []byte, when string) {
	t.Helper()
	problems, err := format.Check(data)
	if err != nil {
		t.Fatalf("%s: check: %v", when, err)
	}
	if errs := bin.Errors(problems); len(errs) > 0 {
		t.Fatalf("%s: check: %v", when, errs[0])
	}
}

// OneStep runs do, named what, and fails t unless it succeeds and
// records exactly one step in history.
func OneStep(t testing.TB, history interface{ Steps() (undo, redo int) }, what string, do func() error) {
	t.Helper()
	depth, _ := history.Steps()
	if err := do(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if n, _ := history.Steps(); n != depth+1 {
		t.Fatalf("%s: %d steps recorded, want 1", what, n-depth)
	}
}
