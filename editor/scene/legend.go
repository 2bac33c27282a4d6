package scene

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Legend layout, in pixels.
const (
	legendPad    = 6
	legendLine   = 15 // the height of a line of text
	legendSwatch = 10 // a swatch's side
	legendBar    = 140
)

var (
	legendBack = color.NRGBA{12, 14, 20, 220}
	legendText = color.NRGBA{235, 235, 235, 255}
)

// DrawLegend draws the legend of mode m, and the glyphs of the shown
// layers that have one, in a panel at the top left of img; swatches that
// do not fit in img are counted on a last line.
func DrawLegend(img *image.NRGBA, m Mode, glyphs []Layer) {
	type row struct {
		text   string
		swatch *color.NRGBA
		glyph  Glyph
	}
	rows := []row{{text: m.Legend.Title}}
	for _, s := range m.Legend.Swatches {
		rows = append(rows, row{text: s.Label, swatch: &s.Color, glyph: SquareGlyph})
	}
	if len(glyphs) > 0 {
		rows = append(rows, row{text: "Objects"})
	}
	for _, l := range glyphs {
		rows = append(rows, row{text: l.Name, swatch: &l.Color, glyph: l.Shape})
	}
	face := basicfont.Face7x13
	width := legendBar
	for _, r := range rows {
		width = max(width, font.MeasureString(face, r.text).Ceil()+legendSwatch+legendPad)
	}
	top := legendPad
	if m.Legend.Gradient != nil {
		top += 2 * legendLine
	}
	fits := max(1, (img.Rect.Dy()-top-2*legendPad)/legendLine-1)
	more := 0
	if len(rows) > fits {
		more, rows = len(rows)-fits+1, rows[:fits-1]
	}
	height := top + legendLine*(len(rows)+min(more, 1)) + legendPad
	panel := image.Rect(legendPad, legendPad, 2*legendPad+width+legendPad, legendPad+height)
	draw.Draw(img, panel, image.NewUniform(legendBack), image.Point{}, draw.Over)
	x, y := panel.Min.X+legendPad, panel.Min.Y+legendPad
	text := func(s string, x, y int) {
		d := font.Drawer{Dst: img, Src: image.NewUniform(legendText), Face: face, Dot: fixed.P(x, y+legendLine-4)}
		d.DrawString(s)
	}
	text(rows[0].text, x, y)
	y += legendLine
	if g := m.Legend.Gradient; g != nil {
		for i := range legendBar {
			c := g.At(float64(i) / (legendBar - 1))
			draw.Draw(img, image.Rect(x+i, y+2, x+i+1, y+legendLine-2), image.NewUniform(c), image.Point{}, draw.Src)
		}
		y += legendLine
		text(g.Min, x, y)
		text(g.Max, x+legendBar-font.MeasureString(face, g.Max).Ceil(), y)
		y += legendLine
	}
	for _, r := range rows[1:] {
		if r.swatch == nil {
			text(r.text, x, y)
		} else {
			drawGlyph(img, image.Rect(x, y+2, x+legendSwatch, y+2+legendSwatch), r.glyph, *r.swatch)
			text(r.text, x+legendSwatch+legendPad, y)
		}
		y += legendLine
	}
	if more > 0 {
		text(fmt.Sprintf("... and %d more", more), x, y)
	}
}

// drawGlyph fills box with a glyph's shape in c.
func drawGlyph(img *image.NRGBA, box image.Rectangle, g Glyph, c color.NRGBA) {
	cx, cy, r := box.Min.X+box.Dx()/2, box.Min.Y+box.Dy()/2, box.Dx()/2
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			dx, dy := x-cx, y-cy
			in := true
			switch g {
			case CircleGlyph:
				in = dx*dx+dy*dy <= r*r
			case DiamondGlyph:
				in = abs(dx)+abs(dy) <= r
			case TriangleGlyph:
				in = 2*abs(dx) <= y-box.Min.Y
			case LineGlyph:
				in = abs(dy) <= 1
			}
			if in {
				img.SetNRGBA(x, y, c)
			}
		}
	}
}

func abs(v int) int { return max(v, -v) }
