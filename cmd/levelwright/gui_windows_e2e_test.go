package main

import (
	"bytes"
	"context"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/e2e"
)

// openSecondRecent opens the second file of File > Open Recent with the
// keyboard: a click on File, Down twice to Open Recent, Right into its
// list (the file open first, as opening it put it on top), Down to the
// second file and Return. Fyne's Open dialog has no entry a path can be
// typed into, so the recent files, set in the preferences, stand for it.
func openSecondRecent(t *testing.T, p *e2e.Program) {
	t.Helper()
	openFileMenu(t, p)
	p.Key("Down", "Down", "Right", "Down")
	p.Screenshot("open-recent")
	p.Key("Return")
}

// titleOf is the pattern of the main window's title for a file, unsaved
// mark or not.
func titleOf(name string) string {
	return "^" + regexp.QuoteMeta(name) + `\*? — Levelwright$`
}

// TestGUIFileWithoutLevels: from a map, File > Open Recent opens a file
// without levels (System Shock's texture.res after its archive, a
// Marathon physics file after a map); the title names it, the viewport
// shows its overview instead of the previous map, and Ctrl+A then Delete
// there change nothing to save.
func TestGUIFileWithoutLevels(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	for _, c := range []struct {
		name        string
		map_, other []string
	}{
		{"shock", []string{"shock", "derelict", "archive.dat"}, []string{"shock", "derelict", "texture.res"}},
		{"marathon", []string{"marathon", "m1", "Map.scen"}, []string{"gamedata", "marathon1", "Physics.phys"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, _ := corpusCopy(t, c.map_...)
			other, original := corpusCopy(t, c.other...)
			mapName, otherName := c.map_[len(c.map_)-1], c.other[len(c.other)-1]
			prefs := map[string]any{"recentFiles": []string{other}}
			p := e2e.StartWithPreferences(t, d, bin, prefs, titleOf(mapName), path)
			p.WaitLoaded(path)
			before := p.Screenshot("map")
			openSecondRecent(t, p)
			p.WaitLoaded(other)
			after := p.Screenshot("opened-" + otherName)
			_, _, view, _, _ := regions(after.Bounds())
			if f := e2e.ChangedFraction(before, after, view); f < 0.3 {
				t.Errorf("the viewport changed in %.0f%% of its pixels from the map's to %s's, want 30%% or more", 100*f, otherName)
			}
			p.Click((view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2, 1)
			p.Key("ctrl+a", "Delete")
			if st := p.State(); st.Dirty || st.Steps != 0 {
				t.Errorf("after Ctrl+A and Delete %s has %d steps, unsaved changes %v; want none", otherName, st.Steps, st.Dirty)
			}
			p.Screenshot("select-all-delete")
			if title := p.Title(); !regexp.MustCompile(titleOf(otherName)).MatchString(title) || strings.Contains(title, "*") {
				t.Errorf("after Ctrl+A and Delete the title is %q, want %s unmarked", title, otherName)
			}
			quit(t, p)
			if !bytes.Equal(mustReadFile(t, other), original) {
				t.Errorf("%s changed on disk", otherName)
			}
		})
	}
}

// xdotool runs xdotool with args in display d and returns its output;
// exit status 1 is a search's "none found", not a failure.
func xdotool(t *testing.T, d *e2e.Display, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(cmd.Environ(), "DISPLAY="+d.Name)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1 && args[0] == "search") {
		t.Fatalf("xdotool %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// visibleWindows lists the ids of the visible windows of display d whose
// title matches pattern.
func visibleWindows(t *testing.T, d *e2e.Display, pattern string) []string {
	t.Helper()
	return strings.Fields(xdotool(t, d, "search", "--onlyvisible", "--name", pattern))
}

// terminalPanelLine is the index of a line of level 0 whose side's
// control panel shows terminal 0.
func terminalPanelLine(t *testing.T, path string, data []byte) int {
	t.Helper()
	d, err := mdoc.Load(path, data)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range d.Levels[0].Sides {
		if c, ok := mcodec.ControlPanel(s); ok && c == mcodec.PanelTerminal && s.ControlPanelPermutation == 0 {
			return int(s.Line)
		}
	}
	t.Fatalf("%s's level 0 has no control panel of terminal 0", path)
	return -1
}

// TestGUITerminalWindowBelongsToItsFile, with keys and clicks only: Go
// to (Ctrl+G) selects the line of terminal 0's control panel, its
// inspector's button opens the terminal's window; text typed there and
// not applied leaves the map unmarked; Ctrl+S in that window applies and
// saves it. Text typed again, then opening another map asks about it;
// Discard closes the terminal's window and opens the map, the file
// keeping what was saved.
func TestGUITerminalWindowBelongsToItsFile(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	other, _ := corpusCopy(t, "marathon", "m1", "Map.scen")
	line := terminalPanelLine(t, path, original)
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	prefs := map[string]any{"recentFiles": []string{other}}
	p := e2e.StartWithPreferences(t, d, bin, prefs, titleOf("Genie-In-A-Bottle.sceA"), path)
	p.WaitLoaded(path)
	const terminal = `^Terminal 0, level 0$`
	if ids := visibleWindows(t, d, terminal); len(ids) != 0 {
		t.Fatalf("a terminal window before any was opened: %v", ids)
	}

	// Go to: Shift+Tab from the index to the kind, Right from the first
	// kind drawn (polygon) to the next (line), Tab back to the index.
	p.Key("ctrl+g")
	p.WaitDialog("Go to")
	p.Key("shift+Tab", "Right", "Tab")
	p.Screenshot("go-to")
	p.Key(append(strings.Split(strconv.Itoa(line), ""), "Return")...)
	shot := p.Screenshot("line-selected")
	button, ok := buttonAt(shot, inspectorPanel(shot.Bounds()))
	if !ok {
		t.Fatal("no button in the inspector of the panel's line")
	}
	p.Click(button.X, button.Y, 1)
	w := p.Other(terminal)
	w.Screenshot("terminal-window")

	w.Key("ctrl+a")
	w.Type("Typed in the terminal window, saved with its Ctrl+S.")
	if title := p.Title(); strings.Contains(title, "*") {
		t.Errorf("text typed and not applied marks the map: %q", title)
	}
	typed := w.Screenshot("typed")
	w.Key("ctrl+s") // in the text, which holds the keys: the window's

	p.WaitFor("the terminal's text applied and saved", func(s levelwright.State) bool { return s.Steps > 0 && !s.Dirty && !s.Busy })
	waitTitle(t, p, false)
	w.Screenshot("saved")
	saved := mustReadFile(t, path)
	if bytes.Equal(saved, original) {
		t.Fatal("Ctrl+S in the terminal's window saved nothing")
	}
	if !bytes.Equal(mustReadFile(t, path+".bak"), original) {
		t.Error("FILE.bak is not the original")
	}

	// The text, in the middle column below the style row, takes the keys.
	w.Click(typed.Bounds().Dx()*37/100, typed.Bounds().Dy()*55/100, 1)
	w.Key("ctrl+a")
	w.Type("Typed again, then discarded.")
	w.Screenshot("typed-again")
	xdotool(t, d, "windowraise", p.Window) // no window manager raises it
	openSecondRecent(t, p)
	p.WaitDialog("Unsaved changes")
	p.Screenshot("question")
	if ids := visibleWindows(t, d, terminal); len(ids) != 1 {
		t.Fatalf("while the question is open, %d terminal windows, want 1", len(ids))
	}
	if title := p.Title(); !regexp.MustCompile(titleOf("Genie-In-A-Bottle.sceA")).MatchString(title) {
		t.Fatalf("the other map opened before the question was answered: %q", title)
	}
	p.Key("Tab", "Tab", "space") // past Cancel to Discard
	p.WaitLoaded(other)
	if title := p.Title(); !regexp.MustCompile(titleOf("Map.scen")).MatchString(title) {
		t.Errorf("the other map open, the title is %q", title)
	}
	p.Screenshot("other-map")
	p.WaitFor("the terminal's window closed", func(s levelwright.State) bool { return !e2e.HasWindow(s, regexp.MustCompile(terminal)) })
	if ids := visibleWindows(t, d, terminal); len(ids) != 0 {
		t.Errorf("the terminal's window closed, X still shows %v", ids)
	}
	quit(t, p)
	if !bytes.Equal(mustReadFile(t, path), saved) {
		t.Error("discarding the terminal's text changed the saved file")
	}
	if out, err := exec.Command(bin, "check", path).CombinedOutput(); err != nil {
		t.Errorf("check of the saved file: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "roundtrip", path, "--through-document").CombinedOutput(); err != nil {
		t.Errorf("roundtrip of the saved file: %v\n%s", err, out)
	}
}
