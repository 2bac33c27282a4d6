package turok

import (
	"testing"

	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// BenchmarkFrame draws at 1280x800, in 2D and 3D, with OpenGL and with
// the software renderer, the largest corpus Turok map and the generated
// 51,200-sector map (the whole of it in view). Turok scenes are
// untextured.
func BenchmarkFrame(b *testing.B) {
	b.Run("corpus", func(b *testing.B) { scenetest.BenchFrame(b, largestTurok(b)) })
	b.Run("hills160", func(b *testing.B) {
		s := levelScene(turokmap.Hills(bigCells), nil)
		scenetest.BenchFrame(b, &scenetest.Edited{Name: "51200-sectors", Scene: s})
	})
}
