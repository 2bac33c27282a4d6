// Package corpus finds the shared corpus of real level files
// (../shared/corpus beside the repository) for tests and benchmarks, and
// skips them with a message when it is absent, as in a user's clone.
package corpus

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Root is the corpus folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "corpus")
}

// Path is a file or folder of the corpus; the test skips when it is absent.
func Path(t testing.TB, parts ...string) string {
	p := filepath.Join(append([]string{Root()}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus file %s is absent", p)
	}
	return p
}

// Files lists every file under a folder of the corpus; the test skips
// when there is none.
func Files(t testing.TB, parts ...string) []string {
	var files []string
	filepath.WalkDir(Path(t, parts...), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skipf("no corpus files under %s", filepath.Join(parts...))
	}
	return files
}
