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

// FuzzDecodeBitmap: decoding any bytes gives an image or an error,
// never a panic.
func FuzzDecodeBitmap(f *testing.F) {
	f.Add(bitmapBytes(BitmapFlat, 2, 2, 2, []byte{1, 2, 3, 4}))
	f.Add(bitmapBytes(BitmapRLE, 4, 2, 4, []byte{0x80, 2, 0x00, 0x80, 2, 0x80, 5, 6, 0x80, 3, 0xC0, 4, 0x01, 1}))
	f.Add(bitmapBytes(BitmapRLE, 4, 4, 4, []byte{0x00, 3, 7, 0x83, 0x80, 0x00, 0x00}))
	pal := greys()
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := DecodeBitmap(data, pal)
		if err == nil && len(img.Pix) != img.Bounds().Dx()*img.Bounds().Dy() {
			t.Fatal("image of the wrong size")
		}
	})
}
