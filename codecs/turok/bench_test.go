package turok

import (
	"bytes"
	"github.com/levelwright/levelwright/codecs/kex"
	"testing"
)

// BenchmarkMap50k decodes a 50,000-sector map into the typed model and
// encodes it back.
func BenchmarkMap50k(b *testing.B) {
	data := HillyTerrain(158).Encode() // 2*158*158 = 49,928 sectors
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := Decode(data)
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
	m := HillyTerrain(158)
	data := m.Encode()
	got, err := Decode(data)
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
	data := HillyTerrain(158).Encode()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		tree, err := kex.Parse(data, mapShape)
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
	data := HillyTerrain(158).Encode()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if out := bytes.Clone(data); len(out) != len(data) {
			b.Fatal("size changed")
		}
	}
}
