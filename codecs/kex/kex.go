// Package kex reads and writes kexArchive trees, the container of Turok EX
// maps (Iguana's archive format). A tree is made of indexed archives (a
// count, offsets and the blocks they point at), data sets (a stride, a
// count and stride*count bytes) and raw blocks, nested. Every padding
// byte is kept, so an unchanged tree writes back the bytes it was read
// from; a changed or new one is laid out by the engine's rules.
package kex

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Alignment is the block alignment of Iguana's archives (IS_ALIGNMENT).
const Alignment = 8

var le = binary.LittleEndian

// Kind is what a block of an archive holds.
type Kind uint8

const (
	Raw     Kind = iota // bytes the archive does not describe
	Indexed             // an indexed archive of further blocks
	DataSet             // a data set of fixed-size records
)

// String names the kind of block.
func (k Kind) String() string {
	return [...]string{"raw block", "indexed archive", "data set"}[k]
}

// Node is one block of a tree.
type Node struct {
	Kind     Kind
	Children []*Node // an indexed archive's blocks
	Stride   uint32  // a data set's record size
	Count    uint32  // a data set's record count
	Data     []byte  // a data set's records, or a raw block's bytes
	// Records, when set, appends a data set's Stride*Count bytes of
	// records in place of Data, so that a codec writes straight into the
	// file.
	Records func(dst []byte) []byte

	// EndZero marks an indexed archive of no blocks written as count 0,
	// end offset 0 instead of 0, 8 (the Turok Blender exporter's writer).
	// It is written so while it has no blocks; given blocks, it is laid
	// out by the rules.
	EndZero bool

	// Offset is where the block began in the file it was read from.
	Offset int64
	// HeaderPad holds an indexed archive's bytes between its offset
	// table and its first block; Pad the bytes after the block, up to its
	// parent's next offset. Both are kept as found.
	HeaderPad, Pad []byte
	// verbatim marks padding that did not follow the alignment rule when
	// read; it is then written back as found instead of recomputed.
	verbatimHeader, verbatim bool
	// headerMissing and padMissing count padding bytes past the end of a
	// file cut short; they are written back, then cut with the file.
	headerMissing, padMissing int
	// readSize is the block's content size as read: verbatim padding
	// follows only content of that size.
	readSize int
}

// Tree is a whole archive file.
type Tree struct {
	Root *Node
	// Missing counts the bytes the root's last offset promises past the
	// end of the file: some writers omit the root's final padding.
	Missing int
	// Trailing holds bytes past the root's last offset.
	Trailing []byte
	// Fill is the padding byte of new padding: 0 in release builds' files,
	// 0xCD in debug builds'.
	Fill byte

	readSize int // the size of the file read, a guess at the size to write
}

// NewIndexed returns an indexed archive of the given blocks.
func NewIndexed(children ...*Node) *Node { return &Node{Kind: Indexed, Children: children} }

// NewDataSet returns a data set of count records of stride bytes.
func NewDataSet(stride, count uint32, data []byte) *Node {
	return &Node{Kind: DataSet, Stride: stride, Count: count, Data: data}
}

// NewRaw returns a raw block.
func NewRaw(data []byte) *Node { return &Node{Kind: Raw, Data: data} }

// Child returns block i of an indexed archive, or nil.
func (n *Node) Child(i int) *Node {
	if n == nil || n.Kind != Indexed || i < 0 || i >= len(n.Children) {
		return nil
	}
	return n.Children[i]
}

// Shape is what a caller expects a block to be. A nil shape, or a block
// past those an indexed shape names, is guessed from its bytes.
type Shape struct {
	Kind Kind
	// Size is a raw block's content size; the rest of its span is
	// padding. Zero makes the whole span content.
	Size int
	// Blocks are the shapes of an indexed archive's first blocks; Each
	// the shape of any later one.
	Blocks []*Shape
	Each   *Shape
}

func (s *Shape) block(i int) *Shape {
	if s == nil {
		return nil
	}
	if i < len(s.Blocks) {
		return s.Blocks[i]
	}
	return s.Each
}

// Parse reads a tree whose root is an indexed archive, as shape says
// (nil: guess every block from its bytes). The tree refers into data.
func Parse(data []byte, shape *Shape) (*Tree, error) {
	if shape != nil && shape.Kind != Indexed {
		return nil, fmt.Errorf("kex: the root shape must be an indexed archive")
	}
	if len(data) < 8 {
		return nil, bin.Errorf(0, "root", "an indexed archive header of at least 8 bytes, found %d bytes", len(data))
	}
	count := int64(le.Uint32(data))
	if count > int64(len(data)-8)/4 {
		return nil, bin.Errorf(0, "root", "an offset count that fits the file, found %d", count)
	}
	end := int64(le.Uint32(data[4+4*count:]))
	t := &Tree{}
	if end > int64(len(data)) {
		t.Missing = int(end - int64(len(data)))
		if t.Missing >= Alignment {
			return nil, bin.Errorf(4+4*count, "root", "a last offset within the file or its final padding, found %d: the file ends at offset %d, %d bytes short (truncated?)", end, len(data), t.Missing)
		}
	}
	p := parser{data: data}
	root, err := p.indexed(0, end, shape, place{index: -1})
	if err != nil {
		return nil, err
	}
	t.Root, t.Fill, t.readSize = root, p.fill, len(data)
	if end < int64(len(data)) {
		t.Trailing = data[end:]
	}
	return t, nil
}

type parser struct {
	data    []byte
	fill    byte
	sawFill bool
	depth   int
	nodes   []Node // allocated in batches: a map has a node per path
}

// node returns a new node holding n.
func (p *parser) node(n Node) *Node {
	if len(p.nodes) == 0 {
		p.nodes = make([]Node, 256)
	}
	p.nodes[0] = n
	out := &p.nodes[0]
	p.nodes = p.nodes[1:]
	return out
}

// place is where a block is in the tree, spelt for errors only as
// root[3][2].
type place struct {
	parent *place
	index  int // -1 for the root
}

func (w place) String() string {
	if w.parent == nil {
		return "root"
	}
	return w.parent.String() + "[" + strconv.Itoa(w.index) + "]"
}

// maxGuessDepth bounds the nesting a guess follows, so that hostile input
// cannot recurse without end; deeper blocks stay raw.
const maxGuessDepth = 32

// span returns data[start:end], clipped at the end of the file.
func (p *parser) span(start, end int64) []byte {
	return p.data[min(start, int64(len(p.data))):min(end, int64(len(p.data)))]
}

func (p *parser) notePadding(pad []byte) {
	if len(pad) > 0 && !p.sawFill {
		p.fill, p.sawFill = pad[0], true
	}
}

// block reads the block at [start, end) of the archive that begins at
// base, as shape says or as its bytes suggest.
func (p *parser) block(base, start, end int64, shape *Shape, where place) (*Node, error) {
	kind := Raw
	switch {
	case shape != nil:
		kind = shape.Kind
	case p.depth >= maxGuessDepth:
	case p.looksIndexed(start, end):
		kind = Indexed
	case p.looksDataSet(start, end):
		kind = DataSet
	}
	var n *Node
	var err error
	switch kind {
	case Indexed:
		p.depth++
		n, err = p.indexed(start, end, shape, where)
		p.depth--
	case DataSet:
		n, err = p.dataSet(start, end, where)
	default:
		n = p.node(Node{Kind: Raw, Offset: start, Data: p.span(start, end)})
		if shape != nil && shape.Size > 0 {
			if int64(shape.Size) > int64(len(n.Data)) {
				return nil, bin.Errorf(start, where.String(), "a %d-byte block, found %d bytes", shape.Size, len(n.Data))
			}
			n.Data, n.Pad = n.Data[:shape.Size], n.Data[shape.Size:]
		}
	}
	if err != nil {
		return nil, err
	}
	content := int64(len(p.span(start, end)) - len(n.Pad))
	n.readSize = int(content)
	if n.Kind != Indexed { // an archive's own padding was measured with its offsets
		n.padMissing = int(end - start - content - int64(len(n.Pad)))
	}
	n.verbatim = len(n.Pad)+n.padMissing >= Alignment || alignUp(start-base+content) != end-base
	p.notePadding(n.Pad)
	return n, nil
}

// indexed reads the indexed archive at [start, end) and its blocks.
func (p *parser) indexed(start, end int64, shape *Shape, where place) (*Node, error) {
	avail := p.span(start, end)
	if len(avail) < 8 {
		return nil, bin.Errorf(start, where.String(), "an indexed archive of at least 8 bytes, found %d bytes", len(avail))
	}
	count := int64(le.Uint32(avail))
	header := 4 + 4*(count+1)
	if count > int64(len(avail)-8)/4 {
		return nil, bin.Errorf(start, where.String(), "an offset count that fits the block's %d bytes, found %d", len(avail), count)
	}
	offsets := make([]int64, count+1)
	endZero := false
	for i := range offsets {
		o, at := int64(le.Uint32(avail[4+4*i:])), start+4+4*int64(i)
		switch {
		case count == 0 && o == 0:
			// An empty archive whose end offset is 0: its size is its
			// header's.
			o, endZero = header, true
		case o > end-start:
			return nil, bin.Errorf(at, where.String(), "offset %d within the block's %d bytes, found %d", i, end-start, o)
		case i == 0 && o < header:
			return nil, bin.Errorf(at, where.String(), "a first offset past the %d-byte header, found %d", header, o)
		case i > 0 && o < offsets[i-1]:
			return nil, bin.Errorf(at, where.String(), "offsets in increasing order, found %d after %d", o, offsets[i-1])
		}
		offsets[i] = o
	}
	n := p.node(Node{Kind: Indexed, Offset: start, Children: make([]*Node, count), EndZero: endZero})
	n.HeaderPad = p.span(start+header, start+offsets[0])
	n.headerMissing = int(offsets[0]-header) - len(n.HeaderPad)
	n.verbatimHeader = alignUp(header) != offsets[0]
	p.notePadding(n.HeaderPad)
	for i := range n.Children {
		child, err := p.block(start, start+offsets[i], start+offsets[i+1], shape.block(i), place{&where, i})
		if err != nil {
			return nil, err
		}
		n.Children[i] = child
	}
	n.Pad = p.span(start+offsets[count], end)
	n.padMissing = int(end-start-offsets[count]) - len(n.Pad)
	return n, nil
}

// dataSet reads the data set at [start, end).
func (p *parser) dataSet(start, end int64, where place) (*Node, error) {
	avail := p.span(start, end)
	if len(avail) < 8 {
		return nil, bin.Errorf(start, where.String(), "a data set header of 8 bytes, found %d bytes", len(avail))
	}
	stride, count := le.Uint32(avail), le.Uint32(avail[4:])
	size := uint64(stride) * uint64(count)
	if size > uint64(len(avail)-8) {
		return nil, bin.Errorf(start, where.String(), "%d records of %d bytes within the block's %d bytes", count, stride, len(avail)-8)
	}
	return p.node(Node{Kind: DataSet, Offset: start, Stride: stride, Count: count,
		Data: avail[8 : 8+size], Pad: avail[8+size:]}), nil
}

// looksIndexed reports whether [start, end) reads as an indexed archive
// laid out by the rules: a header padded to the alignment, offsets in
// order, and a last offset that leaves no more than padding.
func (p *parser) looksIndexed(start, end int64) bool {
	b := p.span(start, end)
	if len(b) < 8 {
		return false
	}
	count := int64(le.Uint32(b))
	if count > int64(len(b)-8)/4 {
		return false
	}
	header, prev := 4+4*(count+1), int64(0)
	for i := range count + 1 {
		o := int64(le.Uint32(b[4+4*i:]))
		if i == 0 && o != alignUp(header) || o < prev {
			return false
		}
		prev = o
	}
	return prev <= end-start && prev > end-start-Alignment
}

// looksDataSet reports whether [start, end) reads as a data set followed
// by no more than padding.
func (p *parser) looksDataSet(start, end int64) bool {
	b := p.span(start, end)
	if len(b) < 8 {
		return false
	}
	size := uint64(le.Uint32(b)) * uint64(le.Uint32(b[4:]))
	return size <= uint64(len(b)-8) && uint64(len(b)-8)-size < Alignment
}

func alignUp(n int64) int64 { return (n + Alignment - 1) &^ (Alignment - 1) }

// Bytes writes the tree: unchanged blocks as they were read, changed and
// new ones laid out by the alignment rules.
func (t *Tree) Bytes() []byte {
	e := encoder{fill: t.Fill}
	b := e.indexed(make([]byte, 0, t.readSize+len(t.Trailing)), t.Root)
	if t.Missing > 0 && e.padEnd == len(b) && e.trailing >= t.Missing {
		b = b[:len(b)-t.Missing]
	}
	return append(b, t.Trailing...)
}

type encoder struct {
	fill     byte
	padEnd   int // where the padding written last ends
	trailing int // how many padding bytes run up to padEnd
}

func (e *encoder) indexed(b []byte, n *Node) []byte {
	start := len(b)
	count := len(n.Children)
	header := 4 + 4*(count+1)
	b = le.AppendUint32(b, uint32(count))
	b = append(b, make([]byte, 4*(count+1))...)
	b = e.pad(b, n.HeaderPad, n.headerMissing, n.verbatimHeader, int(alignUp(int64(header))-int64(header)))
	for i, c := range n.Children {
		le.PutUint32(b[start+4+4*i:], uint32(len(b)-start))
		b = e.block(b, start, c)
	}
	if !n.EndZero || count > 0 {
		le.PutUint32(b[start+4+4*count:], uint32(len(b)-start))
	}
	return b
}

// block appends n and its padding to the archive that begins at base.
func (e *encoder) block(b []byte, base int, n *Node) []byte {
	start := len(b)
	switch n.Kind {
	case Indexed:
		b = e.indexed(b, n)
	case DataSet:
		b = le.AppendUint32(b, n.Stride)
		b = le.AppendUint32(b, n.Count)
		if n.Records != nil {
			b = n.Records(b)
		} else {
			b = append(b, n.Data...)
		}
	default:
		b = append(b, n.Data...)
	}
	used := int64(len(b) - base)
	verbatim := n.verbatim && len(b)-start == n.readSize
	return e.pad(b, n.Pad, n.padMissing, verbatim, int(alignUp(used)-used))
}

// pad appends the padding found and the bytes of it missing from a file
// cut short (verbatim), or want bytes of it; the fill byte stands for
// what is missing.
func (e *encoder) pad(b, found []byte, missing int, verbatim bool, want int) []byte {
	before := len(b)
	switch {
	case verbatim:
		b = append(b, found...)
		for range missing {
			b = append(b, e.fill)
		}
	case len(found) >= want:
		b = append(b, found[:want]...)
	default:
		b = append(b, found...)
		for range want - len(found) {
			b = append(b, e.fill)
		}
	}
	if len(b) > before {
		if before != e.padEnd {
			e.trailing = 0
		}
		e.trailing += len(b) - before
		e.padEnd = len(b)
	}
	return b
}
