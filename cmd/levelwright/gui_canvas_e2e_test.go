package main

import (
	"image"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
)

// TestGUIMapPansKeepPicture: the map of Cracks in the Pleasuredome,
// panned with the arrow keys a step and another and back (the OpenGL
// canvas kept: only the strips it had not drawn are drawn), then four
// steps, past the canvas's margin, and back, shows the picture it showed
// before, pixel for pixel; each pan shows another.
func TestGUIMapPansKeepPicture(t *testing.T) {
	path := corpus.Path(t, "marathon", "jp", "Apotheosis", "Cracks-in-the-Pleasuredome.sceA")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^Cracks-in-the-Pleasuredome\.sceA — Levelwright$`, path)
	shot := p.Screenshot("opened")
	_, _, view, _, _ := regions(shot.Bounds())
	area := mapArea(view)
	off := area.Max.Sub(image.Pt(12, 12))
	if floorAt(shot, off.X, off.Y, 4) {
		t.Fatalf("the map's corner %v is not off the level", off)
	}
	p.Click(off.X, off.Y, 1) // nothing there: the map takes the keys
	before := p.Screenshot("before")
	for _, round := range []struct {
		name  string
		there []string
		back  []string
	}{
		{"inside the margin", []string{"Right", "Down"}, []string{"Up", "Left"}},
		{"past the margin", []string{"Left", "Left", "Left", "Left"}, []string{"Right", "Right", "Right", "Right"}},
	} {
		p.Key(round.there...)
		panned := p.Screenshot("panned " + round.name)
		if f := e2e.ChangedFraction(before, panned, area); f < 0.05 {
			t.Errorf("panned %s: %.1f%% of the map changed", round.name, f*100)
		}
		p.Key(round.back...)
		again := p.Screenshot("back from " + round.name)
		if f := e2e.ChangedFraction(before, again, area); f != 0 {
			t.Errorf("back from a pan %s, %.3f%% of the map differs from before", round.name, f*100)
		}
	}
}
