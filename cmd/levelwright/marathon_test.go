package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// TestMarathonExportImport exports Marathon maps, imports the unchanged
// text to the identical file, then imports a moved endpoint and checks
// the result.
func TestMarathonExportImport(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.sceA")
	if code, _, stderr := runCLI(t, nil, "new", "marathon", "--out", fresh); code != 0 {
		t.Fatal(stderr)
	}
	paths := []string{fresh}
	if corpus.Root() != "" {
		if p := filepath.Join(corpus.Root(), "marathon", "m1", "Map.scen"); fileExists(p) {
			paths = append(paths, p)
		}
	}
	for _, path := range paths {
		exportImportsUnchanged(t, dir, path)
	}

	text := filepath.Join(dir, "level.json")
	if code, _, stderr := runCLI(t, nil, "export", fresh, "--level", "0", "--out", text); code != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(text)
	var lj map[string]any
	if err := json.Unmarshal(data, &lj); err != nil {
		t.Fatal(err)
	}
	lj["endpoints"].([]any)[0].(map[string]any)["X"] = -300.0
	data, _ = json.Marshal(lj)
	os.WriteFile(text, data, 0o644)
	out := filepath.Join(dir, "edited.sceA")
	if code, stdout, stderr := runCLI(t, nil, "import", text, "--into", fresh, "--out", out); code != 0 || !strings.Contains(stdout, "level 0: 1 edits") {
		t.Fatalf("%d %s %s", code, stdout, stderr)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
		t.Errorf("check of the edited map: %s", stdout)
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }
