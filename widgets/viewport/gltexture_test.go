package viewport

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// pattern is a w x h texture whose every texel differs from its
// neighbours; the texels of holes (by texel) are transparent.
func pattern(w, h int, holes func(x, y int) bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{uint8(40 + 200*x/w), uint8(40 + 200*y/h), uint8(60 + 120*((x+y)%2)), 255}
			if holes != nil && holes(x, y) {
				c = color.NRGBA{}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// turnedUV maps the map to a texture turned by angle radians, scale
// texels a world unit, moved by (u0, v0).
func turnedUV(angle, scale, u0, v0 float64) Affine {
	c, s := math.Cos(angle)*scale, math.Sin(angle)*scale
	return Affine{XU: c, YU: s, U0: u0, XV: -s, YV: c, V0: v0}
}

// texturedList holds textured items of every kind: polygons with turned,
// scaled and shifted maps over negative coordinates, a translucent and a
// selected one, a polygon whose texture has holes, and untextured ones
// between them; in 3D a one-sided textured floor, a two-sided textured
// wall, translucent faces (one textured) in front of opaque ones and of
// a translucent one that comes after them in the list, a
// selected and a highlighted face, and sprites with transparent texels,
// one selected, one untextured.
func texturedList() *List {
	l := &List{Background: color.NRGBA{20, 24, 30, 255}, Textures: []*image.NRGBA{
		pattern(8, 8, nil),
		pattern(16, 32, func(x, y int) bool { return y < 10 && x < 8 || (x+y)%7 == 0 }),
		pattern(5, 3, nil),
	}}
	l.Polygons = []Polygon{
		{Points: []Vec2{{-150, -90}, {-20, -90}, {-20, 10}, {-150, 10}}, Fill: color.NRGBA{255, 255, 255, 255}, Texture: 1, UV: turnedUV(0.5, 0.3, -7.25, 3.5)},
		{Points: []Vec2{{20, -90}, {150, -90}, {150, 20}, {90, -30}, {20, 20}}, Fill: color.NRGBA{200, 180, 160, 255}, State: Selected, Texture: 3, UV: turnedUV(-1.2, 0.15, 0, 0)},
		{Points: []Vec2{{-60, -60}, {60, -60}, {0, 60}}, Fill: blue},
		{Points: []Vec2{{-100, 20}, {100, 20}, {100, 120}, {-100, 120}}, Fill: color.NRGBA{255, 255, 255, 150}, Texture: 2, UV: turnedUV(0, 0.25, 0, 0)},
		{Points: []Vec2{{-140, -130}, {-40, -130}, {-40, -100}}, Fill: white, State: Highlighted, Texture: 2, UV: turnedUV(2.0, 0.4, 3, -9)},
		{Points: []Vec2{{40, 60}, {140, 60}, {140, 130}}, Fill: green},
	}
	l.Lines = []Line{{A: Vec2{-150, 40}, B: Vec2{150, 55}, Width: 2, Color: red}}
	floorUV := func(p Vec3) Vec2 { return Vec2{p.X / 12.5, p.Y / 12.5} }
	wallUV := func(p Vec3) Vec2 { return Vec2{p.X / 10, -p.Z / 10} }
	tri := func(a, b, c Vec3, col color.NRGBA, tex TextureID, uv func(Vec3) Vec2) Triangle3 {
		t := Triangle3{A: a, B: b, C: c, Color: col, Texture: tex}
		if uv != nil {
			t.UV = [3]Vec2{uv(a), uv(b), uv(c)}
		}
		return t
	}
	f0, f1, f2, f3 := Vec3{-100, -100, 0}, Vec3{100, -100, 0}, Vec3{100, 100, 0}, Vec3{-100, 100, 0}
	w0, w1, w2, w3 := Vec3{-80, 0, -40}, Vec3{80, 0, -40}, Vec3{80, 0, 60}, Vec3{-80, 0, 60}
	l0, l1, l2, l3 := Vec3{-100, -100, 20}, Vec3{0, -100, 20}, Vec3{0, 0, 20}, Vec3{-100, 0, 20}
	l.Triangles = []Triangle3{
		tri(f0, f1, f2, color.NRGBA{230, 230, 230, 255}, 1, floorUV),
		tri(f0, f2, f3, color.NRGBA{160, 160, 160, 255}, 1, floorUV),
		// A ceiling seen from above: not drawn.
		tri(Vec3{-100, -100, 80}, Vec3{100, 100, 80}, Vec3{100, -100, 80}, red, 1, floorUV),
		tri(w0, w1, w2, white, 3, wallUV),
		tri(w0, w2, w3, white, 3, wallUV),
		// Liquids over a corner of the floor, one textured.
		tri(l0, l1, l2, color.NRGBA{60, 120, 240, 140}, 0, nil),
		tri(l0, l2, l3, color.NRGBA{255, 255, 255, 120}, 2, floorUV),
		// A selected and a highlighted face.
		tri(Vec3{40, -90, 5}, Vec3{90, -90, 5}, Vec3{90, -40, 5}, green, 0, nil),
		tri(Vec3{40, 40, 5}, Vec3{90, 40, 5}, Vec3{90, 90, 5}, white, 3, floorUV),
		// A pane under the liquids, after them in the list.
		tri(Vec3{-100, -100, 10}, Vec3{0, -100, 10}, Vec3{-100, 0, 10}, color.NRGBA{250, 40, 40, 160}, 0, nil),
	}
	l.Triangles[0].OneSided, l.Triangles[1].OneSided, l.Triangles[2].OneSided = true, true, true
	l.Triangles[7].State, l.Triangles[8].State = Selected, Highlighted
	l.Sprites = []Sprite3{
		{At: Vec3{-50, 50, 0}, Width: 30, Height: 60, Texture: 2, Color: color.NRGBA{220, 220, 220, 255}},
		{At: Vec3{50, -50, 0}, Width: 24, Height: 48, Texture: 2, Color: white, State: Selected},
		{At: Vec3{60, 60, 0}, Width: 10, Height: 20, Color: red, State: Highlighted},
	}
	return l
}

// agree checks that the OpenGL and software pictures of l agree, in 2D
// both ways up and in 3D from two sides, within the tolerance of
// TestGLMatchesSoftware, and that the pictures are not empty.
func agree(t *testing.T, g *GL, l *List, what string) {
	t.Helper()
	const w, h = 400, 300
	for _, flip := range []bool{false, true} {
		cam := Camera2D{Center: Vec2{5, 3}, Scale: 1.2, FlipY: flip}
		got, err := g.Render2D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := Render2D(l, cam, w, h)
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
		cam := Orbit3D(Vec3{-100, -100, -40}, Vec3{100, 100, 100}).Orbit(yaw, 0)
		got, err := g.Render3D(cam, w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := Render3D(l, cam, w, h)
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
	l := texturedList()
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
	l := texturedList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "before")
	l.Polygons[0].UV = turnedUV(1, 0.5, 3, -2)
	l.Polygons[3].Fill = color.NRGBA{255, 100, 100, 255}
	l.Triangles[0].UV[2] = Vec2{-3, 11}
	l.Triangles[5].Color = color.NRGBA{240, 60, 60, 100}
	l.Triangles[7].State = Normal
	l.Sprites[0].At = Vec3{-20, 70, 10}
	if err := g.Update(Changes{Polygons: []int{0, 3}, Triangles: []int{0, 5, 7}, Sprites: []int{0}}); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "in place")
	l.Polygons[2].Texture, l.Polygons[2].UV = 1, turnedUV(0.1, 0.2, 0, 0)
	l.Triangles[3].Texture = 0
	if err := g.Update(Changes{Polygons: []int{2}, Triangles: []int{3}}); err != nil {
		t.Fatal(err)
	}
	agree(t, g, l, "textures swapped")
	l.Textures = append(l.Textures, pattern(3, 7, nil))
	l.Polygons[5].Texture = 4
	l.Triangles[4].Texture = 4
	if err := g.Update(Changes{Polygons: []int{5}, Triangles: []int{4}}); err != nil {
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
	l := texturedList()
	for _, c := range []struct {
		what   string
		change func()
		more   int
	}{
		{"a first list", func() {}, 1},
		{"the same list", func() {}, 0},
		{"the same pictures in another slice", func() { l = &List{Textures: append([]*image.NRGBA{}, l.Textures...)} }, 0},
		{"a picture replaced", func() { l.Textures[1] = pattern(16, 32, nil) }, 1},
		{"a picture more", func() { l.Textures = append(l.Textures, pattern(2, 2, nil)) }, 1},
		{"no pictures", func() { l = &List{} }, 1},
	} {
		before := uploads()
		c.change()
		if err := g.SetList(l); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Render3D(Orbit3D(Vec3{}, Vec3{X: 1, Y: 1, Z: 1}), 32, 32); err != nil {
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
	l := texturedList()
	l.Textures = append(l.Textures, image.NewNRGBA(image.Rect(0, 0, most+1, 1)))
	if err := g.SetList(l); err == nil {
		t.Errorf("SetList with a texture %d texels wide: no error", most+1)
	}
	if _, err := g.Render2D(Camera2D{Scale: 1}, 64, 64); err == nil {
		t.Error("Render2D with a texture too wide: no error")
	}
	if _, err := g.Render3D(Orbit3D(Vec3{}, Vec3{X: 1, Y: 1, Z: 1}), 64, 64); err == nil {
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
		l := &List{Background: ground, Sky: c.sky}
		if err := g.SetList(l); err != nil {
			t.Fatal(err)
		}
		cam := Orbit3D(Vec3{}, Vec3{X: 1, Y: 1, Z: 1})
		soft2, soft3 := Render2D(l, Camera2D{Scale: 1}, 8, 8), Render3D(l, cam, 8, 8)
		gl2, err := g.Render2D(Camera2D{Scale: 1}, 8, 8)
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
	l := texturedList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	cam := Orbit3D(Vec3{-100, -100, -40}, Vec3{100, 100, 100})
	const w, h = 200, 150
	if _, err := g.Render3D(cam, w, h); err != nil {
		t.Fatal(err)
	}
	l.Textures = append(l.Textures, pattern(3, 7, nil))
	l.Triangles[4].Texture = TextureID(len(l.Textures))
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
