package viewport

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/levelwright/levelwright/display"
)

// TestLabelsOnlyWhenLegible: both renderers leave out labels whose text
// would cover more than a quarter of the frame (the picture is that of
// the list without them), and draw them in a view near enough.
func TestLabelsOnlyWhenLegible(t *testing.T) {
	g := newGL(t)
	const w, h = 320, 200
	l := &display.List{Background: color.NRGBA{20, 24, 30, 255}}
	for i := range 400 {
		at := display.Vec2{X: float64(i%20) * 10, Y: float64(i/20) * 10}
		l.Polygons = append(l.Polygons, display.Polygon{Points: []display.Vec2{at, {X: at.X + 8, Y: at.Y}, {X: at.X + 8, Y: at.Y + 8}}, Fill: blue})
		l.Labels = append(l.Labels, display.Label{At: at, Text: fmt.Sprint("room ", i), Color: color.NRGBA{240, 240, 240, 255}})
	}
	bare := *l
	bare.Labels = nil
	lo, hi, _ := l.Bounds()
	far := display.Camera2D{Scale: 1}.Fit(lo, hi, w, h)
	near := display.Camera2D{Center: display.Vec2{X: 100, Y: 100}, Scale: 8}
	render := map[string]func(l *display.List, cam display.Camera2D) *image.NRGBA{
		"software": func(l *display.List, cam display.Camera2D) *image.NRGBA { return display.Render2D(l, cam, w, h) },
		"opengl": func(l *display.List, cam display.Camera2D) *image.NRGBA {
			if err := g.SetList(l); err != nil {
				t.Fatal(err)
			}
			img, err := g.Render2D(cam, w, h)
			if err != nil {
				t.Fatal(err)
			}
			return clonedNRGBA(img)
		},
	}
	for name, r := range render {
		for _, c := range []struct {
			name  string
			cam   display.Camera2D
			shown bool
		}{{"far", far, false}, {"near", near, true}} {
			if got := display.LabelsLegible(l, c.cam, w, h); got != c.shown {
				t.Errorf("%s: labels legible %v, want %v", c.name, got, c.shown)
			}
			with, without := r(l, c.cam), r(&bare, c.cam)
			if drawn := !bytes.Equal(with.Pix, without.Pix); drawn != c.shown {
				t.Errorf("%s, %s: labels drawn %v, want %v", name, c.name, drawn, c.shown)
			}
		}
	}
}

// clonedNRGBA is a copy of img, which a renderer may draw over later.
func clonedNRGBA(img *image.NRGBA) *image.NRGBA {
	c := *img
	c.Pix = bytes.Clone(img.Pix)
	return &c
}
