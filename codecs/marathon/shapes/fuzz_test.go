package shapes_test

import (
	"flag"
	"testing"

	"github.com/levelwright/levelwright/codecs/marathon/shapes"
	"github.com/levelwright/levelwright/internal/fuzzseed"
	"github.com/levelwright/levelwright/internal/shapestest"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the FuzzDecode seeds from the generator")

// seedFiles are small generated Shapes files: the checked-in FuzzDecode
// seeds.
func seedFiles() map[string][]byte {
	small := wallCollection()
	small.Bitmaps = small.Bitmaps[1:]
	small.Frames, small.Sequences = small.Frames[:2], small.Sequences[:2]
	var walls, objects [shapes.Collections]shapestest.Copies
	walls[17] = shapestest.Copies{Bit8: small}
	objects[5] = shapestest.Copies{Bit8: objectCollection()}
	objects[27] = shapestest.Copies{Bit16: objectCollection()}
	return map[string][]byte{
		"walls":   shapestest.Encode(walls),
		"objects": shapestest.Encode(objects),
		"empty":   shapestest.Encode([shapes.Collections]shapestest.Copies{}),
	}
}

// TestFuzzSeeds keeps the checked-in seeds what the generator writes.
func TestFuzzSeeds(t *testing.T) {
	fuzzseed.Check(t, "FuzzDecode", seedFiles(), *updateSeeds)
}

// FuzzDecode decodes fuzzed bytes as a Shapes file: an error or records
// whose sizes agree with their headers, never a panic.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := shapes.Decode(data)
		if err != nil {
			return
		}
		for i, c := range file.Collections {
			if c == nil {
				continue
			}
			for j, s := range c.Sequences {
				if len(s.Frames) != s.Views()*int(s.FramesPerView) {
					t.Fatalf("collection %d sequence %d: %d frame indexes for %d views x %d", i, j, len(s.Frames), s.Views(), s.FramesPerView)
				}
			}
			var table []shapes.Color
			if len(c.ColorTables) > 0 {
				table = c.ColorTables[0]
			}
			for j, b := range c.Bitmaps {
				if len(b.Pixels) != b.Width*b.Height || (b.Opaque != nil) != b.RLE() || (b.Opaque != nil && len(b.Opaque) != len(b.Pixels)) {
					t.Fatalf("collection %d bitmap %d: %d pixels, %d opaque flags for %dx%d", i, j, len(b.Pixels), len(b.Opaque), b.Width, b.Height)
				}
				if img := b.Image(shapes.Palette(table)); img.Bounds().Dx() != b.Width {
					t.Fatalf("collection %d bitmap %d: image %v", i, j, img.Bounds())
				}
			}
		}
	})
}
