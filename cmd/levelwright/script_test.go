package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptCommand: `script` writes a script's edits to --out, --check
// runs it and writes nothing, and a failing script writes nothing and
// exits 1; a file that cannot be read exits 2.
func TestScriptCommand(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.sceA")
	if code, _, stderr := runCLI(t, nil, "new", "marathon", "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	original, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	edit := write("edit.lua", `local l = lw.level() print("objects", #l.objects) l.objects[1].Facing = 64 lw.commit(l)`)
	broken := write("broken.lua", `local l = lw.level() l.objects[1].Facing = 64 lw.commit(l) error("half way")`)
	runaway := write("runaway.lua", `while true do end`)
	backtracking := write("backtracking.lua", `print((("a"):rep(40).."b"):find(("a*"):rep(40).."c"))`)
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
		writes bool
	}{
		{"edit", []string{edit, "--out", "out.sceA"}, 0, "objects\t1\nchanged 1 entities\n  changed: level 0 objects 1\n", "", true},
		{"check", []string{edit, "--check", "--level", "0"}, 0, "objects\t1\nwould have changed 1 entities\n  would have changed: level 0 objects 1\n", "", false},
		{"script error", []string{broken, "--out", "out.sceA"}, 1, "", "broken.lua:1: half way", false},
		{"runaway", []string{runaway, "--out", "out.sceA"}, 1, "", "step budget", false},
		{"time limit", []string{backtracking, "--time", "0.5", "--check"}, 1, "", "stopped at the time limit of 500ms", false},
		{"bad time", []string{edit, "--time", "0", "--check"}, 2, "", "--time wants a number of seconds above 0", false},
		{"missing script", []string{filepath.Join(dir, "none.lua"), "--out", "out.sceA"}, 2, "", "none.lua", false},
		{"no --out or --check", []string{edit}, 2, "", "usage", false},
		{"both --out and --check", []string{edit, "--check", "--out", "out.sceA"}, 2, "", "usage", false},
		{"bad level", []string{edit, "--level", "x", "--check"}, 2, "", "--level wants a number", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, "out.sceA")
			os.Remove(out)
			args := []string{"script", path}
			for _, a := range c.args {
				if a == "out.sceA" {
					a = out
				}
				args = append(args, a)
			}
			code, stdout, stderr := runCLI(t, nil, args...)
			if code != c.code || !strings.Contains(stderr, c.stderr) || c.stdout != "" && stdout != c.stdout {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d, %q, %q", code, stdout, stderr, c.code, c.stdout, c.stderr)
			}
			written, err := os.ReadFile(out)
			if c.writes != (err == nil) {
				t.Fatalf("wrote %s: %v, want %v", out, err == nil, c.writes)
			}
			if c.writes {
				if bytes.Equal(written, original) {
					t.Error("the written file is the original")
				}
				_, export, _ := runCLI(t, nil, "export", out, "--level", "0")
				if !strings.Contains(export, `"Facing": 64`) {
					t.Errorf("the written file lacks the edit:\n%.400s", export)
				}
			}
			if now, _ := os.ReadFile(path); !bytes.Equal(now, original) {
				t.Error("the script changed its input file")
			}
		})
	}
}

// TestScriptCommandUnreadable: a file no game reads exits 2.
func TestScriptCommandUnreadable(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.dat")
	lua := filepath.Join(dir, "s.lua")
	os.WriteFile(junk, []byte("not a level file"), 0o644)
	os.WriteFile(lua, []byte("print(1)"), 0o644)
	if code, _, stderr := runCLI(t, nil, "script", junk, lua, "--check"); code != 2 || !strings.Contains(stderr, "junk.dat") {
		t.Errorf("exit %d, stderr %q; want 2 naming the file", code, stderr)
	}
}
