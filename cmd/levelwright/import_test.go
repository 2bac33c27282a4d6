package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/document"
)

// newFiles are the games and a name for a new file of each.
var newFiles = []struct{ name, file string }{{"shock", "new.dat"}, {"marathon", "new.sceA"}, {"turok", "new.map"}}

// newExport makes a new file of game, named file in a new folder, and
// exports it: every level (System Shock and Marathon: an array of
// one), or Turok's map.
func newExport(t *testing.T, game, file string) (dir, path, export string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, file)
	if code, _, stderr := runCLI(t, nil, "new", game, "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	code, export, stderr := runCLI(t, nil, "export", path)
	if code != 0 {
		t.Fatal(stderr)
	}
	return dir, path, export
}

// TestImportRefusesJSONThatDoesNotFit: for every game, JSON with a field
// the schema lacks, a null, a level given twice, or text after the value
// is refused with its offset, exit status 2, and nothing written.
func TestImportRefusesJSONThatDoesNotFit(t *testing.T) {
	for _, game := range newFiles {
		t.Run(game.name, func(t *testing.T) {
			dir, path, export := newExport(t, game.name, game.file)
			if strings.Contains(export, "null") {
				t.Errorf("the export of a new file has a null: empty lists are []")
			}
			one := strings.TrimSpace(export)
			if game.name != "turok" {
				one = strings.TrimSuffix(strings.TrimPrefix(one, "["), "]")
			}
			cases := map[string]string{
				"unknown field": strings.Replace(one, "{", `{"no_such_field": 1,`, 1),
				"null":          strings.Replace(one, "{", `{"no_such_field": null,`, 1),
				"trailing text": one + " {}",
				"truncated":     one[:len(one)/2],
			}
			// An unknown field in the first object of a list, beside
			// the known fields of the same name.
			second := strings.Index(one[1:], "{") + 2
			cases["nested field"] = one[:second] + `"no_such_field": 1,` + one[second:]
			// Where each is refused: where the field, the end of the
			// text or the trailing text is.
			at := func(what string, offset int) string { return document.Position([]byte(cases[what]), int64(offset)) }
			wants := map[string]string{
				"unknown field": at("unknown field", strings.Index(cases["unknown field"], `"no_such_field"`)) + `: unknown field "no_such_field"`,
				"nested field":  at("nested field", second) + `: unknown field "no_such_field"`,
				"truncated":     at("truncated", len(cases["truncated"])) + ": expected the rest",
				"trailing text": at("trailing text", len(one)+1) + ": expected the end",
			}
			if game.name != "turok" {
				cases["level twice"] = "[" + one + "," + one + "]"
			}
			for what, text := range cases {
				in := filepath.Join(dir, "in.json")
				os.WriteFile(in, []byte(text), 0o644)
				out := filepath.Join(dir, "out")
				code, _, stderr := runCLI(t, nil, "import", in, "--into", path, "--out", out)
				if code != 2 || !strings.Contains(stderr, "offset") && what != "level twice" {
					t.Errorf("%s: exit %d: %s", what, code, stderr)
				}
				if what == "level twice" && !strings.Contains(stderr, "twice") {
					t.Errorf("%s: %s", what, stderr)
				}
				if want := wants[what]; !strings.Contains(stderr, want) {
					t.Errorf("%s: %s, want %q", what, stderr, want)
				}
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Errorf("%s: the refused import wrote %s", what, out)
				}
			}
		})
	}
}

// TestImportSkipsByteOrderMark: an export with a UTF-8 byte-order mark
// in front imports, for every game, to the identical file.
func TestImportSkipsByteOrderMark(t *testing.T) {
	for _, game := range newFiles {
		dir, path, export := newExport(t, game.name, game.file)
		in, out := filepath.Join(dir, "in.json"), filepath.Join(dir, "out")
		os.WriteFile(in, []byte("\uFEFF"+export), 0o644)
		if code, _, stderr := runCLI(t, nil, "import", in, "--into", path, "--out", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", game.name, code, stderr)
		}
		if !bytes.Equal(mustReadFile(t, out), mustReadFile(t, path)) {
			t.Errorf("%s: the unchanged export with a byte-order mark imports to a different file", game.name)
		}
	}
}

// TestExportOutIsAtomic: export --out replaces an earlier export whole,
// and a failed export leaves it as it was.
func TestExportOutIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.map")
	if code, _, stderr := runCLI(t, nil, "new", "turok", "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "map.json")
	old := []byte("an earlier export")
	os.WriteFile(out, old, 0o644)
	if code, _, stderr := runCLI(t, nil, "export", filepath.Join(dir, "missing.map"), "--out", out); code != 2 {
		t.Fatalf("exporting a missing file: exit %d %s", code, stderr)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, old) {
		t.Fatal("a failed export changed the earlier one")
	}
	code, stdout, stderr := runCLI(t, nil, "export", path)
	if code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCLI(t, nil, "export", path, "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != stdout {
		t.Error("export --out differs from the export printed")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the folder, want the map and its export", len(entries))
	}
}
