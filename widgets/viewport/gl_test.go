package viewport

import (
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// The colours of the test lists.
var (
	red   = color.NRGBA{220, 40, 40, 255}
	blue  = color.NRGBA{40, 60, 220, 255}
	green = color.NRGBA{40, 200, 60, 255}
	white = color.NRGBA{255, 255, 255, 255}
)

func TestMain(m *testing.M) { os.Exit(e2e.InDisplay(m)) }

// newGL starts an OpenGL renderer that the test closes.
func newGL(t testing.TB) *GL {
	t.Helper()
	e2e.NeedDisplay(t)
	g, err := NewGL()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	t.Logf("OpenGL: %s", g.Describe())
	return g
}

// mismatch is the share of pixels that differ between a and b.
func mismatch(a, b *image.NRGBA) float64 { return e2e.ChangedFraction(a, b, a.Rect) }

// TestGLMatchesSoftware: the OpenGL path draws the same picture as the
// software renderer, in 2D both ways up and in 3D, within a tolerance
// for edge pixels; and the picture holds what the list holds.
func TestGLMatchesSoftware(t *testing.T) {
	g := newGL(t)
	l := displaytest.SampleList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	const w, h = 400, 300
	for _, flip := range []bool{false, true} {
		cam := display.Camera2D{Center: display.Vec2{X: 5, Y: 3}, Scale: 1.2, FlipY: flip}
		if flip {
			cam.PixelRatio = 2 // a HiDPI screen: lines and markers twice as wide
		}
		got, err := g.Render2D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := display.Render2D(l, cam, w, h)
		t.Logf("2D flip %v: %.3f%% of the pixels differ", flip, mismatch(got, want)*100)
		if f := mismatch(got, want); f > 0.01 {
			t.Errorf("2D flip %v: %.2f%% of the pixels differ from the software render, want at most 1%%", flip, f*100)
		}
		// The concave polygon's notch shows the background.
		notch := cam.ToScreen(display.Vec2{X: 90, Y: 0}, w, h)
		if c := got.NRGBAAt(int(notch.X), int(notch.Y)); c == display.Shown(green, display.Selected) {
			t.Errorf("2D flip %v: the concave polygon's notch is filled", flip)
		}
		inside := cam.ToScreen(display.Vec2{X: 40, Y: -70}, w, h)
		if c := got.NRGBAAt(int(inside.X), int(inside.Y)); c != display.Shown(green, display.Selected) {
			t.Errorf("2D flip %v: inside the selected polygon is %v, want %v", flip, c, display.Shown(green, display.Selected))
		}
	}
	cam := display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100})
	got, err := g.Render3D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	want := display.Render3D(l, cam, w, h)
	t.Logf("3D: %.3f%% of the pixels differ", mismatch(got, want)*100)
	if f := mismatch(got, want); f > 0.01 {
		t.Errorf("3D: %.2f%% of the pixels differ from the software render, want at most 1%%", f*100)
	}
	if n := e2e.DistinctColours(got, got.Rect); n < 4 {
		t.Errorf("3D frame has %d colours", n)
	}
	saveOnFailure(t, "gl-3d", got)
}

// TestGLUpdate: after items change in place (and one polygon gains a
// corner, which changes its vertex count), the renderer draws the
// changed list as the software renderer does.
func TestGLUpdate(t *testing.T) {
	g := newGL(t)
	l := displaytest.SampleList()
	g.SetList(l)
	cam := display.Camera2D{Scale: 1.5}
	const w, h = 320, 240
	before, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	beforeCopy := image.NewNRGBA(before.Rect)
	copy(beforeCopy.Pix, before.Pix)

	l.Polygons[0].Points[2] = display.Vec2{X: -30, Y: 60}
	l.Polygons[0].Fill = red
	l.Markers[1].At = display.Vec2{X: 40, Y: 40}
	l.Lines[2].State = display.Selected
	l.Triangles[3].C = display.Vec3{X: 0, Y: 0, Z: 40}
	check := func(what string, c display.Changes) {
		t.Helper()
		if err := g.Update(c); err != nil {
			t.Fatal(err)
		}
		got, err := g.Render2D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		if f := mismatch(got, display.Render2D(l, cam, w, h)); f > 0.01 {
			t.Errorf("%s: %.2f%% of the pixels differ from the software render", what, f*100)
		}
		if f := mismatch(got, beforeCopy); f < 0.01 {
			t.Errorf("%s: only %.2f%% of the pixels changed", what, f*100)
		}
		cam3 := display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100})
		got3, err := g.Render3D(cam3, w, h)
		if err != nil {
			t.Fatal(err)
		}
		if f := mismatch(got3, display.Render3D(l, cam3, w, h)); f > 0.01 {
			t.Errorf("%s: 3D: %.2f%% of the pixels differ from the software render", what, f*100)
		}
	}
	check("in place", display.Changes{Polygons: []int{0}, Lines: []int{2}, Markers: []int{1}, Triangles: []int{3}})
	l.Polygons[1].Points = append(l.Polygons[1].Points, display.Vec2{X: 20, Y: -50})
	check("a corner more", display.Changes{Polygons: []int{1}})
}

// saveOnFailure keeps img in the test's output folder when it failed.
func saveOnFailure(t *testing.T, name string, img image.Image) {
	t.Cleanup(func() {
		if t.Failed() {
			e2e.SavePNG(t, name, img)
		}
	})
}

// TestGLClose: Close stops the render thread and destroys its window;
// later calls say so instead of hanging, and a second Close is harmless.
// A new renderer starts after it.
func TestGLClose(t *testing.T) {
	e2e.NeedDisplay(t)
	g, err := NewGL()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Render2D(display.Camera2D{Scale: 1}, 64, 64); err != nil {
		t.Fatal(err)
	}
	g.Close()
	g.Close()
	if _, err := g.Render2D(display.Camera2D{Scale: 1}, 64, 64); err != ErrClosed {
		t.Errorf("Render2D after Close: %v, want ErrClosed", err)
	}
	if err := g.SetList(displaytest.SampleList()); err != ErrClosed {
		t.Errorf("SetList after Close: %v, want ErrClosed", err)
	}
	again := newGL(t)
	if _, err := again.Render3D(display.Orbit3D(display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1}), 64, 64); err != nil {
		t.Errorf("a renderer started after another closed: %v", err)
	}
}

// TestGLKeepsHeap: starting OpenGL made the C heap keep the memory it
// frees, which a software OpenGL otherwise faults in again at each frame.
func TestGLKeepsHeap(t *testing.T) {
	newGL(t)
	if !heapKept() {
		t.Error("the C library refused to keep freed memory in the heap")
	}
}
