package tool

import (
	"errors"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/undo"
)

// mapView is a View at scale 1 that keeps the path shown.
type mapView struct{ path []display.Vec2 }

func (v *mapView) Camera() display.Camera2D     { return display.Camera2D{Scale: 1} }
func (v *mapView) ShowPath(path []display.Vec2) { v.path = path }
func (v *mapView) Status(string)                {}
func at(x, y float64) Pointer                   { return Pointer{At: display.Vec2{X: x, Y: y}} }
func corner(x, y float64) display.Vec2          { return display.Vec2{X: x, Y: y} }
func (v *mapView) shows(n int) bool             { return len(v.path) == n }
func outline(done *[][]display.Vec2) func([]display.Vec2) {
	return func(c []display.Vec2) { *done = append(*done, c) }
}

// TestCorners: an outline closes on a click on its first corner or on
// Finish once it has three; a fixed count closes itself; Cancel drops
// the corners and the traced path; fewer than three corners make
// nothing.
func TestCorners(t *testing.T) {
	v := &mapView{}
	var done [][]display.Vec2
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

	c = &Corners{View: v, Done: outline(&done), Complete: func(c []display.Vec2) bool { return len(c) == 3 },
		Snap: func(p display.Vec2) display.Vec2 { return corner(p.X+1, p.Y) }}
	c.Click(at(0, 0))
	c.Click(at(9, 0))
	if !c.Click(at(9, 9)) || len(done) != 2 || done[1][2] != corner(10, 9) {
		t.Fatalf("three snapped corners: %v", done)
	}
}

// setX sets a point's X, as a document's move does.
type setX struct{ p, from, to *float64 }

func (s *setX) Do() error              { *s.p = *s.to; return nil }
func (s *setX) Undo() error            { *s.p = *s.from; return nil }
func (s *setX) Describe() string       { return "Move point 0" }
func (s *setX) Changes() []undo.Change { return nil }

// TestRefusedDragChangesNothing: a point drag whose move is refused
// takes the point back where the drag began and leaves no step, nothing
// to redo either; a later move is taken again, and Cancel takes it back.
func TestRefusedDragChangesNothing(t *testing.T) {
	history := undo.New()
	x := 0.0
	move := func(_ int, at display.Vec2) error {
		if at.X > 10 {
			return errors.New("would turn sector 0 over")
		}
		from, to := x, at.X
		return history.MergingTransaction("Move point 0", "move point 0", func(do func(undo.Command) error) error {
			return do(&setX{&x, &from, &to})
		})
	}
	tl := PointDragger(&mapView{}, &Tool{}, history, func() (int, func(int) display.Vec2) {
		return 1, func(int) display.Vec2 { return display.Vec2{X: x} }
	}, move)
	state := func() (float64, int, int) { done, undone := history.Steps(); return x, done, undone }
	check := func(after string, wantX float64, wantSteps int) {
		t.Helper()
		if gotX, done, undone := state(); gotX != wantX || done != wantSteps || undone != 0 {
			t.Errorf("after %s: X %g, %d steps, %d to redo; want X %g, %d steps, none to redo", after, gotX, done, undone, wantX, wantSteps)
		}
	}
	d := tl.Press(at(0, 0))
	d.To(corner(4, 0))
	d.To(corner(8, 0))
	check("two moves", 8, 1)
	d.To(corner(12, 0))
	check("a refused move", 0, 0)
	d.To(corner(6, 0))
	check("a move taken again", 6, 1)
	d.Cancel()
	check("Cancel", 0, 0)
	d = tl.Press(at(0, 0))
	d.To(corner(3, 0))
	d.Release()
	check("a drag released", 3, 1)
	d = tl.Press(at(3, 0))
	d.To(corner(20, 0))
	d.Release()
	check("a drag refused from its first move", 3, 1)
}
