package main

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/codecs/turok"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// regions of the main window, from its layout: a menu bar on top, a status
// bar at the bottom, levels on the left and the inspector on the right.
func regions(b image.Rectangle) (menu, levels, viewport, inspector, status image.Rectangle) {
	w, h := b.Dx(), b.Dy()
	menu = image.Rect(0, 2, w, 30)
	// The window's splits (editor/window.go): the levels take 15% of
	// the width, the view 70% of the rest (15% to 74.5%), the inspector
	// the remainder; each region keeps clear of the split bars, and the
	// view's of the swatches of the legend at its left edge, which have
	// the markers' colours.
	levels = image.Rect(0, 40, w*13/100, 80)
	viewport = image.Rect(w*35/200, 40, w*72/100, h-50)
	inspector = image.Rect(w*77/100, 40, w, 80)
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
	p.WaitDialog("About Levelwright")
	about := p.Screenshot("about")
	if f := e2e.ChangedFraction(start, about, viewport); f < 0.01 {
		t.Errorf("F1 changed %.2f%% of the viewport, want the About dialog", f*100)
	}
	p.Key("Escape")
	p.WaitNoDialog("About Levelwright")
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
	p.WaitDialog("Error")
	plain := p.Screenshot("error-dialog")
	_, _, viewport, _, _ := regions(plain.Bounds())
	p.Key("Escape")
	if st := p.WaitNoDialog("Error"); st.Loaded {
		t.Errorf("the unknown file %s was opened", st.Path)
	}
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
	p.WaitLoaded(corpusFile)
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

// markerAt finds the middle of the pixels of colour c in r, the way a
// user finds a marker on screen.
func markerAt(img image.Image, r image.Rectangle, c color.RGBA) (x, y int, ok bool) {
	n := 0
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			if cr, cg, cb, _ := img.At(px, py).RGBA(); uint8(cr>>8) == c.R && uint8(cg>>8) == c.G && uint8(cb>>8) == c.B {
				x, y, n = x+px, y+py, n+1
			}
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	return x / n, y / n, true
}

// oneMarkerAt finds the middle of the first marker of colour c in r: the
// pixels of that colour near the first one found.
func oneMarkerAt(img image.Image, r image.Rectangle, c color.RGBA) (x, y int, ok bool) {
	fx, fy, found := 0, 0, false
	for py := r.Min.Y; py < r.Max.Y && !found; py++ {
		for px := r.Min.X; px < r.Max.X && !found; px++ {
			if cr, cg, cb, _ := img.At(px, py).RGBA(); uint8(cr>>8) == c.R && uint8(cg>>8) == c.G && uint8(cb>>8) == c.B {
				fx, fy, found = px, py, true
			}
		}
	}
	if !found {
		return 0, 0, false
	}
	return markerAt(img, image.Rect(fx-6, fy-2, fx+7, fy+10).Intersect(r), c)
}

// TestGUIMoveActorAndSave: a new Turok map opened in the editor; the
// player start is dragged with the mouse, Ctrl+S saves, Ctrl+Q quits.
// The saved file passes check, the original is kept as .bak, and the
// saved map differs from it only in the player start's origin and what
// follows from it (its bounds and sector); Ctrl+Z in a second session
// would be a new history, so undo is checked in the Fyne tests.
func TestGUIMoveActorAndSave(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	path := filepath.Join(t.TempDir(), "arena.map")
	if out, err := exec.Command(bin, "new", "turok", "--out", path).CombinedOutput(); err != nil {
		t.Fatalf("new turok: %v\n%s", err, out)
	}
	original, _ := os.ReadFile(path)

	p := e2e.Start(t, d, bin, "^arena.map — Levelwright$", path)
	p.WaitLoaded(path)
	before := p.Screenshot("opened")
	_, _, view, _, _ := regions(before.Bounds())
	x, y, ok := markerAt(before, view, color.RGBA{240, 110, 60, 255})
	if !ok {
		t.Fatal("the player start's marker is not in the viewport")
	}
	p.Drag(x, y, x+60, y-30)
	p.WaitDirty()
	moved := p.Screenshot("moved")
	// The dragged actor is selected: drawn in the selection's blend.
	if nx, ny, ok := markerAt(moved, view, color.RGBA{251, 173, 46, 255}); !ok || nx-x < 45 || y-ny < 20 {
		t.Errorf("the selected marker is at %d,%d (found %v) after the drag from %d,%d by 60,-30", nx, ny, ok, x, y)
	}
	if title := p.Title(); !strings.Contains(title, "*") {
		t.Errorf("title %q does not mark the change", title)
	}
	p.Key("ctrl+s")
	p.WaitSaved()
	if title := p.Title(); strings.Contains(title, "*") {
		t.Errorf("title %q still marks a change after Ctrl+S", title)
	}
	p.Key("ctrl+q")
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}

	if bak, _ := os.ReadFile(path + ".bak"); !bytes.Equal(bak, original) {
		t.Error("the .bak is not the original file")
	}
	if out, err := exec.Command(bin, "check", path).CombinedOutput(); err != nil {
		t.Errorf("check of the saved file: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "roundtrip", path).CombinedOutput(); err != nil {
		t.Errorf("roundtrip of the saved file: %v\n%s", err, out)
	}
	was, err := turok.Decode(original)
	if err != nil {
		t.Fatal(err)
	}
	now, err := turok.Decode(mustReadFile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	a, b := was.Actors[0], now.Actors[0]
	if b.Origin.X-a.Origin.X <= 0 || b.Origin.Y-a.Origin.Y <= 0 || b.Origin.Z != a.Origin.Z {
		t.Errorf("the player start moved from %v to %v, want east and north at the same height", a.Origin, b.Origin)
	}
	// Put back what follows from the origin: the rest must be the same.
	now.Actors[0].Origin, now.Actors[0].BoundsMin, now.Actors[0].BoundsMax, now.Actors[0].Sector = a.Origin, a.BoundsMin, a.BoundsMax, a.Sector
	if !bytes.Equal(now.Encode(), original) {
		t.Error("the saved map holds changes besides the player start's position")
	}
}

func mustReadFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// corpusCopy copies a corpus file into a temporary folder, or skips the
// test when the corpus is absent.
func corpusCopy(t *testing.T, parts ...string) (path string, original []byte) {
	t.Helper()
	src := filepath.Join(append([]string{e2e.RepoRoot(t), "..", "shared", "corpus"}, parts...)...)
	original, err := os.ReadFile(src)
	if err != nil {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	path = filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(path, original, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, original
}

// beforeAndAfter opens a Marathon file's original and saved bytes, to
// compare what a GUI session changed.
func beforeAndAfter(t *testing.T, path string, original, saved []byte) (was, now *mdoc.Document) {
	t.Helper()
	was, err := mdoc.Load(path, original)
	if err != nil {
		t.Fatal(err)
	}
	if now, err = mdoc.Load(path, saved); err != nil {
		t.Fatal(err)
	}
	return was, now
}

// saveAndQuit saves with Ctrl+S, checks the title, quits with Ctrl+Q, and
// checks the saved file with check and roundtrip.
func saveAndQuit(t *testing.T, bin string, p *e2e.Program, path string) []byte {
	t.Helper()
	if title := p.Title(); !strings.Contains(title, "*") {
		t.Errorf("title %q does not mark the change", title)
	}
	p.Key("ctrl+s")
	p.WaitSaved()
	if title := p.Title(); strings.Contains(title, "*") {
		t.Errorf("title %q still marks a change after Ctrl+S", title)
	}
	p.Key("ctrl+q")
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}
	if out, err := exec.Command(bin, "check", path).CombinedOutput(); err != nil {
		t.Errorf("check of the saved file: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "roundtrip", path, "--through-document").CombinedOutput(); err != nil {
		t.Errorf("roundtrip of the saved file: %v\n%s", err, out)
	}
	return mustReadFile(t, path)
}

// TestGUIMarathonMoveObjectAndSave: Marathon 1's first level; a monster
// is dragged with the mouse and the file saved. The saved file passes
// check and differs from the original only in that monster's position.
func TestGUIMarathonMoveObjectAndSave(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "m1", "Map.scen")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, "^Map.scen — Levelwright$", path)
	p.WaitLoaded(path)
	before := p.Screenshot("opened")
	_, _, view, _, _ := regions(before.Bounds())
	x, y, ok := oneMarkerAt(before, view, color.RGBA{230, 70, 60, 255})
	if !ok {
		t.Fatal("no monster marker in the viewport")
	}
	p.Drag(x, y, x+8, y+6)
	p.Screenshot("moved")
	saved := saveAndQuit(t, bin, p, path)

	was, now := beforeAndAfter(t, path, original, saved)
	var moved []int
	for i, o := range now.Levels[0].Objects {
		if o != was.Levels[0].Objects[i] {
			moved = append(moved, i)
		}
	}
	if len(moved) != 1 {
		t.Fatalf("%d objects changed, want the one dragged", len(moved))
	}
	a, b := was.Levels[0].Objects[moved[0]], now.Levels[0].Objects[moved[0]]
	if a.Type != 0 || b.X <= a.X || b.Y <= a.Y || b.Type != a.Type || b.Index != a.Index || b.Facing != a.Facing || b.Flags != a.Flags {
		t.Errorf("monster %d went from %+v to %+v, want only moved east and south", moved[0], a, b)
	}
	// The intended change, made through the document, gives the same file.
	if err := was.MoveObject(0, moved[0], mcodec.Point{X: b.X, Y: b.Y}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, was), saved) {
		t.Error("the saved map differs from the original with the monster moved")
	}
	if d := math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y)); d > 2000 {
		t.Errorf("a drag of 10 pixels moved the monster %.0f units", d)
	}
}

// TestGUIShockPaintAndSave: the Derelict's first level; T chooses the
// tile brush, a drag across the empty middle of the map paints tiles
// open, and the file is saved. It passes check and differs from the
// original only in those tiles' shapes.
func TestGUIShockPaintAndSave(t *testing.T) {
	path, original := corpusCopy(t, "shock", "derelict", "archive.dat")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, "^archive.dat — Levelwright$", path)
	p.WaitLoaded(path)
	before := p.Screenshot("opened")
	_, _, view, _, _ := regions(before.Bounds())
	midX, midY := (view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2
	p.Click(midX, midY, 1) // the map takes the keys
	p.Key("t")
	p.Drag(midX-60, midY, midX+60, midY)
	painted := p.Screenshot("painted")
	if f := e2e.ChangedFraction(before, painted, image.Rect(midX-60, midY-10, midX+60, midY+10)); f < 0.3 {
		t.Errorf("the painted strip changed %.0f%% of its pixels", f*100)
	}
	saved := saveAndQuit(t, bin, p, path)

	was, err := sdoc.Load(path, original)
	if err != nil {
		t.Fatal(err)
	}
	now, err := sdoc.Load(path, saved)
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for li, l := range now.Archive.Levels {
		if l == nil {
			continue
		}
		for i := range l.Tiles {
			a, b := was.Archive.Levels[li].Tiles[i], l.Tiles[i]
			if a == b {
				continue
			}
			changed++
			if li != 0 || b.Shape != shock.ShapeOpen {
				t.Fatalf("level %d tile %d went from %+v to %+v", li, i, a, b)
			}
			l.Tiles[i].Shape = a.Shape
		}
	}
	if changed < 5 {
		t.Fatalf("%d tiles painted by a drag of 120 pixels", changed)
	}
	back, err := now.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back, original) {
		t.Error("the saved archive holds changes besides the painted tiles' shapes")
	}
}
