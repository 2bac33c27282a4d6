package images_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon/images"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/imagestest"
)

// winPict is a 'pict' chunk: bounds, depth, then the pixels px(x, y) as
// bytes (8-bit) or 16-bit words.
func winPict(w, h, depth int, px func(x, y int) uint16) []byte {
	out := imagestest.Rect(nil, image.Rect(0, 0, w, h))
	out = be.AppendUint16(out, uint16(depth))
	for y := range h {
		for x := range w {
			if depth == 8 {
				out = append(out, byte(px(x, y)))
			} else {
				out = be.AppendUint16(out, px(x, y))
			}
		}
	}
	return out
}

// winClut is a 'clut' chunk whose colour i is (i, 255-i, i/2) in 8 bits.
func winClut() []byte {
	out := []byte{1, 0, 0, 0, 0, 0}
	for i := range 256 {
		for _, v := range []int{i, 255 - i, i / 2} {
			out = be.AppendUint16(out, uint16(v)<<8|uint16(v))
		}
	}
	return out
}

// wadImages is an Images file in the wad form: an 8-bit 'pict' with its
// 'clut' (entry 1000), a 16-bit one (1001), a PICT (1002), an 8-bit
// 'pict' without a 'clut' (1003) and one cut short (1004).
func wadImages() []byte {
	bits := imagestest.Bits{Depth: 4, Bounds: image.Rect(0, 0, 9, 5), Palette: grey(16), Pixel: pattern(4)}
	f := wad.New(2, 0, "Images")
	for _, c := range []struct {
		id   uint16
		tag  string
		data []byte
	}{
		{1000, "pict", winPict(7, 3, 8, func(x, y int) uint16 { return uint16(x*30 + y) })},
		{1000, "clut", winClut()},
		{1001, "pict", winPict(5, 2, 16, func(x, y int) uint16 { return uint16(x<<10 | y<<5 | 31) })},
		{1002, "PICT", imagestest.PICT(bits.Bounds, bits.Opcode())},
		{1003, "pict", winPict(2, 2, 8, func(x, y int) uint16 { return 0 })},
		{1004, "pict", winPict(4, 4, 16, func(x, y int) uint16 { return 0 })[:20]},
	} {
		if len(f.Entries) == 0 || f.Entries[len(f.Entries)-1].Index != c.id {
			f.AddEntry(c.id)
		}
		f.Entries[len(f.Entries)-1].SetChunk(c.tag, c.data)
	}
	return f.Bytes()
}

func TestDecodeWadForm(t *testing.T) {
	data := wadImages()
	for name, file := range map[string][]byte{"bare": data, "MacBinary data fork": imagestest.MacBinary("Images", data, nil)} {
		t.Run(name, func(t *testing.T) {
			f, err := images.Decode(file)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Pictures()) != 5 || len(f.ColorTables) != 1 || f.Summary() != "5 pictures, 1 colour tables" {
				t.Fatalf("%s", f.Summary())
			}
			for _, r := range f.Resources {
				if !bytes.Equal(file[r.Offset:r.Offset+int64(len(r.Data))], r.Data) {
					t.Errorf("%s: offset %d does not hold its bytes", r.Where(), r.Offset)
				}
			}
			p, err := f.DecodePicture(1000)
			if err != nil {
				t.Fatal(err)
			}
			if got := color.RGBAModel.Convert(p.Image.At(4, 2)); p.Depth != 8 || got != (color.RGBA{122, 133, 61, 255}) {
				t.Errorf("1000: depth %d, pixel (4, 2) %v", p.Depth, got) // index 122
			}
			p, err = f.DecodePicture(1001)
			if err != nil {
				t.Fatal(err)
			}
			if got := color.RGBAModel.Convert(p.Image.At(3, 1)); p.Depth != 16 || got != (color.RGBA{0x18, 0x08, 0xFF, 0xFF}) {
				t.Errorf("1001: depth %d, pixel (3, 1) %v", p.Depth, got)
			}
			if img, ok := f.Picture(1002); !ok || img.Bounds().Dx() != 9 {
				t.Errorf("1002, a PICT chunk: %v", ok)
			}
			pict1004, _ := f.Resource("pict", 1004)
			for id, want := range map[int]struct {
				at   int64
				text string
			}{1003: {0, "'clut'"}, 1004: {pict1004.Offset + 10, "4 rows of 8 bytes"}} {
				_, err := f.DecodePicture(id)
				var be *bin.Error
				if !errors.As(err, &be) || !strings.Contains(err.Error(), want.text) || id == 1004 && be.Offset != want.at {
					t.Errorf("pict %d: error %v, want %q at %d", id, err, want.text, want.at)
				}
			}
		})
	}
}
