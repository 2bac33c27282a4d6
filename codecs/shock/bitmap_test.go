package shock

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
)

// bitmapBytes builds an LG bitmap: header and pixel bytes.
func bitmapBytes(typ byte, w, h, row int, pixels []byte) []byte {
	b := make([]byte, bitmapHeaderSize, bitmapHeaderSize+len(pixels))
	b[4] = typ
	binary.LittleEndian.PutUint16(b[8:], uint16(w))
	binary.LittleEndian.PutUint16(b[10:], uint16(h))
	binary.LittleEndian.PutUint16(b[12:], uint16(row))
	return append(b, pixels...)
}

// greys is a palette where colour i is grey level i.
func greys() color.Palette {
	b := make([]byte, 768)
	for i := range 256 {
		b[3*i], b[3*i+1], b[3*i+2] = byte(i), byte(i), byte(i)
	}
	pal, err := DecodePalette(b)
	if err != nil {
		panic(err)
	}
	return pal
}

func TestDecodeBitmap(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want []byte // palette indexes, row by row
	}{
		{"flat", bitmapBytes(BitmapFlat, 3, 2, 3, []byte{1, 2, 3, 4, 5, 6}), []byte{1, 2, 3, 4, 5, 6}},
		{"flat with row padding", bitmapBytes(BitmapFlat, 2, 2, 4, []byte{1, 2, 9, 9, 3, 4}), []byte{1, 2, 3, 4}},
		{"run, copy, skip, end", bitmapBytes(BitmapRLE, 4, 3, 4, []byte{
			0x00, 3, 7, // three of colour 7
			0x02, 8, 9, // copy two
			0x83,             // skip three
			0x80, 0x00, 0x00, // end: the rest stays transparent
		}), []byte{7, 7, 7, 8, 9, 0, 0, 0, 0, 0, 0, 0}},
		{"long codes", bitmapBytes(BitmapRLE, 4, 2, 4, []byte{
			0x80, 2, 0x00, // skip two
			0x80, 2, 0x80, 5, 6, // copy two
			0x80, 3, 0xC0, 4, // three of colour 4
			0x01, 1,
		}), []byte{0, 0, 5, 6, 4, 4, 4, 1}},
	}
	pal := greys()
	for _, tt := range tests {
		img, err := DecodeBitmap(tt.in, pal)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !bytes.Equal(img.Pix, tt.want) {
			t.Errorf("%s: pixels %v, want %v", tt.name, img.Pix, tt.want)
		}
	}
}

func TestDecodeBitmapErrors(t *testing.T) {
	tests := []struct {
		name, want string
		in         []byte
	}{
		{"short header", "bitmap: offset 10: expected a 28-byte header", make([]byte, 10)},
		{"no size", "offset 8: expected a size", bitmapBytes(BitmapFlat, 0, 4, 4, nil)},
		{"unknown type", "offset 4: expected type 2 (flat) or 4 (run-length), got 9", bitmapBytes(9, 2, 2, 2, make([]byte, 4))},
		{"short pixels", "offset 28: expected 4 bytes of 2x2 pixels, got 3", bitmapBytes(BitmapFlat, 2, 2, 2, make([]byte, 3))},
		{"narrow row", "offset 12: expected a row of at least the width's 4 bytes, got 2", bitmapBytes(BitmapFlat, 4, 1, 2, make([]byte, 4))},
		{"run past the end", "offset 31: expected a run within the bitmap's 4 pixels, got 9", bitmapBytes(BitmapRLE, 2, 2, 2, []byte{0, 9, 1})},
		{"truncated code", "offset 29: expected 2 more bytes", bitmapBytes(BitmapRLE, 2, 2, 2, []byte{0x80, 1})},
		{"ends early", "offset 30: expected 1 more bytes", bitmapBytes(BitmapRLE, 2, 2, 2, []byte{0x01, 5})},
	}
	for _, tt := range tests {
		_, err := DecodeBitmap(tt.in, greys())
		var be *bin.Error
		if !errors.As(err, &be) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want a *bin.Error with %q", tt.name, err, tt.want)
		}
	}
}

func TestDecodePalette(t *testing.T) {
	pal := greys()
	if got := pal[200].(color.NRGBA); got != (color.NRGBA{200, 200, 200, 255}) {
		t.Errorf("colour 200 is %v", got)
	}
	if _, _, _, a := pal[0].RGBA(); a != 0 {
		t.Error("colour 0 is not transparent")
	}
	if _, err := DecodePalette(make([]byte, 700)); err == nil {
		t.Error("a 700-byte palette decoded")
	}
}

// The corpus mission's own textures decode at the sizes of their chunks.
func TestCorpusTextures(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(filepath.Dir(corpusArchivePath), "texture.res"))
	if err != nil {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	decoded := 0
	for _, c := range res.Chunks {
		blocks, err := c.Blocks()
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range blocks {
			if len(b) == 0 {
				continue
			}
			img, err := DecodeBitmap(b, greys())
			if err != nil {
				t.Fatalf("chunk %d block %d: %v", c.ID, i, err)
			}
			want := map[uint16]int{76: 16, 77: 32}[c.ID]
			if want == 0 && c.ID >= 1000 {
				want = 128
			} else if want == 0 {
				want = 64
			}
			if s := img.Bounds().Size(); s.X != want || s.Y != want {
				t.Errorf("chunk %d block %d is %v, want %dx%d", c.ID, i, s, want, want)
			}
			decoded++
		}
	}
	if decoded == 0 {
		t.Fatal("no textures decoded")
	}
}
