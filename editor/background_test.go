package editor

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestBackgroundJobsBelongToTheirFile: a job running for a file shows in
// the status bar; opening another file asks first, and Stop cancels it.
// A job that finishes after its file was replaced reports nothing and
// edits nothing, even one that ignores its cancellation.
func TestBackgroundJobsBelongToTheirFile(t *testing.T) {
	e := newTestEditor(t)
	e.Open(shockHeader(t))
	e.jobs.wait()
	release := make(chan struct{})
	var cancelled, reported bool
	e.background.run("Counting sheep", func(ctx context.Context, progress func(float64)) error {
		progress(0.5)
		<-ctx.Done()
		cancelled = true
		<-release // finishes late, whatever its context said
		return nil
	}, func(error) { reported = true })
	if len(e.background.running) != 1 || !strings.Contains(texts(e.background.bar), "Counting sheep") {
		t.Fatalf("%d jobs running, the status bar shows %q", len(e.background.running), texts(e.background.bar))
	}
	other := shockHeader(t)
	e.Open(other)
	if msg := texts(e.win.Canvas().Overlays().Top()); !strings.Contains(msg, "Counting sheep is still running") {
		t.Fatalf("opening another file asked %q", msg)
	}
	answer(t, e, "Cancel")
	if len(e.background.running) != 1 || cancelled {
		t.Fatal("Cancel at the question stopped the job")
	}
	e.Open(other)
	answer(t, e, "Stop")
	close(release)
	e.jobs.wait()
	if e.path != other || !cancelled || reported || len(e.background.running) != 0 || len(e.background.bar.Objects) != 0 {
		t.Fatalf("after Stop: %s open, cancelled %v, reported %v, %d running", e.path, cancelled, reported, len(e.background.running))
	}
	if n, _ := e.file.History().Steps(); n != 0 || e.dirty || strings.Contains(e.status.Text, "Counting sheep") {
		t.Fatalf("the stopped job reached the file opened after it: %d steps, status %q", n, e.status.Text)
	}
}

// TestStaleVisibilityOutlivesTheSave: a Turok map saved with its
// visibility tables marked stale (a sector deleted, no rebuild) opens
// with them marked stale again, though the file cannot say so; saved
// after Keep, it opens fresh.
func TestStaleVisibilityOutlivesTheSave(t *testing.T) {
	e := newTestEditor(t)
	path := copyFile(t, corpus.Path(t, "turok", "kex18-vis.map"))
	e.Open(path)
	e.jobs.wait()
	stale := func() bool {
		return slices.ContainsFunc(e.file.Problems(0), func(p bin.Problem) bool { return p.Code == "visibility-stale" })
	}
	if stale() {
		t.Fatal("the map opens with stale tables")
	}
	if err := e.file.Remove([]document.Ref{{Kind: "sector", Index: 0}}); err != nil {
		t.Fatal(err)
	}
	if !stale() || e.file.(game.Remembering).Unstored() == "" {
		t.Fatal("deleting a sector left the tables fresh")
	}
	e.files.Save()
	e.jobs.wait()
	e.Open(path)
	e.jobs.wait()
	if !stale() {
		t.Fatal("saved stale and opened again, the tables are not stale")
	}
	e.files.Revert() // the same bytes again
	e.jobs.wait()
	if !stale() {
		t.Fatal("reverted, the tables are not stale")
	}
	e.SetSelection(nil)
	tapButton(t, e.inspector.scroll.Content, "Keep")
	e.files.Save()
	e.jobs.wait()
	e.Open(path)
	e.jobs.wait()
	if stale() {
		t.Fatal("kept, saved and opened again, the tables are still stale")
	}
}
