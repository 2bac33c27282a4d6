package marathon

import (
	"fmt"
	"image"
	"image/color"
	"sync"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/marathon/shapes"
)

// graphics are the pictures of a Shapes file that draw a map's textures.
// A shape descriptor names a collection (bits 8-12), one of its colour
// tables (bits 13-15) and a low-level shape (frame, bits 0-7), whose
// bitmap the engine draws (Aleph One, shapes.cpp,
// extended_get_shape_bitmap_and_shading_table). Pictures are decoded
// once per collection, colour table and bitmap, and kept.
type graphics struct {
	path string
	file *shapes.File

	mu       sync.Mutex
	pictures map[pictureKey]*image.NRGBA
	averages map[pictureKey]color.NRGBA
}

// pictureKey names one bitmap drawn with one colour table.
type pictureKey struct{ collection, clut, bitmap int }

// newGraphics keeps the decoded Shapes file read from path.
func newGraphics(path string, f *shapes.File) *graphics {
	return &graphics{path: path, file: f, pictures: map[pictureKey]*image.NRGBA{}, averages: map[pictureKey]color.NRGBA{}}
}

// Shape descriptor fields (Aleph One, shape_descriptors.h).
const (
	shapeBits      = 8
	collectionBits = 5
)

// descriptor splits a shape descriptor into its collection, colour table
// and low-level shape.
func descriptor(d uint16) (collection, clut, shape int) {
	return int(d>>shapeBits) & (1<<collectionBits - 1), int(d >> (shapeBits + collectionBits)), int(d & (1<<shapeBits - 1))
}

// bitmapOf is the key of the picture that descriptor d names, and
// whether the file has it: the frame's bitmap, in the colour table d
// names (the first when the collection has fewer).
func (g *graphics) bitmapOf(d uint16) (pictureKey, bool) {
	if g == nil || d == mcodec.None {
		return pictureKey{}, false
	}
	col, clut, shape := descriptor(d)
	c := g.file.Collections[col]
	if c == nil || shape >= len(c.Frames) {
		return pictureKey{}, false
	}
	b := int(c.Frames[shape].BitmapIndex)
	if b < 0 || b >= len(c.Bitmaps) || c.Bitmaps[b].Width == 0 || c.Bitmaps[b].Height == 0 {
		return pictureKey{}, false
	}
	if clut >= len(c.ColorTables) {
		clut = 0
	}
	return pictureKey{col, clut, b}, true
}

// picture is the picture descriptor d names, nil when the file lacks it.
func (g *graphics) picture(d uint16) *image.NRGBA {
	k, ok := g.bitmapOf(d)
	if !ok {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if p, ok := g.pictures[k]; ok {
		return p
	}
	c := g.file.Collections[k.collection]
	var table []shapes.Color
	if k.clut < len(c.ColorTables) {
		table = c.ColorTables[k.clut]
	}
	b := &c.Bitmaps[k.bitmap]
	colors := shapes.Palette(table)
	p := image.NewNRGBA(image.Rect(0, 0, b.Width, b.Height))
	for i, v := range b.Pixels {
		if b.Opaque != nil && !b.Opaque[i] {
			continue
		}
		cl := colors[v]
		p.Pix[i*4], p.Pix[i*4+1], p.Pix[i*4+2], p.Pix[i*4+3] = cl.R, cl.G, cl.B, cl.A
	}
	g.pictures[k] = p
	return p
}

// average is the mean colour of the opaque texels of the picture d
// names; ok is false when the file lacks it.
func (g *graphics) average(d uint16) (color.NRGBA, bool) {
	p := g.picture(d)
	if p == nil {
		return color.NRGBA{}, false
	}
	k, _ := g.bitmapOf(d)
	g.mu.Lock()
	defer g.mu.Unlock()
	if a, ok := g.averages[k]; ok {
		return a, true
	}
	var sum [3]int
	n := 0
	for i := 0; i < len(p.Pix); i += 4 {
		if p.Pix[i+3] != 0 {
			sum[0], sum[1], sum[2] = sum[0]+int(p.Pix[i]), sum[1]+int(p.Pix[i+1]), sum[2]+int(p.Pix[i+2])
			n++
		}
	}
	a := color.NRGBA{A: 255}
	if n > 0 {
		a = color.NRGBA{uint8(sum[0] / n), uint8(sum[1] / n), uint8(sum[2] / n), 255}
	}
	g.averages[k] = a
	return a, true
}

// Collections of the environments' textures (Aleph One,
// shape_descriptors.h): walls1 (17) to walls5, then landscape1 (27) to
// landscape4.
const (
	firstWallCollection      = 17
	firstLandscapeCollection = 27
)

// environmentNames name the wall collections, from collection 17.
var environmentNames = []string{"Water", "Lava", "Sewage", "Jjaro", "Pfhor"}

// landscapeNames name the landscape collections, from collection 27.
var landscapeNames = []string{"Lh'owon day", "Lh'owon night", "Lh'owon moon", "Outer space"}

// collectionName names a texture collection: its environment or
// landscape, else its number.
func collectionName(c int) string {
	switch {
	case c >= firstWallCollection && c < firstWallCollection+len(environmentNames):
		return environmentNames[c-firstWallCollection]
	case c >= firstLandscapeCollection && c < firstLandscapeCollection+len(landscapeNames):
		return landscapeNames[c-firstLandscapeCollection]
	}
	return fmt.Sprintf("Collection %d", c)
}

// textureName names a texture by its collection and shape: "Water 12".
func textureName(d uint16) string {
	c, clut, shape := descriptor(d)
	if clut != 0 {
		return fmt.Sprintf("%s %d (colour table %d)", collectionName(c), shape, clut)
	}
	return fmt.Sprintf("%s %d", collectionName(c), shape)
}

// levelCollections are the texture collections a level's environment
// uses: its walls, and its landscape (Marathon 2 and later; Marathon 1
// keeps its music there).
func levelCollections(l *mcodec.Level) []int {
	if len(l.Info) == 0 {
		return nil
	}
	var out []int
	if env := int(l.Info[0].Environment); env >= 0 && env < len(environmentNames) {
		out = append(out, firstWallCollection+env)
	}
	if sky := int(l.Info[0].Landscape); !l.Marathon1() && sky >= 0 && sky < len(landscapeNames) {
		out = append(out, firstLandscapeCollection+sky)
	}
	return out
}

// summary says what the file gave: its collections, wall textures,
// landscapes and colour tables.
func (g *graphics) summary() string {
	var collections, walls, landscapes, tables int
	for i, c := range g.file.Collections {
		if c == nil {
			continue
		}
		collections++
		tables += len(c.ColorTables)
		switch {
		case i >= firstLandscapeCollection && i < firstLandscapeCollection+len(landscapeNames):
			landscapes += len(c.Frames)
		case c.Type == shapes.TypeWall:
			walls += len(c.Frames)
		}
	}
	return fmt.Sprintf("%d collections, %d wall textures, %d landscapes, %d colour tables", collections, walls, landscapes, tables)
}

// itemShapes are the high-level shapes (sequences) that draw Marathon 2
// and Infinity items, by item type (an object's index), as Aleph One's
// item_definitions.h builds them: sequences of the items collection (7);
// the balls sequence 29 of the player collection (6) in their team's
// colour table; None for the items that have no shape (the knife, the
// alien weapon's ammunition).
var itemShapes = func() []uint16 {
	items := []int{-1, 0, 3, 1, 4, 2, 5, 6, 12, 7, 8, 9, 14, 13, -1, 10, 11, 15, 23, 20, 21, 22, 18, 19, 17, 16}
	var out []uint16
	for _, seq := range items {
		if seq < 0 {
			out = append(out, mcodec.None)
		} else {
			out = append(out, uint16(7<<shapeBits|seq))
		}
	}
	for team := range 8 {
		out = append(out, uint16(team<<(shapeBits+collectionBits)|6<<shapeBits|29))
	}
	return append(out, 7<<shapeBits|25, 7<<shapeBits|24)
}()

// sprite is the low-level shape that draws high-level shape d: its
// sequence's first frame of its first view, in d's colour table; ok is
// false when the file has no picture for it.
func (g *graphics) sprite(d uint16) (low uint16, f shapes.Frame, ok bool) {
	if g == nil || d == mcodec.None {
		return 0, f, false
	}
	col, clut, seq := descriptor(d)
	c := g.file.Collections[col]
	if c == nil || seq >= len(c.Sequences) || len(c.Sequences[seq].Frames) == 0 {
		return 0, f, false
	}
	frame := int(c.Sequences[seq].Frames[0])
	if frame < 0 || frame >= len(c.Frames) || frame >= 1<<shapeBits {
		return 0, f, false
	}
	low = uint16(clut<<(shapeBits+collectionBits) | col<<shapeBits | frame)
	_, ok = g.bitmapOf(low)
	return low, c.Frames[frame], ok
}
