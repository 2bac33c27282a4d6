package images_test

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon/images"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/imagestest"
)

var be = binary.BigEndian

func corpusImages(t *testing.T) *images.File {
	t.Helper()
	data, err := os.ReadFile(corpus.Path(t, "gamedata", "marathon2", "Images.imgA"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := images.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCorpusPictures decodes every picture of Marathon 2's Images file:
// each image is its header's frame in size, and of its pixel map's depth:
// six 8-bit pictures, and a 16- and a 32-bit copy of four of them (at
// +1000 and +2000, the Images file's deltas in Aleph One's images.cpp).
func TestCorpusPictures(t *testing.T) {
	f := corpusImages(t)
	pictures := f.Pictures()
	if len(pictures) != 14 || len(f.ColorTables) != 4 || len(f.Resources) != 18 {
		t.Fatalf("%d pictures, %d colour tables of %d resources, want 14 and 4 of 18", len(pictures), len(f.ColorTables), len(f.Resources))
	}
	depths := map[int]int{}
	for _, r := range pictures {
		p, err := f.DecodePicture(r.ID)
		if err != nil {
			t.Errorf("%s: %v", r.Where(), err)
			continue
		}
		h := func(i int) int { return int(int16(be.Uint16(r.Data[i:]))) }
		w, ht := h(8)-h(4), h(6)-h(2)
		if size := p.Image.Bounds().Size(); size != image.Pt(w, ht) || p.Frame.Size() != size {
			t.Errorf("%s: image %v, frame %v, header says %dx%d", r.Where(), size, p.Frame, w, ht)
		}
		// The one pixel map follows the clip region at 52; its row
		// bytes (after a base address in a DirectBitsRect) over its
		// width give the depth.
		rowBytesAt := map[uint16]int{0x0098: 54, 0x009A: 58}[be.Uint16(r.Data[52:])]
		if rowBytesAt == 0 {
			t.Fatalf("%s: opcode %#04x at 52", r.Where(), be.Uint16(r.Data[52:]))
		}
		if want := int(be.Uint16(r.Data[rowBytesAt:])&0x3FFF) * 8 / w; p.Depth != want {
			t.Errorf("%s: depth %d, want %d", r.Where(), p.Depth, want)
		}
		depths[p.Depth]++
	}
	if want := map[int]int{8: 6, 16: 4, 32: 4}; !reflect.DeepEqual(depths, want) {
		t.Errorf("pictures by depth %v, want %v", depths, want)
	}
}

// TestCorpusPicturePalettes: the 8-bit pictures that have a clut of
// their ID carry the same colours in their own table, and draw with them.
func TestCorpusPicturePalettes(t *testing.T) {
	f := corpusImages(t)
	for _, c := range f.ColorTables {
		img, ok := f.Picture(c.ID)
		if !ok {
			t.Fatalf("no picture %d for clut %d", c.ID, c.ID)
		}
		p, ok := img.(*image.Paletted)
		if !ok || !reflect.DeepEqual(p.Palette, c.Palette(256)) {
			t.Errorf("picture %d (%T) does not draw with clut %d's colours", c.ID, img, c.ID)
		}
	}
}

// TestCorpusDepthsAgree compares the 8-, 16- and 32-bit copies of the
// same picture: a wrong component order or bit layout would differ by far
// more than the depths' rounding.
func TestCorpusDepthsAgree(t *testing.T) {
	f := corpusImages(t)
	compared := 0
	for _, base := range []int{1000, 1100, 1101, 1400} {
		var copies []image.Image
		for _, id := range []int{base, base + 1000, base + 2000} {
			if img, ok := f.Picture(id); ok {
				copies = append(copies, img)
			}
		}
		for i := range copies {
			for _, other := range copies[i+1:] {
				if copies[i].Bounds() != other.Bounds() {
					continue
				}
				if d := meanDifference(copies[i], other); d > 4 {
					t.Errorf("picture %d: copies differ by %.1f per component on average", base, d)
				}
				compared++
			}
		}
	}
	if compared < 4 {
		t.Fatalf("only %d pairs of copies compared", compared)
	}
}

func meanDifference(a, b image.Image) float64 {
	var sum, n int
	for y := range a.Bounds().Dy() {
		for x := range a.Bounds().Dx() {
			p, q := color.RGBAModel.Convert(a.At(x, y)).(color.RGBA), color.RGBAModel.Convert(b.At(x, y)).(color.RGBA)
			for _, d := range []int{int(p.R) - int(q.R), int(p.G) - int(q.G), int(p.B) - int(q.B)} {
				sum += max(d, -d)
				n++
			}
		}
	}
	return float64(sum) / float64(n)
}

// TestCorpusPackBits decodes the rows of picture 1000 (an 8-bit
// PackBitsRect) by a plain reading of the format, and finds the
// decoder's pixels the same.
func TestCorpusPackBits(t *testing.T) {
	f := corpusImages(t)
	r, ok := f.Resource("PICT", 1000)
	if !ok {
		t.Fatal("no PICT 1000")
	}
	img, _ := f.Picture(1000)
	p := img.(*image.Paletted)
	// Header, version, header op, clip region, opcode, PixMap, a colour
	// table of 256, rectangles and mode: the rows start here.
	const rowsAt = 10 + 4 + 26 + 12 + 2 + 46 + 8 + 256*8 + 18
	if op := be.Uint16(r.Data[52:]); op != 0x0098 {
		t.Fatalf("opcode %#04x at 52, the layout this test reads is not the file's", op)
	}
	data := r.Data[rowsAt:]
	for y := range p.Rect.Dy() {
		n := int(be.Uint16(data)) // 640 row bytes: 2-byte counts
		src := data[2 : 2+n]
		data = data[2+n:]
		var row []byte
		for len(src) > 0 {
			c := int(int8(src[0]))
			if c >= 0 {
				row = append(row, src[1:2+c]...)
				src = src[2+c:]
			} else {
				for range 1 - c {
					row = append(row, src[1])
				}
				src = src[2:]
			}
		}
		if string(row[:p.Rect.Dx()]) != string(p.Pix[y*p.Stride:y*p.Stride+p.Rect.Dx()]) {
			t.Fatalf("row %d differs", y)
		}
	}
	if op := be.Uint16(data[len(data)%2:]); op != 0x00FF {
		t.Errorf("the rows end at %#04x, not the end opcode", op)
	}
}

func smallFork() []byte {
	bits := imagestest.Bits{Depth: 4, Bounds: image.Rect(0, 0, 20, 10), Palette: grey(16), Pixel: pattern(4)}
	return imagestest.Fork([]imagestest.Resource{
		{Type: "PICT", ID: 1000, Name: "Caf\x8e", Data: imagestest.PICT(bits.Bounds, bits.Opcode())},
		{Type: "clut", ID: 1000, Data: imagestest.ColorTable(grey(16), true)},
		{Type: "PICT", ID: -5, Data: []byte{1, 2, 3}},
		{Type: "TEXT", ID: 128, Name: "notes", Data: []byte("hello")},
	})
}

func TestDecodeFork(t *testing.T) {
	fork := smallFork()
	for name, data := range map[string][]byte{"bare": fork, "MacBinary": imagestest.MacBinary("Images", nil, fork)} {
		t.Run(name, func(t *testing.T) {
			f, err := images.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range f.Resources {
				got = append(got, r.Where())
			}
			want := []string{`PICT 1000 "Café"`, "PICT -5", "clut 1000", `TEXT 128 "notes"`}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("resources %q, want %q", got, want)
			}
			text, _ := f.Resource("TEXT", 128)
			if string(text.Data) != "hello" || string(data[text.Offset:text.Offset+5]) != "hello" {
				t.Errorf("TEXT 128 holds %q at offset %d", text.Data, text.Offset)
			}
			if len(f.ColorTables) != 1 || f.ColorTables[0].ID != 1000 || len(f.ColorTables[0].Entries) != 16 {
				t.Fatalf("colour tables %+v", f.ColorTables)
			}
			img, ok := f.Picture(1000)
			again, _ := f.Picture(1000)
			if !ok || img != again || img.Bounds().Dx() != 20 {
				t.Errorf("picture 1000: %v %v, decoded again: %v", ok, img, again == img)
			}
			if _, ok := f.Picture(-5); ok {
				t.Error("a 3-byte PICT decoded")
			}
			if _, err := f.DecodePicture(-5); err == nil || !strings.Contains(err.Error(), "PICT -5") {
				t.Errorf("error %v does not name PICT -5", err)
			}
			if _, ok := f.Picture(77); ok {
				t.Error("a missing picture found")
			}
			var none *images.File
			if _, ok := none.Picture(1000); ok {
				t.Error("no file found a picture")
			}
		})
	}
}

func TestDecodeForkErrors(t *testing.T) {
	fork := smallFork()
	wrapped := imagestest.MacBinary("Images", nil, fork)
	mapAt := int64(be.Uint32(fork[4:]))
	patch := func(at int64, b ...byte) []byte {
		out := append([]byte(nil), fork...)
		copy(out[at:], b)
		return out
	}
	cases := []struct {
		name string
		data []byte
		at   int64
		want string
	}{
		{"too short", fork[:10], 10, "resource fork header"},
		{"truncated MacBinary", wrapped[:len(wrapped)/2], 87, "MacBinary header: offset 87: expected a resource fork of"},
		{"map past the end", fork[:len(fork)-4], 4, "resource map"},
		{"type list past the map", patch(mapAt+24, 0x7F, 0xFF), mapAt + 24, "type list"},
		{"too many types", patch(mapAt+28, 0x10, 0x00), mapAt + 28, "type entries"},
		{"references past the map", patch(mapAt+28+2+4, 0x10, 0x00), mapAt + 28 + 2 + 4, "references"},
		{"data offset past the data", patch(mapAt+28+2+8*3+5, 0x7F, 0xFF, 0xFF), mapAt + 28 + 2 + 8*3 + 5, "data offset"},
		{"data length past the data", patch(256, 0x7F, 0xFF, 0xFF, 0xFF), 256, "bytes of data"},
		{"bad clut", patch(mapAt-5-4-(8+16*8)+6, 0x7F, 0xFF), mapAt - 5 - 4 - (8 + 16*8) + 6, "colours"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := images.Decode(c.data)
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
