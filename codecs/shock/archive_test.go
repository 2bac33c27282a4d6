package shock

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
)

// corpusArchivePath is the corpus's System Shock archive.
var corpusArchivePath = filepath.Join("..", "..", "..", "shared", "corpus", "shock", "derelict", "archive.dat")

// corpusArchive reads the corpus archive, or skips when it is absent.
func corpusArchive(t testing.TB) []byte {
	data, err := os.ReadFile(corpusArchivePath)
	if err != nil {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	return data
}

// decodeBytes parses and decodes an archive, failing the test on error.
func decodeBytes(t *testing.T, data []byte) (*lgres.File, *Archive) {
	t.Helper()
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Decode(res)
	if err != nil {
		t.Fatal(err)
	}
	return res, a
}

func TestCorpusChunksRoundTrip(t *testing.T) {
	data := corpusArchive(t)
	res, a := decodeBytes(t, data)
	levels := 0
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		levels++
		for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
			want, _ := res.Chunk(ChunkID(l.Index, k)).Data()
			if got := l.EncodeChunk(k); !bytes.Equal(got, want) {
				t.Errorf("level %d chunk %d: encodes differently", l.Index, ChunkID(l.Index, k))
			}
		}
	}
	if levels != 6 {
		t.Errorf("%d levels, want Derelict's 6", levels)
	}
	if err := a.Encode(); err != nil {
		t.Fatal(err)
	}
	if got := res.Bytes(); !bytes.Equal(got, data) {
		t.Fatal("unchanged archive encodes to different bytes")
	}
}

// TestCorpusCheck: the Derelict archive has no problem check can find
// (its cyberspace levels' tiles hold colours past the texture list,
// which are not texture slots) but one: a display screen (object 123 of
// level 0) stands in the middle of a solid tile, where no one sees it.
func TestCorpusCheck(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	levels, problems := 0, 0
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		levels++
		for _, p := range l.Check() {
			if p.Level == 0 && p.Index == 123 && p.Code == CodeObjectInWall {
				continue
			}
			t.Errorf("%+v", p)
			problems++
		}
	}
	if levels != 6 || problems != 0 {
		t.Fatalf("%d levels checked, %d problems; want 6 levels and none", levels, problems)
	}
}

func TestDecodeErrorsNameLevelChunkAndOffset(t *testing.T) {
	base := NewLevel(3)
	chunks := map[int][]byte{}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		chunks[k] = base.EncodeChunk(k)
	}
	chunks[ChunkTiles] = chunks[ChunkTiles][:1000]
	chunks[ChunkTiles] = append(chunks[ChunkTiles], 1, 2, 3)
	_, err := DecodeLevel(3, chunks)
	if err == nil || !strings.Contains(err.Error(), "level 3 chunk 4305: offset 992") {
		t.Fatalf("got %v", err)
	}
	chunks[ChunkTiles] = base.EncodeChunk(ChunkTiles)
	delete(chunks, ChunkPaths)
	if _, err := DecodeLevel(3, chunks); err == nil || !strings.Contains(err.Error(), "level 3 chunk 4349: offset 0: expected the chunk's data, it is missing") {
		t.Fatalf("missing chunk: %v", err)
	}
}

// TestParseMissingChunk: an archive whose level lacks a chunk is refused
// with the directory's offset and the chunk it lacks.
func TestParseMissingChunk(t *testing.T) {
	res, err := NewArchive(2)
	if err != nil {
		t.Fatal(err)
	}
	res.Bytes()
	res.Chunk(ChunkID(2, ChunkPaths)).ID = 0 // erased, as the original tools do
	data := res.Bytes()
	want := fmt.Sprintf("level 2: offset %d: expected chunk %d in the directory", res.DirectoryOffset(), ChunkID(2, ChunkPaths))
	var be *bin.Error
	if _, err := Parse(data); !errors.As(err, &be) || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}

func TestDecodeString(t *testing.T) {
	if got := DecodeString([]byte("K\xfchlraum\x00junk")); got != "Kühlraum" {
		t.Errorf("decoded %q", got)
	}
}
