package viewport

import (
	"image"
	"image/color"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// agree checks that the OpenGL and software pictures of l agree, in 2D
// both ways up and in 3D from two sides, within the tolerance of
// TestGLMatchesSoftware, and that the pictures are not empty.
func agree(t *testing.T, g *GL, l *display.List, what string) {
	t.Helper()
	const w, h = 400, 300
	for _, flip := range []bool{false, true} {
		cam := display.Camera2D{Center: display.Vec2{X: 5, Y: 3}, Scale: 1.2, FlipY: flip}
		got, err := g.Render2D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := display.Render2D(l, cam, w, h)
		t.Logf("%s: 2D flip %v: %.3f%% of the pixels differ", what, flip, mismatch(got, want)*100)
		if f := mismatch(got, want); f > 0.01 {
			t.Errorf("%s: 2D flip %v: %.2f%% of the pixels differ from the software render, want at most 1%%", what, flip, f*100)
			e2e.SavePNG(t, what+"-2d-gl", got)
			e2e.SavePNG(t, what+"-2d-soft", want)
		}
		if n := e2e.DistinctColours(got, got.Rect); n < 40 {
			t.Errorf("%s: 2D flip %v: %d colours, want the textures' many", what, flip, n)
		}
	}
	for _, yaw := range []float64{0, 2.2} {
		cam := display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100}).Orbit(yaw, 0)
		got, err := g.Render3D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := display.Render3D(l, cam, w, h)
		t.Logf("%s: 3D yaw %.1f: %.3f%% of the pixels differ", what, yaw, mismatch(got, want)*100)
		if f := mismatch(got, want); f > 0.01 {
			t.Errorf("%s: 3D yaw %.1f: %.2f%% of the pixels differ from the software render, want at most 1%%", what, yaw, f*100)
			e2e.SavePNG(t, what+"-3d-gl", got)
			e2e.SavePNG(t, what+"-3d-soft", want)
		}
		if n := e2e.DistinctColours(got, got.Rect); n < 40 {
			t.Errorf("%s: 3D yaw %.1f: %d colours, want the textures' many", what, yaw, n)
		}
	}
}

// TestGLMatchesSoftwareTextured: with textures, translucent faces,
// states in 3D and sprites, the OpenGL path draws the software
// renderer's picture.
func TestGLMatchesSoftwareTextured(t *testing.T) {
	g := newGL(t)
	l := displaytest.TexturedList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "textured")
}

// TestGLTexturedUpdate: textured items changed in place, a sprite moved,
// an item that gains a texture, and a texture added to the list (which
// uploads the textures again) are drawn as the software renderer draws
// the changed list.
func TestGLTexturedUpdate(t *testing.T) {
	g := newGL(t)
	l := displaytest.TexturedList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "before")
	l.Polygons[0].UV = displaytest.TurnedUV(1, 0.5, 3, -2)
	l.Polygons[3].Fill = color.NRGBA{255, 100, 100, 255}
	l.Triangles[0].UV[2] = display.Vec2{X: -3, Y: 11}
	l.Triangles[5].Color = color.NRGBA{240, 60, 60, 100}
	l.Triangles[7].State = display.Normal
	l.Sprites[0].At = display.Vec3{X: -20, Y: 70, Z: 10}
	if err := g.Update(display.Changes{Polygons: []int{0, 3}, Triangles: []int{0, 5, 7}, Sprites: []int{0}}); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "in place")
	l.Polygons[2].Texture, l.Polygons[2].UV = 1, displaytest.TurnedUV(0.1, 0.2, 0, 0)
	l.Triangles[3].Texture = 0
	if err := g.Update(display.Changes{Polygons: []int{2}, Triangles: []int{3}}); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "textures swapped")
	l.Textures = append(l.Textures, displaytest.Pattern(3, 7, nil))
	l.Polygons[5].Texture = 4
	l.Triangles[4].Texture = 4
	if err := g.Update(display.Changes{Polygons: []int{5}, Triangles: []int{4}}); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "a texture more")
}

// TestGLTextureUploads: the textures are uploaded when the list's set of
// pictures changes, and only then: not for the same list again, nor for
// another slice of the same pictures.
func TestGLTextureUploads(t *testing.T) {
	g := newGL(t)
	uploads := func() int {
		var n int
		g.do(func() error { n = g.uploads; return nil })
		return n
	}
	l := displaytest.TexturedList()
	for _, c := range []struct {
		what   string
		change func()
		more   int
	}{
		{"a first list", func() {}, 1},
		{"the same list", func() {}, 0},
		{"the same pictures in another slice", func() { l = &display.List{Textures: append([]*image.NRGBA{}, l.Textures...)} }, 0},
		{"a picture replaced", func() { l.Textures[1] = displaytest.Pattern(16, 32, nil) }, 1},
		{"a picture more", func() { l.Textures = append(l.Textures, displaytest.Pattern(2, 2, nil)) }, 1},
		{"no pictures", func() { l = &display.List{} }, 1},
	} {
		before := uploads()
		c.change()
		if err := g.SetList(l); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Render3D(display.Orbit3D(display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1}), 32, 32); err != nil {
			t.Fatal(err)
		}
		if got := uploads() - before; got != c.more {
			t.Errorf("%s: %d uploads, want %d", c.what, got, c.more)
		}
	}
}

// TestGLTexturesTooLarge: textures that do not fit one OpenGL texture
// are an error from SetList and from each frame, not a panic; a list
// that fits draws again after it.
func TestGLTexturesTooLarge(t *testing.T) {
	g := newGL(t)
	var most int
	g.do(func() error { most = g.atlasLimit; return nil })
	l := displaytest.TexturedList()
	l.Textures = append(l.Textures, image.NewNRGBA(image.Rect(0, 0, most+1, 1)))
	if err := g.SetList(l); err == nil {
		t.Errorf("SetList with a texture %d texels wide: no error", most+1)
	}
	if _, err := g.Render2D(display.Camera2D{Scale: 1}, 64, 64); err == nil {
		t.Error("Render2D with a texture too wide: no error")
	}
	if _, err := g.Render3D(display.Orbit3D(display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1}), 64, 64); err == nil {
		t.Error("Render3D with a texture too wide: no error")
	}
	l.Textures = l.Textures[:len(l.Textures)-1]
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "after")
}

// TestSky: the 3D view shows the list's Sky where no face is, the map
// its Background; without a Sky the 3D view shows the Background too;
// both renderers agree.
func TestSky(t *testing.T) {
	g := newGL(t)
	ground, sky := color.NRGBA{10, 20, 30, 255}, color.NRGBA{90, 140, 200, 255}
	for _, c := range []struct {
		sky, want3D color.NRGBA
	}{{sky, sky}, {color.NRGBA{}, ground}} {
		l := &display.List{Background: ground, Sky: c.sky}
		if err := g.SetList(l); err != nil {
			t.Fatal(err)
		}
		cam := display.Orbit3D(display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1})
		soft2, soft3 := display.Render2D(l, display.Camera2D{Scale: 1}, 8, 8), display.Render3D(l, cam, 8, 8)
		gl2, err := g.Render2D(display.Camera2D{Scale: 1}, 8, 8)
		if err != nil {
			t.Fatal(err)
		}
		gl2c := gl2.NRGBAAt(4, 4)
		gl3, err := g.Render3D(cam, 8, 8)
		if err != nil {
			t.Fatal(err)
		}
		for name, got := range map[string]color.NRGBA{"software 2D": soft2.NRGBAAt(4, 4), "OpenGL 2D": gl2c} {
			if got != ground {
				t.Errorf("sky %v: %s shows %v, want the background %v", c.sky, name, got, ground)
			}
		}
		for name, got := range map[string]color.NRGBA{"software 3D": soft3.NRGBAAt(4, 4), "OpenGL 3D": gl3.NRGBAAt(4, 4)} {
			if got != c.want3D {
				t.Errorf("sky %v: %s shows %v, want %v", c.sky, name, got, c.want3D)
			}
		}
	}
}

// TestGLRender3DTexturesChanged: a 3D frame of a list whose textures
// changed after the last frame, with no Update between, uploads them
// and draws the list as a renderer given it anew (it dereferenced the
// tessellation that the new textures had dropped).
func TestGLRender3DTexturesChanged(t *testing.T) {
	g, fresh := newGL(t), newGL(t)
	l := displaytest.TexturedList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	cam := display.Orbit3D(display.Vec3{X: -100, Y: -100, Z: -40}, display.Vec3{X: 100, Y: 100, Z: 100})
	const w, h = 200, 150
	if _, err := g.Render3D(cam, w, h); err != nil {
		t.Fatal(err)
	}
	l.Textures = append(l.Textures, displaytest.Pattern(3, 7, nil))
	l.Triangles[4].Texture = display.TextureID(len(l.Textures))
	got, err := g.Render3D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := fresh.SetList(l); err != nil {
		t.Fatal(err)
	}
	want, err := fresh.Render3D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if n := differing(got.Pix, want.Pix); n > w*h/10000 {
		t.Errorf("%d pixels differ from the frame of a renderer given the list anew", n)
	}
}
