package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// Point is a tile's column and row (row 0 is the south edge).
type Point struct{ X, Y int }

// TileField is one editable field of a tile.
type TileField int

// The editable tile fields: the tile's own, then those packed in its
// Floor, Ceiling, TexMap and Flags bytes (see codecs/shock's Tile).
const (
	TileShape TileField = iota
	FloorHeight
	FloorRotation
	FloorHazard
	CeilingHeight
	CeilingRotation
	CeilingHazard
	Slope
	SlopeControl
	WallTexture
	CeilingTexture
	FloorTexture
	TextureOffset
	Music
	FloorShade
	CeilingShade
	TileFlags // the whole flag word
	// The flag word's single flags, for the brush.
	AdjacentTextures // walls use the adjacent tiles' textures
	Deconstructed
	Peril   // the music's peril theme
	Visited // seen on the automap
	numTileFields
)

var tileFieldNames = [numTileFields]string{"shape", "floor height", "floor rotation", "floor hazard",
	"ceiling height", "ceiling rotation", "ceiling hazard", "slope", "slope control", "wall texture",
	"ceiling texture", "floor texture", "texture offset", "music", "floor shade", "ceiling shade", "flags",
	"walls use adjacent textures", "deconstructed", "peril", "visited"}

// String names the field as the inspector shows it.
func (f TileField) String() string { return tileFieldNames[f] }

// Range is the values the field's bits hold; TileRange is those a level
// takes.
func (f TileField) Range() (lo, hi int) { return 0, tileFieldLimits[f] }

// TileRange is the values field takes in level: its Range, and for the
// texture fields only the slots of the level's texture list.
func (d *Document) TileRange(level int, field TileField) (lo, hi int, err error) {
	l, err := d.Level(level)
	if err != nil {
		return 0, 0, err
	}
	if field < 0 || field >= numTileFields {
		return 0, 0, fmt.Errorf("no tile field %d", field)
	}
	return 0, tileLimit(l, field), nil
}

// tileLimit is the largest value field takes in l.
func tileLimit(l *codec.Level, field TileField) int {
	wall, ceilingFloor, ok := l.TextureSlots()
	switch {
	case !ok:
	case field == WallTexture:
		return min(tileFieldLimits[field], wall-1)
	case field == CeilingTexture || field == FloorTexture:
		return min(tileFieldLimits[field], ceilingFloor-1)
	}
	return tileFieldLimits[field]
}

// checkTileValue refuses a value field does not take in l.
func checkTileValue(l *codec.Level, field TileField, value int) error {
	if field < 0 || field >= numTileFields {
		return fmt.Errorf("no tile field %d", field)
	}
	if hi := tileLimit(l, field); value < 0 || value > hi {
		if hi < tileFieldLimits[field] {
			return fmt.Errorf("%s %d is outside 0-%d (the slots of level %d's texture list)", field, value, hi, l.Index)
		}
		return fmt.Errorf("%s %d is outside 0-%d", field, value, hi)
	}
	return nil
}

// tileFieldLimits are the largest value each field holds.
var tileFieldLimits = [numTileFields]int{int(codec.ShapeRidgeSW), 31, 3, 1, 31, 3, 1, 255, 3, 63, 31, 31,
	codec.FlagOffsetMask, 7, 15, 15, 1<<32 - 1, 1, 1, 1, 1}

// flagBits are the bits of the single-flag fields.
var flagBits = map[TileField]uint32{AdjacentTextures: codec.FlagUseAdjacent, Deconstructed: codec.FlagDeconstructed,
	Peril: codec.FlagPeril, Visited: codec.FlagVisited}

// Get returns the field's value in t.
func (f TileField) Get(t codec.Tile) int {
	switch f {
	case TileShape:
		return int(t.Shape)
	case FloorHeight:
		return t.FloorHeight()
	case FloorRotation:
		return t.FloorRotation()
	case FloorHazard:
		return boolInt(t.FloorHazard())
	case CeilingHeight:
		return t.CeilingHeight()
	case CeilingRotation:
		return t.CeilingRotation()
	case CeilingHazard:
		return boolInt(t.CeilingHazard())
	case Slope:
		return int(t.Slope)
	case SlopeControl:
		return int(t.SlopeControl())
	case WallTexture:
		return t.WallTexture()
	case CeilingTexture:
		return t.CeilingTexture()
	case FloorTexture:
		return t.FloorTexture()
	case TextureOffset:
		return t.TextureOffset()
	case Music:
		return t.Music()
	case FloorShade:
		return t.FloorShade()
	case CeilingShade:
		return t.CeilingShade()
	case AdjacentTextures, Deconstructed, Peril, Visited:
		return boolInt(t.Flags&flagBits[f] != 0)
	}
	return int(t.Flags)
}

// Set stores v in t's field; v must be within the field's range.
func (f TileField) Set(t *codec.Tile, v int) {
	switch f {
	case TileShape:
		t.Shape = codec.TileShape(v)
	case FloorHeight:
		t.SetFloor(v, t.FloorRotation(), t.FloorHazard())
	case FloorRotation:
		t.SetFloor(t.FloorHeight(), v, t.FloorHazard())
	case FloorHazard:
		t.SetFloor(t.FloorHeight(), t.FloorRotation(), v != 0)
	case CeilingHeight:
		t.SetCeiling(v, t.CeilingRotation(), t.CeilingHazard())
	case CeilingRotation:
		t.SetCeiling(t.CeilingHeight(), v, t.CeilingHazard())
	case CeilingHazard:
		t.SetCeiling(t.CeilingHeight(), t.CeilingRotation(), v != 0)
	case Slope:
		t.Slope = uint8(v)
	case SlopeControl:
		t.SetFlagField(codec.FlagSlopeMask, uint32(v))
	case WallTexture:
		t.SetTextures(v, t.CeilingTexture(), t.FloorTexture())
	case CeilingTexture:
		t.SetTextures(t.WallTexture(), v, t.FloorTexture())
	case FloorTexture:
		t.SetTextures(t.WallTexture(), t.CeilingTexture(), v)
	case TextureOffset:
		t.SetFlagField(codec.FlagOffsetMask, uint32(v))
	case Music:
		t.SetFlagField(codec.FlagMusicMask, uint32(v))
	case FloorShade:
		t.SetFlagField(codec.FlagFloorShade, uint32(v))
	case CeilingShade:
		t.SetFlagField(codec.FlagCeilingShade, uint32(v))
	case AdjacentTextures, Deconstructed, Peril, Visited:
		t.SetFlagField(flagBits[f], uint32(v))
	default:
		t.Flags = uint32(v)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tileCells are a level's tiles as cell edits see them: a tile's
// objects stay with it whatever an edit writes.
var tileCells = &document.Cells[*codec.Level, codec.Tile]{Kind: KindTile, Size: 20,
	Slice: func(l *codec.Level) []codec.Tile { return l.Tiles },
	Write: func(t *codec.Tile, v codec.Tile) {
		v.ObjRef = t.ObjRef
		*t = v
	}}

// tileIndex checks p against the level's size.
func tileIndex(l *codec.Level, p Point) (int32, error) {
	w, h := int(l.Info.Width), int(l.Info.Height)
	if p.X < 0 || p.Y < 0 || p.X >= w || p.Y >= h {
		return 0, fmt.Errorf("tile (%d, %d) is outside the %dx%d map", p.X, p.Y, w, h)
	}
	return int32(p.Y*w + p.X), nil
}

// SetTiles sets field to value on every tile at points, as one step.
// Tiles that already hold the value are left out of the step.
func (d *Document) SetTiles(level int, points []Point, field TileField, value int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if err := checkTileValue(l, field, value); err != nil {
		return err
	}
	e := document.BeginCells(&d.Core, tileCells, level, l)
	for _, p := range points {
		i, err := tileIndex(l, p)
		if err != nil {
			return err
		}
		after := l.Tiles[i]
		field.Set(&after, value)
		e.Set(int(i), after)
	}
	what := fmt.Sprintf("Set %s of %s", field, document.Count(len(points), "tile"))
	return d.commitTiles(level, l, e, func(int) string { return what }, "")
}

// A Brush is the tile fields a paint stroke sets, with their values.
type Brush map[TileField]int

// PaintTiles sets the brush's fields on the tiles at points. Strokes
// merge into one step until the history's merge is broken (BreakMerge),
// so that a drag of the brush is one step. A solid tile the brush opens
// first takes its open neighbour's heights, textures, rotations, shades
// and music (see neighbourFields), then the brush's fields.
func (d *Document) PaintTiles(level int, points []Point, b Brush) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	for f, v := range b {
		if err := checkTileValue(l, f, v); err != nil {
			return err
		}
	}
	e := document.BeginCells(&d.Core, tileCells, level, l)
	seen := map[int32]bool{}
	painted := map[int32]codec.Tile{} // this stroke's new tiles, which later ones may neighbour
	for _, p := range points {
		i, err := tileIndex(l, p)
		if err != nil {
			return err
		}
		after := l.Tiles[i]
		if shape, ok := b[TileShape]; ok && after.Shape == codec.ShapeSolid && shape != int(codec.ShapeSolid) {
			if n, ok := openNeighbour(l, p, painted); ok {
				for _, f := range neighbourFields {
					f.Set(&after, f.Get(n))
				}
			}
		}
		for f := range numTileFields { // a fixed order: some fields share bits
			if v, ok := b[f]; ok {
				f.Set(&after, v)
			}
		}
		if seen[i] || after == l.Tiles[i] {
			continue
		}
		seen[i] = true
		painted[i] = after
		e.Set(int(i), after)
	}
	return d.commitTiles(level, l, e, func(n int) string { return "Paint " + document.Count(n, "tile") }, "paint")
}

// neighbourFields are the fields a newly opened tile takes from its
// neighbour.
var neighbourFields = []TileField{FloorHeight, FloorRotation, CeilingHeight, CeilingRotation, WallTexture,
	CeilingTexture, FloorTexture, TextureOffset, FloorShade, CeilingShade, Music}

// openNeighbour is the first tile that is not solid north, east, south
// or west of p, as painted holds it or else as the level does.
func openNeighbour(l *codec.Level, p Point, painted map[int32]codec.Tile) (codec.Tile, bool) {
	for _, d := range []Point{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		i, err := tileIndex(l, Point{p.X + d.X, p.Y + d.Y})
		if err != nil {
			continue
		}
		t, ok := painted[i]
		if !ok {
			t = l.Tiles[i]
		}
		if t.Shape != codec.ShapeSolid {
			return t, true
		}
	}
	return codec.Tile{}, false
}

// TileClip is a rectangle of tiles copied from a level.
type TileClip struct {
	Width, Height int
	Tiles         []codec.Tile // row by row from the south
}

// CopyTiles copies the w x h rectangle whose south-west corner is at.
func (d *Document) CopyTiles(level int, at Point, w, h int) (TileClip, error) {
	l, err := d.Level(level)
	if err != nil {
		return TileClip{}, err
	}
	clip := TileClip{Width: w, Height: h}
	for y := range h {
		for x := range w {
			i, err := tileIndex(l, Point{at.X + x, at.Y + y})
			if err != nil {
				return TileClip{}, err
			}
			clip.Tiles = append(clip.Tiles, l.Tiles[i])
		}
	}
	return clip, nil
}

// PasteTiles writes clip with its south-west corner at, as one step. The
// objects on the target tiles stay there.
func (d *Document) PasteTiles(level int, at Point, clip TileClip) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if len(clip.Tiles) != clip.Width*clip.Height {
		return fmt.Errorf("a %dx%d clip holds %d tiles", clip.Width, clip.Height, len(clip.Tiles))
	}
	e := document.BeginCells(&d.Core, tileCells, level, l)
	for y := range clip.Height {
		for x := range clip.Width {
			i, err := tileIndex(l, Point{at.X + x, at.Y + y})
			if err != nil {
				return err
			}
			after := clip.Tiles[y*clip.Width+x]
			if reason := l.TextureProblem(after); reason != "" {
				return fmt.Errorf("pasting at (%d, %d): %s", at.X+x, at.Y+y, reason)
			}
			e.Set(int(i), after)
		}
	}
	what := fmt.Sprintf("Paste %dx%d tiles", clip.Width, clip.Height)
	return d.commitTiles(level, l, e, func(int) string { return what }, "")
}
