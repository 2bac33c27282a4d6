package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
)

var _ game.TexturePalette = (*session)(nil)

// ceilingTextureMode is the name of the mode whose map shows ceilings.
const ceilingTextureMode = "Ceiling texture"

// PaletteTextures are the level's texture list's textures that the
// game's data has pictures of, in the list's order: Key is the slot in
// the list, Name the game's name of the texture (or "Texture slot (id
// number)"), Group its picture's size. None without the game's data.
func (f *session) PaletteTextures(level int) []game.PaletteTexture {
	l, err := f.d.Level(level)
	if err != nil || !(&shockLevel{l: l, data: f.data}).canTexture() {
		return nil
	}
	var out []game.PaletteTexture
	for slot, n := range l.Textures {
		img, ok := f.data.TextureAt(int(n), 0)
		if !ok {
			continue
		}
		name := f.data.TextureName(int(n))
		if name == "" {
			name = fmt.Sprintf("Texture %d (id %d)", slot, n)
		}
		size := img.Bounds().Dx()
		out = append(out, game.PaletteTexture{Key: slot, Name: name, Group: fmt.Sprintf("%dx%d", size, size), Picture: img})
	}
	return out
}

// ApplyTexture sets slot key of the level's texture list on a surface of
// the tile r, as one step: in the 3D view, the floor, ceiling or wall
// the point hit lies on (a wall whose tile takes its walls' texture from
// its neighbours gives it to the neighbour behind it); in the map, the
// floor, or the ceiling in the Ceiling texture mode. A slot the surface
// cannot name is refused, with the slots it can, and makes no step.
func (f *session) ApplyTexture(h game.Host, r document.Ref, hit *display.Vec3, key int) error {
	if r.Kind != sdoc.KindTile {
		return fmt.Errorf("textures go on tiles, not on the %s clicked", r.Kind)
	}
	l, err := f.d.Level(r.Level)
	if err != nil {
		return err
	}
	w := int(l.Info.Width)
	if r.Index < 0 || r.Index >= len(l.Tiles) {
		return fmt.Errorf("no tile %d in the %dx%d map", r.Index, w, l.Info.Height)
	}
	at := sdoc.Point{X: r.Index % w, Y: r.Index / w}
	sf := floorSurface
	switch {
	case hit != nil:
		var side int
		sf, side = surfaceHit(l, at, *hit)
		t := l.Tiles[r.Index]
		if n := neighbours[side]; sf == wallSurface && t.Flags&codec.FlagUseAdjacent != 0 {
			if x, y := at.X+n[0], at.Y+n[1]; x >= 0 && y >= 0 && x < w && y < int(l.Info.Height) {
				at = sdoc.Point{X: x, Y: y}
			}
		}
	case h != nil && h.Scene() != nil && h.Scene().ModeName() == ceilingTextureMode:
		sf = ceilingSurface
	}
	return f.d.SetTiles(r.Level, []sdoc.Point{at}, sf.field(), key)
}

// hitSlack is how far, in tiles, a point hit in 3D may be from a floor
// or ceiling and still be on it.
const hitSlack = 1.0 / 64

// surfaceHit is the surface of the tile at that a point hit in the 3D
// view lies on, by its height against the floor's and the ceiling's
// there: a wall between them, on the side of the tile nearest the point
// (an index of neighbours).
func surfaceHit(l *codec.Level, at sdoc.Point, hit display.Vec3) (sf surface, side int) {
	t := *l.Tile(at.X, at.Y)
	x, y := hit.X-float64(at.X), hit.Y-float64(at.Y)
	floor, ceiling := t.CornerHeights()
	unit := heightUnit(l)
	z := hit.Z / unit
	switch slack := hitSlack / unit; {
	case z <= t.HeightAt(floor, x, y)+slack:
		return floorSurface, 0
	case z >= t.HeightAt(ceiling, x, y)-slack:
		return ceilingSurface, 0
	}
	near := []float64{y, 1 - x, 1 - y, x} // to the south, east, north and west sides
	for s, d := range near {
		if d < near[side] {
			side = s
		}
	}
	return wallSurface, side
}
