package main

import (
	"os"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// TestGUIMarathonPasteAcrossRuns: one run of the editor selects every
// polygon of a small Marathon map and copies them with Ctrl+C; a second
// run, of another map, pastes them with Ctrl+V through the X clipboard
// at the pointer, and saves. The saved file has both maps' polygons and
// passes check and roundtrip; the copied file is unchanged.
func TestGUIMarathonPasteAcrossRuns(t *testing.T) {
	srcPath, srcOriginal := corpusCopy(t, "marathon", "jp", "tempus", "Repository-Seven.sceA")
	dstPath, dstOriginal := corpusCopy(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)

	src := e2e.Start(t, d, bin, `^Repository-Seven\.sceA — Levelwright$`, srcPath)
	src.WaitLoaded(srcPath)
	_, _, view, _, _ := regions(src.Screenshot("source").Bounds())
	src.Click(view.Max.X-12, view.Max.Y-12, 1) // the map takes the keys
	src.Key("ctrl+a", "ctrl+c")

	dst := e2e.Start(t, d, bin, `^The-Ascension-Factor\.sceA — Levelwright$`, dstPath)
	dst.WaitLoaded(dstPath)
	before := dst.Screenshot("before-paste")
	mid := view.Min.Add(view.Max).Div(2)
	dst.Click(view.Max.X-12, view.Max.Y-12, 1)
	dst.Move(mid.X, mid.Y) // the paste goes where the pointer is
	dst.Key("ctrl+v")
	dst.WaitDirty()
	pasted := dst.Screenshot("pasted")
	if f := e2e.ChangedFraction(before, pasted, view); f < 0.01 {
		t.Errorf("Ctrl+V changed %.1f%% of the map: nothing pasted", f*100)
	}
	saved := saveAndQuit(t, bin, dst, dstPath)
	if title := src.Title(); strings.Contains(title, "*") {
		t.Errorf("title %q: copying changed the copied file", title)
	}
	quit(t, src)

	was, now := beforeAndAfter(t, dstPath, dstOriginal, saved)
	from, _ := beforeAndAfter(t, srcPath, srcOriginal, srcOriginal)
	if got, want := len(now.Levels[0].Polygons), len(was.Levels[0].Polygons)+len(from.Levels[0].Polygons); got != want {
		t.Fatalf("the saved file has %d polygons, want %d (%d pasted)", got, want, len(from.Levels[0].Polygons))
	}
	if got, want := len(now.Levels[0].Objects), len(was.Levels[0].Objects)+len(from.Levels[0].Objects); got != want {
		t.Errorf("the saved file has %d objects, want %d", got, want)
	}
	if b, err := os.ReadFile(srcPath); err != nil || string(b) != string(srcOriginal) {
		t.Errorf("the copied file changed on disk (%v)", err)
	}
}
