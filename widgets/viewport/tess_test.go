package viewport

import (
	"image"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// TestGLDrawsAppendedItems: items appended to the list and named by
// Update are drawn in 2D and 3D as a renderer given the whole list
// draws them, past the room its buffers had.
func TestGLDrawsAppendedItems(t *testing.T) {
	g, fresh := newGL(t), newGL(t)
	l := displaytest.SampleList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	const w, h = 400, 300
	cam2, cam3 := display.Camera2D{Center: display.Vec2{X: 5, Y: 3}, Scale: 1.2}, display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100})
	if _, err := g.Render2D(cam2, w, h); err != nil {
		t.Fatal(err)
	}
	made := g.tess
	for round := range 40 {
		var c display.Changes
		x := float64(round*5 - 100)
		l.Markers = append(l.Markers, display.Marker{At: display.Vec2{X: x, Y: 30}, Shape: display.Diamond, Size: 10, Heading: display.NoHeading, Color: red})
		l.Lines = append(l.Lines, display.Line{A: display.Vec2{X: x, Y: 40}, B: display.Vec2{X: x + 20, Y: 60}, Width: 2, Color: green})
		l.Triangles = append(l.Triangles, display.Triangle3{A: display.Vec3{X: x, Y: 0, Z: 10}, B: display.Vec3{X: x + 10, Y: 0, Z: 10}, C: display.Vec3{X: x, Y: 0, Z: 30}, Color: red, OneSided: round%2 == 0})
		c.Markers, c.Lines, c.Triangles = []int{len(l.Markers) - 1}, []int{len(l.Lines) - 1}, []int{len(l.Triangles) - 1}
		if err := g.Update(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := fresh.SetList(l); err != nil {
		t.Fatal(err)
	}
	for _, view := range []string{"2D", "3D"} {
		var got, want *image.NRGBA
		var err error
		if view == "2D" {
			if got, err = g.Render2D(cam2, w, h); err == nil {
				want, err = fresh.Render2D(cam2, w, h)
			}
		} else if got, err = g.Render3D(cam3, w, h); err == nil {
			want, err = fresh.Render3D(cam3, w, h)
		}
		if err != nil {
			t.Fatal(err)
		}
		if n := differing(got.Pix, want.Pix); n > w*h/10000 {
			t.Errorf("%s: %d pixels differ from the frame of a renderer given the whole list", view, n)
		}
	}
	if g.tess != made {
		t.Error("the list was tessellated again: the items were not appended")
	}
}
