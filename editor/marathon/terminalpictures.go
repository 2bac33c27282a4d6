package marathon

import (
	"encoding/binary"
	"image"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon/images"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// The id offsets at which the engine looks for a picture's deeper
// copies before the picture itself, deepest first (Aleph One draws at 32
// bits and steps down to 16 and 8): in the scenario (the map file) the
// 32-bit copy of picture id is id+20000 and the 16-bit id+10000; in the
// Images file id+2000 and id+1000.
var (
	scenarioDepthOffsets = []int{20000, 10000, 0}
	imagesDepthOffsets   = []int{2000, 1000, 0}
)

// pictureSource is a file the engine takes pictures from, with the id
// offsets of its deeper copies.
type pictureSource struct {
	file    *images.File
	offsets []int
}

// picture is the copy of picture id the engine takes from the file: the
// deepest the file holds. found is false when it holds none; ok is false
// when the copy found cannot be decoded (the engine does not look
// further then either).
func (s pictureSource) picture(id int) (img image.Image, found, ok bool) {
	for _, off := range s.offsets {
		if hasPicture(s.file, id+off) {
			img, ok = s.file.Picture(id + off)
			return img, true, ok
		}
	}
	return nil, false, false
}

// hasPicture reports whether f holds picture id, as a PICT resource or
// a wad form's 'pict' chunk.
func hasPicture(f *images.File, id int) bool {
	_, pict := f.Resource("PICT", id)
	_, wadPict := f.Resource("pict", id)
	return pict || wadPict
}

// terminalPictures are the pictures terminals show, looked for in each
// source in turn: the map file's own resource fork, then the Images
// file.
type terminalPictures []pictureSource

// Picture is picture id from the first source that holds it.
func (t terminalPictures) Picture(id int) (image.Image, bool) {
	for _, s := range t {
		if img, found, ok := s.picture(id); found {
			return img, ok
		}
	}
	return nil, false
}

// macBinaryHeaderSize is the size of a MacBinary II header, after which
// the data fork starts; each fork is padded to a multiple of it.
const macBinaryHeaderSize = 128

// mapPictures are the PICT resources of the map file's own resource
// fork: nil when the file is no MacBinary file, has no resource fork or
// no pictures in it.
func mapPictures(d *mdoc.Document) (*images.File, error) {
	mac := d.File.Mac
	if mac == nil {
		return nil, nil
	}
	dataLen := int64(binary.BigEndian.Uint32(mac.Header[83:]))
	forkLen := int64(binary.BigEndian.Uint32(mac.Header[87:]))
	if forkLen == 0 {
		return nil, nil
	}
	pad := (macBinaryHeaderSize - dataLen%macBinaryHeaderSize) % macBinaryHeaderSize
	base := macBinaryHeaderSize + dataLen + pad
	if pad+forkLen > int64(len(mac.Tail)) {
		return nil, bin.Errorf(87, "MacBinary header", "a resource fork of %d bytes at %d, the file ends at %d",
			forkLen, base, macBinaryHeaderSize+dataLen+int64(len(mac.Tail)))
	}
	resources, err := images.ParseFork(mac.Tail[pad:pad+forkLen], base)
	if err != nil {
		return nil, err
	}
	f := &images.File{Resources: resources}
	if len(f.Pictures()) == 0 {
		return nil, nil
	}
	return f, nil
}
