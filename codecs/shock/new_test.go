package shock

import (
	"bytes"
	"os"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
)

func TestNewArchive(t *testing.T) {
	f, err := NewArchive(1)
	if err != nil {
		t.Fatal(err)
	}
	data := f.Bytes()
	res, a := decodeBytes(t, data)
	l := a.Levels[1]
	if l == nil {
		t.Fatal("level 1 missing")
	}
	if p := l.Check(); len(p) != 0 {
		t.Fatalf("new level has problems: %+v", p)
	}
	// Every chunk has the size the corpus archive's has.
	if corpus := corpusLevelSizes(t); corpus != nil {
		for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
			if got := res.Chunk(ChunkID(1, k)).Size; k != ChunkSchedule && got != corpus[k] {
				t.Errorf("chunk %d: %d bytes, the corpus has %d", ChunkID(1, k), got, corpus[k])
			}
		}
	}
	open := 0
	for _, tile := range l.Tiles {
		if tile.Shape == ShapeOpen {
			open++
		}
	}
	if open != 64 || l.Tile(27, 30).Shape != ShapeSolid || l.Tile(30, 30).FloorHeight() != 4 {
		t.Errorf("room: %d open tiles", open)
	}
	if err := a.Encode(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(res.Bytes(), data) {
		t.Fatal("new archive does not round-trip")
	}
}

// corpusLevelSizes is each chunk's size in the corpus archive's level 1,
// nil when the corpus is absent (the rest of the test still runs).
func corpusLevelSizes(t *testing.T) map[int]int {
	data, err := os.ReadFile(corpusArchivePath)
	if err != nil {
		t.Log("corpus folder ../shared/corpus is absent: chunk sizes not compared")
		return nil
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[int]int{}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		sizes[k] = res.Chunk(ChunkID(1, k)).Size
	}
	return sizes
}
