// Package lzw is System Shock's 14-bit LZW compression, as the original
// resource library wrote it: big-endian 14-bit codes, a dictionary of
// 16382 strings, a flush code that resets it, an end-of-stream code and
// one trailing zero code. Encode produces the original compressor's bytes
// exactly; Decode inverts it and refuses streams that do not fit.
package lzw

import "fmt"

const (
	codeBits   = 14
	endCode    = 1<<codeBits - 1 // 0x3FFF: end of stream
	flushCode  = endCode - 1     // 0x3FFE: reset the dictionary
	maxCode    = endCode - 2     // 0x3FFD: the last code the dictionary assigns
	firstCode  = 256             // the first code after the 256 literals
	flushPause = 1000            // misses on a full dictionary before a flush
)

// Error is a malformed stream: Offset is the byte of the stream where the
// offending code starts, Reason what was expected there.
type Error struct {
	Offset int
	Reason string
}

// Error gives the offset and what was expected there.
func (e *Error) Error() string { return fmt.Sprintf("lzw: offset %d: expected %s", e.Offset, e.Reason) }

// Encode appends the compressed form of src to dst and returns it.
//
// The original compressor reads one byte past an empty input; here an
// empty input compresses to the end-of-stream word and the zero word alone.
func Encode(dst, src []byte) []byte {
	var w bitWriter
	w.out = dst
	if len(src) == 0 {
		w.put(endCode)
		w.put(0)
		return w.finish()
	}
	t := reuse(tables)
	defer recycle(tables, t)
	t.reset()

	next := uint32(firstCode)
	prefix := uint32(src[0])
	for _, c := range src[1:] {
		key := prefix<<8 | uint32(c)
		slot, code, found := t.find(key)
		if found {
			prefix = code
			continue
		}
		switch {
		case next <= maxCode:
			t.insert(slot, key, next)
			next++
			w.put(prefix)
		case next > maxCode+flushPause:
			w.put(prefix)
			w.put(flushCode)
			t.reset()
			next = firstCode
		default:
			next++
			w.put(prefix)
		}
		prefix = uint32(c)
	}
	w.put(prefix)
	w.put(endCode)
	w.put(0)
	return w.finish()
}

// bitWriter packs 14-bit codes most significant bit first and, like the
// original, writes only whole bytes: the last partial byte is dropped.
type bitWriter struct {
	out  []byte
	acc  uint64
	bits uint
}

func (w *bitWriter) put(code uint32) {
	w.acc = w.acc<<codeBits | uint64(code)
	w.bits += codeBits
	if w.bits >= 32 {
		w.bits -= 32
		v := uint32(w.acc >> w.bits)
		w.out = append(w.out, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
}

// finish writes the whole bytes still held.
func (w *bitWriter) finish() []byte {
	for w.bits >= 8 {
		w.bits -= 8
		w.out = append(w.out, byte(w.acc>>w.bits))
	}
	return w.out
}

// table is the encoder's dictionary: an open-addressing hash from
// prefix<<8|byte to code. Each entry packs generation<<36 | key<<14 | code,
// so that a reset is a new generation rather than a clear.
type table struct {
	slots [1 << 15]uint64
	gen   uint64
}

const (
	tableMask = 1<<15 - 1
	genShift  = 36
)

// tables keeps encoder tables for reuse, as dictionaries does for decoding.
var tables = make(chan *table, 4)

// reuse takes a spare *T from free, or allocates one.
func reuse[T any](free chan *T) *T {
	select {
	case v := <-free:
		return v
	default:
		return new(T)
	}
}

// recycle returns v to free unless free is full.
func recycle[T any](free chan *T, v *T) {
	select {
	case free <- v:
	default:
	}
}

func (t *table) reset() {
	t.gen++
	if t.gen >= 1<<(64-genShift) {
		t.slots = [1 << 15]uint64{}
		t.gen = 1
	}
}

func (t *table) find(key uint32) (slot uint32, code uint32, found bool) {
	slot = (key * 0x9E3779B1) >> 17
	for {
		e := t.slots[slot]
		if e>>genShift != t.gen {
			return slot, 0, false
		}
		if uint32(e>>codeBits)&(1<<22-1) == key {
			return slot, uint32(e) & endCode, true
		}
		slot = (slot + 1) & tableMask
	}
}

func (t *table) insert(slot, key, code uint32) {
	t.slots[slot] = t.gen<<genShift | uint64(key)<<codeBits | uint64(code)
}
