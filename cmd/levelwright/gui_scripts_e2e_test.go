package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// openFileMenu opens the File menu with a click on it, its first item
// then under the keys.
func openFileMenu(t *testing.T, p *e2e.Program) {
	t.Helper()
	shot := p.Screenshot("before-menu")
	menu, _, _, _, _ := regions(shot.Bounds())
	spans := e2e.InkSpans(shot, menu, 6)
	if len(spans) == 0 {
		t.Fatal("no menu bar")
	}
	p.Click((spans[0][0]+spans[0][1])/2, (menu.Min.Y+menu.Max.Y)/2, 1)
}

// openScriptPanel opens File > Run Script… with the keyboard: the File
// menu, then Down to the eighth item (Open, Open Recent, Save, Save As,
// Revert, Compare with, Playtest, Run Script) and Return.
func openScriptPanel(t *testing.T, p *e2e.Program) {
	t.Helper()
	openFileMenu(t, p)
	// Open, Open Recent, Save, Save As, Save as Plain Map, Revert, Export
	// OBJ, Compare, Playtest, Playtest from Here, then Run Script.
	p.Key("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down")
	p.Screenshot("file-menu")
	p.Key("Return")
	p.WaitDialog("Script")
}

// cli runs the binary with args and returns its output; exit status 1
// is a diff's "they differ", not a failure.
func cli(t *testing.T, bin string, args ...string) string {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1 && args[0] == "diff") {
		t.Fatalf("levelwright %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestGUIScripts, as a Marathon modder with the keyboard: File > Run
// Script… runs docs/scripts/dim-lights.lua typed into the Script panel;
// Ctrl+Z undoes the whole run in one step; the panel opens again with an
// empty path, where Return runs nothing, the script typed runs again and
// Ctrl+S saves. F5 starts the
// stand-in engine of the preferences on a scratch copy of the saved
// level, level 0, leaving the user's file alone. The saved file checks
// clean and differs from the original by exactly what the same script
// run from the command line changes, byte for byte.
func TestGUIScripts(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	work := t.TempDir()
	engine, record := filepath.Join(work, "engine.sh"), filepath.Join(work, "args.txt")
	if err := os.WriteFile(engine, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\" > "+record+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	prefs := map[string]any{"playtest.marathon": engine + " -map {file} -level {level}"}
	lua := filepath.Join(e2e.RepoRoot(t), "docs", "scripts", "dim-lights.lua")

	p := e2e.StartWithPreferences(t, d, bin, prefs, `^Aaron-Eternal\.sceA — Levelwright$`, path)
	p.WaitLoaded(path)
	openScriptPanel(t, p)
	p.Type(lua)
	p.Key("Return")
	p.Screenshot("ran")
	waitTitle(t, p, true)
	p.Key("Escape") // the run left the path entry: Escape closes the panel
	p.WaitNoDialog("Script")
	p.Key("ctrl+z")
	waitTitle(t, p, false) // the whole run was one step
	p.Screenshot("undone")

	openScriptPanel(t, p) // an empty path: no script runs by mistake
	p.Key("Return")
	p.Screenshot("nothing-chosen")
	if title := p.Title(); strings.Contains(title, "*") {
		t.Fatalf("Return with no script chosen changed the file: %q", title)
	}
	p.Type(lua)
	p.Key("Return")
	p.Screenshot("ran-again")
	waitTitle(t, p, true)
	p.Key("Escape")
	p.WaitNoDialog("Script")
	p.Key("ctrl+s")
	waitTitle(t, p, false)
	saved := mustReadFile(t, path)

	p.Key("F5")
	p.WaitStatus("Playtesting ")
	e2e.Eventually(t, "the engine's record of its arguments", func() bool { return len(readOrNil(record)) > 0 })
	args := strings.Fields(string(mustReadFile(t, record)))
	if len(args) != 4 || args[0] != "-map" || args[2] != "-level" || args[3] != "0" {
		t.Fatalf("the engine got %q, want -map SCRATCH -level 0", args)
	}
	if args[1] == path || filepath.Base(args[1]) != filepath.Base(path) {
		t.Errorf("the engine got %s, want a scratch copy named as %s", args[1], path)
	}
	if !bytes.Equal(mustReadFile(t, args[1]), saved) {
		t.Error("the scratch copy is not the level as saved")
	}
	os.RemoveAll(filepath.Dir(args[1]))
	p.Screenshot("playtest")
	quit(t, p)
	if !bytes.Equal(mustReadFile(t, path), saved) {
		t.Error("playtesting changed the user's file")
	}

	if out := cli(t, bin, "check", path); !strings.Contains(out, ": 0 problems, 0 errors") {
		t.Errorf("check of the saved file:\n%s", out)
	}
	before := filepath.Join(work, "original.sceA")
	expected := filepath.Join(work, "expected.sceA")
	if err := os.WriteFile(before, original, 0o644); err != nil {
		t.Fatal(err)
	}
	cli(t, bin, "script", before, lua, "--out", expected)
	got, want := cli(t, bin, "diff", before, path), cli(t, bin, "diff", before, expected)
	if got == "" || got != want {
		t.Errorf("diff of the saved file:\n%s\nwant the script's edits:\n%s", got, want)
	}
	for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
		if !strings.HasPrefix(line, "level 0: lights ") {
			t.Errorf("the saved file differs by more than lights: %s", line)
		}
	}
	if !bytes.Equal(saved, mustReadFile(t, expected)) {
		t.Error("the file saved after the GUI's run differs from the command line's run")
	}
}
