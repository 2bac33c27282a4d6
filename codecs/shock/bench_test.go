package shock

import (
	"os"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
)

// sixteenLevels builds a 16-level archive: the corpus archive's levels
// repeated into every level slot (new levels when the corpus is absent).
func sixteenLevels(b *testing.B) []byte {
	var levels []*Level
	if data, err := os.ReadFile(corpusArchivePath); err == nil {
		res, _ := lgres.Parse(data)
		if a, err := Decode(res); err == nil && res != nil {
			for _, l := range a.Levels {
				if l != nil {
					levels = append(levels, l)
				}
			}
		}
	}
	if len(levels) == 0 {
		levels = []*Level{NewLevel(0)}
	}
	f, err := NewArchive(0)
	if err != nil {
		b.Fatal(err)
	}
	f.Chunks = f.Chunks[:2] // keep the global chunks
	for level := range MaxLevels {
		src := levels[level%len(levels)]
		for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
			flags := uint8(lgres.FlagLZW)
			if rawLevelChunks[k] {
				flags = 0
			}
			f.Add(ChunkID(level, k), lgres.TypeMap, flags, src.EncodeChunk(k))
		}
	}
	return f.Bytes()
}

// BenchmarkDecodeArchive parses a 16-level archive, expands every level
// chunk and decodes it into the typed model.
func BenchmarkDecodeArchive(b *testing.B) {
	data := sixteenLevels(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		res, err := lgres.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Decode(res); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeArchive encodes every level chunk of a 16-level archive
// from the typed model, recompresses all of them and writes the file.
func BenchmarkEncodeArchive(b *testing.B) {
	data := sixteenLevels(b)
	res, _ := lgres.Parse(data)
	a, err := Decode(res)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range a.Levels {
			for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
				res.Chunk(ChunkID(l.Index, k)).SetData(l.EncodeChunk(k))
			}
		}
		res.Bytes()
	}
}
