package shapestest

import (
	"image/color"
	"math"

	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/marathon/shapes"
)

// TextureSize is the width and height of Environment's textures, in
// texels, as the games' wall textures are.
const TextureSize = 128

// Environment's colour tables, and the collection of run-length sprites
// it adds.
const (
	Colors          = 32
	ColorTables     = 2
	itemsCollection = 7
	// ItemSequences are the item collection's sequences (high-level
	// shapes), each one view of one frame: the run-length bitmaps in
	// turn.
	ItemSequences = 26
)

// Environment writes a Shapes file holding count[c] textures (frames,
// each its own bitmap) in each collection c, as a map's environment needs
// them: wall textures of 128x128 texels, the even ones stored in column
// order as the games store theirs, the odd ones in row order with padded
// scanlines, each frame's texels Texel(c, shape, x, y), in ColorTables
// colour tables; and the items collection (7) of run-length sprites, in
// both orders, ItemSequences of them.
func Environment(count map[int]int) []byte {
	var cols [shapes.Collections]Copies
	for c, n := range count {
		col := &shapes.Collection{Version: 3, Type: shapes.TypeWall, Size: 1}
		for t := range ColorTables {
			col.ColorTables = append(col.ColorTables, table(t))
		}
		for shape := range n {
			col.Bitmaps = append(col.Bitmaps, RawBitmap(TextureSize, TextureSize, shape%2 == 0, 4*(shape%2),
				func(x, y int) uint8 { return Texel(c, shape, x, y) }))
			col.Frames = append(col.Frames, shapes.Frame{MinLight: 0, BitmapIndex: int16(shape),
				WorldLeft: -512, WorldRight: 512, WorldTop: 512, WorldBottom: -512})
		}
		cols[c] = Copies{Bit8: col}
	}
	if _, ok := count[itemsCollection]; !ok {
		disc := func(x, y int) bool { dx, dy := x-16, y-24; return dx*dx+dy*dy < 200 }
		pix := func(x, y int) uint8 { return uint8(3 + (x+y)%(Colors-3)) }
		items := &shapes.Collection{Version: 3, Type: shapes.TypeObject, Size: 1, PixelsToWorld: 4,
			ColorTables: [][]shapes.Color{table(0)},
			Bitmaps:     []shapes.Bitmap{RLEBitmap(32, 48, true, disc, pix), RLEBitmap(32, 48, false, disc, pix)}}
		for b := range items.Bitmaps {
			items.Frames = append(items.Frames, shapes.Frame{BitmapIndex: int16(b), OriginX: 16, OriginY: 47,
				WorldLeft: -64, WorldRight: 64, WorldTop: 192, WorldBottom: 0})
		}
		for i := range ItemSequences {
			items.Sequences = append(items.Sequences, shapes.Sequence{ViewType: 10, FramesPerView: 1, TicksPerFrame: 1,
				FirstFrameSound: -1, KeyFrameSound: -1, LastFrameSound: -1, LoopFrame: -1, Frames: []int16{int16(i % 2)}})
		}
		cols[itemsCollection] = Copies{Bit8: items}
	}
	return Encode(cols)
}

// Texel is the palette index of texel (x, y) (from the top left) of
// texture shape in collection c, as Environment writes it: bands that
// differ across and down the picture, and from texture to texture, so
// that a picture drawn turned or mirrored shows it. Indexes 0 to 2,
// which the engine keeps, are not used.
func Texel(c, shape, x, y int) uint8 {
	return uint8(3 + (x/16+3*(y/32)+5*shape+7*c)%(Colors-3))
}

// Color is the colour that colour table clut of Environment's
// collections gives palette index v: hues around the circle, the second
// table darker.
func Color(clut int, v uint8) color.NRGBA {
	c := table(clut)[v]
	return color.NRGBA{uint8(c.Red >> 8), uint8(c.Green >> 8), uint8(c.Blue >> 8), 255}
}

// table is colour table clut: entry i stands for palette index i.
func table(clut int) []shapes.Color {
	t := make([]shapes.Color, Colors)
	scale := 1.0 - 0.4*float64(clut)
	for i := range t {
		h := float64(i) / Colors * 2 * math.Pi
		ch := func(phase float64) uint16 { return uint16((0.55 + 0.45*math.Cos(h+phase)) * scale * 0xffff) }
		t[i] = shapes.Color{Value: uint8(i), Red: ch(0), Green: ch(2 * math.Pi / 3), Blue: ch(4 * math.Pi / 3)}
	}
	return t
}

// ForLevel writes a Shapes file (see Environment) holding every texture
// Marathon level l names, on its polygons, sides and liquids, and the
// first texture of its environment's wall collection (17 on) and its
// landscape's (27 on, Marathon 2 and later).
func ForLevel(l *marathon.Level) []byte {
	count := map[int]int{}
	note := func(d uint16) {
		if d != marathon.None {
			c, shape := int(d>>8)&0x1f, int(d&0xff)
			count[c] = max(count[c], shape+1)
		}
	}
	l.SurfaceTextures(note)
	for _, md := range l.Media {
		note(md.Texture)
	}
	if len(l.Info) > 0 {
		if env := l.Info[0].Environment; env >= 0 && env < 5 {
			note(uint16(17+env) << 8)
		}
		if sky := l.Info[0].Landscape; !l.Marathon1() && sky >= 0 && sky < 4 {
			note(uint16(27+sky) << 8)
		}
	}
	return Environment(count)
}
