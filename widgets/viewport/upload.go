package viewport

import (
	"image"
)

// forFyne is a frame as Fyne uploads it without converting it: an
// *image.RGBA. Fyne converts any other image with image/draw into a new
// one at every upload, about 8 ms at 1280x800, more than drawing most
// frames. A frame whose pixels are all opaque, as the views' opaque
// backgrounds make them, shares img's pixels, which mean the same in
// both models; another is premultiplied into a new image.
func forFyne(img *image.NRGBA) *image.RGBA {
	if opaque(img.Pix) {
		return &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
	}
	out := &image.RGBA{Pix: make([]uint8, len(img.Pix)), Stride: img.Stride, Rect: img.Rect}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		// As color.NRGBA's RGBA method premultiplies, in 16 bits.
		a := uint32(img.Pix[i+3]) * 0x101
		for c := range 3 {
			out.Pix[i+c] = uint8(uint32(img.Pix[i+c]) * 0x101 * a / 0xffff >> 8)
		}
		out.Pix[i+3] = img.Pix[i+3]
	}
	return out
}

// opaque reports whether every pixel of the NRGBA pixels pix has an
// alpha of 255.
func opaque(pix []uint8) bool {
	for i := 3; i < len(pix); i += 4 {
		if pix[i] != 255 {
			return false
		}
	}
	return true
}
