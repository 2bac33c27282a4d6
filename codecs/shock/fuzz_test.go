package shock

import (
	"bytes"
	"testing"
)

// FuzzLevelChunk replaces one chunk of a new level with fuzzed bytes:
// decoding gives an error or a level whose chunk encodes back to the same
// bytes, and checking it never panics.
func FuzzLevelChunk(f *testing.F) {
	base := NewLevel(1)
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		f.Add(uint8(k), base.EncodeChunk(k))
	}
	f.Add(uint8(ChunkXrefs), []byte{})
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		k := FirstLevelChunk + int(kind)%(LastLevelChunk-FirstLevelChunk+1)
		chunks := map[int][]byte{}
		for i := FirstLevelChunk; i <= LastLevelChunk; i++ {
			chunks[i] = base.EncodeChunk(i)
		}
		chunks[k] = data
		l, err := DecodeLevel(1, chunks)
		if err != nil {
			return
		}
		if got := l.EncodeChunk(k); !bytes.Equal(got, data) {
			t.Fatalf("chunk %d encodes differently", k)
		}
		l.Check()
		l.Summarize()
	})
}
