package document

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// unpacked is a Format whose files expand to ten times their size.
type unpacked struct{ Format }

func (unpacked) Unpacked(data []byte) (int64, error) { return 10 * int64(len(data)), nil }

// TestReadTextLimit: an export text up to the limit the file sets is
// read; one byte more is refused, by its size, naming the text, the
// limit and the rule; a compressed format's limit follows the expanded
// size.
func TestReadTextLimit(t *testing.T) {
	dir := t.TempDir()
	data := make([]byte, 1000)
	for _, tt := range []struct {
		format   Format
		limit    int64
		expanded string
	}{{nil, textFloor + textFactor*1000, ""}, {unpacked{}, textFloor + textFactor*10000, " expanded"}} {
		path := filepath.Join(dir, "level.json")
		if err := os.WriteFile(path, make([]byte, tt.limit), 0o644); err != nil {
			t.Fatal(err)
		}
		if text, err := ReadText(path, tt.format, "level.dat", data); err != nil || int64(len(text)) != tt.limit {
			t.Errorf("a text of the limit's %d bytes: %d bytes read, %v", tt.limit, len(text), err)
		}
		if err := os.Truncate(path, tt.limit+1); err != nil {
			t.Fatal(err)
		}
		_, err := ReadText(path, tt.format, "level.dat", data)
		if err == nil || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), "more than the ") ||
			!strings.Contains(err.Error(), "bytes"+tt.expanded+")") {
			t.Errorf("a text a byte over the limit %d: %v", tt.limit, err)
		}
	}
	if _, err := ReadText(filepath.Join(dir, "missing.json"), nil, "level.dat", data); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing text: %v", err)
	}
}

// TestReadFileJudgesBeforeReading: a 200 MB file over the limit is
// refused by its size, allocating nothing like its size.
func TestReadFileJudgesBeforeReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 200<<20); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadFile(path, MaxFileSize/2, "a test allows")
	runtime.ReadMemStats(&after)
	if want := fmt.Sprintf("%s: %d bytes, more than the %d bytes a test allows", path, 200<<20, MaxFileSize/2); err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing the file allocated %d bytes", n)
	}
}
