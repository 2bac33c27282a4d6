// Package fuzzseed keeps a fuzz target's checked-in seed files equal to
// the seeds a test generates, so that the seeds follow the generators.
package fuzzseed

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Check compares each seed with its file testdata/fuzz/TARGET/NAME, in
// the form `go test` reads; with update set it writes the files first.
func Check(t *testing.T, target string, seeds map[string][]byte, update bool) {
	t.Helper()
	for name, data := range seeds {
		path := filepath.Join("testdata", "fuzz", target, name)
		want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
		if update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s differs from the generated seed; run go test -run TestFuzzSeeds -update-seeds", path)
		}
	}
}
