package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/diff"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

// anEdit sets one field of one entity of a level's exported text.
type anEdit struct {
	level       int
	list        string
	place       int
	field, text string // the field and its new value as JSON text
}

// diffCase is a corpus file of a game and edits to it: two that touch
// different entities and one that conflicts with the first.
type diffCase struct {
	game, path     string
	ours, theirs   anEdit
	clash          anEdit
	wantOurs, want string // the diff line of ours
}

func diffCases(t *testing.T) []diffCase {
	return []diffCase{
		{game: "marathon", path: corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA"),
			ours: anEdit{0, "objects", 2, "Facing", "100"}, theirs: anEdit{0, "objects", 5, "Facing", "200"},
			clash: anEdit{0, "objects", 2, "Facing", "300"}, wantOurs: "level 0: objects 2 changed: Facing 129 -> 100"},
		{game: "shock", path: corpus.Path(t, "shock", "derelict", "archive.dat"),
			ours: anEdit{1, "objects", 0, "heading", "64"}, theirs: anEdit{1, "objects", 10, "heading", "128"},
			clash: anEdit{1, "objects", 0, "heading", "32"}, wantOurs: "level 1: objects 1 changed: heading 0 -> 64"},
		{game: "turok", path: corpus.Path(t, "turok", "plain16.map"),
			ours: anEdit{0, "actors", 0, "Health", "7"}, theirs: anEdit{0, "actors", 3, "Health", "9"},
			clash: anEdit{0, "actors", 0, "Health", "8"}},
	}
}

// edited writes a copy of path with edits applied through `import`, and
// returns its path.
func edited(t *testing.T, path string, edits ...anEdit) string {
	t.Helper()
	code, export, stderr := runCLI(t, nil, "export", path)
	if code != 0 {
		t.Fatal(stderr)
	}
	f, err := diff.Parse([]byte(export))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		var list []any
		for i, l := range f.Levels {
			if n, ok := l["level"].(json.Number); (ok && n.String() == strconv.Itoa(e.level)) || (!ok && i == e.level) {
				list = l[e.list].([]any)
			}
		}
		list[e.place].(map[string]any)[e.field] = json.Number(e.text)
	}
	text, err := f.Text()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	jsonPath, out := filepath.Join(dir, "edit.json"), filepath.Join(dir, filepath.Base(path))
	if err := os.WriteFile(jsonPath, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, nil, "import", jsonPath, "--into", path, "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	return out
}

// TestDiff: for every game, a file against itself differs in nothing; an
// edited copy differs in exactly its edit, by field name, as text and as
// JSON.
func TestDiff(t *testing.T) {
	for _, c := range diffCases(t) {
		t.Run(c.game, func(t *testing.T) {
			if code, out, stderr := runCLI(t, nil, "diff", c.path, c.path); code != 0 || out != "" {
				t.Fatalf("itself: exit %d, %q %s", code, out, stderr)
			}
			ours := edited(t, c.path, c.ours)
			code, out, stderr := runCLI(t, nil, "diff", c.path, ours)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != 1 || len(lines) != 1 || !strings.Contains(lines[0], "changed: "+c.ours.field+" ") {
				t.Fatalf("edited: exit %d, %q %s", code, out, stderr)
			}
			if c.wantOurs != "" && lines[0] != c.wantOurs {
				t.Errorf("edited: %q, want %q", lines[0], c.wantOurs)
			}
			_, text, _ := runCLI(t, nil, "diff", "--json", c.path, ours)
			var changes []diff.Change
			if err := json.Unmarshal([]byte(text), &changes); err != nil || len(changes) != 1 ||
				changes[0].Change != "changed" || changes[0].List != c.ours.list || changes[0].Fields[0].Name != c.ours.field {
				t.Errorf("--json: %s (%v)", text, err)
			}
		})
	}
}

// TestMerge: for every game, merging two sides that changed different
// entities gives the bytes of both edits applied; two sides that changed
// one field two ways are reported and nothing is written.
func TestMerge(t *testing.T) {
	for _, c := range diffCases(t) {
		t.Run(c.game, func(t *testing.T) {
			ours, theirs, both := edited(t, c.path, c.ours), edited(t, c.path, c.theirs), edited(t, c.path, c.ours, c.theirs)
			out := filepath.Join(t.TempDir(), "merged")
			code, stdout, stderr := runCLI(t, nil, "merge", c.path, ours, theirs, "--out", out)
			if code != 0 {
				t.Fatalf("exit %d: %s %s", code, stdout, stderr)
			}
			got, _ := os.ReadFile(out)
			want, _ := os.ReadFile(both)
			if !bytes.Equal(got, want) {
				_, d, _ := runCLI(t, nil, "diff", both, out)
				t.Errorf("the merge differs from both edits applied:\n%s", d)
			}
			if code, _, _ := runCLI(t, nil, "check", out); code != 0 {
				t.Errorf("check of the merge: exit %d", code)
			}

			clash := edited(t, c.path, c.clash)
			gone := filepath.Join(t.TempDir(), "conflict")
			code, stdout, _ = runCLI(t, nil, "merge", c.path, ours, clash, "--out", gone)
			if code != 1 || !strings.Contains(stdout, "1 conflicts") || !strings.Contains(stdout, c.ours.field+": changed both ways") {
				t.Errorf("conflict: exit %d, %s", code, stdout)
			}
			if _, err := os.Stat(gone); !os.IsNotExist(err) {
				t.Error("a merge with conflicts wrote its file")
			}
		})
	}
}

// TestDiffTurokAddedMesh: a static mesh placed in a Turok map is one
// addition to its grid section's meshes, by index, in the text and in
// the JSON, not the section's whole list of meshes.
func TestDiffTurokAddedMesh(t *testing.T) {
	path := corpus.Path(t, "turok", "plain16.map")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := tdoc.Load(path, data)
	if err != nil {
		t.Fatal(err)
	}
	copied := d.Map.Sections[0].Meshes[3] // the same box: the section's bounds stay
	copied.Model = "models/placed.kmesh"
	if _, err := d.PlaceMesh(copied); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "placed.map")
	if err := os.WriteFile(out, doctest.Bytes(t, d), 0o644); err != nil {
		t.Fatal(err)
	}
	n := len(d.Map.Sections[0].Meshes) - 1
	code, text, stderr := runCLI(t, nil, "diff", path, out)
	if want := fmt.Sprintf("level 0: sections 0 changed: Meshes[%d] added\n", n); code != 1 || text != want {
		t.Fatalf("exit %d: %q, want %q %s", code, text, want, stderr)
	}
	_, text, _ = runCLI(t, nil, "diff", "--json", path, out)
	var changes []diff.Change
	if err := json.Unmarshal([]byte(text), &changes); err != nil || len(changes) != 1 || len(changes[0].Fields) != 1 ||
		changes[0].Fields[0].From != nil || changes[0].Fields[0].To.(map[string]any)["Model"] != copied.Model {
		t.Errorf("--json: %s (%v)", text, err)
	}
}
