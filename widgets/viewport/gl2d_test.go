package viewport

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// TestGL2DNeedsNoDepthBuffer: a 2D frame, drawn into the framebuffer
// without a depth buffer as Render2D does, is the one drawn into the
// framebuffer with one, pixel for pixel: untextured and textured lists,
// with translucent polygons and without, at several zooms and both ways
// up, also after a 3D frame has used the depth buffer.
func TestGL2DNeedsNoDepthBuffer(t *testing.T) {
	g := newGL(t)
	opaque := sampleList()
	opaque.Polygons = opaque.Polygons[:2] // the third is translucent
	const w, h = 400, 300
	for _, c := range []struct {
		name string
		l    *List
	}{{"sample", sampleList()}, {"opaque", opaque}, {"textured", texturedList()}} {
		if err := g.SetList(c.l); err != nil {
			t.Fatal(err)
		}
		for _, cam := range []Camera2D{{Scale: 1.2}, {Center: Vec2{5, 3}, Scale: 0.4, FlipY: true}, {Center: Vec2{-40, 20}, Scale: 4}} {
			var with, without []byte
			if err := g.do(func() error {
				img, err := g.frame2D(cam, w, h, true)
				if err != nil {
					return err
				}
				with = bytes.Clone(img.Pix)
				if _, err := g.frame2D(cam, w, h, false); err != nil { // the other image
					return err
				}
				img, err = g.frame2D(cam, w, h, false)
				without = bytes.Clone(img.Pix)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(with, without) {
				t.Errorf("%s at %+v: the frame without a depth buffer differs from the one with", c.name, cam)
			}
			if _, err := g.Render3D(Orbit3D(Vec3{-100, -100, -40}, Vec3{100, 100, 100}), w, h); err != nil {
				t.Fatal(err)
			}
			after, err := g.Render2D(cam, w, h)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(after.Pix, without) {
				t.Errorf("%s at %+v: the 2D frame after a 3D one differs", c.name, cam)
			}
			if n := e2e.DistinctColours(after, after.Rect); n < 4 {
				t.Errorf("%s at %+v: the frame has %d colours", c.name, cam, n)
			}
		}
	}
}

// TestFlatTrianglesOneColour: the flat, glyph and solid programs take
// each triangle's colour from one corner (flat shading, which a
// software OpenGL draws faster than a colour interpolated over the
// triangle), so every 2D triangle, grid line and untextured opaque 3D
// face must have one colour at all its corners for the picture to be
// the same.
func TestFlatTrianglesOneColour(t *testing.T) {
	for _, flip := range []bool{false, true} {
		cam := Camera2D{Center: Vec2{5, 3}, Scale: 1.2, FlipY: flip}
		for name, l := range map[string]*List{"sample": sampleList(), "textured": texturedList()} {
			a, _, err := newAtlas(l.Textures, atlasMost)
			if err != nil {
				t.Fatal(err)
			}
			ts := tessellate(l, cam, a)
			if len(ts.flat) == 0 || len(ts.flat)%3 != 0 {
				t.Fatalf("%s: %d flat vertices", name, len(ts.flat))
			}
			for k := 0; k < len(ts.flat); k += 3 {
				if c := ts.flat[k].C; ts.flat[k+1].C != c || ts.flat[k+2].C != c {
					t.Errorf("%s flip %v: triangle at vertex %d has colours %v, %v, %v", name, flip, k, c, ts.flat[k+1].C, ts.flat[k+2].C)
				}
			}
			if name == "sample" && len(ts.solid) == 0 || len(ts.solid)%3 != 0 {
				t.Fatalf("%s: %d solid vertices", name, len(ts.solid))
			}
			for k := 0; k < len(ts.solid); k += 3 {
				if c := ts.solid[k].C; ts.solid[k+1].C != c || ts.solid[k+2].C != c {
					t.Errorf("%s: face at vertex %d has colours %v, %v, %v", name, k, c, ts.solid[k+1].C, ts.solid[k+2].C)
				}
			}
			grid := gridLineVertices(nil, sampleList().Grid, cam, Vec2{ts.origin.X, ts.origin.Y}, 400, 300)
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
