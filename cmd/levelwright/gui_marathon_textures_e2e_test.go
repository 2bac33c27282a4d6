package main

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/shapestest"
)

// hueBuckets are the parts of the colour circle that hues fall in.
const hueBuckets = 12

// hues counts the buckets of the colour circle that hold at least 2% of
// r's saturated pixels: a generated Shapes file's textures, whose colour
// tables go round the circle, fill most of them; the colour modes'
// gradients and grey walls a few.
func hues(img image.Image, r image.Rectangle) int {
	var counts [hueBuckets]int
	total := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			c := [3]float64{float64(cr >> 8), float64(cg >> 8), float64(cb >> 8)}
			hi, lo := max(c[0], c[1], c[2]), min(c[0], c[1], c[2])
			if hi-lo < 40 {
				continue // grey: the background, walls without texture, text
			}
			var h float64 // in sixths of the circle
			switch hi {
			case c[0]:
				h = (c[1] - c[2]) / (hi - lo)
			case c[1]:
				h = 2 + (c[2]-c[0])/(hi-lo)
			default:
				h = 4 + (c[0]-c[1])/(hi-lo)
			}
			counts[int((h+6)*hueBuckets/6)%hueBuckets]++
			total++
		}
	}
	n := 0
	for _, c := range counts {
		if c*50 >= total && c > 0 {
			n++
		}
	}
	return n
}

// drawModeChoice is the legend's draw mode choice in the 1280x800
// window, and modeRow the middle of row i of its list when open.
var drawModeChoice = image.Pt(322, 133)

func modeRow(i int) image.Point { return image.Pt(300, 167+39*i) }

// TestGUIMarathonTextures: Marathon 1's first level, with a generated
// Shapes file beside it as a scenario ships its own. The Texture draw
// mode textures the floors in 2D with the file's colours (its hues all
// round the circle, where Floor height shows a gradient); Ctrl+2 shows
// the textured 3D view, walls too; a click on a wall or floor there
// selects it: the inspector shows it and the view marks it. Nothing is
// changed.
func TestGUIMarathonTextures(t *testing.T) {
	path, _ := corpusCopy(t, "marathon", "m1", "Map.scen")
	d, err := mdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), "Shapes.shpA"), shapestest.ForLevel(d.Levels[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := e2e.Build(t)
	p := e2e.Start(t, e2e.NewDisplay(t), bin, `^Map\.scen — Levelwright$`, path)
	p.WaitLoaded(path)
	flat := p.Screenshot("floor-height")
	_, _, view, _, _ := regions(flat.Bounds())
	// Right of the legend, which lists the textures' collections.
	area := image.Rect(view.Min.X+view.Dx()/2, view.Min.Y+80, view.Max.X, view.Max.Y)
	if n := hues(flat, area); n > 5 { // 4 when written
		t.Fatalf("Floor height shows %d of %d hues: not its gradient", n, hueBuckets)
	}

	p.Click(drawModeChoice.X, drawModeChoice.Y, 1)
	p.Click(modeRow(6).X, modeRow(6).Y, 1) // Texture, Marathon 1's seventh mode
	textured := p.Screenshot("texture-2d")
	if n := hues(textured, area); n < 9 { // 11 when written
		t.Errorf("the Texture mode shows %d of %d hues: the floors are not textured from the Shapes file", n, hueBuckets)
	}
	if f := e2e.ChangedFraction(flat, textured, area); f < 0.05 {
		t.Errorf("the Texture mode changed %.1f%% of the map", f*100)
	}

	p.Click(area.Max.X-12, area.Max.Y-12, 1) // the map takes the keys
	p.Key("ctrl+2")
	orbit := p.Screenshot("texture-3d")
	if n := hues(orbit, area); n < 9 { // 11 when written
		t.Errorf("the 3D view shows %d of %d hues: its faces are not textured", n, hueBuckets)
	}
	if f := e2e.ChangedFraction(textured, orbit, area); f < 0.05 {
		t.Fatalf("Ctrl+2 changed %.1f%% of the view: no 3D view", f*100)
	}

	// A textured face near the middle of the view.
	var at image.Point
	mid := image.Pt((view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2)
	for r := 0; r < 200 && at == (image.Point{}); r += 4 {
		for _, q := range []image.Point{mid.Add(image.Pt(r, 0)), mid.Add(image.Pt(0, r)), mid.Add(image.Pt(-r, 0)), mid.Add(image.Pt(0, -r))} {
			if hues(orbit, image.Rect(q.X-6, q.Y-6, q.X+7, q.Y+7)) >= 2 {
				at = q
				break
			}
		}
	}
	if at == (image.Point{}) {
		t.Fatal("no textured face near the middle of the 3D view")
	}
	p.Click(at.X, at.Y, 1)
	picked := p.Screenshot("picked-3d")
	heading := inspectorHeading(picked.Bounds())
	if f := e2e.ChangedFraction(orbit, picked, heading); f == 0 {
		t.Error("the inspector's heading did not change: nothing selected")
	}
	if f := e2e.ChangedFraction(orbit, picked, image.Rect(at.X-20, at.Y-20, at.X+21, at.Y+21)); f < 0.05 {
		t.Errorf("the click changed %.1f%% around %v: the selection is not marked in 3D", f*100, at)
	}
	if f := e2e.ChangedFraction(orbit, picked, inspectorPanel(picked.Bounds())); f < 0.02 {
		t.Errorf("the inspector changed %.1f%%: no form for what the click selected", f*100)
	}
	if title := p.Title(); strings.Contains(title, "*") {
		t.Errorf("title %q: looking changed the level", title)
	}
	quit(t, p)
}
