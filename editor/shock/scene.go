package shock

import (
	"image"
	"image/color"
	"maps"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
)

// heightUnit is the size of a System Shock height step in tiles: the
// level's ZShift is log2 of the steps a tile's side spans (3, 8 steps,
// in the game's levels; 3 is taken for a ZShift past 8).
func heightUnit(l *codec.Level) float64 {
	shift := l.Info.ZShift
	if shift > 8 {
		shift = 3
	}
	return 1 / float64(int(1)<<shift)
}

// shockClassColors colour objects by class, each its own (guns, ammo,
// physics, grenades, drugs, hardware, software, big stuff, small stuff,
// fixtures, doors, animating, traps, containers, critters): critters
// alone are red.
var shockClassColors = [codec.NumClasses]color.NRGBA{
	{205, 205, 90, 255}, {150, 130, 60, 255}, {255, 160, 40, 255}, {255, 110, 180, 255}, {120, 220, 120, 255},
	{90, 200, 220, 255}, {110, 140, 240, 255}, {160, 160, 160, 255}, {225, 225, 225, 255}, {245, 230, 60, 255},
	{200, 130, 80, 255}, {190, 120, 230, 255}, {160, 60, 250, 255}, {110, 90, 70, 255}, {235, 40, 40, 255},
}

// classShape is the marker of an object class: critters are triangles
// that point their heading, doors squares, traps diamonds, the rest
// circles with a tick toward their heading.
func classShape(class uint8) display.Shape {
	switch class {
	case codec.ClassCritter:
		return display.Triangle
	case codec.ClassDoor:
		return display.Square
	case codec.ClassTrap:
		return display.Diamond
	}
	return display.Circle
}

// classLayer is the layer of an object class.
func classLayer(class uint8) scene.Layer {
	glyph := map[display.Shape]scene.Glyph{display.Circle: scene.CircleGlyph, display.Square: scene.SquareGlyph,
		display.Diamond: scene.DiamondGlyph, display.Triangle: scene.TriangleGlyph}[classShape(class)]
	return scene.Layer{Name: codec.ClassNames[class], Color: shockClassColors[class], Shape: glyph}
}

var linkColor = color.NRGBA{120, 230, 230, 255}

// corners of a tile, counterclockwise from the south-west, as offsets.
var tileCorners = [4]display.Vec2{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}

// levelScene builds the scene of a System Shock level: open tiles by shape
// (diagonal halves, slopes marked on their high side, ridges and valleys
// by their fold) coloured by the mode, or textured with data's textures
// in the texture modes; walls where open floor meets solid, objects by
// class with their heading. In 3D: the floors and ceilings, sloped where
// the tile slopes, the walls and the steps between tiles, textured in the
// texture modes; the objects as their pictures, or as triangles pointing
// their heading.
func levelScene(l *codec.Level, level int, data *sdoc.GameData) *scene.Scene {
	return scene.New(&shockLevel{l: l, level: level, data: data}, false)
}

// shockLevel draws a System Shock level.
type shockLevel struct {
	l     *codec.Level
	level int
	data  *sdoc.GameData // the game's textures and pictures; nil without
	mode  tileMode
}

// Layers are the object classes and the links.
func (m *shockLevel) Layers() []scene.Layer {
	var out []scene.Layer
	for c := range codec.NumClasses {
		out = append(out, classLayer(uint8(c)))
	}
	return append(out, scene.Layer{Name: scene.LinksLayer, Color: linkColor, Shape: scene.LineGlyph})
}

// Build draws the level's tiles and objects.
func (m *shockLevel) Build(s *scene.Scene) {
	m.mode = tileModeNamed(s.ModeName())
	s.List.Background = scene.Background
	s.List.Grid = &display.Grid{Spacing: 1, Color: scene.GridColor}
	if m.mode.textured { // every texture of the list, in its order, so that an edit of a tile's texture adds none
		for slot := range m.l.Textures {
			m.texture(s, slot)
		}
	}
	for i := range m.l.Tiles {
		s.Entity(document.Ref{Level: m.level, Kind: sdoc.KindTile, Index: i})
	}
	for i := range m.l.Objects {
		s.Entity(document.Ref{Level: m.level, Kind: sdoc.KindObject, Index: i})
	}
}

// Draw appends the items of one tile or object (nothing for an unused object slot).
func (m *shockLevel) Draw(s *scene.Scene, r document.Ref) {
	if r.Kind == sdoc.KindTile {
		m.tile(s, r.Index)
		return
	}
	o := m.l.Objects[r.Index]
	if o.Active == 0 || int(o.Class) >= len(shockClassColors) || !s.Shown(codec.ClassNames[o.Class]) {
		return
	}
	id := s.ID(m.level, sdoc.KindObject, r.Index)
	if s.Shown(scene.LinksLayer) {
		for _, k := range m.l.LinksFrom(r.Index) {
			if t := m.l.Objects[k.To]; k.To != r.Index && t.Active != 0 {
				s.List.Lines = append(s.List.Lines, display.Line{A: objectAt(o), B: objectAt(t), Width: 1.5,
					Color: linkColor, ID: id, Arrow: true})
			}
		}
	}
	s.List.Markers = append(s.List.Markers, display.Marker{At: objectAt(o), Shape: classShape(o.Class), Size: markerSize(m.data, o),
		Heading: objectHeading(o), Color: shockClassColors[o.Class], ID: id})
	m.object3D(s, o, id)
}

// objectAt is where an object stands on the map, in tiles.
func objectAt(o codec.Object) display.Vec2 {
	return display.Vec2{X: float64(o.X) / 256, Y: float64(o.Y) / 256}
}

// objectHeading is the direction an object faces on the map, in radians
// counterclockwise from east: heading 0 is north, and headings turn
// clockwise, 256 to a turn.
func objectHeading(o codec.Object) float64 {
	return math.Pi/2 - float64(o.Heading)*2*math.Pi/256
}

// markerSize3D is the distance in tiles from the middle of an object's
// 3D marker to its point.
const markerSize3D = 0.2

// object3D draws an object in the 3D view: its picture from objart.res,
// standing on its position at its height, Width x Height tiles as the
// game scales sprites (spriteSize), in the light of its tile's floor
// shade; without a picture, a triangle of its class colour at its
// height pointing its heading.
func (m *shockLevel) object3D(s *scene.Scene, o codec.Object, id display.ID) {
	p := objectAt(o)
	at := display.Vec3{X: p.X, Y: p.Y, Z: float64(o.Z) / 8 * heightUnit(m.l)}
	if img, ok := m.data.ObjectPicture(int(o.Class), int(o.Subclass), int(o.Type)); ok {
		w, h := spriteSize(img.Bounds().Dx(), img.Bounds().Dy())
		key := objectKey{int(o.Class), int(o.Subclass), int(o.Type)}
		light := color.NRGBA{255, 255, 255, 255}
		if x, y := o.TileX(), o.TileY(); x < int(m.l.Info.Width) && y < int(m.l.Info.Height) {
			light = shadeLight(m.l.Tile(x, y).FloorShade())
		}
		s.List.Sprites = append(s.List.Sprites, display.Sprite3{At: at, Width: w, Height: h,
			Texture: s.Texture(key, func() image.Image { return img }), Color: light, ID: id})
		return
	}
	heading := objectHeading(o)
	point := func(turn float64, r float64) display.Vec3 {
		return display.Vec3{X: at.X + r*math.Cos(heading+turn), Y: at.Y + r*math.Sin(heading+turn), Z: at.Z}
	}
	s.List.Triangles = append(s.List.Triangles, display.Triangle3{A: point(0, markerSize3D),
		B: point(2.5, markerSize3D*0.7), C: point(-2.5, markerSize3D*0.7), Color: shockClassColors[o.Class], ID: id})
}

// tile draws an open tile: its floor in the map, its walls' lines and
// its slope's mark, and in 3D its floor, ceiling, walls and steps.
func (m *shockLevel) tile(s *scene.Scene, i int) {
	w := int(m.l.Info.Width)
	x, y := i%w, i/w
	t := *m.l.Tile(x, y)
	open := codec.OpenCorners(t.Shape)
	if open == nil {
		return
	}
	corner := func(c int) display.Vec2 {
		return display.Vec2{X: float64(x) + tileCorners[c].X, Y: float64(y) + tileCorners[c].Y}
	}
	id := s.ID(m.level, sdoc.KindTile, i)
	pts := make([]display.Vec2, len(open))
	for i, k := range open {
		pts[i] = corner(k)
	}
	s.List.Polygons = append(s.List.Polygons, m.tilePolygon(s, t, x, y, pts, id))
	wallLine := func(a, b display.Vec2) {
		s.List.Lines = append(s.List.Lines, display.Line{A: a, B: b, Width: 2, Color: scene.WallColor, ID: id})
	}
	if len(open) == 3 { // the diagonal wall
		wallLine(pts[2], pts[0])
	}
	if t.Shape >= codec.ShapeSlopeN {
		slopeMark(s, t, corner, t.CornerRise())
	}
	// Walls toward closed neighbours, on the sides the open floor reaches
	// (both of its corners open).
	for side, n := range neighbours {
		if m.closedToward(x+n[0], y+n[1], side) && slices.Contains(open, side) && slices.Contains(open, (side+1)%4) {
			wallLine(corner(side), corner((side+1)%4))
		}
	}
	m.tile3D(s, t, x, y, open, id)
}

// tilePolygon is an open tile's floor in the map: in the texture modes
// its floor's (or ceiling's) texture, turned as the game turns it and
// darkened by its shade, or its texture number's colour without the
// picture; in the other modes the mode's colour.
func (m *shockLevel) tilePolygon(s *scene.Scene, t codec.Tile, x, y int, pts []display.Vec2, id display.ID) display.Polygon {
	p := display.Polygon{Points: pts, Fill: m.mode.color(t), ID: id}
	if !m.mode.textured {
		return p
	}
	sf := m.mode.surface
	if tex, size := m.texture(s, sf.slot(t)); tex != 0 {
		p.Texture, p.UV, p.Fill = tex, floorUV(x, y, sf.rotation(t), size), shadeLight(sf.shade(t))
		return p
	}
	p.Fill = m.textureColor(sf.slot(t))
	return p
}

// closedToward reports whether the tile at (x, y) closes the side of
// its neighbour across that neighbour's side: off the map, solid, or a
// diagonal whose open half does not reach that side.
func (m *shockLevel) closedToward(x, y, side int) bool {
	if x < 0 || y < 0 || x >= int(m.l.Info.Width) || y >= int(m.l.Info.Height) {
		return true
	}
	open := codec.OpenCorners(m.l.Tile(x, y).Shape)
	return !slices.Contains(open, (side+2)%4) || !slices.Contains(open, (side+3)%4)
}

// neighbours are the offsets of a tile's south, east, north and west
// neighbours, in the order of its sides.
var neighbours = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// redrawnKinds are the kinds of change the scene redraws from; changes
// of the level's other kinds (the cross-reference lists) leave it as it
// is. The level's own properties hold its texture list, which every
// textured tile is drawn from, so a change of them rebuilds the scene.
var redrawnKinds = []document.Kind{sdoc.KindTile, sdoc.KindObject, sdoc.KindClassEntry, sdoc.KindLevel}

// affected: a changed tile redraws itself and its neighbours, whose
// walls face it, and the objects in them, which their shades light;
// objects themselves and the objects that link to them.
// Objects that came or went, changed class entries (which hold the
// links) and the level's own properties (its texture list) rebuild the
// scene.
func (m *shockLevel) Affected(changes []undo.Change) ([]document.Ref, bool) {
	byKind, whole := scene.Changed(changes, m.level)
	if slices.ContainsFunc(redrawnKinds, func(k document.Kind) bool { return whole[k] }) ||
		len(byKind[sdoc.KindClassEntry]) > 0 || len(byKind[sdoc.KindLevel]) > 0 {
		return nil, true
	}
	w, h := int(m.l.Info.Width), int(m.l.Info.Height)
	tiles := map[int]bool{}
	for _, i := range byKind[sdoc.KindTile] {
		tiles[i] = true
		for _, n := range neighbours {
			if x, y := i%w+n[0], i/w+n[1]; x >= 0 && y >= 0 && x < w && y < h {
				tiles[y*w+x] = true
			}
		}
	}
	var refs []document.Ref
	for _, i := range slices.Sorted(maps.Keys(tiles)) {
		refs = append(refs, document.Ref{Level: m.level, Kind: sdoc.KindTile, Index: i})
	}
	objects := map[int]bool{}
	if len(byKind[sdoc.KindTile]) > 0 { // the objects in the tiles, lit by their shades
		for i, o := range m.l.Objects {
			if o.Active != 0 && tiles[o.TileY()*w+o.TileX()] && o.TileX() < w {
				objects[i] = true
			}
		}
	}
	for _, i := range byKind[sdoc.KindObject] {
		objects[i] = true
		if i < len(m.l.Objects) {
			for _, k := range m.l.LinksTo(i) {
				objects[k.From] = true
			}
		}
	}
	for _, i := range slices.Sorted(maps.Keys(objects)) {
		refs = append(refs, document.Ref{Level: m.level, Kind: sdoc.KindObject, Index: i})
	}
	return refs, false
}

// slopeMark draws a thin line along the high edge of a slope, or the
// fold of a ridge or valley (the diagonal through its odd corner, along
// which the 3D view folds it), so that the map view shows the tile's shape.
func slopeMark(s *scene.Scene, t codec.Tile, corner func(int) display.Vec2, rise [4]float64) {
	mark := color.NRGBA{255, 255, 255, 90}
	var high []int
	for k, r := range rise {
		if r > 0 {
			high = append(high, k)
		}
	}
	switch len(high) {
	case 2: // a slope: its high edge
		s.List.Lines = append(s.List.Lines, display.Line{A: corner(high[0]), B: corner(high[1]), Width: 1, Color: mark})
	case 1, 3: // a ridge or valley: the diagonal through its odd corner
		k := high[0]
		if len(high) == 3 {
			for c := range 4 {
				if !slices.Contains(high, c) {
					k = c
				}
			}
		}
		s.List.Lines = append(s.List.Lines, display.Line{A: corner(k), B: corner((k + 2) % 4), Width: 1, Color: mark})
	}
}
