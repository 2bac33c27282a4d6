package images_test

import (
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon/images"
	"github.com/levelwright/levelwright/internal/imagestest"
)

// grey is a palette of n greys, dark to light.
func grey(n int) []color.RGBA {
	p := make([]color.RGBA, n)
	for i := range p {
		v := uint8(i * 255 / max(n-1, 1))
		p[i] = color.RGBA{v, v / 2, 255 - v, 0xFF}
	}
	return p
}

// pattern is a pixel function with runs (for PackBits' repeats) and
// changes (for its literals), masked to bits.
func pattern(bits uint) func(x, y int) uint32 {
	return func(x, y int) uint32 {
		v := uint32(x/5*7 + y*3)
		if x%11 == 3 {
			v = uint32(x * y * 2654435761 >> 7)
		}
		return v & (1<<bits - 1)
	}
}

// rgb is a 24-bit colour pattern for 32-bit pixel maps.
func rgb(x, y int) uint32 { return uint32(x/4)<<16 | uint32(y*5)<<8&0xFF00 | uint32(x^y)&0xFF }

func TestDecodePICTPixelMaps(t *testing.T) {
	r := func(w, h int) image.Rectangle { return image.Rect(0, 0, w, h) }
	cases := []struct {
		name string
		bits imagestest.Bits
	}{
		{"1-bit BitMap", imagestest.Bits{Bounds: r(70, 9), Pixel: pattern(1)}},
		{"1-bit BitMap unpacked (rows under 8 bytes)", imagestest.Bits{Bounds: r(40, 5), Pixel: pattern(1)}},
		{"1-bit PixMap", imagestest.Bits{Depth: 1, Bounds: r(100, 4), Palette: grey(2), Pixel: pattern(1)}},
		{"2-bit", imagestest.Bits{Depth: 2, Bounds: r(61, 7), Palette: grey(4), Pixel: pattern(2)}},
		{"4-bit device table", imagestest.Bits{Depth: 4, Bounds: r(33, 6), Palette: grey(16), Device: true, Pixel: pattern(4)}},
		{"8-bit", imagestest.Bits{Depth: 8, Bounds: r(300, 5), Palette: grey(256), Pixel: pattern(8)}},
		{"8-bit unpacked pack type", imagestest.Bits{Depth: 8, PackType: 1, Bounds: r(20, 3), Palette: grey(256), Pixel: pattern(8)}},
		{"8-bit BitsRect", imagestest.Bits{Op: 0x0090, Depth: 8, Bounds: r(20, 3), Palette: grey(256), Pixel: pattern(8)}},
		{"8-bit PackBitsRgn", imagestest.Bits{Op: 0x0099, Depth: 8, Bounds: r(20, 3), Palette: grey(256), Pixel: pattern(8)}},
		{"8-bit, odd width and padded rows", imagestest.Bits{Depth: 8, Bounds: r(13, 4), RowBytes: 16, Palette: grey(256), Pixel: pattern(8)}},
		{"16-bit", imagestest.Bits{Depth: 16, Bounds: r(140, 6), Pixel: pattern(15)}},
		{"16-bit DirectBitsRgn", imagestest.Bits{Op: 0x009B, Depth: 16, Bounds: r(14, 3), Pixel: pattern(15)}},
		{"32-bit, 3 planes", imagestest.Bits{Depth: 32, Bounds: r(90, 5), Pixel: rgb}},
		{"32-bit, 4 planes", imagestest.Bits{Depth: 32, CmpCount: 4, PackType: 4, Bounds: r(70, 4), Pixel: rgb}},
		{"32-bit unpacked xRGB", imagestest.Bits{Depth: 32, PackType: 1, Bounds: r(9, 3), Pixel: rgb}},
		{"32-bit RGB without pad", imagestest.Bits{Depth: 32, PackType: 2, Bounds: r(9, 3), Pixel: rgb}},
		{"offset bounds", imagestest.Bits{Depth: 8, Bounds: image.Rect(-20, 30, 10, 40), Palette: grey(256), Pixel: pattern(8)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			frame := c.bits.Bounds
			p, err := images.DecodePICT(imagestest.PICT(frame, c.bits.Opcode()))
			if err != nil {
				t.Fatal(err)
			}
			if p.Frame != frame || p.Depth != max(c.bits.Depth, 1) {
				t.Fatalf("frame %v depth %d, want %v and %d", p.Frame, p.Depth, frame, max(c.bits.Depth, 1))
			}
			if got := p.Image.Bounds(); got != image.Rect(0, 0, frame.Dx(), frame.Dy()) {
				t.Fatalf("image bounds %v for a %v frame", got, frame)
			}
			if _, indexed := p.Image.(*image.Paletted); indexed != (c.bits.Depth <= 8) {
				t.Errorf("image %T for depth %d", p.Image, c.bits.Depth)
			}
			for y := range frame.Dy() {
				for x := range frame.Dx() {
					if got, want := color.RGBAModel.Convert(p.Image.At(x, y)), c.bits.Color(x, y); got != want {
						t.Fatalf("pixel (%d, %d) is %v, want %v", x, y, got, want)
					}
				}
			}
		})
	}
}

// TestDecodePICTSkipsOpcodes puts every kind of opcode the decoder passes
// over before the pixel map: each must be skipped by its exact length,
// or the pixel map after it would not decode.
func TestDecodePICTSkipsOpcodes(t *testing.T) {
	bits := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 24, 3), Palette: grey(256), Pixel: pattern(8)}
	skipped := [][]byte{
		{0x00, 0x00},                                                       // NOP
		{0x00, 0x1E},                                                       // DefHilite
		{0x00, 0x04, 0x01},                                                 // TxFace, one byte (padded)
		{0x00, 0x03, 0x00, 0x15},                                           // TxFont
		{0x00, 0x07, 0, 1, 0, 1},                                           // PnSize
		{0x00, 0x1A, 1, 2, 3, 4, 5, 6},                                     // RGBFgCol
		{0x00, 0x09, 1, 2, 3, 4, 5, 6, 7, 8},                               // PnPat
		{0x00, 0x31, 0, 0, 0, 0, 0, 9, 0, 9},                               // PaintRect
		{0x00, 0x39},                                                       // PaintSameRect
		{0x00, 0x61, 0, 0, 0, 0, 0, 9, 0, 9, 0, 1, 0, 2},                   // PaintArc
		{0x00, 0x69, 0, 1, 0, 2},                                           // PaintSameArc
		{0x00, 0x71, 0, 12, 0, 0, 0, 0, 0, 9, 0, 9, 0, 0},                  // PaintPoly
		{0x00, 0x81, 0, 10, 0, 0, 0, 0, 0, 9, 0, 9},                        // PaintRgn
		{0x00, 0x28, 0, 5, 0, 5, 3, 'a', 'b', 'c'},                         // LongText
		{0x00, 0x29, 4, 2, 'h', 'i'},                                       // DHText
		{0x00, 0x2B, 4, 4, 1, 'x'},                                         // DHDVText
		{0x00, 0x2C, 0, 5, 0, 3, 2, 'A', 'B'},                              // FontName
		{0x00, 0xA0, 0, 130},                                               // ShortComment
		{0x00, 0xA1, 0, 100, 0, 3, 'x', 'y', 'z'},                          // LongComment
		{0x00, 0xA5, 0, 2, 9, 9},                                           // reserved, length-prefixed
		{0x00, 0xD0, 0, 0, 0, 2, 9, 9},                                     // reserved, 32-bit length
		{0x00, 0x12, 0, 2, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF, 0xFF, 0, 0, 0, 0}, // BkPixPat, an RGB pattern
		{0x0C, 0x00, 0xFF, 0xFE, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}, // HeaderOp again
		{0x02, 0x00, 1, 2, 3, 4},              // reserved 0x0200: 4 bytes
		{0x80, 0x10},                          // reserved, no data
		{0x82, 0x00, 0, 0, 0, 3, 'q', 't', 0}, // CompressedQuickTime, skipped by its length
	}
	pat := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 8, 8), Palette: grey(4), Pixel: func(x, y int) uint32 { return uint32(x+y) % 4 }}
	skipped = append(skipped, pat.PixPat(0x0014)) // FillPixPat, a pixel map pattern
	p, err := images.DecodePICT(imagestest.PICT(bits.Bounds, append(skipped, bits.Opcode())...))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := color.RGBAModel.Convert(p.Image.At(23, 2)), bits.Color(23, 2); got != want {
		t.Errorf("last pixel %v, want %v", got, want)
	}
}

// TestDecodePICTComposes draws two pixel maps into a larger frame: the
// second one scaled up twice and overlapping the first; pixels no map
// covers stay white.
func TestDecodePICTComposes(t *testing.T) {
	a := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 10, 10), Palette: grey(256), Pixel: pattern(8)}
	b := imagestest.Bits{Depth: 32, Bounds: image.Rect(0, 0, 4, 3), Dst: image.Rect(6, 6, 14, 12), Pixel: rgb}
	p, err := images.DecodePICT(imagestest.PICT(image.Rect(0, 0, 20, 15), a.Opcode(), b.Opcode()))
	if err != nil {
		t.Fatal(err)
	}
	if p.Depth != 8 || p.Image.Bounds() != image.Rect(0, 0, 20, 15) {
		t.Fatalf("depth %d bounds %v", p.Depth, p.Image.Bounds())
	}
	white := color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
	for _, c := range []struct {
		x, y int
		want color.RGBA
	}{{2, 3, a.Color(2, 3)}, {5, 9, a.Color(5, 9)}, {6, 6, b.Color(0, 0)}, {9, 8, b.Color(1, 1)}, {13, 11, b.Color(3, 2)},
		{15, 2, white}, {14, 12, white}} {
		if got := color.RGBAModel.Convert(p.Image.At(c.x, c.y)); got != c.want {
			t.Errorf("pixel (%d, %d) is %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestDecodePICTErrors(t *testing.T) {
	bits := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 40, 20), Palette: grey(256), Pixel: pattern(8)}
	good := imagestest.PICT(bits.Bounds, bits.Opcode())
	bits.Bounds.Max.Y = 1
	oneRow := imagestest.PICT(bits.Bounds, bits.Opcode())
	const (
		pixMapAt = 52                                 // header 10, version 4, header op 26, clip 12
		pixelsAt = pixMapAt + 2 + 46 + 8 + 256*8 + 18 // opcode, map, colour table, rectangles and mode
	)
	patch := func(at int, b ...byte) []byte {
		out := append([]byte(nil), good...)
		copy(out[at:], b)
		return out
	}
	cases := []struct {
		name string
		data []byte
		at   int64
		want string
	}{
		{"empty", nil, 0, "the picture size"},
		{"truncated in a row", oneRow[:pixelsAt+1+5], pixelsAt + 1, "row 0 of"},
		{"no end", good[:len(good)-2], int64(len(good) - 2), "an opcode"},
		{"empty frame", patch(2, 0, 5, 0, 5, 0, 5, 0, 5), 2, "picture frame"},
		{"version 1", patch(10, 0x11, 0x01), 10, "version 2"},
		{"bad version", patch(12, 0x03, 0xFF), 12, "picture version"},
		{"unknown pattern", patch(pixMapAt, 0x00, 0x12, 0x00, 0x07), pixMapAt + 2, "pattern type"},
		{"pixel size 3", patch(pixMapAt+2+28, 0, 3), pixMapAt + 2 + 28, "pixel size"},
		{"row bytes too few", patch(pixMapAt+2, 0x80, 20), pixMapAt + 2, "row bytes"},
		{"rows past the end", patch(pixMapAt+8, 0x7F, 0x00), pixelsAt, "rows of at least"},
		{"row overflows", patch(pixelsAt, 3, 0x81, 7, 0x81), pixelsAt + 1, "row 0: "},
		{"no pixel map", imagestest.PICT(image.Rect(0, 0, 4, 4)), pixMapAt, "a pixel map"},
		{"huge frame", imagestest.PICT(image.Rect(-32000, -32000, 32000, 32000), imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 4, 4), Palette: grey(2), Pixel: pattern(1)}.Opcode()), 2, "at most"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := images.DecodePICT(c.data)
			var be *bin.Error
			if !errors.As(err, &be) {
				t.Fatalf("error %v, want a *bin.Error", err)
			}
			if be.Offset != c.at || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v at %d, want %q at %d", err, be.Offset, c.want, c.at)
			}
		})
	}
}

func TestUnpackBitsByIndependentEncoder(t *testing.T) {
	// PackBits as the encoder writes it, and the -128 no-op, which
	// encoders never write but readers must pass over.
	row := []byte{1, 1, 1, 1, 2, 3, 4, 4, 4, 5}
	bits := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 10, 1), Palette: grey(256), Pixel: func(x, _ int) uint32 { return uint32(row[x]) }}
	packed := imagestest.PackBits(row, false)
	if len(packed) >= len(row) {
		t.Fatalf("encoder wrote %d bytes for %d", len(packed), len(row))
	}
	op := bits.Opcode()
	withNoOp := append(op[:len(op)-len(packed)-1:len(op)-len(packed)-1], byte(len(packed)+1), 0x80)
	withNoOp = append(withNoOp, packed...)
	p, err := images.DecodePICT(imagestest.PICT(bits.Bounds, withNoOp))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Image.(*image.Paletted).Pix; string(got) != string(row) {
		t.Errorf("row %v, want %v", got, row)
	}
}
