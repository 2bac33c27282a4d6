package shock

import (
	"image"
	"image/color"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/scene"
)

// A surface is one of a tile's textured surfaces.
type surface int

const (
	floorSurface surface = iota
	ceilingSurface
	wallSurface
)

// slot is the slot of the level's texture list that s of t names.
func (s surface) slot(t codec.Tile) int {
	switch s {
	case ceilingSurface:
		return t.CeilingTexture()
	case wallSurface:
		return t.WallTexture()
	}
	return t.FloorTexture()
}

// field is the tile field that holds s's slot.
func (s surface) field() sdoc.TileField {
	return [...]sdoc.TileField{sdoc.FloorTexture, sdoc.CeilingTexture, sdoc.WallTexture}[s]
}

// textureNumber is the texture that slot of the level's texture list
// names; ok is false past the list, and in cyberspace, whose tiles hold
// colours there.
func textureNumber(l *codec.Level, slot int) (n int, ok bool) {
	if l.Info.Cyberspace != 0 || slot < 0 || slot >= len(l.Textures) {
		return 0, false
	}
	return int(l.Textures[slot]), true
}

// slotTexture is the picture of slot of the level's texture list at size
// (0 for its largest), from the game's texture.res through the level's
// list; ok is false without the picture.
func slotTexture(g *sdoc.GameData, l *codec.Level, slot, size int) (image.Image, bool) {
	n, ok := textureNumber(l, slot)
	if !ok {
		return nil, false
	}
	return g.TextureAt(n, size)
}

// textureKey names a texture number's picture in a scene's textures.
type textureKey struct{ n int }

// objectKey names an object type's picture in a scene's textures.
type objectKey struct{ class, subclass, typ int }

// shadeLight is the light the game puts on a surface of shade 0 (full
// light) to 15 (darkest), as a grey that multiplies the texels: the game
// picks row shade of its 16-row shading table, which darkens by a
// sixteenth a row, so a texel keeps (16 - shade)/16 of its colour.
func shadeLight(shade int) color.NRGBA {
	v := uint8((255*(16-min(max(shade, 0), 15)) + 8) / 16)
	return color.NRGBA{v, v, v, 255}
}

// floorUV maps the map to the texels of a size x size floor or ceiling
// texture on the tile at (x, y), turned by rotation quarter turns, as the
// game maps them: one texture covers the tile; unturned, the texture's
// top row lies along the tile's north edge and its left column along
// the west edge; each quarter turn moves the texture's corners one
// corner clockwise round the tile.
func floorUV(x, y, rotation int, size float64) display.Affine {
	fx, fy := float64(x), float64(y)
	switch rotation & 3 {
	case 1: // u = 1 - local y, v = 1 - local x
		return display.Affine{YU: -size, U0: (fy + 1) * size, XV: -size, V0: (fx + 1) * size}
	case 2: // u = 1 - local x, v = local y
		return display.Affine{XU: -size, U0: (fx + 1) * size, YV: size, V0: -fy * size}
	case 3: // u = local y, v = local x
		return display.Affine{YU: size, U0: -fy * size, XV: size, V0: -fx * size}
	}
	// u = local x, v = 1 - local y
	return display.Affine{XU: size, U0: -fx * size, YV: -size, V0: (fy + 1) * size}
}

// Bits of a tile's flags that turn its wall textures left for right
// (the game's MAP_FLIP_MASK): bit 5 flips; with bit 6 set, the walls
// whose tile and wall numbers sum to odd flip the other way.
const (
	flagWallFlip   = 0x20
	flagWallParity = 0x40
)

// wallFlipped reports whether the game draws tile (x, y)'s wall code
// (0 north, 1 east, 2 south, 3 west, 4 its diagonal) turned left for
// right.
func wallFlipped(t codec.Tile, x, y, code int) bool {
	flip := t.Flags&flagWallFlip != 0
	if t.Flags&flagWallParity != 0 && (x+y+code)&1 == 1 {
		flip = !flip
	}
	return flip
}

// wallCodes are the game's wall codes of a tile's south, east, north and
// west sides, in the order of neighbours.
var wallCodes = [4]int{2, 1, 0, 3}

// diagonalWallCode is the game's wall code of a tile's diagonal wall.
const diagonalWallCode = 4

// spritePixelsPerTile is how many pixels of an object's picture span a
// tile in the 3D view: the game scales sprites by 2048/3 of 1/65536 of a
// tile a pixel.
const spritePixelsPerTile = 96

// spriteSize is the width and height in tiles the game draws a picture
// of w x h pixels.
func spriteSize(w, h int) (float64, float64) {
	return float64(w) / spritePixelsPerTile, float64(h) / spritePixelsPerTile
}

// texture is the scene's TextureID of slot of the level's list and the
// picture's size in pixels; 0 without game data or the picture.
func (m *shockLevel) texture(s *scene.Scene, slot int) (display.TextureID, float64) {
	n, ok := textureNumber(m.l, slot)
	if !ok {
		return 0, 0
	}
	img, ok := m.data.TextureAt(n, 0)
	if !ok {
		return 0, 0
	}
	return s.Texture(textureKey{n}, func() image.Image { return img }), float64(img.Bounds().Dx())
}
