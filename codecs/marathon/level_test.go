package marathon

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
)

// corpusFiles lists the corpus's Marathon files, or skips.
func corpusFiles(t testing.TB) []string { return corpus.Files(t, "marathon") }

// corpusLevel is one decoded map entry of a corpus file.
type corpusLevel struct {
	path  string
	entry int
	*Level
}

// corpusLevels decodes every map entry of the corpus's Marathon files.
func corpusLevels(t testing.TB) []corpusLevel {
	var out []corpusLevel
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := wad.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for n, e := range f.Entries {
			l, err := Decode(e, f.Header.DataVersion == 0)
			if err != nil {
				t.Fatalf("%s entry %d: %v", path, n, err)
			}
			out = append(out, corpusLevel{path, n, l})
		}
	}
	return out
}

func TestCorpusChunksRoundTrip(t *testing.T) {
	typed := map[string]int{}
	for _, path := range corpusFiles(t) {
		data, _ := os.ReadFile(path)
		f, err := wad.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range f.Entries {
			l, err := Decode(e, f.Header.DataVersion == 0)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, c := range e.Chunks {
				tag := string(c.Tag[:])
				got, ok := l.EncodeChunk(tag)
				if !ok {
					continue
				}
				typed[tag]++
				if !bytes.Equal(got, c.Data) {
					t.Errorf("%s entry %d: %s encodes differently", filepath.Base(path), e.Index, tag)
				}
			}
			l.Encode(e)
		}
		if f.Changed() || !bytes.Equal(f.Bytes(), data) {
			t.Errorf("%s: file changed by decoding and encoding its levels", path)
		}
	}
	t.Logf("typed chunks: %v", typed)
}

func TestMacRoman(t *testing.T) {
	if n := len(macRomanHigh); n != 128 {
		t.Fatalf("%d high characters, want 128", n)
	}
	if got := macRoman([]byte("Pfhor\xaa \xc9 \xd2q\xd3 Caf\x8e")); got != "Pfhor™ … “q” Café" {
		t.Errorf("decoded %q", got)
	}
}

// Marathon 1's level names read without replacement characters.
func TestMarathon1LevelNames(t *testing.T) {
	for i, l := range marathon1Levels(t) {
		if name := l.MapName(); name == "" || strings.ContainsRune(name, utf8.RuneError) {
			t.Errorf("level %d is named %q", i, name)
		}
	}
}
