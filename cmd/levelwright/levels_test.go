package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// copyFile copies a file into dir, for a command to write over.
func copyFile(t *testing.T, from, dir string) string {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(dir, filepath.Base(from))
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return to
}

// levelNames lists a file's levels' names with `levels FILE --json`,
// failing when their indexes do not grow or a level has no bytes.
func levelNames(t *testing.T, path string) []string {
	t.Helper()
	code, stdout, stderr := runCLI(t, nil, "levels", path, "--json")
	if code != 0 {
		t.Fatalf("levels %s: %d %s", path, code, stderr)
	}
	var levels []struct {
		Index int
		Name  string
		Size  int
	}
	if err := json.Unmarshal([]byte(stdout), &levels); err != nil {
		t.Fatal(err)
	}
	var names []string
	for i, l := range levels {
		if i > 0 && l.Index <= levels[i-1].Index || l.Size <= 0 {
			t.Fatalf("levels %s: the %dth level listed is index %d of %d bytes", path, i, l.Index, l.Size)
		}
		names = append(names, l.Name)
	}
	return names
}

// TestLevelsMarathon lists a corpus scenario's levels, copies in a level
// of another, adds, duplicates, moves, renames and deletes levels, each
// written over the file (the file it replaced kept as FILE.bak): after
// each the file lists the levels expected and checks clean.
func TestLevelsMarathon(t *testing.T) {
	dir := t.TempDir()
	path := copyFile(t, corpus.Path(t, "marathon", "jp", "tempus", "Repository-Seven.sceA"), dir)
	other := corpus.Path(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	code, stdout, _ := runCLI(t, nil, "levels", path)
	if code != 0 || !strings.Contains(stdout, "0\t\"Repository Seven\"\t") || !strings.Contains(stdout, ": 1 levels") {
		t.Fatalf("levels: %d %q", code, stdout)
	}
	steps := []struct {
		args []string
		want []string
	}{
		{[]string{"copy", other, "0"}, []string{"Repository Seven", "The Ascension Factor"}},
		{[]string{"add", "Annex"}, []string{"Repository Seven", "The Ascension Factor", "Annex"}},
		{[]string{"duplicate", "1"}, []string{"Repository Seven", "The Ascension Factor", "The Ascension Factor", "Annex"}},
		{[]string{"move", "3", "0"}, []string{"Annex", "Repository Seven", "The Ascension Factor", "The Ascension Factor"}},
		{[]string{"rename", "3", "Second Ascension"}, []string{"Annex", "Repository Seven", "The Ascension Factor", "Second Ascension"}},
		{[]string{"delete", "2"}, []string{"Annex", "Repository Seven", "Second Ascension"}},
		{[]string{"copy", other, "0", "1"}, []string{"Annex", "The Ascension Factor", "Repository Seven", "Second Ascension"}},
	}
	var before []byte // the file as the last step found it
	for _, s := range steps {
		var err error
		if before, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runCLI(t, nil, append([]string{"levels", path}, s.args...)...)
		if code != 0 || !strings.HasPrefix(stdout, path+": ") {
			t.Fatalf("levels %s: %d %q %q", s.args, code, stdout, stderr)
		}
		if got := levelNames(t, path); strings.Join(got, "|") != strings.Join(s.want, "|") {
			t.Fatalf("after %s: the levels are %q, want %q", s.args, got, s.want)
		}
		if code, stdout, _ := runCLI(t, nil, "check", path); code != 0 {
			t.Fatalf("check after %s: %s", s.args, stdout)
		}
	}
	if backup, err := os.ReadFile(path + ".bak"); err != nil || string(backup) != string(before) {
		t.Errorf("the last write kept no backup of the file it replaced: %v", err)
	}
}

// TestLevelsRefusedAndUsage: a refused operation is exit 1 with the file,
// the operation and why, and writes nothing; an unknown operation, a
// wrong count of arguments and a Turok map's operations are exit 2,
// saying what was expected.
func TestLevelsRefusedAndUsage(t *testing.T) {
	dir := t.TempDir()
	path := copyFile(t, corpus.Path(t, "marathon", "jp", "tempus", "Repository-Seven.sceA"), dir)
	turok := corpus.Path(t, "turok", "plain16.map")
	original, _ := os.ReadFile(path)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"levels", path, "delete", "0"}, 1, path + ": delete: level 0 is the only level"},
		{[]string{"levels", path, "move", "0", "x"}, 1, "TO: a level number, got \"x\""},
		{[]string{"levels", path, "clear", "0"}, 2, "a level operation of a Marathon file (add, duplicate, delete, move, rename, copy), got \"clear\""},
		{[]string{"levels", path, "rename", "0"}, 2, "usage: levelwright levels FILE rename N NAME"},
		{[]string{"levels", turok, "add", "x"}, 2, "a Turok EX file holds one level: it has no level operations"},
		{[]string{"levels"}, 2, "usage: levelwright levels FILE [--json]"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, nil, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d %q, want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != string(original) {
		t.Error("a refused operation wrote the file")
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Error("a refused operation left a backup")
	}
	code, stdout, _ := runCLI(t, nil, "levels", turok)
	if code != 0 || !strings.Contains(stdout, "0\t\"Map\"\t") {
		t.Errorf("levels of a Turok map: %d %q", code, stdout)
	}
}

// TestLevelsShock copies a level of the corpus archive into an empty
// slot and clears another, writing NEW: the archive lists the levels
// expected, checks clean, and the original is untouched.
func TestLevelsShock(t *testing.T) {
	dir := t.TempDir()
	path := corpus.Path(t, "shock", "derelict", "archive.dat")
	out := filepath.Join(dir, "archive.dat")
	if code, stdout, stderr := runCLI(t, nil, "levels", path, "copy-into", "1", "5", "--out", out); code != 0 || !strings.Contains(stdout, "copied level 1 into slot 5") {
		t.Fatalf("copy-into: %d %q %q", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, nil, "levels", out, "clear", "2"); code != 0 {
		t.Fatalf("clear: %d %q", code, stderr)
	}
	want := "Level 0|Level 1|Level 2|Level 3|Level 5|Level 10|Level 14"
	if names := strings.Join(levelNames(t, out), "|"); names != want {
		t.Fatalf("the archive lists %q, want %q", names, want)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
		t.Fatalf("check: %s", stdout)
	}
}
