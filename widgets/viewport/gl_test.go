package viewport

import (
	"image"
	"image/color"
	"math"
	"os"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
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

// sampleList holds every kind of item: convex and concave polygons, a
// translucent one, lines of three widths and an arrow, markers of every shape with and
// without heading, in each state, labels, a grid, and crossing 3D faces,
// one-sided and two-sided.
func sampleList() *List {
	l := &List{Background: color.NRGBA{20, 24, 30, 255}, Grid: &Grid{Spacing: 25, Color: color.NRGBA{255, 255, 255, 30}}}
	l.Polygons = []Polygon{
		{Points: []Vec2{{-150, -90}, {-20, -90}, {-20, 10}, {-150, 10}}, Fill: blue},
		{Points: []Vec2{{20, -90}, {150, -90}, {150, 20}, {90, -30}, {20, 20}}, Fill: green, State: Selected},
		{Points: []Vec2{{-60, -60}, {60, -60}, {0, 60}}, Fill: color.NRGBA{250, 250, 250, 90}, ID: 3},
	}
	l.Lines = []Line{
		{A: Vec2{-150, 40}, B: Vec2{150, 55}, Width: 1, Color: red},
		{A: Vec2{-150, 70}, B: Vec2{100, 95}, Width: 2, Color: red, State: Highlighted},
		{A: Vec2{120, 30}, B: Vec2{60, 100}, Width: 4, Color: color.NRGBA{200, 200, 60, 255}},
		{A: Vec2{0, 0}, B: Vec2{0, 0}, Width: 3, Color: red},
		{A: Vec2{-100, 120}, B: Vec2{-40, 80}, Width: 1, Color: green, Arrow: true},
	}
	for i, shape := range []Shape{Circle, Square, Diamond, Triangle} {
		heading := NoHeading
		if i%2 == 0 {
			heading = float64(i) * 0.7
		}
		l.Markers = append(l.Markers, Marker{At: Vec2{-120 + 60*float64(i), -110}, Shape: shape, Size: 12, Heading: heading,
			Color: color.NRGBA{230, 150, 60, 255}, State: State(i % 3)})
	}
	l.Markers = append(l.Markers, Marker{At: Vec2{120, -110}, Shape: Triangle, Size: 12, Heading: 2.5, Color: red})
	l.Labels = []Label{{At: Vec2{-140, 110}, Text: "Level 5: Arrival", Color: color.NRGBA{240, 240, 240, 255}}}
	// A floor seen from above, a ceiling above it seen from behind (not
	// drawn), and a wall through both.
	l.Triangles = []Triangle3{
		{A: Vec3{-100, -100, 0}, B: Vec3{100, -100, 0}, C: Vec3{100, 100, 0}, Color: blue, OneSided: true},
		{A: Vec3{-100, -100, 0}, B: Vec3{100, 100, 0}, C: Vec3{-100, 100, 0}, Color: green, OneSided: true},
		{A: Vec3{-100, -100, 60}, B: Vec3{100, 100, 60}, C: Vec3{100, -100, 60}, Color: red, OneSided: true},
		{A: Vec3{-80, 0, -40}, B: Vec3{80, 0, -40}, C: Vec3{0, 0, 100}, Color: color.NRGBA{220, 220, 200, 255}},
	}
	return l
}

// TestGLMatchesSoftware: the OpenGL path draws the same picture as the
// software renderer, in 2D both ways up and in 3D, within a tolerance
// for edge pixels; and the picture holds what the list holds.
func TestGLMatchesSoftware(t *testing.T) {
	g := newGL(t)
	l := sampleList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	const w, h = 400, 300
	for _, flip := range []bool{false, true} {
		cam := Camera2D{Center: Vec2{5, 3}, Scale: 1.2, FlipY: flip}
		if flip {
			cam.PixelRatio = 2 // a HiDPI screen: lines and markers twice as wide
		}
		got, err := g.Render2D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := Render2D(l, cam, w, h)
		t.Logf("2D flip %v: %.3f%% of the pixels differ", flip, mismatch(got, want)*100)
		if f := mismatch(got, want); f > 0.01 {
			t.Errorf("2D flip %v: %.2f%% of the pixels differ from the software render, want at most 1%%", flip, f*100)
		}
		// The concave polygon's notch shows the background.
		notch := cam.ToScreen(Vec2{90, 0}, w, h)
		if c := got.NRGBAAt(int(notch.X), int(notch.Y)); c == shown(green, Selected) {
			t.Errorf("2D flip %v: the concave polygon's notch is filled", flip)
		}
		inside := cam.ToScreen(Vec2{40, -70}, w, h)
		if c := got.NRGBAAt(int(inside.X), int(inside.Y)); c != shown(green, Selected) {
			t.Errorf("2D flip %v: inside the selected polygon is %v, want %v", flip, c, shown(green, Selected))
		}
	}
	cam := Orbit3D(Vec3{-100, -100, -40}, Vec3{100, 100, 100})
	got, err := g.Render3D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	want := Render3D(l, cam, w, h)
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
	l := sampleList()
	g.SetList(l)
	cam := Camera2D{Scale: 1.5}
	const w, h = 320, 240
	before, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	beforeCopy := image.NewNRGBA(before.Rect)
	copy(beforeCopy.Pix, before.Pix)

	l.Polygons[0].Points[2] = Vec2{-30, 60}
	l.Polygons[0].Fill = red
	l.Markers[1].At = Vec2{40, 40}
	l.Lines[2].State = Selected
	l.Triangles[3].C = Vec3{0, 0, 40}
	check := func(what string, c Changes) {
		t.Helper()
		if err := g.Update(c); err != nil {
			t.Fatal(err)
		}
		got, err := g.Render2D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		if f := mismatch(got, Render2D(l, cam, w, h)); f > 0.01 {
			t.Errorf("%s: %.2f%% of the pixels differ from the software render", what, f*100)
		}
		if f := mismatch(got, beforeCopy); f < 0.01 {
			t.Errorf("%s: only %.2f%% of the pixels changed", what, f*100)
		}
		cam3 := Orbit3D(Vec3{-100, -100, -40}, Vec3{100, 100, 100})
		got3, err := g.Render3D(cam3, w, h)
		if err != nil {
			t.Fatal(err)
		}
		if f := mismatch(got3, Render3D(l, cam3, w, h)); f > 0.01 {
			t.Errorf("%s: 3D: %.2f%% of the pixels differ from the software render", what, f*100)
		}
	}
	check("in place", Changes{Polygons: []int{0}, Lines: []int{2}, Markers: []int{1}, Triangles: []int{3}})
	l.Polygons[1].Points = append(l.Polygons[1].Points, Vec2{20, -50})
	check("a corner more", Changes{Polygons: []int{1}})
}

// TestTriangulate: concave outlines split into triangles that cover
// exactly their area.
func TestTriangulate(t *testing.T) {
	for _, pts := range [][]Vec2{
		{{0, 0}, {4, 0}, {4, 4}, {0, 4}},
		{{0, 0}, {4, 0}, {4, 4}, {2, 1}, {0, 4}},
		{{0, 0}, {0, 4}, {2, 1}, {4, 4}, {4, 0}},
		{{0, 0}, {6, 0}, {6, 1}, {1, 1}, {1, 5}, {6, 5}, {6, 6}, {0, 6}},
	} {
		tris := triangulate(pts)
		if len(tris) != len(pts)-2 {
			t.Errorf("%v: %d triangles, want %d", pts, len(tris), len(pts)-2)
		}
		sum := 0.0
		for _, tr := range tris {
			sum += math.Abs(turn(pts[tr[0]], pts[tr[1]], pts[tr[2]]))
		}
		if want := math.Abs(area2(pts)); math.Abs(sum-want) > 1e-9 {
			t.Errorf("%v: triangles cover %v, want %v", pts, sum/2, want/2)
		}
	}
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
	if _, err := g.Render2D(Camera2D{Scale: 1}, 64, 64); err != nil {
		t.Fatal(err)
	}
	g.Close()
	g.Close()
	if _, err := g.Render2D(Camera2D{Scale: 1}, 64, 64); err != ErrClosed {
		t.Errorf("Render2D after Close: %v, want ErrClosed", err)
	}
	if err := g.SetList(sampleList()); err != ErrClosed {
		t.Errorf("SetList after Close: %v, want ErrClosed", err)
	}
	again := newGL(t)
	if _, err := again.Render3D(Orbit3D(Vec3{}, Vec3{X: 1, Y: 1, Z: 1}), 64, 64); err != nil {
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
