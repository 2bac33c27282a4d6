package images

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"github.com/levelwright/levelwright/codecs/bin"
)

// PICT opcodes this decoder acts on; every other opcode of a version 2
// picture is skipped by its documented length.
const (
	opClip           = 0x0001
	opVersion        = 0x0011
	opBkPixPat       = 0x0012
	opFillPixPat     = 0x0014
	opBitsRect       = 0x0090
	opBitsRgn        = 0x0091
	opPackBitsRect   = 0x0098
	opDirectBitsRect = 0x009A
	opDirectBitsRgn  = 0x009B
	opLongComment    = 0x00A1
	opEnd            = 0x00FF
	version2         = 0x02FF
)

// Sizes, in bytes.
const (
	pictHeaderSize = 10
	rectSize       = 8
	pixMapSize     = 36 // a PixMap after its row bytes and bounds
	regionHeader   = 10 // a region's size and bounding box
	// maxPixelsPerByte bounds the frame a picture's bytes can fill: the
	// densest PackBits row, 128 bytes of 1-bit pixels from 2 bytes.
	maxPixelsPerByte = 128 * 8 / 2
)

// Picture is a decoded picture: a PICT resource, or the wad form's pict.
type Picture struct {
	// Frame is the picture frame of the header, in QuickDraw coordinates.
	Frame image.Rectangle
	// Depth is the bits per pixel of the first pixel map: 1, 2, 4 or 8
	// (indexed) or 16 or 32 (direct); 1 for a plain BitMap.
	Depth int
	// Image is the picture, Frame's size with its origin at (0, 0): the
	// pixel map itself when a single one fills the frame (an
	// *image.Paletted for indexed depths), else the pixel maps drawn in
	// order over white.
	Image image.Image
}

// DecodePICT decodes the data of a version 2 PICT resource; error offsets
// are from the start of data.
func DecodePICT(data []byte) (*Picture, error) {
	return decodePICT(data, 0, "PICT")
}

// layer is a pixel map and where the picture draws it.
type layer struct {
	img      image.Image // origin (0, 0), the size of bounds
	bounds   image.Rectangle
	src, dst image.Rectangle
}

// pictReader walks a picture's opcodes.
type pictReader struct {
	data   []byte
	pos    int
	base   int64 // the file offset of data[0]
	where  string
	layers []layer
	depth  int
}

func (r *pictReader) errorf(at int, format string, args ...any) error {
	return bin.Errorf(r.base+int64(at), r.where, format, args...)
}

// take returns the next n bytes, or an error saying what they were.
func (r *pictReader) take(n int, what string) ([]byte, error) {
	if n < 0 || n > len(r.data)-r.pos {
		return nil, r.errorf(r.pos, "%s of %d bytes, the picture ends after %d", what, n, len(r.data)-r.pos)
	}
	b := r.data[r.pos : r.pos+n]
	r.pos += n
	return b, nil
}

func (r *pictReader) u16(what string) (int, error) {
	b, err := r.take(2, what)
	if err != nil {
		return 0, err
	}
	return int(be.Uint16(b)), nil
}

func (r *pictReader) u32(what string) (int64, error) {
	b, err := r.take(4, what)
	if err != nil {
		return 0, err
	}
	return int64(be.Uint32(b)), nil
}

// rect reads a QuickDraw rectangle: top, left, bottom, right.
func (r *pictReader) rect(what string) (image.Rectangle, error) {
	b, err := r.take(rectSize, what)
	if err != nil {
		return image.Rectangle{}, err
	}
	s := func(i int) int { return int(int16(be.Uint16(b[i:]))) }
	return image.Rectangle{Min: image.Point{s(2), s(0)}, Max: image.Point{s(6), s(4)}}, nil
}

func decodePICT(data []byte, base int64, where string) (*Picture, error) {
	r := &pictReader{data: data, base: base, where: where}
	if _, err := r.take(2, "the picture size"); err != nil {
		return nil, err
	}
	frame, err := r.rect("the picture frame")
	if err != nil {
		return nil, err
	}
	if frame.Dx() <= 0 || frame.Dy() <= 0 {
		return nil, r.errorf(2, "a picture frame with right > left and bottom > top, got %v", frame)
	}
	if len(data) >= pictHeaderSize+2 && data[pictHeaderSize] == 0x11 && data[pictHeaderSize+1] == 0x01 {
		return nil, r.errorf(pictHeaderSize, "a version 2 picture (opcode 0x0011 0x02FF), got a version 1 picture")
	}
	for {
		r.pos += r.pos & 1 // opcodes start on even offsets
		at := r.pos
		op, err := r.u16("an opcode")
		if err != nil {
			return nil, err
		}
		if op == opEnd {
			break
		}
		if err := r.opcode(op, at); err != nil {
			return nil, err
		}
	}
	if len(r.layers) == 0 {
		return nil, r.errorf(r.pos-2, "a pixel map (opcode 0x0090, 0x0091 or 0x0098 to 0x009B) before the end, the picture has none")
	}
	img, err := r.compose(frame)
	if err != nil {
		return nil, err
	}
	return &Picture{Frame: frame, Depth: r.depth, Image: img}, nil
}

// opcode reads the data of opcode op, which starts at offset at.
func (r *pictReader) opcode(op, at int) error {
	what := fmt.Sprintf("the data of opcode %#04x", op)
	switch {
	case op == opVersion:
		v, err := r.u16("the picture version")
		if err != nil {
			return err
		}
		if v != version2 {
			return r.errorf(at+2, "picture version %#04x, got %#04x", version2, v)
		}
		return nil
	case op == opBitsRect, op == opBitsRgn, op >= opPackBitsRect && op <= opDirectBitsRgn:
		return r.bits(op)
	case op >= opBkPixPat && op <= opFillPixPat:
		return r.pixPat()
	case op == opClip, op >= 0x0070 && op <= 0x0087 && op&0x0F < 8:
		// A region or a polygon: its size counts its own two bytes.
		size, err := r.u16(what)
		if err != nil {
			return err
		}
		if size < 2 {
			return r.errorf(at+2, "a region or polygon size of at least 2, got %d", size)
		}
		_, err = r.take(size-2, what)
		return err
	case op >= 0x0028 && op <= 0x002B:
		// Text: a position (4, 1, 1 or 2 bytes), a count and the text.
		if _, err := r.take([]int{4, 1, 1, 2}[op-0x0028], what); err != nil {
			return err
		}
		n, err := r.take(1, "the text length")
		if err != nil {
			return err
		}
		_, err = r.take(int(n[0]), "the text")
		return err
	case op == opLongComment:
		if _, err := r.take(2, "the comment kind"); err != nil {
			return err
		}
		fallthrough
	case op >= 0x0024 && op <= 0x0027, op >= 0x002C && op <= 0x002F, op >= 0x0092 && op <= 0x0097,
		op >= 0x009C && op <= 0x009F, op >= 0x00A2 && op <= 0x00AF:
		n, err := r.u16(what)
		if err != nil {
			return err
		}
		_, err = r.take(n, what)
		return err
	case op >= 0x00D0 && op <= 0x00FE, op >= 0x8100:
		n, err := r.u32(what)
		if err != nil {
			return err
		}
		if n > int64(len(r.data)) {
			return r.errorf(at+2, "%s of %d bytes, the picture has %d", what, n, len(r.data))
		}
		_, err = r.take(int(n), what)
		return err
	case op >= 0x0100 && op <= 0x7FFF:
		_, err := r.take(op>>8*2, what)
		return err
	}
	_, err := r.take(fixedLength(op), what)
	return err
}

// fixedLength is the data length of an opcode below 0x0100 (or the
// reserved 0x8000 to 0x80FF, which have none) that carries fixed-size
// data.
func fixedLength(op int) int {
	switch {
	case op >= 0x0030 && op < 0x0070:
		// Rectangles, rounded rectangles and ovals (8), arcs (12), and
		// their "same" forms (none, or the arc's 4 angle bytes).
		same := op&0x08 != 0
		arc := op >= 0x0060
		switch {
		case arc && same:
			return 4
		case arc:
			return 12
		case same:
			return 0
		}
		return 8
	case op >= 0x0100:
		return 0
	}
	switch op {
	case 0x0004:
		return 1
	case 0x0003, 0x0005, 0x0008, 0x000D, 0x0015, 0x0016, 0x0023, 0x00A0:
		return 2
	case 0x0006, 0x0007, 0x000B, 0x000C, 0x000E, 0x000F, 0x0021:
		return 4
	case 0x001A, 0x001B, 0x001D, 0x001F, 0x0022:
		return 6
	case 0x0002, 0x0009, 0x000A, 0x0010, 0x0020:
		return 8
	}
	return 0 // NOP, HiliteMode, DefHilite, reserved 0x0017-0x0019, 0x00B0-0x00CF and the "same" shapes
}

// pixMap is a BitMap or PixMap header.
type pixMap struct {
	at       int // the offset of the row bytes field
	rowBytes int
	isPixMap bool
	bounds   image.Rectangle
	packType int
	depth    int
	cmpCount int
	palette  color.Palette
	// rle says the rows are PackBits-encoded: when the opcode packs, for
	// rows of 8 bytes or more, unless the pack type says not.
	rle bool
}

// readPixMap reads a BitMap or PixMap header, and the colour table that
// follows it when withTable; opPacks says whether the opcode packs rows.
func (r *pictReader) readPixMap(withTable, opPacks bool) (*pixMap, error) {
	pm := &pixMap{at: r.pos, depth: 1, palette: color.Palette{color.White, color.Black}}
	rb, err := r.u16("the row bytes")
	if err != nil {
		return nil, err
	}
	pm.isPixMap, pm.rowBytes = rb&0x8000 != 0, rb&0x3FFF
	if pm.bounds, err = r.rect("the pixel map bounds"); err != nil {
		return nil, err
	}
	if pm.bounds.Dx() < 0 || pm.bounds.Dy() < 0 {
		return nil, r.errorf(pm.at+2, "pixel map bounds with right >= left and bottom >= top, got %v", pm.bounds)
	}
	if !pm.isPixMap {
		pm.rle = opPacks && pm.rowBytes >= 8
		return pm, r.checkRowBytes(pm)
	}
	b, err := r.take(pixMapSize, "the pixel map")
	if err != nil {
		return nil, err
	}
	pm.packType, pm.depth, pm.cmpCount = int(be.Uint16(b[2:])), int(be.Uint16(b[18:])), int(be.Uint16(b[20:]))
	switch pm.depth {
	case 1, 2, 4, 8, 16, 32:
	default:
		return nil, r.errorf(pm.at+10+18, "a pixel size of 1, 2, 4, 8, 16 or 32 bits, got %d", pm.depth)
	}
	if withTable {
		t, n, err := decodeColorTable(r.data[r.pos:], r.base+int64(r.pos), r.where)
		if err != nil {
			return nil, err
		}
		r.pos += n
		pm.palette = t.Palette(1 << min(pm.depth, 8))
	} else if pm.depth <= 8 {
		return nil, r.errorf(pm.at+10+18, "a direct pixel map of 16 or 32 bits, got %d", pm.depth)
	}
	pm.rle = opPacks && pm.rowBytes >= 8 && pm.packType != 1 && !(pm.depth == 32 && pm.packType == 2)
	if pm.depth == 32 && pm.rle && pm.cmpCount != 3 && pm.cmpCount != 4 {
		return nil, r.errorf(pm.at+10+20, "3 or 4 components in a packed 32-bit pixel map, got %d", pm.cmpCount)
	}
	return pm, r.checkRowBytes(pm)
}

// checkRowBytes refuses rows too short for the pixels they hold.
func (r *pictReader) checkRowBytes(pm *pixMap) error {
	if need := pm.rowNeed(); pm.rowBytes < need {
		return r.errorf(pm.at, "at least %d row bytes for %d pixels of %d bits, got %d", need, pm.bounds.Dx(), pm.depth, pm.rowBytes)
	}
	return nil
}

// rowNeed is the number of bytes a row's pixels take once unpacked.
func (pm *pixMap) rowNeed() int {
	w := pm.bounds.Dx()
	switch {
	case pm.depth == 32 && pm.packType == 2:
		return 3 * w
	case pm.depth == 32 && pm.rle:
		return pm.cmpCount * w
	}
	return (w*pm.depth + 7) / 8
}

// bits reads a BitsRect, BitsRgn, PackBitsRect, PackBitsRgn,
// DirectBitsRect or DirectBitsRgn opcode and keeps its pixel map.
func (r *pictReader) bits(op int) error {
	direct := op == opDirectBitsRect || op == opDirectBitsRgn
	if direct {
		if _, err := r.take(4, "the base address"); err != nil {
			return err
		}
	}
	pm, err := r.readPixMap(!direct, op >= opPackBitsRect)
	if err != nil {
		return err
	}
	var l layer
	if l.src, err = r.rect("the source rectangle"); err != nil {
		return err
	}
	if l.dst, err = r.rect("the destination rectangle"); err != nil {
		return err
	}
	if _, err := r.take(2, "the transfer mode"); err != nil {
		return err
	}
	if op&1 != 0 { // the Rgn forms carry a mask region
		at := r.pos
		size, err := r.u16("the mask region size")
		if err != nil {
			return err
		}
		if size < regionHeader {
			return r.errorf(at, "a mask region of at least %d bytes, got %d", regionHeader, size)
		}
		if _, err := r.take(size-2, "the mask region"); err != nil {
			return err
		}
	}
	if l.img, err = r.pixels(pm); err != nil {
		return err
	}
	if len(r.layers) == 0 {
		r.depth = pm.depth
	}
	l.bounds = pm.bounds
	r.layers = append(r.layers, l)
	return nil
}

// pixPat reads a pixel pattern (BkPixPat, PnPixPat, FillPixPat): its
// type, an 8x8 1-bit pattern, then a pixel map (type 1) or an RGB colour
// (type 2).
func (r *pictReader) pixPat() error {
	at := r.pos
	kind, err := r.u16("the pattern type")
	if err != nil {
		return err
	}
	if _, err := r.take(8, "the 1-bit pattern"); err != nil {
		return err
	}
	switch kind {
	case 1:
		pm, err := r.readPixMap(true, true)
		if err != nil {
			return err
		}
		_, err = r.pixels(pm)
		return err
	case 2:
		_, err := r.take(6, "the pattern colour")
		return err
	}
	return r.errorf(at, "pattern type 1 or 2, got %d", kind)
}

// pixels reads a pixel map's rows and returns them as an image with its
// origin at (0, 0).
func (r *pictReader) pixels(pm *pixMap) (image.Image, error) {
	w, h := pm.bounds.Dx(), pm.bounds.Dy()
	packed := pm.rle
	stored := pm.rowBytes // a stored row's length when not packed
	if pm.depth == 32 && pm.packType == 2 {
		stored = pm.rowNeed()
	}
	// Check that the bytes left can hold the rows before allocating
	// them: an unpacked row is stored whole; a packed one needs its count
	// and at least 2 bytes for each 256 it unpacks to.
	minRow, countSize := stored, 1
	if pm.rowBytes > 250 {
		countSize = 2
	}
	if packed {
		minRow = countSize + 2*((pm.rowNeed()+255)/256)
	}
	if int64(h)*int64(minRow) > int64(len(r.data)-r.pos) {
		return nil, r.errorf(r.pos, "%d rows of at least %d bytes each, the picture ends after %d", h, minRow, len(r.data)-r.pos)
	}
	var set func(y int, row []byte)
	var img image.Image
	switch {
	case pm.depth <= 8:
		p := image.NewPaletted(image.Rect(0, 0, w, h), pm.palette)
		set = func(y int, row []byte) {
			perByte, mask := 8/pm.depth, byte(1<<pm.depth-1)
			for x := range w {
				shift := (perByte - 1 - x%perByte) * pm.depth
				p.Pix[y*p.Stride+x] = row[x/perByte] >> shift & mask
			}
		}
		img = p
	case pm.depth == 16:
		p := image.NewRGBA(image.Rect(0, 0, w, h))
		set = func(y int, row []byte) {
			for x := range w {
				v := be.Uint16(row[2*x:])
				put(p, x, y, five(v>>10), five(v>>5), five(v))
			}
		}
		img = p
	default:
		p := image.NewRGBA(image.Rect(0, 0, w, h))
		set = func(y int, row []byte) {
			for x := range w {
				switch {
				case packed: // planes of red, green and blue, after alpha when there are 4
					c := (pm.cmpCount - 3) * w
					put(p, x, y, row[c+x], row[c+w+x], row[c+2*w+x])
				case pm.packType == 2:
					put(p, x, y, row[3*x], row[3*x+1], row[3*x+2])
				default: // xRGB
					put(p, x, y, row[4*x+1], row[4*x+2], row[4*x+3])
				}
			}
		}
		img = p
	}
	if !packed && stored == 0 {
		return img, nil // rows of no bytes: nothing to read
	}
	buf := make([]byte, max(pm.rowBytes, stored))
	for y := range h {
		at, n := r.pos, stored
		if packed {
			if countSize > len(r.data)-r.pos {
				return nil, r.errorf(r.pos, "the length of row %d, the picture ends after %d bytes", y, len(r.data)-r.pos)
			}
			if n = int(r.data[r.pos]); countSize == 2 {
				n = int(be.Uint16(r.data[r.pos:]))
			}
			r.pos += countSize
		}
		if n > len(r.data)-r.pos {
			return nil, r.errorf(r.pos, "row %d of %d bytes, the picture ends after %d", y, n, len(r.data)-r.pos)
		}
		src := r.data[r.pos : r.pos+n]
		r.pos += n
		if !packed {
			set(y, src)
			continue
		}
		got, err := unpackBits(buf, src, pm.depth == 16)
		if err != nil {
			return nil, r.errorf(at+countSize, "row %d: %v", y, err)
		}
		if need := pm.rowNeed(); got < need {
			return nil, r.errorf(at, "row %d to unpack to at least %d bytes, got %d", y, need, got)
		}
		set(y, buf)
	}
	return img, nil
}

// five widens a 5-bit component (the low bits of v) to 8 bits.
func five(v uint16) uint8 {
	c := uint8(v & 0x1F)
	return c<<3 | c>>2
}

func put(p *image.RGBA, x, y int, red, green, blue uint8) {
	i := p.PixOffset(x, y)
	p.Pix[i], p.Pix[i+1], p.Pix[i+2], p.Pix[i+3] = red, green, blue, 0xFF
}

// unpackBits expands PackBits data into dst, by bytes or (words) by
// 16-bit units: a flag n of 0 to 127 copies n+1 units, -1 to -127 repeats
// the next unit 1-n times, -128 does nothing. It returns the bytes
// written, or an error when src ends inside a run or the runs overflow
// dst.
func unpackBits(dst, src []byte, words bool) (int, error) {
	unit := 1
	if words {
		unit = 2
	}
	n := 0
	for i := 0; i < len(src); {
		flag := int(int8(src[i]))
		i++
		switch {
		case flag == -128:
			continue
		case flag >= 0:
			size := (flag + 1) * unit
			if i+size > len(src) {
				return 0, fmt.Errorf("a literal run of %d bytes, the row's data ends after %d", size, len(src)-i)
			}
			if n+size > len(dst) {
				return 0, fmt.Errorf("at most %d bytes, a run writes past them", len(dst))
			}
			n += copy(dst[n:], src[i:i+size])
			i += size
		default:
			count := 1 - flag
			if i+unit > len(src) {
				return 0, fmt.Errorf("a repeated unit of %d bytes, the row's data ends", unit)
			}
			if n+count*unit > len(dst) {
				return 0, fmt.Errorf("at most %d bytes, a run writes past them", len(dst))
			}
			for range count {
				n += copy(dst[n:], src[i:i+unit])
			}
			i += unit
		}
	}
	return n, nil
}

// compose makes the picture's image: the single pixel map when it fills
// the frame as it is, else every pixel map drawn into the frame over
// white, each scaled from its source to its destination rectangle. The
// frame, and the pixels drawn, are bounded by what the picture's bytes
// could hold.
func (r *pictReader) compose(frame image.Rectangle) (image.Image, error) {
	if len(r.layers) == 1 {
		l := r.layers[0]
		if l.src == l.bounds && l.dst == frame && l.bounds.Size() == frame.Size() {
			return l.img, nil
		}
	}
	w, h := frame.Dx(), frame.Dy()
	budget := int64(len(r.data)) * maxPixelsPerByte
	if int64(w)*int64(h) > budget {
		return nil, r.errorf(2, "a picture frame of at most %d pixels for %d bytes, got %dx%d", budget, len(r.data), w, h)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range canvas.Pix {
		canvas.Pix[i] = 0xFF
	}
	for i, l := range r.layers {
		src := l.src.Sub(l.bounds.Min).Intersect(l.img.Bounds())
		dst := l.dst.Sub(frame.Min)
		drawn := dst.Intersect(canvas.Rect)
		if src.Empty() || drawn.Empty() {
			continue
		}
		if budget -= int64(drawn.Dx()) * int64(drawn.Dy()); budget < 0 {
			return nil, r.errorf(2, "pixel maps drawing at most %d pixels in all for %d bytes, pixel map %d draws past them", int64(len(r.data))*maxPixelsPerByte, len(r.data), i)
		}
		pixels := rgba(l.img)
		for y := drawn.Min.Y; y < drawn.Max.Y; y++ {
			sy := src.Min.Y + (y-dst.Min.Y)*src.Dy()/dst.Dy()
			for x := drawn.Min.X; x < drawn.Max.X; x++ {
				sx := src.Min.X + (x-dst.Min.X)*src.Dx()/dst.Dx()
				copy(canvas.Pix[canvas.PixOffset(x, y):][:4], pixels.Pix[pixels.PixOffset(sx, sy):])
			}
		}
	}
	return canvas, nil
}

// rgba is img as an *image.RGBA.
func rgba(img image.Image) *image.RGBA {
	if p, ok := img.(*image.RGBA); ok {
		return p
	}
	p := image.NewRGBA(img.Bounds())
	draw.Draw(p, p.Rect, img, p.Rect.Min, draw.Src)
	return p
}
