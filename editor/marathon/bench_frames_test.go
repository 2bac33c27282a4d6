package marathon

import (
	"testing"

	"github.com/levelwright/levelwright/internal/scenetest"
)

// BenchmarkFrame draws at 1280x800, in 2D and 3D, with OpenGL and with
// the software renderer, untextured and then textured from a generated
// Shapes file: the Marathon 1 level with the most polygons ("m1") and
// the corpus level with the most, a community map ("largest").
func BenchmarkFrame(b *testing.B) {
	for _, c := range []struct {
		name  string
		under []string
	}{{"m1", []string{"m1"}}, {"largest", nil}} {
		for _, textured := range []bool{false, true} {
			name := c.name + "/" + map[bool]string{false: "untextured", true: "textured"}[textured]
			b.Run(name, func(b *testing.B) { scenetest.BenchFrame(b, largestMarathon(b, textured, c.under...)) })
		}
	}
}
