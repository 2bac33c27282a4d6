package marathon

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
)

// BenchmarkMarathon1Scenario decodes all 37 levels of Marathon 1's map
// file into typed records and encodes them back.
func BenchmarkMarathon1Scenario(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", "marathon", "m1", "Map.scen"))
	if err != nil {
		b.Skip("corpus folder ../shared/corpus is absent")
	}
	f, err := wad.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range f.Entries {
			l, err := Decode(e, true)
			if err != nil {
				b.Fatal(err)
			}
			for _, c := range e.Chunks {
				l.EncodeChunk(string(c.Tag[:]))
			}
		}
	}
}
