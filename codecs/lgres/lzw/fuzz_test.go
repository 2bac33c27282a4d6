package lzw

import (
	"bytes"
	"testing"
)

// FuzzDecode: any stream and declared size give bytes or an error, never a
// panic, and what decodes re-encodes to a stream that decodes the same.
func FuzzDecode(f *testing.F) {
	f.Add(Encode(nil, []byte("TOBEORNOTTOBEORTOBEORNOT")), 24)
	f.Add(codes('a', 0x100, 0x101, endCode), 6)
	f.Add([]byte{0xFF, 0xFC, 0x00}, 0)
	f.Fuzz(func(t *testing.T, src []byte, size int) {
		size &= 1<<20 - 1
		out, err := Decode(src, size)
		if err != nil {
			return
		}
		if len(out) != size {
			t.Fatalf("decoded %d bytes, declared %d", len(out), size)
		}
		again, err := Decode(Encode(nil, out), size)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("re-encoded stream: %v", err)
		}
	})
}

// FuzzEncode: the encoder matches the reference and Decode inverts it.
func FuzzEncode(f *testing.F) {
	f.Add([]byte("TOBEORNOTTOBEORTOBEORNOT"))
	f.Add([]byte{})
	f.Add(bytes.Repeat([]byte{0}, 5000))
	f.Fuzz(func(t *testing.T, src []byte) {
		enc := Encode(nil, src)
		if want := referenceEncode(src); !bytes.Equal(enc, want) {
			t.Fatalf("differs from the reference at %d", firstDiff(enc, want))
		}
		dec, err := Decode(enc, len(src))
		if err != nil || !bytes.Equal(dec, src) {
			t.Fatalf("decode: %v", err)
		}
	})
}
