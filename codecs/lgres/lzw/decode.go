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
	x := expansion{r: bitReader{src: src}, limit: limit, next: firstCode}
	if limit >= 0 {
		x.out = make([]byte, min(limit, maxExpansion(len(src))))
	} else {
		x.out = make([]byte, 0, 4*len(src))
	}
	x.d = reuse(dictionaries)
	defer recycle(dictionaries, x.d)

	code, err := x.r.read()
	if err != nil {
		return nil, err
	}
	if code == endCode {
		return x.out[:0], nil
	}
	if err := x.literal(code); err != nil {
		return nil, err
	}
	for {
		code, err := x.r.read()
		if err != nil {
			return nil, err
		}
		switch code {
		case endCode:
			return x.out[:x.n], nil
		case flushCode:
			x.next = firstCode
			c, err := x.r.read()
			if err != nil {
				return nil, err
			}
			if err := x.literal(c); err != nil {
				return nil, err
			}
			continue
		}
		n := x.n
		start := int32(n)
		var length int32
		switch {
		case code < firstCode:
			if err := x.grow(1); err != nil {
				return nil, err
			}
			x.out[n] = byte(code)
			length = 1
		case int32(code) < x.next:
			length = x.d.length[code]
			if err := x.grow(int(length)); err != nil {
				return nil, err
			}
			s := x.d.start[code]
			copy(x.out[n:n+int(length)], x.out[s:s+length])
		case int32(code) == x.next && x.next <= maxCode:
			// The string being defined: the previous one plus its own
			// first byte.
			length = x.prevLen + 1
			if err := x.grow(int(length)); err != nil {
				return nil, err
			}
			copy(x.out[n:n+int(x.prevLen)], x.out[x.prevStart:x.prevStart+x.prevLen])
			x.out[n+int(x.prevLen)] = x.out[x.prevStart]
		default:
			return nil, &Error{Offset: x.r.codeOffset(), Reason: fmt.Sprintf("a code below %#x, got %#x", x.next, code)}
		}
		x.n += int(length)
		if x.next <= maxCode {
			x.d.start[x.next] = x.prevStart
			x.d.length[x.next] = x.prevLen + 1
			x.next++
		}
		x.prevStart, x.prevLen = start, length
		if stopAt >= 0 && x.n >= stopAt {
			return x.out[:stopAt], nil
		}
	}
}

// An expansion is the state of one decode: the codes read, the output
// so far, the dictionary and the string the previous code produced.
type expansion struct {
	r     bitReader
	d     *dictionary
	out   []byte
	n     int   // bytes of out written
	limit int   // the most bytes out may hold; < 0 for no limit
	next  int32 // the code the next dictionary string gets

	prevStart, prevLen int32 // the previous code's string in out
}

// grow makes room in out for need more bytes, or fails when that would
// pass the limit.
func (x *expansion) grow(need int) error {
	if x.n+need <= len(x.out) {
		return nil
	}
	return x.extend(need)
}

// extend is grow when out is full.
func (x *expansion) extend(need int) error {
	if x.limit >= 0 {
		return &Error{Offset: x.r.codeOffset(), Reason: fmt.Sprintf("no more than the declared %d bytes, the stream expands further", x.limit)}
	}
	x.out = append(x.out[:cap(x.out)], make([]byte, max(need, cap(x.out)))...)
	x.out = x.out[:cap(x.out)]
	return nil
}

// literal writes code, which must be a byte: the first code of the
// stream and the one after a reset are.
func (x *expansion) literal(code uint32) error {
	if code > 0xFF {
		return &Error{Offset: x.r.codeOffset(), Reason: fmt.Sprintf("a literal code after a reset, got %#x", code)}
	}
	if err := x.grow(1); err != nil {
		return err
	}
	x.out[x.n] = byte(code)
	x.prevStart, x.prevLen = int32(x.n), 1
	x.n++
	return nil
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
