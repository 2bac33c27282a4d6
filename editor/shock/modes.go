package shock

import (
	"fmt"
	"image/color"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/editor/scene"
)

// tileMode is a System Shock draw mode: it colours an open tile by its
// value on a gradient from lo to hi, or by category; or, textured, it
// draws a surface's textures.
type tileMode struct {
	name, title string
	value       func(t codec.Tile) int
	ramp        scene.Gradient
	lo, hi      int
	category    func(t codec.Tile) int
	paint       func(v int) color.NRGBA
	label       func(v int) string
	textured    bool
	surface     surface // the surface a textured mode draws in the map
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
	{name: "Texture", title: "Floor textures", textured: true, surface: floorSurface},
	{name: ceilingTextureMode, title: "Ceiling textures", textured: true, surface: ceilingSurface},
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

// color is an open tile's colour in the mode; the texture modes' is
// their colour without a picture (textureColor), which needs the level.
func (m tileMode) color(t codec.Tile) color.NRGBA {
	if m.textured {
		return scene.NoneColor
	}
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
		if m.textured {
			legend = s.textureLegend(m)
		} else if m.value != nil {
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

// rotation is s's texture turn on t in quarter turns (0 for walls).
func (s surface) rotation(t codec.Tile) int {
	switch s {
	case floorSurface:
		return t.FloorRotation()
	case ceilingSurface:
		return t.CeilingRotation()
	}
	return 0
}

// shade is the shade of s on t: a wall's is its floor's.
func (s surface) shade(t codec.Tile) int {
	if s == ceilingSurface {
		return t.CeilingShade()
	}
	return t.FloorShade()
}

// canTexture reports whether the level's textures can be drawn: with the
// game's palette and textures, outside cyberspace.
func (m *shockLevel) canTexture() bool {
	return m.data.HasPalette() && m.data.NumTextures() > 0 && m.l.Info.Cyberspace == 0
}

// textureColor colours a texture slot without its picture: the colour of
// the texture number the level's list gives it, NoneColor past the list.
func (m *shockLevel) textureColor(slot int) color.NRGBA {
	if n, ok := textureNumber(m.l, slot); ok {
		return scene.PaletteColor(n)
	}
	return scene.NoneColor
}

// textureLegend is a texture mode's legend: with the game's textures,
// the shades that darken them; without, the texture numbers the open
// tiles show, and where to set the data folder.
func (s *shockLevel) textureLegend(m tileMode) scene.Legend {
	if s.canTexture() {
		return scene.Legend{Title: m.title + ", darkened by shade",
			Gradient: scene.Gradient{Low: shadeLight(15), High: shadeLight(0)}.Ramp("shade 15", "shade 0")}
	}
	var values []int
	for _, t := range s.l.Tiles {
		if t.Shape != codec.ShapeSolid {
			n, ok := textureNumber(s.l, m.surface.slot(t))
			if !ok {
				n = -1
			}
			values = append(values, n)
		}
	}
	label := func(n int) string {
		if n < 0 {
			return "past the texture list"
		}
		return fmt.Sprintf("texture %d", n)
	}
	paint := func(n int) color.NRGBA {
		if n < 0 {
			return scene.NoneColor
		}
		return scene.PaletteColor(n)
	}
	return scene.Legend{Title: m.title + " by number: set the data folder in Settings",
		Swatches: scene.Categories(values, paint, label)}
}
