package viewport

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// benchLevel is a synthetic level of rooms on a 41 x 41 grid, 1024
// units a cell, with floors and ceilings at stepped heights and walls
// where they step: 20172 triangles. A textured level shows one of 16
// 128 x 128 textures on each surface, 128 texels to a cell, lit by the
// cell's light; an untextured one is coloured by it.
func benchLevel(textured bool) *display.List {
	const n, cell = 41, 1024.0
	l := &display.List{Background: color.NRGBA{20, 24, 30, 255}}
	if textured {
		for i := range 16 {
			l.Textures = append(l.Textures, displaytest.Pattern(128, 128, func(x, y int) bool { return i%4 == 0 && (x*y+i)%97 == 0 }))
		}
	}
	floor := func(i, j int) float64 { return 128 * float64((i*7+j*13)%5) }
	light := func(i, j int) color.NRGBA {
		v := uint8(120 + (i*31+j*17)%120)
		return color.NRGBA{v, v, v, 255}
	}
	quad := func(a, b, c, d display.Vec3, col color.NRGBA, tex display.TextureID, uv func(display.Vec3) display.Vec2, oneSided bool) {
		for _, t := range [][3]display.Vec3{{a, b, c}, {a, c, d}} {
			f := display.Triangle3{A: t[0], B: t[1], C: t[2], Color: col, OneSided: oneSided}
			if textured {
				f.Texture, f.UV = tex, [3]display.Vec2{uv(t[0]), uv(t[1]), uv(t[2])}
			}
			l.Triangles = append(l.Triangles, f)
		}
	}
	flat := func(p display.Vec3) display.Vec2 { return display.Vec2{X: p.X / 8, Y: p.Y / 8} }
	for i := range n {
		for j := range n {
			x, y, z := float64(i)*cell, float64(j)*cell, floor(i, j)
			c, tex := light(i, j), display.TextureID(1+(i+j)%16)
			quad(display.Vec3{X: x, Y: y, Z: z}, display.Vec3{X: x + cell, Y: y, Z: z}, display.Vec3{X: x + cell, Y: y + cell, Z: z}, display.Vec3{X: x, Y: y + cell, Z: z}, c, tex, flat, true)
			top := z + cell
			quad(display.Vec3{X: x, Y: y, Z: top}, display.Vec3{X: x, Y: y + cell, Z: top}, display.Vec3{X: x + cell, Y: y + cell, Z: top}, display.Vec3{X: x + cell, Y: y, Z: top}, c, tex, flat, true)
			// The steps to the east and north neighbours, at the floor and
			// the ceiling.
			for _, d := range [][2]int{{1, 0}, {0, 1}} {
				z2 := floor(i+d[0], j+d[1])
				a := display.Vec3{X: x + cell*float64(d[0]), Y: y + cell*float64(d[1]), Z: 0}
				b := display.Vec3{X: a.X + cell*float64(d[1]), Y: a.Y + cell*float64(d[0]), Z: 0}
				along := func(p display.Vec3) display.Vec2 { return display.Vec2{X: (p.X + p.Y) / 8, Y: -p.Z / 8} }
				for _, base := range []float64{0, cell} {
					lo, hi := min(z, z2)+base, max(z, z2)+base+64
					quad(display.Vec3{X: a.X, Y: a.Y, Z: lo}, display.Vec3{X: b.X, Y: b.Y, Z: lo}, display.Vec3{X: b.X, Y: b.Y, Z: hi}, display.Vec3{X: a.X, Y: a.Y, Z: hi}, c, display.TextureID(1+(i*3+j)%16), along, false)
				}
			}
		}
	}
	return l
}

// BenchmarkFrame3D draws the same synthetic level at 1280x800, seen
// from near enough that it fills the frame, untextured and textured,
// with OpenGL (render and read-back) and in software: the cost of
// textures is the ratio of the two.
func BenchmarkFrame3D(b *testing.B) {
	g := newGL(b)
	const w, h = 1280, 800
	for _, textured := range []bool{false, true} {
		l := benchLevel(textured)
		lo, hi, _ := l.Bounds3()
		cam := display.Orbit3D(lo, hi).Dolly(0.4) // the level fills the frame
		name := map[bool]string{false: "untextured", true: "textured"}[textured]
		if err := g.SetList(l); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/opengl", name), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				// A thousandth of a radian round from the last frame: a
				// frame of the same camera draws only what changed.
				if _, err := g.Render3D(cam.Orbit(float64(i%2)/1000, 0), w, h); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%s/software", name), func(b *testing.B) {
			for b.Loop() {
				display.Render3D(l, cam, w, h)
			}
		})
	}
}
