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

// TestConvertPlain converts every corpus Marathon file that has
// preprocessed levels: the plain file checks clean and round-trips,
// through the document too, and converting it again writes nothing. A
// plain file is left alone.
func TestConvertPlain(t *testing.T) {
	dir := t.TempDir()
	converted := 0
	for _, path := range corpus.Files(t, "marathon") {
		out := filepath.Join(dir, "plain-"+filepath.Base(path))
		code, stdout, stderr := runCLI(t, nil, "convert", "--plain", path, "--out", out)
		if code != 0 {
			t.Fatalf("convert %s: exit %d: %s", path, code, stderr)
		}
		if strings.Contains(stdout, "plain already") {
			if fileExists(out) {
				t.Errorf("convert %s: plain already, but %s was written", path, out)
			}
			continue
		}
		converted++
		if !strings.Contains(stdout, "written plain to "+out) {
			t.Errorf("convert %s: %q", path, stdout)
		}
		if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
			t.Errorf("check %s: exit %d: %s", out, code, stdout)
		}
		for _, args := range [][]string{{"roundtrip", out}, {"roundtrip", out, "--through-document"}} {
			if code, stdout, stderr := runCLI(t, nil, args...); code != 0 {
				t.Errorf("%v: exit %d: %s%s", args, code, stdout, stderr)
			}
		}
		again := filepath.Join(dir, "again.sceA")
		if code, stdout, _ := runCLI(t, nil, "convert", "--plain", out, "--out", again); code != 0 || !strings.Contains(stdout, "every level is plain already") || fileExists(again) {
			t.Errorf("converting %s again: exit %d: %q", out, code, stdout)
		}
	}
	if converted == 0 {
		t.Skip("no corpus file has preprocessed levels")
	}
	if code, _, stderr := runCLI(t, nil, "convert", "--out", filepath.Join(dir, "x")); code != 2 || !strings.Contains(stderr, "convert --plain FILE --out NEW") {
		t.Errorf("convert without --plain: exit %d: %s", code, stderr)
	}
	t.Logf("%d corpus files converted", converted)
}
