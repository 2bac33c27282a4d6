package marathon

import (
	"image"
	"image/color"
	"math"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/marathon/shapes"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/scene"
)

// Transfer modes (Aleph One, map.h) that draw otherwise than a texture
// repeating every world unit. The others are drawn as that at their
// first tick: slides, wander, wobble and pulsate at phase 0, and the
// static, invisibility, fade and fold modes as the plain texture.
const (
	xferLandscape    = 9
	xferBigLandscape = 21
	xfer2x           = 26
	xfer4x           = 27
)

// landscape reports whether transfer mode t draws the sky.
func landscape(t int16) bool { return t == xferLandscape || t == xferBigLandscape }

// repeat is the world distance, in map units, over which a texture drawn
// with transfer mode t repeats once: a world unit, 2 or 4 in the 2x and
// 4x modes (RenderRasterize_Shader.cpp).
func repeat(t int16) float64 {
	switch t {
	case xfer2x:
		return 2 * worldUnit
	case xfer4x:
		return 4 * worldUnit
	}
	return worldUnit
}

// A layout places the engine's texture coordinates on a picture. The
// engine's first coordinate (s) runs along a bitmap's stored scanlines
// and its second (t) across them (OGL_Textures.cpp,
// SetupTextureGeometry), both from 0 to 1 over one repeat: for a bitmap
// stored in column order, as walls are, s runs down the picture and t
// across it.
type layout struct {
	w, h   float64
	column bool
}

// texel is the picture's texel at the engine's texture coordinates.
func (o layout) texel(s, t float64) display.Vec2 {
	if o.column {
		return display.Vec2{X: t * o.w, Y: s * o.h}
	}
	return display.Vec2{X: s * o.w, Y: t * o.h}
}

// flatUV maps map points of a floor or ceiling to texels: the engine
// takes s from the point's X and t from its Y, each plus the surface's
// origin, over the repeat (RenderRasterize_Shader.cpp,
// render_node_floor_or_ceiling).
func (o layout) flatUV(origin codec.Point, span float64) display.Affine {
	sx, sy := float64(origin.X)/span, float64(origin.Y)/span
	if o.column {
		return display.Affine{YU: o.w / span, U0: sy * o.w, XV: o.h / span, V0: sx * o.h}
	}
	return display.Affine{XU: o.w / span, U0: sx * o.w, YV: o.h / span, V0: sy * o.h}
}

// wallUV is the texel at a wall point along units from the side's first
// endpoint and at height z, on a surface whose top is at top with offset
// (x0, y0): the engine takes s down the wall from the top plus y0, and t
// along it from x0 (render_node_side).
func (o layout) wallUV(along, z, top float64, x0, y0 int16, span float64) display.Vec2 {
	return o.texel((top+float64(y0)-z)/span, (math.Mod(float64(x0), span)+along)/span)
}

// tint is the colour that multiplies texels lit at intensity i (0 to 1).
func tint(i float64) color.NRGBA {
	v := uint8(math.Round(min(max(i, 0), 1) * 255))
	return color.NRGBA{v, v, v, 255}
}

// textureKey names a picture of a Shapes file in a scene's textures.
type textureKey struct {
	g *graphics
	d uint16
}

// skyKey names the one-texel picture of a landscape's average colour.
type skyKey textureKey

// texture is the scene's texture of descriptor d and how it lies, or 0
// when there is no Shapes file or it lacks d.
func (m *marathonLevel) texture(s *scene.Scene, d uint16) (display.TextureID, layout) {
	k, ok := m.gfx.bitmapOf(d)
	if !ok {
		return 0, layout{}
	}
	b := &m.gfx.file.Collections[k.collection].Bitmaps[k.bitmap]
	id := s.Texture(textureKey{m.gfx, d}, func() image.Image { return m.gfx.picture(d) })
	return id, layout{w: float64(b.Width), h: float64(b.Height), column: b.ColumnOrder()}
}

// sky is the scene's one-texel texture of the landscape d's average
// colour, which landscape surfaces show, or 0 without it.
func (m *marathonLevel) sky(s *scene.Scene, d uint16) display.TextureID {
	c, ok := m.gfx.average(d)
	if !ok {
		return 0
	}
	return s.Texture(skyKey{m.gfx, d}, func() image.Image {
		p := image.NewNRGBA(image.Rect(0, 0, 1, 1))
		p.SetNRGBA(0, 0, c)
		return p
	})
}

// flat is a polygon's floor or ceiling as the engine draws it.
type flat struct {
	texture  uint16
	transfer int16
	origin   codec.Point
	light    int16
	height   int16
}

func floorOf(p codec.Polygon) flat {
	return flat{p.FloorTexture, p.FloorTransfer, p.FloorOrigin, p.FloorLight, p.FloorHeight}
}

func ceilingOf(p codec.Polygon) flat {
	return flat{p.CeilingTexture, p.CeilingTransfer, p.CeilingOrigin, p.CeilingLight, p.CeilingHeight}
}

// paint is how a surface is drawn from the Shapes file: a texture and
// the map of map points to its texels, with the light that multiplies
// them; ok is false when the file cannot draw it.
func (m *marathonLevel) paint(s *scene.Scene, f flat) (id display.TextureID, uv display.Affine, light color.NRGBA, ok bool) {
	if landscape(f.transfer) {
		id = m.sky(s, f.texture)
		return id, display.Affine{}, color.NRGBA{255, 255, 255, 255}, id != 0
	}
	id, o := m.texture(s, f.texture)
	if id == 0 {
		return 0, display.Affine{}, color.NRGBA{}, false
	}
	i, _ := lightIntensity(m.l, f.light)
	return id, o.flatUV(f.origin, repeat(f.transfer)), tint(i), true
}

// flat3D adds a polygon's floor (facing up) or ceiling (facing down) as
// a triangle fan at its height, textured when the Shapes file has its
// texture, else in colour c.
func (m *marathonLevel) flat3D(s *scene.Scene, pts []display.Vec2, f flat, up bool, c color.NRGBA, id display.ID) {
	tex, uv, light, ok := m.paint(s, f)
	z := float64(f.height)
	for i := 1; i+1 < len(pts); i++ {
		t := scene.FacingTriangle(up, id, c, at3(pts[0], z), at3(pts[i], z), at3(pts[i+1], z))
		if ok {
			t.Texture, t.Color = tex, light
			for k, v := range []display.Vec3{t.A, t.B, t.C} {
				t.UV[k] = uv.Map(display.Vec2{X: v.X, Y: -v.Y})
			}
		}
		s.List.Triangles = append(s.List.Triangles, t)
	}
}

// A wallPart is one surface of a side: its texture, transfer mode and
// light, between two heights.
type wallPart struct {
	which       surfaceName
	texture     codec.SideTexture
	transfer    int16
	light       int16
	bottom, top float64
}

// sideParts are the surfaces a side shows, as the engine's
// render_node_side cases lay them (RenderRasterize.cpp): a full side (and
// a composite one) floor to ceiling; a high side from the lower of the
// line's lowest adjacent ceiling and the polygon's ceiling up to it; a
// low side from the floor up to the higher of the line's highest
// adjacent floor and the floor; a split side both (the secondary texture
// low); and a transparent texture between the adjacent floor and
// ceiling.
func sideParts(sd codec.Side, line codec.Line, p codec.Polygon) []wallPart {
	floor, ceiling := float64(p.FloorHeight), float64(p.CeilingHeight)
	highFloor := max(float64(line.HighestFloor), floor)
	lowCeiling := min(float64(line.LowestCeil), ceiling)
	primary := func(bottom, top float64) wallPart {
		return wallPart{which: primarySurface, texture: sd.Primary, transfer: sd.PrimaryTransfer, light: sd.PrimaryLight, bottom: bottom, top: top}
	}
	var out []wallPart
	switch sd.Type {
	case sideHigh:
		out = append(out, primary(lowCeiling, ceiling))
	case sideLow:
		out = append(out, primary(floor, highFloor))
	case sideSplit:
		out = append(out, wallPart{which: secondarySurface, texture: sd.Secondary, transfer: sd.SecondaryTransfer, light: sd.SecondaryLight,
			bottom: floor, top: highFloor}, primary(lowCeiling, ceiling))
	default:
		out = append(out, primary(floor, ceiling))
	}
	if sd.Transparent.Texture != codec.None {
		out = append(out, wallPart{which: transparentSurface, texture: sd.Transparent, transfer: sd.TransparentTransfer, light: sd.TransparentLight,
			bottom: highFloor, top: min(float64(line.LowestCeil), ceiling)})
	}
	return out
}

// A surfaceName names one of a side's three surfaces.
type surfaceName int

const (
	primarySurface surfaceName = iota
	secondarySurface
	transparentSurface
)

// Side types (Aleph One, map.h).
const (
	sideHigh  = 1
	sideLow   = 2
	sideSplit = 4
)

// A sideWall is where a side stands: the line that names it, the
// polygon on its side of that line, and the line's endpoints in the
// order that polygon lists them, which is the way the engine lays the
// side's texture (RenderRasterize.cpp, render_node).
type sideWall struct {
	line, polygon int
	first, second uint16
}

// sideEdge is the wall of side i. The engine finds a side through the
// line that names it, never through the side's own line and polygon
// fields, which Marathon 1 files do not keep: so does sideEdge. ok is
// false for a side that no line names, or whose polygon does not hold
// that line.
func sideEdge(l *codec.Level, i int) (w sideWall, ok bool) {
	if i < 0 || i >= len(l.Sides) || len(l.Lines) == 0 {
		return w, false
	}
	owner := func(li int) (polygon int, ok bool) {
		switch ln := l.Lines[li]; i {
		case int(ln.ClockwiseSide):
			return int(ln.ClockwisePoly), true
		case int(ln.CCWSide):
			return int(ln.CCWPoly), true
		}
		return 0, false
	}
	w.line = int(l.Sides[i].Line) // right in the later games' files
	if w.line < 0 || w.line >= len(l.Lines) {
		w.line = 0
	}
	w.polygon, ok = owner(w.line)
	for li := 0; !ok && li < len(l.Lines); li++ {
		w.line = li
		w.polygon, ok = owner(li)
	}
	if !ok || w.polygon < 0 || w.polygon >= len(l.Polygons) {
		return w, false
	}
	p := l.Polygons[w.polygon]
	n := int(min(p.VertexCount, 8))
	for k := range n {
		if int(p.Lines[k]) == w.line {
			w.first, w.second = p.Endpoints[k], p.Endpoints[(k+1)%n]
			return w, true
		}
	}
	return w, false
}

// sideEnds are the ends of side i's wall, first to second, and where
// it stands; ok is false for a side sideEdge finds no wall of.
func (m *marathonLevel) sideEnds(i int) (a, b display.Vec2, w sideWall, ok bool) {
	w, ok = sideEdge(m.l, i)
	if !ok {
		return a, b, w, false
	}
	a, okA := m.point(w.first)
	b, okB := m.point(w.second)
	return a, b, w, okA && okB
}

// side3D adds the surfaces of side i, textured from the Shapes file where
// it has them (else in the wall colour), each facing into its polygon
// and lit by its own light plus the side's ambient delta.
func (m *marathonLevel) side3D(s *scene.Scene, i int, id display.ID) {
	a, b, w, ok := m.sideEnds(i)
	if !ok {
		return
	}
	sd, p := m.l.Sides[i], m.l.Polygons[w.polygon]
	length := math.Hypot(b.X-a.X, b.Y-a.Y)
	if length == 0 {
		return
	}
	dir := display.Vec2{X: (b.X - a.X) / length, Y: (b.Y - a.Y) / length}
	inside := display.Vec2{X: float64(p.Center.X), Y: float64(p.Center.Y)}
	for _, part := range sideParts(sd, m.l.Lines[w.line], p) {
		// A surface with no height keeps its (empty) triangles, so that
		// a side's items stay as many when heights change.
		part.top = max(part.top, part.bottom)
		quad := [4]display.Vec3{at3(a, part.bottom), at3(b, part.bottom), at3(b, part.top), at3(a, part.top)}
		faces := [2][3]display.Vec3{{quad[0], quad[1], quad[2]}, {quad[0], quad[2], quad[3]}}
		var tex display.TextureID
		var o layout
		light := scene.WallColor
		if landscape(part.transfer) {
			if tex = m.sky(s, part.texture.Texture); tex != 0 {
				light = color.NRGBA{255, 255, 255, 255}
			}
		} else if tex, o = m.texture(s, part.texture.Texture); tex != 0 {
			in, _ := lightIntensity(m.l, part.light)
			light = tint(in + float64(sd.AmbientDelta)/65536)
		}
		span := repeat(part.transfer)
		for _, f := range faces {
			t := display.Triangle3{A: f[0], B: f[1], C: f[2], Color: light, ID: id, OneSided: true, Texture: tex}
			if !facesToward(t, inside) {
				t.B, t.C = t.C, t.B
			}
			if tex != 0 && !landscape(part.transfer) {
				for k, v := range []display.Vec3{t.A, t.B, t.C} {
					along := (v.X-a.X)*dir.X + (-v.Y-a.Y)*dir.Y
					t.UV[k] = o.wallUV(along, v.Z, part.top, part.texture.X, part.texture.Y, span)
				}
			}
			s.List.Triangles = append(s.List.Triangles, t)
		}
	}
}

// facesToward reports whether t's front, (B-A)x(C-A), faces the map
// point q (in the 3D view's space Y runs north: q's Y is negated).
func facesToward(t display.Triangle3, q display.Vec2) bool {
	ux, uy := t.B.X-t.A.X, t.B.Y-t.A.Y
	vx, vy := t.C.X-t.A.X, t.C.Y-t.A.Y
	uz, vz := t.B.Z-t.A.Z, t.C.Z-t.A.Z
	nx, ny := uy*vz-uz*vy, uz*vx-ux*vz
	return nx*(q.X-t.A.X)+ny*(-q.Y-t.A.Y) > 0
}

// liquidAlpha is the opacity of a liquid's surface in 3D.
const liquidAlpha = 150

// liquidColors are the liquids' colours by type, drawn without a Shapes
// file: water, lava, goo, sewage, Jjaro.
var liquidColors = []color.NRGBA{{60, 110, 200, 255}, {230, 90, 30, 255}, {90, 200, 60, 255}, {120, 130, 60, 255},
	{150, 110, 220, 255}}

// liquidHeight is the height a liquid starts the level at: its low
// height plus its light's intensity of the way to its high one (Aleph
// One, media.cpp, update_one_media).
func liquidHeight(l *codec.Level, md codec.Media) float64 {
	i, _ := lightIntensity(l, md.LightIndex)
	return float64(md.Low) + float64(md.High-md.Low)*i
}

// liquid3D adds the surface of polygon p's liquid, when it stands above
// the floor: a translucent plane at its height, textured with the
// liquid's texture lit by the polygon's liquid light, or in the liquid's
// colour.
func (m *marathonLevel) liquid3D(s *scene.Scene, pts []display.Vec2, p codec.Polygon, id display.ID) {
	if m.l.Marathon1() || p.Media < 0 || int(p.Media) >= len(m.l.Media) {
		return
	}
	md := m.l.Media[p.Media]
	z := min(liquidHeight(m.l, md), float64(p.CeilingHeight))
	// A liquid below the floor keeps its triangles, folded to a point,
	// so that the polygon's items stay as many when heights change.
	below := z <= float64(p.FloorHeight)
	c := liquidColors[min(int(md.Type), len(liquidColors)-1)]
	tex, o := m.texture(s, md.Texture)
	uv := o.flatUV(md.Origin, repeat(md.TransferMode))
	if tex != 0 {
		i, _ := lightIntensity(m.l, p.MediaLight)
		c = tint(i)
	}
	c.A = liquidAlpha
	for i := 1; i+1 < len(pts); i++ {
		t := display.Triangle3{A: at3(pts[0], z), B: at3(pts[i], z), C: at3(pts[i+1], z), Color: c, ID: id, Texture: tex}
		if below {
			t.B, t.C = t.A, t.A
		}
		if tex != 0 {
			for k, v := range []display.Vec3{t.A, t.B, t.C} {
				t.UV[k] = uv.Map(display.Vec2{X: v.X, Y: -v.Y})
			}
		}
		s.List.Triangles = append(s.List.Triangles, t)
	}
}

// Marker sizes of objects in 3D, in map units.
const (
	markerRadius = 96
	markerHeight = 160
)

// objectHanging is the Object flag of an object hung from the ceiling,
// its Z measured down from there.
const objectHanging = 1 << 1

// objectItem is the OBJS type of items.
const objectItem = 2

// object3D adds an object in 3D: an item of Marathon 2 or later as its
// sprite from the Shapes file (its shape's first frame, its world size,
// lit by its polygon's floor light), when the file has it; else a
// marker, a pyramid in its layer's colour standing at its height, its
// triangular base pointing its way (east for objects that face nowhere).
func (m *marathonLevel) object3D(s *scene.Scene, o codec.Object, c color.NRGBA, heading float64, id display.ID) {
	z, tall := float64(o.Z), float64(markerHeight)
	var (
		d      uint16
		f      shapes.Frame
		sprite bool
	)
	if o.Type == objectItem && !m.l.Marathon1() && o.Index >= 0 && int(o.Index) < len(itemShapes) {
		d, f, sprite = m.gfx.sprite(itemShapes[o.Index])
		tall = float64(f.WorldTop - f.WorldBottom)
	}
	light := 1.0
	if i := int(o.Polygon); i >= 0 && i < len(m.l.Polygons) {
		p := m.l.Polygons[i]
		if o.Flags&objectHanging != 0 {
			z = float64(p.CeilingHeight) - z - tall
		} else {
			z += float64(p.FloorHeight)
		}
		if i, ok := lightIntensity(m.l, p.FloorLight); ok {
			light = i
		}
	}
	at := display.Vec2{X: float64(o.X), Y: float64(o.Y)}
	if sprite {
		tex, _ := m.texture(s, d)
		s.List.Sprites = append(s.List.Sprites, display.Sprite3{At: at3(at, z), Width: float64(f.WorldRight - f.WorldLeft),
			Height: tall, Texture: tex, Color: tint(light), ID: id})
		return
	}
	var base [3]display.Vec3
	for k := range base {
		a := heading + float64(k)*2*math.Pi/3
		base[k] = at3(display.Vec2{X: at.X + markerRadius*math.Cos(a), Y: at.Y + markerRadius*math.Sin(a)}, z)
	}
	apex := at3(at, z+markerHeight)
	for _, f := range [][3]display.Vec3{{base[0], base[2], base[1]}, {base[0], base[1], apex}, {base[1], base[2], apex}, {base[2], base[0], apex}} {
		s.List.Triangles = append(s.List.Triangles, display.Triangle3{A: f[0], B: f[1], C: f[2], Color: c, ID: id})
	}
}
