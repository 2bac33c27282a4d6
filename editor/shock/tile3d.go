package shock

import (
	"image/color"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/scene"
)

// tile3D draws an open tile in 3D: its floor and ceiling (no ceiling
// where its texture is a starfield, the sky, which the background shows),
// full walls toward closed neighbours and the diagonal, and toward open
// neighbours the steps up to a higher floor and down to a lower ceiling.
func (m *shockLevel) tile3D(s *scene.Scene, t codec.Tile, x, y int, open []int, id display.ID) {
	floor, ceiling := t.CornerHeights()
	for _, tri := range t.Triangles(open) {
		m.flat3D(s, t, x, y, floorSurface, tri, floor, id)
		if n, ok := textureNumber(m.l, t.CeilingTexture()); !ok || !m.data.Starfield(n) {
			m.flat3D(s, t, x, y, ceilingSurface, tri, ceiling, id)
		}
	}
	if len(open) == 3 {
		a, b := open[2], open[0]
		m.wall3D(s, t, t, x, y, diagonalWallCode, a, b, [2]float64{floor[a], floor[b]}, [2]float64{ceiling[a], ceiling[b]}, id)
	}
	for side, n := range neighbours {
		a, b := side, (side+1)%4
		if !slices.Contains(open, a) || !slices.Contains(open, b) {
			continue
		}
		nx, ny := x+n[0], y+n[1]
		textured := t // the tile whose wall texture the walls show
		inside := nx >= 0 && ny >= 0 && nx < int(m.l.Info.Width) && ny < int(m.l.Info.Height)
		if inside && t.Flags&codec.FlagUseAdjacent != 0 {
			textured = *m.l.Tile(nx, ny)
		}
		bottom, top := [2]float64{floor[a], floor[b]}, [2]float64{ceiling[a], ceiling[b]}
		if m.closedToward(nx, ny, side) {
			m.wall3D(s, t, textured, x, y, wallCodes[side], a, b, bottom, top, id)
			continue
		}
		// The neighbour's corners on this side: ours a and b are its
		// side+3 and side+2.
		nf, nc := m.l.Tile(nx, ny).CornerHeights()
		na, nb := (side+3)%4, (side+2)%4
		step := [2]float64{min(max(bottom[0], nf[na]), top[0]), min(max(bottom[1], nf[nb]), top[1])}
		m.wall3D(s, t, textured, x, y, wallCodes[side], a, b, bottom, step, id)
		drop := [2]float64{max(min(top[0], nc[na]), step[0]), max(min(top[1], nc[nb]), step[1])}
		m.wall3D(s, t, textured, x, y, wallCodes[side], a, b, drop, top, id)
	}
}

// corner3D is corner k of tile (x, y) at height h (in height steps).
func (m *shockLevel) corner3D(x, y, k int, h float64) display.Vec3 {
	c := tileCorners[k]
	return display.Vec3{X: float64(x) + c.X, Y: float64(y) + c.Y, Z: h * heightUnit(m.l)}
}

// flat3D draws one triangle of a tile's floor or ceiling, facing into
// the tile: in the texture modes its texture, mapped as in the map
// (floorUV, from the corners' map points, so a slope stretches it as in
// the game) in the light of its shade; otherwise the mode's colour.
func (m *shockLevel) flat3D(s *scene.Scene, t codec.Tile, x, y int, sf surface, tri [3]int, heights [4]float64, id display.ID) {
	var pts [3]display.Vec3
	for i, k := range tri {
		pts[i] = m.corner3D(x, y, k, heights[k])
	}
	up := sf == floorSurface
	if !m.mode.textured {
		s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(up, id, m.mode.color(t), pts[0], pts[1], pts[2]))
		return
	}
	tex, size := m.texture(s, sf.slot(t))
	if tex == 0 {
		s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(up, id, m.textureColor(sf.slot(t)), pts[0], pts[1], pts[2]))
		return
	}
	uv := floorUV(x, y, sf.rotation(t), size)
	f := display.Triangle3{A: pts[0], B: pts[1], C: pts[2], Color: shadeLight(sf.shade(t)), ID: id, OneSided: true, Texture: tex}
	for i, p := range pts {
		f.UV[i] = uv.Map(display.Vec2{X: p.X, Y: p.Y})
	}
	if ccw := (f.B.X-f.A.X)*(f.C.Y-f.A.Y)-(f.B.Y-f.A.Y)*(f.C.X-f.A.X) > 0; ccw != up {
		f.B, f.C = f.C, f.B
		f.UV[1], f.UV[2] = f.UV[2], f.UV[1]
	}
	s.List.Triangles = append(s.List.Triangles, f)
}

// wall3D draws a wall of tile t at (x, y) from its corner a to corner b,
// between the heights bottom and top at each (a wall of no height is
// drawn too, flat, so that an edit of heights changes no tile's number
// of items). In the texture modes it shows textured's wall texture as
// the game maps it: once across the wall, its left edge at the wall's
// left as seen from inside the tile unless the tile's flags turn it (wallFlipped); up the
// wall a texture a tile high, counted down from the level's top and
// moved down by the tile's texture offset; in the light of the tile's
// floor and ceiling shades (the game lights a wall's foot by the floor's
// and its head by the ceiling's, a face here takes their mean).
// Otherwise it is the walls' colour.
func (m *shockLevel) wall3D(s *scene.Scene, t, textured codec.Tile, x, y, code, a, b int, bottom, top [2]float64, id display.ID) {
	top = [2]float64{max(top[0], bottom[0]), max(top[1], bottom[1])}
	a0, b0 := m.corner3D(x, y, a, bottom[0]), m.corner3D(x, y, b, bottom[1])
	a1, b1 := m.corner3D(x, y, a, top[0]), m.corner3D(x, y, b, top[1])
	faces := [2]display.Triangle3{{A: a0, B: b0, C: b1, Color: scene.WallColor, ID: id}, {A: a0, B: b1, C: a1, Color: scene.WallColor, ID: id}}
	if m.mode.textured {
		if tex, size := m.texture(s, textured.WallTexture()); tex != 0 {
			ua, ub := size, 0.0
			if wallFlipped(t, x, y, code) {
				ua, ub = ub, ua
			}
			scale := size * heightUnit(m.l)
			v := func(h float64) float64 { return (32 - h + float64(t.TextureOffset())) * scale }
			fl, cl := shadeLight(t.FloorShade()), shadeLight(t.CeilingShade())
			light := color.NRGBA{uint8((int(fl.R) + int(cl.R)) / 2), uint8((int(fl.G) + int(cl.G)) / 2), uint8((int(fl.B) + int(cl.B)) / 2), 255}
			uvA0, uvB0 := display.Vec2{X: ua, Y: v(bottom[0])}, display.Vec2{X: ub, Y: v(bottom[1])}
			uvA1, uvB1 := display.Vec2{X: ua, Y: v(top[0])}, display.Vec2{X: ub, Y: v(top[1])}
			faces[0].Texture, faces[0].UV, faces[0].Color = tex, [3]display.Vec2{uvA0, uvB0, uvB1}, light
			faces[1].Texture, faces[1].UV, faces[1].Color = tex, [3]display.Vec2{uvA0, uvB1, uvA1}, light
		}
	}
	s.List.Triangles = append(s.List.Triangles, faces[:]...)
}
