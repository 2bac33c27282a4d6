package viewport

import (
	"image/color"
	"math"

	"github.com/levelwright/levelwright/display"
)

// A 3D frame of the same camera, after items changed (a face selected,
// an object moved), draws again only the pixels the changed faces and
// sprites covered and cover: the rest of the frame, and its depth, are
// kept from the last frame.

// kept3D is what the last 3D frame was drawn with, and the pixels
// changes since need drawn again.
type kept3D struct {
	valid      bool
	cam        display.Camera3D
	w, h       int
	tess       *display.Tessellation
	background color.NRGBA
	m          display.Matrix // its transform, from points relative to the origin
	sprites    []pixelRect    // where each sprite was drawn
	damage     []pixelRect
	whole      bool // the whole frame is damaged
	// refaced: the frame's sprites and translucent faces (GL.frameFaces)
	// must be made again: they changed, or the camera did.
	refaced bool
}

// plan says which regions of a w x h frame of cam drawn from t on
// background bg must be drawn, and whether it is drawn anew, whole.
func (k *kept3D) plan(cam display.Camera3D, w, h int, t *display.Tessellation, bg color.NRGBA, m display.Matrix) (regions []pixelRect, anew bool) {
	defer func() { k.damage, k.whole = k.damage[:0], false }()
	damaged := 0
	for _, r := range k.damage {
		damaged += (r.x1 - r.x0) * (r.y1 - r.y0)
	}
	// A software OpenGL clears a region under the scissor test about ten
	// times slower than a whole frame: past a quarter of the frame,
	// drawing it anew costs less.
	if !k.valid || k.whole || damaged > w*h/4 || cam != k.cam || w != k.w || h != k.h || t != k.tess || bg != k.background {
		*k = kept3D{valid: true, cam: cam, w: w, h: h, tess: t, background: bg, m: m, sprites: k.sprites[:0], damage: k.damage, refaced: true}
		return []pixelRect{{0, 0, w, h}}, true
	}
	return append(regions, k.damage...), false
}

// markPoints records the pixels that n points (relative to the origin)
// cover, or the whole frame when one lies behind the eye.
func (k *kept3D) markPoints(n int, at func(i int) display.Vec3) {
	if !k.valid || k.whole || n == 0 {
		return
	}
	r, ok := k.rectOf(n, at)
	if !ok {
		k.whole = true
		return
	}
	if r = r.intersect(pixelRect{0, 0, k.w, k.h}); !r.empty() {
		k.damage = addDamage(k.damage, r)
	}
}

// rectOf is the frame's pixels that n points (relative to the origin)
// cover, a pixel wider each side; ok is false when one lies behind the
// eye or on its plane.
func (k *kept3D) rectOf(n int, at func(i int) display.Vec3) (pixelRect, bool) {
	m := k.m
	lo, hi := display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	for i := range n {
		p := at(i)
		cx := m[0]*p.X + m[4]*p.Y + m[8]*p.Z + m[12]
		cy := m[1]*p.X + m[5]*p.Y + m[9]*p.Z + m[13]
		cw := m[3]*p.X + m[7]*p.Y + m[11]*p.Z + m[15]
		if cw <= 1e-9 {
			return pixelRect{}, false
		}
		x, y := (cx/cw+1)/2*float64(k.w), (cy/cw+1)/2*float64(k.h)
		lo, hi = display.Vec2{X: min(lo.X, x), Y: min(lo.Y, y)}, display.Vec2{X: max(hi.X, x), Y: max(hi.Y, y)}
	}
	return pixelsAround(lo, hi, 1, k.w+k.h), true
}

// regionFrustum is f narrowed to the frame's pixels r: what the culling
// tests for a region drawn again.
func (k *kept3D) regionFrustum(r pixelRect) display.Frustum {
	nx0, nx1 := 2*float64(r.x0)/float64(k.w)-1, 2*float64(r.x1)/float64(k.w)-1
	ny0, ny1 := 2*float64(r.y0)/float64(k.h)-1, 2*float64(r.y1)/float64(k.h)-1
	sx, sy := 2/(nx1-nx0), 2/(ny1-ny0)
	s := display.Matrix{sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, 1, 0, -(nx1 + nx0) / (nx1 - nx0), -(ny1 + ny0) / (ny1 - ny0), 0, 1}
	return display.Frustum(s.Mul(k.m))
}

// markDamaged3D records the pixels of the kept 3D frame that the faces
// and sprites c names cover, as the tessellation and the list have them
// (the sprites where the last frame drew them, and where the list puts
// them now).
func (g *GL) markDamaged3D(c display.Changes) {
	k, t := &g.kept3, g.tess
	if !k.valid || k.tess != t {
		return
	}
	for _, i := range c.Triangles {
		if i < 0 || i >= len(t.Tri) {
			continue
		}
		p := t.Tri[i]
		switch p.In {
		case display.InSolid:
			if p.Start+p.Count <= len(t.Solid) {
				vs := t.Solid[p.Start : p.Start+p.Count]
				k.markPoints(len(vs), display.SolidAt(vs))
			}
		case display.InTextured:
			if p.Start+p.Count <= len(t.TexSolid) {
				vs := t.TexSolid[p.Start : p.Start+p.Count]
				k.markPoints(len(vs), display.TexturedAt(vs))
			}
		default:
			k.refaced = true
			if p.Start < len(t.Translucent3) {
				vs := t.Translucent3[p.Start].Vertices
				k.markPoints(len(vs), display.TexturedAt(vs))
			}
		}
	}
	eye, right := k.cam.Eye(), display.CameraRight(k.cam)
	o := t.Origin
	k.refaced = k.refaced || len(c.Sprites) > 0
	for _, i := range c.Sprites {
		if i >= 0 && i < len(k.sprites) {
			if r := k.sprites[i].intersect(pixelRect{0, 0, k.w, k.h}); !r.empty() {
				k.damage = addDamage(k.damage, r)
			}
		} else if i >= len(k.sprites) && i < len(g.list.Sprites) {
			k.whole = true // a sprite the last frame had not drawn
		}
		if i >= 0 && i < len(g.list.Sprites) {
			s := g.list.Sprites[i]
			faces := display.SpriteFaces(s, g.list.Picture(s.Texture), eye, right)
			k.markPoints(6, spriteCorners(faces, o))
		}
	}
}

// spriteRect is where the last frame drew sprite s's faces, the whole
// frame for one crossing the eye's plane.
func (k *kept3D) spriteRect(faces [2]display.Triangle3, o display.Vec3) pixelRect {
	r, ok := k.rectOf(6, spriteCorners(faces, o))
	if !ok {
		return pixelRect{0, 0, k.w, k.h}
	}
	return r
}

// spriteCorners is the jth of the six corners of a sprite's faces,
// relative to the origin o.
func spriteCorners(faces [2]display.Triangle3, o display.Vec3) func(j int) display.Vec3 {
	return func(j int) display.Vec3 {
		tr := faces[j/3]
		p := [3]display.Vec3{tr.A, tr.B, tr.C}[j%3]
		return display.Vec3{X: p.X - o.X, Y: p.Y - o.Y, Z: p.Z - o.Z}
	}
}
