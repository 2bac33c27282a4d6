package turok_test

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/codecs/kex"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// BenchmarkMap50k decodes a 50,000-sector map into the typed model and
// encodes it back.
func BenchmarkMap50k(b *testing.B) {
	data := turokmap.Hills(158).Encode() // 2*158*158 = 49,928 sectors
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := turok.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		if out := m.Encode(); len(out) != len(data) {
			b.Fatal("size changed")
		}
	}
}

// TestBigMapRoundTrip: the benchmark's map is valid and writes back
// unchanged, so the benchmark measures real work.
func TestBigMapRoundTrip(t *testing.T) {
	m := turokmap.Hills(158)
	data := m.Encode()
	got, err := turok.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Sectors) < 49000 || !bytes.Equal(got.Encode(), data) {
		t.Fatalf("%d sectors; written back unchanged: %v", len(got.Sectors), bytes.Equal(got.Encode(), data))
	}
	t.Logf("%d bytes, %d sectors, %d meshes, %d actors", len(data), len(got.Sectors), got.MeshCount(), len(got.Actors))
}

// BenchmarkMap50kArchive is the baseline of BenchmarkMap50k: the archive
// tree alone, read and written, without the typed model.
func BenchmarkMap50kArchive(b *testing.B) {
	data := turokmap.Hills(158).Encode()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		tree, err := kex.Parse(data, turok.MapShape)
		if err != nil {
			b.Fatal(err)
		}
		if out := tree.Bytes(); len(out) != len(data) {
			b.Fatal("size changed")
		}
	}
}

// BenchmarkMap50kCopy is the floor: copying the file's bytes once.
func BenchmarkMap50kCopy(b *testing.B) {
	data := turokmap.Hills(158).Encode()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if out := bytes.Clone(data); len(out) != len(data) {
			b.Fatal("size changed")
		}
	}
}

// BenchmarkCheckFarVertices checks a 50,000-sector map with 1,500 actors
// as it is, with one vertex at 1e30, and with half its vertices 1e6
// away: the sector locator keeps the three about as fast.
func BenchmarkCheckFarVertices(b *testing.B) {
	const cells = 158
	for _, c := range []struct {
		name  string
		moved func(v int) bool
		dx    float32
	}{
		{"as-is", func(int) bool { return false }, 0},
		{"one-at-1e30", func(v int) bool { return v == 80*(cells+1)+80 }, 1e30},
		{"half-1e6-away", func(v int) bool { return v/(cells+1) >= cells/2 }, 1e6},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := turok.NewTerrain(cells, 64)
			loc := m.Locator()
			for i := range 1500 {
				p := turok.Vec3{X: float32(i%39*256 + 100), Y: float32(i/39*256 + 50)}
				m.Actors = append(m.Actors, turok.Actor{Origin: p, Sector: int32(loc.SectorAt(p)), TargetTID: -1})
			}
			for v := range m.Vertices {
				if c.moved(v) {
					m.Vertices[v].Position.X += c.dx
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				m.Check()
			}
		})
	}
}
