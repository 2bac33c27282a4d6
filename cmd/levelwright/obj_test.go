package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestOBJ: obj writes a level's faces as the 3D view draws them, its
// .mtl beside it, and, in a textured draw mode with the game data, every
// picture the .mtl names; without --out FILE.obj it says how to call it.
func TestOBJ(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "level1.obj")
	code, stdout, stderr := runCLI(t, nil, "obj", corpus.Path(t, "shock", "derelict", "archive.dat"), "--level", "1",
		"--data", shockdata.Dir(), "--mode", "texture", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	obj, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	faces := regexp.MustCompile(`(?m)^f `).FindAll(obj, -1)
	if want := regexp.MustCompile(`: (\d+) faces`).FindStringSubmatch(stdout); want == nil || len(faces) == 0 || want[1] != itoa(len(faces)) {
		t.Fatalf("%d faces in the file; the command said %q", len(faces), stdout)
	}
	mtl, err := os.ReadFile(filepath.Join(dir, "level1.mtl"))
	if err != nil {
		t.Fatal(err)
	}
	pictures := regexp.MustCompile(`(?m)^map_Kd (\S+)$`).FindAllSubmatch(mtl, -1)
	if len(pictures) == 0 {
		t.Fatal("a textured level's .mtl names no picture")
	}
	for _, p := range pictures {
		if _, err := os.Stat(filepath.Join(dir, string(p[1]))); err != nil {
			t.Errorf("the .mtl names %s: %v", p[1], err)
		}
	}
	if code, _, stderr := runCLI(t, nil, "obj", corpus.Path(t, "turok", "kex18-vis.map"), "--out", filepath.Join(dir, "x.png")); code != 2 || !strings.Contains(stderr, "usage") {
		t.Errorf("--out x.png: exit %d, %q", code, stderr)
	}
}
