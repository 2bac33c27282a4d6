package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/internal/e2e"
)

// guiEdit is one game's edit made with the mouse and keys, on a copy of
// one of its files.
type guiEdit struct {
	game  string
	file  func(t *testing.T, bin string) (path string, original []byte)
	title string
	edit  func(t *testing.T, p *e2e.Program, shot image.Image, view image.Rectangle)
}

var guiEdits = []guiEdit{
	{"shock", func(t *testing.T, _ string) (string, []byte) {
		return corpusCopy(t, "shock", "derelict", "archive.dat")
	},
		"archive.dat", paintTiles},
	{"marathon", func(t *testing.T, _ string) (string, []byte) { return corpusCopy(t, "marathon", "m1", "Map.scen") },
		"Map.scen", dragMarker(color.RGBA{230, 70, 60, 255}, 8, 6)},
	{"turok", newTurokMap, "arena.map", dragMarker(color.RGBA{240, 110, 60, 255}, 60, -30)},
}

func newTurokMap(t *testing.T, bin string) (string, []byte) {
	path := filepath.Join(t.TempDir(), "arena.map")
	if out, err := exec.Command(bin, "new", "turok", "--out", path).CombinedOutput(); err != nil {
		t.Fatalf("new turok: %v\n%s", err, out)
	}
	return path, mustReadFile(t, path)
}

// paintTiles paints a strip of the map's middle with the tile brush.
func paintTiles(t *testing.T, p *e2e.Program, _ image.Image, view image.Rectangle) {
	midX, midY := (view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2
	p.Click(midX, midY, 1) // the map takes the keys
	p.Key("t")
	p.Drag(midX-60, midY, midX+60, midY)
}

// dragMarker drags the first marker of colour c by dx, dy pixels.
func dragMarker(c color.RGBA, dx, dy int) func(*testing.T, *e2e.Program, image.Image, image.Rectangle) {
	return func(t *testing.T, p *e2e.Program, shot image.Image, view image.Rectangle) {
		x, y, ok := oneMarkerAt(shot, view, c)
		if !ok {
			t.Fatal("no marker to drag in the viewport")
		}
		p.Drag(x, y, x+dx, y+dy)
	}
}

// waitTitle waits until the open file has unsaved changes, or none
// and no save under way, as marked says, and checks that the title's
// change mark says so.
func waitTitle(t *testing.T, p *e2e.Program, marked bool) {
	t.Helper()
	p.WaitFor(fmt.Sprintf("unsaved changes %v", marked), func(s levelwright.State) bool { return s.Dirty == marked && !s.Busy })
	if strings.Contains(p.Title(), "*") != marked {
		t.Fatalf("title %q, want the change mark %v", p.Title(), marked)
	}
}

func quit(t *testing.T, p *e2e.Program) {
	t.Helper()
	p.Key("ctrl+q")
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}
}

// TestGUINothingLost, per game, with the mouse and keys only: an edit
// undone with Ctrl+Z then saved leaves the file's bytes; an edit saved
// with Ctrl+S is in the file and FILE.bak is the original; Save As
// (Ctrl+Shift+S) onto an existing file of another folder asks, then
// keeps that file's bytes as its .bak; Save As to a new name writes no
// .bak; no .bak is ever empty.
func TestGUINothingLost(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	for _, g := range guiEdits {
		t.Run(g.game, func(t *testing.T) {
			path, original := g.file(t, bin)
			title := "^" + strings.ReplaceAll(g.title, ".", `\.`) + " — Levelwright$"

			p := e2e.Start(t, d, bin, title, path)
			p.WaitLoaded(path)
			shot := p.Screenshot("opened")
			_, _, view, _, _ := regions(shot.Bounds())
			g.edit(t, p, shot, view)
			waitTitle(t, p, true)
			p.Key("ctrl+z")
			waitTitle(t, p, false)
			p.Screenshot("undone")
			p.Key("ctrl+s")
			p.WaitSaved()
			quit(t, p)
			if !bytes.Equal(mustReadFile(t, path), original) {
				t.Fatal("an edit undone with Ctrl+Z, then saved, changed the file")
			}
			os.Remove(path + ".bak")

			p = e2e.Start(t, d, bin, title, path)
			p.WaitLoaded(path)
			g.edit(t, p, p.Screenshot("opened-again"), view)
			waitTitle(t, p, true)
			p.Key("ctrl+s")
			waitTitle(t, p, false)
			saved := mustReadFile(t, path)
			if bytes.Equal(saved, original) {
				t.Fatal("Ctrl+S did not save the edit")
			}
			if !bytes.Equal(mustReadFile(t, path+".bak"), original) {
				t.Error("FILE.bak is not the original")
			}

			other := filepath.Join(t.TempDir(), "theirs"+filepath.Ext(path))
			theirs := []byte("another map the user keeps")
			os.WriteFile(other, theirs, 0o644)
			p.Key("ctrl+shift+s")
			p.WaitDialog("Save As")
			p.Screenshot("save-as")
			p.Key("ctrl+a")
			p.Type(other)
			p.Key("Return")
			p.WaitDialog("Replace file?")
			p.Screenshot("replace-question")
			if !bytes.Equal(mustReadFile(t, other), theirs) {
				t.Fatal("Save As changed an existing file before the user agreed")
			}
			p.Key("Tab", "Tab", "space") // past Cancel to Replace
			waitSavedAs(t, p, other, saved)
			if !bytes.Equal(mustReadFile(t, other+".bak"), theirs) {
				t.Error("the replaced file's .bak is not its bytes")
			}

			fresh := filepath.Join(filepath.Dir(other), "fresh"+filepath.Ext(path))
			p.Key("ctrl+shift+s")
			p.WaitDialog("Save As")
			p.Key("ctrl+a")
			p.Type("fresh" + filepath.Ext(path))
			p.Key("Return")
			waitSavedAs(t, p, fresh, saved)
			if _, err := os.Stat(fresh + ".bak"); !os.IsNotExist(err) {
				t.Errorf("a .bak of a file that did not exist: %v", err)
			}
			if !strings.HasPrefix(p.Title(), filepath.Base(fresh)) {
				t.Errorf("after Save As the title is %q", p.Title())
			}
			quit(t, p)
			for _, dir := range []string{filepath.Dir(path), filepath.Dir(other)} {
				baks, _ := filepath.Glob(filepath.Join(dir, "*.bak"))
				for _, b := range baks {
					if info, err := os.Stat(b); err != nil || info.Size() == 0 {
						t.Errorf("%s is empty", b)
					}
				}
			}
			if out, err := exec.Command(bin, "check", fresh).CombinedOutput(); err != nil {
				t.Errorf("check of the saved file: %v\n%s", err, out)
			}
		})
	}
}

func readOrNil(path string) []byte {
	b, _ := os.ReadFile(path)
	return b
}

// waitSavedAs waits until the open file is path, saved, and checks that
// path holds want.
func waitSavedAs(t *testing.T, p *e2e.Program, path string, want []byte) {
	t.Helper()
	p.WaitFor("the file saved as "+path, func(s levelwright.State) bool { return s.Path == path && !s.Dirty && !s.Busy })
	if !bytes.Equal(readOrNil(path), want) {
		t.Fatalf("%s does not hold the file saved", path)
	}
}

// TestGUIInspectorWheelAndClicks: over the inspector's entries the mouse
// wheel scrolls the inspector, and a click still reaches an entry, whose
// typed value lands in the document.
func TestGUIInspectorWheelAndClicks(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	path, original := newTurokMap(t, bin)
	p := e2e.Start(t, d, bin, `^arena\.map — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	_, _, view, inspector, _ := regions(shot.Bounds())
	x, y, ok := oneMarkerAt(shot, view, color.RGBA{240, 110, 60, 255})
	if !ok {
		t.Fatal("no player start marker")
	}
	p.Click(x, y, 1) // select the actor: the inspector shows its many fields
	selected := p.Screenshot("selected")
	panel := image.Rect(inspector.Min.X, 100, inspector.Max.X, shot.Bounds().Dy()/2-20)
	p.Wheel((panel.Min.X+panel.Max.X)/2+40, panel.Min.Y+60, true, 5)
	scrolled := p.Screenshot("scrolled")
	if f := e2e.ChangedFraction(selected, scrolled, panel); f < 0.05 {
		t.Errorf("the wheel over the inspector's entries changed %.1f%% of it: no scroll", f*100)
	}
	p.Click(panel.Max.X-60, panel.Min.Y+40, 1)
	p.Key("ctrl+a")
	p.Type("7")
	p.Key("Return")
	p.Screenshot("typed")
	waitTitle(t, p, true) // the entry took the click and the value
	p.Key("ctrl+q")
	p.WaitDialog("Unsaved changes")
	p.Screenshot("quit-asks")
	p.Key("Tab", "Tab", "space") // past Cancel to Discard
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit discarding: %v", err)
	}
	if got := mustReadFile(t, path); !bytes.Equal(got, original) {
		t.Error("Discard wrote the file")
	}
}
