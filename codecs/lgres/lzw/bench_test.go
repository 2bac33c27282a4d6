package lzw

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// corpusStreams returns the compressed chunks of the corpus archive and
// their sizes, read with a minimal directory walk (the lgres package
// imports this one, so it cannot be used here).
func corpusStreams(b *testing.B) (streams [][]byte, sizes []int) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "corpus", "shock", "derelict", "archive.dat"))
	if err != nil {
		b.Skip("corpus folder ../shared/corpus is absent")
	}
	le32 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 | int(p[3])<<24 }
	le24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
	dir := data[le32(data[0x7c:]):]
	count := int(dir[0]) | int(dir[1])<<8
	pos := le32(dir[2:])
	for i := range count {
		e := dir[6+10*i:]
		size, flags, csize := le24(e[2:]), e[5], le24(e[6:])
		if flags == 1 { // LZW, flat
			streams = append(streams, data[pos:pos+csize])
			sizes = append(sizes, size)
		}
		pos = (pos + csize + 3) &^ 3
	}
	return streams, sizes
}

// synthetic is 8 MB of mixed content: level-like records, text and noise.
func synthetic() []byte {
	r := rand.New(rand.NewPCG(11, 12))
	var out []byte
	for len(out) < 8<<20 {
		switch r.IntN(3) {
		case 0:
			out = append(out, inputs["text"](r, 4096)...)
		case 1:
			out = append(out, inputs["repetitive"](r, 8192)...)
		default:
			out = append(out, inputs["random"](r, 1024)...)
		}
	}
	return out[:8<<20]
}

func BenchmarkDecodeCorpus(b *testing.B) {
	streams, sizes := corpusStreams(b)
	total := 0
	for _, s := range sizes {
		total += s
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for i, s := range streams {
			if _, err := Decode(s, sizes[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkEncodeCorpus(b *testing.B) {
	streams, sizes := corpusStreams(b)
	var plain [][]byte
	total := 0
	for i, s := range streams {
		p, err := Decode(s, sizes[i])
		if err != nil {
			b.Fatal(err)
		}
		plain = append(plain, p)
		total += len(p)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	buf := make([]byte, 0, total)
	for b.Loop() {
		for _, p := range plain {
			buf = Encode(buf[:0], p)
		}
	}
}

func BenchmarkDecode8MB(b *testing.B) {
	src := synthetic()
	enc := Encode(nil, src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(enc, len(src)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode8MB(b *testing.B) {
	src := synthetic()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	buf := make([]byte, 0, len(src))
	for b.Loop() {
		buf = Encode(buf[:0], src)
	}
}

// BenchmarkEncodeReference is the plain map-based encoder of the tests, a
// baseline measured in the same run.
func BenchmarkEncodeReference8MB(b *testing.B) {
	src := synthetic()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		referenceEncode(src)
	}
}
