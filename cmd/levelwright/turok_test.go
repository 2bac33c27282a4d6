package main

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

func TestTurokCorpusRoundtripInfoCheck(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		for _, args := range [][]string{{"roundtrip", path}, {"roundtrip", path, "--through-document"}} {
			if code, out, errOut := runCLI(t, nil, args...); code != 0 || !strings.Contains(out, "identical") {
				t.Errorf("%v: exit %d: %s%s", args, code, out, errOut)
			}
		}
		code, stdout, _ := runCLI(t, nil, "info", path, "--json")
		var info struct {
			Sectors int `json:"sectors"`
			Actors  int `json:"actors"`
		}
		if err := json.Unmarshal([]byte(stdout), &info); code != 0 || err != nil || info.Sectors == 0 || info.Actors == 0 {
			t.Errorf("info %s: exit %d, %v, %+v", path, code, err, info)
		}
		if code, stdout, _ := runCLI(t, nil, "check", path); code != 0 {
			t.Errorf("check %s: exit %d: %s", path, code, stdout)
		}
	}
}

func TestNewTurokPassesCheckAndRoundtrip(t *testing.T) {
	newFilePassesCheckAndRoundtrip(t, "turok", "terrain.map")
}

// TestDamagedTurokNamesPathAndOffset: a sector data set with a wrong
// stride is refused with one line naming the file, the archive path and
// the offset.
func TestDamagedTurokNamesPathAndOffset(t *testing.T) {
	good := newFilePassesCheckAndRoundtrip(t, "turok", "good.map")
	data, _ := os.ReadFile(good)
	le := binary.LittleEndian
	collision := le.Uint32(data[4+4*3:])                     // root[3]
	sectors := collision + le.Uint32(data[collision+4+4*2:]) // root[3][2]
	le.PutUint32(data[sectors:], 17)
	bad := filepath.Join(filepath.Dir(good), "bad.map")
	os.WriteFile(bad, data, 0o644)
	code, stdout, stderr := runCLI(t, nil, "roundtrip", bad, "--through-document")
	want := []string{bad, "root[3][2]", "offset " + itoa(int(sectors)), "16 or 18 bytes"}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q lacks %q", stderr, w)
		}
	}
	if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestTurokExportImport: an unchanged export of a new map and of every
// corpus map imports to the identical file; an edited vertex height and
// an actor's spawn flags by name arrive as two edits, and the result
// passes check.
func TestTurokExportImport(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.map")
	if code, _, stderr := runCLI(t, nil, "new", "turok", "--out", fresh); code != 0 {
		t.Fatal(stderr)
	}
	paths := []string{fresh}
	if fileExists(filepath.Join(corpus.Root(), "turok")) {
		paths = append(paths, corpus.Files(t, "turok")...)
	}
	text := filepath.Join(dir, "map.json")
	for _, path := range paths {
		if stdout := exportImportsUnchanged(t, dir, path); !strings.Contains(stdout, "map: 0 edits") {
			t.Fatalf("%s: an unchanged import says %q", path, stdout)
		}
	}
	if code, _, stderr := runCLI(t, nil, "export", fresh, "--level", "0", "--out", text); code != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(text)
	var mj map[string]any
	if err := json.Unmarshal(data, &mj); err != nil {
		t.Fatal(err)
	}
	mj["vertices"].([]any)[6].(map[string]any)["Height"] = 700.0
	mj["actors"].([]any)[0].(map[string]any)["SpawnFlags1"] = []string{"Solid", "CastShadow"}
	data, _ = json.Marshal(mj)
	os.WriteFile(text, data, 0o644)
	out := filepath.Join(dir, "edited.map")
	if code, stdout, stderr := runCLI(t, nil, "import", text, "--into", fresh, "--out", out); code != 0 || !strings.Contains(stdout, "map: 2 edits") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
		t.Errorf("check of the edited map: %s", stdout)
	}
	if code, _, stderr := runCLI(t, nil, "export", fresh, "--level", "1"); code != 2 || !strings.Contains(stderr, "one level") {
		t.Errorf("--level 1 of a Turok map: exit %d, %s", code, stderr)
	}
}
