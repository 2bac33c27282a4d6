package turok_test

import (
	"fmt"
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
// generated wooded terrains of three sizes, the largest with the
// hold-out map's 51,200 sectors and 4,267 meshes (Wooded(160)): the
// meshes grow with the sectors, so sectors x meshes grows 16 times a
// doubling of the side, and the time must grow no faster.
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
	}{{"kex18-vis", kex18}, {"wooded40", turokmap.Wooded(40)}, {"wooded80", turokmap.Wooded(80)}, {"wooded160", turokmap.Wooded(160)}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				bc.m.SightVisibility()
			}
		})
	}
}

// BenchmarkVisibilityReport measures what `levelwright visibility FILE`
// works out, from the file's bytes: the map decoded, whether its tables
// fit it and what they mark visible, at the three sizes of
// BenchmarkSightVisibility.
func BenchmarkVisibilityReport(b *testing.B) {
	for _, cells := range []int{40, 80, 160} {
		m := turokmap.Hills(cells)
		for s := range m.Sectors {
			m.Visibility.SetVisible(s, s%m.MeshCount(), true)
		}
		data := m.Encode()
		b.Run(fmt.Sprintf("hills%d", cells), func(b *testing.B) {
			for b.Loop() {
				m, err := turok.Decode(data)
				if err != nil {
					b.Fatal(err)
				}
				if m.VisibilityStale() != "" || m.Visibility.Counts(m.MeshCount()).Pairs != len(m.Sectors) {
					b.Fatal("the tables do not read back")
				}
			}
		})
	}
}
