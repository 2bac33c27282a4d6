package editor

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tcol "github.com/levelwright/levelwright/editor/turok"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
)

// TestRecentFiles: opened and saved-as files come first in the recent
// files and File > Open Recent; reopening one moves it up.
func TestRecentFiles(t *testing.T) {
	e := newTestEditor(t)
	a, b := shockHeader(t), shockHeader(t)
	e.Open(a)
	e.jobs.wait()
	e.Open(b)
	e.jobs.wait()
	if got := e.recent.list(); len(got) != 2 || got[0] != b || got[1] != a {
		t.Fatalf("recent files %q, want b then a", got)
	}
	var labels []string
	for _, item := range e.menus.recentItem.ChildMenu.Items {
		labels = append(labels, item.Label)
	}
	if strings.Join(labels, "|") != b+"|"+a {
		t.Fatalf("Open Recent lists %q", labels)
	}
	e.menus.recentItem.ChildMenu.Items[1].Action()
	e.jobs.wait()
	if e.path != a || e.recent.list()[0] != a {
		t.Fatalf("choosing %s from Open Recent opened %s; recent %q", a, e.path, e.recent.list())
	}
	os.Remove(b)
	e.menus.recentItem.ChildMenu.Items[1].Action() // b, gone
	e.jobs.wait()
	if got := e.recent.list(); len(got) != 1 || got[0] != a || e.dialogs.top == nil {
		t.Fatalf("after opening a file that is gone: recent %q, error shown %v", got, e.dialogs.top != nil)
	}
	for range maxRecent + 3 {
		e.recent.remember(shockHeader(t))
	}
	if n := len(e.recent.list()); n != maxRecent {
		t.Fatalf("%d recent files kept, want %d", n, maxRecent)
	}
}

// TestProgressBar: a job that runs longer than progressDelay shows a
// progress bar until it ends; a failed load shows an error and keeps
// the open file.
func TestProgressBar(t *testing.T) {
	e := newTestEditor(t)
	release := make(chan struct{})
	var result error
	e.jobs.busy("Working", func() error { <-release; return errors.New("no luck") }, func(err error) { result = err })
	deadline := time.Now().Add(5 * time.Second)
	for !showsProgress(e) {
		if time.Now().After(deadline) {
			t.Fatal("no progress bar while a job runs")
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.Open(shockHeader(t)) // waits: a job runs
	close(release)
	e.jobs.wait()
	if showsProgress(e) || result == nil || result.Error() != "no luck" || e.file != nil {
		t.Fatalf("after the job: progress shown %v, result %v, file opened %v", showsProgress(e), result, e.file != nil)
	}

	bad := filepath.Join(t.TempDir(), "bad.map")
	os.WriteFile(bad, []byte("not a level file"), 0o644)
	e.Open(bad)
	e.jobs.wait()
	if e.file != nil || e.dialogs.top == nil || !strings.Contains(texts(e.Window().Canvas().Overlays().Top()), "bad.map") {
		t.Fatal("a file that is no level file did not show an error naming it")
	}
}

func showsProgress(e *Editor) bool {
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		return false
	}
	for _, o := range test.LaidOutObjects(top) {
		if _, ok := o.(*widget.ProgressBarInfinite); ok {
			return true
		}
	}
	return false
}

// TestAutosaveRecovery: unsaved work is autosaved beside, never over, the
// file; an editor started after a crash offers it, recovers it as
// unsaved work, and a save removes the autosave. Declining discards it.
func TestAutosaveRecovery(t *testing.T) {
	e, path := openNewTurokMap(t)
	original := mustRead(t, path)
	e.autosaver.save()
	e.jobs.wait()
	if len(e.data.Recoveries()) != 0 {
		t.Fatal("autosaved a file with no changes")
	}
	dragInView(e, display.Vec2{X: 512, Y: 512}, 40, -20)
	moved := tcol.Document(e.file).Map.Actors[0].Origin
	e.autosaver.save()
	e.jobs.wait()
	if string(mustRead(t, path)) != string(original) {
		t.Fatal("autosave wrote over the file")
	}
	if r := e.data.Recoveries(); len(r) != 1 || r[0].Path != path {
		t.Fatalf("recoveries after an autosave: %+v", r)
	}

	// A crash: the first editor goes without a word; a new one starts.
	again := newTestEditor(t)
	again.data.dir = e.data.dir
	if r := again.data.Recoveries(); len(r) != 1 {
		t.Fatalf("a new editor finds %d recoveries", len(r))
	}
	again.Open(path)
	answer(t, again, "Yes")
	again.jobs.wait()
	d := tcol.Document(again.file)
	if d.Map.Actors[0].Origin != moved || !again.dirty || !strings.Contains(again.Window().Title(), "*") {
		t.Fatalf("recovered start at %v (want %v), dirty %v", d.Map.Actors[0].Origin, moved, again.dirty)
	}
	again.files.Save()
	again.jobs.wait()
	if len(again.data.Recoveries()) != 0 || again.dirty {
		t.Fatal("the autosave outlived the save")
	}
	if saved, err := turok.Decode(mustRead(t, path)); err != nil || saved.Actors[0].Origin != moved {
		t.Fatalf("saved recovered work: %v", err)
	}

	again.Window().Resize(e.Window().Canvas().Size())
	again.Window().Canvas().Capture()
	dragInView(again, display.Vec2{X: float64(moved.X), Y: float64(moved.Y)}, 30, 0)
	if !again.dirty {
		t.Fatal("the second drag did not move the start")
	}
	again.autosaver.save()
	again.jobs.wait()
	third := newTestEditor(t)
	third.data.dir = e.data.dir
	third.Open(path)
	answer(t, third, "No")
	third.jobs.wait()
	if got := tcol.Document(third.file).Map.Actors[0].Origin; got != moved || third.dirty || len(third.data.Recoveries()) != 0 {
		t.Fatalf("declined recovery: start at %v, dirty %v, %d autosaves left", got, third.dirty, len(third.data.Recoveries()))
	}
}

// TestAutosaveStops: the autosave loop saves at once and then at each
// interval (reading it afresh, and not saving while it is 0), and
// returns when its stop channel closes; closing the window closes it.
func TestAutosaveStops(t *testing.T) {
	stop, intervals := make(chan struct{}), make(chan time.Duration)
	saves, ended := make(chan struct{}), make(chan struct{})
	go func() {
		autosaveEvery(stop, func() time.Duration { return <-intervals }, func() { saves <- struct{}{} })
		close(ended)
	}()
	for range 2 { // each interval is read, then the work saved
		intervals <- time.Millisecond
		select {
		case <-saves:
		case <-time.After(5 * time.Second):
			t.Fatal("the autosave loop did not save")
		}
	}
	intervals <- 0 // autosave off: the loop waits, saving nothing
	close(stop)
	select {
	case <-ended:
	case <-saves:
		t.Fatal("the autosave loop saved while autosave was off")
	case <-time.After(5 * time.Second):
		t.Fatal("the autosave loop outlived its stop channel")
	}

	e := newTestEditor(t)
	e.StartAutosave()
	running := e.autosaver.stop
	if running == nil {
		t.Fatal("StartAutosave started no loop")
	}
	e.Window().Close()
	select {
	case <-running:
	default:
		t.Fatal("closing the window left the autosave loop running")
	}
}

// TestOpenAsksBeforeLosingChanges: opening another file over unsaved
// changes asks: Cancel keeps them, Save writes them (keeping the
// original as .bak) and then opens, Discard opens without them.
func TestOpenAsksBeforeLosingChanges(t *testing.T) {
	e, path := openNewTurokMap(t)
	original := mustRead(t, path)
	dragInView(e, display.Vec2{X: 512, Y: 512}, 40, -20)
	e.Open(shockHeader(t))
	answer(t, e, "Cancel")
	e.jobs.wait()
	if e.path != path || !e.dirty {
		t.Fatalf("cancelling opened %s (dirty %v)", e.path, e.dirty)
	}
	edited, _ := e.file.Bytes()
	other := shockHeader(t)
	e.Open(other)
	answer(t, e, "Save")
	e.jobs.wait()
	e.jobs.wait() // the save, then the open it was asked for
	if e.path != other {
		t.Fatalf("saving first left %s open", e.path)
	}
	if got := mustRead(t, path); !bytes.Equal(got, edited) {
		t.Error("Save did not write the changes before opening the other file")
	}
	if bak := mustRead(t, path+".bak"); !bytes.Equal(bak, original) {
		t.Error("the .bak is not the original")
	}

	e.Open(path)
	e.jobs.wait()
	e.Window().Canvas().Capture()
	start := tcol.Document(e.file).Map.Actors[0].Origin
	dragInView(e, display.Vec2{X: float64(start.X), Y: float64(start.Y)}, 40, -20)
	if !e.dirty {
		t.Fatal("the second drag changed nothing")
	}
	e.Open(other)
	answer(t, e, "Discard")
	e.jobs.wait()
	if e.path != other || !bytes.Equal(mustRead(t, path), edited) {
		t.Fatalf("discarding left %s open, or wrote the file", e.path)
	}
}
