package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestVisibilityCommand: without --rebuild the command reports the
// tables' shape and how many bits a rebuild would change, and writes
// nothing; with it, NEW holds the line-of-sight tables, the same number
// of changed bits is printed, and a second look finds nothing to change.
func TestVisibilityCommand(t *testing.T) {
	path := corpus.Path(t, "turok", "kex18-vis.map")
	code, stdout, stderr := runCLI(t, nil, "visibility", path)
	if code != 0 || !strings.Contains(stdout, "1152 rows of 12 bytes for 1152 sectors and 96 static meshes: fit the map") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	would := changedLine(t, stdout)
	out := filepath.Join(t.TempDir(), "rebuilt.map")
	code, stdout, stderr = runCLI(t, nil, "visibility", path, "--rebuild", "--out", out, "--verbose")
	if code != 0 || changedLine(t, stdout) != would || !strings.Contains(stdout, "  sector 0: +") {
		t.Fatalf("rebuild: exit %d: %.500s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := codec.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := m.SightVisibility(); string(m.Visibility.Data) != string(want.Data) {
		t.Error("the written tables are not the line-of-sight tables")
	}
	if code, stdout, _ := runCLI(t, nil, "visibility", out); code != 0 || changedLine(t, stdout) != "0 of 110592" {
		t.Errorf("the rebuilt file: exit %d: %s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, nil, "check", out); code != 0 {
		t.Errorf("check of the rebuilt file: exit %d: %s", code, stdout)
	}
}

// changedLine is the "N of M" of the command's bits line.
func changedLine(t *testing.T, stdout string) string {
	t.Helper()
	for _, line := range strings.Split(stdout, "\n") {
		if _, rest, ok := strings.Cut(line, "change "); ok {
			n, _, _ := strings.Cut(rest, " bits")
			return n
		}
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
