package shock

import (
	"bytes"
	"testing"
)

// TestCorpusTextureAnims: level 1's groups decode to the values their
// bytes hold, and every level's chunk 42 encodes back byte for byte.
func TestCorpusTextureAnims(t *testing.T) {
	res, a := decodeBytes(t, corpusArchive(t))
	want := []TextureAnim{
		{},
		{Speed: 15, Frames: 4, Flags: 0x01},
		{Speed: 20, Frames: 4, Flags: 0x01},
		{Speed: 15, Frames: 4, Flags: 0x81},
	}
	l := a.Levels[0]
	if len(l.TextureAnims) != len(want) {
		t.Fatalf("level 0: %d texture animations, want %d", len(l.TextureAnims), len(want))
	}
	for i, w := range want {
		if l.TextureAnims[i] != w {
			t.Errorf("level 0 texture animation %d = %+v, want %+v", i, l.TextureAnims[i], w)
		}
	}
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		raw, _ := res.Chunk(ChunkID(l.Index, ChunkTextureAnims)).Data()
		if got := l.EncodeChunk(ChunkTextureAnims); !bytes.Equal(got, raw) {
			t.Errorf("level %d texture animations encode to % x, want % x", l.Index, got, raw)
		}
	}
}

// TestTextureAnimFieldsRoundTrip: every field lands in its own bytes.
func TestTextureAnimFieldsRoundTrip(t *testing.T) {
	l := NewLevel(0)
	l.TextureAnims[2] = TextureAnim{Speed: 0x1234, TimeRemainder: 0x5678, CurrentFrame: 3, Frames: 7, Flags: 0x81}
	b := l.EncodeChunk(ChunkTextureAnims)
	wantAt := []byte{0x34, 0x12, 0x78, 0x56, 3, 7, 0x81}
	if got := b[2*7 : 3*7]; !bytes.Equal(got, wantAt) {
		t.Fatalf("entry 2 encodes to % x, want % x", got, wantAt)
	}
	chunks := map[int][]byte{}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		chunks[k] = l.EncodeChunk(k)
	}
	back, err := DecodeLevel(0, chunks)
	if err != nil {
		t.Fatal(err)
	}
	if back.TextureAnims[2] != l.TextureAnims[2] {
		t.Errorf("decoded %+v, want %+v", back.TextureAnims[2], l.TextureAnims[2])
	}
}
