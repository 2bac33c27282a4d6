// Package wad reads and writes Marathon wad files (Marathon 1, 2 and
// Infinity maps, physics and saved games), with or without a MacBinary II
// wrapper. A File keeps every byte it does not model, so that an unchanged
// file writes back identically, checksum included; a changed one gets its
// offsets and its CRC-32 recomputed.
package wad

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
)

var be = binary.BigEndian

// Sizes of the fixed structures.
const (
	HeaderSize      = 128
	macBinaryHeader = 128
	checksumAt      = 68
	oldEntrySize    = 8  // versions 0 and 1
	newEntrySize    = 10 // version 2 and later, before application data
	oldChunkHeader  = 12 // versions 0 and 1
	newChunkHeader  = 16
	firstDirVersion = 2 // the first version with 10-byte entries and 16-byte chunk headers
)

// Header is the 128-byte wad header.
type Header struct {
	Version         uint16
	DataVersion     uint16
	Name            [64]byte // raw: may hold an author's path and bytes after the NUL
	Checksum        uint32
	DirOffset       uint32
	Count           uint16
	AppDataSize     uint16
	ChunkHeaderSize uint16 // 0 means the version's default
	EntryHeaderSize uint16 // 0 means the version's default
	ParentChecksum  uint32
	Unused          [40]byte
}

func decodeHeader(b []byte) Header {
	h := Header{Version: be.Uint16(b), DataVersion: be.Uint16(b[2:]), Checksum: be.Uint32(b[68:]), DirOffset: be.Uint32(b[72:]),
		Count: be.Uint16(b[76:]), AppDataSize: be.Uint16(b[78:]), ChunkHeaderSize: be.Uint16(b[80:]),
		EntryHeaderSize: be.Uint16(b[82:]), ParentChecksum: be.Uint32(b[84:])}
	copy(h.Name[:], b[4:68])
	copy(h.Unused[:], b[88:128])
	return h
}

func (h Header) encode(b []byte) {
	be.PutUint16(b, h.Version)
	be.PutUint16(b[2:], h.DataVersion)
	copy(b[4:68], h.Name[:])
	be.PutUint32(b[68:], h.Checksum)
	be.PutUint32(b[72:], h.DirOffset)
	be.PutUint16(b[76:], h.Count)
	be.PutUint16(b[78:], h.AppDataSize)
	be.PutUint16(b[80:], h.ChunkHeaderSize)
	be.PutUint16(b[82:], h.EntryHeaderSize)
	be.PutUint32(b[84:], h.ParentChecksum)
	copy(b[88:128], h.Unused[:])
}

// entrySize is the directory entry size before application data.
func (h Header) entrySize() int {
	if h.Version < firstDirVersion {
		return oldEntrySize
	}
	if h.EntryHeaderSize != 0 {
		return int(h.EntryHeaderSize)
	}
	return newEntrySize
}

// chunkHeaderSize is the size of a chunk header.
func (h Header) chunkHeaderSize() int {
	if h.Version < firstDirVersion {
		return oldChunkHeader
	}
	if h.ChunkHeaderSize != 0 {
		return int(h.ChunkHeaderSize)
	}
	return newChunkHeader
}

// File is a wad file.
type File struct {
	Header  Header
	Entries []*Entry // in directory order
	Mac     *MacBinary

	original []byte // the wad as read (the data fork of a MacBinary file)
	dirGap   []byte // bytes between the last entry and the directory
	trailer  []byte // bytes after the directory, such as an old editor's stale data
	listed   bool   // SetEntries changed the directory's list since the file was read
	placed   int    // entries given a place in file order so far
}

// MacBinary is the MacBinary II wrapping of a file: its header and what
// follows the data fork (padding and the resource fork).
type MacBinary struct {
	Header [macBinaryHeader]byte
	Tail   []byte
}

// Entry is one directory entry: a level of a map file, or the single
// entry of a physics file.
type Entry struct {
	Index   uint16
	AppData []byte // the application data after the entry (Infinity's 74-byte level record)
	Chunks  []*Chunk
	Extra   []byte // bytes after the last chunk, inside the entry's size

	offset      uint32
	size        uint32
	place       int    // the entry's rank in file order: as read, then as added
	headerExtra []byte // directory entry bytes past the 10 this package reads
	before      []byte // bytes between the previous entry (or the header) and this one
	changed     bool
}

// Chunk is a tagged block of an entry, kept in its original order.
type Chunk struct {
	Tag         [4]byte
	Data        []byte
	PatchOffset uint32 // the 16-byte headers' fourth word
	HeaderExtra []byte // header bytes past the 16 this package reads
	Gap         []byte // bytes between this chunk's data and the next header
}

// Tag returns the four-character code of s ("POLY", "påth" as its Mac Roman bytes).
func Tag(s string) [4]byte {
	var t [4]byte
	copy(t[:], s)
	return t
}

// New returns an empty wad file of the given version, data version and
// name, with the header sizes the version uses.
func New(version, dataVersion uint16, name string) *File {
	f := &File{Header: Header{Version: version, DataVersion: dataVersion}, original: make([]byte, HeaderSize)}
	if version >= firstDirVersion {
		f.Header.ChunkHeaderSize, f.Header.EntryHeaderSize = newChunkHeader, newEntrySize
	}
	copy(f.Header.Name[:], name)
	return f
}

// AddEntry appends an empty entry with the given index.
func (f *File) AddEntry(index uint16) *Entry {
	e := f.NewEntry(index)
	f.Entries = append(f.Entries, e)
	f.Header.Count = uint16(len(f.Entries))
	return e
}

// NewEntry returns an empty entry with the given index, to be listed with
// SetEntries: written after the entries already in the file, with
// zeroed application data of the header's size.
func (f *File) NewEntry(index uint16) *Entry {
	e := &Entry{Index: index, changed: true, AppData: make([]byte, f.appDataSize())}
	e.place = f.placed
	f.placed++
	return e
}

// CopyEntry returns a copy of e, an entry of this file or of another one,
// to be listed with SetEntries: its chunks, extra bytes and directory
// bytes, those fitted to this file's sizes, written after the entries
// already in the file.
func (f *File) CopyEntry(e *Entry) *Entry {
	c := f.NewEntry(e.Index)
	copy(c.AppData, e.AppData)
	c.headerExtra = make([]byte, max(f.Header.entrySize()-newEntrySize, 0))
	copy(c.headerExtra, e.headerExtra)
	c.Extra = bytes.Clone(e.Extra)
	for _, ch := range e.Chunks {
		c.Chunks = append(c.Chunks, &Chunk{Tag: ch.Tag, Data: bytes.Clone(ch.Data), PatchOffset: ch.PatchOffset,
			HeaderExtra: bytes.Clone(ch.HeaderExtra), Gap: bytes.Clone(ch.Gap)})
	}
	return c
}

// SetEntries makes entries the directory's list, in its order, and its
// count; entries not listed go from the file, with the bytes before them.
func (f *File) SetEntries(entries []*Entry) {
	f.Entries = entries
	f.Header.Count = uint16(len(entries))
	f.listed = true
}

// appDataSize is the size of the application data after each directory
// entry, none before version 2.
func (f *File) appDataSize() int {
	if f.Header.Version < firstDirVersion {
		return 0
	}
	return int(f.Header.AppDataSize)
}

// IsMacBinary reports whether data starts with a MacBinary II header: its
// zero bytes where the format has them, forks that fit in the file, and a
// CRC-16/XMODEM over bytes 0..123 that matches the one stored at 124.
func IsMacBinary(data []byte) bool {
	if !IsMacBinaryHeader(data) {
		return false
	}
	dataFork, resourceFork := int64(be.Uint32(data[83:])), int64(be.Uint32(data[87:]))
	return macBinaryHeader+dataFork+resourceFork <= int64(len(data))
}

// IsMacBinaryHeader reports whether data starts with a MacBinary II
// header (its zero bytes and CRC), whether or not the forks it announces
// are all there, as in a truncated file.
func IsMacBinaryHeader(data []byte) bool {
	if len(data) < macBinaryHeader || data[0] != 0 || data[1] == 0 || data[1] > 63 || data[74] != 0 || data[82] != 0 {
		return false
	}
	return crc16XModem(data[:124]) == be.Uint16(data[124:])
}

func crc16XModem(data []byte) uint16 {
	var crc uint16
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// Parse reads a wad file, unwrapping MacBinary when its header checks.
func Parse(data []byte) (*File, error) {
	f := &File{}
	base := int64(0)
	if IsMacBinary(data) {
		dataLen := int64(be.Uint32(data[83:]))
		f.Mac = &MacBinary{Tail: data[macBinaryHeader+dataLen:]}
		copy(f.Mac.Header[:], data)
		base = macBinaryHeader
		data = data[macBinaryHeader : macBinaryHeader+dataLen]
	}
	errorf := func(offset int64, where, format string, args ...any) error {
		return bin.Errorf(base+offset, where, format, args...)
	}
	if len(data) < HeaderSize {
		return nil, errorf(int64(len(data)), "wad header", "a %d-byte header, the file ends first", HeaderSize)
	}
	f.original = data
	f.Header = decodeHeader(data)
	h := f.Header
	switch h.Version {
	case 0, 1, 2, 4:
	default:
		return nil, errorf(0, "wad header", "wad version 0, 1, 2 or 4, got %d", h.Version)
	}
	if h.Version >= firstDirVersion && (h.chunkHeaderSize() < newChunkHeader || h.entrySize() < newEntrySize) {
		return nil, errorf(80, "wad header", "chunk and entry header sizes of at least %d and %d (or 0), got %d and %d",
			newChunkHeader, newEntrySize, h.ChunkHeaderSize, h.EntryHeaderSize)
	}
	stride := int64(h.entrySize())
	if h.Version >= firstDirVersion {
		stride += int64(h.AppDataSize)
	}
	dirEnd := int64(h.DirOffset) + int64(h.Count)*stride
	if int64(h.DirOffset) < HeaderSize || dirEnd > int64(len(data)) {
		return nil, errorf(72, "wad header", "a directory of %d entries between byte %d and the end at %d, got offset %d", h.Count, HeaderSize, len(data), h.DirOffset)
	}
	f.trailer = data[dirEnd:]
	f.Entries = make([]*Entry, h.Count)
	for i := range f.Entries {
		at := int64(h.DirOffset) + int64(i)*stride
		d := data[at:]
		e := &Entry{offset: be.Uint32(d), size: be.Uint32(d[4:]), Index: uint16(i)}
		if h.Version >= firstDirVersion {
			e.Index = be.Uint16(d[8:])
			e.headerExtra = d[newEntrySize:h.entrySize()]
			e.AppData = d[h.entrySize():stride]
		}
		where := fmt.Sprintf("entry %d", i)
		if int64(e.offset) < HeaderSize || int64(e.offset)+int64(e.size) > int64(h.DirOffset) {
			return nil, errorf(at, where, "data between byte %d and the directory at %d, got %d bytes at %d", HeaderSize, h.DirOffset, e.size, e.offset)
		}
		if err := e.parseChunks(data[e.offset:e.offset+e.size], h.chunkHeaderSize()); err != nil {
			return nil, errorf(int64(e.offset)+err.Offset, where+": "+err.Where, "%s", err.Expected)
		}
		f.Entries[i] = e
	}
	if err := f.assignGaps(); err != nil {
		return nil, errorf(int64(h.DirOffset), "directory", "%v", err)
	}
	return f, nil
}

// parseChunks reads an entry's chain of chunks; each header's next-offset
// is relative to the entry's start, 0 after the last.
func (e *Entry) parseChunks(b []byte, header int) *bin.Error {
	pos := int64(0)
	for {
		if pos+int64(header) > int64(len(b)) {
			if pos == int64(len(b)) && len(e.Chunks) == 0 {
				return nil // an empty entry
			}
			return bin.Errorf(pos, "chunk header", "%d bytes, the entry ends at %d", header, len(b))
		}
		c := &Chunk{}
		copy(c.Tag[:], b[pos:])
		next, size := int64(be.Uint32(b[pos+4:])), int64(be.Uint32(b[pos+8:]))
		if header >= newChunkHeader {
			c.PatchOffset = be.Uint32(b[pos+12:])
			c.HeaderExtra = b[pos+newChunkHeader : pos+int64(header)]
		}
		end := pos + int64(header) + size
		if end > int64(len(b)) {
			return bin.Errorf(pos+8, fmt.Sprintf("chunk %q", c.Tag[:]), "%d bytes of data inside the entry's %d, got %d", len(b)-int(pos)-header, len(b), size)
		}
		c.Data = b[pos+int64(header) : end]
		e.Chunks = append(e.Chunks, c)
		if next == 0 {
			e.Extra = b[end:]
			return nil
		}
		if next < end || next > int64(len(b)) {
			return bin.Errorf(pos+4, fmt.Sprintf("chunk %q", c.Tag[:]), "the next chunk between %d and %d, got %d", end, len(b), next)
		}
		c.Gap = b[end:next]
		pos = next
	}
}

// assignGaps gives each entry the bytes between the previous entry in
// file order (or the header) and itself. Entries must not overlap.
func (f *File) assignGaps() error {
	order := f.offsetOrder()
	pos := uint32(HeaderSize)
	for i, e := range order {
		e.place = i
		if e.offset < pos {
			return fmt.Errorf("entries that do not overlap, entry at %d overlaps the previous one ending at %d", e.offset, pos)
		}
		e.before = f.original[pos:e.offset]
		pos = e.offset + e.size
	}
	f.placed = len(order)
	f.dirGap = f.original[pos:f.Header.DirOffset]
	return nil
}

// fileOrder is the entries sorted by their place in the file: the
// entries read by their offset, then those added since.
func (f *File) fileOrder() []*Entry {
	order := append([]*Entry(nil), f.Entries...)
	slices.SortStableFunc(order, func(a, b *Entry) int { return cmp.Compare(a.place, b.place) })
	return order
}

// offsetOrder is the entries sorted by their offset in the file.
func (f *File) offsetOrder() []*Entry {
	order := append([]*Entry(nil), f.Entries...)
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && order[j].offset < order[j-1].offset; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// Chunk returns the entry's first chunk with the tag, or nil.
func (e *Entry) Chunk(tag string) *Chunk {
	t := Tag(tag)
	for _, c := range e.Chunks {
		if c.Tag == t {
			return c
		}
	}
	return nil
}

// SetChunk replaces the data of the entry's chunk with the tag, adding
// the chunk at the end when the entry has none.
func (e *Entry) SetChunk(tag string, data []byte) {
	if c := e.Chunk(tag); c != nil {
		if !bytes.Equal(c.Data, data) {
			c.Data = data
			e.changed = true
		}
		return
	}
	e.Chunks = append(e.Chunks, &Chunk{Tag: Tag(tag), Data: data})
	e.changed = true
}

// ReplaceChunk puts a chunk tagged with to and holding data in the place
// of the entry's chunk tagged with from. When the entry has no chunk
// tagged from, or has one tagged to already, it is SetChunk(to, data)
// and the chunk tagged from goes.
func (e *Entry) ReplaceChunk(from, to string, data []byte) {
	c := e.Chunk(from)
	if c == nil || e.Chunk(to) != nil {
		e.RemoveChunk(from)
		e.SetChunk(to, data)
		return
	}
	c.Tag, c.Data = Tag(to), data
	e.changed = true
}

// RemoveChunk removes the entry's chunk with the tag, if it has one.
func (e *Entry) RemoveChunk(tag string) {
	t := Tag(tag)
	for i, c := range e.Chunks {
		if c.Tag == t {
			e.Chunks = append(e.Chunks[:i:i], e.Chunks[i+1:]...)
			e.changed = true
			return
		}
	}
}

// Changed reports whether any entry, or the list of entries, changed
// since the file was read.
func (f *File) Changed() bool {
	if f.listed {
		return true
	}
	for _, e := range f.Entries {
		if e.changed {
			return true
		}
	}
	return false
}

// encodeEntry serialises an entry's chunks with their gaps and extra bytes.
func (f *File) encodeEntry(e *Entry) []byte {
	header := f.Header.chunkHeaderSize()
	var out []byte
	for i, c := range e.Chunks {
		start := len(out)
		out = append(out, make([]byte, header)...)
		copy(out[start:], c.Tag[:])
		be.PutUint32(out[start+8:], uint32(len(c.Data)))
		if header >= newChunkHeader {
			be.PutUint32(out[start+12:], c.PatchOffset)
			copy(out[start+newChunkHeader:], c.HeaderExtra)
		}
		out = append(out, c.Data...)
		if i < len(e.Chunks)-1 {
			out = append(out, c.Gap...)
			be.PutUint32(out[start+4:], uint32(len(out)))
		}
	}
	return append(out, e.Extra...)
}

// Bytes encodes the file. Entries keep their places in file order and the
// bytes between them; a changed entry moves what follows it. The checksum
// is kept while the wad's bytes are those read (an edit undone included)
// and recomputed otherwise: CRC-32 of the wad up to the end of the
// directory, with the checksum zeroed.
func (f *File) Bytes() []byte {
	h := f.Header
	out := make([]byte, HeaderSize, len(f.original)+1024)
	for _, e := range f.fileOrder() {
		out = append(out, e.before...)
		body := f.encodeEntry(e)
		e.offset, e.size = uint32(len(out)), uint32(len(body))
		out = append(out, body...)
	}
	out = append(out, f.dirGap...)
	h.DirOffset = uint32(len(out))
	for _, e := range f.Entries {
		entry := make([]byte, h.entrySize())
		be.PutUint32(entry, e.offset)
		be.PutUint32(entry[4:], e.size)
		if h.Version >= firstDirVersion {
			be.PutUint16(entry[8:], e.Index)
			copy(entry[newEntrySize:], e.headerExtra)
		}
		out = append(out, entry...)
		out = append(out, e.AppData...)
	}
	dirEnd := len(out)
	out = append(out, f.trailer...)
	if f.Changed() && !bytes.Equal(out[HeaderSize:], f.original[min(HeaderSize, len(f.original)):]) {
		h.Checksum = 0
		h.encode(out)
		h.Checksum = crc32.ChecksumIEEE(out[:dirEnd])
	}
	h.encode(out)
	return f.wrap(out)
}

// wrap puts a MacBinary file's header and tail back around the wad, with
// the data fork length and the header CRC updated when the length changed.
func (f *File) wrap(wad []byte) []byte {
	if f.Mac == nil {
		return wad
	}
	header := f.Mac.Header
	tail := f.Mac.Tail
	if oldLen := be.Uint32(header[83:]); oldLen != uint32(len(wad)) {
		be.PutUint32(header[83:], uint32(len(wad)))
		be.PutUint16(header[124:], crc16XModem(header[:124]))
		// The data fork is padded to 128 bytes; the resource fork follows.
		oldPad := (128 - oldLen%128) % 128
		tail = append(make([]byte, (128-len(wad)%128)%128), tail[min(int(oldPad), len(tail)):]...)
	}
	out := make([]byte, 0, macBinaryHeader+len(wad)+len(tail))
	out = append(out, header[:]...)
	out = append(out, wad...)
	return append(out, tail...)
}
