// Package lgres reads and writes Looking Glass "LG Res File v2" resource
// files, the container of every System Shock data file (archive.dat, saved
// games, texture.res, ...). A File keeps every byte it does not model, so
// an unchanged file writes back identically and a changed chunk leaves the
// others' bytes as they were.
//
// Little-endian (DOS) files only; the big-endian Mac variant is refused
// with an error for now.
package lgres

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres/lzw"
)

// Signature opens every resource file.
const Signature = "LG Res File v2\r\n"

const (
	headerSize    = 128
	dirHeaderSize = 6
	dirEntrySize  = 10
	dirOffsetAt   = 0x7c
	maxSize       = 1<<24 - 1 // directory sizes are 24-bit
)

// Directory flags of a chunk.
const (
	FlagLZW      = 0x01 // stored compressed
	FlagCompound = 0x02 // a block table followed by blocks
	FlagReserved = 0x04
	FlagLoadOpen = 0x08
)

// Chunk types seen in System Shock files.
const (
	TypePalette = 0x00
	TypeString  = 0x01
	TypeImage   = 0x02
	TypeFont    = 0x03
	TypeAnim    = 0x04
	TypeVOC     = 0x07
	TypeObj3D   = 0x0F
	TypeMovie   = 0x11
	TypeMap     = 0x30 // level data in archive.dat
)

// File is a resource file: the header, the chunks in directory order, and
// the bytes around them that the format does not account for.
type File struct {
	// CapLZW is the original builder's rule for changed chunks: store a
	// chunk raw, clearing FlagLZW, when its compressed form is larger than
	// its data. HackEd keeps such chunks compressed; Parse clears CapLZW
	// when the file holds one, so that it is saved as its writer would.
	CapLZW bool

	header  [headerSize]byte
	lead    []byte // between the header and the first chunk
	Chunks  []*Chunk
	gap     []byte // between the last chunk and the directory
	trailer []byte // after the directory
}

// Chunk is one directory entry and its data. An entry with ID 0 is one the
// original tools erased; it keeps its bytes in place.
type Chunk struct {
	ID    uint16
	Type  uint8
	Flags uint8 // as the directory has them: FlagLZW is cleared when compression did not pay
	Size  int   // unpacked size, block table included

	// Compress asks the writer to try LZW when the chunk changes; it starts
	// as the LZW flag read from the file.
	Compress bool

	stored []byte // the bytes in the file, compressed when Flags&FlagLZW
	pad    []byte // alignment bytes after stored
	offset int64  // where stored starts in the file read, for errors

	data    []byte // the new contents set by SetData, encoded by File.Bytes
	changed bool
}

// New returns an empty resource file with an empty comment, written by the
// original builder's rules.
func New() *File {
	f := &File{CapLZW: true}
	copy(f.header[:], Signature)
	f.header[len(Signature)] = 0x1A
	return f
}

// Parse reads a resource file. It checks the header and the directory and
// that every chunk lies inside the file, but expands nothing.
func Parse(data []byte) (*File, error) {
	if len(data) < headerSize {
		return nil, bin.Errorf(int64(len(data)), "header", "a %d-byte header, the file ends first", headerSize)
	}
	if !bytes.HasPrefix(data, []byte(Signature)) {
		return nil, bin.Errorf(0, "header", "the signature %q", Signature)
	}
	f := &File{CapLZW: true}
	copy(f.header[:], data)
	dirOffset := int64(int32(binary.LittleEndian.Uint32(data[dirOffsetAt:])))
	if dirOffset < headerSize || dirOffset+dirHeaderSize > int64(len(data)) {
		if binary.BigEndian.Uint32(data[dirOffsetAt:]) < uint32(len(data)) {
			return nil, bin.Errorf(dirOffsetAt, "header", "a little-endian directory offset; this looks like a big-endian Mac resource file, which is not supported")
		}
		return nil, bin.Errorf(dirOffsetAt, "header", "a directory offset between %d and %d, got %d", headerSize, len(data)-dirHeaderSize, dirOffset)
	}
	dir := data[dirOffset:]
	count := int64(binary.LittleEndian.Uint16(dir))
	dataOffset := int64(int32(binary.LittleEndian.Uint32(dir[2:])))
	if end := dirOffset + dirHeaderSize + count*dirEntrySize; end > int64(len(data)) {
		return nil, bin.Errorf(dirOffset, "directory", "%d entries (%d bytes), the file ends at %d", count, count*dirEntrySize, len(data))
	}
	if dataOffset < headerSize || dataOffset > dirOffset {
		return nil, bin.Errorf(dirOffset+2, "directory", "a data offset between %d and the directory at %d, got %d", headerSize, dirOffset, dataOffset)
	}
	f.lead = data[headerSize:dataOffset]
	f.Chunks = make([]*Chunk, count)
	pos := dataOffset
	for i := range f.Chunks {
		e := dir[dirHeaderSize+i*dirEntrySize:]
		c := &Chunk{
			ID:    binary.LittleEndian.Uint16(e),
			Size:  int(uint24(e[2:])),
			Flags: e[5],
			Type:  e[9],
		}
		c.Compress = c.Flags&FlagLZW != 0
		csize := int64(uint24(e[6:]))
		if pos+csize > dirOffset {
			return nil, bin.Errorf(dirOffset+dirHeaderSize+int64(i)*dirEntrySize+6, fmt.Sprintf("chunk %d", c.ID),
				"a stored size that fits before the directory at %d, got %d bytes at offset %d", dirOffset, csize, pos)
		}
		c.offset = pos
		c.stored = data[pos : pos+csize]
		next := min(align4(pos+csize), dirOffset)
		c.pad = data[pos+csize : next]
		pos = next
		f.Chunks[i] = c
		if c.Compressed() && int(csize) > c.Size {
			f.CapLZW = false
		}
	}
	f.gap = data[pos:dirOffset]
	f.trailer = data[dirOffset+dirHeaderSize+count*dirEntrySize:]
	return f, nil
}

func uint24(b []byte) uint32 { return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 }

func align4(n int64) int64 { return (n + 3) &^ 3 }

// Comment is the header comment, up to its Ctrl-Z terminator.
func (f *File) Comment() []byte {
	comment := f.header[len(Signature) : headerSize-12]
	if i := bytes.IndexByte(comment, 0x1A); i >= 0 {
		return comment[:i]
	}
	return comment
}

// Chunk returns the first chunk with the given id, or nil. Erased entries
// (id 0) are never returned.
func (f *File) Chunk(id uint16) *Chunk {
	if id == 0 {
		return nil
	}
	for _, c := range f.Chunks {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Bytes encodes the file. Unchanged chunks are written from their original
// bytes, padding included; changed ones are encoded as the original
// resource builder did, zero-padded to a 4-byte boundary. Chunk offsets
// then refer to the bytes returned.
func (f *File) Bytes() []byte {
	size := headerSize + len(f.lead) + len(f.gap) + dirHeaderSize + dirEntrySize*len(f.Chunks) + len(f.trailer)
	for _, c := range f.Chunks {
		size += len(c.stored) + len(c.pad) + 3
	}
	out := make([]byte, 0, size)
	out = append(out, f.header[:]...)
	out = append(out, f.lead...)
	dataOffset := len(out)
	for _, c := range f.Chunks {
		pos := int64(len(out))
		fresh := c.changed
		if fresh {
			c.encode(f.CapLZW)
			c.data, c.changed = nil, false
		}
		if fresh || (pos-c.offset)%4 != 0 {
			// New bytes, or old ones moved off their alignment phase (only
			// possible when the data offset is unaligned): pad afresh.
			end := pos + int64(len(c.stored))
			c.pad = make([]byte, align4(end)-end)
		}
		c.offset = pos
		out = append(out, c.stored...)
		out = append(out, c.pad...)
	}
	out = append(out, f.gap...)
	binary.LittleEndian.PutUint32(out[dirOffsetAt:], uint32(len(out)))
	out = binary.LittleEndian.AppendUint16(out, uint16(len(f.Chunks)))
	out = binary.LittleEndian.AppendUint32(out, uint32(dataOffset))
	for _, c := range f.Chunks {
		out = binary.LittleEndian.AppendUint16(out, c.ID)
		out = appendUint24(out, uint32(c.Size))
		out = append(out, c.Flags)
		out = appendUint24(out, uint32(len(c.stored)))
		out = append(out, c.Type)
	}
	return append(out, f.trailer...)
}

func appendUint24(b []byte, v uint32) []byte { return append(b, byte(v), byte(v>>8), byte(v>>16)) }

// Add appends a new chunk holding data (for a compound chunk, its block
// table and blocks: see JoinBlocks).
func (f *File) Add(id uint16, typ, flags uint8, data []byte) (*Chunk, error) {
	c, err := NewChunk(id, typ, flags, data)
	if err != nil {
		return nil, err
	}
	f.Chunks = append(f.Chunks, c)
	return c, nil
}

// NewChunk returns a chunk holding data, for a File's Chunks, compressed
// when flags ask for LZW.
func NewChunk(id uint16, typ, flags uint8, data []byte) (*Chunk, error) {
	c := &Chunk{ID: id, Type: typ, Flags: flags, Compress: flags&FlagLZW != 0}
	if err := c.SetData(data); err != nil {
		return nil, err
	}
	return c, nil
}

// Compressed reports whether the chunk is stored LZW-compressed.
func (c *Chunk) Compressed() bool { return c.Flags&FlagLZW != 0 }

// Compound reports whether the chunk is a block table and blocks.
func (c *Chunk) Compound() bool { return c.Flags&FlagCompound != 0 }

// Stored is the chunk's bytes as they are in the file (as of the last
// File.Bytes for a changed chunk).
func (c *Chunk) Stored() []byte { return c.stored }

// Offset is where the chunk's bytes start in the file last parsed or
// written.
func (c *Chunk) Offset() int64 { return c.offset }

// Data returns the chunk's unpacked contents (for a compound chunk, the
// block table and the blocks).
func (c *Chunk) Data() ([]byte, error) {
	table, err := c.tableSize()
	if err != nil {
		return nil, err
	}
	b, compressed := c.contents()
	if !compressed {
		return b, nil
	}
	if table == 0 {
		body, err := lzw.Decode(b, c.Size)
		if err != nil {
			return nil, c.lzwError(0, err)
		}
		return body, nil
	}
	// The block table is stored uncompressed in front of the stream.
	body, err := lzw.Decode(b[table:], c.Size-table)
	if err != nil {
		return nil, c.lzwError(table, err)
	}
	return append(b[:table:table], body...), nil
}

// Verify decodes the chunk as a reader of it would: it expands a
// compressed chunk to its stated size, and splits a compound chunk into
// its blocks. The error names the chunk and the offset in the file.
func (c *Chunk) Verify() error {
	if b, compressed := c.contents(); !compressed && len(b) != c.Size {
		return c.errorf(int64(len(b)), "%d bytes as the directory states, %d stored", c.Size, len(b))
	}
	if c.Compound() {
		_, err := c.Blocks()
		return err
	}
	_, err := c.Data()
	return err
}

// SetData replaces the chunk's contents; File.Bytes encodes them.
func (c *Chunk) SetData(data []byte) error {
	where := fmt.Sprintf("chunk %d's new data", c.ID)
	if len(data) > maxSize {
		return bin.Errorf(maxSize, where, "at most %d bytes, the format's limit, got %d", maxSize, len(data))
	}
	if c.Compound() {
		if _, err := parseTableSize(data); err != nil {
			return bin.Errorf(err.Offset, where, "%s", err.Expected)
		}
	}
	c.data, c.changed, c.Size = data, true, len(data)
	return nil
}

// encode sets the stored bytes from the data SetData gave; Bytes pads them. When Compress
// is set the data is LZW-compressed after the block table of a compound
// chunk; with capLZW, a compressed form larger than the data is dropped
// for the raw data and FlagLZW cleared, as the original builder did.
func (c *Chunk) encode(capLZW bool) {
	data := c.data
	table := 0
	if c.Compound() {
		table, _ = parseTableSize(data) // checked by SetData
	}
	c.Flags &^= FlagLZW
	c.stored = data
	if c.Compress && len(data) > table {
		body := data[table:]
		packed := lzw.Encode(append(make([]byte, 0, len(data)), data[:table]...), body)
		if !capLZW || len(packed)-table <= len(body) {
			c.stored = packed
			c.Flags |= FlagLZW
		}
	}
}

// contents is what the chunk holds now: the new data when changed since
// reading, else the stored bytes, with whether they are compressed.
func (c *Chunk) contents() (b []byte, compressed bool) {
	if c.changed {
		return c.data, false
	}
	return c.stored, c.Compressed()
}

// tableSize is the size of the block table of a compound chunk, 0 for a
// flat one. The table is read from the stored bytes (it is never
// compressed).
func (c *Chunk) tableSize() (int, error) {
	if !c.Compound() {
		return 0, nil
	}
	b, _ := c.contents()
	n, err := parseTableSize(b)
	if err != nil {
		return 0, c.errorf(err.Offset, "%s", err.Expected)
	}
	if n > c.Size {
		return 0, c.errorf(0, "a block table inside the chunk's %d bytes, it needs %d", c.Size, n)
	}
	return n, nil
}

// parseTableSize reads the size of the block table that starts b; an
// error's offset is within b.
func parseTableSize(b []byte) (int, *bin.Error) {
	if len(b) < 2 {
		return 0, bin.Errorf(int64(len(b)), "", "a 2-byte block count, got %d bytes", len(b))
	}
	count := int(binary.LittleEndian.Uint16(b))
	n := 2 + 4*(count+1)
	if n > len(b) {
		return 0, bin.Errorf(0, "", "a block table of %d bytes for %d blocks, got %d bytes", n, count, len(b))
	}
	return n, nil
}

// BlockCount is the number of blocks of a compound chunk.
func (c *Chunk) BlockCount() (int, error) {
	if !c.Compound() {
		return 0, c.errorf(0, "a compound chunk")
	}
	if _, err := c.tableSize(); err != nil {
		return 0, err
	}
	b, _ := c.contents()
	return int(binary.LittleEndian.Uint16(b)), nil
}

// Block returns block i of a compound chunk, expanding no more of a
// compressed chunk than the stream up to the block's end.
func (c *Chunk) Block(i int) ([]byte, error) {
	start, end, err := c.blockBounds(i)
	if err != nil {
		return nil, err
	}
	b, compressed := c.contents()
	if !compressed {
		return b[start:end], nil
	}
	table, _ := c.tableSize()
	body, err := lzw.DecodePrefix(b[table:], end-table)
	if err != nil {
		return nil, c.lzwError(table, err)
	}
	if len(body) < end-table {
		return nil, c.errorf(int64(len(c.stored)), "block %d to end at %d, the stream expands to %d", i, end, table+len(body))
	}
	return body[start-table:], nil
}

// blockBounds reads block i's start and end from the block table.
func (c *Chunk) blockBounds(i int) (start, end int, err error) {
	n, err := c.BlockCount()
	if err != nil {
		return 0, 0, err
	}
	if i < 0 || i >= n {
		return 0, 0, c.errorf(0, "a block index below %d, got %d", n, i)
	}
	table, _ := c.tableSize()
	b, compressed := c.contents()
	size := c.Size
	if !compressed {
		size = min(size, len(b))
	}
	start = int(int32(binary.LittleEndian.Uint32(b[2+4*i:])))
	end = int(int32(binary.LittleEndian.Uint32(b[6+4*i:])))
	if start < table || end < start || end > size {
		return 0, 0, c.errorf(int64(2+4*i), "block %d between the table end %d and the chunk size %d, got %d..%d", i, table, size, start, end)
	}
	return start, end, nil
}

// Blocks splits a compound chunk's data into its blocks.
func (c *Chunk) Blocks() ([][]byte, error) {
	n, err := c.BlockCount()
	if err != nil {
		return nil, err
	}
	data, err := c.Data()
	if err != nil {
		return nil, err
	}
	blocks := make([][]byte, n)
	for i := range blocks {
		start, end, err := c.blockBounds(i)
		if err != nil {
			return nil, err
		}
		blocks[i] = data[start:end]
	}
	return blocks, nil
}

// JoinBlocks builds a compound chunk's data: the block table, then the
// blocks back to back.
func JoinBlocks(blocks [][]byte) []byte {
	table := 2 + 4*(len(blocks)+1)
	size := table
	for _, b := range blocks {
		size += len(b)
	}
	out := make([]byte, 0, size)
	out = binary.LittleEndian.AppendUint16(out, uint16(len(blocks)))
	pos := table
	for _, b := range blocks {
		out = binary.LittleEndian.AppendUint32(out, uint32(pos))
		pos += len(b)
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(pos))
	for _, b := range blocks {
		out = append(out, b...)
	}
	return out
}

func (c *Chunk) errorf(offset int64, format string, args ...any) error {
	return bin.Errorf(c.offset+offset, fmt.Sprintf("chunk %d", c.ID), format, args...)
}

func (c *Chunk) lzwError(table int, err error) error {
	if le, ok := err.(*lzw.Error); ok {
		return bin.Errorf(c.offset+int64(table+le.Offset), fmt.Sprintf("chunk %d: LZW stream", c.ID), "%s", le.Reason)
	}
	return fmt.Errorf("chunk %d: %w", c.ID, err)
}

// DirectoryOffset is where the directory starts in the file last parsed
// or written.
func (f *File) DirectoryOffset() int64 {
	end := headerSize + int64(len(f.lead))
	for _, c := range f.Chunks {
		end = max(end, c.offset+int64(len(c.stored)+len(c.pad)))
	}
	return end + int64(len(f.gap))
}

// Locate names the part of the file last parsed or written that holds
// offset: "header", "chunk N", "padding after chunk N", "directory" or
// "after the directory".
func (f *File) Locate(offset int64) string {
	if offset < headerSize {
		return "header"
	}
	for _, c := range f.Chunks {
		if offset >= c.offset && offset < c.offset+int64(len(c.stored)) {
			return fmt.Sprintf("chunk %d", c.ID)
		}
		if offset >= c.offset && offset < c.offset+int64(len(c.stored)+len(c.pad)) {
			return fmt.Sprintf("padding after chunk %d", c.ID)
		}
	}
	dir := f.DirectoryOffset()
	switch {
	case offset < dir:
		return "the bytes before the directory"
	case offset < dir+dirHeaderSize+int64(dirEntrySize*len(f.Chunks)):
		return "directory"
	}
	return "after the directory"
}
