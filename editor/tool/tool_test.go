package tool

import (
	"testing"

	"github.com/levelwright/levelwright/widgets/viewport"
)

// mapView is a View at scale 1 that keeps the path shown.
type mapView struct{ path []viewport.Vec2 }

func (v *mapView) Camera() viewport.Camera2D     { return viewport.Camera2D{Scale: 1} }
func (v *mapView) ShowPath(path []viewport.Vec2) { v.path = path }
func (v *mapView) Status(string)                 {}
func at(x, y float64) Pointer                    { return Pointer{At: viewport.Vec2{X: x, Y: y}} }
func corner(x, y float64) viewport.Vec2          { return viewport.Vec2{X: x, Y: y} }
func (v *mapView) shows(n int) bool              { return len(v.path) == n }
func outline(done *[][]viewport.Vec2) func([]viewport.Vec2) {
	return func(c []viewport.Vec2) { *done = append(*done, c) }
}

// TestCorners: an outline closes on a click on its first corner or on
// Finish once it has three; a fixed count closes itself; Cancel drops
// the corners and the traced path; fewer than three corners make
// nothing.
func TestCorners(t *testing.T) {
	v := &mapView{}
	var done [][]viewport.Vec2
	c := &Corners{View: v, Done: outline(&done)}
	for _, p := range []Pointer{at(0, 0), at(10, 0), at(10, 10)} {
		if c.Click(p) {
			t.Fatal("the outline ended before it was closed")
		}
	}
	c.Hover(corner(0, 10))
	if !v.shows(4) {
		t.Fatalf("traced %v, want the corners and the pointer", v.path)
	}
	if !c.Click(at(0, 0)) || len(done) != 1 || len(done[0]) != 3 || !v.shows(0) {
		t.Fatalf("closing on the first corner: %v, path %v", done, v.path)
	}

	c = &Corners{View: v, Done: outline(&done)}
	c.Click(at(0, 0))
	c.Click(at(5, 5))
	c.Finish() // Enter with two corners: nothing
	if len(done) != 1 {
		t.Fatal("two corners made an outline")
	}
	c = &Corners{View: v, Done: outline(&done)}
	c.Click(at(0, 0))
	c.Cancel()
	if !v.shows(0) || len(done) != 1 {
		t.Fatal("Cancel left the path or made an outline")
	}

	c = &Corners{View: v, Done: outline(&done), Complete: func(c []viewport.Vec2) bool { return len(c) == 3 },
		Snap: func(p viewport.Vec2) viewport.Vec2 { return corner(p.X+1, p.Y) }}
	c.Click(at(0, 0))
	c.Click(at(9, 0))
	if !c.Click(at(9, 9)) || len(done) != 2 || done[1][2] != corner(10, 9) {
		t.Fatalf("three snapped corners: %v", done)
	}
}
