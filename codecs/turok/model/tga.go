package model

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	"github.com/levelwright/levelwright/codecs/bin"
)

// DecodeTexture reads a texture as the game's data stores it: a PNG
// file, or else a Truevision TGA file (true colour of 24 or 32 bits or
// grey of 8, raw or run-length encoded).
func DecodeTexture(data []byte) (*image.NRGBA, error) {
	if bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		out := image.NewNRGBA(img.Bounds())
		draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
		return out, nil
	}
	return DecodeTGA(data)
}

// TGA image types read.
const (
	tgaTrueColor = 2
	tgaGrey      = 3
	tgaRLE       = 8 // added to the two above
)

// maxTexture is the largest side of a texture read, in pixels.
const maxTexture = 8192

// DecodeTGA reads a Truevision TGA image: true colour (24 or 32 bits a
// pixel, blue first) or grey (8 bits), raw or run-length encoded, its
// rows from the bottom unless its descriptor says from the top. A 32-bit
// image whose descriptor gives no alpha bits is opaque.
func DecodeTGA(data []byte) (*image.NRGBA, error) {
	if len(data) < 18 {
		return nil, bin.Errorf(int64(len(data)), "TGA header", "18 bytes")
	}
	idLen, mapType, kind := int(data[0]), data[1], data[2]
	w, h := int(binary.LittleEndian.Uint16(data[12:])), int(binary.LittleEndian.Uint16(data[14:]))
	depth, desc := int(data[16]), data[17]
	if mapType != 0 {
		return nil, bin.Errorf(1, "TGA header", "no colour map (0), found %d", mapType)
	}
	base := kind &^ tgaRLE
	switch {
	case base == tgaTrueColor && (depth == 24 || depth == 32), base == tgaGrey && depth == 8:
	case base != tgaTrueColor && base != tgaGrey:
		return nil, bin.Errorf(2, "TGA header", "image type 2, 3, 10 or 11 (true colour or grey), found %d", kind)
	default:
		return nil, bin.Errorf(16, "TGA header", "24 or 32 bits a pixel (8 for grey), found %d", depth)
	}
	if w == 0 || h == 0 || w > maxTexture || h > maxTexture {
		return nil, bin.Errorf(12, "TGA header", "a size from 1x1 to %dx%d, found %dx%d", maxTexture, maxTexture, w, h)
	}
	bpp := depth / 8
	pixels, err := tgaPixels(data, 18+idLen, w*h, bpp, kind&tgaRLE != 0)
	if err != nil {
		return nil, err
	}
	opaque := bpp == 4 && desc&0x0F == 0
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range w * h {
		p := pixels[i*bpp : i*bpp+bpp]
		c := color.NRGBA{p[0], p[0], p[0], 255}
		if bpp >= 3 {
			c = color.NRGBA{p[2], p[1], p[0], 255}
		}
		if bpp == 4 && !opaque {
			c.A = p[3]
		}
		x, y := i%w, i/w
		if desc&0x20 == 0 { // rows from the bottom
			y = h - 1 - y
		}
		if desc&0x10 != 0 { // columns from the right
			x = w - 1 - x
		}
		img.SetNRGBA(x, y, c)
	}
	return img, nil
}

// tgaPixels are n pixels of bpp bytes from offset at, raw or run-length
// encoded.
func tgaPixels(data []byte, at, n, bpp int, rle bool) ([]byte, error) {
	if !rle {
		if at+n*bpp > len(data) {
			return nil, bin.Errorf(int64(len(data)), "TGA pixels", "%d bytes of pixels from offset %d", n*bpp, at)
		}
		return data[at : at+n*bpp], nil
	}
	out := make([]byte, 0, n*bpp)
	for len(out) < n*bpp {
		if at >= len(data) {
			return nil, bin.Errorf(int64(at), "TGA pixels", "a run header (%d of %d pixels read)", len(out)/bpp, n)
		}
		head := data[at]
		at++
		count := int(head&0x7F) + 1
		if len(out)/bpp+count > n {
			return nil, bin.Errorf(int64(at-1), "TGA pixels", "a run within the image's %d pixels", n)
		}
		if head&0x80 != 0 { // one pixel repeated
			if at+bpp > len(data) {
				return nil, bin.Errorf(int64(len(data)), "TGA pixels", "a run's pixel at offset %d", at)
			}
			for range count {
				out = append(out, data[at:at+bpp]...)
			}
			at += bpp
			continue
		}
		if at+count*bpp > len(data) {
			return nil, bin.Errorf(int64(len(data)), "TGA pixels", "%d raw pixels at offset %d", count, at)
		}
		out = append(out, data[at:at+count*bpp]...)
		at += count * bpp
	}
	return out, nil
}
