package viewport

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// TestCanvasFramesMatchFreshOnes: a 2D frame drawn from the kept canvas
// (after pans by whole pixels, inside the margin and past it, zooms,
// changed items and 3D frames in between) is the frame drawn anew from
// the same list, for untextured and textured lists with translucent
// polygons, both ways up.
func TestCanvasFramesMatchFreshOnes(t *testing.T) {
	g := newGL(t)
	const w, h = 400, 300
	for _, c := range []struct {
		name string
		l    *display.List
	}{{"sample", displaytest.SampleList()}, {"textured", displaytest.TexturedList()}} {
		for _, flip := range []bool{false, true} {
			if err := g.SetList(c.l); err != nil {
				t.Fatal(err)
			}
			rnd := rand.New(rand.NewPCG(1, 2))
			cam := display.Camera2D{Center: display.Vec2{X: 5, Y: 3}, Scale: 1.2, FlipY: flip}
			kept, redrawn := 0, 0
			for step := range 60 {
				what := "pan"
				switch k := rnd.IntN(10); {
				case k < 5:
					cam = cam.Pan(float64(rnd.IntN(41)-20), float64(rnd.IntN(41)-20))
				case k == 5:
					what = "far pan"
					cam = cam.Pan(float64(rnd.IntN(2)*2-1)*float64(canvasMargin+50), 0)
				case k == 6:
					what = "zoom"
					cam.Scale *= []float64{0.8, 1.25}[rnd.IntN(2)]
				case k == 7:
					what = "3D frame between"
					if _, err := g.Render3D(display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100}), w, h); err != nil {
						t.Fatal(err)
					}
				default:
					what = "items changed"
					ch := changeItems(c.l, rnd)
					if err := g.Update(ch); err != nil {
						t.Fatal(err)
					}
				}
				var got, want []byte
				if err := g.do(func() error {
					img, err := g.frame2D(cam, w, h)
					if err != nil {
						return err
					}
					got = bytes.Clone(img.Pix)
					if g.drawn < len(g.tess.Flat) {
						kept++
					}
					g.canvas.valid = false
					img, err = g.frame2D(cam, w, h)
					want = bytes.Clone(img.Pix)
					redrawn++
					return err
				}); err != nil {
					t.Fatal(err)
				}
				if differ := differing(got, want); differ > w*h/10000 {
					t.Errorf("%s flip %v step %d (%s): %d pixels of the kept canvas's frame differ from the frame drawn anew", c.name, flip, step, what, differ)
				}
			}
			if kept < 20 {
				t.Errorf("%s flip %v: %d of %d frames drew less than the whole list: the canvas was not kept", c.name, flip, kept, redrawn)
			}
		}
	}
}

// TestCanvasDrawsOnlyWhatChanged: on a map of many polygons, a frame of
// the same view draws nothing; a pan by a few pixels draws past the
// view, so that the next one draws nothing; a changed polygon draws a
// few triangles: those whose pixels reach its own.
func TestCanvasDrawsOnlyWhatChanged(t *testing.T) {
	g := newGL(t)
	l := &display.List{Background: color.NRGBA{20, 24, 30, 255}, Grid: &display.Grid{Spacing: 10, Color: color.NRGBA{255, 255, 255, 40}}}
	for x := range 100 {
		for y := range 100 {
			p := display.Vec2{X: float64(x * 10), Y: float64(y * 10)}
			l.Polygons = append(l.Polygons, display.Polygon{Points: []display.Vec2{p, {X: p.X + 9, Y: p.Y}, {X: p.X + 9, Y: p.Y + 9}, {X: p.X, Y: p.Y + 9}}, Fill: color.NRGBA{80, uint8(x), uint8(y), 255}})
		}
	}
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	const w, h = 400, 300
	cam := display.Camera2D{Center: display.Vec2{X: 500, Y: 500}, Scale: 1}
	frame := func(name string) int {
		t.Helper()
		if _, err := g.Render2D(cam, w, h); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d vertices drawn", name, g.drawn)
		return g.drawn
	}
	whole := frame("first frame")
	if whole == 0 {
		t.Fatal("the first frame drew nothing")
	}
	if n := frame("same view"); n != 0 {
		t.Errorf("the same view again drew %d vertices, want 0", n)
	}
	cam = cam.Pan(3, -2)
	if n := frame("pan"); n == 0 {
		t.Error("a pan of 3 pixels drew nothing: it shows pixels the canvas had not drawn")
	}
	cam = cam.Pan(3, -2)
	if n := frame("pan on"); n != 0 {
		t.Errorf("a second pan of 3 pixels drew %d vertices, want 0: the first one drew past the view", n)
	}
	l.Polygons[5050].Fill = color.NRGBA{255, 0, 0, 255}
	if err := g.Update(display.Changes{Polygons: []int{5050}}); err != nil {
		t.Fatal(err)
	}
	// Only the triangles that reach its pixels: the chunks of the list
	// that do reach across the view.
	if n := frame("changed polygon"); n == 0 || n > whole/50 {
		t.Errorf("a changed polygon drew %d vertices, want some and at most a fiftieth of %d", n, whole)
	}
}

// changeItems changes some of l's 2D items in place, keeping their
// vertex counts, and says which.
func changeItems(l *display.List, rnd *rand.Rand) display.Changes {
	var c display.Changes
	if len(l.Polygons) > 0 {
		i := rnd.IntN(len(l.Polygons))
		p := &l.Polygons[i]
		p.State = display.State(rnd.IntN(3))
		p.Fill.R = uint8(rnd.IntN(256))
		c.Polygons = append(c.Polygons, i)
	}
	if len(l.Lines) > 0 {
		i := rnd.IntN(len(l.Lines))
		l.Lines[i].B = display.Vec2{X: l.Lines[i].B.X + float64(rnd.IntN(31)-15), Y: l.Lines[i].B.Y + float64(rnd.IntN(31)-15)}
		c.Lines = append(c.Lines, i)
	}
	if len(l.Markers) > 0 {
		i := rnd.IntN(len(l.Markers))
		l.Markers[i].At = display.Vec2{X: l.Markers[i].At.X + float64(rnd.IntN(41)-20), Y: l.Markers[i].At.Y + float64(rnd.IntN(41)-20)}
		l.Markers[i].State = display.State(rnd.IntN(3))
		c.Markers = append(c.Markers, i)
	}
	if len(l.Labels) > 0 {
		i := rnd.IntN(len(l.Labels))
		l.Labels[i].At = display.Vec2{X: l.Labels[i].At.X + float64(rnd.IntN(21)-10), Y: l.Labels[i].At.Y}
		c.Labels = append(c.Labels, i)
	}
	return c
}

// differing counts the pixels whose bytes differ between a and b.
func differing(a, b []byte) int {
	n := 0
	for i := 0; i+3 < len(a); i += 4 {
		if !bytes.Equal(a[i:i+4], b[i:i+4]) {
			n++
		}
	}
	return n
}

// TestFlatTrianglesOneColour: the flat, glyph and solid programs take
// each triangle's colour from one corner (flat shading, which a
// software OpenGL draws faster than a colour interpolated over the
// triangle), so every 2D triangle, grid line and untextured opaque 3D
// face must have one colour at all its corners for the picture to be
// the same.
func TestFlatTrianglesOneColour(t *testing.T) {
	for _, flip := range []bool{false, true} {
		cam := display.Camera2D{Center: display.Vec2{X: 5, Y: 3}, Scale: 1.2, FlipY: flip}
		for name, l := range map[string]*display.List{"sample": displaytest.SampleList(), "textured": displaytest.TexturedList()} {
			a, _, err := display.NewAtlas(l.Textures, atlasMost)
			if err != nil {
				t.Fatal(err)
			}
			ts := display.Tessellate(l, cam, a)
			if len(ts.Flat) == 0 || len(ts.Flat)%3 != 0 {
				t.Fatalf("%s: %d flat vertices", name, len(ts.Flat))
			}
			for k := 0; k < len(ts.Flat); k += 3 {
				if c := ts.Flat[k].C; ts.Flat[k+1].C != c || ts.Flat[k+2].C != c {
					t.Errorf("%s flip %v: triangle at vertex %d has colours %v, %v, %v", name, flip, k, c, ts.Flat[k+1].C, ts.Flat[k+2].C)
				}
			}
			if name == "sample" && len(ts.Solid) == 0 || len(ts.Solid)%3 != 0 {
				t.Fatalf("%s: %d solid vertices", name, len(ts.Solid))
			}
			for k := 0; k < len(ts.Solid); k += 3 {
				if c := ts.Solid[k].C; ts.Solid[k+1].C != c || ts.Solid[k+2].C != c {
					t.Errorf("%s: face at vertex %d has colours %v, %v, %v", name, k, c, ts.Solid[k+1].C, ts.Solid[k+2].C)
				}
			}
			grid := gridLineVertices(nil, displaytest.SampleList().Grid, displaytest.SampleList().Background, cam, display.Vec2{X: ts.Origin.X, Y: ts.Origin.Y}, 400, 300)
			if len(grid) == 0 || len(grid)%2 != 0 {
				t.Fatalf("%s: %d grid vertices", name, len(grid))
			}
			for k := 0; k < len(grid); k += 2 {
				if grid[k].C != grid[k+1].C {
					t.Errorf("%s flip %v: grid line at vertex %d has colours %v and %v", name, flip, k, grid[k].C, grid[k+1].C)
				}
			}
		}
	}
}

// TestGridIsOneShade: both renderers draw the grid in its colour over
// the background, the same where its lines cross as along them.
func TestGridIsOneShade(t *testing.T) {
	g := newGL(t)
	bg, line := color.NRGBA{20, 24, 30, 255}, color.NRGBA{255, 255, 255, 40}
	l := &display.List{Background: bg, Grid: &display.Grid{Spacing: 10, Color: line}}
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	want := color.NRGBA{R: 57, G: 60, B: 65, A: 255} // (255*40 + bg*215 + 127) / 255
	if got := display.GridShade(line, bg); got != want {
		t.Fatalf("gridShade(%v over %v) = %v, want %v", line, bg, got, want)
	}
	const w, h = 200, 120
	cam := display.Camera2D{Scale: 1}
	xs, ys := display.GridLines(l.Grid, cam, w, h, true), display.GridLines(l.Grid, cam, w, h, false)
	if len(xs) < 2 || len(ys) < 2 {
		t.Fatalf("%d by %d grid lines in a %dx%d view", len(xs), len(ys), w, h)
	}
	glFrame, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for name, img := range map[string]*image.NRGBA{"software": display.Render2D(l, cam, w, h), "OpenGL": glFrame} {
		x, y := xs[1], ys[1]
		for _, at := range []image.Point{{x, y}, {x, y + 3}, {x + 3, y}} {
			if c := img.NRGBAAt(at.X, at.Y); c != want {
				t.Errorf("%s: grid pixel %v is %v, want %v", name, at, c, want)
			}
		}
		if c := img.NRGBAAt(x+3, y+3); c != bg {
			t.Errorf("%s: pixel %d,%d between the lines is %v, want the background %v", name, x+3, y+3, c, bg)
		}
	}
}
