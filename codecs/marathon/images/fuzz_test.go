package images_test

import (
	"flag"
	"image"
	"testing"

	"github.com/levelwright/levelwright/codecs/marathon/images"
	"github.com/levelwright/levelwright/internal/fuzzseed"
	"github.com/levelwright/levelwright/internal/imagestest"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the fuzz seeds from the generator")

// pictSeeds are small pictures of each pixel map kind: the checked-in
// FuzzDecodePICT seeds.
func pictSeeds() map[string][]byte {
	r := image.Rect(0, 0, 12, 3)
	indexed := imagestest.Bits{Depth: 8, Bounds: r, Palette: grey(4), Pixel: pattern(2)}
	return map[string][]byte{
		"bitmap":   imagestest.PICT(r, imagestest.Bits{Bounds: image.Rect(0, 0, 70, 2), Pixel: pattern(1)}.Opcode()),
		"indexed":  imagestest.PICT(r, indexed.Opcode()),
		"direct16": imagestest.PICT(r, imagestest.Bits{Op: 0x009B, Depth: 16, Bounds: r, Pixel: pattern(15)}.Opcode()),
		"direct32": imagestest.PICT(r, imagestest.Bits{Depth: 32, CmpCount: 4, Bounds: r, Pixel: rgb}.Opcode()),
		"composed": imagestest.PICT(image.Rect(0, 0, 20, 8), indexed.PixPat(0x0012), indexed.Opcode(),
			imagestest.Bits{Depth: 4, Bounds: r, Dst: image.Rect(5, 4, 17, 7), Palette: grey(16), Pixel: pattern(4)}.Opcode()),
	}
}

// forkSeeds are the checked-in FuzzDecode seeds.
func forkSeeds() map[string][]byte {
	return map[string][]byte{"bare": smallFork(), "macbinary": imagestest.MacBinary("Images", nil, smallFork()), "wadform": wadImages()}
}

// TestFuzzSeeds keeps the checked-in seeds what the generator writes,
// each of them a file the decoders read.
func TestFuzzSeeds(t *testing.T) {
	for name, data := range pictSeeds() {
		if _, err := images.DecodePICT(data); err != nil {
			t.Errorf("seed %s: %v", name, err)
		}
	}
	for name, data := range forkSeeds() {
		if _, err := images.Decode(data); err != nil {
			t.Errorf("seed %s: %v", name, err)
		}
	}
	fuzzseed.Check(t, "FuzzDecodePICT", pictSeeds(), *updateSeeds)
	fuzzseed.Check(t, "FuzzDecode", forkSeeds(), *updateSeeds)
}

// FuzzDecodePICT decodes fuzzed bytes as a picture: an error, or an
// image of the frame's size, never a panic.
func FuzzDecodePICT(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := images.DecodePICT(data)
		if err != nil {
			return
		}
		if got := p.Image.Bounds(); got != image.Rect(0, 0, p.Frame.Dx(), p.Frame.Dy()) {
			t.Fatalf("image bounds %v for frame %v", got, p.Frame)
		}
	})
}

// FuzzDecode decodes fuzzed bytes as an Images file, then each of its
// pictures: errors, or resources inside the file, never a panic.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := images.Decode(data)
		if err != nil {
			return
		}
		for _, r := range file.Resources {
			if r.Offset < 0 || r.Offset+int64(len(r.Data)) > int64(len(data)) {
				t.Fatalf("%s: %d bytes at %d in a %d-byte file", r.Where(), len(r.Data), r.Offset, len(data))
			}
		}
		for _, r := range file.Pictures() {
			file.Picture(r.ID)
		}
	})
}
