// Package display is a display list that knows no game: lines, filled
// polygons, markers, labels and a grid in 2D, coloured and textured
// triangle meshes and sprites in 3D. It holds the cameras, the picking
// of items under the cursor and its index, the tessellation and culling
// that an OpenGL renderer draws from, and a pure-Go software renderer
// of the list. It imports neither Fyne nor OpenGL: widgets/viewport
// draws a list with them.
package display

import (
	"image"
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

// Polygon is a filled outline (even-odd rule). A textured polygon
// (Texture > 0) is filled with its texture, repeated, each texel
// multiplied by Fill (the light on it: white shows the texture as it
// is) and drawn with Fill's alpha; UV places the texture on the map.
type Polygon struct {
	Points  []Vec2
	Fill    color.NRGBA
	ID      ID
	State   State
	Texture TextureID
	UV      Affine
}

// TextureID names one of a list's Textures: n is List.Textures[n-1];
// 0 is none.
type TextureID int

// Affine maps a map point to a texel: U = XU*X + YU*Y + U0 and
// V = XV*X + YV*Y + V0, in texels of the texture, which repeats (texel
// (0, 0) is its top-left corner).
type Affine struct {
	XU, YU, U0 float64
	XV, YV, V0 float64
}

// Map is the texel at map point p.
func (a Affine) Map(p Vec2) Vec2 {
	return Vec2{a.XU*p.X + a.YU*p.Y + a.U0, a.XV*p.X + a.YV*p.Y + a.V0}
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

// Triangle3 is a face of a 3D mesh. An untextured face is drawn in its
// Color with the light of its facing (Light). A textured face
// (Texture > 0) is drawn as the game draws it: each texel of its texture
// (repeating) at UV, the texel coordinates of A, B and C, interpolated
// with perspective, multiplied by Color (the game's light on the face),
// with no light of its facing. Texels of alpha 0 are not drawn. A face
// whose Color is not opaque (a liquid's surface) is blended over what is
// behind it, after every opaque face, and hides nothing.
//
// A one-sided face shows only from the side its normal, (B-A)x(C-A),
// points to: a floor seen from below or a ceiling from above is not
// drawn.
type Triangle3 struct {
	A, B, C  Vec3
	Color    color.NRGBA
	ID       ID
	OneSided bool
	State    State
	Texture  TextureID
	UV       [3]Vec2
}

// Sprite3 is an upright picture standing at a point of the 3D view, as
// the games draw objects: Width by Height world units with At the middle
// of its bottom edge, turned about the vertical to face the eye. Its
// texture's whole picture is drawn once, texels of alpha 0 left out,
// multiplied by Color; without a texture it is a rectangle of Color.
type Sprite3 struct {
	At            Vec3
	Width, Height float64
	Texture       TextureID
	Color         color.NRGBA
	ID            ID
	State         State
}

// Facing reports whether the eye sees t's front, or t is two-sided.
func (t Triangle3) Facing(eye Vec3) bool {
	return !t.OneSided || dot(cross(sub(t.B, t.A), sub(t.C, t.A)), sub(eye, t.A)) > 0
}

// List is what the viewport draws: in 2D, polygons under lines under
// markers under labels, in list order within each; in 3D, the triangles
// and the sprites. Textures are the pictures its textured items name by
// TextureID; a renderer uploads them again only when the slice or one of
// its images is replaced.
type List struct {
	Background color.NRGBA
	// Sky is the 3D view's background (a level's landscape, its fog);
	// the 3D view shows Background when Sky's alpha is 0.
	Sky       color.NRGBA
	Grid      *Grid
	Polygons  []Polygon
	Lines     []Line
	Markers   []Marker
	Labels    []Label
	Triangles []Triangle3
	Sprites   []Sprite3
	Textures  []*image.NRGBA
}

// Background3D is what the 3D view shows where no face is.
func (l *List) Background3D() color.NRGBA {
	if l.Sky.A == 0 {
		return l.Background
	}
	return l.Sky
}

// Texture is the picture t names, or nil for none (or a TextureID past
// the list's textures).
func (l *List) Texture(t TextureID) *image.NRGBA {
	if t <= 0 || int(t) > len(l.Textures) {
		return nil
	}
	return l.Textures[t-1]
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

// Bounds3 is the extent of the list's triangles and sprites.
func (l *List) Bounds3() (lo, hi Vec3, ok bool) {
	return l.bounds3(func(State) bool { return true })
}

// SelectedBounds3 is the extent of the list's selected 3D items; ok is
// false when none is selected.
func (l *List) SelectedBounds3() (lo, hi Vec3, ok bool) {
	return l.bounds3(func(s State) bool { return s == Selected })
}

// bounds3 is the extent of the 3D items whose state counts.
func (l *List) bounds3(counts func(State) bool) (lo, hi Vec3, ok bool) {
	lo = Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	add := func(p Vec3) {
		lo = Vec3{min(lo.X, p.X), min(lo.Y, p.Y), min(lo.Z, p.Z)}
		hi = Vec3{max(hi.X, p.X), max(hi.Y, p.Y), max(hi.Z, p.Z)}
	}
	for _, t := range l.Triangles {
		if counts(t.State) {
			add(t.A)
			add(t.B)
			add(t.C)
		}
	}
	for _, s := range l.Sprites {
		if counts(s.State) {
			add(s.At)
			add(Vec3{s.At.X, s.At.Y, s.At.Z + s.Height})
		}
	}
	return lo, hi, lo.X <= hi.X
}

// Highlight and selection colours, blended over an item's own.
var (
	HighlightColor = color.NRGBA{255, 255, 255, 255}
	SelectColor    = color.NRGBA{255, 200, 40, 255}
)

// Shown is an item's colour in its state.
func Shown(c color.NRGBA, s State) color.NRGBA {
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
// index in the list's slices, so that a renderer redoes only those, and
// the items appended at the ends of the slices, past their length as the
// renderer last had them. All says the list changed beyond that: items
// came or went elsewhere, or went from the ends.
type Changes struct {
	All                                                  bool
	Polygons, Lines, Markers, Labels, Triangles, Sprites []int
}

// Empty reports whether c names no change.
func (c Changes) Empty() bool {
	return !c.All && len(c.Polygons)+len(c.Lines)+len(c.Markers)+len(c.Labels)+len(c.Triangles)+len(c.Sprites) == 0
}
