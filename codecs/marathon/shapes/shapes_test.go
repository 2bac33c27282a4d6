package shapes_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"reflect"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon/shapes"
	"github.com/levelwright/levelwright/internal/shapestest"
)

// wallCollection has two colour tables, a 128x128 column-order wall
// texture and raw bitmaps in both orders with padded scanlines.
func wallCollection() *shapes.Collection {
	pattern := func(x, y int) uint8 { return uint8((x*3 ^ y*5) % 16) }
	c := &shapes.Collection{
		Version: 3, Type: shapes.TypeWall, PixelsToWorld: 0, Size: 1234,
		ColorTables: [][]shapes.Color{
			shapestest.ColorTable(16, func(i int) int { return i }, 0x8000),
			shapestest.ColorTable(16, func(i int) int { return 15 - i }, 0x2000),
		},
		Bitmaps: []shapes.Bitmap{
			shapestest.RawBitmap(128, 128, true, 0, pattern),
			shapestest.RawBitmap(64, 32, false, 6, pattern),
			shapestest.RawBitmap(16, 8, true, 2, func(x, y int) uint8 { return uint8(x + 16*y) }),
		},
	}
	for i := range c.Bitmaps {
		c.Frames = append(c.Frames, shapes.Frame{MinLight: 0x10000, BitmapIndex: int16(i), OriginX: 64, OriginY: 64,
			WorldLeft: -512, WorldRight: 512, WorldTop: 512, WorldBottom: -512})
		c.Sequences = append(c.Sequences, shapes.Sequence{Name: fmt.Sprintf("wall %d", i), ViewType: 10, FramesPerView: 1,
			TicksPerFrame: 1, PixelsToWorld: 0, LoopFrame: -1, FirstFrameSound: -1, KeyFrameSound: -1, LastFrameSound: -1,
			Frames: []int16{int16(i)}})
	}
	return c
}

// objectCollection holds run-length sprites in both orders (with empty
// scanlines and an empty bitmap), mirrored frames and sequences of every
// view type.
func objectCollection() *shapes.Collection {
	ellipse := func(x, y int) bool { dx, dy := x-20, y-30; return dx*dx*9+dy*dy*4 < 3600 }
	diamond := func(x, y int) bool { return abs(x-15)+abs(y-10) < 9 }
	c := &shapes.Collection{
		Version: 3, Type: shapes.TypeObject, Flags: 0, PixelsToWorld: 2, Size: 99,
		ColorTables: [][]shapes.Color{shapestest.ColorTable(8, func(i int) int { return i }, 0x4000)},
		Bitmaps: []shapes.Bitmap{
			shapestest.RLEBitmap(40, 60, true, ellipse, func(x, y int) uint8 { return uint8(3 + (x+y)%5) }),
			shapestest.RLEBitmap(30, 20, false, diamond, func(x, y int) uint8 { return uint8(3 + x%5) }),
			shapestest.RLEBitmap(3, 2, true, func(x, y int) bool { return false }, nil),
			shapestest.RLEBitmap(0, 0, true, nil, nil),
		},
		Frames: []shapes.Frame{
			{BitmapIndex: 0, OriginX: 20, OriginY: 59, KeyX: 20, KeyY: 10, MinLight: 0x8000,
				WorldLeft: -40, WorldRight: 40, WorldTop: 120, WorldBottom: 0, WorldX0: 0, WorldY0: 100},
			{Flags: shapes.XMirrored, BitmapIndex: 0, OriginX: -3, OriginY: 7},
			{Flags: shapes.YMirrored | shapes.KeypointObscured, BitmapIndex: 1, KeyX: -1, KeyY: -1},
			{BitmapIndex: -1},
		},
	}
	for i, views := range []int16{1, 10, 3, 4, 9, 11, 2, 5, 8, 6, 0} {
		s := shapes.Sequence{Type: 0, Flags: uint16(i), Name: fmt.Sprintf("view type %d", views), ViewType: views,
			FramesPerView: int16(i % 3), TicksPerFrame: 4, KeyFrame: 1, TransferMode: int16(i), TransferPeriod: 30,
			FirstFrameSound: -1, KeyFrameSound: 7, LastFrameSound: -1, PixelsToWorld: 2, LoopFrame: 0}
		s.Frames = make([]int16, int(s.FramesPerView)*shapes.Views(views))
		for j := range s.Frames {
			s.Frames[j] = int16((i + j) % len(c.Frames))
		}
		c.Sequences = append(c.Sequences, s)
	}
	c.Sequences[0].Name = strings.Repeat("n", 33)
	return c
}

func abs(v int) int { return max(v, -v) }

// sampleCopies is a file's worth of collections: walls, objects, scenery
// and interface collections, a collection stored only as its 16/32-bit
// copy and one whose two copies differ.
func sampleCopies() [shapes.Collections]shapestest.Copies {
	var cols [shapes.Collections]shapestest.Copies
	scenery := objectCollection()
	scenery.Type, scenery.ColorTables = shapes.TypeScenery, nil
	iface := wallCollection()
	iface.Type, iface.Bitmaps, iface.Frames, iface.Sequences = shapes.TypeInterface, iface.Bitmaps[1:2], nil, nil
	deep := objectCollection()
	deep.Version = 4
	cols[0] = shapestest.Copies{Bit16: wallCollection()}
	cols[5] = shapestest.Copies{Bit8: objectCollection(), Bit16: deep}
	cols[17] = shapestest.Copies{Bit8: wallCollection()}
	cols[27] = shapestest.Copies{Bit8: scenery}
	cols[31] = shapestest.Copies{Bit8: iface}
	return cols
}

func TestDecodeGenerated(t *testing.T) {
	cols := sampleCopies()
	data := shapestest.Encode(cols)
	f, err := shapes.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cols {
		h := f.Headers[i]
		if h.Status != int16(i) || h.Flags != uint16(0x100+i) {
			t.Errorf("header %d: status %d flags %#x", i, h.Status, h.Flags)
		}
		if (h.Offset == -1) != (c.Bit8 == nil) || (h.Offset16 == -1) != (c.Bit16 == nil) {
			t.Errorf("header %d: offsets %d and %d", i, h.Offset, h.Offset16)
		}
		compareCollection(t, fmt.Sprintf("collection %d", i), f.Collections[i], c.Bit8)
	}
}

// compareCollection reports which part of a decoded collection differs
// from the one generated.
func compareCollection(t *testing.T, name string, got, want *shapes.Collection) {
	t.Helper()
	if got == nil || want == nil {
		if got != want {
			t.Errorf("%s: decoded %v, want %v", name, got != nil, want != nil)
		}
		return
	}
	if g, w := *got, *want; g.Version != w.Version || g.Type != w.Type || g.Flags != w.Flags ||
		g.PixelsToWorld != w.PixelsToWorld || g.Size != w.Size {
		t.Errorf("%s: definition %d %d %#x %d %d, want %d %d %#x %d %d", name, g.Version, g.Type, g.Flags, g.PixelsToWorld, g.Size,
			w.Version, w.Type, w.Flags, w.PixelsToWorld, w.Size)
	}
	if !reflect.DeepEqual(got.ColorTables, want.ColorTables) {
		t.Errorf("%s: colour tables %+v, want %+v", name, got.ColorTables, want.ColorTables)
	}
	if !reflect.DeepEqual(got.Sequences, want.Sequences) {
		t.Errorf("%s: sequences %+v, want %+v", name, got.Sequences, want.Sequences)
	}
	if !reflect.DeepEqual(got.Frames, want.Frames) {
		t.Errorf("%s: frames %+v, want %+v", name, got.Frames, want.Frames)
	}
	if len(got.Bitmaps) != len(want.Bitmaps) {
		t.Fatalf("%s: %d bitmaps, want %d", name, len(got.Bitmaps), len(want.Bitmaps))
	}
	for i, g := range got.Bitmaps {
		w := want.Bitmaps[i]
		if g.Width != w.Width || g.Height != w.Height || g.BytesPerRow != w.BytesPerRow || g.Flags != w.Flags || g.BitDepth != w.BitDepth {
			t.Errorf("%s bitmap %d: header %dx%d %d %#x %d, want %dx%d %d %#x %d", name, i, g.Width, g.Height, g.BytesPerRow, g.Flags,
				g.BitDepth, w.Width, w.Height, w.BytesPerRow, w.Flags, w.BitDepth)
		}
		if !reflect.DeepEqual(g.Pixels, w.Pixels) || !reflect.DeepEqual(g.Opaque, w.Opaque) {
			t.Errorf("%s bitmap %d: pixels or transparency differ", name, i)
		}
	}
}

func TestImage(t *testing.T) {
	c := objectCollection()
	pal := shapes.Palette(c.ColorTables[0])
	b := &c.Bitmaps[0]
	img := b.Image(pal)
	if got := img.Bounds().Size(); got.X != 40 || got.Y != 60 {
		t.Fatalf("image size %v", got)
	}
	want := c.ColorTables[0][b.Pixels[30*40+20]]
	if got := img.RGBAAt(20, 30); got != (color.RGBA{uint8(want.Red >> 8), uint8(want.Green >> 8), uint8(want.Blue >> 8), 0xff}) {
		t.Errorf("centre pixel %v, want colour %+v", got, want)
	}
	if got := img.RGBAAt(0, 0); got.A != 0 {
		t.Errorf("corner outside the runs is %v, want transparent", got)
	}
	// Palette places entries by their Value, not their position.
	table := wallCollection().ColorTables[1]
	if got, want := shapes.Palette(table)[15], table[0]; got.R != uint8(want.Red>>8) || got.B != uint8(want.Blue>>8) {
		t.Errorf("palette index 15 is %v, want entry 0 %+v", got, want)
	}
}

// collectionAt is the file offset of collection i's 8-bit copy.
func collectionAt(data []byte, i int) int {
	return int(binary.BigEndian.Uint32(data[i*shapes.HeaderSize+4:]))
}

// recordAt is the file offset of record i of the offset table whose
// offset field is at collection offset field (16 sequences, 22 frames,
// 28 bitmaps), and the file offset of its table entry.
func recordAt(data []byte, coll, field, i int) (record, entry int) {
	base := collectionAt(data, coll)
	entry = base + int(binary.BigEndian.Uint32(data[base+field:])) + 4*i
	return base + int(binary.BigEndian.Uint32(data[entry:])), entry
}

func TestDecodeMalformed(t *testing.T) {
	good := shapestest.Encode(sampleCopies())
	wall := collectionAt(good, 17)
	seq, seqEntry := recordAt(good, 5, 16, 2)
	bmpWall, bmpEntry := recordAt(good, 17, 28, 1)
	rle, _ := recordAt(good, 5, 28, 0)
	put16 := func(at int, v int16) func([]byte) []byte {
		return func(b []byte) []byte { binary.BigEndian.PutUint16(b[at:], uint16(v)); return b }
	}
	put32 := func(at int, v int32) func([]byte) []byte {
		return func(b []byte) []byte { binary.BigEndian.PutUint32(b[at:], uint32(v)); return b }
	}
	tests := []struct {
		name   string
		mutate func([]byte) []byte
		offset int
		want   string
	}{
		{"truncated header", func(b []byte) []byte { return b[:500] }, 500, "32 collection headers"},
		{"collection offset past the end", put32(17*shapes.HeaderSize+4, int32(len(good)+10)), 17*shapes.HeaderSize + 4, "an offset within the file"},
		{"negative collection offset", put32(17*shapes.HeaderSize+4, -2), 17*shapes.HeaderSize + 4, "an offset within the file"},
		{"collection length past the end", put32(17*shapes.HeaderSize+8, int32(len(good))), 17*shapes.HeaderSize + 8, "a length within"},
		{"collection shorter than its definition", put32(17*shapes.HeaderSize+8, 100), wall, "the collection definition"},
		{"negative colour count", put16(wall+6, -1), wall + 6, "colour count of 0 or more"},
		{"colour tables past the end", put32(wall+10, 1<<30), wall + 10, "2 colour tables of 16 colours"},
		{"too many sequences", put16(wall+14, 32767), wall + 16, "a table of 32767 sequence offsets"},
		{"negative frame count", put16(wall+20, -5), wall + 20, "frame count of 0 or more"},
		{"bitmap past the end", put32(bmpEntry, 1<<29), bmpEntry, "a bitmap header"},
		{"sequence frames past the end", put16(seq+40, 30000), seq + 38, "views x 30000 frame indexes"},
		{"negative view type", put16(seq+38, -3), seq + 38, "a view type of 0 or more"},
		{"negative frames per view", put16(seq+40, -1), seq + 40, "frames-per-view count"},
		{"sequence offset negative", put32(seqEntry, -100), seqEntry, "a sequence"},
		{"short scanlines", put16(bmpWall+4, 63), bmpWall + 4, "bytes per row of 64 or more"},
		{"raw pixels past the end", put16(bmpWall+2, 30000), bmpWall, "30000 scanlines of 70 bytes"},
		{"negative size", put16(bmpWall, -64), bmpWall, "a width and height of 0 or more"},
		{"run past its scanline", put16(rle+30+40*4+2, 61), rle + 30 + 40*4, "first <= end <= 60, not 0 to 61"},
		{"run backwards", put16(rle+30+40*4, 1), rle + 30 + 40*4, "not 1 to 0"},
		{"huge empty bitmap", func(b []byte) []byte {
			// One empty column 2000 pixels tall: 4 bytes of runs.
			put16(rle, 1)(b)
			put16(rle+2, 2000)(b)
			put16(rle+34, 0)(b)
			return put16(rle+36, 0)(b)
		}, rle, "at most 1024 pixels for a run-length bitmap of 4 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.mutate(append([]byte(nil), good...))
			_, err := shapes.Decode(data)
			var be *bin.Error
			if !errors.As(err, &be) {
				t.Fatalf("error %v, want a *bin.Error", err)
			}
			if be.Offset != int64(tt.offset) || !strings.Contains(be.Expected, tt.want) {
				t.Errorf("error %q at %d, want %q at %d", err, be.Offset, tt.want, tt.offset)
			}
		})
	}
}
