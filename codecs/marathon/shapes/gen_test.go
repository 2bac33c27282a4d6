package shapes

import (
	"encoding/binary"
	"fmt"
)

// This file is a Shapes file generator built from the format's structures
// (marathon-structures.md, "Shapes", with the corrections in NOTES.md). It
// lays records out unlike the previous record's end would suggest: records
// in reverse order with gaps between them, offset tables last, collections
// in the file in reverse order, unused bytes and placeholders filled with
// garbage, so that the reader must follow every offset.

// garbage fills bytes a reader must skip.
const garbage = 0xA5

// enc appends big-endian values.
type enc struct{ b []byte }

func (e *enc) u8(v uint8)   { e.b = append(e.b, v) }
func (e *enc) u16(v uint16) { e.b = binary.BigEndian.AppendUint16(e.b, v) }
func (e *enc) i16(v int16)  { e.u16(uint16(v)) }
func (e *enc) i32(v int32)  { e.b = binary.BigEndian.AppendUint32(e.b, uint32(v)) }
func (e *enc) fill(n int) {
	for range n {
		e.b = append(e.b, garbage)
	}
}
func (e *enc) setI32(at int, v int32) { binary.BigEndian.PutUint32(e.b[at:], uint32(v)) }

// copies are the collections to write in each header's two slots; a nil
// collection leaves its slot absent (offset -1).
type copies struct{ bit8, bit16 *Collection }

// encodeFile writes a Shapes file holding the given collections.
func encodeFile(cols [Collections]copies) []byte {
	e := &enc{}
	for i := range Collections {
		e.i16(int16(i))           // status
		e.u16(uint16(0x0100 + i)) // flags
		e.i32(-1)
		e.i32(0)
		e.i32(-1)
		e.i32(0)
		e.fill(12)
	}
	for i := Collections - 1; i >= 0; i-- {
		for slot, c := range []*Collection{cols[i].bit8, cols[i].bit16} {
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
func encodeCollection(c *Collection) []byte {
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

func encodeSequence(e *enc, s *Sequence) {
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

func encodeFrame(e *enc, f *Frame) {
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
func encodeBitmap(e *enc, b *Bitmap) {
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
			line[el] = int(b.index(int64(l), int64(el)))
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
