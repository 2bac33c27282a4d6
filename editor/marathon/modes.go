package marathon

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/scene"
)

// polygonMode is a Marathon draw mode: it colours a polygon by its value
// on a gradient (value), or by category (category), or as having none
// of what the mode shows (ok false).
type polygonMode struct {
	name, title string
	// from lists the kinds, besides polygons, whose changes recolour.
	from []document.Kind
	// value is a polygon's place on the gradient ramp; the gradient spans
	// the level's values, or fixed when it is set, written by unit.
	value func(l *codec.Level, p codec.Polygon) (float64, bool)
	ramp  scene.Gradient
	fixed *[2]float64
	unit  func(v float64) string
	// category is a polygon's category, which label names.
	category func(l *codec.Level, p codec.Polygon) (int, bool)
	label    func(l *codec.Level, v int) string
	none     string // the label of polygons with none
	// surface is set for the texture modes: the floor or ceiling drawn
	// with its texture from the Shapes file, or coloured by its texture
	// (category) without one.
	surface func(p codec.Polygon) flat
	// later is set for modes of what Marathon 1 levels do not have.
	later bool
}

// inWorldUnits writes a height in world units.
func inWorldUnits(v float64) string { return fmt.Sprintf("%.2f WU", worldUnits.Show(v)) }

// polygonModes are the Marathon draw modes, floor height first.
var polygonModes = []polygonMode{
	{name: "Floor height", title: "Floor height", ramp: scene.Heights, unit: inWorldUnits,
		value: func(_ *codec.Level, p codec.Polygon) (float64, bool) { return float64(p.FloorHeight), true }},
	{name: "Ceiling height", title: "Ceiling height", ramp: scene.Heights, unit: inWorldUnits,
		value: func(_ *codec.Level, p codec.Polygon) (float64, bool) { return float64(p.CeilingHeight), true }},
	lightMode("Light", "Floor light intensity", false, func(p codec.Polygon) int16 { return p.FloorLight }),
	lightMode("Ceiling light", "Ceiling light intensity", false, func(p codec.Polygon) int16 { return p.CeilingLight }),
	lightMode("Liquid light", "Liquid light intensity", true, func(p codec.Polygon) int16 { return p.MediaLight }),
	{name: "Liquid", title: "Liquid", none: "no liquid", later: true, from: []document.Kind{mdoc.KindLiquid},
		category: func(l *codec.Level, p codec.Polygon) (int, bool) {
			return int(p.Media), !l.Marathon1() && p.Media >= 0 && int(p.Media) < len(l.Media)
		},
		label: func(l *codec.Level, v int) string {
			return fmt.Sprintf("liquid %d: %s", v, scene.Named(codec.MediaTypeNames, "liquid type", int(l.Media[v].Type)))
		}},
	{name: "Polygon type", title: "Polygon type",
		category: func(_ *codec.Level, p codec.Polygon) (int, bool) { return int(p.Type), true },
		label: func(l *codec.Level, v int) string {
			if l.Marathon1() {
				return scene.Named(codec.OldPolygonTypeNames, "type", v)
			}
			return scene.Named(codec.PolygonTypeNames, "type", v)
		}},
	soundMode("Ambient sound", "ambient", mdoc.KindAmbientSound, codec.AmbientSoundNames,
		func(p codec.Polygon) int16 { return p.AmbientSound },
		func(l *codec.Level) []codec.AmbientSound { return l.Ambient }, func(a codec.AmbientSound) (int16, int16) { return a.Index, a.Volume }),
	soundMode("Random sound", "random", mdoc.KindRandomSound, codec.RandomSoundNames,
		func(p codec.Polygon) int16 { return p.RandomSound },
		func(l *codec.Level) []codec.RandomSound { return l.Random }, func(r codec.RandomSound) (int16, int16) { return r.Index, r.Volume }),
	{name: "Texture collection", title: "Floor texture collection", none: "no texture",
		category: func(_ *codec.Level, p codec.Polygon) (int, bool) {
			return int(p.FloorTexture>>8) & 0x1F, p.FloorTexture != codec.None
		},
		label: func(_ *codec.Level, v int) string { return fmt.Sprintf("collection %d", v) }},
	textureMode("Texture", floorOf),
	textureMode("Ceiling texture", ceilingOf),
}

// textureMode is the mode that draws the polygons' floors or ceilings
// (surface) with their textures.
func textureMode(name string, surface func(codec.Polygon) flat) polygonMode {
	return polygonMode{name: name, title: name, none: "no texture", surface: surface,
		category: func(_ *codec.Level, p codec.Polygon) (int, bool) {
			d := surface(p).texture
			return int(d), d != codec.None
		},
		label: func(_ *codec.Level, v int) string { return textureName(uint16(v)) }}
}

// lightMode is the mode that colours the polygons by the intensity, 0
// to 1, that the light light names starts at; later for a light
// Marathon 1 levels do not have.
func lightMode(name, title string, later bool, light func(codec.Polygon) int16) polygonMode {
	return polygonMode{name: name, title: title, ramp: scene.Lights, fixed: &[2]float64{0, 1}, none: "no light",
		from: []document.Kind{mdoc.KindLight}, later: later,
		unit: func(v float64) string { return fmt.Sprintf("%.0f%%", v*100) },
		value: func(l *codec.Level, p codec.Polygon) (float64, bool) {
			return lightIntensity(l, light(p))
		}}
}

// soundMode is the mode that colours the polygons by the sound record
// (of kind, which records lists; sound gives its sound and volume) that
// field names, labelled by the sound's name.
func soundMode[T any](name, short string, kind document.Kind, names []string, field func(codec.Polygon) int16,
	records func(*codec.Level) []T, sound func(T) (index, volume int16)) polygonMode {
	return polygonMode{name: name, title: name, none: "no " + strings.ToLower(name), later: true, from: []document.Kind{kind},
		category: func(l *codec.Level, p codec.Polygon) (int, bool) {
			v := field(p)
			return int(v), !l.Marathon1() && v >= 0 && int(v) < len(records(l))
		},
		label: func(l *codec.Level, v int) string {
			index, volume := sound(records(l)[v])
			return fmt.Sprintf("%s %d: %s, volume %s", short, v, nameOf(names, int(index)), soundVolume(volume))
		}}
}

// soundVolume writes a sound's volume in percent of the loudest.
func soundVolume(v int16) string { return fmt.Sprintf("%.0f%%", volume.Show(float64(v))) }

// ceilingMode names the mode in which the map shows ceilings.
const ceilingMode = "Ceiling texture"

// modeNamed is the mode named name, or the first.
func modeNamed(name string) polygonMode {
	for _, m := range polygonModes {
		if m.name == name {
			return m
		}
	}
	return polygonModes[0]
}

// span is the range of the mode's gradient on this level.
func (m *marathonLevel) span(mode polygonMode) (lo, hi float64) {
	if mode.value == nil {
		return 0, 0
	}
	if mode.fixed != nil {
		return mode.fixed[0], mode.fixed[1]
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range m.l.Polygons {
		if v, ok := mode.value(m.l, p); ok {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// color is a polygon's colour in the current mode.
func (m *marathonLevel) color(p codec.Polygon) color.NRGBA {
	if m.mode.value != nil {
		if v, ok := m.mode.value(m.l, p); ok {
			return m.mode.ramp.At(scene.Span(v, m.lo, m.hi))
		}
	} else if v, ok := m.mode.category(m.l, p); ok {
		return scene.PaletteColor(v)
	}
	return scene.NoneColor
}

// Modes are the Marathon draw modes with their legends for the level;
// Marathon 1 levels, which have no liquids or ambient sounds, have no
// modes for them.
func (m *marathonLevel) Modes() []scene.Mode {
	var out []scene.Mode
	for _, mode := range polygonModes {
		if mode.later && m.l.Marathon1() {
			continue
		}
		legend := scene.Legend{Title: mode.title}
		none := false
		if mode.surface != nil {
			out = append(out, scene.Mode{Name: mode.name, Legend: m.textureLegend(mode)})
			continue
		}
		if mode.value != nil {
			lo, hi := m.span(mode)
			if lo <= hi {
				legend.Gradient = mode.ramp.Ramp(mode.unit(lo), mode.unit(hi))
			}
			for _, p := range m.l.Polygons {
				_, ok := mode.value(m.l, p)
				none = none || !ok
			}
		} else {
			var values []int
			for _, p := range m.l.Polygons {
				v, ok := mode.category(m.l, p)
				if ok {
					values = append(values, v)
				}
				none = none || !ok
			}
			legend.Swatches = scene.Categories(values, scene.PaletteColor, func(v int) string { return mode.label(m.l, v) })
		}
		if none {
			legend.Swatches = append(legend.Swatches, scene.Swatch{Color: scene.NoneColor, Label: mode.none})
		}
		out = append(out, scene.Mode{Name: mode.name, Legend: legend})
	}
	if m.filter != nil && m.filter().on {
		for i := range out {
			out[i].Legend.Title += "; height filter: " + m.filter().String()
		}
	}
	return out
}

// textureLegend is a texture mode's legend. Without a Shapes file it
// names each texture by its colour and says to set one; with one, it
// names the collections drawn, each by the average colour of its first
// texture on the map, and the sky.
func (m *marathonLevel) textureLegend(mode polygonMode) scene.Legend {
	var used []int
	none := false
	for _, p := range m.l.Polygons {
		if v, ok := mode.category(m.l, p); ok {
			used = append(used, v)
		} else {
			none = true
		}
	}
	legend := scene.Legend{Title: mode.title + ": set a Shapes file in Settings to see the textures"}
	if m.gfx == nil {
		legend.Swatches = scene.Categories(used, scene.PaletteColor, func(v int) string { return mode.label(m.l, v) })
	} else {
		legend.Title = fmt.Sprintf("%s, lit as the level starts (%s)", mode.title, filepath.Base(m.gfx.path))
		first := map[int]uint16{}
		for _, p := range m.l.Polygons {
			f := mode.surface(p)
			c, _, _ := descriptor(f.texture)
			if _, seen := first[c]; !seen && f.texture != codec.None {
				first[c] = f.texture
			}
		}
		for _, c := range slices.Sorted(maps.Keys(first)) {
			paint, ok := m.gfx.average(first[c])
			if !ok {
				paint = scene.PaletteColor(int(first[c]))
			}
			legend.Swatches = append(legend.Swatches, scene.Swatch{Color: paint, Label: fmt.Sprintf("%s (collection %d)", collectionName(c), c)})
		}
	}
	if none {
		legend.Swatches = append(legend.Swatches, scene.Swatch{Color: scene.NoneColor, Label: mode.none})
	}
	return legend
}
