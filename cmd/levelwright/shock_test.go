package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/shock"
	docshock "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/corpus"
)

func corpusShockArchive(t *testing.T) string {
	return corpus.Path(t, "shock", "derelict", "archive.dat")
}

// newFilePassesCheckAndRoundtrip runs `new GAME --out FILE` and checks that
// FILE has no problems and survives both roundtrips; it returns FILE.
func newFilePassesCheckAndRoundtrip(t *testing.T, game, name string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	if code, _, errOut := runCLI(t, nil, "new", game, "--out", out); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out, "--json"); code != 0 || strings.TrimSpace(stdout) != "[]" {
		t.Fatalf("check: exit %d: %s", code, stdout)
	}
	for _, args := range [][]string{{"roundtrip", out}, {"roundtrip", out, "--through-document"}} {
		if code, stdout, errOut := runCLI(t, nil, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s%s", args, code, stdout, errOut)
		}
	}
	return out
}

// exportImportsUnchanged exports path to JSON in dir and imports that
// text into path, expecting the identical file; it returns what import
// printed.
func exportImportsUnchanged(t *testing.T, dir, path string) string {
	t.Helper()
	text := filepath.Join(dir, "unchanged.json")
	if code, _, stderr := runCLI(t, nil, "export", path, "--out", text); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "unchanged"+filepath.Ext(path))
	code, stdout, stderr := runCLI(t, nil, "import", text, "--into", path, "--out", out)
	if code != 0 {
		t.Fatalf("%s: import: exit %d: %s%s", path, code, stdout, stderr)
	}
	want, _ := os.ReadFile(path)
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Fatalf("%s: unchanged export imports to a different file", path)
	}
	os.Remove(out)
	return stdout
}

func TestNewShockPassesCheckAndRoundtrip(t *testing.T) {
	out := newFilePassesCheckAndRoundtrip(t, "shock", "new.dat")
	code, stdout, _ := runCLI(t, nil, "info", out, "--json")
	var info struct {
		Levels []shock.Summary `json:"levels"`
	}
	if err := json.Unmarshal([]byte(stdout), &info); code != 0 || err != nil || len(info.Levels) != 1 || info.Levels[0].Objects != 0 {
		t.Fatalf("info: exit %d, %v: %s", code, err, stdout)
	}
}

func TestShockCorpusInfoCheckRoundtrip(t *testing.T) {
	path := corpusShockArchive(t)
	if code, stdout, errOut := runCLI(t, nil, "roundtrip", path, "--through-document"); code != 0 || !strings.Contains(stdout, "312 encoded from the typed model") {
		t.Fatalf("roundtrip: exit %d: %s%s", code, stdout, errOut)
	}
	// One warning: a display (level 0 object 123) in the middle of a
	// solid tile, where no one sees it.
	code, stdout, _ := runCLI(t, nil, "check", path, "--json")
	var problems []struct {
		Severity, Code string
		Level, Index   int
	}
	if err := json.Unmarshal([]byte(stdout), &problems); code != 0 || err != nil || len(problems) != 1 ||
		problems[0].Severity != "warning" || problems[0].Code != shock.CodeObjectInWall || problems[0].Level != 0 || problems[0].Index != 123 {
		t.Fatalf("check: exit %d, %v: %s", code, err, stdout)
	}
	code, stdout, _ = runCLI(t, nil, "info", path, "--json")
	var info struct {
		Levels []shock.Summary `json:"levels"`
	}
	if err := json.Unmarshal([]byte(stdout), &info); code != 0 || err != nil {
		t.Fatalf("info: exit %d, %v", code, err)
	}
	if len(info.Levels) != 6 || info.Levels[1].Objects != 353 || info.Levels[1].TriggersByType["entry"] != 14 || info.Levels[0].BlockPuzzles != 1 {
		t.Fatalf("info: %+v", info.Levels)
	}
}

// TestCheckReportsBrokenArchive breaks a list in a new archive and expects
// exit status 1 and the problem in the JSON.
func TestCheckReportsBrokenArchive(t *testing.T) {
	f, err := shock.NewArchive(1)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := shock.Decode(mustParse(t, f.Bytes()))
	l := a.Levels[1]
	l.Objects[5].Next = 3 // the free list loops: 3 → 4 → 5 → 3
	a.Encode()
	path := filepath.Join(t.TempDir(), "broken.dat")
	os.WriteFile(path, a.Res.Bytes(), 0o644)
	code, stdout, _ := runCLI(t, nil, "check", path, "--json")
	var problems []shock.Problem
	if err := json.Unmarshal([]byte(stdout), &problems); code != 1 || err != nil || len(problems) == 0 || problems[0].Code != "list-cycle" || problems[0].Level != 1 {
		t.Fatalf("exit %d, %v: %s", code, err, stdout)
	}
}

func mustParse(t *testing.T, data []byte) *lgres.File {
	f, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRoundtripMarathonCorpus(t *testing.T) {
	for _, path := range corpus.Files(t, "marathon") {
		for _, args := range [][]string{{"roundtrip", path}, {"roundtrip", path, "--through-document"}} {
			if code, out, errOut := runCLI(t, nil, args...); code != 0 {
				t.Errorf("%v: exit %d: %s%s", args, code, out, errOut)
			}
		}
	}
}

func TestCheckAndInfoMarathon1(t *testing.T) {
	path := corpus.Path(t, "marathon", "m1", "Map.scen")
	code, stdout, _ := runCLI(t, nil, "check", path, "--json")
	var problems []shock.Problem
	if err := json.Unmarshal([]byte(stdout), &problems); code != 0 || err != nil {
		t.Fatalf("check: exit %d, %v", code, err)
	}
	for _, p := range problems {
		if p.Code == "stale-derived-data" {
			t.Errorf("stored and recomputed data disagree: %+v", p)
		}
	}
	code, stdout, _ = runCLI(t, nil, "info", path, "--json")
	var info struct {
		Levels []struct {
			Name string `json:"name"`
		} `json:"levels"`
	}
	if err := json.Unmarshal([]byte(stdout), &info); code != 0 || err != nil || len(info.Levels) != 37 || info.Levels[0].Name != "Arrival" {
		t.Fatalf("info: exit %d, %v, %+v", code, err, info.Levels[:1])
	}
}

func TestNewMarathonPassesCheckAndRoundtrip(t *testing.T) {
	newFilePassesCheckAndRoundtrip(t, "marathon", "room.sceA")
}

// TestExportImportUnchanged: the corpus archive and a new one export to
// JSON that imports to the identical file; an edit to the JSON arrives
// in the file and nowhere else.
func TestExportImportUnchanged(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.res")
	if code, _, stderr := runCLI(t, nil, "new", "shock", "--out", fresh); code != 0 {
		t.Fatal(stderr)
	}
	for _, path := range []string{corpusShockArchive(t), fresh} {
		exportImportsUnchanged(t, dir, path)
	}

	// One level, one tile's floor raised.
	text := filepath.Join(dir, "level.json")
	if code, _, stderr := runCLI(t, nil, "export", fresh, "--level", "1", "--out", text); code != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(text)
	var lj map[string]any
	if err := json.Unmarshal(data, &lj); err != nil {
		t.Fatal(err)
	}
	tile := lj["tiles"].([]any)[30*64+30].(map[string]any)
	tile["floor_height"] = 9.0
	data, _ = json.Marshal(lj)
	os.WriteFile(text, data, 0o644)
	out := filepath.Join(dir, "edited.res")
	if code, stdout, stderr := runCLI(t, nil, "import", text, "--into", fresh, "--out", out); code != 0 || !strings.Contains(stdout, "level 1: 1 steps") {
		t.Fatalf("%d %s %s", code, stdout, stderr)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
		t.Fatal(stdout)
	}
	if code, stdout, _ := runCLI(t, nil, "roundtrip", out, "--through-document"); code != 0 {
		t.Fatal(stdout)
	}
	d, err := docshock.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := docshock.Open(fresh)
	for i := range d.Archive.Levels[1].Tiles {
		got, want := d.Archive.Levels[1].Tiles[i], orig.Archive.Levels[1].Tiles[i]
		if i == 30*64+30 {
			want.SetFloor(9, want.FloorRotation(), want.FloorHazard())
		}
		if got != want {
			t.Fatalf("tile %d: %+v, want %+v", i, got, want)
		}
	}
}
