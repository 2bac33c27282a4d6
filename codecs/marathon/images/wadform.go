package images

import (
	"fmt"
	"image"
	"image/color"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/wad"
)

// The wad form of an Images file (Marathon 2 for Windows 95, which Aleph
// One reads too): a wad whose entry N holds picture N as a 'PICT' chunk
// (a PICT resource as is) or as a 'pict' chunk (a bare pixel map) with
// the 'clut' chunk an 8-bit one draws with.
const (
	// winPictHeader is a 'pict' chunk's header: its bounds (top, left,
	// bottom, right) and its depth, 8 or 16.
	winPictHeader = 10
	// winClutSize is a 'clut' chunk: a colour count, two unused words,
	// and 256 colours of 16-bit red, green and blue.
	winClutSize   = 6 + 256*6
	winClutColors = 256
)

// isWad says whether data starts as a wad rather than a resource fork:
// a resource fork's data starts at 256 (0x00000100), a wad's first word
// is its version, 0 to 4.
func isWad(data []byte) bool {
	return len(data) >= wad.HeaderSize && be.Uint16(data) <= 4 && be.Uint32(data) != 256
}

// decodeWadForm reads an Images file in the wad form into resources of
// the chunks' tags ("PICT", "pict", "clut") and the entries' indexes.
func decodeWadForm(data []byte) (*File, error) {
	w, err := wad.Parse(data)
	if err != nil {
		return nil, err
	}
	f := &File{}
	for _, e := range w.Entries {
		for _, c := range e.Chunks {
			tag := string(c.Tag[:])
			if tag != "PICT" && tag != "pict" && tag != "clut" {
				continue
			}
			r := Resource{Type: tag, ID: int(e.Index), Offset: offsetIn(data, c.Data), Data: c.Data}
			f.Resources = append(f.Resources, r)
			if tag != "clut" {
				continue
			}
			if len(c.Data) != winClutSize {
				return nil, bin.Errorf(r.Offset, r.Where(), "a colour table of %d bytes, got %d", winClutSize, len(c.Data))
			}
			t := ColorTable{ID: r.ID, Flags: deviceFlag, Entries: make([]ColorEntry, winClutColors)}
			for i := range t.Entries {
				rgb := c.Data[6+6*i:]
				t.Entries[i] = ColorEntry{Value: uint16(i), Red: be.Uint16(rgb), Green: be.Uint16(rgb[2:]), Blue: be.Uint16(rgb[4:])}
			}
			f.ColorTables = append(f.ColorTables, t)
		}
	}
	return f, nil
}

// offsetIn is the file offset of chunk, a slice of data as wad.Parse
// leaves it.
func offsetIn(data, chunk []byte) int64 {
	return int64(cap(data) - cap(chunk))
}

// decodeWinPict decodes a 'pict' chunk at file offset base: 8-bit
// pixels drawn with table (nil: the entry has no 'clut'), or 16-bit
// pixels of 5-bit components, rows unpadded.
func decodeWinPict(data []byte, base int64, where string, table *ColorTable) (*Picture, error) {
	if len(data) < winPictHeader {
		return nil, bin.Errorf(base+int64(len(data)), where, "a %d-byte picture header, the chunk ends first", winPictHeader)
	}
	s := func(i int) int { return int(int16(be.Uint16(data[i:]))) }
	frame := image.Rectangle{Min: image.Point{s(2), s(0)}, Max: image.Point{s(6), s(4)}}
	depth := s(8)
	if frame.Dx() <= 0 || frame.Dy() <= 0 {
		return nil, bin.Errorf(base, where, "bounds with right > left and bottom > top, got %v", frame)
	}
	w, h := frame.Dx(), frame.Dy()
	if depth != 8 && depth != 16 {
		return nil, bin.Errorf(base+8, where, "a depth of 8 or 16, got %d", depth)
	}
	if depth == 8 && table == nil {
		return nil, bin.Errorf(base, where, "a 'clut' chunk beside an 8-bit picture, the entry has none")
	}
	rowBytes := w * depth / 8
	if need := int64(rowBytes) * int64(h); need > int64(len(data)-winPictHeader) {
		return nil, bin.Errorf(base+winPictHeader, where, "%d rows of %d bytes, the chunk holds %d", h, rowBytes, len(data)-winPictHeader)
	}
	pixels := data[winPictHeader:]
	p := &Picture{Frame: frame, Depth: depth}
	if depth == 8 {
		img := image.NewPaletted(image.Rect(0, 0, w, h), table.Palette(winClutColors))
		copy(img.Pix, pixels[:w*h])
		p.Image = img
		return p, nil
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := be.Uint16(pixels[(y*w+x)*2:])
			img.SetRGBA(x, y, color.RGBA{five(v >> 10), five(v >> 5), five(v), 0xFF})
		}
	}
	p.Image = img
	return p, nil
}

// decodeResource decodes picture resource r: a PICT, or the wad form's
// 'pict'.
func (f *File) decodeResource(r Resource) (*Picture, error) {
	if r.Type == "PICT" {
		return decodePICT(r.Data, r.Offset, r.Where())
	}
	for i := range f.ColorTables {
		if f.ColorTables[i].ID == r.ID {
			return decodeWinPict(r.Data, r.Offset, r.Where(), &f.ColorTables[i])
		}
	}
	return decodeWinPict(r.Data, r.Offset, r.Where(), nil)
}

// Summary says what the file holds: "14 pictures, 4 colour tables".
func (f *File) Summary() string {
	return fmt.Sprintf("%d pictures, %d colour tables", len(f.Pictures()), len(f.ColorTables))
}
