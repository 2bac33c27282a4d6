package turok

import (
	"bytes"
	"os"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

func corpusMaps(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, path := range corpus.Files(t, "turok") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out[path] = data
	}
	return out
}

// TestCorpusRoundTrip decodes every corpus map into the typed model and
// encodes it back byte for byte.
func TestCorpusRoundTrip(t *testing.T) {
	for path, data := range corpusMaps(t) {
		m, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := m.Encode(); !bytes.Equal(got, data) {
			t.Errorf("%s: encoded %d bytes, read %d, first difference at %d", path, len(got), len(data), firstDiff(got, data))
		}
		meshes := 0
		for _, s := range m.Sections {
			meshes += len(s.Meshes)
		}
		vis := "none"
		if m.Visibility != nil {
			vis = "present"
		}
		t.Logf("%s: v%d, %d vertices, %d sets, %d sectors (long %v), grid %dx%d, %d sections, %d meshes, %d actors, visibility %s",
			path, m.Version, len(m.Vertices), len(m.SectorSets), len(m.Sectors), m.LongSectors, m.GridWidth, m.GridHeight, len(m.Sections), meshes, len(m.Actors), vis)
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
