package shock

import (
	"errors"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// tileWords are a tile's stored fields but its object reference.
func tileWords(t codec.Tile) [6]uint32 {
	return [6]uint32{uint32(t.Shape), uint32(t.Floor), uint32(t.Ceiling), uint32(t.Slope), uint32(t.TexMap), t.Flags}
}

// fieldBits are the bits of tileWords that field is stored in.
func fieldBits(field TileField) [6]uint32 {
	var full codec.Tile
	field.Set(&full, tileFieldLimits[field]) // the largest value sets every bit of the field
	return tileWords(full)
}

// TestTileFieldEditChangesOnlyItsBits: setting each field of one tile of
// the corpus level (or a new level) changes no other tile and, in that
// tile, no bit outside the field's own. A value that would put the
// tile's floor above its ceiling is refused, and changes nothing.
func TestTileFieldEditChangesOnlyItsBits(t *testing.T) {
	for name, d := range map[string]*Document{"new": newDocument(t), "corpus": corpusDocument(t)} {
		level := firstLevel(d)
		l := d.Archive.Levels[level]
		p := Point{20, 21}
		i := p.Y*int(l.Info.Width) + p.X
		for field := TileShape; field < numTileFields; field++ {
			before := append([]codec.Tile(nil), l.Tiles...)
			value := tileLimit(l, field)
			if field.Get(l.Tiles[i]) == value {
				value = 0
			}
			err := d.SetTiles(level, []Point{p}, field, value)
			if errors.Is(err, ErrMisplaced) { // refused for the floor it would put above the ceiling
				after := l.Tiles[i]
				field.Set(&after, value)
				if !after.FloorOverCeiling() || !slices.Equal(l.Tiles, before) {
					t.Errorf("%s: %s %d: refused (%v), changing the level: %v", name, field, value, err, !slices.Equal(l.Tiles, before))
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %s: %v", name, field, err)
			}
			if got := field.Get(l.Tiles[i]); got != value {
				t.Errorf("%s: %s is %d after setting %d", name, field, got, value)
			}
			mask, was, is := fieldBits(field), tileWords(before[i]), tileWords(l.Tiles[i])
			for w := range mask {
				if changed := was[w] ^ is[w]; changed&^mask[w] != 0 {
					t.Errorf("%s: setting %s changed bits %#x of word %d, outside its %#x", name, field, changed, w, mask[w])
				}
			}
			for k := range l.Tiles {
				if k != i && l.Tiles[k] != before[k] {
					t.Fatalf("%s: setting %s of tile %d changed tile %d", name, field, i, k)
				}
			}
		}
	}
}

func TestSingleFlagFieldsAreTheirBits(t *testing.T) {
	for field, bit := range map[TileField]uint32{AdjacentTextures: 1 << 8, Deconstructed: 1 << 9, Peril: 1 << 12, Visited: 1 << 31} {
		var tile codec.Tile
		field.Set(&tile, 1)
		if tile.Flags != bit || field.Get(tile) != 1 {
			t.Errorf("%s set is flags %#x, want %#x", field, tile.Flags, bit)
		}
		if err := checkTileValue(&codec.Level{}, field, 2); err == nil {
			t.Errorf("%s 2 accepted", field)
		}
	}
}

// TestOpenedTileTakesNeighbourValues: a solid tile the brush opens takes
// its open neighbour's heights, textures, shades and music, then the
// brush's own fields; a stroke's later tiles take the earlier ones'.
func TestOpenedTileTakesNeighbourValues(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	var block []Point // solid around the model tile (29, 30), which the model opens
	for y := 28; y <= 32; y++ {
		for x := 28; x <= 34; x++ {
			block = append(block, Point{x, y})
		}
	}
	if err := d.SetTiles(level, append(block, Point{40, 40}), TileShape, int(codec.ShapeSolid)); err != nil {
		t.Fatal(err)
	}
	model := map[TileField]int{TileShape: int(codec.ShapeOpen), FloorHeight: 3, FloorRotation: 2, CeilingHeight: 5,
		CeilingRotation: 1, WallTexture: 4, CeilingTexture: 2, FloorTexture: 3, TextureOffset: 7, FloorShade: 9,
		CeilingShade: 11, Music: 6}
	for f, v := range model {
		if err := d.SetTiles(level, []Point{{29, 30}}, f, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.PaintTiles(level, []Point{{30, 30}, {31, 30}, {32, 30}}, Brush{TileShape: int(codec.ShapeOpen), FloorShade: 1}); err != nil {
		t.Fatal(err)
	}
	for x := 30; x <= 32; x++ {
		tile := *l.Tile(x, 30)
		for f, v := range model {
			if f == FloorShade {
				v = 1 // the brush's
			}
			if got := f.Get(tile); got != v {
				t.Errorf("opened tile (%d, 30): %s is %d, want %d", x, f, got, v)
			}
		}
	}
	// Without an open neighbour, the tile keeps its own values.
	was := *l.Tile(40, 40)
	for _, p := range []Point{{40, 41}, {41, 40}, {40, 39}, {39, 40}} {
		if err := d.SetTiles(level, []Point{p}, TileShape, int(codec.ShapeSolid)); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.PaintTiles(level, []Point{{40, 40}}, Brush{TileShape: int(codec.ShapeOpen)}); err != nil {
		t.Fatal(err)
	}
	was.Shape = codec.ShapeOpen
	if got := *l.Tile(40, 40); got != was {
		t.Errorf("a tile opened among solid tiles is %+v, want %+v", got, was)
	}
}
