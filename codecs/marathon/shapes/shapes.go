// Package shapes reads Marathon 2 and Infinity Shapes files: 32
// collections, each holding colour tables, sequences (the engine's
// high-level shapes), frames (low-level shapes) and the bitmaps that walls,
// sprites and the interface are drawn from.
//
// Every offset inside a collection is relative to the collection's start
// and is followed as stored, never assumed to follow the previous record.
// Errors are *bin.Error values naming the file offset of the field that
// could not be honoured and what was expected there.
package shapes

import (
	"encoding/binary"
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

var be = binary.BigEndian

// Collections is the number of collection headers a Shapes file starts with.
const Collections = 32

// Sizes of the fixed records, in bytes.
const (
	headerSize     = 32
	definitionSize = 544
	colorSize      = 8
	sequenceSize   = 88
	frameSize      = 36
	// bitmapHeaderSize counts the header fields and the first of the
	// (scanlines + 1) placeholder row addresses that follow them.
	bitmapHeaderSize = 30
)

// Header is one of the 32 collection headers. A collection is stored up to
// twice: the 8-bit copy (Offset, Length) and the 16/32-bit copy (Offset16,
// Length16); an absent copy has offset -1.
type Header struct {
	Status   int16
	Flags    uint16
	Offset   int32
	Length   int32
	Offset16 int32
	Length16 int32
}

// File is a decoded Shapes file: its headers, and the 8-bit copy of each
// collection (nil where the header has none).
type File struct {
	Headers     [Collections]Header
	Collections [Collections]*Collection
}

// CollectionType says what a collection holds and so how its bitmaps are
// stored.
type CollectionType int16

// Collection types.
const (
	TypeUnused    CollectionType = iota // raw bitmaps
	TypeWall                            // raw bitmaps: wall, floor and ceiling textures
	TypeObject                          // run-length bitmaps: monsters, items, weapons
	TypeInterface                       // raw bitmaps
	TypeScenery                         // run-length bitmaps
)

// Collection is a collection definition and the records it points at.
type Collection struct {
	Version       int16
	Type          CollectionType
	Flags         uint16
	PixelsToWorld int16
	// Size is the collection's own record of its length.
	Size        int32
	ColorTables [][]Color
	Sequences   []Sequence
	Frames      []Frame
	Bitmaps     []Bitmap
}

// SelfLuminescent is the Color flag of a colour that ignores lighting.
const SelfLuminescent = 0x80

// Color is one colour table entry: the palette index (Value) it stands
// for, its flags, and 16-bit red, green and blue.
type Color struct {
	Flags            uint8
	Value            uint8
	Red, Green, Blue uint16
}

// Sequence is a high-level shape: an animation of frames seen from one or
// more views.
type Sequence struct {
	Type  int16
	Flags uint16
	// Name is the Pascal string's bytes as stored (Mac OS Roman).
	Name string
	// ViewType is the stored view type ("number of views"); Views gives
	// the number of views it stands for.
	ViewType        int16
	FramesPerView   int16
	TicksPerFrame   int16
	KeyFrame        int16
	TransferMode    int16
	TransferPeriod  int16
	FirstFrameSound int16
	KeyFrameSound   int16
	LastFrameSound  int16
	PixelsToWorld   int16
	LoopFrame       int16
	// Frames are the frame (low-level shape) indexes, view by view:
	// Views() * FramesPerView of them.
	Frames []int16
}

// Views is the number of views the sequence's view type stands for.
func (s *Sequence) Views() int { return Views(s.ViewType) }

// Views is the number of views a sequence view type stands for, as the
// engine counts them: 1 and 10 are one view, 3 and 4 four, 9 and 11 five,
// 2, 5 and 8 eight; any other value is its own count.
func Views(viewType int16) int {
	switch viewType {
	case 1, 10:
		return 1
	case 3, 4:
		return 4
	case 9, 11:
		return 5
	case 2, 5, 8:
		return 8
	}
	return int(viewType)
}

// Frame flags.
const (
	XMirrored        = 0x8000
	YMirrored        = 0x4000
	KeypointObscured = 0x2000
)

// Frame is a low-level shape: a bitmap placed in the world.
type Frame struct {
	Flags uint16
	// MinLight is the minimum light intensity, 16.16 fixed point in
	// [0, 1].
	MinLight    int32
	BitmapIndex int16
	// Origin and key point, in pixels.
	OriginX, OriginY int16
	KeyX, KeyY       int16
	// World bounds and origin, in world units.
	WorldLeft, WorldRight, WorldTop, WorldBottom int16
	WorldX0, WorldY0                             int16
}

// XMirrored reports whether the frame is drawn mirrored left to right.
func (f *Frame) XMirrored() bool { return f.Flags&XMirrored != 0 }

// YMirrored reports whether the frame is drawn mirrored top to bottom.
func (f *Frame) YMirrored() bool { return f.Flags&YMirrored != 0 }

// Bitmap flags.
const (
	ColumnOrder = 0x8000
	Transparent = 0x4000
)

// RunLength is the BytesPerRow of a run-length (transparent) bitmap.
const RunLength = -1

// Bitmap is a bitmap header and its pixels.
type Bitmap struct {
	Width, Height int
	// BytesPerRow is the stored length of a scanline (a column in column
	// order), or RunLength.
	BytesPerRow int16
	Flags       uint16
	BitDepth    int16
	// Pixels holds Width*Height colour indexes, row by row from the top
	// left, whatever order the file stores them in.
	Pixels []uint8
	// Opaque marks, for a run-length bitmap, the pixels inside a run
	// (Width*Height of them, row by row); it is nil for other bitmaps.
	Opaque []bool
}

// ColumnOrder reports whether the file stores the bitmap column by column.
func (b *Bitmap) ColumnOrder() bool { return b.Flags&ColumnOrder != 0 }

// RLE reports whether the bitmap is stored run-length encoded.
func (b *Bitmap) RLE() bool { return b.BytesPerRow == RunLength }

// maxRunLengthExpansion bounds how many pixels a run-length bitmap may
// decode to per byte it occupies, so that a few bytes cannot claim a huge
// picture (a scanline with no run costs 4 bytes, so this admits empty
// scanlines up to 1024 pixels long), and how many elements a collection
// may decode to per byte.
const maxRunLengthExpansion = 256

// Decode reads a Shapes file: the 32 headers and the 8-bit copy of every
// collection that has one.
func Decode(data []byte) (*File, error) {
	if len(data) < Collections*headerSize {
		return nil, bin.Errorf(int64(len(data)), "shapes", "%d collection headers (%d bytes), the file has %d bytes",
			Collections, Collections*headerSize, len(data))
	}
	f := &File{}
	for i := range f.Headers {
		p := data[i*headerSize:]
		f.Headers[i] = Header{
			Status:   int16(be.Uint16(p)),
			Flags:    be.Uint16(p[2:]),
			Offset:   int32(be.Uint32(p[4:])),
			Length:   int32(be.Uint32(p[8:])),
			Offset16: int32(be.Uint32(p[12:])),
			Length16: int32(be.Uint32(p[16:])),
		}
	}
	for i, h := range f.Headers {
		if h.Offset == -1 {
			continue
		}
		where := fmt.Sprintf("shapes collection %d", i)
		at := int64(i * headerSize)
		if h.Offset < 0 || int64(h.Offset) > int64(len(data)) {
			return nil, bin.Errorf(at+4, where, "an offset within the file's %d bytes or -1, not %d", len(data), h.Offset)
		}
		if h.Length < 0 || int64(h.Length) > int64(len(data))-int64(h.Offset) {
			return nil, bin.Errorf(at+8, where, "a length within the %d bytes after offset %d, not %d",
				int64(len(data))-int64(h.Offset), h.Offset, h.Length)
		}
		left := maxRunLengthExpansion * int64(h.Length)
		c, err := decodeCollection(span{data[h.Offset : h.Offset+h.Length], int64(h.Offset), where, &left})
		if err != nil {
			return nil, err
		}
		f.Collections[i] = c
	}
	return f, nil
}

// span is one collection's bytes and where they sit in the file.
type span struct {
	b     []byte
	base  int64
	where string
	// left is how many more pixels and indexes the collection may decode
	// to: offset tables may list the same record many times, so the sum is
	// bounded, not only each record.
	left *int64
}

// spend takes n decoded elements from the collection's allowance, or
// returns an error at file offset from.
func (s span) spend(from, n int64, what string) error {
	if n > *s.left {
		return bin.Errorf(from, s.where, "%s within the collection's allowance of %d more decoded elements (%d per byte)",
			what, *s.left, maxRunLengthExpansion)
	}
	*s.left -= n
	return nil
}

// at returns the n bytes at collection offset off, or an error at file
// offset from (the field that gave off, or the record being read) saying
// what was expected.
func (s span) at(from, off, n int64, what string) ([]byte, error) {
	if off < 0 || n < 0 || off > int64(len(s.b)) || n > int64(len(s.b))-off {
		return nil, bin.Errorf(from, s.where, "%s (%d bytes at collection offset %d) within the collection's %d bytes",
			what, n, off, len(s.b))
	}
	return s.b[off : off+n], nil
}

// count reads the i16 count at collection offset off, which must not be
// negative.
func (s span) count(off int64, what string) (int64, error) {
	n := int16(be.Uint16(s.b[off:]))
	if n < 0 {
		return 0, bin.Errorf(s.base+off, s.where, "a %s count of 0 or more, not %d", what, n)
	}
	return int64(n), nil
}

func decodeCollection(s span) (*Collection, error) {
	d, err := s.at(s.base, 0, definitionSize, "the collection definition")
	if err != nil {
		return nil, err
	}
	c := &Collection{
		Version:       int16(be.Uint16(d)),
		Type:          CollectionType(be.Uint16(d[2:])),
		Flags:         be.Uint16(d[4:]),
		PixelsToWorld: int16(be.Uint16(d[32:])),
		Size:          int32(be.Uint32(d[34:])),
	}
	if c.ColorTables, err = s.colorTables(); err != nil {
		return nil, err
	}
	if c.Sequences, err = table(s, 14, "sequence", s.sequence); err != nil {
		return nil, err
	}
	if c.Frames, err = table(s, 20, "frame", s.frame); err != nil {
		return nil, err
	}
	if c.Bitmaps, err = table(s, 26, "bitmap", s.bitmap); err != nil {
		return nil, err
	}
	return c, nil
}

// colorTables reads the CLUT count tables of colour count entries each.
func (s span) colorTables() ([][]Color, error) {
	colors, err := s.count(6, "colour")
	if err != nil {
		return nil, err
	}
	tables, err := s.count(8, "colour table")
	if err != nil {
		return nil, err
	}
	if colors == 0 || tables == 0 {
		return nil, nil
	}
	off := int64(int32(be.Uint32(s.b[10:])))
	b, err := s.at(s.base+10, off, tables*colors*colorSize, fmt.Sprintf("%d colour tables of %d colours", tables, colors))
	if err != nil {
		return nil, err
	}
	out := make([][]Color, tables)
	for t := range out {
		out[t] = make([]Color, colors)
		for i := range out[t] {
			p := b[(int64(t)*colors+int64(i))*colorSize:]
			out[t][i] = Color{Flags: p[0], Value: p[1], Red: be.Uint16(p[2:]), Green: be.Uint16(p[4:]), Blue: be.Uint16(p[6:])}
		}
	}
	return out, nil
}

// table reads the records listed by the offset table whose count is at
// collection offset at (its offset follows the count), each with read.
func table[T any](s span, at int64, what string, read func(from, off int64) (T, error)) ([]T, error) {
	n, err := s.count(at, what)
	if err != nil || n == 0 {
		return nil, err
	}
	off := int64(int32(be.Uint32(s.b[at+2:])))
	offsets, err := s.at(s.base+at+2, off, n*4, fmt.Sprintf("a table of %d %s offsets", n, what))
	if err != nil {
		return nil, err
	}
	out := make([]T, n)
	for i := range out {
		from := s.base + off + int64(i)*4
		if out[i], err = read(from, int64(int32(be.Uint32(offsets[i*4:])))); err != nil {
			return nil, fmt.Errorf("%s %d: %w", what, i, err)
		}
	}
	return out, nil
}

func (s span) sequence(from, off int64) (Sequence, error) {
	b, err := s.at(from, off, sequenceSize, "a sequence")
	if err != nil {
		return Sequence{}, err
	}
	i16 := func(o int) int16 { return int16(be.Uint16(b[o:])) }
	q := Sequence{
		Type:            i16(0),
		Flags:           be.Uint16(b[2:]),
		Name:            pascal(b[4:38]),
		ViewType:        i16(38),
		FramesPerView:   i16(40),
		TicksPerFrame:   i16(42),
		KeyFrame:        i16(44),
		TransferMode:    i16(46),
		TransferPeriod:  i16(48),
		FirstFrameSound: i16(50),
		KeyFrameSound:   i16(52),
		LastFrameSound:  i16(54),
		PixelsToWorld:   i16(56),
		LoopFrame:       i16(58),
	}
	if q.Views() < 0 {
		return Sequence{}, bin.Errorf(s.base+off+38, s.where, "a view type of 0 or more, not %d", q.ViewType)
	}
	if q.FramesPerView < 0 {
		return Sequence{}, bin.Errorf(s.base+off+40, s.where, "a frames-per-view count of 0 or more, not %d", q.FramesPerView)
	}
	n := int64(q.Views()) * int64(q.FramesPerView)
	idx, err := s.at(s.base+off+38, off+sequenceSize, n*2,
		fmt.Sprintf("%d views x %d frame indexes", q.Views(), q.FramesPerView))
	if err != nil {
		return Sequence{}, err
	}
	if err := s.spend(s.base+off+38, n, fmt.Sprintf("%d frame indexes", n)); err != nil {
		return Sequence{}, err
	}
	q.Frames = make([]int16, n)
	for i := range q.Frames {
		q.Frames[i] = int16(be.Uint16(idx[i*2:]))
	}
	return q, nil
}

// pascal returns a Pascal string's bytes: a length byte, then the text,
// cut at the field's end.
func pascal(b []byte) string {
	n := min(int(b[0]), len(b)-1)
	return string(b[1 : 1+n])
}

func (s span) frame(from, off int64) (Frame, error) {
	b, err := s.at(from, off, frameSize, "a frame")
	if err != nil {
		return Frame{}, err
	}
	i16 := func(o int) int16 { return int16(be.Uint16(b[o:])) }
	return Frame{
		Flags:       be.Uint16(b),
		MinLight:    int32(be.Uint32(b[2:])),
		BitmapIndex: i16(6),
		OriginX:     i16(8), OriginY: i16(10),
		KeyX: i16(12), KeyY: i16(14),
		WorldLeft: i16(16), WorldRight: i16(18), WorldTop: i16(20), WorldBottom: i16(22),
		WorldX0: i16(24), WorldY0: i16(26),
	}, nil
}

func (s span) bitmap(from, off int64) (Bitmap, error) {
	h, err := s.at(from, off, bitmapHeaderSize, "a bitmap header")
	if err != nil {
		return Bitmap{}, err
	}
	width, height := int16(be.Uint16(h)), int16(be.Uint16(h[2:]))
	b := Bitmap{
		Width:       int(width),
		Height:      int(height),
		BytesPerRow: int16(be.Uint16(h[4:])),
		Flags:       be.Uint16(h[6:]),
		BitDepth:    int16(be.Uint16(h[8:])),
	}
	if width < 0 || height < 0 {
		return Bitmap{}, bin.Errorf(s.base+off, s.where, "a width and height of 0 or more, not %dx%d", width, height)
	}
	// A scanline is a column in column order, a row otherwise.
	scanlines, length := int64(height), int64(width)
	if b.ColumnOrder() {
		scanlines, length = length, scanlines
	}
	// The header is followed by (scanlines + 1) placeholder row addresses;
	// bitmapHeaderSize counts the first.
	pixels := off + bitmapHeaderSize + scanlines*4
	switch {
	case b.RLE():
		err = s.runLength(&b, off, pixels, scanlines, length)
	case b.BytesPerRow < 0 || int64(b.BytesPerRow) < length:
		err = bin.Errorf(s.base+off+4, s.where, "bytes per row of %d or more (the scanline length), or -1 for run-length, not %d",
			length, b.BytesPerRow)
	default:
		err = s.raw(&b, off, pixels, scanlines, length)
	}
	if err != nil {
		return Bitmap{}, err
	}
	return b, nil
}

// raw reads scanlines of BytesPerRow bytes, of which the first length are
// pixels.
func (s span) raw(b *Bitmap, off, pixels, scanlines, length int64) error {
	pitch := int64(b.BytesPerRow)
	data, err := s.at(s.base+off, pixels, scanlines*pitch,
		fmt.Sprintf("%d scanlines of %d bytes for a %dx%d bitmap", scanlines, pitch, b.Width, b.Height))
	if err != nil {
		return err
	}
	if err := s.spend(s.base+off, int64(b.Width)*int64(b.Height), fmt.Sprintf("%dx%d pixels", b.Width, b.Height)); err != nil {
		return err
	}
	b.Pixels = make([]uint8, b.Width*b.Height)
	for l := range scanlines {
		line := data[l*pitch : l*pitch+length]
		for e, v := range line {
			b.Pixels[b.index(l, int64(e))] = v
		}
	}
	return nil
}

// runLength reads one run per scanline: the first element (i16), the
// element after the last (i16), then the pixels between them; elements
// outside the run are transparent.
func (s span) runLength(b *Bitmap, off, pixels, scanlines, length int64) error {
	type run struct {
		line, first int64
		data        []byte
	}
	var runs []run
	p := pixels
	for l := range scanlines {
		h, err := s.at(s.base+off, p, 4, fmt.Sprintf("scanline %d's run bounds", l))
		if err != nil {
			return err
		}
		first, end := int64(int16(be.Uint16(h))), int64(int16(be.Uint16(h[2:])))
		if first < 0 || first > end || end > length {
			return bin.Errorf(s.base+p, s.where, "a run with 0 <= first <= end <= %d, not %d to %d", length, first, end)
		}
		data, err := s.at(s.base+p, p+4, end-first, fmt.Sprintf("scanline %d's %d pixels", l, end-first))
		if err != nil {
			return err
		}
		runs = append(runs, run{l, first, data})
		p += 4 + end - first
	}
	area, size := int64(b.Width)*int64(b.Height), p-pixels
	if area > maxRunLengthExpansion*size {
		return bin.Errorf(s.base+off, s.where, "at most %d pixels for a run-length bitmap of %d bytes, not %dx%d",
			maxRunLengthExpansion*size, size, b.Width, b.Height)
	}
	if err := s.spend(s.base+off, 2*area, fmt.Sprintf("%dx%d pixels", b.Width, b.Height)); err != nil {
		return err
	}
	b.Pixels = make([]uint8, b.Width*b.Height)
	b.Opaque = make([]bool, b.Width*b.Height)
	for _, r := range runs {
		for e, v := range r.data {
			i := b.index(r.line, r.first+int64(e))
			b.Pixels[i], b.Opaque[i] = v, true
		}
	}
	return nil
}

// index is the row-major index of element e of scanline l.
func (b *Bitmap) index(l, e int64) int64 {
	if b.ColumnOrder() {
		return e*int64(b.Width) + l
	}
	return l*int64(b.Width) + e
}
