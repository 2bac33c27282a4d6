// Package shapestest writes Marathon Shapes files for tests, from the
// format's structures (marathon-structures.md, "Shapes", with the
// corrections in NOTES.md): no real Shapes file can ship with the
// project. It lays records out unlike the previous record's end would
// suggest: records in reverse order with gaps between them, offset
// tables last, collections in the file in reverse order, unused bytes
// and placeholders filled with garbage, so that a reader must follow
// every offset.
package shapestest

import (
	"encoding/binary"
	"fmt"

	"github.com/levelwright/levelwright/codecs/marathon/shapes"
)

// Garbage fills bytes a reader must skip.
const Garbage = 0xA5

// Sizes of the fixed records, in bytes, as the format has them.
const (
	headerSize     = 32
	definitionSize = 544
)

// enc appends big-endian values.
type enc struct{ b []byte }

func (e *enc) u8(v uint8)   { e.b = append(e.b, v) }
func (e *enc) u16(v uint16) { e.b = binary.BigEndian.AppendUint16(e.b, v) }
func (e *enc) i16(v int16)  { e.u16(uint16(v)) }
func (e *enc) i32(v int32)  { e.b = binary.BigEndian.AppendUint32(e.b, uint32(v)) }
func (e *enc) fill(n int) {
	for range n {
		e.b = append(e.b, Garbage)
	}
}
func (e *enc) setI32(at int, v int32) { binary.BigEndian.PutUint32(e.b[at:], uint32(v)) }

// Copies are the collections to write in a header's two slots: the
// 8-bit copy and the 16/32-bit copy; a nil collection leaves its slot
// absent (offset -1).
type Copies struct{ Bit8, Bit16 *shapes.Collection }

// Encode writes a Shapes file holding the given collections.
func Encode(cols [shapes.Collections]Copies) []byte {
	e := &enc{}
	for i := range shapes.Collections {
		e.i16(int16(i))           // status
		e.u16(uint16(0x0100 + i)) // flags
		e.i32(-1)
		e.i32(0)
		e.i32(-1)
		e.i32(0)
		e.fill(12)
	}
	for i := shapes.Collections - 1; i >= 0; i-- {
		for slot, c := range []*shapes.Collection{cols[i].Bit8, cols[i].Bit16} {
			if c == nil {
				continue
			}
			e.fill(3)
			start := len(e.b)
			e.b = append(e.b, encodeCollection(c)...)
			e.setI32(i*headerSize+4+slot*8, int32(start))
			e.setI32(i*headerSize+8+slot*8, int32(len(e.b)-start))
		}
	}
	return e.b
}

// encodeCollection writes a collection definition and its records.
func encodeCollection(c *shapes.Collection) []byte {
	e := &enc{}
	e.i16(c.Version)
	e.i16(int16(c.Type))
	e.u16(c.Flags)
	colors := 0
	if len(c.ColorTables) > 0 {
		colors = len(c.ColorTables[0])
	}
	e.i16(int16(colors))
	e.i16(int16(len(c.ColorTables)))
	e.i32(0) // colour tables: set below
	e.i16(int16(len(c.Sequences)))
	e.i32(0)
	e.i16(int16(len(c.Frames)))
	e.i32(0)
	e.i16(int16(len(c.Bitmaps)))
	e.i32(0)
	e.i16(c.PixelsToWorld)
	e.i32(c.Size)
	e.fill(definitionSize - len(e.b))

	// Records go in reverse order, each after a gap.
	record := func(write func()) int32 {
		e.fill(2)
		at := len(e.b)
		write()
		return int32(at)
	}
	bitmaps := make([]int32, len(c.Bitmaps))
	for i := len(c.Bitmaps) - 1; i >= 0; i-- {
		bitmaps[i] = record(func() { encodeBitmap(e, &c.Bitmaps[i]) })
	}
	frames := make([]int32, len(c.Frames))
	for i := len(c.Frames) - 1; i >= 0; i-- {
		frames[i] = record(func() { encodeFrame(e, &c.Frames[i]) })
	}
	sequences := make([]int32, len(c.Sequences))
	for i := len(c.Sequences) - 1; i >= 0; i-- {
		sequences[i] = record(func() { encodeSequence(e, &c.Sequences[i]) })
	}
	e.setI32(10, record(func() {
		for _, t := range c.ColorTables {
			for _, col := range t {
				e.u8(col.Flags)
				e.u8(col.Value)
				e.u16(col.Red)
				e.u16(col.Green)
				e.u16(col.Blue)
			}
		}
	}))
	for _, t := range []struct {
		at      int
		offsets []int32
	}{{16, sequences}, {22, frames}, {28, bitmaps}} {
		e.setI32(t.at, record(func() {
			for _, o := range t.offsets {
				e.i32(o)
			}
		}))
	}
	return e.b
}

func encodeSequence(e *enc, s *shapes.Sequence) {
	e.i16(s.Type)
	e.u16(s.Flags)
	if len(s.Name) > 33 {
		panic(fmt.Sprintf("sequence name %q is longer than 33 bytes", s.Name))
	}
	e.u8(uint8(len(s.Name)))
	e.b = append(e.b, s.Name...)
	e.fill(33 - len(s.Name))
	for _, v := range []int16{s.ViewType, s.FramesPerView, s.TicksPerFrame, s.KeyFrame, s.TransferMode, s.TransferPeriod,
		s.FirstFrameSound, s.KeyFrameSound, s.LastFrameSound, s.PixelsToWorld, s.LoopFrame} {
		e.i16(v)
	}
	e.fill(14 * 2)
	for _, f := range s.Frames {
		e.i16(f)
	}
	e.i16(-1) // terminator
}

func encodeFrame(e *enc, f *shapes.Frame) {
	e.u16(f.Flags)
	e.i32(f.MinLight)
	for _, v := range []int16{f.BitmapIndex, f.OriginX, f.OriginY, f.KeyX, f.KeyY,
		f.WorldLeft, f.WorldRight, f.WorldTop, f.WorldBottom, f.WorldX0, f.WorldY0} {
		e.i16(v)
	}
	e.fill(4 * 2)
}

// encodeBitmap writes a bitmap in its own order: raw scanlines of
// BytesPerRow bytes (padding filled with garbage), or one run per
// scanline spanning its opaque pixels, which must be contiguous.
func encodeBitmap(e *enc, b *shapes.Bitmap) {
	e.i16(int16(b.Width))
	e.i16(int16(b.Height))
	e.i16(b.BytesPerRow)
	e.u16(b.Flags)
	e.i16(b.BitDepth)
	e.fill(16)
	scanlines, length := b.Height, b.Width
	if b.ColumnOrder() {
		scanlines, length = length, scanlines
	}
	e.fill((scanlines + 1) * 4)
	for l := range scanlines {
		line := make([]int, length) // row-major index of each element
		for el := range line {
			line[el] = Index(b, l, el)
		}
		if !b.RLE() {
			for _, i := range line {
				e.u8(b.Pixels[i])
			}
			e.fill(int(b.BytesPerRow) - length)
			continue
		}
		first, end := 0, 0
		for el, i := range line {
			if b.Opaque[i] {
				if end == 0 {
					first = el
				}
				end = el + 1
			}
		}
		e.i16(int16(first))
		e.i16(int16(end))
		for _, i := range line[first:end] {
			if !b.Opaque[i] {
				panic(fmt.Sprintf("bitmap %dx%d: scanline %d has two runs", b.Width, b.Height, l))
			}
			e.u8(b.Pixels[i])
		}
	}
}

// Index is the row-major index of element e of scanline l of b (a
// scanline is a column in column order, a row otherwise).
func Index(b *shapes.Bitmap, l, e int) int {
	if b.ColumnOrder() {
		return e*b.Width + l
	}
	return l*b.Width + e
}

// RawBitmap is an uncompressed bitmap in row or column order whose
// scanlines carry pad bytes past their pixels; pixel (x, y) is pix(x, y).
func RawBitmap(w, h int, column bool, pad int, pix func(x, y int) uint8) shapes.Bitmap {
	b := shapes.Bitmap{Width: w, Height: h, BitDepth: 8, BytesPerRow: int16(w + pad), Pixels: make([]uint8, w*h)}
	if column {
		b.Flags, b.BytesPerRow = shapes.ColumnOrder, int16(h+pad)
	}
	for y := range h {
		for x := range w {
			b.Pixels[y*w+x] = pix(x, y)
		}
	}
	return b
}

// RLEBitmap is a run-length bitmap: pixel (x, y) is pix(x, y) where
// opaque(x, y) holds (one run per scanline), transparent (0) elsewhere.
func RLEBitmap(w, h int, column bool, opaque func(x, y int) bool, pix func(x, y int) uint8) shapes.Bitmap {
	b := shapes.Bitmap{Width: w, Height: h, BitDepth: 8, BytesPerRow: shapes.RunLength, Flags: shapes.Transparent,
		Pixels: make([]uint8, w*h), Opaque: make([]bool, w*h)}
	if column {
		b.Flags |= shapes.ColumnOrder
	}
	for y := range h {
		for x := range w {
			if opaque(x, y) {
				b.Pixels[y*w+x], b.Opaque[y*w+x] = pix(x, y), true
			}
		}
	}
	return b
}

// ColorTable is n colours; entry i stands for palette index value(i), its
// red rising and blue falling with i, its green shade; the last entry is
// self-luminescent.
func ColorTable(n int, value func(i int) int, shade uint16) []shapes.Color {
	t := make([]shapes.Color, n)
	for i := range t {
		t[i] = shapes.Color{Value: uint8(value(i)), Red: uint16(i) * 0x1111, Green: shade, Blue: 0xffff - uint16(i)*0x0f0f}
	}
	t[n-1].Flags = shapes.SelfLuminescent
	return t
}
