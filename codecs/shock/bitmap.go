package shock

import (
	"encoding/binary"
	"image"
	"image/color"

	"github.com/levelwright/levelwright/codecs/bin"
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
		return nil, bin.Errorf(int64(len(b)), "bitmap", "a %d-byte header, got %d bytes", bitmapHeaderSize, len(b))
	}
	typ := b[4]
	w, h := int(binary.LittleEndian.Uint16(b[8:])), int(binary.LittleEndian.Uint16(b[10:]))
	row := int(binary.LittleEndian.Uint16(b[12:]))
	if w == 0 || h == 0 || w > 2048 || h > 2048 {
		return nil, bin.Errorf(8, "bitmap", "a size of 1 to 2048 pixels each way, got %dx%d", w, h)
	}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	pixels := b[bitmapHeaderSize:]
	switch typ {
	case BitmapFlat:
		if row < w {
			return nil, bin.Errorf(12, "bitmap", "a row of at least the width's %d bytes, got %d", w, row)
		}
		if need := row*(h-1) + w; len(pixels) < need {
			return nil, bin.Errorf(bitmapHeaderSize, "bitmap", "%d bytes of %dx%d pixels, got %d", need, w, h, len(pixels))
		}
		for y := range h {
			copy(img.Pix[y*w:(y+1)*w], pixels[y*row:])
		}
	case BitmapRLE:
		if err := decodeRLE(img.Pix, pixels); err != nil {
			return nil, err
		}
	default:
		return nil, bin.Errorf(4, "bitmap", "type %d (flat) or %d (run-length), got %d", BitmapFlat, BitmapRLE, typ)
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
	r := &rle{in: in, out: out}
	for r.pos < len(out) {
		if err := r.need(1); err != nil {
			return err
		}
		code := in[r.at]
		r.at++
		var err error
		switch {
		case code == 0:
			if err := r.need(2); err != nil {
				return err
			}
			n, c := int(in[r.at]), in[r.at+1]
			r.at += 2
			err = r.fill(n, c)
		case code < 0x80:
			err = r.copyIn(int(code))
		case code > 0x80:
			err = r.fill(int(code&0x7F), 0)
		default:
			if err := r.need(2); err != nil {
				return err
			}
			v := int(binary.LittleEndian.Uint16(in[r.at:]))
			r.at += 2
			switch {
			case v == 0:
				return nil
			case v < 0x8000:
				err = r.fill(v, 0)
			case v < 0xC000:
				err = r.copyIn(v & 0x3FFF)
			default:
				if err := r.need(1); err != nil {
					return err
				}
				c := in[r.at]
				r.at++
				err = r.fill(v&0x3FFF, c)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// An rle is a run-length decoding under way: its input, the pixels it
// writes and where it is in each.
type rle struct {
	in, out []byte
	at, pos int // read offset in in, write offset in out
}

// need fails unless n more bytes of input are left.
func (r *rle) need(n int) error {
	if r.at+n > len(r.in) {
		return bin.Errorf(int64(bitmapHeaderSize+r.at), "bitmap", "%d more bytes of a run-length code, got %d", n, len(r.in)-r.at)
	}
	return nil
}

// fill writes n pixels of colour.
func (r *rle) fill(n int, colour byte) error {
	if r.pos+n > len(r.out) {
		return bin.Errorf(int64(bitmapHeaderSize+r.at), "bitmap", "a run within the bitmap's %d pixels, got %d pixels at pixel %d", len(r.out), n, r.pos)
	}
	for i := range n {
		r.out[r.pos+i] = colour
	}
	r.pos += n
	return nil
}

// copyIn copies n pixels from the input.
func (r *rle) copyIn(n int) error {
	if err := r.need(n); err != nil {
		return err
	}
	if r.pos+n > len(r.out) {
		return bin.Errorf(int64(bitmapHeaderSize+r.at), "bitmap", "pixels within the bitmap's %d, got %d at pixel %d", len(r.out), n, r.pos)
	}
	copy(r.out[r.pos:], r.in[r.at:r.at+n])
	r.at, r.pos = r.at+n, r.pos+n
	return nil
}

// DecodePalette reads the game's palette: 256 colours of 3 bytes (red,
// green, blue). Colour 0 is transparent.
func DecodePalette(b []byte) (color.Palette, error) {
	if len(b) < 256*3 {
		return nil, bin.Errorf(int64(len(b)), "palette", "%d bytes, got %d", 256*3, len(b))
	}
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.NRGBA{b[3*i], b[3*i+1], b[3*i+2], 255}
	}
	pal[0] = color.NRGBA{}
	return pal, nil
}
