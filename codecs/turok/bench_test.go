package turok

import (
	"bytes"
	"github.com/levelwright/levelwright/codecs/kex"
	"testing"
)

// bigMap builds a map of a hilly terrain of 2*cells*cells sectors, with
// a static mesh and an actor every 64 squares and visibility tables.
func bigMap(cells int) *Map {
	const size = 64
	m := NewTerrain(cells, size)
	for i := range m.Vertices {
		x, y := i%(cells+1), i/(cells+1)
		m.Vertices[i] = Vertex{Position: Vec3{float32(x * size), float32(y * size), float32((x * y) % 37)}, Height: 512}
	}
	var meshes []StaticMesh
	for i := 0; i < cells*cells; i += 64 {
		x, y := float32(i%cells*size+size/2), float32(i/cells*size+size/2)
		meshes = append(meshes, StaticMesh{Origin: Vec3{x, y, 0}, Scale: Vec3{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1},
			BoundsMin: Vec3{x - 16, y - 16, 0}, BoundsMax: Vec3{x + 16, y + 16, 64}, Model: "models/mapstatic/rock.kmesh"})
		m.Actors = append(m.Actors, Actor{Type: 1, Origin: Vec3{x + 8, y, 0}, Scale: Vec3{1, 1, 1}, Model: "models/actors/raptor.bin", Anim: "anims/actors/raptor.kanim"})
	}
	m.Sections = []Section{{Meshes: meshes}}
	m.Visibility = m.NewVisibility()
	return m
}

// BenchmarkMap50k decodes a 50,000-sector map into the typed model and
// encodes it back.
func BenchmarkMap50k(b *testing.B) {
	data := bigMap(158).Encode() // 2*158*158 = 49,928 sectors
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
	m := bigMap(158)
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
	data := bigMap(158).Encode()
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
	data := bigMap(158).Encode()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if out := bytes.Clone(data); len(out) != len(data) {
			b.Fatal("size changed")
		}
	}
}
