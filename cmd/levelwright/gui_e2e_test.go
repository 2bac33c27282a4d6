package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levelwright/levelwright/internal/e2e"
)

// regions of the main window, from its layout: a menu bar on top, a status
// bar at the bottom, levels on the left (18%) and the inspector on the
// right (the last 17% or so).
func regions(b image.Rectangle) (menu, levels, viewport, inspector, status image.Rectangle) {
	w, h := b.Dx(), b.Dy()
	menu = image.Rect(0, 2, w, 30)
	levels = image.Rect(0, 40, w*17/100, 80)
	viewport = image.Rect(w*20/100, 40, w*80/100, h-50)
	inspector = image.Rect(w*84/100, 40, w, 80)
	status = image.Rect(0, h-32, w/2, h)
	return
}

// dominantFraction is the share of r's pixels that have its most common
// colour.
func dominantFraction(img image.Image, r image.Rectangle) float64 {
	counts := map[color.Color]int{}
	top := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.At(x, y)
			counts[c]++
			top = max(top, counts[c])
		}
	}
	return float64(top) / float64(r.Dx()*r.Dy())
}

func TestGUIMainWindow(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, "^Levelwright$")

	if !p.Mapped() {
		t.Fatal("main window is not mapped")
	}
	start := p.Screenshot("start")
	b := start.Bounds()
	if b.Dx() < 800 || b.Dy() < 500 {
		t.Fatalf("window is %v, want at least 800x500", b.Size())
	}
	if n := e2e.DistinctColours(start, b); n < 20 {
		t.Fatalf("screenshot has %d colours: blank window", n)
	}
	menu, levels, viewport, inspector, status := regions(b)
	if spans := e2e.InkSpans(start, menu, 6); len(spans) < 4 {
		t.Fatalf("menu bar shows %d items, want File, Edit, View, Help: %v", len(spans), spans)
	}
	for name, r := range map[string]image.Rectangle{"levels heading": levels, "inspector heading": inspector, "status bar": status, "viewport hint": viewport} {
		if len(e2e.InkSpans(start, r, 6)) == 0 {
			t.Errorf("%s: no text in %v", name, r)
		}
	}

	// A key: F1 opens About over the viewport, Escape closes it.
	p.Key("F1")
	about := p.Screenshot("about")
	if f := e2e.ChangedFraction(start, about, viewport); f < 0.01 {
		t.Errorf("F1 changed %.2f%% of the viewport, want the About dialog", f*100)
	}
	p.Key("Escape")
	if f := e2e.ChangedFraction(start, p.Screenshot("about-closed"), viewport); f > 0.001 {
		t.Errorf("Escape left %.2f%% of the viewport changed, want the dialog gone", f*100)
	}

	// A click: the Help menu opens below its title.
	spans := e2e.InkSpans(start, menu, 6)
	help := spans[3]
	p.Click((help[0]+help[1])/2, (menu.Min.Y+menu.Max.Y)/2, 1)
	opened := p.Screenshot("help-menu")
	below := image.Rect(help[0], menu.Max.Y+4, help[0]+150, menu.Max.Y+60)
	if f := e2e.ChangedFraction(start, opened, below); f < 0.05 {
		t.Errorf("clicking Help changed %.2f%% below it, want its menu", f*100)
	}
	p.Key("Escape")

	// Ctrl+Q quits cleanly, leaving no process behind.
	p.Key("ctrl+q")
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}
	if left := p.Leftovers(); len(left) > 0 {
		t.Errorf("processes left after quit: %v", left)
	}
}

func TestGUIOpenFileArgument(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)

	bogus := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(bogus, []byte("not a level\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e2e.Start(t, d, bin, "^Levelwright$", bogus)
	plain := p.Screenshot("error-dialog")
	_, _, viewport, _, _ := regions(plain.Bounds())
	p.Key("Escape")
	closed := p.Screenshot("error-closed")
	if f := e2e.ChangedFraction(plain, closed, viewport); f < 0.01 {
		t.Errorf("no error dialog over the viewport for an unknown file (%.2f%% changed when closed)", f*100)
	}
	if p.Exited() {
		t.Fatal("levelwright exited on an unknown file")
	}
	p.Key("ctrl+q")
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}

	corpusFile := filepath.Join(e2e.RepoRoot(t), "..", "shared", "corpus", "shock", "derelict", "archive.dat")
	if _, err := os.Stat(corpusFile); err != nil {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	p = e2e.Start(t, d, bin, "^archive.dat — Levelwright$", corpusFile)
	shot := p.Screenshot("corpus-file")
	_, _, view, _, _ := regions(shot.Bounds())
	// The level's map covers the viewport with floors, walls, grid and
	// objects; the empty placeholder is one colour but for its hint.
	if f := dominantFraction(shot, view); f > 0.9 {
		t.Errorf("%.0f%% of the viewport is one colour: no level drawn", f*100)
	}
	// Ctrl+2 shows the level in 3D, through OpenGL; the arrow keys turn it.
	p.Key("ctrl+2")
	orbit := p.Screenshot("corpus-file-3d")
	if f := e2e.ChangedFraction(shot, orbit, view); f < 0.2 {
		t.Errorf("the 3D view changed %.0f%% of the viewport, want a different picture", f*100)
	}
	// Level 0 stands in two clusters on a dark background: the 3D view
	// shows them lit, in many shades.
	if n := e2e.DistinctColours(orbit, view); n < 20 {
		t.Errorf("the 3D view has %d colours: no level drawn", n)
	}
	p.Click(view.Min.X+view.Dx()/2, view.Min.Y+view.Dy()/2, 1) // the view takes the keys
	p.Key("Left", "Left")
	if f := e2e.ChangedFraction(orbit, p.Screenshot("corpus-file-3d-turned"), view); f < 0.05 {
		t.Errorf("turning the 3D view changed %.1f%% of the viewport", f*100)
	}
	if strings.Contains(p.Stderr.String(), "drawing in software") {
		t.Errorf("the viewport fell back to software: %s", p.Stderr.String())
	}
	p.Key("ctrl+q")
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}
}
