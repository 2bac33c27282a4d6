package viewport

import (
	"bytes"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// TestKept3DFramesMatchFreshOnes: 3D frames of the same camera after
// faces and sprites changed (colours, states, corners moved, sprites
// moved), with camera moves and 2D frames in between, are the frames
// drawn anew, for the sample and the textured lists; a frame of the same
// camera with nothing changed draws nothing, one after a face changed
// draws less than the whole list.
func TestKept3DFramesMatchFreshOnes(t *testing.T) {
	g := newGL(t)
	const w, h = 400, 300
	for name, l := range map[string]*display.List{"sample": displaytest.SampleList(), "textured": displaytest.TexturedList()} {
		// A tiled floor under the list's faces: chunks enough that a
		// region drawn again skips most.
		for x := -120.0; x < 120; x += 6 {
			for y := -120.0; y < 120; y += 6 {
				c := color.NRGBA{uint8(x + 128), uint8(y + 128), 90, 255}
				l.Triangles = append(l.Triangles, display.Triangle3{A: display.Vec3{X: x, Y: y, Z: -50}, B: display.Vec3{X: x + 6, Y: y, Z: -50}, C: display.Vec3{X: x + 6, Y: y + 6, Z: -50}, Color: c},
					display.Triangle3{A: display.Vec3{X: x, Y: y, Z: -50}, B: display.Vec3{X: x + 6, Y: y + 6, Z: -50}, C: display.Vec3{X: x, Y: y + 6, Z: -50}, Color: c})
			}
		}
		if err := g.SetList(l); err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(5, 6))
		cam := display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100})
		kept := 0
		for step := range 50 {
			what := "faces changed"
			switch k := rnd.IntN(8); {
			case k == 0:
				what = "camera turned"
				cam = cam.Orbit(0.2, 0.05)
			case k == 1:
				what = "2D frame between"
				if _, err := g.Render2D(display.Camera2D{Scale: 1}, w, h); err != nil {
					t.Fatal(err)
				}
			case k == 2 && len(l.Sprites) > 0:
				what = "sprite moved"
				i := rnd.IntN(len(l.Sprites))
				l.Sprites[i].At.X += float64(rnd.IntN(21) - 10)
				l.Sprites[i].State = display.State(rnd.IntN(3))
				if err := g.Update(display.Changes{Sprites: []int{i}}); err != nil {
					t.Fatal(err)
				}
			default:
				i := rnd.IntN(len(l.Triangles))
				if rnd.IntN(2) == 0 {
					i = rnd.IntN(12) // the list's own faces, before the floor
				}
				tr := &l.Triangles[i]
				tr.State = display.State(rnd.IntN(3))
				tr.Color.G = uint8(rnd.IntN(256))
				tr.A.Z += float64(rnd.IntN(11) - 5)
				if err := g.Update(display.Changes{Triangles: []int{i}}); err != nil {
					t.Fatal(err)
				}
			}
			var got, want []byte
			img, err := g.Render3D(cam, w, h)
			if err != nil {
				t.Fatal(err)
			}
			got = bytes.Clone(img.Pix)
			var drawn, total int
			g.do(func() error {
				drawn, total = g.drawn3, g.solidBuf.count+g.texSolidBuf.count
				g.kept3.valid = false
				return nil
			})
			if drawn < total {
				kept++
			}
			if img, err = g.Render3D(cam, w, h); err != nil {
				t.Fatal(err)
			}
			want = img.Pix
			if n := differing(got, want); n > w*h/10000 {
				t.Errorf("%s step %d (%s): %d pixels of the kept frame differ from the frame drawn anew", name, step, what, n)
			}
		}
		if kept < 15 {
			t.Errorf("%s: %d of 50 frames drew less than the whole list: the frame was not kept", name, kept)
		}
		if _, err := g.Render3D(cam, w, h); err != nil {
			t.Fatal(err)
		}
		var drawn int
		g.do(func() error { drawn = g.drawn3; return nil })
		if drawn != 0 {
			t.Errorf("%s: the same camera with nothing changed drew %d vertices, want 0", name, drawn)
		}
	}
}

// TestDamageStaysSmall: damage marked change after change while no frame
// of its kind is drawn (the 2D items changing while the 3D view is
// shown, and the other way round) stays at most canvasMostDamage
// rectangles, which cover every point marked.
func TestDamageStaysSmall(t *testing.T) {
	const w, h = 400, 300
	canvas := &mapCanvas{valid: true, w: w, h: h, cam: display.Camera2D{Scale: 1}, drawn: pixelRect{0, 0, w, h}}
	kept := &kept3D{valid: true, w: w, h: h, m: display.Matrix{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}
	for _, c := range []struct {
		name string
		// mark marks the ith point and says the pixel it lies on.
		mark   func(i int) (x, y int)
		damage func() []pixelRect
	}{
		{"2D canvas", func(i int) (int, int) {
			x, y := i%97*4, i%89*3
			wx, wy := float32(x-w/2)+0.5, float32(h/2-y)-0.5 // the pixel's centre
			canvas.markDamaged(1, func(int) (x, y, ox, oy float32) { return wx, wy, 0, 0 }, display.Vec3{})
			return x, y
		}, func() []pixelRect { return canvas.damage }},
		{"3D frame", func(i int) (int, int) {
			x, y := i%97*4, i%89*3
			p := display.Vec3{X: 2*(float64(x)+0.5)/w - 1, Y: 2*(float64(y)+0.5)/h - 1, Z: 0}
			kept.markPoints(1, func(int) display.Vec3 { return p })
			return x, y
		}, func() []pixelRect { return kept.damage }},
	} {
		var marked [][2]int
		for i := range 500 {
			x, y := c.mark(i)
			marked = append(marked, [2]int{x, y})
			if n := len(c.damage()); n > canvasMostDamage {
				t.Fatalf("%s: %d rectangles of damage after %d changes, want at most %d", c.name, n, i+1, canvasMostDamage)
			}
		}
		for _, p := range marked {
			covered := false
			for _, r := range c.damage() {
				covered = covered || p[0] >= r.x0 && p[0] < r.x1 && p[1] >= r.y0 && p[1] < r.y1
			}
			if !covered {
				t.Errorf("%s: pixel %v marked is in no rectangle of damage", c.name, p)
			}
		}
	}
}

// TestKept3DDrawsLargeDamageAnew: damage over a quarter of the frame
// draws the frame anew, less keeps it and draws the damage.
func TestKept3DDrawsLargeDamageAnew(t *testing.T) {
	ts, cam := &display.Tessellation{}, display.Orbit3D(display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1})
	var k kept3D
	if _, anew := k.plan(cam, 400, 300, ts, color.NRGBA{}, display.Matrix{}); !anew {
		t.Fatal("the first frame was not drawn anew")
	}
	k.damage = []pixelRect{{0, 0, 100, 100}, {200, 200, 250, 250}}
	if regions, anew := k.plan(cam, 400, 300, ts, color.NRGBA{}, display.Matrix{}); anew || len(regions) != 2 {
		t.Errorf("damage of 12,500 pixels of 120,000: anew %v, %d regions; want the 2 damaged", anew, len(regions))
	}
	k.damage = []pixelRect{{0, 0, 200, 160}}
	if _, anew := k.plan(cam, 400, 300, ts, color.NRGBA{}, display.Matrix{}); !anew {
		t.Error("damage of 32,000 pixels of 120,000 was not drawn anew")
	}
}
