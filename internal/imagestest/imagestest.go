// Package imagestest writes small Images files for tests: QuickDraw PICT
// pictures of every pixel map kind the games' pictures use, colour tables,
// Mac resource forks and their MacBinary II wrapping. It encodes on its
// own, so that decoding what it writes checks the decoder.
package imagestest

import (
	"encoding/binary"
	"image"
	"image/color"
)

var be = binary.BigEndian

// Bits is one pixel map opcode of a picture.
type Bits struct {
	// Op is 0x0090, 0x0091 or 0x0098 to 0x009B; 0 picks PackBitsRect for
	// depths up to 8 and DirectBitsRect above.
	Op uint16
	// Depth is 1, 2, 4, 8, 16 or 32; 0 writes a plain 1-bit BitMap.
	Depth int
	// PackType and CmpCount go into the PixMap (CmpCount 0: 3).
	PackType, CmpCount int
	// Bounds are the pixel map's; Dst where it is drawn (empty: Bounds).
	Bounds, Dst image.Rectangle
	// RowBytes, when 0, is the least the pixels need, rounded up to even.
	RowBytes int
	// Palette is an indexed map's colour table; Device writes it as a
	// device table (values unused), else with values in reverse order.
	Palette []color.RGBA
	Device  bool
	// Pixel is the pixel at (x, y) of Bounds counted from its corner: a
	// colour index, 0x7FFF-style 5-bit components at 16 bits, 0xRRGGBB at
	// 32.
	Pixel func(x, y int) uint32
}

// depth is the bits per pixel, 1 for a BitMap.
func (b Bits) depth() int { return max(b.Depth, 1) }

// rowBytes is the stored row length.
func (b Bits) rowBytes() int {
	if b.RowBytes != 0 {
		return b.RowBytes
	}
	n := (b.Bounds.Dx()*b.depth() + 7) / 8
	return n + n&1
}

// packed says whether the decoder expects the rows run-length encoded.
func (b Bits) packed() bool {
	op := b.op()
	return op >= 0x0098 && b.rowBytes() >= 8 && b.PackType != 1 && !(b.Depth == 32 && b.PackType == 2)
}

func (b Bits) op() uint16 {
	if b.Op != 0 {
		return b.Op
	}
	if b.depth() <= 8 {
		return 0x0098
	}
	return 0x009A
}

// Opcode encodes the opcode and its data.
func (b Bits) Opcode() []byte {
	op := b.op()
	out := be.AppendUint16(nil, op)
	if op == 0x009A || op == 0x009B {
		out = be.AppendUint32(out, 0xFF)
	}
	out = b.mapHeader(out, op != 0x009A && op != 0x009B)
	dst := b.Dst
	if dst.Empty() {
		dst = b.Bounds
	}
	out = Rect(Rect(out, b.Bounds), dst)
	out = be.AppendUint16(out, 0) // srcCopy
	if op&1 != 0 {
		out = append(out, 0, 10) // a rectangular mask region
		out = Rect(out, dst)
	}
	return b.pixelData(out)
}

// PixPat encodes a pixel pattern opcode (0x0012 to 0x0014) whose pixel
// map is b (packed as PackBitsRect packs).
func (b Bits) PixPat(op uint16) []byte {
	b.Op = 0x0098
	out := be.AppendUint16(nil, op)
	out = append(out, 0, 1, 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55)
	return b.pixelData(b.mapHeader(out, true))
}

// mapHeader appends the BitMap or PixMap header, with the colour table
// after an indexed PixMap when withTable.
func (b Bits) mapHeader(out []byte, withTable bool) []byte {
	rb := uint16(b.rowBytes())
	if b.Depth != 0 {
		rb |= 0x8000
	}
	out = be.AppendUint16(out, rb)
	out = Rect(out, b.Bounds)
	if b.Depth != 0 {
		pm := make([]byte, 36)
		be.PutUint16(pm[2:], uint16(b.PackType))
		be.PutUint32(pm[8:], 72<<16)
		be.PutUint32(pm[12:], 72<<16)
		be.PutUint16(pm[18:], uint16(b.Depth))
		cmp, cmpSize := 1, b.Depth
		if b.Depth > 8 {
			cmp, cmpSize = max(b.CmpCount, 3), map[int]int{16: 5, 32: 8}[b.Depth]
			be.PutUint16(pm[16:], 16) // RGBDirect
		}
		be.PutUint16(pm[20:], uint16(cmp))
		be.PutUint16(pm[22:], uint16(cmpSize))
		out = append(out, pm...)
		if withTable {
			out = append(out, ColorTable(b.Palette, b.Device)...)
		}
	}
	return out
}

// pixelData appends the rows, packed when the decoder expects them so.
func (b Bits) pixelData(out []byte) []byte {
	for y := range b.Bounds.Dy() {
		row := b.row(y)
		if b.Depth == 32 && b.PackType == 2 {
			row = row[:3*b.Bounds.Dx()] // 3 bytes a pixel, whatever the row bytes say
		}
		if !b.packed() {
			out = append(out, row...)
			continue
		}
		p := PackBits(row, b.Depth == 16)
		if b.rowBytes() > 250 {
			out = be.AppendUint16(out, uint16(len(p)))
		} else {
			out = append(out, byte(len(p)))
		}
		out = append(out, p...)
	}
	return out
}

// row is row y as stored before packing.
func (b Bits) row(y int) []byte {
	w := b.Bounds.Dx()
	row := make([]byte, b.rowBytes())
	for x := range w {
		v := b.Pixel(x, y)
		switch d := b.depth(); {
		case d <= 8:
			per := 8 / d
			row[x/per] |= byte(v) << ((per - 1 - x%per) * d)
		case d == 16:
			be.PutUint16(row[2*x:], uint16(v))
		case b.packed(): // planes: alpha (when 4), red, green, blue
			c := max(b.CmpCount, 3)
			if c == 4 {
				row[x] = 0xFF
			}
			for i := range 3 {
				row[(c-3+i)*w+x] = byte(v >> (16 - 8*i))
			}
		case b.PackType == 2:
			row[3*x], row[3*x+1], row[3*x+2] = byte(v>>16), byte(v>>8), byte(v)
		default:
			be.PutUint32(row[4*x:], v)
		}
	}
	return row
}

// Color is the colour the decoder should give pixel (x, y).
func (b Bits) Color(x, y int) color.RGBA {
	v := b.Pixel(x, y)
	switch b.Depth {
	case 0:
		if v == 1 {
			return color.RGBA{0, 0, 0, 0xFF}
		}
		return color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
	case 16:
		five := func(c uint32) uint8 { c &= 0x1F; return uint8(c<<3 | c>>2) }
		return color.RGBA{five(v >> 10), five(v >> 5), five(v), 0xFF}
	case 32:
		return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xFF}
	}
	return b.Palette[v]
}

// ColorTable encodes a colour table: entry i has value i (device) or
// len-1-i, the colour it stands for put at that position.
func ColorTable(colors []color.RGBA, device bool) []byte {
	var flags uint16
	if device {
		flags = 0x8000
	}
	out := be.AppendUint32(nil, 0)
	out = be.AppendUint16(out, flags)
	out = be.AppendUint16(out, uint16(len(colors)-1))
	for i := range colors {
		value := len(colors) - 1 - i
		if device {
			value = i
		}
		c := colors[value]
		if device {
			value = 0x7777 // ignored
		}
		out = be.AppendUint16(out, uint16(value))
		for _, v := range []uint8{c.R, c.G, c.B} {
			out = be.AppendUint16(out, uint16(v)<<8|uint16(v))
		}
	}
	return out
}

// Rect appends a QuickDraw rectangle: top, left, bottom, right.
func Rect(out []byte, r image.Rectangle) []byte {
	for _, v := range []int{r.Min.Y, r.Min.X, r.Max.Y, r.Max.X} {
		out = be.AppendUint16(out, uint16(int16(v)))
	}
	return out
}

// PICT encodes a version 2 picture of the given frame: its header,
// version and header opcodes, a clip region, then ops in order (each
// padded to even), then the end opcode.
func PICT(frame image.Rectangle, ops ...[]byte) []byte {
	out := Rect([]byte{0, 0}, frame)
	out = append(out, 0x00, 0x11, 0x02, 0xFF, 0x0C, 0x00, 0xFF, 0xFE, 0, 0)
	out = append(out, 0, 0x48, 0, 0, 0, 0x48, 0, 0)
	out = Rect(out, frame)
	out = append(out, 0, 0, 0, 0)
	out = Rect(append(out, 0x00, 0x01, 0x00, 0x0A), frame)
	for _, op := range ops {
		out = append(out, op...)
		if len(out)%2 != 0 {
			out = append(out, 0)
		}
	}
	out = append(out, 0x00, 0xFF)
	be.PutUint16(out, uint16(len(out)))
	return out
}

// PackBits encodes a row: runs of three or more equal units (bytes, or
// 16-bit words) as repeats, the rest as literals, 128 units at most each.
func PackBits(row []byte, words bool) []byte {
	unit := 1
	if words {
		unit = 2
	}
	n := len(row) / unit
	at := func(i int) string { return string(row[i*unit : (i+1)*unit]) }
	var out []byte
	for i := 0; i < n; {
		run := 1
		for i+run < n && run < 128 && at(i+run) == at(i) {
			run++
		}
		if run >= 3 {
			out = append(out, byte(int8(1-run)))
			out = append(out, row[i*unit:(i+1)*unit]...)
			i += run
			continue
		}
		lit := 0
		for i+lit < n && lit < 128 && !(i+lit+2 < n && at(i+lit) == at(i+lit+1) && at(i+lit) == at(i+lit+2)) {
			lit++
		}
		out = append(out, byte(lit-1))
		out = append(out, row[i*unit:(i+lit)*unit]...)
		i += lit
	}
	return out
}

// Resource is one resource to put in a fork.
type Resource struct {
	Type string
	ID   int
	Name string
	Data []byte
}

// Fork encodes a resource fork holding resources, grouped by type in the
// order each type first appears.
func Fork(resources []Resource) []byte {
	var types []string
	byType := map[string][]Resource{}
	for _, r := range resources {
		if _, ok := byType[r.Type]; !ok {
			types = append(types, r.Type)
		}
		byType[r.Type] = append(byType[r.Type], r)
	}
	var data, names []byte
	typeList := be.AppendUint16(nil, uint16(len(types)-1))
	refs := []byte{}
	refsAt := 2 + 8*len(types)
	for _, t := range types {
		typeList = append(typeList, t...)
		typeList = be.AppendUint16(typeList, uint16(len(byType[t])-1))
		typeList = be.AppendUint16(typeList, uint16(refsAt+len(refs)))
		for _, r := range byType[t] {
			refs = be.AppendUint16(refs, uint16(int16(r.ID)))
			if r.Name == "" {
				refs = be.AppendUint16(refs, 0xFFFF)
			} else {
				refs = be.AppendUint16(refs, uint16(len(names)))
				names = append(append(names, byte(len(r.Name))), r.Name...)
			}
			refs = be.AppendUint32(refs, uint32(len(data))) // attributes 0
			refs = be.AppendUint32(refs, 0)
			data = be.AppendUint32(data, uint32(len(r.Data)))
			data = append(data, r.Data...)
		}
	}
	const dataAt = 256
	rmap := make([]byte, 28)
	body := append(append(typeList, refs...), names...)
	be.PutUint16(rmap[24:], 28)
	be.PutUint16(rmap[26:], uint16(28+len(typeList)+len(refs)))
	rmap = append(rmap, body...)
	head := make([]byte, 16)
	be.PutUint32(head, dataAt)
	be.PutUint32(head[4:], uint32(dataAt+len(data)))
	be.PutUint32(head[8:], uint32(len(data)))
	be.PutUint32(head[12:], uint32(len(rmap)))
	copy(rmap, head)
	out := append(head, make([]byte, dataAt-16)...)
	return append(append(out, data...), rmap...)
}

// MacBinary wraps a data fork and a resource fork in a MacBinary II file
// named name, each fork padded to 128 bytes.
func MacBinary(name string, dataFork, resourceFork []byte) []byte {
	h := make([]byte, 128)
	h[1] = byte(len(name))
	copy(h[2:], name)
	copy(h[65:], "imgA26.4")
	be.PutUint32(h[83:], uint32(len(dataFork)))
	be.PutUint32(h[87:], uint32(len(resourceFork)))
	h[122], h[123] = 0x81, 0x81
	be.PutUint16(h[124:], crc16(h[:124]))
	pad := func(b []byte) []byte { return append(b, make([]byte, (128-len(b)%128)%128)...) }
	return append(append(h, pad(append([]byte(nil), dataFork...))...), pad(append([]byte(nil), resourceFork...))...)
}

// crc16 is CRC-16/XMODEM, the MacBinary II header's check.
func crc16(data []byte) uint16 {
	var crc uint16
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			carry := crc&0x8000 != 0
			crc <<= 1
			if carry {
				crc ^= 0x1021
			}
		}
	}
	return crc
}
