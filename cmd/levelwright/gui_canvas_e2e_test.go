package main

import (
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
)

// openCracks starts the editor on Cracks in the Pleasuredome and finds
// its map area and a point in it off the level, near its corner.
func openCracks(t *testing.T) (p *e2e.Program, area image.Rectangle, off image.Point) {
	t.Helper()
	path := corpus.Path(t, "marathon", "jp", "Apotheosis", "Cracks-in-the-Pleasuredome.sceA")
	p = e2e.Start(t, e2e.NewDisplay(t), e2e.Build(t), `^Cracks-in-the-Pleasuredome\.sceA — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	_, _, view, _, _ := regions(shot.Bounds())
	area = mapArea(view)
	off = area.Max.Sub(image.Pt(12, 12))
	if floorAt(shot, off.X, off.Y, 4) {
		t.Fatalf("the map's corner %v is not off the level", off)
	}
	return p, area, off
}

// TestGUIMapPansKeepPicture: the map of Cracks in the Pleasuredome,
// panned with the arrow keys a step and another and back (the OpenGL
// canvas kept: only the strips it had not drawn are drawn), then four
// steps, past the canvas's margin, and back, shows the picture it showed
// before, pixel for pixel; each pan shows another.
func TestGUIMapPansKeepPicture(t *testing.T) {
	p, area, off := openCracks(t)
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

// TestGUIPointerHighlights: on the map of Cracks in the Pleasuredome, the
// object under the pointer is drawn highlighted, no longer in its
// class's colour, and the map around it is unchanged; with the pointer
// off the level again, the map shows what it showed before.
func TestGUIPointerHighlights(t *testing.T) {
	p, area, off := openCracks(t)
	p.Move(off.X, off.Y)
	before := p.Screenshot("pointer off the level")
	marks := markers(before, area, marathonObjectColours)
	if len(marks) == 0 {
		t.Fatal("no object markers on the map")
	}
	m := marks[len(marks)/2]
	p.Move(m.X, m.Y)
	over := p.Screenshot("pointer over an object")
	// The share of the marker's pixels in an object class's colour,
	// within 8 pixels.
	spot := image.Rect(m.X-8, m.Y-8, m.X+9, m.Y+9)
	objectColour := func(r, g, b int) bool {
		return slices.ContainsFunc(marathonObjectColours, func(c color.RGBA) bool { return exactly(c)(r, g, b) })
	}
	if was, now := share(before, spot, objectColour), share(over, spot, objectColour); now >= was/2 {
		t.Errorf("%.2f of the spot of the object under the pointer at %v is in its class's colour, %.2f before: not highlighted", now, m, was)
	}
	around := image.Rect(m.X-40, m.Y-40, m.X+40, m.Y+40)
	if f := e2e.ChangedFraction(before, over, area); f == 0 || f > 0.01 {
		t.Errorf("pointer over an object: %.3f%% of the map changed, want the object alone", f*100)
	}
	if f := e2e.ChangedFraction(before, over, around); f == 0 {
		t.Errorf("pointer over an object: nothing changed around it")
	}
	p.Move(off.X, off.Y)
	if f := e2e.ChangedFraction(before, p.Screenshot("pointer off again"), area); f != 0 {
		t.Errorf("pointer off the level again: %.3f%% of the map differs from before", f*100)
	}
}
