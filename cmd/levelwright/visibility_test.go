package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestVisibilityCommand: without --rebuild the command reports the
// tables' shape and what they mark visible, from the tables alone, and
// writes nothing; with it, NEW holds the line-of-sight tables and the
// bits changed are printed, and a rebuild of NEW changes none.
func TestVisibilityCommand(t *testing.T) {
	path := corpus.Path(t, "turok", "kex18-vis.map")
	m := decodeTurok(t, path)
	counts := m.Visibility.Counts(m.MeshCount())
	code, stdout, stderr := runCLI(t, nil, "visibility", path)
	if code != 0 || !strings.Contains(stdout, "1152 rows of 12 bytes for 1152 sectors and 96 static meshes: fit the map") ||
		!strings.Contains(stdout, fmt.Sprintf("the tables mark %d of 110592 sector-mesh pairs visible; %d sectors see no mesh, %d meshes", counts.Pairs, counts.Blind, counts.Unseen)) {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	out := filepath.Join(t.TempDir(), "rebuilt.map")
	code, stdout, stderr = runCLI(t, nil, "visibility", path, "--rebuild", "--out", out, "--verbose")
	want := m.SightVisibility()
	if code != 0 || changedLine(t, stdout) != fmt.Sprintf("%d of 110592", codec.ChangedBits(m.Visibility, want, m.MeshCount())) || !strings.Contains(stdout, "  sector 0: +") {
		t.Fatalf("rebuild: exit %d: %.500s%s", code, stdout, stderr)
	}
	if m = decodeTurok(t, out); string(m.Visibility.Data) != string(want.Data) {
		t.Error("the written tables are not the line-of-sight tables")
	}
	again := filepath.Join(t.TempDir(), "again.map")
	if code, stdout, _ := runCLI(t, nil, "visibility", out, "--rebuild", "--out", again); code != 0 || changedLine(t, stdout) != "0 of 110592" {
		t.Errorf("the rebuilt file: exit %d: %s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
		t.Errorf("check of the rebuilt file: exit %d: %s", code, stdout)
	}
}

// decodeTurok reads the Turok map at path.
func decodeTurok(t *testing.T, path string) *codec.Map {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := codec.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// changedLine is the "N of M" of the rebuild's bits line.
func changedLine(t *testing.T, stdout string) string {
	t.Helper()
	for _, line := range strings.Split(stdout, "\n") {
		if _, rest, ok := strings.Cut(line, "line of sight: "); ok {
			n, _, _ := strings.Cut(rest, " bits")
			return n
		}
	}
	t.Fatalf("no changed bits in %q", stdout)
	return ""
}

// TestVisibilityCommandErrors: bad command lines and files are refused
// with exit status 2 and a message naming the file, writing nothing.
func TestVisibilityCommandErrors(t *testing.T) {
	dir := t.TempDir()
	plain := corpus.Path(t, "turok", "plain16.map") // no visibility tables
	junk := filepath.Join(dir, "junk.map")
	os.WriteFile(junk, []byte("not a map at all"), 0o644)
	newMap := filepath.Join(dir, "new.sav")
	if code, _, errOut := runCLI(t, nil, "new", "shock", "--out", newMap); code != 0 {
		t.Fatal(errOut)
	}
	out := filepath.Join(dir, "out.map")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"visibility"}, "usage"},
		{[]string{"visibility", plain, "--rebuild"}, "usage"},
		{[]string{"visibility", plain, "--out", out}, "usage"},
		{[]string{"visibility", plain, "--rebuild", "--out", out}, plain + ": the map has no visibility tables"},
		{[]string{"visibility", junk}, junk},
		{[]string{"visibility", newMap}, newMap + ": a System Shock"},
		{[]string{"visibility", filepath.Join(dir, "absent.map")}, "absent.map"},
	} {
		code, _, stderr := runCLI(t, nil, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, stderr, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v wrote %s", tc.args, out)
		}
	}
	if code, stdout, _ := runCLI(t, nil, "visibility", plain); code != 0 || !strings.Contains(stdout, plain+": no visibility tables") {
		t.Errorf("plain16: exit %d: %s", code, stdout)
	}
}
