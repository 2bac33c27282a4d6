package images

import (
	"image/color"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Colour table sizes and flags.
const (
	colorTableHeader = 8 // seed, flags, count - 1
	colorEntrySize   = 8 // value, red, green, blue
	// deviceFlag says the entries stand for indexes 0, 1, 2... in order,
	// whatever their value fields hold.
	deviceFlag = 0x8000
)

// ColorTable is a QuickDraw colour table: a clut resource, or the one a
// PICT pixel map carries.
type ColorTable struct {
	ID      int    // the clut resource's ID
	Name    string // the clut resource's name
	Seed    uint32
	Flags   uint16
	Entries []ColorEntry
}

// ColorEntry is one colour of a table: the pixel value it stands for and
// its 16-bit components.
type ColorEntry struct {
	Value            uint16
	Red, Green, Blue uint16
}

// Palette is the table as size opaque colours indexed by pixel value
// (entry order for a device table); slots no entry names are black, and
// entries whose value is past the palette are left out, since no pixel
// can name them.
func (t ColorTable) Palette(size int) color.Palette {
	p := make(color.Palette, size)
	for i := range p {
		p[i] = color.RGBA{A: 0xFF}
	}
	for i, e := range t.Entries {
		slot := int(e.Value)
		if t.Flags&deviceFlag != 0 {
			slot = i
		}
		if slot < size {
			p[slot] = color.RGBA{uint8(e.Red >> 8), uint8(e.Green >> 8), uint8(e.Blue >> 8), 0xFF}
		}
	}
	return p
}

// decodeColorTable reads a colour table at the start of data, which is at
// file offset base, and returns it with its size in bytes.
func decodeColorTable(data []byte, base int64, where string) (ColorTable, int, error) {
	if len(data) < colorTableHeader {
		return ColorTable{}, 0, bin.Errorf(base+int64(len(data)), where, "a %d-byte colour table header, the data ends first", colorTableHeader)
	}
	t := ColorTable{Seed: be.Uint32(data), Flags: be.Uint16(data[4:])}
	count := int(int16(be.Uint16(data[6:]))) + 1 // stored as count - 1
	size := colorTableHeader + count*colorEntrySize
	if count < 0 || size > len(data) {
		return ColorTable{}, 0, bin.Errorf(base+6, where, "%d colours of %d bytes in the %d bytes left", count, colorEntrySize, len(data)-colorTableHeader)
	}
	t.Entries = make([]ColorEntry, count)
	for i := range t.Entries {
		e := data[colorTableHeader+i*colorEntrySize:]
		t.Entries[i] = ColorEntry{Value: be.Uint16(e), Red: be.Uint16(e[2:]), Green: be.Uint16(e[4:]), Blue: be.Uint16(e[6:])}
	}
	return t, size, nil
}
