package turok

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/internal/doctest"
)

// bigDocument is a map of 49,928 sectors: a hilly terrain of 158 x 158
// squares in a 4 x 4 grid of sections, a static mesh and an actor every
// 16 squares (1,561 of each), every derived value right, and visibility
// tables.
func bigDocument(t testing.TB) *Document {
	const cells, size = 158, 64
	m := codec.NewTerrain(cells, size)
	for i := range m.Vertices {
		x, y := i%(cells+1), i/(cells+1)
		m.Vertices[i].Position.Z = float32((x * y) % 37)
	}
	m.GridWidth, m.GridHeight = 4, 4
	m.Sections = make([]codec.Section, 16)
	m.GridMin, m.GridMax = make([]codec.XY, 16), make([]codec.XY, 16)
	loc, grid := m.Locator(), m.SectionGrid()
	m.Actors = m.Actors[:0]
	for i := 0; i < cells*cells; i += 16 {
		p := codec.Vec3{X: float32(i%cells*size + size/3), Y: float32(i/cells*size + size/2)}
		s := loc.SectorAt(p)
		p.Z, _ = m.FloorAt(s, p.X, p.Y)
		mesh := codec.StaticMesh{Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
			BoundsMin: codec.Vec3{X: p.X - 16, Y: p.Y - 16, Z: p.Z}, BoundsMax: codec.Vec3{X: p.X + 16, Y: p.Y + 16, Z: p.Z + 64},
			Sector: int32(s), CullBits: -1, Model: "models/mapstatic/rock.kmesh"}
		section := grid.SectionAt(codec.XY{X: p.X, Y: p.Y})
		m.Sections[section].Meshes = append(m.Sections[section].Meshes, mesh)
		m.Actors = append(m.Actors, codec.Actor{Type: 1, Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Sector: int32(s),
			BoundsMin: codec.Vec3{X: p.X - 20, Y: p.Y - 20, Z: p.Z}, BoundsMax: codec.Vec3{X: p.X + 20, Y: p.Y + 20, Z: p.Z + 80},
			TID: int16(i % 100), TargetTID: -1, Model: "models/actors/raptor.bin", Anim: "anims/actors/raptor.kanim"})
	}
	for i := range m.Sections {
		m.GridMin[i], m.GridMax[i], _ = m.SectionBounds(i)
	}
	m.Visibility = m.NewVisibility()
	return fromMap("big.map", m)
}

// TestBigDocumentIsRight: the benchmarks' map has no problem, so that
// they measure edits of a valid map.
func TestBigDocumentIsRight(t *testing.T) {
	d := bigDocument(t)
	if p := mustProblems(t, d); len(p) > 0 || len(d.Map.Sectors) < 49000 {
		t.Fatalf("%d sectors; problems: %v", len(d.Map.Sectors), p)
	}
	t.Logf("%d sectors, %d vertices, %d actors, %d static meshes", len(d.Map.Sectors), len(d.Map.Vertices), len(d.Map.Actors), d.Map.MeshCount())
}

// moveBackAndForth runs move to one place and back, each move its own
// undo step.
func moveBackAndForth(b *testing.B, d *Document, move func(away bool) error) {
	d.geo()
	b.ReportAllocs()
	away := false
	for b.Loop() {
		away = !away
		d.History.BreakMerge()
		if err := move(away); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveVertex50k moves a vertex of the 50,000-sector map back
// and forth: the sectors around it refiled, the actors and meshes on
// them given their sector again, the visibility tables marked stale.
func BenchmarkMoveVertex50k(b *testing.B) {
	d := bigDocument(b)
	const v = 80*159 + 80 // a vertex in the middle of the terrain
	at := d.Map.Vertices[v]
	moveBackAndForth(b, d, func(away bool) error {
		to := at
		if away {
			to.Position.X, to.Position.Y = at.Position.X+20, at.Position.Y+10
		}
		return d.MoveVertex(v, to)
	})
}

// BenchmarkMoveActor50k moves an actor of the 50,000-sector map back and
// forth: bounds and sector follow.
func BenchmarkMoveActor50k(b *testing.B) {
	d := bigDocument(b)
	const a = 780 // an actor in the middle of the terrain
	at := d.Map.Actors[a].Origin
	moveBackAndForth(b, d, func(away bool) error {
		to := at
		if away {
			to.X, to.Y = at.X+100, at.Y+40
		}
		return d.MoveActor(a, to)
	})
}

// BenchmarkLocator50k is the baseline of the two moves: building the
// sector locator afresh, which an edit that did not refile would pay.
func BenchmarkLocator50k(b *testing.B) {
	m := bigDocument(b).Map
	b.ReportAllocs()
	for b.Loop() {
		if m.Locator() == nil {
			b.Fatal("no locator")
		}
	}
}

// BenchmarkProblems50k validates the 50,000-sector map afresh, as the
// problems list does after an edit.
func BenchmarkProblems50k(b *testing.B) {
	d := bigDocument(b)
	b.ReportAllocs()
	for b.Loop() {
		d.problems.Forget()
		if p := mustProblems(b, d); len(p) > 0 {
			b.Fatal(p[0])
		}
	}
}

// withActors is the text of d's map with n more actors, spread over the
// terrain, each written with a wrong sector, which import must derive.
func withActors(d *Document, n int) MapJSON {
	mj := d.Export()
	a := mj.Actors[0]
	for i := range n {
		b := a
		b.Origin.X, b.Origin.Y = float32(i%1000)*10+5, float32(i/1000)*100+7
		b.BoundsMin.X, b.BoundsMin.Y, b.BoundsMax.X, b.BoundsMax.Y = b.Origin.X-20, b.Origin.Y-20, b.Origin.X+20, b.Origin.Y+20
		b.Sector = 12345
		mj.Actors = append(mj.Actors, b)
	}
	return mj
}

// TestImportManyActors: 20,000 actors added by import stand in the
// sector under them, in one undo step that takes them all back; actors
// moved by the same import take their boxes with them.
func TestImportManyActors(t *testing.T) {
	d := bigDocument(t)
	orig, before := doctest.Bytes(t, d), len(d.Map.Actors)
	mj := withActors(d, 20000)
	mj.Actors[7].Origin.X += 30
	edits, err := d.Import(mj)
	must(t, err)
	if moved := d.Map.Actors[7]; moved.BoundsMin.X != moved.Origin.X-20 || int(moved.Sector) != d.Map.Locator().SectorAt(moved.Origin) {
		t.Errorf("moved actor 7: %+v", moved)
	}
	if steps, _ := d.History.Steps(); steps != 1 || edits != 20001 || len(d.Map.Actors) != before+20000 {
		t.Fatalf("%d steps, %d edits, %d actors", steps, edits, len(d.Map.Actors))
	}
	loc := d.Map.Locator()
	for i, a := range d.Map.Actors[before:] {
		if int(a.Sector) != loc.SectorAt(a.Origin) || a.BoundsMin.X != a.Origin.X-20 || a.BoundsMax.Y != a.Origin.Y+20 {
			t.Fatalf("actor %d: sector %d (under it: %d), box %v-%v", before+i, a.Sector, loc.SectorAt(a.Origin), a.BoundsMin, a.BoundsMax)
		}
	}
	if _, err := d.History.Undo(); err != nil || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatalf("undo: %v, bytes equal %v", err, bytes.Equal(doctest.Bytes(t, d), orig))
	}
}

// BenchmarkImport100kActors imports the 50,000-sector map's text with
// 100,000 more actors (then undoes it, untimed).
func BenchmarkImport100kActors(b *testing.B) {
	d := bigDocument(b)
	mj := withActors(d, 100000)
	d.geo()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.Import(mj); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if _, err := d.History.Undo(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
