package turok

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/editor/scene"
)

// Draw modes of a Turok map.
const (
	floorHeightMode = "Floor height"
	sectorSetMode   = "Sector set"
	fogMode         = "Fog colour"
	waterMode       = "Water"
)

// Sector set flags the scene reads.
const (
	// ceilingFlag is the flag of sectors that have a ceiling.
	ceilingFlag = 1 << 6
	// waterFlags mark a sector set whose sectors hold water at its
	// WaterHeight: Water (bit 0) and ShallowWater (bit 29).
	waterFlags = 1<<0 | 1<<29
)

// Modes are floor height, over the colours' span of the map's range
// (colourSpan), sector set, the sector
// sets' own fog colours, and their water colours where they hold water.
func (t *turokMap) Modes() []scene.Mode {
	lo, hi := colourSpan(t.heights())
	unit := func(v float64) string { return fmt.Sprintf("%.0f", v) }
	sets, fog, water := t.setLegends()
	return []scene.Mode{
		{Name: floorHeightMode, Legend: scene.Legend{Title: "Floor height (map units)", Gradient: scene.Heights.Ramp(unit(lo), unit(hi))}},
		{Name: sectorSetMode, Legend: scene.Legend{Title: "Sector set", Swatches: sets}},
		{Name: fogMode, Legend: scene.Legend{Title: "Fog colour of the sector set", Swatches: fog}},
		{Name: waterMode, Legend: scene.Legend{Title: "Water colour of the sector set", Swatches: water}},
	}
}

// setLegends are the swatches of the modes that colour sectors by their
// set: a swatch for each set the sectors use, with its fog colour, and
// with its water colour where it holds water.
func (t *turokMap) setLegends() (sets, fog, water []scene.Swatch) {
	in := make([]bool, math.MaxUint16+1) // by set: whether a sector uses it
	for _, sec := range t.m.Sectors {
		in[sec.Set] = true
	}
	var used, wet []int
	for set, ok := range in {
		if !ok {
			continue
		}
		used = append(used, set)
		if _, ok := t.water(set); ok {
			wet = append(wet, set)
		}
	}
	sets = scene.Categories(used, scene.PaletteColor, func(v int) string { return fmt.Sprintf("set %d", v) })
	fog = scene.Categories(used, t.fogColor, func(v int) string { return fmt.Sprintf("set %d %s", v, hex(t.fogColor(v))) })
	water = scene.Categories(wet, t.waterSwatch, func(v int) string {
		return fmt.Sprintf("set %d %s, surface at %.0f", v, hex(t.waterSwatch(v)), t.m.SectorSets[v].WaterHeight)
	})
	if len(wet) < len(used) {
		water = append(water, scene.Swatch{Color: scene.NoneColor, Label: "no water"})
	}
	return sets, fog, water
}

// setSwatches are the set modes' swatches in one list, which tells
// whether their legends changed.
func (t *turokMap) setSwatches() []scene.Swatch {
	sets, fog, water := t.setLegends()
	return slices.Concat(sets, fog, water)
}

// hex writes c's red, green and blue as #RRGGBB, which tells apart sets
// whose colours look alike.
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }

// set is sector set i, or nil for a set the map lacks.
func (t *turokMap) set(i int) *codec.SectorSet {
	if i < 0 || i >= len(t.m.SectorSets) {
		return nil
	}
	return &t.m.SectorSets[i]
}

// fogColor is sector set i's fog colour, opaque (the game blends it in
// with distance), or a neutral grey for a set the map lacks.
func (t *turokMap) fogColor(i int) color.NRGBA {
	set := t.set(i)
	if set == nil {
		return color.NRGBA{128, 128, 128, 255}
	}
	f := set.FogColor
	return color.NRGBA{f[0], f[1], f[2], 255}
}

// water is sector set i's water surface colour, as the map holds it
// (RGBA), and whether the set holds water.
func (t *turokMap) water(i int) (color.NRGBA, bool) {
	set := t.set(i)
	if set == nil || set.Flags&waterFlags == 0 {
		return color.NRGBA{}, false
	}
	w := set.WaterColor
	return color.NRGBA{w[0], w[1], w[2], w[3]}, true
}

// waterSwatch is set i's water colour, opaque, as the Water mode fills
// its sectors; sets without water are NoneColor.
func (t *turokMap) waterSwatch(i int) color.NRGBA {
	c, ok := t.water(i)
	if !ok {
		return scene.NoneColor
	}
	c.A = 255
	return c
}

// Water surfaces are drawn with the map's alpha, kept within these
// bounds so that a surface always shows and never hides the floor under
// it.
const minWaterAlpha, maxWaterAlpha = 64, 192

// waterSurface is the colour of set i's water plane in 3D: its water
// colour, translucent.
func waterSurface(c color.NRGBA) color.NRGBA {
	c.A = max(minWaterAlpha, min(maxWaterAlpha, c.A))
	return c
}

// surfaceLift is how far toward white a sector's fog colour is lifted
// for its faces in 3D, so that they stand out against the sky, which is
// the fog colour itself.
const surfaceLift = 0.45

// surfaceColor is the colour of a sector's floor in 3D in the Fog
// colour and Water modes: its set's fog colour lifted toward white, then shaded by the floor's height over the
// map's range (the lowest floors at 55%, the highest at full), so that
// the collision surface's rises and falls read; the renderer adds the
// light of each face's facing. A ceiling is half as bright.
func (t *turokMap) surfaceColor(sec codec.Sector, ceiling bool) color.NRGBA {
	f := t.fogColor(int(sec.Set))
	shade := 0.55 + 0.45*scene.Span(t.floor(sec), t.lo, t.hi)
	if ceiling {
		shade /= 2
	}
	channel := func(v uint8) uint8 {
		lifted := float64(v) + (255-float64(v))*surfaceLift
		return uint8(lifted*shade + 0.5)
	}
	return color.NRGBA{channel(f.R), channel(f.G), channel(f.B), 255}
}

// face3D is the colour of a sector's floor, or its ceiling, in 3D: the
// draw mode's colour c, as the map and the legend show it, a ceiling
// half as bright; in the Fog colour and Water modes, whose colours are
// the game's own, its set's fog colour lifted off the sky, under the
// water planes.
func (t *turokMap) face3D(sec codec.Sector, c color.NRGBA, ceiling bool) color.NRGBA {
	switch {
	case t.mode == fogMode || t.mode == waterMode:
		return t.surfaceColor(sec, ceiling)
	case ceiling:
		return color.NRGBA{c.R / 2, c.G / 2, c.B / 2, 255}
	}
	return c
}

// sky is the 3D view's background: the first sector set's fog colour,
// which the game fades distant geometry into, or none (the map's
// background) for a map without sector sets.
func (t *turokMap) sky() color.NRGBA {
	if len(t.m.SectorSets) == 0 {
		return color.NRGBA{}
	}
	return t.fogColor(0)
}
