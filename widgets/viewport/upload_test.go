package viewport

import (
	"image"
	"image/color"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// TestViewGivesFyneRGBA: the view's frames are *image.RGBA, which Fyne
// uploads as they are (it converts any other image at each upload); an
// opaque frame shares the pixels drawn, and one that is not opaque is
// the same picture premultiplied.
func TestViewGivesFyneRGBA(t *testing.T) {
	v, _ := viewInWindow(t)
	if _, ok := v.draw(200, 150).(*image.RGBA); !ok {
		t.Errorf("the view's frame is a %T, want *image.RGBA", v.draw(200, 150))
	}
	for _, bg := range []color.NRGBA{{20, 24, 30, 255}, {200, 100, 50, 128}} {
		l := displaytest.SampleList()
		l.Background = bg
		img := display.Render2D(l, display.Camera2D{Scale: 1}, 64, 48)
		got := forFyne(img)
		if shared := &got.Pix[0] == &img.Pix[0]; shared != (bg.A == 255) {
			t.Errorf("background %v: the frame shares the pixels drawn: %v, want %v", bg, shared, bg.A == 255)
		}
		for y := range 48 {
			for x := range 64 {
				if want := color.RGBAModel.Convert(img.NRGBAAt(x, y)); got.RGBAAt(x, y) != want {
					t.Fatalf("background %v: pixel %d,%d is %v, want %v", bg, x, y, got.RGBAAt(x, y), want)
				}
			}
		}
	}
}
