package marathon

import (
	"os"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
)

// BenchmarkMarathon1Scenario decodes all 37 levels of Marathon 1's map
// file into typed records and encodes them back.
func BenchmarkMarathon1Scenario(b *testing.B) {
	data, err := os.ReadFile(corpus.Path(b, "marathon", "m1", "Map.scen"))
	if err != nil {
		b.Fatal(err)
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
