package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/script"
)

// TestScriptPanel: File > Run Script runs a chosen script over the open
// level as one undo step, shows its output and remembers it; a failing
// script shows its error and leaves the file and the history alone.
func TestScriptPanel(t *testing.T) {
	e := openDemo(t, "marathon")
	dir := t.TempDir()
	good := filepath.Join(dir, "raise.lua")
	bad := filepath.Join(dir, "bad.lua")
	os.WriteFile(good, []byte(`local l = lw.level() print("polygons", #l.polygons)
		l.polygons[1].CeilingHeight = l.polygons[1].CeilingHeight + 256 lw.commit(l)`), 0o644)
	os.WriteFile(bad, []byte(`local l = lw.level() l.polygons[1].CeilingHeight = 1 lw.commit(l) error("not today")`), 0o644)
	before, err := e.file.Bytes()
	if err != nil {
		t.Fatal(err)
	}

	runIn := func(path string) string {
		t.Helper()
		e.scripts.Show()
		top := e.Window().Canvas().Overlays().Top()
		var run *widget.Button
		for _, o := range test.LaidOutObjects(top) {
			switch w := o.(type) {
			case *widget.SelectEntry:
				w.SetText(path)
			case *widget.Button:
				if w.Text == "Run" {
					run = w
				}
			}
		}
		if run == nil || run.Disabled() {
			t.Fatal("the Script panel has no Run button to tap")
		}
		test.Tap(run)
		e.jobs.wait()
		out := texts(top)
		answer(t, e, "Close")
		return out
	}

	out := runIn(bad)
	if !strings.Contains(out, "error: bad.lua:1: not today") {
		t.Errorf("the panel shows %q, want the script's error", out)
	}
	now, _ := e.file.Bytes()
	if u, _ := e.file.History().Steps(); u != 0 || document.FirstDifference(before, now) >= 0 {
		t.Fatalf("a failed script left %d steps and changed bytes: %v", u, document.FirstDifference(before, now))
	}

	out = runIn(good)
	if !strings.Contains(out, "polygons\t") || !strings.Contains(out, "changed ") || strings.Contains(out, "changed 0 ") {
		t.Errorf("the panel shows %q, want the script's output and its change", out)
	}
	if done, _ := e.file.History().Descriptions(); len(done) != 1 || done[0] != script.Description("raise.lua") {
		t.Fatalf("history %v, want the run as one step", done)
	}
	if recent := e.scripts.Recent(); len(recent) != 2 || recent[0] != good || recent[1] != bad {
		t.Errorf("recent scripts %v, want %s then %s", recent, good, bad)
	}
	e.Undo()
	now, _ = e.file.Bytes()
	if i := document.FirstDifference(before, now); i >= 0 {
		t.Errorf("undoing the run left a difference at byte %d", i)
	}
}

// scriptEntry is the Script panel's path entry, shown on top.
func scriptEntry(t *testing.T, e *Editor) *widget.SelectEntry {
	t.Helper()
	for _, o := range test.LaidOutObjects(e.Window().Canvas().Overlays().Top()) {
		if w, ok := o.(*widget.SelectEntry); ok {
			return w
		}
	}
	t.Fatal("the Script panel has no path entry")
	return nil
}

// TestScriptPanelTypedPath: a path typed in the Script panel's entry
// runs with Enter, without the file dialog; the panel opens again with
// an empty path (a script runs only once chosen), that script first in
// its list of recent ones, and its file dialog in that script's folder.
func TestScriptPanelTypedPath(t *testing.T) {
	e := openDemo(t, "marathon")
	dir := t.TempDir()
	path := filepath.Join(dir, "lower.lua")
	os.WriteFile(path, []byte(`local l = lw.level() l.polygons[1].FloorHeight = l.polygons[1].FloorHeight - 128 lw.commit(l)`), 0o644)

	e.scripts.Show()
	if e.scripts.folder() != filepath.Dir(absolute(e.path)) {
		t.Errorf("with no recent script the dialog starts in %s, want the open file's folder", e.scripts.folder())
	}
	entry := scriptEntry(t, e)
	test.Type(entry, path)
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	e.jobs.wait()
	if out := texts(e.Window().Canvas().Overlays().Top()); !strings.Contains(out, "changed ") || strings.Contains(out, "changed 0 ") {
		t.Errorf("Enter in the path entry shows %q, want the run's change", out)
	}
	if done, _ := e.file.History().Descriptions(); len(done) != 1 || done[0] != script.Description("lower.lua") {
		t.Fatalf("history %v, want the typed script's run as one step", done)
	}
	if f := e.Window().Canvas().Focused(); f != nil {
		t.Fatalf("after the run %T keeps the keys: Escape and Ctrl+Z would edit the path", f)
	}
	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.dialogs.top != nil {
		t.Fatal("Escape after the run left the Script panel open")
	}

	e.scripts.Show()
	if again, recent := scriptEntry(t, e).Text, e.scripts.Recent(); again != "" || len(recent) == 0 || recent[0] != path {
		t.Errorf("the panel opens again with %q and recent scripts %q, want none and %s first", again, recent, path)
	}
	if e.scripts.folder() != dir {
		t.Errorf("the file dialog starts in %s, want the last script's folder %s", e.scripts.folder(), dir)
	}
	answer(t, e, "Close")
}

// TestScriptPanelReportOnly: a script that changes nothing says so, and
// promises no undo step, for it records none.
func TestScriptPanelReportOnly(t *testing.T) {
	e := openDemo(t, "marathon")
	path := filepath.Join(t.TempDir(), "count.lua")
	os.WriteFile(path, []byte(`print("polygons", #lw.level().polygons)`), 0o644)
	var out string
	var err error
	e.scripts.Run(path, func(script.Progress) {}, func(o string, e error) { out, err = o, e })
	e.jobs.wait()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out, "changed nothing\n") || strings.Contains(out, "Undo") {
		t.Errorf("a script that changed nothing shows %q", out)
	}
	if u, _ := e.file.History().Steps(); u != 0 {
		t.Errorf("a script that changed nothing left %d undo steps", u)
	}
}

// TestScriptStop: while a script runs, the Script panel shows its
// progress and Close waits; Stop, or Escape, stops it, and the file and
// its history are as they were.
func TestScriptStop(t *testing.T) {
	for _, how := range []string{"Stop", "Escape"} {
		t.Run(how, func(t *testing.T) {
			e := openDemo(t, "marathon")
			path := filepath.Join(t.TempDir(), "forever.lua")
			// Each turn of the loop costs microseconds, not one Lua
			// step's nanoseconds: the run lasts seconds before its step
			// budget ends it, long enough to be seen running on a loaded
			// machine (a bare loop ends in half a second).
			os.WriteFile(path, []byte(`local l = lw.level() l.polygons[1].CeilingHeight = l.polygons[1].CeilingHeight + 256
				lw.commit(l) while true do local s = string.rep("x", 4096) end`), 0o644)
			before, err := e.file.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			e.scripts.Show()
			entry := scriptEntry(t, e)
			test.Type(entry, path)
			entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			top := e.Window().Canvas().Overlays().Top()
			deadline := time.Now().Add(20 * time.Second)
			for !strings.Contains(texts(top), "1 commit") && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			shown := texts(top)
			if !strings.Contains(shown, "Running: ") || !strings.Contains(shown, "1 commit") {
				t.Fatalf("the panel shows %q while the script runs, want its steps, time and commits", shown)
			}
			for _, o := range test.LaidOutObjects(top) {
				if b, ok := o.(*widget.Button); ok && (b.Text == "Close" || b.Text == "Run") && !b.Disabled() {
					t.Errorf("%s can be pressed while the script runs", b.Text)
				}
			}
			if how == "Stop" {
				answer(t, e, "Stop")
			} else {
				e.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			}
			e.jobs.wait()
			if out := texts(top); !strings.Contains(out, "error: forever.lua: stopped: the Stop button was pressed") {
				t.Errorf("the panel shows %q, want the script stopped", out)
			}
			if e.dialogs.top == nil {
				t.Error("stopping the script closed the panel")
			}
			now, _ := e.file.Bytes()
			if u, r := e.file.History().Steps(); u != 0 || r != 0 || document.FirstDifference(before, now) >= 0 {
				t.Errorf("a stopped script left %d undo and %d redo steps, and a difference at %d", u, r, document.FirstDifference(before, now))
			}
			answer(t, e, "Close")
			if e.dialogs.top != nil {
				t.Error("Close after the stop left the panel open")
			}
		})
	}
}
