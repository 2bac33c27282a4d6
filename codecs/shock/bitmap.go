package shock

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
)

// Bitmap types of the LG bitmap header (texture.res, objart.res).
const (
	BitmapFlat = 2 // one palette index per pixel, row by row
	BitmapRLE  = 4 // run-length encoded, index 0 transparent
)

// bitmapHeaderSize is the size of the header before a bitmap's pixels.
const bitmapHeaderSize = 28

// PaletteID is the chunk of gamepal.res that holds the game's palette.
const PaletteID = 700

// DecodeBitmap reads an LG bitmap (a block of an image chunk) as an
// image of palette indexes in pal.
func DecodeBitmap(b []byte, pal color.Palette) (*image.Paletted, error) {
	if len(b) < bitmapHeaderSize {
		return nil, fmt.Errorf("offset 0: a bitmap header needs %d bytes, have %d", bitmapHeaderSize, len(b))
	}
	typ := b[4]
	w, h := int(binary.LittleEndian.Uint16(b[8:])), int(binary.LittleEndian.Uint16(b[10:]))
	row := int(binary.LittleEndian.Uint16(b[12:]))
	if w == 0 || h == 0 || w > 2048 || h > 2048 {
		return nil, fmt.Errorf("offset 8: bitmap size %dx%d, want 1 to 2048 each way", w, h)
	}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	pixels := b[bitmapHeaderSize:]
	switch typ {
	case BitmapFlat:
		if row < w {
			return nil, fmt.Errorf("offset 12: row of %d bytes is shorter than the width %d", row, w)
		}
		if need := row*(h-1) + w; len(pixels) < need {
			return nil, fmt.Errorf("offset %d: %dx%d pixels need %d bytes, have %d", bitmapHeaderSize, w, h, need, len(pixels))
		}
		for y := range h {
			copy(img.Pix[y*w:(y+1)*w], pixels[y*row:])
		}
	case BitmapRLE:
		if err := decodeRLE(img.Pix, pixels); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("offset 4: bitmap type %d, want %d (flat) or %d (run-length)", typ, BitmapFlat, BitmapRLE)
	}
	return img, nil
}

// decodeRLE unpacks run-length encoded pixels into out, which starts
// zeroed (transparent). Each code is one of:
//
//	00 n c          n pixels of colour c
//	n (1..7F) ...   n pixels copied
//	n (81..FF)      n&7F pixels skipped
//	80 v16          v = 0: end; v < 8000: skip v; v < C000: copy v&3FFF;
//	                otherwise v&3FFF pixels of the colour that follows
func decodeRLE(out, in []byte) error {
	at, pos := 0, 0 // read offset in in, write offset in out
	need := func(n int) error {
		if at+n > len(in) {
			return fmt.Errorf("offset %d: run-length code needs %d more bytes, have %d", bitmapHeaderSize+at, n, len(in)-at)
		}
		return nil
	}
	fill := func(n int, colour byte) error {
		if pos+n > len(out) {
			return fmt.Errorf("offset %d: run of %d pixels passes the end of the bitmap", bitmapHeaderSize+at, n)
		}
		for i := range n {
			out[pos+i] = colour
		}
		pos += n
		return nil
	}
	copyIn := func(n int) error {
		if err := need(n); err != nil {
			return err
		}
		if pos+n > len(out) {
			return fmt.Errorf("offset %d: %d pixels pass the end of the bitmap", bitmapHeaderSize+at, n)
		}
		copy(out[pos:], in[at:at+n])
		at, pos = at+n, pos+n
		return nil
	}
	for pos < len(out) {
		if err := need(1); err != nil {
			return err
		}
		code := in[at]
		at++
		switch {
		case code == 0:
			if err := need(2); err != nil {
				return err
			}
			n, c := int(in[at]), in[at+1]
			at += 2
			if err := fill(n, c); err != nil {
				return err
			}
		case code < 0x80:
			if err := copyIn(int(code)); err != nil {
				return err
			}
		case code > 0x80:
			if err := fill(int(code&0x7F), 0); err != nil {
				return err
			}
		default:
			if err := need(2); err != nil {
				return err
			}
			v := int(binary.LittleEndian.Uint16(in[at:]))
			at += 2
			switch {
			case v == 0:
				return nil
			case v < 0x8000:
				if err := fill(v, 0); err != nil {
					return err
				}
			case v < 0xC000:
				if err := copyIn(v & 0x3FFF); err != nil {
					return err
				}
			default:
				if err := need(1); err != nil {
					return err
				}
				c := in[at]
				at++
				if err := fill(v&0x3FFF, c); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// DecodePalette reads the game's palette: 256 colours of 3 bytes (red,
// green, blue). Colour 0 is transparent.
func DecodePalette(b []byte) (color.Palette, error) {
	if len(b) < 256*3 {
		return nil, fmt.Errorf("offset 0: a palette needs %d bytes, have %d", 256*3, len(b))
	}
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.NRGBA{b[3*i], b[3*i+1], b[3*i+2], 255}
	}
	pal[0] = color.NRGBA{}
	return pal, nil
}
