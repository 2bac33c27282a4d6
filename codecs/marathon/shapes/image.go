package shapes

import (
	"image"
	"image/color"
)

// Palette gives the colours of a colour table by palette index: each
// entry at the index its Value names, 16-bit components cut to 8 bits,
// opaque. Indexes no entry stands for stay transparent black.
func Palette(table []Color) []color.RGBA {
	p := make([]color.RGBA, 256)
	for _, c := range table {
		p[c.Value] = color.RGBA{uint8(c.Red >> 8), uint8(c.Green >> 8), uint8(c.Blue >> 8), 0xff}
	}
	return p
}

// Image draws the bitmap with colors indexed by pixel value (see
// Palette). Pixels outside a run-length bitmap's runs, and pixels whose
// index colors does not reach, are transparent.
func (b *Bitmap) Image(colors []color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, b.Width, b.Height))
	for i, v := range b.Pixels {
		if (b.Opaque != nil && !b.Opaque[i]) || int(v) >= len(colors) {
			continue
		}
		c := colors[v]
		img.Pix[i*4], img.Pix[i*4+1], img.Pix[i*4+2], img.Pix[i*4+3] = c.R, c.G, c.B, c.A
	}
	return img
}
