// Package viewport draws a display list that knows no game: lines,
// filled polygons, markers, labels and a grid in 2D, coloured triangle
// meshes in 3D. It holds the cameras, the picking of items under the
// cursor, and a pure-Go software renderer of the list.
package viewport

import (
	"image/color"
	"math"
)

// Vec2 is a point of the map's plane, in world units.
type Vec2 struct{ X, Y float64 }

// Vec3 is a point in space; Z is up.
type Vec3 struct{ X, Y, Z float64 }

// ID names the entity an item draws, for picking; 0 is no entity.
type ID uint64

// State is how an item is shown.
type State uint8

// The states: as drawn, under the pointer, selected.
const (
	Normal State = iota
	Highlighted
	Selected
)

// Line is a segment drawn Width pixels wide; an Arrow line ends at B in
// an arrowhead, as a link from A to B does.
type Line struct {
	A, B  Vec2
	Width float64
	Color color.NRGBA
	ID    ID
	State State
	Arrow bool
}

// Polygon is a filled outline (even-odd rule).
type Polygon struct {
	Points []Vec2
	Fill   color.NRGBA
	ID     ID
	State  State
}

// Shape is a marker's outline.
type Shape uint8

// The marker shapes.
const (
	Circle Shape = iota
	Square
	Diamond
	Triangle
)

// Marker is an entity at a point: a shape Size pixels across facing
// Heading (radians, counterclockwise from +X; NaN for none). A Triangle
// turns to point its tip the way it faces (up when it faces nowhere);
// the other shapes show a tick toward Heading.
type Marker struct {
	At      Vec2
	Shape   Shape
	Size    float64
	Heading float64
	Color   color.NRGBA
	ID      ID
	State   State
}

// NoHeading marks a marker without a facing.
var NoHeading = math.NaN()

// Label is text at a point, left-aligned on its baseline.
type Label struct {
	At    Vec2
	Text  string
	Color color.NRGBA
}

// Grid is a square grid of Spacing world units.
type Grid struct {
	Spacing float64
	Color   color.NRGBA
}

// Triangle3 is a face of a 3D mesh, drawn in one colour with the light
// of its facing. A one-sided face shows only from the side its normal,
// (B-A)x(C-A), points to: a floor seen from below or a ceiling from
// above is not drawn.
type Triangle3 struct {
	A, B, C  Vec3
	Color    color.NRGBA
	ID       ID
	OneSided bool
}

// facing reports whether the eye sees t's front, or t is two-sided.
func (t Triangle3) facing(eye Vec3) bool {
	return !t.OneSided || dot(cross(sub(t.B, t.A), sub(t.C, t.A)), sub(eye, t.A)) > 0
}

// List is what the viewport draws: in 2D, polygons under lines under
// markers under labels, in list order within each; in 3D, the triangles.
type List struct {
	Background color.NRGBA
	Grid       *Grid
	Polygons   []Polygon
	Lines      []Line
	Markers    []Marker
	Labels     []Label
	Triangles  []Triangle3
}

// Bounds is the extent of the list's 2D items; ok is false for an empty
// list.
func (l *List) Bounds() (lo, hi Vec2, ok bool) {
	lo = Vec2{math.Inf(1), math.Inf(1)}
	hi = Vec2{math.Inf(-1), math.Inf(-1)}
	add := func(p Vec2) {
		lo.X, lo.Y, hi.X, hi.Y = min(lo.X, p.X), min(lo.Y, p.Y), max(hi.X, p.X), max(hi.Y, p.Y)
	}
	for _, p := range l.Polygons {
		for _, q := range p.Points {
			add(q)
		}
	}
	for _, s := range l.Lines {
		add(s.A)
		add(s.B)
	}
	for _, m := range l.Markers {
		add(m.At)
	}
	return lo, hi, lo.X <= hi.X
}

// Bounds3 is the extent of the list's triangles.
func (l *List) Bounds3() (lo, hi Vec3, ok bool) {
	lo = Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, t := range l.Triangles {
		for _, p := range []Vec3{t.A, t.B, t.C} {
			lo = Vec3{min(lo.X, p.X), min(lo.Y, p.Y), min(lo.Z, p.Z)}
			hi = Vec3{max(hi.X, p.X), max(hi.Y, p.Y), max(hi.Z, p.Z)}
		}
	}
	return lo, hi, lo.X <= hi.X
}

// Highlight and selection colours, blended over an item's own.
var (
	HighlightColor = color.NRGBA{255, 255, 255, 255}
	SelectColor    = color.NRGBA{255, 200, 40, 255}
)

// shown is an item's colour in its state.
func shown(c color.NRGBA, s State) color.NRGBA {
	switch s {
	case Highlighted:
		return mix(c, HighlightColor, 0.45)
	case Selected:
		return mix(c, SelectColor, 0.7)
	}
	return c
}

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.NRGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), max(a.A, b.A)}
}

// Changes names the items of a list that changed in place, by their
// index in the list's slices, so that a renderer redoes only those. All
// says the list changed beyond that: items came or went.
type Changes struct {
	All                                         bool
	Polygons, Lines, Markers, Labels, Triangles []int
}

// Empty reports whether c names no change.
func (c Changes) Empty() bool {
	return !c.All && len(c.Polygons)+len(c.Lines)+len(c.Markers)+len(c.Labels)+len(c.Triangles) == 0
}
