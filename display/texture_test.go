package display

import (
	"image"
	"image/color"
	"math"
	"testing"
)

var (
	transparent = color.NRGBA{}
	white       = color.NRGBA{255, 255, 255, 255}
	grey        = color.NRGBA{128, 128, 128, 255}
)

// picture is a w x h texture of the given texels, row by row.
func picture(w, h int, texels ...color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i, c := range texels {
		img.SetNRGBA(i%w, i/w, c)
	}
	return img
}

// checker is a 2x2 texture: red, green on top, blue and a transparent
// texel below.
func checker() *image.NRGBA { return picture(2, 2, red, green, blue, transparent) }

// TestTexelAt: the texture repeats both ways, negative coordinates
// included, and a texel covers [n, n+1).
func TestTexelAt(t *testing.T) {
	tex := checker()
	for _, c := range []struct {
		u, v float64
		want color.NRGBA
	}{
		{0.5, 0.5, red}, {1.5, 0.5, green}, {0.5, 1.5, blue}, {1.5, 1.5, transparent},
		{2.1, 0.9, red}, {-0.5, 0.5, green}, {-1.5, -0.5, blue}, {-2, -2, red}, {-1e-9, 0, green}, {7, 5, transparent},
	} {
		if got := texelAt(tex, c.u, c.v); got != c.want {
			t.Errorf("texel at (%v, %v): %v, want %v", c.u, c.v, got, c.want)
		}
	}
}

// TestTexturedPolygon: a polygon over the whole view, its checkerboard
// ten world units a texel, shows at each point the texel its UV map
// puts there, times its fill; transparent texels leave the background;
// a turned map turns the texture; the state mixes as shown does.
func TestTexturedPolygon(t *testing.T) {
	cam := Camera2D{Scale: 1}
	square := []Vec2{{-50, -50}, {50, -50}, {50, 50}, {-50, 50}}
	upright := Affine{XU: 0.1, YV: -0.1} // u east, v south, from (0, 0)
	turned := Affine{YU: 0.1, XV: 0.1}   // u north, v east
	at := func(img *image.NRGBA, p Vec2) color.NRGBA {
		s := cam.ToScreen(p, 100, 100)
		return img.NRGBAAt(int(s.X), int(s.Y))
	}
	half := color.NRGBA{110, 20, 20, 255}
	for _, c := range []struct {
		what  string
		uv    Affine
		fill  color.NRGBA
		state State
		p     Vec2
		want  color.NRGBA
	}{
		{"first texel", upright, white, Normal, Vec2{5, -5}, red},
		{"west of the origin, the texture wrapped", upright, white, Normal, Vec2{-5, -5}, green},
		{"two texels on", upright, white, Normal, Vec2{25, -25}, red},
		{"below", upright, white, Normal, Vec2{5, -15}, blue},
		{"a transparent texel", upright, white, Normal, Vec2{-5, 5}, black},
		{"half light", upright, grey, Normal, Vec2{5, -5}, half},
		{"half opaque", upright, color.NRGBA{255, 255, 255, 128}, Normal, Vec2{5, -5}, color.NRGBA{110, 20, 20, 255}},
		{"selected", upright, white, Selected, Vec2{5, -5}, Shown(red, Selected)},
		{"turned: u north", turned, white, Normal, Vec2{5, 15}, green},
		{"turned: v east", turned, white, Normal, Vec2{15, 5}, blue},
		{"turned and scaled", Affine{YU: 0.05, XV: 0.05}, white, Normal, Vec2{25, 15}, blue},
	} {
		l := &List{Background: black, Textures: []*image.NRGBA{checker()},
			Polygons: []Polygon{{Points: square, Fill: c.fill, State: c.state, Texture: 1, UV: c.uv}}}
		if got := at(Render2D(l, cam, 100, 100), c.p); got != c.want {
			t.Errorf("%s at %v: %v, want %v", c.what, c.p, got, c.want)
		}
	}
	// Without its picture a polygon is its fill.
	l := &List{Background: black, Polygons: []Polygon{{Points: square, Fill: grey, Texture: 2, UV: upright}}}
	if got := at(Render2D(l, cam, 100, 100), Vec2{5, -5}); got != grey {
		t.Errorf("a polygon naming no picture is %v, want its fill", got)
	}
}

// screenAt is the pixel where cam shows world point p in a w x h view.
func screenAt(t *testing.T, cam Camera3D, p Vec3, w, h int) image.Point {
	t.Helper()
	s, ok := cam.ViewProjection(float64(w)/float64(h)).project(p, w, h)
	if !ok {
		t.Fatalf("%v is behind the eye", p)
	}
	return image.Pt(int(s.X), int(s.Y))
}

// topDown looks down at (10, 10, 0) from the south, steeply.
var topDown = Camera3D{Target: Vec3{10, 10, 0}, Yaw: -math.Pi / 2, Pitch: 70 * math.Pi / 180, Distance: 40, FOV: math.Pi / 3, Near: 1, Far: 1000}

// floor is a square from (0, 0) to (20, 20) at height z, its texture ten
// world units a texel.
func floor(z float64, c color.NRGBA, tex TextureID, oneSided bool) []Triangle3 {
	a, b, cc, d := Vec3{0, 0, z}, Vec3{20, 0, z}, Vec3{20, 20, z}, Vec3{0, 20, z}
	uv := func(p Vec3) Vec2 { return Vec2{p.X / 10, p.Y / 10} }
	return []Triangle3{
		{A: a, B: b, C: cc, Color: c, Texture: tex, OneSided: oneSided, UV: [3]Vec2{uv(a), uv(b), uv(cc)}},
		{A: a, B: cc, C: d, Color: c, Texture: tex, OneSided: oneSided, UV: [3]Vec2{uv(a), uv(cc), uv(d)}},
	}
}

// TestTexturedFaces: a textured floor shows its texels times its
// colour, with no light of its facing; a transparent texel shows what
// is below; a selected face mixes as shown does.
func TestTexturedFaces(t *testing.T) {
	const w, h = 200, 150
	l := &List{Background: black, Textures: []*image.NRGBA{checker()}, Triangles: floor(0, grey, 1, true)}
	img := Render3D(l, topDown, w, h)
	for _, c := range []struct {
		p    Vec3
		want color.NRGBA
	}{
		{Vec3{5, 5, 0}, color.NRGBA{110, 20, 20, 255}},
		{Vec3{15, 5, 0}, color.NRGBA{20, 100, 30, 255}},
		{Vec3{5, 15, 0}, color.NRGBA{20, 30, 110, 255}},
		{Vec3{15, 15, 0}, black},
	} {
		s := screenAt(t, topDown, c.p, w, h)
		if got := img.NRGBAAt(s.X, s.Y); got != c.want {
			t.Errorf("floor at %v: %v, want %v", c.p, got, c.want)
		}
	}
	// Under the transparent texel, a floor further down shows.
	l.Triangles = append(l.Triangles, floor(-5, blue, 0, false)...)
	l.Triangles[0].State, l.Triangles[1].State = Selected, Selected
	img = Render3D(l, topDown, w, h)
	s := screenAt(t, topDown, Vec3{15, 15, 0}, w, h)
	if got := img.NRGBAAt(s.X, s.Y); got.B < 150 || got.R > 80 {
		t.Errorf("under a transparent texel: %v, want the blue floor below", got)
	}
	s = screenAt(t, topDown, Vec3{5, 5, 0}, w, h)
	if got, want := img.NRGBAAt(s.X, s.Y), Shown(color.NRGBA{110, 20, 20, 255}, Selected); got != want {
		t.Errorf("selected floor: %v, want %v", got, want)
	}
}

// TestPerspectiveTexels: along a long floor seen at a low angle each
// texel lies where its world point is, as only interpolation with
// perspective puts it.
func TestPerspectiveTexels(t *testing.T) {
	const w, h = 200, 150
	stripes := picture(1, 8, red, green, blue, white, red, green, blue, white)
	a, b, c, d := Vec3{-5, 0, 0}, Vec3{5, 0, 0}, Vec3{5, 80, 0}, Vec3{-5, 80, 0}
	uv := func(p Vec3) Vec2 { return Vec2{p.X / 10, p.Y / 10} }
	l := &List{Background: black, Textures: []*image.NRGBA{stripes}, Triangles: []Triangle3{
		{A: a, B: b, C: c, Color: white, Texture: 1, UV: [3]Vec2{uv(a), uv(b), uv(c)}},
		{A: a, B: c, C: d, Color: white, Texture: 1, UV: [3]Vec2{uv(a), uv(c), uv(d)}},
	}}
	cam := Camera3D{Target: Vec3{0, 30, 0}, Yaw: -math.Pi / 2, Pitch: 15 * math.Pi / 180, Distance: 40, FOV: math.Pi / 3, Near: 1, Far: 1000}
	img := Render3D(l, cam, w, h)
	for k := range 8 {
		p := Vec3{0, float64(10*k) + 5, 0}
		s := screenAt(t, cam, p, w, h)
		if got, want := img.NRGBAAt(s.X, s.Y), stripes.NRGBAAt(0, k); got != want {
			t.Errorf("stripe %d at %v: %v, want %v", k, p, got, want)
		}
	}
}

// TestTranslucentFaces: a translucent face blends over the opaque face
// behind it, whichever comes first in the list, and hides nothing:
// translucent faces blend farthest first.
func TestTranslucentFaces(t *testing.T) {
	const w, h = 200, 150
	glass := color.NRGBA{40, 60, 220, 128}
	ground := floor(0, red, 0, false)
	s := screenAt(t, topDown, Vec3{5, 5, 0}, w, h)
	under := Render3D(&List{Background: black, Triangles: ground}, topDown, w, h).NRGBAAt(s.X, s.Y)
	lit := shade(floor(5, glass, 0, false)[0])
	f := func(dst, src uint8) uint8 { return uint8((uint32(src)*128 + uint32(dst)*127 + 127) / 255) }
	want := color.NRGBA{f(under.R, lit.R), f(under.G, lit.G), f(under.B, lit.B), 255}
	for _, order := range [][][]Triangle3{{floor(5, glass, 0, false), ground}, {ground, floor(5, glass, 0, false)}} {
		l := &List{Background: black, Triangles: append(append([]Triangle3{}, order[0]...), order[1]...)}
		if got := Render3D(l, topDown, w, h).NRGBAAt(s.X, s.Y); got != want {
			t.Errorf("glass over the ground: %v, want %v", got, want)
		}
	}
	// Two panes: the nearer one is blended last, whatever the list order.
	near, far := floor(10, color.NRGBA{0, 255, 0, 128}, 0, false), floor(5, color.NRGBA{0, 0, 255, 128}, 0, false)
	l := &List{Background: black, Triangles: append(append([]Triangle3{}, near...), far...)}
	if got := Render3D(l, topDown, w, h).NRGBAAt(s.X, s.Y); got.G <= got.B {
		t.Errorf("two panes: %v, want the nearer, green one on top", got)
	}
}

// TestSprites: a sprite stands upright at its point facing the eye,
// from any side: its opaque texels tinted by its colour, its
// transparent ones showing the background, its state mixed in; a
// sprite without a picture is a rectangle of its colour.
func TestSprites(t *testing.T) {
	const w, h = 200, 150
	legs := picture(1, 2, transparent, green) // transparent above, green below
	for _, yaw := range []float64{-math.Pi / 2, 0.7, 2.5} {
		cam := Camera3D{Target: Vec3{0, 0, 10}, Yaw: yaw, Pitch: 0.2, Distance: 60, FOV: math.Pi / 3, Near: 1, Far: 1000}
		eye := cam.Eye()
		d := math.Hypot(eye.X, eye.Y)
		right := Vec3{-eye.Y / d, eye.X / d, 0}
		at := func(side, z float64) Vec3 { return Vec3{side * right.X, side * right.Y, z} }
		tinted := Sprite3{Width: 10, Height: 20, Texture: 1, Color: grey}
		for _, c := range []struct {
			what   string
			sprite Sprite3
			p      Vec3
			want   color.NRGBA
		}{
			{"lower half", tinted, at(0, 5), color.NRGBA{20, 100, 30, 255}},
			{"lower half, right", tinted, at(4, 5), color.NRGBA{20, 100, 30, 255}},
			{"lower half, left", tinted, at(-4, 5), color.NRGBA{20, 100, 30, 255}},
			{"upper half", tinted, at(0, 15), black},
			{"beside", tinted, at(7, 5), black},
			{"selected", Sprite3{Width: 10, Height: 20, Texture: 1, Color: white, State: Selected}, at(0, 5), Shown(green, Selected)},
			{"untextured", Sprite3{Width: 10, Height: 20, Color: red}, at(-4, 15), red},
		} {
			l := &List{Background: black, Textures: []*image.NRGBA{legs}, Sprites: []Sprite3{c.sprite}}
			s := screenAt(t, cam, c.p, w, h)
			if got := Render3D(l, cam, w, h).NRGBAAt(s.X, s.Y); got != c.want {
				t.Errorf("yaw %.1f: %s at %v: %v, want %v", yaw, c.what, c.p, got, c.want)
			}
		}
	}
	// A wall between the eye and the sprite hides it.
	cam := Camera3D{Target: Vec3{0, 0, 10}, Yaw: -math.Pi / 2, Pitch: 0, Distance: 60, FOV: math.Pi / 3, Near: 1, Far: 1000}
	l := &List{Background: black, Sprites: []Sprite3{{Width: 10, Height: 20, Color: red}},
		Triangles: []Triangle3{{A: Vec3{-20, -10, 0}, B: Vec3{20, -10, 0}, C: Vec3{0, -10, 30}, Color: blue}}}
	s := screenAt(t, cam, Vec3{0, 0, 5}, w, h)
	if got := Render3D(l, cam, w, h).NRGBAAt(s.X, s.Y); got == red {
		t.Error("a sprite behind a wall shows through it")
	}
}

// TestPackAtlas: every picture gets a place of its size inside the
// atlas, none overlapping; empty ones take none; pictures that cannot
// fit are an error.
func TestPackAtlas(t *testing.T) {
	var sizes []image.Point
	for i := range 40 {
		sizes = append(sizes, image.Pt(8+(i*37)%120, 4+(i*53)%124))
	}
	sizes = append(sizes, image.Pt(128, 128), image.Pt(0, 0), image.Pt(64, 64))
	at, size, err := packAtlas(sizes, 1024)
	if err != nil {
		t.Fatal(err)
	}
	if size.X > 1024 || size.Y > 1024 {
		t.Errorf("atlas of %v, larger than 1024x1024", size)
	}
	for i, r := range at {
		if r.Size() != sizes[i] && !(sizes[i].X <= 0 && r.Empty()) {
			t.Errorf("picture %d of %v placed at %v", i, sizes[i], r)
		}
		if !r.In(image.Rectangle{Max: size}) {
			t.Errorf("picture %d at %v, outside the atlas of %v", i, r, size)
		}
		for j := range i {
			if r.Overlaps(at[j]) {
				t.Errorf("pictures %d at %v and %d at %v overlap", i, r, j, at[j])
			}
		}
	}
	for _, c := range []struct {
		what  string
		sizes []image.Point
	}{
		{"one too wide", []image.Point{{16, 16}, {2048, 4}}},
		{"too many", []image.Point{{512, 512}, {512, 512}, {512, 512}, {512, 512}, {512, 512}}},
	} {
		if _, _, err := packAtlas(c.sizes, 1024); err == nil {
			t.Errorf("%s: packed into 1024x1024", c.what)
		}
	}
}
