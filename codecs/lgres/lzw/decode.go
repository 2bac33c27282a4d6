package lzw

import "fmt"

// Decode expands a compressed stream whose expanded size is known (a
// resource directory states it). It allocates the output once and fails
// when the stream would expand past size, ends before its end-of-stream
// code, or holds a code the dictionary does not have yet. A stream that
// ends short of size is an error too.
func Decode(src []byte, size int) ([]byte, error) {
	out, err := decode(src, size, -1)
	if err != nil {
		return nil, err
	}
	if len(out) != size {
		return nil, &Error{Offset: len(src), Reason: fmt.Sprintf("%d bytes as declared, the stream expands to %d", size, len(out))}
	}
	return out, nil
}

// DecodePrefix expands only the first n bytes of a stream, for reading one
// block of a compound resource without expanding the rest.
// A stream shorter than n gives all it holds.
func DecodePrefix(src []byte, n int) ([]byte, error) {
	return decode(src, n+maxStringLength, n)
}

// maxStringLength bounds one code's string: the dictionary's longest chain.
const maxStringLength = maxCode - firstCode + 2

// DecodeAll expands a stream of unknown expanded size, growing the output
// as it goes (for `levelwright lzw decode`).
func DecodeAll(src []byte) ([]byte, error) {
	return decode(src, -1, -1)
}

// maxExpansion bounds what a stream of n bytes can expand to: its k codes
// produce at most 1, 2, ... k bytes, since each string extends an earlier
// one by a byte. Decode allocates no more than this, whatever size says.
func maxExpansion(n int) int {
	k := n * 8 / codeBits
	if k > 1<<20 {
		return 1 << 40
	}
	return k * (k + 1) / 2
}

// dictionary is the decoder's dictionary: each code's string already sits in
// the output, so a code is where it starts there and how long it is.
type dictionary struct {
	start  [endCode + 1]int32
	length [endCode + 1]int32
}

// dictionaries keeps decoder dictionaries for reuse. Unlike a sync.Pool
// it survives garbage collections, so a decode allocates only its output.
var dictionaries = make(chan *dictionary, 4)

// decode expands src into at most limit bytes (growing as needed when
// limit < 0); expanding past limit is an error. With stopAt >= 0 it
// returns as soon as it has that many bytes.
func decode(src []byte, limit, stopAt int) ([]byte, error) {
	var out []byte
	if limit >= 0 {
		out = make([]byte, min(limit, maxExpansion(len(src))))
	} else {
		out = make([]byte, 0, 4*len(src))
	}
	d := reuse(dictionaries)
	defer recycle(dictionaries, d)

	r := bitReader{src: src}
	n := 0 // bytes of out written
	grow := func(need int) error {
		if n+need <= len(out) {
			return nil
		}
		if limit >= 0 {
			return &Error{Offset: r.codeOffset(), Reason: fmt.Sprintf("no more than the declared %d bytes, the stream expands further", limit)}
		}
		out = append(out[:cap(out)], make([]byte, max(need, cap(out)))...)
		out = out[:cap(out)]
		return nil
	}

	next := int32(firstCode)
	prevStart, prevLen := int32(0), int32(0)
	literal := func(code uint32) error {
		if code > 0xFF {
			return &Error{Offset: r.codeOffset(), Reason: fmt.Sprintf("a literal code after a reset, got %#x", code)}
		}
		if err := grow(1); err != nil {
			return err
		}
		out[n] = byte(code)
		prevStart, prevLen = int32(n), 1
		n++
		return nil
	}

	code, err := r.read()
	if err != nil {
		return nil, err
	}
	if code == endCode {
		return out[:0], nil
	}
	if err := literal(code); err != nil {
		return nil, err
	}
	for {
		code, err := r.read()
		if err != nil {
			return nil, err
		}
		switch {
		case code == endCode:
			return out[:n], nil
		case code == flushCode:
			next = firstCode
			c, err := r.read()
			if err != nil {
				return nil, err
			}
			if err := literal(c); err != nil {
				return nil, err
			}
			continue
		}
		start := int32(n)
		var length int32
		switch {
		case code < firstCode:
			if err := grow(1); err != nil {
				return nil, err
			}
			out[n] = byte(code)
			length = 1
		case int32(code) < next:
			length = d.length[code]
			if err := grow(int(length)); err != nil {
				return nil, err
			}
			s := d.start[code]
			copy(out[n:n+int(length)], out[s:s+length])
		case int32(code) == next && next <= maxCode:
			// The string being defined: the previous one plus its own
			// first byte.
			length = prevLen + 1
			if err := grow(int(length)); err != nil {
				return nil, err
			}
			copy(out[n:n+int(prevLen)], out[prevStart:prevStart+prevLen])
			out[n+int(prevLen)] = out[prevStart]
		default:
			return nil, &Error{Offset: r.codeOffset(), Reason: fmt.Sprintf("a code below %#x, got %#x", next, code)}
		}
		n += int(length)
		if stopAt >= 0 && n >= stopAt {
			return out[:stopAt], nil
		}
		if next <= maxCode {
			d.start[next] = prevStart
			d.length[next] = prevLen + 1
			next++
		}
		prevStart, prevLen = start, length
	}
}

// bitReader reads 14-bit codes most significant bit first.
type bitReader struct {
	src  []byte
	pos  int // next byte of src to load
	acc  uint64
	bits uint
	used int // bits consumed
}

func (r *bitReader) read() (uint32, error) {
	if r.bits < codeBits {
		for r.bits <= 56 && r.pos < len(r.src) {
			r.acc |= uint64(r.src[r.pos]) << (56 - r.bits)
			r.pos++
			r.bits += 8
		}
		if r.bits < codeBits {
			return 0, &Error{Offset: len(r.src), Reason: "an end-of-stream code, the stream ends first"}
		}
	}
	code := uint32(r.acc >> (64 - codeBits))
	r.acc <<= codeBits
	r.bits -= codeBits
	r.used += codeBits
	return code, nil
}

// codeOffset is the byte where the last code read starts.
func (r *bitReader) codeOffset() int { return (r.used - codeBits) / 8 }
