package viewport

import (
	"image"
	"image/draw"
	"testing"
)

// BenchmarkFrameInside3D draws the synthetic level of BenchmarkFrame3D
// at 1280x800 with OpenGL from near its middle, where most of it is
// behind the eye or outside the view, untextured and textured.
func BenchmarkFrameInside3D(b *testing.B) {
	g := newGL(b)
	const w, h = 1280, 800
	for _, textured := range []bool{false, true} {
		l := benchLevel(textured)
		lo, hi, _ := l.Bounds3()
		cam := Orbit3D(lo, hi).Dolly(0.05)
		if err := g.SetList(l); err != nil {
			b.Fatal(err)
		}
		b.Run(map[bool]string{false: "untextured", true: "textured"}[textured], func(b *testing.B) {
			for b.Loop() {
				if _, err := g.Render3D(cam, w, h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFrameFloor is the least a frame at 1280x800 costs: an empty
// list drawn with OpenGL, read back, and made the image Fyne uploads;
// "converted" is the conversion Fyne made of the frames before they
// were handed over as *image.RGBA, "handed" is forFyne.
func BenchmarkFrameFloor(b *testing.B) {
	g := newGL(b)
	const w, h = 1280, 800
	if err := g.SetList(&List{Background: sampleList().Background}); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		upload func(*image.NRGBA) image.Image
	}{
		{"readback", func(img *image.NRGBA) image.Image { return img }},
		{"converted", func(img *image.NRGBA) image.Image {
			rgba := image.NewRGBA(img.Rect)
			draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Over)
			return rgba
		}},
		{"handed", func(img *image.NRGBA) image.Image { return forFyne(img) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				img, err := g.Render2D(Camera2D{Scale: 1}, w, h)
				if err != nil {
					b.Fatal(err)
				}
				c.upload(img)
			}
		})
	}
}
