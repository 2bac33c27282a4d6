// Package images reads Marathon 2 and Infinity Images files: a Mac
// resource fork, usually wrapped in MacBinary II, holding the interface
// and chapter pictures as QuickDraw PICT resources and their colour
// tables as clut resources; or the wad form of Marathon 2 for Windows 95.
//
// Errors are *bin.Error values naming the resource, the file offset of the
// field that could not be honoured and what was expected there.
package images

import (
	"encoding/binary"
	"fmt"
	"image"
	"sync"

	"golang.org/x/text/encoding/charmap"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/wad"
)

var be = binary.BigEndian

// Sizes of the fixed structures, in bytes.
const (
	macBinaryHeader = 128
	forkHeaderSize  = 16
	// mapHeaderSize is the map's copy of the fork header, a handle, a
	// file reference, attributes, and the type and name list offsets.
	mapHeaderSize  = 28
	typeEntrySize  = 8
	refEntrySize   = 12
	dataLengthSize = 4
)

// Resource is one resource of the fork.
type Resource struct {
	Type       string // four characters, such as "PICT" or "clut"
	ID         int
	Name       string // "" when the resource has none
	Attributes uint8
	Offset     int64 // the file offset of the resource's data
	Data       []byte
}

// Where names the resource in errors: `PICT 1000` or `PICT 1000 "Title"`.
func (r Resource) Where() string {
	if r.Name == "" {
		return fmt.Sprintf("%s %d", r.Type, r.ID)
	}
	return fmt.Sprintf("%s %d %q", r.Type, r.ID, r.Name)
}

// File is a decoded Images file: its resources in map order, and its
// colour tables decoded. Pictures are decoded on demand.
type File struct {
	Resources   []Resource
	ColorTables []ColorTable

	mu    sync.Mutex
	cache map[int]image.Image
}

// Decode reads an Images file: a MacBinary II file whose resource fork
// holds the pictures, a bare resource fork, or the wad form (bare, or
// as a MacBinary file's data fork).
func Decode(data []byte) (*File, error) {
	fork, base := data, int64(0)
	mac := wad.IsMacBinaryHeader(data)
	switch {
	case mac && be.Uint32(data[87:]) == 0 && be.Uint32(data[83:]) > 0, !mac && isWad(data):
		return decodeWadForm(data)
	case mac:
		dataFork := int64(be.Uint32(data[83:]))
		base = macBinaryHeader + (dataFork+macBinaryHeader-1)/macBinaryHeader*macBinaryHeader
		end := base + int64(be.Uint32(data[87:]))
		if end > int64(len(data)) {
			return nil, bin.Errorf(87, "MacBinary header", "a resource fork of %d bytes at %d, the file ends at %d",
				end-base, base, len(data))
		}
		fork = data[base:end]
	}
	resources, err := ParseFork(fork, base)
	if err != nil {
		return nil, err
	}
	f := &File{Resources: resources}
	for _, r := range resources {
		if r.Type != "clut" {
			continue
		}
		t, _, err := decodeColorTable(r.Data, r.Offset, r.Where())
		if err != nil {
			return nil, err
		}
		t.ID, t.Name = r.ID, r.Name
		f.ColorTables = append(f.ColorTables, t)
	}
	return f, nil
}

// ParseFork reads the resource map of a Mac resource fork that starts at
// file offset base, and returns its resources in map order.
func ParseFork(fork []byte, base int64) ([]Resource, error) {
	size := int64(len(fork))
	if size < forkHeaderSize {
		return nil, bin.Errorf(base+size, "resource fork header", "%d bytes, the fork ends first", forkHeaderSize)
	}
	dataAt, mapAt := int64(be.Uint32(fork)), int64(be.Uint32(fork[4:]))
	dataLen, mapLen := int64(be.Uint32(fork[8:])), int64(be.Uint32(fork[12:]))
	if dataAt+dataLen > size {
		return nil, bin.Errorf(base, "resource fork header", "resource data of %d bytes at %d inside the %d-byte fork", dataLen, dataAt, size)
	}
	if mapLen < mapHeaderSize || mapAt+mapLen > size {
		return nil, bin.Errorf(base+4, "resource fork header", "a resource map of at least %d bytes at %d inside the %d-byte fork, got %d bytes",
			mapHeaderSize, mapAt, size, mapLen)
	}
	area, rmap := fork[dataAt:dataAt+dataLen], fork[mapAt:mapAt+mapLen]
	mapBase := base + mapAt
	typesAt, namesAt := int64(be.Uint16(rmap[24:])), int64(be.Uint16(rmap[26:]))
	if typesAt+2 > mapLen {
		return nil, bin.Errorf(mapBase+24, "resource map", "a type list inside the %d-byte map, got offset %d", mapLen, typesAt)
	}
	types := int64(int16(be.Uint16(rmap[typesAt:]))) + 1 // stored as count - 1
	if types < 0 || typesAt+2+types*typeEntrySize > mapLen {
		return nil, bin.Errorf(mapBase+typesAt, "resource type list", "%d type entries inside the %d-byte map", types, mapLen)
	}
	var out []Resource
	for i := range types {
		at := typesAt + 2 + i*typeEntrySize
		typ := string(rmap[at : at+4])
		count := int64(be.Uint16(rmap[at+4:])) + 1
		refsAt := typesAt + int64(be.Uint16(rmap[at+6:]))
		where := fmt.Sprintf("resource type %q", typ)
		// Reference lists never share entries, so the map's size bounds
		// how many resources it can describe.
		if refsAt+count*refEntrySize > mapLen || int64(len(out))+count > mapLen/refEntrySize {
			return nil, bin.Errorf(mapBase+at+4, where, "%d references at map offset %d inside the %d-byte map", count, refsAt, mapLen)
		}
		for j := range count {
			ref := rmap[refsAt+j*refEntrySize:]
			r := Resource{Type: typ, ID: int(int16(be.Uint16(ref))), Attributes: ref[4]}
			refAt := mapBase + refsAt + j*refEntrySize
			if nameAt := be.Uint16(ref[2:]); nameAt != 0xFFFF {
				at := namesAt + int64(nameAt)
				if at >= mapLen || at+1+int64(rmap[at]) > mapLen {
					return nil, bin.Errorf(refAt+2, fmt.Sprintf("%s %d", typ, r.ID), "a name inside the %d-byte map, got offset %d", mapLen, at)
				}
				r.Name, _ = charmap.Macintosh.NewDecoder().String(string(rmap[at+1 : at+1+int64(rmap[at])]))
			}
			off := int64(be.Uint32(ref[4:]) & 0xFFFFFF)
			if off+dataLengthSize > dataLen {
				return nil, bin.Errorf(refAt+5, r.Where(), "a data offset inside the %d bytes of resource data, got %d", dataLen, off)
			}
			n := int64(be.Uint32(area[off:]))
			if n > dataLen-off-dataLengthSize {
				return nil, bin.Errorf(base+dataAt+off, r.Where(), "%d bytes of data, the resource data ends after %d", n, dataLen-off-dataLengthSize)
			}
			r.Offset = base + dataAt + off + dataLengthSize
			r.Data = area[off+dataLengthSize : off+dataLengthSize+n]
			out = append(out, r)
		}
	}
	return out, nil
}

// Pictures are the file's pictures, in map (or wad) order: its PICT
// resources, and the wad form's 'pict' chunks.
func (f *File) Pictures() []Resource {
	var out []Resource
	for _, r := range f.Resources {
		if r.Type == "PICT" || r.Type == "pict" {
			out = append(out, r)
		}
	}
	return out
}

// Resource finds the resource of type typ and the given ID.
func (f *File) Resource(typ string, id int) (Resource, bool) {
	for _, r := range f.Resources {
		if r.Type == typ && r.ID == id {
			return r, true
		}
	}
	return Resource{}, false
}

// DecodePicture decodes picture id; errors name the resource and the
// file offset.
func (f *File) DecodePicture(id int) (*Picture, error) {
	for _, r := range f.Pictures() {
		if r.ID == id {
			return f.decodeResource(r)
		}
	}
	return nil, fmt.Errorf("no PICT resource %d", id)
}

// Picture is PICT resource id decoded, false when the file has no such
// picture or it cannot be decoded (or f is nil: no Images file). Decoded
// pictures are kept, so that asking again costs nothing; it is safe to
// call from several goroutines.
func (f *File) Picture(id int) (image.Image, bool) {
	if f == nil {
		return nil, false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if img, ok := f.cache[id]; ok {
		return img, img != nil
	}
	var img image.Image
	if p, err := f.DecodePicture(id); err == nil {
		img = p.Image
	}
	if f.cache == nil {
		f.cache = map[int]image.Image{}
	}
	f.cache[id] = img
	return img, img != nil
}
