package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// TestPhysicsExportImport: `export` of a physics file (Marathon 2's wad,
// Marathon 1's tagged file) writes its records by name; `import` of that
// export writes the identical file, of an export with a changed vitality
// a file `check` and `roundtrip` accept that differs from the original.
func TestPhysicsExportImport(t *testing.T) {
	for _, parts := range [][]string{{"marathon", "m2", "Standard.phyA"}, {"gamedata", "marathon1", "Physics.phys"}} {
		t.Run(parts[len(parts)-1], func(t *testing.T) {
			path := corpus.Path(t, parts...)
			original, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			exported := filepath.Join(dir, "physics.json")
			if code, _, stderr := runCLI(t, nil, "export", path, "--out", exported); code != 0 {
				t.Fatal(stderr)
			}
			text, err := os.ReadFile(exported)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(text, []byte(`"name": "Fist"`)) && !bytes.Contains(text, []byte(`"name": "Weapon 0"`)) {
				t.Fatalf("the export names no weapon: %.200s", text)
			}
			same := filepath.Join(dir, "same")
			if code, _, stderr := runCLI(t, nil, "import", exported, "--into", path, "--out", same); code != 0 {
				t.Fatal(stderr)
			}
			if got, _ := os.ReadFile(same); !bytes.Equal(got, original) {
				t.Error("importing the unchanged export changed the file")
			}

			// The first "Vitality" is monster 0's.
			i := bytes.Index(text, []byte(`"Vitality":`))
			if i < 0 {
				t.Fatalf("no vitality in the export")
			}
			end := i + bytes.IndexByte(text[i:], ',')
			changed := append(append(append([]byte(nil), text[:i]...), `"Vitality": 4321`...), text[end:]...)
			os.WriteFile(exported, changed, 0o644)
			edited := filepath.Join(dir, "edited")
			if code, stdout, stderr := runCLI(t, nil, "import", exported, "--into", path, "--out", edited); code != 0 || !strings.Contains(stdout, ": 1 edits") {
				t.Fatalf("exit %d: %s %s", code, stdout, stderr)
			}
			if got, _ := os.ReadFile(edited); bytes.Equal(got, original) {
				t.Error("the changed export left the file as it was")
			}
			for _, cmd := range []string{"check", "roundtrip"} {
				if code, stdout, stderr := runCLI(t, nil, cmd, edited); code != 0 {
					t.Errorf("%s: exit %d: %s %s", cmd, code, stdout, stderr)
				}
			}
		})
	}
}
