package viewport

import (
	"testing"

	"github.com/levelwright/levelwright/display"
)

// BenchmarkFrameInside3D draws the synthetic level of BenchmarkFrame3D
// at 1280x800 with OpenGL from near its middle, where most of it is
// behind the eye or outside the view, untextured and textured.
func BenchmarkFrameInside3D(b *testing.B) {
	g := newGL(b)
	const w, h = 1280, 800
	for _, textured := range []bool{false, true} {
		l := benchLevel(textured)
		lo, hi, _ := l.Bounds3()
		cam := display.Orbit3D(lo, hi).Dolly(0.05)
		if err := g.SetList(l); err != nil {
			b.Fatal(err)
		}
		b.Run(map[bool]string{false: "untextured", true: "textured"}[textured], func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				// A thousandth of a radian round from the last frame: a
				// frame of the same camera draws only what changed.
				if _, err := g.Render3D(cam.Orbit(float64(i%2)/1000, 0), w, h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
