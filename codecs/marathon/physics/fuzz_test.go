package physics

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
)

// FuzzM1 reads fuzzed bytes as a Marathon 1 physics file: an error or a
// file that encodes to the same bytes, never a panic.
func FuzzM1(f *testing.F) {
	f.Add([]byte("mons\x00\x00\x00\x00\x00\x00\x00\x8a"))
	f.Add(append([]byte("effe\x00\x00\x00\x01\x00\x01\x00\x06"), 1, 2, 3, 4, 5, 6))
	f.Add(append([]byte("zzzz\x00\x00\x00\x01\x00\x01\x00\x03"), 1, 2, 3))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseM1(data)
		if err != nil {
			return
		}
		if !bytes.Equal(m.Bytes(), data) {
			t.Fatal("encodes differently")
		}
	})
}

// FuzzChunk decodes fuzzed bytes as a physics chunk: an error or records
// that encode to the same bytes.
func FuzzChunk(f *testing.F) {
	for k := range KindCount {
		f.Add(uint8(k), bytes.Repeat([]byte{0xA5}, RecordSize(k, false)))
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		k := Kind(int(which) % int(KindCount))
		e := &wad.Entry{}
		e.SetChunk(Tags[k], data)
		s, err := Decode(e)
		if err != nil {
			return
		}
		if !bytes.Equal(s.EncodeTable(k), data) {
			t.Fatalf("%s encodes differently", Tags[k])
		}
	})
}
