package viewport

import (
	"math"
	"testing"

	"github.com/levelwright/levelwright/display"
)

// TestRender3DCullsOutsideView: a 3D frame submits the chunks of opaque
// faces the view may show and no others, and draws the same picture as
// when it submits them all: every face when the whole level is in view,
// none when the eye looks away from it, some when it is close to the
// middle; for untextured and textured faces.
func TestRender3DCullsOutsideView(t *testing.T) {
	g := newGL(t)
	const w, h = 320, 200
	for _, textured := range []bool{false, true} {
		l := benchLevel(textured)
		if err := g.SetList(l); err != nil {
			t.Fatal(err)
		}
		lo, hi, _ := l.Bounds3()
		whole := display.Orbit3D(lo, hi)
		for _, c := range []struct {
			name     string
			cam      display.Camera3D
			min, max float64 // of the opaque vertices, the share drawn
		}{
			{"whole", whole, 1, 1},
			{"away", whole.Look(math.Pi, 0), 0, 0},
			{"near", whole.Dolly(0.05), 0.01, 0.9},
		} {
			got, err := g.Render3D(c.cam, w, h)
			if err != nil {
				t.Fatal(err)
			}
			var drawn, all int
			g.do(func() error {
				drawn, all = g.drawn3, len(g.tess.Solid)+len(g.tess.TexSolid)
				return nil
			})
			if share := float64(drawn) / float64(all); share < c.min || share > c.max {
				t.Errorf("textured %v, %s: drew %d of %d opaque vertices, want a share in %v..%v", textured, c.name, drawn, all, c.min, c.max)
			}
			// Every chunk shown: the picture without culling (got stays
			// the renderer's until the frame after).
			g.do(func() error {
				for _, boxes := range [][]display.Box3{g.tess.SolidBoxes, g.tess.TexSolidBoxes} {
					for i := range boxes {
						boxes[i] = display.Box3{Lo: display.Vec3{X: -1e9, Y: -1e9, Z: -1e9}, Hi: display.Vec3{X: 1e9, Y: 1e9, Z: 1e9}}
					}
				}
				return nil
			})
			want, err := g.Render3D(c.cam, w, h)
			if err != nil {
				t.Fatal(err)
			}
			if m := mismatch(got, want); m != 0 {
				t.Errorf("textured %v, %s: %.4f of the pixels differ from the frame drawn without culling", textured, c.name, m)
			}
			g.SetList(l) // tessellated again, with its boxes
		}
	}
}

// TestRender3DCullsUpdatedFaces: a face moved by an update is culled
// where it is now: a view of its new place draws it, as a frame of the
// list uploaded anew does.
func TestRender3DCullsUpdatedFaces(t *testing.T) {
	g := newGL(t)
	const w, h = 160, 100
	l := benchLevel(false)
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	lo, hi, _ := l.Bounds3()
	if _, err := g.Render3D(display.Orbit3D(lo, hi), w, h); err != nil {
		t.Fatal(err)
	}
	far := display.Vec3{X: hi.X + 1e5, Y: hi.Y + 1e5}
	f := &l.Triangles[0]
	f.A, f.B, f.C = far, display.Vec3{X: far.X + 500, Y: far.Y, Z: far.Z}, display.Vec3{X: far.X + 500, Y: far.Y + 500, Z: far.Z} // facing up, as before
	if err := g.Update(display.Changes{Triangles: []int{0}}); err != nil {
		t.Fatal(err)
	}
	cam := display.Orbit3D(far, display.Vec3{X: far.X + 500, Y: far.Y + 500, Z: far.Z + 1})
	got, err := g.Render3D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if g.drawn3 == 0 {
		t.Error("the moved face's chunk was culled in a view of its new place")
	}
	updated := clonedNRGBA(got)
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	fresh, err := g.Render3D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if m := mismatch(updated, fresh); m != 0 {
		t.Errorf("%.4f of the pixels differ from the frame of the list uploaded anew", m)
	}
}
