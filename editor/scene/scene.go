// Package scene turns each game's level into the viewport's display
// list: what the map view and the 3D view draw, and the entity behind
// each item for picking.
package scene

import (
	"image/color"
	"math"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// Scene is a level as the viewport draws it: the list, how the map
// view's Y axis runs, and the entity each item's ID names.
type Scene struct {
	List  viewport.List
	FlipY bool // world Y grows down the screen (Marathon, System Shock)
	refs  []document.Ref
}

// ref registers an entity and returns the ID its items carry.
func (s *Scene) ref(level int, kind string, index int) viewport.ID {
	s.refs = append(s.refs, document.Ref{Level: level, Kind: kind, Index: index})
	return viewport.ID(len(s.refs))
}

// Ref is the entity an item's ID names; ok is false for 0 and unknown IDs.
func (s *Scene) Ref(id viewport.ID) (document.Ref, bool) {
	if id == 0 || int(id) > len(s.refs) {
		return document.Ref{}, false
	}
	return s.refs[id-1], true
}

// Camera2D is the map-view camera that fits the scene in w x h.
func (s *Scene) Camera2D(w, h int) viewport.Camera2D {
	cam := viewport.Camera2D{Scale: 1, FlipY: s.FlipY}
	if lo, hi, ok := s.List.Bounds(); ok {
		cam = cam.Fit(lo, hi, w, h)
	}
	return cam
}

// Camera3D is the orbit camera that sees the whole scene.
func (s *Scene) Camera3D() viewport.Camera3D {
	lo, hi, ok := s.List.Bounds3()
	if !ok {
		lo, hi = viewport.Vec3{}, viewport.Vec3{X: 1, Y: 1, Z: 1}
	}
	return viewport.Orbit3D(lo, hi)
}

// wallQuad adds a two-sided wall from the bottom edge a-b up by height;
// nothing when height is not above 0.
func (s *Scene) wallQuad(a, b viewport.Vec3, height float64, id viewport.ID) {
	if height <= 0 {
		return
	}
	up := func(p viewport.Vec3) viewport.Vec3 { return viewport.Vec3{X: p.X, Y: p.Y, Z: p.Z + height} }
	s.List.Triangles = append(s.List.Triangles,
		viewport.Triangle3{A: a, B: b, C: up(b), Color: wallColor, ID: id},
		viewport.Triangle3{A: a, B: up(b), C: up(a), Color: wallColor, ID: id})
}

// Colours shared by the games' views.
var (
	background = color.NRGBA{24, 28, 36, 255}
	gridColor  = color.NRGBA{255, 255, 255, 14}
	wallColor  = color.NRGBA{235, 235, 225, 255}
	openColor  = color.NRGBA{110, 120, 135, 255}
	glassColor = color.NRGBA{90, 190, 230, 255}
	skyColor   = color.NRGBA{200, 120, 230, 255}
)

// heightColor shades a floor by its height t in 0..1: low floors deep
// blue-green, high ones warm sand.
func heightColor(t float64) color.NRGBA {
	t = max(0, min(1, t))
	lerp := func(a, b float64) uint8 { return uint8(a + (b-a)*t + 0.5) }
	return color.NRGBA{lerp(40, 200), lerp(90, 170), lerp(110, 90), 255}
}

// paletteColor is one of a set of distinct colours, by index.
func paletteColor(i int) color.NRGBA {
	h := math.Mod(float64(i)*0.61803398875, 1)
	r, g, b := hsv(h, 0.45, 0.75)
	return color.NRGBA{r, g, b, 255}
}

func hsv(h, s, v float64) (r, g, b uint8) {
	i := math.Floor(h * 6)
	f := h*6 - i
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var rf, gf, bf float64
	switch int(i) % 6 {
	case 0:
		rf, gf, bf = v, t, p
	case 1:
		rf, gf, bf = q, v, p
	case 2:
		rf, gf, bf = p, v, t
	case 3:
		rf, gf, bf = p, q, v
	case 4:
		rf, gf, bf = t, p, v
	default:
		rf, gf, bf = v, p, q
	}
	return uint8(rf*255 + 0.5), uint8(gf*255 + 0.5), uint8(bf*255 + 0.5)
}

// span normalises v into 0..1 over lo..hi.
func span(v, lo, hi float64) float64 {
	if hi <= lo {
		return 0.5
	}
	return (v - lo) / (hi - lo)
}
