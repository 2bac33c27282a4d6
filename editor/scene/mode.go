package scene

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
)

// Mode is a way to colour the map: its name, as the View menu shows it,
// and the legend that reads its colours. A game's first mode is the one
// a level opens in.
type Mode struct {
	Name   string
	Legend Legend
}

// Key is the mode's name as `render --mode` takes it: lower case, words
// joined by hyphens ("floor-height").
func (m Mode) Key() string { return strings.ReplaceAll(strings.ToLower(m.Name), " ", "-") }

// Legend says what a mode's colours mean: a gradient between two values
// in the game's units, swatches for values by name, or both (a gradient
// of heights with a swatch for "no liquid").
type Legend struct {
	Title    string // what the colours show, with its unit
	Gradient *Gradient
	Swatches []Swatch
}

// Gradient is a ramp of colours from Low, at the value Min, to High, at
// Max; Min and Max are written in the game's units.
type Gradient struct {
	Low, High color.NRGBA
	Min, Max  string
}

// At is the gradient's colour at t in 0..1 (clamped).
func (g Gradient) At(t float64) color.NRGBA {
	t = max(0, min(1, t))
	lerp := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	return color.NRGBA{lerp(g.Low.R, g.High.R), lerp(g.Low.G, g.High.G), lerp(g.Low.B, g.High.B), 255}
}

// Swatch is a colour and what it means.
type Swatch struct {
	Color color.NRGBA
	Label string
}

// Heights is the ramp of heights: low floors deep blue-green, high ones
// warm sand.
var Heights = Gradient{Low: color.NRGBA{40, 90, 110, 255}, High: color.NRGBA{200, 170, 90, 255}}

// Lights is the ramp of light levels and shades, dark to bright.
var Lights = Gradient{Low: color.NRGBA{20, 22, 30, 255}, High: color.NRGBA{250, 240, 200, 255}}

// Ramp is g with its ends labelled min and max.
func (g Gradient) Ramp(lo, hi string) *Gradient {
	g.Min, g.Max = lo, hi
	return &g
}

// NoneColor colours what has none of what a mode shows (no liquid, no
// sound).
var NoneColor = color.NRGBA{70, 76, 88, 255}

// Categories is the swatches of the distinct values among values, in
// increasing order, coloured by paint and labelled by label.
func Categories(values []int, paint func(int) color.NRGBA, label func(int) string) []Swatch {
	values = slices.Clone(values)
	slices.Sort(values)
	var out []Swatch
	for _, v := range slices.Compact(values) {
		out = append(out, Swatch{Color: paint(v), Label: label(v)})
	}
	return out
}

// Named labels value v by names, or as "<what> v" past their end.
func Named(names []string, what string, v int) string {
	if v >= 0 && v < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s %d", what, v)
}

// Layer is a set of items the map can show or hide: a class or kind of
// objects, links, annotations, vertices, edges. Color and Shape, when
// Color is set, are its objects' glyph, which the legend shows. A layer
// Off shows only once the user turns it on.
type Layer struct {
	Name  string
	Color color.NRGBA
	Shape Glyph
	Off   bool
}

// Glyph is a layer's glyph in the legend.
type Glyph uint8

// The glyphs of layers: none (a line or text), or a marker's shape.
const (
	NoGlyph Glyph = iota
	CircleGlyph
	SquareGlyph
	DiamondGlyph
	TriangleGlyph
	LineGlyph
)

// Layer names the games share.
const (
	LinksLayer       = "Links"
	AnnotationsLayer = "Annotations"
	VerticesLayer    = "Vertices"
	EdgesLayer       = "Edges"
)

// Modes lists the ways the scene can colour the map.
func (s *Scene) Modes() []Mode { return s.source.Modes() }

// Mode is the way the scene colours the map now, with its legend.
func (s *Scene) Mode() Mode {
	modes := s.source.Modes()
	for _, m := range modes {
		if m.Name == s.mode {
			return m
		}
	}
	return modes[0]
}

// ModeName is the name of the mode the scene colours the map in.
func (s *Scene) ModeName() string { return s.mode }

// SetMode colours the map in the mode named name (or its Key) and builds
// the scene again, unless it is the mode shown; an unknown name is
// refused with the modes there are.
func (s *Scene) SetMode(name string) error { return s.ShowAs(name, nil) }

// Layers lists what the scene can show or hide.
func (s *Scene) Layers() []Layer { return s.source.Layers() }

// Shown reports whether the layer named name is shown.
func (s *Scene) Shown(name string) bool { return !s.hidden[name] }

// SetShown shows or hides the layer named name and builds the scene
// again.
func (s *Scene) SetShown(name string, on bool) { _ = s.ShowAs(s.mode, map[string]bool{name: on}) }

// ShowAs colours the map in the mode named mode (or its Key) and shows
// or hides each layer named in shown, and builds the scene again, once,
// if that changed any: a scene made anew takes another's look in one
// build. An unknown mode is refused with the modes there are, the
// layers set all the same.
func (s *Scene) ShowAs(mode string, shown map[string]bool) error {
	var err error
	changed := false
	modes := s.source.Modes() // a source may work its legends out for them
	if i := slices.IndexFunc(modes, func(m Mode) bool { return m.Name == mode || m.Key() == mode }); i < 0 {
		var names []string
		for _, m := range modes {
			names = append(names, m.Key())
		}
		err = fmt.Errorf("no draw mode %q: the modes are %s", mode, strings.Join(names, ", "))
	} else if modes[i].Name != s.mode {
		s.mode, changed = modes[i].Name, true
	}
	for name, on := range shown {
		if s.hidden[name] != !on {
			s.hidden[name], changed = !on, true
		}
	}
	if changed {
		s.build()
	}
	return err
}

// LayersShown is which of the scene's layers are shown, by name.
func (s *Scene) LayersShown() map[string]bool {
	shown := map[string]bool{}
	for _, l := range s.Layers() {
		shown[l.Name] = s.Shown(l.Name)
	}
	return shown
}
