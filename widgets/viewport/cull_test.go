package viewport

import (
	"image"
	"image/color"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// TestCulledFrames: a view of a few squares of a large map draws a small
// share of its items with OpenGL, and the same picture as the items near
// the view alone; an item moved into the view by an update shows. The
// software renderer's half is display's TestCulledFramesInSoftware.
func TestCulledFrames(t *testing.T) {
	const n, w, h = 150, 320, 200
	l, cam, alone := displaytest.CulledMap(n, w, h)

	g := newGL(t)
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	fromGL, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if total := len(g.tess.Flat); g.drawn == 0 || g.drawn > total/20 {
		t.Errorf("OpenGL: drew %d of %d vertices", g.drawn, total)
	}
	if m := mismatch(fromGL, alone); m > 0.001 {
		t.Errorf("OpenGL: %.4f of the culled frame differs from the frame of the items near the view", m)
	}

	// A square of the last row but one, far from the view and drawn after the
	// squares there, moved into its middle, where lines cross: a point
	// of it clear of them shows white.
	white := color.NRGBA{255, 255, 255, 255}
	moved := (n-2)*n + n/2
	l.Polygons[moved] = display.Polygon{Points: []display.Vec2{{X: 695, Y: 795}, {X: 705, Y: 795}, {X: 705, Y: 805}, {X: 695, Y: 805}}, Fill: white}
	if err := g.Update(display.Changes{Polygons: []int{moved}}); err != nil {
		t.Fatal(err)
	}
	if fromGL, err = g.Render2D(cam, w, h); err != nil {
		t.Fatal(err)
	}
	if c := fromGL.NRGBAAt(w/2+10, h/2-10); c != white {
		t.Errorf("OpenGL: the square moved into the view's middle is not drawn there: %v", c)
	}
}

// TestCulledTexturedPolygons: a view of a few squares of a large map of
// textured squares draws a small share of their vertices, and the
// picture the software renderer draws.
func TestCulledTexturedPolygons(t *testing.T) {
	const n, w, h = 150, 320, 200
	l := displaytest.Tiles(n)
	l.Lines, l.Markers, l.Labels = nil, nil, nil
	l.Textures = []*image.NRGBA{displaytest.Pattern(8, 8, nil)}
	for i := range l.Polygons {
		l.Polygons[i].Texture, l.Polygons[i].UV = 1, display.Affine{XU: 1, YV: 1}
	}
	cam := display.Camera2D{Center: display.Vec2{X: 700, Y: 800}, Scale: 4}
	g := newGL(t)
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	img, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if total := len(g.tess.Textured); g.drawn == 0 || g.drawn > total/20 {
		t.Errorf("drew %d of %d textured vertices", g.drawn, total)
	}
	if m := mismatch(img, display.Render2D(l, cam, w, h)); m > 0.01 {
		t.Errorf("%.4f of the culled frame differs from the software one", m)
	}
}
