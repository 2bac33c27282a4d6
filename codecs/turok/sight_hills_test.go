package turok_test

import (
	"os"
	"testing"

	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// TestSightProofsOnHills: on hilly terrains, whose mesh centres lie on
// sector edges, the horizons' proofs change no bit of walking every ray.
func TestSightProofsOnHills(t *testing.T) {
	for _, cells := range []int{20, 32} {
		m := turokmap.Hills(cells)
		got, want := m.SightVisibility(), turok.WalkedVisibility(m)
		if n := turok.ChangedBits(got, want, m.MeshCount()); n != 0 {
			t.Errorf("hills of %d cells: %d bits differ from walking every ray", cells, n)
		}
	}
}

// BenchmarkSightVisibility measures the rebuild on a corpus map and on
// generated hilly terrains.
func BenchmarkSightVisibility(b *testing.B) {
	data, err := os.ReadFile(corpus.Path(b, "turok", "kex18-vis.map"))
	if err != nil {
		b.Fatal(err)
	}
	kex18, err := turok.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		m    *turok.Map
	}{{"kex18-vis", kex18}, {"hills32", turokmap.Hills(32)}, {"hills64", turokmap.Hills(64)}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				bc.m.SightVisibility()
			}
		})
	}
}
