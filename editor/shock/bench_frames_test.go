package shock

import (
	"path/filepath"
	"testing"

	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// BenchmarkFrame draws the largest corpus System Shock level at
// 1280x800, in 2D and 3D, with OpenGL and with the software renderer:
// untextured (the first mode) and textured from the stand-in game data
// (the Texture mode).
func BenchmarkFrame(b *testing.B) {
	b.Run("untextured", func(b *testing.B) { scenetest.BenchFrame(b, largestShock(b, nil, "")) })
	b.Run("textured", func(b *testing.B) {
		data, err := sdoc.LoadGameData(shockdata.Dir(), filepath.Dir(corpus.Path(b, "shock", "derelict", "archive.dat")))
		if err != nil {
			b.Fatal(err)
		}
		scenetest.BenchFrame(b, largestShock(b, data, "Texture"))
	})
}
