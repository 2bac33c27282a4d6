package turok

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// editKind is one kind of random edit: it returns an error when the
// document refuses it (a refused edit must change nothing).
type editKind struct {
	name string
	run  func(d *Document, rng *rand.Rand) error
}

// refusedKinds are the edit kinds that make edits the engine could not
// load, which the document must refuse every time.
var refusedKinds = map[string]bool{"reference out of range": true, "coordinate not finite or too far": true}

var errEmpty = errors.New("nothing to edit")

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

var editKinds = []editKind{
	{"move vertex", func(d *Document, rng *rand.Rand) error {
		i, ok := pick(rng, d.Map.Vertices)
		if !ok {
			return errEmpty
		}
		if rng.IntN(2) == 0 {
			d.History.BreakMerge()
		}
		v, reach := d.Map.Vertices[i], []int{16, 48, 300}[rng.IntN(3)]
		return d.MoveVertex(i, codec.Vertex{Position: jitter(rng, v.Position, reach), Height: v.Height + float32(rng.IntN(33)-16)})
	}},
	{"heights and brushes", func(d *Document, rng *rand.Rand) error {
		s, ok := pick(rng, d.Map.Sectors)
		if !ok {
			return errEmpty
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
	{"add sector", func(d *Document, rng *rand.Rand) error {
		// A triangle on a wall edge, away from the sector that owns it.
		m := d.Map
		s, ok := pick(rng, m.Sectors)
		j := rng.IntN(3)
		if !ok || m.Sectors[s].Links[j] != codec.NoLink {
			return errEmpty
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
	{"delete sector", func(d *Document, rng *rand.Rand) error {
		if len(d.Map.Sectors) < 8 || rng.IntN(3) > 0 { // rarer: each renumbers the map
			return errEmpty
		}
		return d.DeleteSectors([]int{rng.IntN(len(d.Map.Sectors))})
	}},
	{"assign sector set", func(d *Document, rng *rand.Rand) error {
		s, ok := pick(rng, d.Map.Sectors)
		if !ok {
			return errEmpty
		}
		return d.AssignSectorSet([]int{s, rng.IntN(len(d.Map.Sectors))}, rng.IntN(len(d.Map.SectorSets)))
	}},
	{"sector sets", func(d *Document, rng *rand.Rand) error {
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
	{"place or duplicate actor", func(d *Document, rng *rand.Rand) error {
		m := d.Map
		if i, ok := pick(rng, m.Actors); ok && rng.IntN(2) == 0 {
			_, err := d.DuplicateActors([]int{i}, codec.Vec3{X: float32(rng.IntN(65) - 32), Y: 32})
			return err
		}
		s, ok := pick(rng, m.Sectors)
		if !ok {
			return errEmpty
		}
		c := centroid(m, s)
		_, err := d.PlaceActor(codec.Actor{Type: int32(rng.IntN(50)), Origin: c, Scale: codec.Vec3{X: 1, Y: 1, Z: 1},
			BoundsMin: codec.Vec3{X: c.X - 20, Y: c.Y - 20, Z: c.Z}, BoundsMax: codec.Vec3{X: c.X + 20, Y: c.Y + 20, Z: c.Z + 80},
			TID: int16(rng.IntN(10)), TargetTID: int16(rng.IntN(12) - 2), Health: 50, Model: "models/actors/raptor.bin"})
		return err
	}},
	{"place from template or snap to floor", func(d *Document, rng *rand.Rand) error {
		m := d.Map
		i, ok := pick(rng, m.Actors)
		if ok && rng.IntN(2) == 0 {
			return d.SnapActorsToFloor([]int{i, rng.IntN(len(m.Actors))}[:1+rng.IntN(2)])
		}
		templates := MapTemplates(m, "open.map")
		k, ok := pick(rng, templates)
		s, _ := pick(rng, m.Sectors)
		if !ok || len(m.Sectors) == 0 {
			return errEmpty
		}
		c := jitter(rng, centroid(m, s), 8)
		_, err := d.PlaceFromTemplate(templates[k], c.X, c.Y, float32(rng.Float64()*7))
		return err
	}},
	{"move, turn or scale actor", func(d *Document, rng *rand.Rand) error {
		i, ok := pick(rng, d.Map.Actors)
		if !ok {
			return errEmpty
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
	{"edit or delete actor", func(d *Document, rng *rand.Rand) error {
		i, ok := pick(rng, d.Map.Actors)
		if !ok {
			return errEmpty
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
	{"place or delete mesh", func(d *Document, rng *rand.Rand) error {
		m := d.Map
		if n := m.MeshCount(); n > 0 && rng.IntN(3) == 0 {
			return d.DeleteMeshes([]int{rng.IntN(n)})
		}
		s, ok := pick(rng, m.Sectors)
		if !ok {
			return errEmpty
		}
		c := centroid(m, s)
		_, err := d.PlaceMesh(codec.StaticMesh{Origin: c, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
			BoundsMin: codec.Vec3{X: c.X - 32, Y: c.Y - 32, Z: c.Z}, BoundsMax: codec.Vec3{X: c.X + 32, Y: c.Y + 32, Z: c.Z + 96},
			Flags: 1, CollisionRadius: 32, CollisionHigh: 96, CullBits: -1, Model: "models/mapstatic/rock.kmesh"})
		return err
	}},
	{"move, turn, scale or edit mesh", func(d *Document, rng *rand.Rand) error {
		n := d.Map.MeshCount()
		if n == 0 {
			return errEmpty
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
	{"copy, paste or duplicate actors and meshes", func(d *Document, rng *rand.Rand) error {
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
			return errEmpty
		}
		clip, err := from.Copy(actors, meshes)
		if err != nil {
			return err
		}
		_, _, err = d.Paste(clip, offset)
		return err
	}},
	{"undo and redo", func(d *Document, rng *rand.Rand) error {
		// Undo a few steps and redo some, so that later edits run on a
		// map (and caches) that undo and redo put back.
		n := 1 + rng.IntN(3)
		for i := range n {
			ok, err := d.History.Undo()
			if err != nil {
				return err
			}
			if !ok {
				if i == 0 {
					return errEmpty
				}
				n = i
				break
			}
		}
		for range rng.IntN(n + 1) {
			if _, err := d.History.Redo(); err != nil {
				return err
			}
		}
		return nil
	}},
	{"visibility", func(d *Document, rng *rand.Rand) error {
		if rng.IntN(2) == 0 {
			return d.KeepVisibility()
		}
		_, err := d.RebuildVisibility()
		return err
	}},
	{"reference out of range", func(d *Document, rng *rand.Rand) error {
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
	{"coordinate not finite or too far", func(d *Document, rng *rand.Rand) error {
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
				return errEmpty
			}
			return d.EditActors([]int{rng.IntN(len(m.Actors))}, func(a *codec.Actor) { a.BoundsMax = p })
		case 4:
			_, err := d.PlaceMesh(codec.StaticMesh{Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1}})
			return err
		case 5:
			if m.MeshCount() == 0 {
				return errEmpty
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

// runRandomEdits makes n accepted random edits, checking after every
// accepted one that the map has no errors and no derived value out of
// step and that its saved bytes load as the same map, and after every
// refused one that neither the file nor the history changed. It returns
// the edits accepted by kind (for the kinds that must be refused, the
// edits tried).
func runRandomEdits(t *testing.T, d *Document, n int, seed uint64) map[string]int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	accepted := map[string]int{}
	meshSectors := count(mustProblems(t, d), "mesh", "wrong-sector")
	for done, tries := 0, 0; done < n; tries++ {
		if tries > 50*n {
			t.Fatalf("only %d of %d edits accepted in %d tries: %v", done, n, tries, accepted)
		}
		k := editKinds[rng.IntN(len(editKinds))]
		undo, redo := d.History.Steps()
		before := d.Bytes()
		err := k.run(d, rng)
		if refusedKinds[k.name] && err == nil {
			t.Fatalf("%s was accepted", k.name)
		}
		if err != nil {
			if u, r := d.History.Steps(); u != undo || r != redo || !bytes.Equal(d.Bytes(), before) {
				t.Fatalf("%s was refused (%v) but changed the file or the history", k.name, err)
			}
			if refusedKinds[k.name] && !errors.Is(err, errEmpty) {
				accepted[k.name]++ // tried, and refused as it must be
			}
			continue
		}
		// Save and load again: the file holds what the document does.
		saved := d.Bytes()
		reloaded, err := Load("reloaded.map", saved)
		if err != nil {
			t.Fatalf("after %s: the saved file does not load: %v", k.name, err)
		}
		if !sameMap(reloaded.Map, d.Map) || !bytes.Equal(reloaded.Bytes(), saved) {
			t.Fatalf("after %s: the saved file loads as another map", k.name)
		}
		done++
		accepted[k.name]++
		problems := mustProblems(t, d)
		if errs := d.Errors(); len(errs) > 0 {
			t.Fatalf("after %s (edit %d): %v", k.name, done, errs[0])
		}
		for _, code := range derivedWarnings {
			if count(problems, "", code) > 0 {
				t.Fatalf("after %s (edit %d): %s", k.name, done, code)
			}
		}
		if got := count(problems, "actor", "wrong-sector"); got > 0 {
			t.Fatalf("after %s (edit %d): %d actors name another sector than the one under them", k.name, done, got)
		}
		if d.geometry != nil {
			checkGeometry(t, d, k.name)
		}
		// Edits only fix the corpus's wrong mesh sectors; undo may bring
		// them back.
		if got := count(problems, "mesh", "wrong-sector"); got > meshSectors && k.name != "undo and redo" {
			t.Fatalf("after %s (edit %d): %d meshes name a wrong sector, %d before", k.name, done, got, meshSectors)
		} else {
			meshSectors = got
		}
	}
	return accepted
}

// checkGeometry compares the document's geometry index with one built
// afresh: the sectors of every vertex, and the sector found under every
// sector's centroid and a grid of points over the map.
func checkGeometry(t *testing.T, d *Document, after string) {
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

func openCorpus(t *testing.T, name string) *Document {
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
// findings.
func TestRandomEdits(t *testing.T) {
	cases := []struct {
		name  string
		d     *Document
		edits int
	}{
		{"new map", New("new.map"), 400},
		{"debugpad-short", openCorpus(t, "debugpad-short.map"), 300},
		{"kex18-vis", openCorpus(t, "kex18-vis.map"), 300},
		{"plain16", openCorpus(t, "plain16.map"), 300},
	}
	total := map[string]int{}
	for ci, c := range cases {
		orig := c.d.Bytes()
		for k, v := range runRandomEdits(t, c.d, c.edits, uint64(ci)) {
			total[k] += v
		}
		// The last edits may have been undone: redo them, so that the
		// edited map is the history's last step.
		if _, err := c.d.History.RedoAll(); err != nil {
			t.Fatal(err)
		}
		edited := c.d.Bytes()
		reloaded, err := Load(c.name, edited)
		if err != nil {
			t.Fatalf("%s: the edited file does not load: %v", c.name, err)
		}
		if errs := reloaded.Errors(); len(errs) > 0 {
			t.Errorf("%s: reloaded, the edited file has errors: %v", c.name, errs)
		}
		if _, err := c.d.History.UndoAll(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.d.Bytes(), orig) {
			t.Fatalf("%s: undoing every edit does not give back the original bytes", c.name)
		}
		if _, err := c.d.History.RedoAll(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.d.Bytes(), edited) {
			t.Fatalf("%s: redoing every edit does not give back the edited bytes", c.name)
		}
	}
	for _, k := range editKinds {
		if total[k.name] == 0 {
			t.Errorf("no %s edit was accepted (or, for refused kinds, tried)", k.name)
		}
	}
	t.Logf("accepted edits: %v", total)
}
