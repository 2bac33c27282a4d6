package shock

import (
	"fmt"
	"image/color"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/editor/scene"
)

// tileMode is a System Shock draw mode: it colours an open tile by its
// value on a gradient from lo to hi, or by category.
type tileMode struct {
	name, title string
	value       func(t codec.Tile) int
	ramp        scene.Gradient
	lo, hi      int
	category    func(t codec.Tile) int
	paint       func(v int) color.NRGBA
	label       func(v int) string
}

// hazardNames name a tile's hazards: bit 0 its floor's, bit 1 its
// ceiling's.
var hazardNames = []string{"no hazard", "floor hazard", "ceiling hazard", "floor and ceiling hazards"}

// shade is the ramp of shades: 0 bright, 15 dark.
var shade = scene.Gradient{Low: scene.Lights.High, High: scene.Lights.Low}

// tileModes are the System Shock draw modes, floor height first. Heights
// are in height units, 8 to a tile's side; the ceiling is shown as its
// height above the level's bottom (32 less the stored count down from
// the top).
var tileModes = []tileMode{
	{name: "Floor height", title: "Floor height (8 units a tile)", ramp: scene.Heights, hi: 31,
		value: func(t codec.Tile) int { return t.FloorHeight() }},
	{name: "Ceiling height", title: "Ceiling height, absolute (8 units a tile)", ramp: scene.Heights, lo: 1, hi: 32,
		value: func(t codec.Tile) int { return 32 - t.CeilingHeight() }},
	{name: "Shade", title: "Floor shade", ramp: shade, hi: 15,
		value: func(t codec.Tile) int { return t.FloorShade() }},
	{name: "Hazards", title: "Hazards",
		category: func(t codec.Tile) int {
			v := 0
			if t.FloorHazard() {
				v |= 1
			}
			if t.CeilingHazard() {
				v |= 2
			}
			return v
		},
		paint: func(v int) color.NRGBA { return hazardColors[v] },
		label: func(v int) string { return hazardNames[v] }},
	{name: "Texture slot", title: "Floor texture slot",
		category: func(t codec.Tile) int { return t.FloorTexture() },
		paint:    scene.PaletteColor,
		label:    func(v int) string { return fmt.Sprintf("slot %d", v) }},
}

// hazardColors colour no hazard, floor, ceiling, both.
var hazardColors = []color.NRGBA{scene.NoneColor, {110, 220, 60, 255}, {230, 200, 50, 255}, {235, 60, 60, 255}}

// tileModeNamed is the mode named name, or the first.
func tileModeNamed(name string) tileMode {
	for _, m := range tileModes {
		if m.name == name {
			return m
		}
	}
	return tileModes[0]
}

// color is an open tile's colour in the mode.
func (m tileMode) color(t codec.Tile) color.NRGBA {
	if m.value != nil {
		return m.ramp.At(scene.Span(float64(m.value(t)), float64(m.lo), float64(m.hi)))
	}
	return m.paint(m.category(t))
}

// Modes are the System Shock draw modes with their legends: gradients
// over the range the game allows, swatches of the categories the
// level's open tiles hold.
func (s *shockLevel) Modes() []scene.Mode {
	out := make([]scene.Mode, len(tileModes))
	for i, m := range tileModes {
		legend := scene.Legend{Title: m.title}
		if m.value != nil {
			legend.Gradient = m.ramp.Ramp(fmt.Sprint(m.lo), fmt.Sprint(m.hi))
		} else {
			var values []int
			for _, t := range s.l.Tiles {
				if t.Shape != codec.ShapeSolid {
					values = append(values, m.category(t))
				}
			}
			legend.Swatches = scene.Categories(values, m.paint, m.label)
		}
		out[i] = scene.Mode{Name: m.name, Legend: legend}
	}
	return out
}
