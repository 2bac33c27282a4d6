package shockdata

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var update = flag.Bool("update", false, "write the stand-in game data in testdata/shockdata again")

// TestDirIsCurrent: testdata/shockdata holds exactly the files Write
// writes, byte for byte, so that the tests reading it read the stand-ins.
func TestDirIsCurrent(t *testing.T) {
	if *update {
		if err := os.MkdirAll(Dir(), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := Write(Dir()); err != nil {
			t.Fatal(err)
		}
	}
	fresh := t.TempDir()
	if err := Write(fresh); err != nil {
		t.Fatal(err)
	}
	names := func(dir string) []string {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	want, got := names(fresh), names(Dir())
	if !slices.Equal(got, want) {
		t.Fatalf("%s holds %v, Write writes %v (run with -update)", Dir(), got, want)
	}
	for _, name := range want {
		w, err := os.ReadFile(filepath.Join(fresh, name))
		if err != nil {
			t.Fatal(err)
		}
		g, err := os.ReadFile(filepath.Join(Dir(), name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(g, w) {
			t.Errorf("%s differs from what Write writes (run with -update)", filepath.Join(Dir(), name))
		}
	}
}
