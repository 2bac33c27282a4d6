// Package displaytest builds display lists that the tests of display
// and of its renderers share.
package displaytest

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/levelwright/levelwright/display"
)

// The colours of the items.
var (
	red   = color.NRGBA{220, 40, 40, 255}
	blue  = color.NRGBA{40, 60, 220, 255}
	green = color.NRGBA{40, 200, 60, 255}
	white = color.NRGBA{255, 255, 255, 255}
)

// Tiles is a list of n x n squares of 10 units, each a filled polygon
// outlined on two sides, with a marker and a label on every seventh.
func Tiles(n int) *display.List {
	l := &display.List{Background: color.NRGBA{20, 24, 30, 255}}
	for y := range n {
		for x := range n {
			fx, fy := float64(x*10), float64(y*10)
			fill := color.NRGBA{uint8(40 + x*7%200), uint8(60 + y*11%180), 120, 255}
			l.Polygons = append(l.Polygons, display.Polygon{Points: []display.Vec2{{X: fx, Y: fy}, {X: fx + 10, Y: fy}, {X: fx + 10, Y: fy + 10}, {X: fx, Y: fy + 10}}, Fill: fill})
			l.Lines = append(l.Lines, display.Line{A: display.Vec2{X: fx, Y: fy}, B: display.Vec2{X: fx + 10, Y: fy}, Width: 1, Color: red},
				display.Line{A: display.Vec2{X: fx, Y: fy}, B: display.Vec2{X: fx, Y: fy + 10}, Width: 2, Color: green, Arrow: true})
			if (x+y)%7 == 0 {
				l.Markers = append(l.Markers, display.Marker{At: display.Vec2{X: fx + 5, Y: fy + 5}, Shape: display.Triangle, Size: 8, Heading: 1, Color: blue})
				l.Labels = append(l.Labels, display.Label{At: display.Vec2{X: fx, Y: fy}, Text: fmt.Sprint(x, y), Color: color.NRGBA{240, 240, 240, 255}})
			}
		}
	}
	return l
}

// CulledMap is a list of n x n Tiles (n of 150 or so), a camera whose
// w x h view shows a few of them, and the picture of the items near
// that view alone: what a culled frame of the list must show.
func CulledMap(n, w, h int) (*display.List, display.Camera2D, *image.NRGBA) {
	l := Tiles(n)
	cam := display.Camera2D{Center: display.Vec2{X: 700, Y: 800}, Scale: 4} // 80 x 50 units: 8 x 5 squares
	lo, hi := cam.ToWorld(display.Vec2{X: 0, Y: float64(h)}, w, h), cam.ToWorld(display.Vec2{X: float64(w), Y: 0}, w, h)
	return l, cam, display.Render2D(nearView(l, lo, hi, 20), cam, w, h)
}

// nearView is the items of l whose points lie within margin of lo..hi, in
// order: what a view of lo..hi can show.
func nearView(l *display.List, lo, hi display.Vec2, margin float64) *display.List {
	in := func(pts ...display.Vec2) bool {
		for _, p := range pts {
			if p.X >= lo.X-margin && p.X <= hi.X+margin && p.Y >= lo.Y-margin && p.Y <= hi.Y+margin {
				return true
			}
		}
		return false
	}
	out := &display.List{Background: l.Background}
	for _, p := range l.Polygons {
		if in(p.Points...) {
			out.Polygons = append(out.Polygons, p)
		}
	}
	for _, s := range l.Lines {
		if in(s.A, s.B) {
			out.Lines = append(out.Lines, s)
		}
	}
	for _, m := range l.Markers {
		if in(m.At) {
			out.Markers = append(out.Markers, m)
		}
	}
	for _, t := range l.Labels {
		if in(t.At) {
			out.Labels = append(out.Labels, t)
		}
	}
	return out
}

// SampleList holds every kind of item: convex and concave polygons, a
// translucent one, lines of three widths and an arrow, markers of every shape with and
// without heading, in each state, labels, a grid, and crossing 3D faces,
// one-sided and two-sided.
func SampleList() *display.List {
	l := &display.List{Background: color.NRGBA{20, 24, 30, 255}, Grid: &display.Grid{Spacing: 25, Color: color.NRGBA{255, 255, 255, 30}}}
	l.Polygons = []display.Polygon{
		{Points: []display.Vec2{{X: -150, Y: -90}, {X: -20, Y: -90}, {X: -20, Y: 10}, {X: -150, Y: 10}}, Fill: blue},
		{Points: []display.Vec2{{X: 20, Y: -90}, {X: 150, Y: -90}, {X: 150, Y: 20}, {X: 90, Y: -30}, {X: 20, Y: 20}}, Fill: green, State: display.Selected},
		{Points: []display.Vec2{{X: -60, Y: -60}, {X: 60, Y: -60}, {X: 0, Y: 60}}, Fill: color.NRGBA{250, 250, 250, 90}, ID: 3},
	}
	l.Lines = []display.Line{
		{A: display.Vec2{X: -150, Y: 40}, B: display.Vec2{X: 150, Y: 55}, Width: 1, Color: red},
		{A: display.Vec2{X: -150, Y: 70}, B: display.Vec2{X: 100, Y: 95}, Width: 2, Color: red, State: display.Highlighted},
		{A: display.Vec2{X: 120, Y: 30}, B: display.Vec2{X: 60, Y: 100}, Width: 4, Color: color.NRGBA{200, 200, 60, 255}},
		{A: display.Vec2{X: 0, Y: 0}, B: display.Vec2{X: 0, Y: 0}, Width: 3, Color: red},
		{A: display.Vec2{X: -100, Y: 120}, B: display.Vec2{X: -40, Y: 80}, Width: 1, Color: green, Arrow: true},
	}
	for i, shape := range []display.Shape{display.Circle, display.Square, display.Diamond, display.Triangle} {
		heading := display.NoHeading
		if i%2 == 0 {
			heading = float64(i) * 0.7
		}
		l.Markers = append(l.Markers, display.Marker{At: display.Vec2{X: -120 + 60*float64(i), Y: -110}, Shape: shape, Size: 12, Heading: heading,
			Color: color.NRGBA{230, 150, 60, 255}, State: display.State(i % 3)})
	}
	l.Markers = append(l.Markers, display.Marker{At: display.Vec2{X: 120, Y: -110}, Shape: display.Triangle, Size: 12, Heading: 2.5, Color: red})
	l.Labels = []display.Label{{At: display.Vec2{X: -140, Y: 110}, Text: "Level 5: Arrival", Color: color.NRGBA{240, 240, 240, 255}}}
	// A floor seen from above, a ceiling above it seen from behind (not
	// drawn), and a wall through both.
	l.Triangles = []display.Triangle3{
		{A: display.Vec3{X: -100, Y: -100, Z: 0}, B: display.Vec3{X: 100, Y: -100, Z: 0}, C: display.Vec3{X: 100, Y: 100, Z: 0}, Color: blue, OneSided: true},
		{A: display.Vec3{X: -100, Y: -100, Z: 0}, B: display.Vec3{X: 100, Y: 100, Z: 0}, C: display.Vec3{X: -100, Y: 100, Z: 0}, Color: green, OneSided: true},
		{A: display.Vec3{X: -100, Y: -100, Z: 60}, B: display.Vec3{X: 100, Y: 100, Z: 60}, C: display.Vec3{X: 100, Y: -100, Z: 60}, Color: red, OneSided: true},
		{A: display.Vec3{X: -80, Y: 0, Z: -40}, B: display.Vec3{X: 80, Y: 0, Z: -40}, C: display.Vec3{X: 0, Y: 0, Z: 100}, Color: color.NRGBA{220, 220, 200, 255}},
	}
	return l
}

// Pattern is a w x h texture whose every texel differs from its
// neighbours; the texels of holes (by texel) are transparent.
func Pattern(w, h int, holes func(x, y int) bool) *image.NRGBA {
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

// TurnedUV maps the map to a texture turned by angle radians, scale
// texels a world unit, moved by (u0, v0).
func TurnedUV(angle, scale, u0, v0 float64) display.Affine {
	c, s := math.Cos(angle)*scale, math.Sin(angle)*scale
	return display.Affine{XU: c, YU: s, U0: u0, XV: -s, YV: c, V0: v0}
}

// TexturedList holds textured items of every kind: polygons with turned,
// scaled and shifted maps over negative coordinates, a translucent and a
// selected one, a polygon whose texture has holes, and untextured ones
// between them; in 3D a one-sided textured floor, a two-sided textured
// wall, translucent faces (one textured) in front of opaque ones and of
// a translucent one that comes after them in the list, a
// selected and a highlighted face, and sprites with transparent texels,
// one selected, one untextured.
func TexturedList() *display.List {
	l := &display.List{Background: color.NRGBA{20, 24, 30, 255}, Textures: []*image.NRGBA{
		Pattern(8, 8, nil),
		Pattern(16, 32, func(x, y int) bool { return y < 10 && x < 8 || (x+y)%7 == 0 }),
		Pattern(5, 3, nil),
	}}
	l.Polygons = []display.Polygon{
		{Points: []display.Vec2{{X: -150, Y: -90}, {X: -20, Y: -90}, {X: -20, Y: 10}, {X: -150, Y: 10}}, Fill: color.NRGBA{255, 255, 255, 255}, Texture: 1, UV: TurnedUV(0.5, 0.3, -7.25, 3.5)},
		{Points: []display.Vec2{{X: 20, Y: -90}, {X: 150, Y: -90}, {X: 150, Y: 20}, {X: 90, Y: -30}, {X: 20, Y: 20}}, Fill: color.NRGBA{200, 180, 160, 255}, State: display.Selected, Texture: 3, UV: TurnedUV(-1.2, 0.15, 0, 0)},
		{Points: []display.Vec2{{X: -60, Y: -60}, {X: 60, Y: -60}, {X: 0, Y: 60}}, Fill: blue},
		{Points: []display.Vec2{{X: -100, Y: 20}, {X: 100, Y: 20}, {X: 100, Y: 120}, {X: -100, Y: 120}}, Fill: color.NRGBA{255, 255, 255, 150}, Texture: 2, UV: TurnedUV(0, 0.25, 0, 0)},
		{Points: []display.Vec2{{X: -140, Y: -130}, {X: -40, Y: -130}, {X: -40, Y: -100}}, Fill: white, State: display.Highlighted, Texture: 2, UV: TurnedUV(2.0, 0.4, 3, -9)},
		{Points: []display.Vec2{{X: 40, Y: 60}, {X: 140, Y: 60}, {X: 140, Y: 130}}, Fill: green},
	}
	l.Lines = []display.Line{{A: display.Vec2{X: -150, Y: 40}, B: display.Vec2{X: 150, Y: 55}, Width: 2, Color: red}}
	floorUV := func(p display.Vec3) display.Vec2 { return display.Vec2{X: p.X / 12.5, Y: p.Y / 12.5} }
	wallUV := func(p display.Vec3) display.Vec2 { return display.Vec2{X: p.X / 10, Y: -p.Z / 10} }
	tri := func(a, b, c display.Vec3, col color.NRGBA, tex display.TextureID, uv func(display.Vec3) display.Vec2) display.Triangle3 {
		t := display.Triangle3{A: a, B: b, C: c, Color: col, Texture: tex}
		if uv != nil {
			t.UV = [3]display.Vec2{uv(a), uv(b), uv(c)}
		}
		return t
	}
	f0, f1, f2, f3 := display.Vec3{X: -100, Y: -100, Z: 0}, display.Vec3{X: 100, Y: -100, Z: 0}, display.Vec3{X: 100, Y: 100, Z: 0}, display.Vec3{X: -100, Y: 100, Z: 0}
	w0, w1, w2, w3 := display.Vec3{X: -80, Y: 0, Z: -40}, display.Vec3{X: 80, Y: 0, Z: -40}, display.Vec3{X: 80, Y: 0, Z: 60}, display.Vec3{X: -80, Y: 0, Z: 60}
	l0, l1, l2, l3 := display.Vec3{X: -100, Y: -100, Z: 20}, display.Vec3{X: 0, Y: -100, Z: 20}, display.Vec3{X: 0, Y: 0, Z: 20}, display.Vec3{X: -100, Y: 0, Z: 20}
	l.Triangles = []display.Triangle3{
		tri(f0, f1, f2, color.NRGBA{230, 230, 230, 255}, 1, floorUV),
		tri(f0, f2, f3, color.NRGBA{160, 160, 160, 255}, 1, floorUV),
		// A ceiling seen from above: not drawn.
		tri(display.Vec3{X: -100, Y: -100, Z: 80}, display.Vec3{X: 100, Y: 100, Z: 80}, display.Vec3{X: 100, Y: -100, Z: 80}, red, 1, floorUV),
		tri(w0, w1, w2, white, 3, wallUV),
		tri(w0, w2, w3, white, 3, wallUV),
		// Liquids over a corner of the floor, one textured.
		tri(l0, l1, l2, color.NRGBA{60, 120, 240, 140}, 0, nil),
		tri(l0, l2, l3, color.NRGBA{255, 255, 255, 120}, 2, floorUV),
		// A selected and a highlighted face.
		tri(display.Vec3{X: 40, Y: -90, Z: 5}, display.Vec3{X: 90, Y: -90, Z: 5}, display.Vec3{X: 90, Y: -40, Z: 5}, green, 0, nil),
		tri(display.Vec3{X: 40, Y: 40, Z: 5}, display.Vec3{X: 90, Y: 40, Z: 5}, display.Vec3{X: 90, Y: 90, Z: 5}, white, 3, floorUV),
		// A pane under the liquids, after them in the list.
		tri(display.Vec3{X: -100, Y: -100, Z: 10}, display.Vec3{X: 0, Y: -100, Z: 10}, display.Vec3{X: -100, Y: 0, Z: 10}, color.NRGBA{250, 40, 40, 160}, 0, nil),
	}
	l.Triangles[0].OneSided, l.Triangles[1].OneSided, l.Triangles[2].OneSided = true, true, true
	l.Triangles[7].State, l.Triangles[8].State = display.Selected, display.Highlighted
	l.Sprites = []display.Sprite3{
		{At: display.Vec3{X: -50, Y: 50, Z: 0}, Width: 30, Height: 60, Texture: 2, Color: color.NRGBA{220, 220, 220, 255}},
		{At: display.Vec3{X: 50, Y: -50, Z: 0}, Width: 24, Height: 48, Texture: 2, Color: white, State: display.Selected},
		{At: display.Vec3{X: 60, Y: 60, Z: 0}, Width: 10, Height: 20, Color: red, State: display.Highlighted},
	}
	return l
}
