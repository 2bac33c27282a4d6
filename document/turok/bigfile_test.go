package turok

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// bigFiles are 30 MB maps built on turokmap.Hills(180), 64,800 sectors,
// with static meshes and actors standing in the sectors they name, in a
// 6 x 6 grid of sections with their bounds: "visibility" has a mesh and
// an actor every 9 squares (3,600 of each) and visibility tables of
// 452-byte rows, a few bits set in each (the tables are most of a big
// map's bytes); "placements" has no tables but 4 actors a square and a
// mesh every other square (129,600 actors, 16,200 meshes).
var bigFiles = []struct {
	name                 string
	actorsPer, meshEvery int // actors per square, squares per mesh
	visibility           bool
}{{"visibility", 0, 9, true}, {"placements", 4, 2, false}}

// bigFile builds bigFiles[i].
func bigFile(tb testing.TB, i int) []byte {
	tb.Helper()
	const cells, size = 180, 64
	shape := bigFiles[i]
	m := turokmap.Hills(cells)
	m.GridWidth, m.GridHeight = 6, 6
	m.Sections = make([]codec.Section, 36)
	m.GridMin, m.GridMax = make([]codec.XY, 36), make([]codec.XY, 36)
	loc, grid := m.Locator(), m.SectionGrid()
	m.Actors = m.Actors[:0]
	place := func(p codec.Vec3) (codec.Vec3, int32) {
		s := loc.SectorAt(p)
		p.Z, _ = m.FloorAt(s, p.X, p.Y)
		return p, int32(s)
	}
	for i := range cells * cells {
		corner := codec.Vec3{X: float32(i % cells * size), Y: float32(i / cells * size)}
		if i%shape.meshEvery == 0 {
			p, s := place(codec.Vec3{X: corner.X + size/3, Y: corner.Y + size/2})
			section := grid.SectionAt(codec.XY{X: p.X, Y: p.Y})
			m.Sections[section].Meshes = append(m.Sections[section].Meshes, codec.StaticMesh{Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1},
				Rotation: [4]float32{0, 0, 0, 1}, BoundsMin: codec.Vec3{X: p.X - 16, Y: p.Y - 16, Z: p.Z}, BoundsMax: codec.Vec3{X: p.X + 16, Y: p.Y + 16, Z: p.Z + 64},
				Sector: s, CullBits: -1, Model: "models/mapstatic/rock.kmesh"})
		}
		actors := shape.actorsPer
		if i%shape.meshEvery == 0 {
			actors = max(actors, 1)
		}
		for a := range actors {
			p, s := place(codec.Vec3{X: corner.X + float32(a*size/4+5), Y: corner.Y + size/2 + 3})
			m.Actors = append(m.Actors, codec.Actor{Type: 1, Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Sector: s,
				BoundsMin: codec.Vec3{X: p.X - 20, Y: p.Y - 20, Z: p.Z}, BoundsMax: codec.Vec3{X: p.X + 20, Y: p.Y + 20, Z: p.Z + 80},
				TID: int16(i % 100), TargetTID: -1, Model: "models/actors/raptor.bin", Anim: "anims/actors/raptor.kanim"})
		}
	}
	for i := range m.Sections {
		m.GridMin[i], m.GridMax[i], _ = m.SectionBounds(i)
	}
	m.Visibility = nil
	if shape.visibility {
		m.Visibility = m.NewVisibility()
		rng := rand.New(rand.NewPCG(29, 30))
		meshes := m.MeshCount()
		for s := range m.Sectors {
			for range 16 {
				m.Visibility.SetVisible(s, rng.IntN(meshes), true)
			}
		}
	}
	return m.Encode()
}

// TestBigFileIsRight: the benchmarks' map is about 30 MB and has no
// problem, so that they measure a valid map of the size users open.
func TestBigFileIsRight(t *testing.T) {
	for i, shape := range bigFiles {
		data := bigFile(t, i)
		d, err := Load("big.map", data)
		if err != nil {
			t.Fatal(err)
		}
		if p := mustProblems(t, d); len(p) > 0 || len(data) < 28<<20 || len(data) > 34<<20 {
			t.Fatalf("%s: %d bytes; problems: %v", shape.name, len(data), p)
		}
		t.Logf("%s: %d bytes: %d sectors, %d vertices, %d actors, %d static meshes", shape.name, len(data), len(d.Map.Sectors), len(d.Map.Vertices), len(d.Map.Actors), d.Map.MeshCount())
	}
}

// BenchmarkLoad30MB reads a 30 MB map from disk into a document, as
// opening it does.
func BenchmarkLoad30MB(b *testing.B) {
	for i, shape := range bigFiles {
		b.Run(shape.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "big.map")
			if err := os.WriteFile(path, bigFile(b, i), 0o644); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Open(path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSave30MB encodes an edited 30 MB map and writes it over its
// file, as saving does.
func BenchmarkSave30MB(b *testing.B) {
	for i, shape := range bigFiles {
		b.Run(shape.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "big.map")
			if err := os.WriteFile(path, bigFile(b, i), 0o644); err != nil {
				b.Fatal(err)
			}
			d, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			d.Map.Vertices[7].Position.Z++
			b.ReportAllocs()
			for b.Loop() {
				if err := d.Save(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCheck30MB checks a 30 MB map's bytes, as `levelwright check`
// does: decoding and the codec's check.
func BenchmarkCheck30MB(b *testing.B) {
	for i, shape := range bigFiles {
		b.Run(shape.name, func(b *testing.B) {
			data := bigFile(b, i)
			b.ReportAllocs()
			for b.Loop() {
				if p, err := Format.Check(data); err != nil || len(p) > 0 {
					b.Fatal(err, p)
				}
			}
		})
	}
}
