package viewport

import (
	"image"
	"testing"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// BenchmarkReadBack measures the floor of an OpenGL frame at 1280x800,
// what every frame costs whatever it draws: "read" reads the frame back
// into an image (an empty list's 2D frame of an unchanged view, which
// reads the kept canvas), the cost the frame benchmarks are divided by; "read+upload"
// then hands the image to Fyne as the view does (forFyne: an RGBA image
// sharing the pixels, which Fyne's OpenGL painter takes without
// converting) and uploads it into a texture as that painter does.
// "blank/opengl" draws the empty frame anew every time, its scale a hundredth
// apart from the last one's, as a step of a zoom does: the least a frame
// drawn anew costs, the background painted over the view and read back.
func BenchmarkReadBack(b *testing.B) {
	const w, h = 1280, 800
	g, err := NewGL()
	if err != nil {
		b.Skipf("no OpenGL: %v", err)
	}
	defer g.Close()
	b.Logf("OpenGL: %s", g.Describe())
	if err := g.SetList(&display.List{Background: displaytest.SampleList().Background}); err != nil { // opaque, as every view's
		b.Fatal(err)
	}
	cam := display.Camera2D{Scale: 1}
	var tex uint32
	if err := g.do(func() error {
		gl.GenTextures(1, &tex)
		return glError("texture")
	}); err != nil {
		b.Fatal(err)
	}
	defer g.do(func() error {
		gl.DeleteTextures(1, &tex)
		return nil
	})
	upload := func(img *image.NRGBA) error {
		rgba := forFyne(img)
		return g.do(func() error {
			gl.BindTexture(gl.TEXTURE_2D, tex)
			gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(&rgba.Pix[0]))
			return glError("upload")
		})
	}
	for _, c := range []struct {
		name         string
		upload, anew bool
	}{{"read", false, false}, {"read+upload", true, false}, {"blank/opengl", false, true}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				cam := cam
				if c.anew {
					cam.Scale += float64(i%2) / 100
				}
				img, err := g.Render2D(cam, w, h)
				if err != nil {
					b.Fatal(err)
				}
				if c.upload {
					if err := upload(img); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
