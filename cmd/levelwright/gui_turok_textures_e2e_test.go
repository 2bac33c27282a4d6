package main

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// Colours of a Turok corpus map's sector sets (every set of
// debugpad-short.map has them): its fog, which the 3D view's sky is,
// and the water of its set 1, which the Water mode fills its sectors
// with on the map.
var (
	turokFog   = color.RGBA{40, 40, 60, 255}
	turokWater = color.RGBA{0, 80, 160, 255}
)

// turokModeSelect is the draw mode's choice, at the top left of the map
// under the tool's help line.
func turokModeSelect(view image.Rectangle) image.Point { return image.Pt(view.Min.X+44, 131) }

// share is the share of r's pixels for which is holds.
func share(img image.Image, r image.Rectangle, is func(r, g, b int) bool) float64 {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if is(rgb(img.At(x, y))) {
				n++
			}
		}
	}
	return float64(n) / float64(max(r.Dx()*r.Dy(), 1))
}

// rgb is c's 8-bit red, green and blue.
func rgb(c color.Color) (int, int, int) {
	r, g, b, _ := c.RGBA()
	return int(r >> 8), int(g >> 8), int(b >> 8)
}

// exactly is a test of pixels of colour c.
func exactly(c color.RGBA) func(r, g, b int) bool {
	return func(r, g, b int) bool { return r == int(c.R) && g == int(c.G) && b == int(c.B) }
}

// watery pixels are the water's blue, whatever the floor under its
// translucent plane.
func watery(r, g, b int) bool { return b >= r+80 && b >= g+40 }

// fogTinted pixels are the fog colour lifted toward white and shaded:
// grey with a little more blue, brighter than the sky.
func fogTinted(r, g, b int) bool { return r > 60 && max(r-g, g-r) <= 4 && b > r && b-r <= 30 }

// actorLit pixels are an actor's box (orange) under the 3D view's light.
func actorLit(r, g, b int) bool { return r >= 150 && g >= 60 && g <= 140 && b <= 90 && r-g >= 60 }

// highlightedLit pixels are an actor's box under the pointer: its colour
// blended with white, under the light.
func highlightedLit(r, g, b int) bool { return r >= 180 && g >= 120 && b >= 100 && r-b >= 50 }

// selectedLit pixels are a face drawn selected: its colour blended with
// the selection's yellow, under the light.
func selectedLit(r, g, b int) bool { return r >= 200 && g >= 150 && b <= 90 }

// solidAt finds the point of area nearest its middle whose 5x5 square
// is all pixels for which is holds: inside a face, not on its edge.
func solidAt(img image.Image, area image.Rectangle, is func(r, g, b int) bool) (image.Point, bool) {
	mid := image.Pt((area.Min.X+area.Max.X)/2, (area.Min.Y+area.Max.Y)/2)
	best, found := image.Point{}, false
	for y := area.Min.Y + 2; y < area.Max.Y-2; y++ {
		for x := area.Min.X + 2; x < area.Max.X-2; x++ {
			at := image.Pt(x, y)
			if share(img, image.Rect(x-2, y-2, x+3, y+3), is) < 1 {
				continue
			}
			if d, b := at.Sub(mid), best.Sub(mid); !found || d.X*d.X+d.Y*d.Y < b.X*b.X+b.Y*b.Y {
				best, found = at, true
			}
		}
	}
	return best, found
}

// TestGUITurokColours: a Turok map, which has no textures the editor can
// read, is drawn in its own colours. Chosen with the keys in the legend's
// draw mode list, the Water mode fills the sectors of the set that holds
// water with its water colour on the map. Ctrl+2 shows it in 3D under a
// sky of its fog colour, its floors tinted by the fog and its water
// planes blue. A click on an actor's box in 3D selects it: the box is
// drawn selected and the inspector shows it; Delete removes it, Ctrl+Z
// brings it back, and the file is left as it was.
func TestGUITurokColours(t *testing.T) {
	path, original := corpusCopy(t, "turok", "debugpad-short.map")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^debugpad-short\.map — Levelwright$`, path)
	p.WaitLoaded(path)
	opened := p.Screenshot("opened")
	_, _, view, _, _ := regions(opened.Bounds())
	area := mapArea(view)
	if f := share(opened, area, exactly(turokWater)); f > 0.001 {
		t.Fatalf("%.2f%% of the map has the water colour before the Water mode is chosen", f*100)
	}

	at := turokModeSelect(view)
	p.Click(at.X, at.Y, 1)
	p.Key("Down", "Down", "Down", "Down", "Return") // the fourth mode after the first: Water
	water := p.Screenshot("water")
	if f := share(water, area, exactly(turokWater)); f < 0.05 {
		t.Fatalf("in the Water mode %.2f%% of the map has set 1's water colour %v, want its sectors'", f*100, turokWater)
	}

	p.Key("ctrl+2")
	p.Wheel(view.Min.X+view.Dx()/2, view.Min.Y+view.Dy()*2/3, false, 4) // closer, so that the actors' boxes are big
	space := p.Screenshot("3d")
	sky := image.Rect(view.Max.X-60, view.Min.Y+80, view.Max.X-10, view.Min.Y+120) // above the map's far edge
	if f := share(space, sky, exactly(turokFog)); f < 0.99 {
		t.Errorf("%.2f%% of the 3D view's top right corner has the fog colour %v: the sky is not the fog", f*100, turokFog)
	}
	if f := share(space, area, fogTinted); f < 0.2 {
		t.Errorf("%.2f%% of the 3D view is floors tinted by the fog", f*100)
	}
	if f := share(space, area, watery); f < 0.005 {
		t.Errorf("%.2f%% of the 3D view is water", f*100)
	}

	actor, ok := solidAt(space, area, actorLit)
	if !ok {
		t.Fatal("no actor's box shows in the 3D view")
	}
	spot := image.Rect(actor.X-8, actor.Y-8, actor.X+9, actor.Y+9)
	p.Click(actor.X, actor.Y, 1)
	picked := p.Screenshot("picked")
	if f := share(picked, spot, selectedLit); f < 0.05 {
		t.Errorf("after a click on the actor at %v, %.2f%% of the spot is drawn selected", actor, f*100)
	}
	if f := e2e.ChangedFraction(space, picked, inspectorPanel(space.Bounds())); f < 0.01 {
		t.Errorf("the inspector changed %.2f%% after the click on an actor in 3D: nothing selected", f*100)
	}

	p.Key("Delete")
	if e2e.HasDialog(p.State(), "Discard data?") { // the actor clicked is another's target
		p.Key("Tab", "Tab", "space") // past Cancel to Delete
	}
	waitTitle(t, p, true)
	deleted := p.Screenshot("deleted")
	if f := share(deleted, spot, func(r, g, b int) bool { return actorLit(r, g, b) || highlightedLit(r, g, b) || selectedLit(r, g, b) }); f > 0 {
		t.Errorf("%.2f%% of the spot still shows an actor after Delete", f*100)
	}
	p.Key("ctrl+z")
	waitTitle(t, p, false)
	undone := p.Screenshot("undone")
	// The pointer is still over the actor: it is drawn highlighted.
	if f := share(undone, spot, highlightedLit); f < 0.05 {
		t.Errorf("after Ctrl+Z %.2f%% of the spot shows the actor, highlighted under the pointer", f*100)
	}
	quit(t, p)
	if !bytes.Equal(mustReadFile(t, path), original) {
		t.Error("the file changed")
	}
}
