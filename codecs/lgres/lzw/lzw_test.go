package lzw

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// referenceEncode is the original compressor's algorithm written as
// plainly as possible (a map for the dictionary, one byte out at a time),
// an oracle for the fast encoder.
func referenceEncode(src []byte) []byte {
	var out []byte
	var buf uint32
	var count int
	put := func(code uint32) {
		buf |= code << (32 - codeBits - count)
		count += codeBits
		for count >= 8 {
			out = append(out, byte(buf>>24))
			buf <<= 8
			count -= 8
		}
	}
	if len(src) == 0 {
		put(endCode)
		put(0)
		return out
	}
	dict := map[[2]uint32]uint32{}
	next := uint32(firstCode)
	prefix := uint32(src[0])
	for _, b := range src[1:] {
		c := uint32(b)
		if code, ok := dict[[2]uint32{prefix, c}]; ok {
			prefix = code
			continue
		}
		if next <= maxCode {
			dict[[2]uint32{prefix, c}] = next
			next++
			put(prefix)
		} else if next > maxCode+flushPause {
			put(prefix)
			put(flushCode)
			clear(dict)
			next = firstCode
		} else {
			next++
			put(prefix)
		}
		prefix = c
	}
	put(prefix)
	put(endCode)
	put(0)
	return out
}

// inputs are the kinds of data the issue names, at a given size.
var inputs = map[string]func(r *rand.Rand, n int) []byte{
	"random": func(r *rand.Rand, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	},
	"repetitive": func(r *rand.Rand, n int) []byte {
		unit := make([]byte, 1+r.IntN(40))
		for i := range unit {
			unit[i] = byte(r.IntN(4))
		}
		return bytes.Repeat(unit, n/len(unit)+1)[:n]
	},
	"zeros": func(r *rand.Rand, n int) []byte { return make([]byte, n) },
	"text": func(r *rand.Rand, n int) []byte {
		words := strings.Fields("the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so what")
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(words[r.IntN(len(words))])
			if r.IntN(12) == 0 {
				b.WriteString(".\n")
			} else {
				b.WriteByte(' ')
			}
		}
		return []byte(b.String()[:n])
	},
}

var sizes = []int{1, 2, 3, 7, 64, 1000, 4096, 20000, 65536, 300000, 1 << 20, 8 << 20}

func TestEncodeMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, gen := range inputs {
		for _, n := range sizes {
			if testing.Short() && n > 1<<20 {
				continue
			}
			src := gen(r, n)
			got := Encode(nil, src)
			want := referenceEncode(src)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s %d bytes: encoding differs at byte %d of %d/%d", name, n, firstDiff(got, want), len(got), len(want))
			}
			back, err := Decode(got, n)
			if err != nil {
				t.Fatalf("%s %d bytes: decode: %v", name, n, err)
			}
			if !bytes.Equal(back, src) {
				t.Fatalf("%s %d bytes: decode differs at byte %d", name, n, firstDiff(back, src))
			}
		}
	}
}

// TestFlushOnThousandAndFirstMiss builds input that fills the dictionary
// and keeps missing, and checks the flush code lands where the original
// puts it: after exactly 1000 misses on a full dictionary.
func TestFlushOnThousandAndFirstMiss(t *testing.T) {
	src := inputs["random"](rand.New(rand.NewPCG(3, 4)), 200000)
	enc := Encode(nil, src)
	r := bitReader{src: enc}
	codes, flushAt := 0, -1
	for {
		c, err := r.read()
		if err != nil {
			t.Fatal(err)
		}
		if c == flushCode {
			flushAt = codes
			break
		}
		if c == endCode {
			break
		}
		codes++
	}
	// Codes 256..maxCode are assigned one per code written, then 1000
	// more misses write a code each, then the 1001st writes one and flushes.
	want := (maxCode - firstCode + 1) + flushPause + 1
	if flushAt != want {
		t.Fatalf("flush after %d codes, want %d", flushAt, want)
	}
}

func TestEncodeEmpty(t *testing.T) {
	enc := Encode(nil, nil)
	if !bytes.Equal(enc, []byte{0xFF, 0xFC, 0x00}) {
		t.Fatalf("empty input encodes to % x", enc)
	}
	if out, err := Decode(enc, 0); err != nil || len(out) != 0 {
		t.Fatalf("decode: %v, %d bytes", err, len(out))
	}
}

func TestEncodeEndsWithZeroByte(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8} {
		enc := Encode(nil, bytes.Repeat([]byte{0xFF}, n))
		if enc[len(enc)-1] != 0 {
			t.Errorf("%d bytes: last byte %#x, want the trailing zero", n, enc[len(enc)-1])
		}
	}
}

func TestDecodePrefix(t *testing.T) {
	src := inputs["text"](rand.New(rand.NewPCG(5, 6)), 100000)
	enc := Encode(nil, src)
	for _, n := range []int{0, 1, 17, 5000, 99999, 100000, 200000} {
		got, err := DecodePrefix(enc, n)
		if err != nil {
			t.Fatalf("prefix %d: %v", n, err)
		}
		want := src[:min(n, len(src))]
		if !bytes.Equal(got, want) {
			t.Fatalf("prefix %d: %d bytes, differs at %d", n, len(got), firstDiff(got, want))
		}
	}
}

func TestDecodeAll(t *testing.T) {
	src := inputs["repetitive"](rand.New(rand.NewPCG(7, 8)), 3<<20)
	got, err := DecodeAll(Encode(nil, src))
	if err != nil || !bytes.Equal(got, src) {
		t.Fatalf("DecodeAll: %v, equal %v", err, bytes.Equal(got, src))
	}
}

func TestDecodeRejects(t *testing.T) {
	good := Encode(nil, []byte("hello hello hello hello"))
	cases := []struct {
		name string
		src  []byte
		size int
		want string
	}{
		{"truncated", good[:len(good)-4], 23, "stream ends first"},
		{"empty", nil, 0, "stream ends first"},
		{"past declared size", good, 10, "expands further"},
		{"short of declared size", good, 30, "30 bytes as declared"},
		{"undefined code", codes('a', 0x300, endCode), 10, "a code below"},
		{"literal after flush", codes('a', flushCode, 0x200, endCode), 10, "a literal code"},
		{"first code not literal", codes(0x200, endCode), 10, "a literal code"},
	}
	for _, c := range cases {
		out, err := Decode(c.src, c.size)
		var le *Error
		if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v (%d bytes), want an error with %q", c.name, err, len(out), c.want)
		}
	}
}

// TestDecodeAllocatesOnce checks that decoding makes one allocation, the
// output, whatever the size.
func TestDecodeAllocatesOnce(t *testing.T) {
	src := inputs["text"](rand.New(rand.NewPCG(9, 9)), 1<<20)
	enc := Encode(nil, src)
	Decode(enc, len(src)) // warm the dictionary pool
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := Decode(enc, len(src)); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Fatalf("%.1f allocations per decode, want 1", allocs)
	}
}

// TestDecodeAllocationBoundedByInput: a tiny stream that declares a huge
// size must not make the decoder allocate that size.
func TestDecodeAllocationBoundedByInput(t *testing.T) {
	enc := Encode(nil, []byte("ab"))
	var got []byte
	allocs := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			got, _ = Decode(enc, 16<<20)
		}
	})
	if perOp := allocs.AllocedBytesPerOp(); perOp > 1024 {
		t.Fatalf("decoding %d bytes declared as 16 MiB allocated %d bytes", len(enc), perOp)
	}
	_ = got
}

// codes packs a code sequence as the encoder would, with the zero word.
func codes(cs ...uint32) []byte {
	var w bitWriter
	for _, c := range cs {
		w.put(c)
	}
	w.put(0)
	return w.finish()
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func Example() {
	enc := Encode(nil, []byte("TOBEORNOTTOBEORTOBEORNOT"))
	dec, _ := Decode(enc, 24)
	fmt.Println(len(enc), string(dec))
	// Output: 31 TOBEORNOTTOBEORTOBEORNOT
}
