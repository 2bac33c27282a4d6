package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestExportImportTerminalText: a terminal's text edited in the export
// of a corpus map imports into a file that check passes, which exports
// with the new text; a colour past 7 is refused, naming the terminal,
// group, run and field, and writes nothing.
func TestExportImportTerminalText(t *testing.T) {
	path := corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	dir := t.TempDir()
	code, export, stderr := runCLI(t, nil, "export", path, "--level", "0")
	if code != 0 {
		t.Fatal(stderr)
	}
	var lj mdoc.LevelJSON
	if err := json.Unmarshal([]byte(export), &lj); err != nil {
		t.Fatal(err)
	}
	const text = "Levelwright typed this."
	for _, c := range []struct {
		name  string
		edit  func(r *mdoc.RunJSON)
		code  int
		error string
	}{
		{"text", func(r *mdoc.RunJSON) { r.Text = text }, 0, ""},
		{"colour 9", func(r *mdoc.RunJSON) { r.Color = 9 }, 2,
			"level 0: terminal 0: groups[4] (information): text[0]: color 9 is not a terminal text colour (0 to 7)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var edited mdoc.LevelJSON
			if err := json.Unmarshal([]byte(export), &edited); err != nil {
				t.Fatal(err)
			}
			c.edit(&edited.Terminals[0].Groups[4].Text[0])
			body, err := json.Marshal(edited)
			if err != nil {
				t.Fatal(err)
			}
			in, out := filepath.Join(dir, c.name+".json"), filepath.Join(dir, c.name+".sceA")
			if err := os.WriteFile(in, body, 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := runCLI(t, nil, "import", in, "--into", path, "--out", out)
			if code != c.code || !strings.Contains(stderr, c.error) {
				t.Fatalf("import: exit %d, want %d: %s", code, c.code, stderr)
			}
			if c.code != 0 {
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Errorf("the refused import wrote %s", out)
				}
				return
			}
			if code, stdout, stderr := runCLI(t, nil, "check", out); code != 0 {
				t.Errorf("check: exit %d: %s%s", code, stdout, stderr)
			}
			code, again, stderr := runCLI(t, nil, "export", out, "--level", "0")
			var back mdoc.LevelJSON
			if code != 0 || json.Unmarshal([]byte(again), &back) != nil {
				t.Fatalf("export of the import: exit %d: %s", code, stderr)
			}
			if got := back.Terminals[0].Groups[4].Text[0].Text; got != text {
				t.Errorf("the imported terminal's first run reads %q, want %q", got, text)
			}
		})
	}
}
