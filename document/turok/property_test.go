package turok

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/randomedit"
)

func pick[T any](rng *rand.Rand, s []T) (int, bool) {
	if len(s) == 0 {
		return 0, false
	}
	return rng.IntN(len(s)), true
}

// centroid is the middle of sector i, on its floor.
func centroid(m *codec.Map, i int) codec.Vec3 {
	var c codec.Vec3
	for _, v := range m.Sectors[i].Vertices {
		p := m.Vertices[v].Position
		c.X, c.Y, c.Z = c.X+p.X/3, c.Y+p.Y/3, c.Z+p.Z/3
	}
	return c
}

func jitter(rng *rand.Rand, p codec.Vec3, r int) codec.Vec3 {
	return codec.Vec3{X: p.X + float32(rng.IntN(2*r+1)-r), Y: p.Y + float32(rng.IntN(2*r+1)-r), Z: p.Z + float32(rng.IntN(33)-16)}
}

// flipFlag toggles a random named flag of set in v, by name.
func flipFlag(rng *rand.Rand, set codec.FlagSet, v uint32) uint32 {
	bit, _ := set.Mask([]string{set[rng.IntN(len(set))]})
	names := set.Names(v ^ bit)
	out, err := set.Mask(names)
	if err != nil {
		panic(err)
	}
	return out
}

// editKinds are the kinds of random edit, the last two of edits the
// engine could not load, which the document must refuse every time.
var editKinds = []randomedit.Kind[*Document]{
	{Name: "move vertex", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		i, ok := pick(rng, d.Map.Vertices)
		if !ok {
			return randomedit.ErrNothing
		}
		if rng.IntN(2) == 0 {
			d.History.BreakMerge()
		}
		v, reach := d.Map.Vertices[i], []int{16, 48, 300}[rng.IntN(3)]
		return d.MoveVertex(i, codec.Vertex{Position: jitter(rng, v.Position, reach), Height: v.Height + float32(rng.IntN(33)-16)})
	}},
	{Name: "heights and brushes", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		s, ok := pick(rng, d.Map.Sectors)
		if !ok {
			return randomedit.ErrNothing
		}
		vs, field := d.Map.Sectors[s].Vertices, HeightField(rng.IntN(2))
		indexes := []int{int(vs[0]), int(vs[1]), int(vs[2])}[:1+rng.IntN(3)]
		switch rng.IntN(4) {
		case 0:
			return d.SetVertexHeights(indexes, field, float32(rng.IntN(257)-128))
		case 1:
			return d.RaiseVertices(indexes, field, float32(rng.IntN(65)-32))
		case 2:
			return d.FlattenVertices(indexes, field)
		}
		return d.SmoothVertices(indexes, field, float32(rng.IntN(5))/4)
	}},
	{Name: "add sector", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		// A triangle on a wall edge, away from the sector that owns it.
		m := d.Map
		s, ok := pick(rng, m.Sectors)
		j := rng.IntN(3)
		if !ok || m.Sectors[s].Links[j] != codec.NoLink {
			return randomedit.ErrNothing
		}
		a, b := m.Sectors[s].Vertices[j], m.Sectors[s].Vertices[(j+1)%3]
		pa, pb, c := m.Vertices[a].Position, m.Vertices[b].Position, centroid(m, s)
		mid := codec.Vec3{X: (pa.X + pb.X) / 2, Y: (pa.Y + pb.Y) / 2, Z: (pa.Z + pb.Z) / 2}
		out := codec.Vec3{X: 2*mid.X - c.X, Y: 2*mid.Y - c.Y, Z: mid.Z}
		return d.Batch("Add a sector", func() error {
			v, err := d.AddVertex(codec.Vertex{Position: out, Height: 256})
			if err != nil {
				return err
			}
			_, err = d.AddSector([3]int{int(a), int(b), v}, rng.IntN(len(m.SectorSets)))
			return err
		})
	}},
	{Name: "delete sector", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		if len(d.Map.Sectors) < 8 || rng.IntN(3) > 0 { // rarer: each renumbers the map
			return randomedit.ErrNothing
		}
		return d.DeleteSectors([]int{rng.IntN(len(d.Map.Sectors))})
	}},
	{Name: "assign sector set", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		s, ok := pick(rng, d.Map.Sectors)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.AssignSectorSet([]int{s, rng.IntN(len(d.Map.Sectors))}, rng.IntN(len(d.Map.SectorSets)))
	}},
	{Name: "sector sets", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		m := d.Map
		switch rng.IntN(5) {
		case 0:
			_, err := d.AddSectorSet(m.SectorSets[rng.IntN(len(m.SectorSets))])
			return err
		case 1:
			return d.DeleteSectorSet(rng.IntN(len(m.SectorSets)))
		case 2:
			_, err := d.DuplicateSectorSet(rng.IntN(len(m.SectorSets)))
			return err
		}
		return d.EditSectorSets([]int{rng.IntN(len(m.SectorSets))}, func(s *codec.SectorSet) {
			s.Flags = flipFlag(rng, codec.SectorSetFlags, s.Flags)
			s.FogColor[rng.IntN(4)] = uint8(rng.IntN(256))
			s.WaterHeight += float32(rng.IntN(65) - 32)
			s.FogZFar = float32(1024 + rng.IntN(4096))
			s.Args[rng.IntN(6)] = int16(rng.IntN(100))
			s.Music, s.Ambience, s.CullBits = uint8(rng.IntN(8)), uint8(rng.IntN(8)), uint8(rng.IntN(256))
		})
	}},
	{Name: "place or duplicate actor", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		m := d.Map
		if i, ok := pick(rng, m.Actors); ok && rng.IntN(2) == 0 {
			_, err := d.DuplicateActors([]int{i}, codec.Vec3{X: float32(rng.IntN(65) - 32), Y: 32})
			return err
		}
		s, ok := pick(rng, m.Sectors)
		if !ok {
			return randomedit.ErrNothing
		}
		c := centroid(m, s)
		_, err := d.PlaceActor(codec.Actor{Type: int32(rng.IntN(50)), Origin: c, Scale: codec.Vec3{X: 1, Y: 1, Z: 1},
			BoundsMin: codec.Vec3{X: c.X - 20, Y: c.Y - 20, Z: c.Z}, BoundsMax: codec.Vec3{X: c.X + 20, Y: c.Y + 20, Z: c.Z + 80},
			TID: int16(rng.IntN(10)), TargetTID: int16(rng.IntN(12) - 2), Health: 50, Model: "models/actors/raptor.bin"})
		return err
	}},
	{Name: "place from template or snap to floor", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		m := d.Map
		i, ok := pick(rng, m.Actors)
		if ok && rng.IntN(2) == 0 {
			return d.SnapActorsToFloor([]int{i, rng.IntN(len(m.Actors))}[:1+rng.IntN(2)])
		}
		templates := MapTemplates(m, "open.map")
		k, ok := pick(rng, templates)
		s, _ := pick(rng, m.Sectors)
		if !ok || len(m.Sectors) == 0 {
			return randomedit.ErrNothing
		}
		c := jitter(rng, centroid(m, s), 8)
		_, err := d.PlaceFromTemplate(templates[k], c.X, c.Y, float32(rng.Float64()*7))
		return err
	}},
	{Name: "move, turn or scale actor", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		i, ok := pick(rng, d.Map.Actors)
		if !ok {
			return randomedit.ErrNothing
		}
		a := d.Map.Actors[i]
		switch rng.IntN(3) {
		case 0:
			return d.RotateActor(i, a.Yaw+float32(rng.Float64()))
		case 1:
			return d.ScaleActor(i, codec.Vec3{X: 0.5 + float32(rng.IntN(4))/2, Y: a.Scale.Y, Z: 1})
		}
		return d.MoveActor(i, jitter(rng, a.Origin, 128))
	}},
	{Name: "edit or delete actor", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		i, ok := pick(rng, d.Map.Actors)
		if !ok {
			return randomedit.ErrNothing
		}
		if rng.IntN(4) == 0 {
			return d.DeleteActors([]int{i})
		}
		return d.EditActors([]int{i}, func(a *codec.Actor) {
			a.SpawnFlags1 = flipFlag(rng, codec.ActorSpawnFlags1, a.SpawnFlags1)
			a.SpawnFlags3 = uint16(flipFlag(rng, codec.ActorSpawnFlags3, uint32(a.SpawnFlags3)))
			a.Health += int16(rng.IntN(21) - 10)
			a.TID, a.TargetTID = int16(rng.IntN(10)), int16(rng.IntN(12)-2)
			a.SightRange = float32(rng.IntN(1000) * rng.IntN(1000))
			a.Variant = int8(rng.IntN(4) - 1)
			a.Anim = "anims/actors/a" + string(rune('0'+rng.IntN(10))) + ".kanim"
		})
	}},
	{Name: "place or delete mesh", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		m := d.Map
		if n := m.MeshCount(); n > 0 && rng.IntN(3) == 0 {
			return d.DeleteMeshes([]int{rng.IntN(n)})
		}
		s, ok := pick(rng, m.Sectors)
		if !ok {
			return randomedit.ErrNothing
		}
		c := centroid(m, s)
		_, err := d.PlaceMesh(codec.StaticMesh{Origin: c, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
			BoundsMin: codec.Vec3{X: c.X - 32, Y: c.Y - 32, Z: c.Z}, BoundsMax: codec.Vec3{X: c.X + 32, Y: c.Y + 32, Z: c.Z + 96},
			Flags: 1, CollisionRadius: 32, CollisionHigh: 96, CullBits: -1, Model: "models/mapstatic/rock.kmesh"})
		return err
	}},
	{Name: "move, turn, scale or edit mesh", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		n := d.Map.MeshCount()
		if n == 0 {
			return randomedit.ErrNothing
		}
		g := rng.IntN(n)
		items := d.meshItems()
		mesh := items[g].mesh
		switch rng.IntN(4) {
		case 0:
			// Far moves cross into other grid sections.
			return d.MoveMesh(g, jitter(rng, mesh.Origin, 1500))
		case 1:
			a := rng.Float64() * math.Pi
			return d.RotateMesh(g, [4]float32{0, 0, float32(math.Sin(a)), float32(math.Cos(a))})
		case 2:
			return d.ScaleMesh(g, codec.Vec3{X: 1 + float32(rng.IntN(3)), Y: 1, Z: 1})
		}
		return d.EditMeshes([]int{g}, func(s *codec.StaticMesh) {
			s.Flags = flipFlag(rng, codec.StaticMeshFlags, s.Flags)
			s.Texture = int32(rng.IntN(4))
		})
	}},
	{Name: "copy, paste or duplicate actors and meshes", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		offset := codec.XY{X: float32(rng.IntN(601) - 300), Y: float32(rng.IntN(601) - 300)}
		from := d
		if rng.IntN(3) == 0 { // from another map
			from = slope()
			if _, err := from.PlaceMesh(rock(centroid(from.Map, rng.IntN(len(from.Map.Sectors))))); err != nil {
				panic(err)
			}
		}
		var actors, meshes []int
		if i, ok := pick(rng, from.Map.Actors); ok && rng.IntN(3) > 0 {
			actors = append(actors, i)
		}
		if n := from.Map.MeshCount(); n > 0 {
			meshes = append(meshes, rng.IntN(n))
		}
		if from == d && len(meshes) > 0 && rng.IntN(3) == 0 {
			_, err := d.DuplicateMeshes(meshes, offset)
			return err
		}
		if len(actors)+len(meshes) == 0 {
			return randomedit.ErrNothing
		}
		clip, err := from.Copy(actors, meshes)
		if err != nil {
			return err
		}
		_, _, err = d.Paste(clip, offset)
		return err
	}},
	{Name: "visibility", Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		if rng.IntN(2) == 0 {
			return d.KeepVisibility()
		}
		_, err := d.RebuildVisibility()
		return err
	}},
	{Name: "reference out of range", Refused: true, Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		m := d.Map
		past := func(n int) int { // an index past the end, or negative
			if rng.IntN(4) == 0 {
				return -1 - rng.IntN(3)
			}
			return n + rng.IntN(3)
		}
		switch rng.IntN(9) {
		case 0:
			return d.MoveVertex(past(len(m.Vertices)), m.Vertices[0])
		case 1:
			_, err := d.AddSector([3]int{0, 1, past(len(m.Vertices))}, 0)
			return err
		case 2:
			_, err := d.AddSector([3]int{int(m.Sectors[0].Vertices[0]), int(m.Sectors[0].Vertices[1]), 0}, past(len(m.SectorSets)))
			return err
		case 3:
			return d.AssignSectorSet([]int{0}, past(len(m.SectorSets)))
		case 4:
			set := past(len(m.SectorSets))
			return d.EditSectors([]int{0}, func(s *codec.Sector) { s.Set = uint16(set) })
		case 5:
			return d.MoveActor(past(len(m.Actors)), codec.Vec3{})
		case 6:
			return d.DeleteMeshes([]int{past(m.MeshCount())})
		case 7:
			return d.DeleteSectorSet(past(len(m.SectorSets)))
		}
		_, err := d.DuplicateActors([]int{past(len(m.Actors))}, codec.Vec3{})
		return err
	}},
	{Name: "coordinate not finite or too far", Refused: true, Edit: func(_ testing.TB, d *Document, rng *rand.Rand) error {
		m := d.Map
		bad := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), -8.5e37, codec.MaxCoordinate * 1.5}[rng.IntN(5)]
		p := centroid(m, rng.IntN(len(m.Sectors)))
		switch axis := rng.IntN(3); axis {
		case 0:
			p.X = bad
		case 1:
			p.Y = bad
		default:
			p.Z = bad
		}
		switch rng.IntN(8) {
		case 0:
			return d.MoveVertex(rng.IntN(len(m.Vertices)), codec.Vertex{Position: p, Height: 256})
		case 6:
			return d.SetVertexHeights([]int{rng.IntN(len(m.Vertices))}, HeightField(rng.IntN(2)), bad)
		case 1:
			_, err := d.AddVertex(codec.Vertex{Position: centroid(m, 0), Height: bad})
			return err
		case 2:
			_, err := d.PlaceActor(codec.Actor{Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}})
			return err
		case 3:
			if len(m.Actors) == 0 {
				return randomedit.ErrNothing
			}
			return d.EditActors([]int{rng.IntN(len(m.Actors))}, func(a *codec.Actor) { a.BoundsMax = p })
		case 4:
			_, err := d.PlaceMesh(codec.StaticMesh{Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1}})
			return err
		case 5:
			if m.MeshCount() == 0 {
				return randomedit.ErrNothing
			}
			return d.EditMeshes([]int{rng.IntN(m.MeshCount())}, func(s *codec.StaticMesh) { s.BoundsMin = p })
		}
		return d.EditSectorSets([]int{rng.IntN(len(m.SectorSets))}, func(s *codec.SectorSet) { s.WaterHeight = bad })
	}},
}

// sameMap reports whether two maps hold the same records.
func sameMap(a, b *codec.Map) bool {
	va, vb := a.Visibility, b.Visibility
	return a.Version == b.Version && a.SunDirection == b.SunDirection && a.SunColor == b.SunColor &&
		a.AmbientColor == b.AmbientColor && a.SkyMaterial == b.SkyMaterial && a.LongSectors == b.LongSectors &&
		slices.Equal(a.Vertices, b.Vertices) && slices.Equal(a.SectorSets, b.SectorSets) && slices.Equal(a.Sectors, b.Sectors) &&
		a.GridWidth == b.GridWidth && a.GridHeight == b.GridHeight && slices.Equal(a.GridMin, b.GridMin) && slices.Equal(a.GridMax, b.GridMax) &&
		slices.EqualFunc(a.Sections, b.Sections, func(x, y codec.Section) bool { return slices.Equal(x.Meshes, y.Meshes) }) &&
		slices.Equal(a.Actors, b.Actors) &&
		(va == nil) == (vb == nil) && (va == nil || va.Stride == vb.Stride && va.Count == vb.Count && bytes.Equal(va.Data, vb.Data))
}

// derivedWarnings are the check's findings that edits must never cause:
// derived values out of step.
var derivedWarnings = []string{"stale-derived-data", "sector-flags-disagree", "stale-grid-bounds"}

// count counts the problems with code (of kind, when kind is not "").
func count(problems []codec.Problem, kind, code string) int {
	n := 0
	for _, p := range problems {
		if p.Code == code && (kind == "" || p.Kind == kind) {
			n++
		}
	}
	return n
}

// randomEdits is a run of n random edits on d, which checks after
// every edit accepted, undo and redo that the map has no errors and no
// derived value out of step and that its saved bytes load as the same
// map.
func randomEdits(t *testing.T, d *Document, n int, seed uint64) *randomedit.Run[*Document] {
	meshSectors := count(mustProblems(t, d), "mesh", "wrong-sector")
	return &randomedit.Run[*Document]{Doc: d, History: d.History, Bytes: d.Bytes, Kinds: editKinds, Edits: n, Seed: seed,
		UndoEvery: len(editKinds), Check: func(t testing.TB, d *Document, step randomedit.Step) {
			// Save and load again: the file holds what the document does.
			saved := doctest.Bytes(t, d)
			reloaded, err := Load("reloaded.map", saved)
			if err != nil {
				t.Fatalf("after %s: the saved file does not load: %v", step, err)
			}
			if !sameMap(reloaded.Map, d.Map) || !bytes.Equal(doctest.Bytes(t, reloaded), saved) {
				t.Fatalf("after %s: the saved file loads as another map", step)
			}
			problems := mustProblems(t, d)
			if errs := d.Errors(); len(errs) > 0 {
				t.Fatalf("after %s: %v", step, errs[0])
			}
			for _, code := range derivedWarnings {
				if count(problems, "", code) > 0 {
					t.Fatalf("after %s: %s", step, code)
				}
			}
			if got := count(problems, "actor", "wrong-sector"); got > 0 {
				t.Fatalf("after %s: %d actors name another sector than the one under them", step, got)
			}
			if d.geometry != nil {
				checkGeometry(t, d, step.String())
			}
			// Edits only fix the corpus's wrong mesh sectors; undo (and
			// redo after it) may bring them back.
			if got := count(problems, "mesh", "wrong-sector"); got > meshSectors && step.Kind != randomedit.Undo && step.Kind != randomedit.Redo {
				t.Fatalf("after %s: %d meshes name a wrong sector, %d before", step, got, meshSectors)
			} else {
				meshSectors = got
			}
		}}
}

// checkGeometry compares the document's geometry index with one built
// afresh: the sectors of every vertex, and the sector found under every
// sector's centroid and a grid of points over the map.
func checkGeometry(t testing.TB, d *Document, after string) {
	t.Helper()
	kept := d.geometry
	d.geometry = nil
	fresh := d.geo()
	d.geometry = kept
	for v := range fresh.sectorsOf {
		if !slices.Equal(kept.sectorsOf[v], fresh.sectorsOf[v]) {
			t.Fatalf("after %s: vertex %d is used by sectors %v, the index says %v", after, v, fresh.sectorsOf[v], kept.sectorsOf[v])
		}
	}
	var points []codec.Vec3
	lo, hi := d.Map.Vertices[0].Position, d.Map.Vertices[0].Position
	for _, v := range d.Map.Vertices {
		lo.X, lo.Y, hi.X, hi.Y = min(lo.X, v.Position.X), min(lo.Y, v.Position.Y), max(hi.X, v.Position.X), max(hi.Y, v.Position.Y)
	}
	const n = 40
	for y := range n + 1 {
		for x := range n + 1 {
			points = append(points, codec.Vec3{X: lo.X + (hi.X-lo.X)*float32(x)/n, Y: lo.Y + (hi.Y-lo.Y)*float32(y)/n})
		}
	}
	for i := range d.Map.Sectors {
		points = append(points, centroid(d.Map, i))
	}
	for _, p := range points {
		if got, want := kept.locator.SectorAt(p), fresh.locator.SectorAt(p); got != want {
			t.Fatalf("after %s: the index finds sector %d at %v, a fresh one %d", after, got, p, want)
		}
	}
}

func openCorpus(t testing.TB, name string) *Document {
	path := corpus.Path(t, "turok", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestRandomEdits makes 1,300 random edits of every kind, undo and redo
// among them, on a new map and the corpus maps (18-byte sectors with
// visibility tables and debug padding, and 16-byte sectors), mixed with
// edits the engine could not load (references out of range, coordinates
// not finite or too far), every one of which is refused: the map never
// has errors or derived values out of step, every saved state loads
// again as the same map, undoing all gives back the original bytes and
// redoing all the edited ones, and the edited file loads with the same
// findings. The new maps need no corpus: one of them has visibility
// tables, so that every kind of edit is made without it.
func TestRandomEdits(t *testing.T) {
	cases := []struct {
		name  string
		open  func(t *testing.T) *Document
		edits int
	}{
		{"new map", func(*testing.T) *Document { return New("new.map") }, 400},
		{"new map with visibility tables", func(*testing.T) *Document {
			m := codec.NewMap()
			m.Visibility = m.NewVisibility()
			return fromMap("new.map", m)
		}, 150},
		{"debugpad-short", func(t *testing.T) *Document { return openCorpus(t, "debugpad-short.map") }, 300},
		{"kex18-vis", func(t *testing.T) *Document { return openCorpus(t, "kex18-vis.map") }, 300},
		{"plain16", func(t *testing.T) *Document { return openCorpus(t, "plain16.map") }, 300},
	}
	total := map[string]int{}
	for ci, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.open(t)
			run := randomEdits(t, d, c.edits, uint64(ci))
			for k, v := range run.Edit(t) {
				total[k] += v
			}
			reloaded, err := Load(c.name, run.Edited())
			if err != nil {
				t.Fatalf("the edited file does not load: %v", err)
			}
			if errs := reloaded.Errors(); len(errs) > 0 {
				t.Errorf("reloaded, the edited file has errors: %v", errs)
			}
			run.UndoRedoAll(t)
		})
	}
	names := []string{randomedit.Undo, randomedit.Redo}
	for _, k := range editKinds {
		names = append(names, k.Name)
	}
	for _, name := range names {
		if total[name] == 0 {
			t.Errorf("no %s edit was accepted (or, for refused kinds, tried)", name)
		}
	}
	t.Logf("accepted edits: %v", total)
}
