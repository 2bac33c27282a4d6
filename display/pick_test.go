package display

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func near3(a, b Vec3, tol float64) bool {
	return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol && math.Abs(a.Z-b.Z) <= tol
}

// TestPickHit casts rays from an eye at (10, 0, 0) looking along -X
// (screen right is +Y, a 90° view of 100x100 pixels) at an upright
// triangle in the plane X = 0, facing the eye, and at what stands in
// front of it: the nearest front-facing opaque triangle or sprite is
// hit, at the point the ray meets it.
func TestPickHit(t *testing.T) {
	cam := Camera3D{Distance: 10, FOV: math.Pi / 2, Near: 0.1, Far: 100}
	wall := Triangle3{A: Vec3{0, -5, -5}, B: Vec3{0, 5, -5}, C: Vec3{0, 0, 5}, ID: 1, OneSided: true, Color: red}
	// The same triangle nearer the eye, in other guises.
	before := func(t Triangle3) Triangle3 { t.A.X, t.B.X, t.C.X = 5, 5, 5; return t }
	back := before(wall)
	back.A, back.B = back.B, back.A // faces away from the eye
	back.ID = 2
	glass := before(wall)
	glass.Color.A, glass.ID = 128, 3
	unnamed := before(wall)
	unnamed.ID = 0
	sprite := Sprite3{At: Vec3{5, 0, 0}, Width: 2, Height: 2, ID: 4}
	holed := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for _, p := range []image.Point{{0, 0}, {1, 0}, {0, 1}} { // texel (1, 1), bottom right, is clear
		holed.SetNRGBA(p.X, p.Y, color.NRGBA{255, 255, 255, 255})
	}
	// The ray through (55, 45) meets the sprite at its texel (1, 1), the
	// one through (45, 45) at its texel (0, 1).
	tests := []struct {
		name    string
		list    List
		at      Vec2
		want    ID
		wantAt  Vec3
		wantHit bool
	}{
		{"middle", List{Triangles: []Triangle3{wall}}, Vec2{50, 50}, 1, Vec3{0, 0, 0}, true},
		{"right and up", List{Triangles: []Triangle3{wall}}, Vec2{55, 45}, 1, Vec3{0, 1, 1}, true},
		{"beside the triangle", List{Triangles: []Triangle3{wall}}, Vec2{60, 40}, 0, Vec3{}, false},
		{"nearer, facing away", List{Triangles: []Triangle3{wall, back}}, Vec2{55, 45}, 1, Vec3{0, 1, 1}, true},
		{"nearer, facing the eye", List{Triangles: []Triangle3{wall, before(wall)}}, Vec2{55, 45}, 1, Vec3{5, 0.5, 0.5}, true},
		{"nearer, translucent", List{Triangles: []Triangle3{wall, glass}}, Vec2{55, 45}, 1, Vec3{0, 1, 1}, true},
		{"nearer, no entity", List{Triangles: []Triangle3{unnamed, wall}}, Vec2{55, 45}, 1, Vec3{0, 1, 1}, true},
		{"sprite in front", List{Triangles: []Triangle3{wall}, Sprites: []Sprite3{sprite}}, Vec2{55, 45}, 4, Vec3{5, 0.5, 0.5}, true},
		{"sprite's clear texel", List{Triangles: []Triangle3{wall}, Sprites: []Sprite3{{At: sprite.At, Width: 2, Height: 2, ID: 4, Texture: 1}},
			Textures: []*image.NRGBA{holed}}, Vec2{55, 45}, 1, Vec3{0, 1, 1}, true},
		{"sprite's solid texel", List{Triangles: []Triangle3{wall}, Sprites: []Sprite3{{At: sprite.At, Width: 2, Height: 2, ID: 4, Texture: 1}},
			Textures: []*image.NRGBA{holed}}, Vec2{45, 45}, 4, Vec3{5, -0.5, 0.5}, true},
	}
	for _, tc := range tests {
		hit, ok := PickHit(&tc.list, cam, tc.at, 100, 100)
		if ok != tc.wantHit || hit.ID != tc.want || ok && !near3(hit.At, tc.wantAt, 1e-9) {
			t.Errorf("%s: hit %v (%v), want %d at %v (%v)", tc.name, hit, ok, tc.want, tc.wantAt, tc.wantHit)
		}
		x := Index{linearBelow: 1}
		x.SetList(&tc.list)
		for range GridAfter { // the last pick with the grid built
			if got, gotOK := x.PickHit(cam, tc.at, 100, 100); got != hit || gotOK != ok {
				t.Errorf("%s: the index hits %v (%v)", tc.name, got, gotOK)
			}
		}
	}
}

// TestRayProjects: the ray through a pixel passes through the points
// that ViewProjection puts on that pixel, for a turned, tilted camera
// on a view wider than high; PerPixel spans one pixel at the point's
// distance; Level meets the plane at the height asked.
func TestRayProjects(t *testing.T) {
	cam := Camera3D{Target: Vec3{3, -2, 1}, Yaw: 0.7, Pitch: 0.4, Distance: 40, FOV: 50 * math.Pi / 180, Near: 0.5, Far: 500}
	w, h := 320, 200
	vp := cam.ViewProjection(float64(w) / float64(h))
	for _, s := range []Vec2{{160, 100}, {10, 20}, {300, 180}} {
		eye, dir := cam.Ray(s, w, h)
		p := along(eye, dir, 25)
		q, ok := vp.project(p, w, h)
		if !ok || math.Hypot(q.X-s.X, q.Y-s.Y) > 1e-6 {
			t.Errorf("the ray through %v passes %v, which projects to %v", s, p, q)
		}
		right := normalize(cross(sub(cam.Target, eye), Vec3{0, 0, 1})) // across the view
		next, _ := vp.project(along(p, right, cam.PerPixel(p, h)), w, h)
		if d := math.Hypot(next.X-q.X, next.Y-q.Y); math.Abs(d-1) > 1e-6 {
			t.Errorf("PerPixel at %v spans %.3f pixels, want 1", p, d)
		}
		at, ok := cam.Level(s, w, h, -3)
		if q, _ := vp.project(at, w, h); !ok || math.Abs(at.Z+3) > 1e-9 || math.Hypot(q.X-s.X, q.Y-s.Y) > 1e-6 {
			t.Errorf("Level(%v, -3) = %v (%v), which projects to %v", s, at, ok, q)
		}
	}
}
