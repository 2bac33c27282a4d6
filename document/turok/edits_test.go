package turok

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// visibleFrom lists the meshes sector r sees.
func visibleFrom(v *codec.Visibility, r, meshes int) []bool {
	out := make([]bool, meshes)
	for c := range out {
		out[c] = v.Visible(r, c)
	}
	return out
}

// TestDeleteMeshMovesVisibilityColumns: deleting a static mesh drops its
// bit from every sector's row and moves the later meshes' bits down with
// them; the handles of the later meshes follow; undo puts all back.
func TestDeleteMeshMovesVisibilityColumns(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	orig := doctest.Bytes(t, d)
	n := d.Map.MeshCount()
	before := make([][]bool, len(d.Map.Sectors))
	for r := range before {
		before[r] = visibleFrom(d.Map.Visibility, r, n)
	}
	last := d.Handles.Of(document.Ref{Level: level, Kind: KindMesh, Index: n - 1})
	must(t, d.DeleteMeshes([]int{5}))
	for r := range before {
		want := slices.Delete(slices.Clone(before[r]), 5, 6)
		if got := visibleFrom(d.Map.Visibility, r, n-1); !slices.Equal(got, want) {
			t.Fatalf("sector %d sees %v, want %v", r, got, want)
		}
	}
	if r, ok := d.Handles.Lookup(last); !ok || r.Index != n-2 {
		t.Errorf("the last mesh's handle is at %v %v, want %d", r, ok, n-2)
	}
	if !d.VisibilityStale() {
		t.Error("deleting a mesh leaves the tables marked fresh")
	}
	_, err := d.History.Undo()
	must(t, err)
	if !bytes.Equal(doctest.Bytes(t, d), orig) || d.VisibilityStale() {
		t.Errorf("undo: bytes equal %v, stale %v", bytes.Equal(doctest.Bytes(t, d), orig), d.VisibilityStale())
	}
}

// TestMoveMeshAcrossSections: a mesh moved into another grid cell joins
// that cell's section at its end, both sections' bounds follow, and its
// visibility bits move with it.
func TestMoveMeshAcrossSections(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	m := d.Map
	n := m.MeshCount()
	bits := visibleFrom(m.Visibility, 0, n)
	mesh := m.Sections[0].Meshes[0]
	handle := d.Handles.Of(document.Ref{Level: level, Kind: KindMesh, Index: 0})
	to := codec.Vec3{X: 5000, Y: 5000, Z: 0} // the 3x3 grid's last cell
	must(t, d.MoveMesh(0, to))
	last := m.Sections[8].Meshes[len(m.Sections[8].Meshes)-1]
	if last.Origin.X != to.X || last.Origin.Y != to.Y || last.Model != mesh.Model || slices.Contains(m.Sections[0].Meshes, mesh) {
		t.Fatalf("the mesh did not move to section 8's end: %+v", last)
	}
	if dx := last.BoundsMin.X - mesh.BoundsMin.X; dx != to.X-mesh.Origin.X {
		t.Errorf("bounds moved by %g, the origin by %g", dx, to.X-mesh.Origin.X)
	}
	for s := range m.Sections {
		if lo, hi, _ := m.SectionBounds(s); lo != m.GridMin[s] || hi != m.GridMax[s] {
			t.Errorf("section %d bounds %v-%v, its meshes span %v-%v", s, m.GridMin[s], m.GridMax[s], lo, hi)
		}
	}
	want := append(slices.Clone(bits[1:]), bits[0])
	if got := visibleFrom(m.Visibility, 0, n); !slices.Equal(got, want) {
		t.Errorf("sector 0 sees %v, want %v", got, want)
	}
	if r, _ := d.Handles.Lookup(handle); r.Index != n-1 {
		t.Errorf("the moved mesh's handle is at %d, want %d", r.Index, n-1)
	}
	if got := int(last.Sector); got != d.geo().locator.SectorAt(to) {
		t.Errorf("mesh names sector %d, stands in %d", got, d.geo().locator.SectorAt(to))
	}
}

// slope is a map of 8 x 8 squares of 64 units whose floor rises by half
// a unit per unit east (z = x/2), with a flat ceiling.
func slope() *Document {
	m := codec.NewTerrain(8, 64)
	for i := range m.Vertices {
		m.Vertices[i].Position.Z = m.Vertices[i].Position.X / 2
	}
	loc := m.Locator()
	for i := range m.Actors {
		m.Actors[i].Sector = int32(loc.SectorAt(m.Actors[i].Origin))
	}
	return fromMap("slope.map", m)
}

// TestDraggedThingsLandOnTheFloor: an actor or static mesh moved in XY
// lands on the floor there, at the height it stood above the floor it
// left; an actor sunk below its floor lands on the new one, a mesh sunk
// into the ground stays as deep. The box moves with the origin, and undo
// puts everything back.
func TestDraggedThingsLandOnTheFloor(t *testing.T) {
	for _, c := range []struct {
		name          string
		mesh          bool
		height, lands float32 // above the floor, before and after
	}{
		{"standing actor", false, 0, 0},
		{"flying actor", false, 100, 100},
		{"sunk actor", false, -38.8, 0},
		{"mesh", true, 0, 0},
		{"sunk mesh", true, -10, -10},
	} {
		d := slope()
		orig := doctest.Bytes(t, d)
		from := codec.Vec3{X: 100, Y: 100, Z: 50 + c.height} // the floor is at 50
		to := codec.Vec3{X: 400, Y: 300, Z: from.Z}          // the floor is at 200
		var got func() (origin, boxMin codec.Vec3)
		if c.mesh {
			g, err := d.PlaceMesh(codec.StaticMesh{Origin: from, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
				BoundsMin: codec.Vec3{X: 80, Y: 80, Z: from.Z}, BoundsMax: codec.Vec3{X: 120, Y: 120, Z: from.Z + 50}})
			must(t, err)
			orig = doctest.Bytes(t, d)
			must(t, d.MoveMesh(g, to))
			got = func() (codec.Vec3, codec.Vec3) { s := d.meshItems()[g].mesh; return s.Origin, s.BoundsMin }
		} else {
			must(t, d.EditActors([]int{0}, func(a *codec.Actor) {
				a.Origin, a.BoundsMin, a.BoundsMax = from, codec.Vec3{X: 80, Y: 80, Z: from.Z}, codec.Vec3{X: 120, Y: 120, Z: from.Z + 80}
			}))
			orig = doctest.Bytes(t, d)
			must(t, d.MoveActor(0, to))
			got = func() (codec.Vec3, codec.Vec3) { a := d.Map.Actors[0]; return a.Origin, a.BoundsMin }
		}
		origin, boxMin := got()
		if want := (codec.Vec3{X: 400, Y: 300, Z: 200 + c.lands}); origin != want || boxMin.Z != want.Z {
			t.Errorf("%s: landed at %v, box from %v; want %v", c.name, origin, boxMin, want)
		}
		if errs := d.Errors(); len(errs) > 0 || count(mustProblems(t, d), "", "wrong-sector") > 0 {
			t.Errorf("%s: problems after the move: %v", c.name, mustProblems(t, d))
		}
		_, err := d.History.Undo()
		must(t, err)
		if !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%s: undo does not put the move back", c.name)
		}
	}
}

// TestSectorEdits builds, links and deletes sectors on a new map.
func TestSectorEdits(t *testing.T) {
	d := New("new.map")
	m := d.Map
	orig := doctest.Bytes(t, d)
	// Sector 0 is (0,0)-(256,0)-(256,256); its edge 0 is the map's
	// south wall. A vertex south of it makes a new sector across it.
	v, err := d.AddVertex(codec.Vertex{Position: codec.Vec3{X: 128, Y: -200}, Height: 512})
	must(t, err)
	s, err := d.AddSector([3]int{0, 1, v}, 0) // clockwise: it is turned round
	must(t, err)
	if got := m.Sectors[s]; got.Links != [3]uint16{0, codec.NoLink, codec.NoLink} && got.Links != [3]uint16{codec.NoLink, codec.NoLink, 0} && got.Links != [3]uint16{codec.NoLink, 0, codec.NoLink} {
		t.Fatalf("new sector links %v, want one link to sector 0", got.Links)
	}
	if m.Sectors[0].Links[0] != uint16(s) {
		t.Errorf("sector 0's south edge links %d, want %d", m.Sectors[0].Links[0], s)
	}
	if _, err := d.AddSector([3]int{0, v, 1}, 0); err == nil {
		t.Error("a sector with the corners of another was accepted")
	}
	if _, err := d.AddSector([3]int{0, 1, 2}, 0); err == nil {
		t.Error("corners in a line were accepted")
	}
	if err := d.MoveVertex(v, codec.Vertex{Position: codec.Vec3{X: 128, Y: 100}, Height: 512}); err == nil {
		t.Error("a move that turns the new sector over was accepted")
	}
	// Deleting the new sector drops its vertex and walls sector 0 again.
	must(t, d.DeleteSectors([]int{s}))
	if len(m.Vertices) != v || m.Sectors[0].Links[0] != codec.NoLink {
		t.Errorf("%d vertices (want %d), sector 0 edge 0 links %d", len(m.Vertices), v, m.Sectors[0].Links[0])
	}
	// Deleting sector 1 renumbers the actor's sector and the links.
	must(t, d.DeleteSectors([]int{1}))
	if p := d.Errors(); len(p) > 0 {
		t.Fatal(p)
	}
	if _, err := d.History.UndoAll(); err != nil || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatalf("undo all: %v, bytes equal %v", err, bytes.Equal(doctest.Bytes(t, d), orig))
	}
}

// TestSectorSetFlagsFollow: editing a set's flags by name changes its
// sectors' flags; a set in use cannot be deleted, an unused one can.
func TestSectorSetFlagsFollow(t *testing.T) {
	d := New("new.map")
	m := d.Map
	water, err := codec.SectorSetFlags.Mask([]string{"Water", "DrawSky"})
	must(t, err)
	set, err := d.AddSectorSet(m.SectorSets[0])
	must(t, err)
	must(t, d.AssignSectorSet([]int{3, 4}, set))
	must(t, d.EditSectorSets([]int{set}, func(s *codec.SectorSet) { s.Flags |= water }))
	for i, s := range m.Sectors {
		want := uint16(0)
		if i == 3 || i == 4 {
			want = uint16(water)
		}
		if s.Flags != want {
			t.Errorf("sector %d flags %#x, want %#x", i, s.Flags, want)
		}
	}
	if err := d.DeleteSectorSet(set); err == nil {
		t.Error("a sector set in use was deleted")
	}
	must(t, d.AssignSectorSet([]int{3, 4}, 0))
	must(t, d.DeleteSectorSet(set))
	if len(m.SectorSets) != 1 || m.Sectors[3].Flags != 0 {
		t.Errorf("%d sets, sector 3 flags %#x", len(m.SectorSets), m.Sectors[3].Flags)
	}
}

// TestActorEdits: moving an actor moves its bounds and finds its sector;
// scaling scales its bounds about its origin; target links name the
// actors that carry a TID.
func TestActorEdits(t *testing.T) {
	d := New("new.map")
	a := d.Map.Actors[0]
	to := codec.Vec3{X: 100, Y: 60, Z: 0}
	must(t, d.MoveActor(0, to))
	got := d.Map.Actors[0]
	if got.BoundsMin.X != to.X-20 || got.BoundsMax.Z != a.BoundsMax.Z || int(got.Sector) != d.geo().locator.SectorAt(to) {
		t.Errorf("moved actor: %+v", got)
	}
	must(t, d.ScaleActor(0, codec.Vec3{X: 2, Y: 1, Z: 1}))
	if got := d.Map.Actors[0]; got.BoundsMin.X != to.X-40 || got.BoundsMax.X != to.X+40 || got.BoundsMax.Y != to.Y+20 {
		t.Errorf("scaled actor bounds %v-%v", got.BoundsMin, got.BoundsMax)
	}
	if _, err := d.DuplicateActors([]int{0, 0}, codec.Vec3{X: 10}); err == nil {
		t.Error("duplicating an actor given twice was accepted")
	}
	first, err := d.DuplicateActors([]int{0}, codec.Vec3{X: 10})
	must(t, err)
	must(t, d.EditActors([]int{0}, func(a *codec.Actor) { a.TargetTID = 7; a.Sector = 99 }))
	must(t, d.EditActors([]int{first}, func(a *codec.Actor) { a.TID = 7 }))
	if d.Map.Actors[0].Sector == 99 {
		t.Error("an edit set the derived sector")
	}
	links := d.TargetLinks()
	if len(links) != 1 || links[0].Actor != 0 || !slices.Equal(links[0].Targets, []int{first}) {
		t.Errorf("target links %+v", links)
	}
	must(t, d.DeleteActors([]int{first}))
	if p := mustProblems(t, d); count(p, "actor", "target-tid-missing") != 0 || d.Map.Actors[0].TargetTID != -1 {
		t.Errorf("deleting the only carrier of TID 7 left actor 0 targeting %d: %v", d.Map.Actors[0].TargetTID, p)
	}
}

// TestDeleteClearsTargets: deleting the only actor carrying a TID that a
// kept actor targets names that actor first, leaves it targeting
// nothing (-1) in the same step, and one undo gives back the bytes. An
// actor whose TID another kept actor carries too keeps its target.
func TestDeleteClearsTargets(t *testing.T) {
	d := New("new.map")
	a, err := d.DuplicateActors([]int{0}, codec.Vec3{X: 10})
	must(t, err)
	b, err := d.DuplicateActors([]int{0}, codec.Vec3{X: 20})
	must(t, err)
	c, err := d.DuplicateActors([]int{0}, codec.Vec3{X: 30})
	must(t, err)
	must(t, d.EditActors([]int{0}, func(x *codec.Actor) { x.TargetTID = 7 }))
	must(t, d.EditActors([]int{a}, func(x *codec.Actor) { x.TID = 7 }))
	must(t, d.EditActors([]int{b}, func(x *codec.Actor) { x.TargetTID = 8 }))
	must(t, d.EditActors([]int{c}, func(x *codec.Actor) { x.TID = 8; x.TargetTID = 7 }))
	if got := d.targetReferrers([]int{a}); !slices.Equal(got, []int{0, c}) {
		t.Fatalf("referrers of actor %d: %v, want [0 %d]", a, got, c)
	}
	if got := d.targetReferrers([]int{a, c}); !slices.Equal(got, []int{0, b}) {
		t.Fatalf("referrers of actors %d and %d: %v, want [0 %d]", a, c, got, b)
	}
	deleted := []document.Ref{{Kind: KindActor, Index: a}}
	found, err := d.Referrers(deleted)
	must(t, err)
	if len(found) != 2 || found[0].From.Index != 0 || found[1].From.Index != c || found[0].To != deleted[0] || found[1].To != deleted[0] ||
		found[1].Name != fmt.Sprintf("actor %d's target (TID 7)", c) {
		t.Fatalf("Referrers of actor %d: %+v, want actors 0 and %d targeting its TID 7", a, found, c)
	}
	original := doctest.Bytes(t, d)
	steps, _ := d.History.Steps()
	must(t, d.Delete(deleted))
	if after, _ := d.History.Steps(); after != steps+1 {
		t.Fatalf("the delete took %d steps", after-steps)
	}
	// b and c, after a, moved down one.
	if d.Map.Actors[0].TargetTID != -1 || d.Map.Actors[c-1].TargetTID != -1 || d.Map.Actors[b-1].TargetTID != 8 {
		t.Fatalf("targets after the delete: %d, %d, %d", d.Map.Actors[0].TargetTID, d.Map.Actors[c-1].TargetTID, d.Map.Actors[b-1].TargetTID)
	}
	if p := mustProblems(t, d); count(p, "actor", "target-tid-missing") != 0 {
		t.Fatalf("a target is left to a TID nobody carries: %v", p)
	}
	d.History.Undo()
	if !bytes.Equal(doctest.Bytes(t, d), original) {
		t.Fatal("undoing the delete does not give back the bytes")
	}
}

// TestDeleteRefuses: Delete and Referrers refuse refs of a level other
// than 0, kinds they do not delete, actors the map does not have and
// vertices that are no sector's corner, and change nothing.
func TestDeleteRefuses(t *testing.T) {
	d := New("new.map")
	lone, err := d.AddVertex(codec.Vertex{Position: codec.Vec3{X: 5000, Y: 5000}, Height: 512})
	must(t, err)
	before := doctest.Bytes(t, d)
	steps, _ := d.History.Steps()
	for _, c := range []struct {
		refs []document.Ref
		want string
	}{
		{[]document.Ref{{Level: 1, Kind: KindActor, Index: 0}}, "no level 1"},
		{[]document.Ref{{Kind: KindSectorSet, Index: 0}}, "cannot delete a sector-set"},
		{[]document.Ref{{Kind: KindActor, Index: len(d.Map.Actors)}}, fmt.Sprintf("no actor %d", len(d.Map.Actors))},
		{[]document.Ref{{Kind: KindVertex, Index: lone}}, fmt.Sprintf("Vertex %d: no sector has a corner there", lone)},
	} {
		_, referrersErr := d.Referrers(c.refs)
		for _, err := range []error{d.Delete(c.refs), referrersErr} {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: %v, want an error saying %q", c.refs, err, c.want)
			}
		}
	}
	if n, _ := d.History.Steps(); n != steps || !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Fatalf("refused deletes made %d steps or changed the map", n-steps)
	}
}

// TestVisibilityCommands: rebuilding computes the tables by line of
// sight and clears the stale mark; keeping clears it and leaves the
// tables; both undo.
func TestVisibilityCommands(t *testing.T) {
	d := openCorpus(t, "debugpad-short.map")
	if err := d.KeepVisibility(); err == nil {
		t.Error("keeping fresh tables was accepted")
	}
	tables := slices.Clone(d.Map.Visibility.Data)
	v := d.Map.Vertices[40]
	v.Position.X += 10
	must(t, d.MoveVertex(40, v))
	if !d.VisibilityStale() || count(mustProblems(t, d), "map", "visibility-stale") != 1 {
		t.Fatal("a vertex move does not mark the tables stale")
	}
	must(t, d.KeepVisibility())
	if d.VisibilityStale() || !bytes.Equal(d.Map.Visibility.Data, tables) {
		t.Error("keeping the tables changed them or left them stale")
	}
	_, err := d.History.Undo()
	must(t, err)
	steps, _ := d.History.Steps()
	changed, err := d.RebuildVisibility()
	must(t, err)
	want := d.Map.SightVisibility()
	if !bytes.Equal(d.Map.Visibility.Data, want.Data) || d.VisibilityStale() {
		t.Errorf("rebuilt tables differ from the line-of-sight tables (stale %v)", d.VisibilityStale())
	}
	if n := codec.ChangedBits(&codec.Visibility{Stride: want.Stride, Count: want.Count, Data: tables}, want, d.Map.MeshCount()); changed != n || n == 0 {
		t.Errorf("rebuild reports %d changed bits, the tables differ in %d", changed, n)
	}
	if after, _ := d.History.Steps(); after != steps+1 {
		t.Errorf("the rebuild took %d undo steps, want 1", after-steps)
	}
	_, err = d.History.Undo()
	must(t, err)
	if !bytes.Equal(d.Map.Visibility.Data, tables) || !d.VisibilityStale() {
		t.Error("undoing the rebuild does not restore the stale tables")
	}
}

// TestRefusedEdits: edits the engine could not load are refused with a
// message naming the field and the valid range, leaving no history step
// and no changed byte.
func TestRefusedEdits(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, c := range []struct {
		name string
		edit func(d *Document) error
		want string
	}{
		{"vertex far", func(d *Document) error {
			return d.MoveVertex(3, codec.Vertex{Position: codec.Vec3{X: -8.5e37}, Height: 512})
		}, "Position.X is -8.5e+37, beyond the engine's range of -1048576 to 1048576"},
		{"vertex NaN", func(d *Document) error {
			return d.MoveVertex(3, codec.Vertex{Position: codec.Vec3{Y: nan}, Height: 512})
		}, "vertex 3: Position.Y is NaN, not a number"},
		{"ceiling infinite", func(d *Document) error {
			_, err := d.AddVertex(codec.Vertex{Height: inf})
			return err
		}, "Height is +Inf, not a number"},
		{"no such vertex", func(d *Document) error { return d.MoveVertex(25, codec.Vertex{}) }, "no vertex 25: its vertices are 0 to 24"},
		{"sector corner", func(d *Document) error { _, err := d.AddSector([3]int{0, 1, 99}, 0); return err },
			"Vertices[2]: the map has no vertex 99: its vertices are 0 to 24"},
		{"sector set of new sector", func(d *Document) error { _, err := d.AddSector([3]int{0, 1, 6}, 3); return err },
			"Set: the map has no sector set 3: its sector sets are 0 to 0"},
		{"sector set of sectors", func(d *Document) error { return d.AssignSectorSet([]int{1}, -1) }, "sector sets are 0 to 0"},
		{"sector set edit", func(d *Document) error { return d.EditSectors([]int{4}, func(s *codec.Sector) { s.Set = 9 }) },
			"sector 4, Set: the map has no sector set 9"},
		{"sector set value", func(d *Document) error {
			return d.EditSectorSets([]int{0}, func(s *codec.SectorSet) { s.SkySpeed = nan })
		}, "sector set 0: SkySpeed is NaN"},
		{"delete used sector set", func(d *Document) error { return d.DeleteSectorSet(0) }, "sector set 0 is used by 32 sectors"},
		{"duplicate sector set", func(d *Document) error { _, err := d.DuplicateSectorSet(2); return err }, "no sector set 2: its sector sets are 0 to 0"},
		{"sector set fog start", func(d *Document) error {
			return d.EditSectorSets([]int{0}, func(s *codec.SectorSet) { s.FogStart = inf })
		}, "sector set 0: FogStart is +Inf"},
		{"actor index", func(d *Document) error { return d.MoveActor(1, codec.Vec3{}) }, "no actor 1: its actors are 0 to 0"},
		{"actor far", func(d *Document) error { return d.MoveActor(0, codec.Vec3{X: 2e6, Y: 10}) }, "actor 0: Origin.X is 2e+06, beyond"},
		{"actor box far", func(d *Document) error {
			return d.EditActors([]int{0}, func(a *codec.Actor) { a.BoundsMax.Z = -3e9 })
		}, "actor 0: BoundsMax.Z is -3e+09, beyond"},
		{"actor scaled beyond", func(d *Document) error { return d.ScaleActor(0, codec.Vec3{X: 1e5, Y: 1, Z: 1}) }, "actor 0: BoundsMin.X"},
		{"actor yaw", func(d *Document) error { return d.RotateActor(0, inf) }, "actor 0: Yaw is +Inf"},
		{"actor range", func(d *Document) error { return d.EditActors([]int{0}, func(a *codec.Actor) { a.SightFOV = nan }) }, "SightFOV is NaN"},
		{"actor placed NaN", func(d *Document) error {
			_, err := d.PlaceActor(codec.Actor{Origin: codec.Vec3{Z: nan}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}})
			return err
		}, "Origin.Z is NaN"},
		{"duplicate beyond", func(d *Document) error { _, err := d.DuplicateActors([]int{0}, codec.Vec3{Y: 1.1e6}); return err }, "Origin.Y"},
		{"mesh index", func(d *Document) error { return d.MoveMesh(0, codec.Vec3{}) }, "no static mesh 0: it has none"},
		{"mesh far", func(d *Document) error {
			_, err := d.PlaceMesh(codec.StaticMesh{Origin: codec.Vec3{X: -2e6}, Rotation: [4]float32{0, 0, 0, 1}})
			return err
		}, "Origin.X is -2e+06, beyond"},
		{"mesh rotation", func(d *Document) error {
			_, err := d.PlaceMesh(codec.StaticMesh{Rotation: [4]float32{0, nan, 0, 1}})
			return err
		}, "Rotation.Y is NaN"},
		{"delete sector set", func(d *Document) error { return d.DeleteSectorSet(1) }, "sector sets are 0 to 0"},
	} {
		refusedOnNewMap(t, c.name, c.edit, c.want)
	}
}

// TestCountLimits: a table at the format's limit takes no more records.
func TestCountLimits(t *testing.T) {
	d := New("new.map")
	d.Map.SectorSets = make([]codec.SectorSet, codec.MaxIndexed)
	if _, err := d.AddSectorSet(codec.SectorSet{}); err == nil || !strings.Contains(err.Error(), "the map holds 65535 sector sets, and the format at most 65535") {
		t.Errorf("a sector set past the limit: %v", err)
	}
	if err := roomFor("actor", codec.MaxPlaced-1, 2); err == nil || !strings.Contains(err.Error(), "at most 16777216") {
		t.Errorf("actors past the limit: %v", err)
	}
}

// TestHandlesFollowRenumbering: a selection made of handles names the
// same entities after edits that renumber them, after undo and after
// redo; a deleted entity drops out of it and comes back with undo.
func TestHandlesFollowRenumbering(t *testing.T) {
	for _, c := range []struct {
		name string
		kind document.Kind
		at   int  // the entity selected
		gone bool // whether the edit deletes it
		// edit renumbers the entity; where is its index after the edit
		edit  func(d *Document) error
		where func(d *Document) int
	}{
		{"mesh moved to another section", KindMesh, 0, false,
			func(d *Document) error { return d.MoveMesh(0, codec.Vec3{X: 5000, Y: 5000}) },
			func(d *Document) int { return d.Map.MeshCount() - 1 }},
		{"mesh after a deleted one", KindMesh, 9, false,
			func(d *Document) error { return d.DeleteMeshes([]int{2}) }, func(*Document) int { return 8 }},
		{"deleted mesh", KindMesh, 9, true, func(d *Document) error { return d.DeleteMeshes([]int{9}) }, nil},
		{"actor after deleted ones", KindActor, 20, false,
			func(d *Document) error { return d.DeleteActors([]int{3, 5}) }, func(*Document) int { return 18 }},
		{"deleted actor", KindActor, 20, true, func(d *Document) error { return d.DeleteActors([]int{20}) }, nil},
		{"sector after a deleted one", KindSector, 700, false,
			func(d *Document) error { return d.DeleteSectors([]int{10}) }, func(*Document) int { return 699 }},
		{"deleted sector", KindSector, 700, true, func(d *Document) error { return d.DeleteSectors([]int{700}) }, nil},
		{"vertex after deleted ones", KindVertex, 600, false, func(d *Document) error {
			// The sectors at the map's first corner use a vertex only they use.
			var corner []int
			for _, s := range d.geo().sectorsOf[0] {
				corner = append(corner, int(s))
			}
			return d.DeleteSectors(corner)
		}, func(d *Document) int { return 600 - (625 - len(d.Map.Vertices)) }},
		{"sector set after a deleted one", KindSectorSet, 3, false, func(d *Document) error {
			return d.Batch("free and delete set 1", func() error {
				var users []int
				for i, s := range d.Map.Sectors {
					if s.Set == 1 {
						users = append(users, i)
					}
				}
				if err := d.AssignSectorSet(users, 0); err != nil {
					return err
				}
				return d.DeleteSectorSet(1)
			})
		}, func(*Document) int { return 2 }},
	} {
		d := openCorpus(t, "kex18-vis.map")
		ref := document.Ref{Level: level, Kind: c.kind, Index: c.at}
		var sel document.Selection
		sel.Set(d.Handles.Of(ref))
		must(t, c.edit(d))
		refs := sel.Refs(d.Handles)
		switch {
		case c.gone && len(refs) != 0:
			t.Errorf("%s: the deleted entity is still selected: %v", c.name, refs)
		case !c.gone && c.where(d) == c.at:
			t.Errorf("%s: the edit does not renumber the entity", c.name)
		case !c.gone && (len(refs) != 1 || refs[0] != document.Ref{Level: level, Kind: c.kind, Index: c.where(d)}):
			t.Errorf("%s: the selection resolves to %v, want %s %d", c.name, refs, c.kind, c.where(d))
		}
		after := sel.Refs(d.Handles)
		_, err := d.History.Undo()
		must(t, err)
		if refs := sel.Refs(d.Handles); len(refs) != 1 || refs[0] != ref {
			t.Errorf("%s: after undo the selection resolves to %v, want %v", c.name, refs, ref)
		}
		_, err = d.History.Redo()
		must(t, err)
		if refs := sel.Refs(d.Handles); !slices.Equal(refs, after) {
			t.Errorf("%s: after redo the selection resolves to %v, want %v", c.name, refs, after)
		}
	}
}

// refusedOnNewMap checks that edit, made on a new map, is refused with
// an error containing want and leaves no step and no changed byte.
func refusedOnNewMap(t *testing.T, name string, edit func(*Document) error, want string) {
	t.Helper()
	d := New("new.map")
	orig := doctest.Bytes(t, d)
	err := edit(d)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %v, want an error containing %q", name, err, want)
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Errorf("%s: a refused edit left %d steps, bytes equal %v", name, steps, bytes.Equal(doctest.Bytes(t, d), orig))
	}
}

// TestTargetActorGivesAFreeTID: targeting an actor without a TID gives it
// the smallest free one and points the picker at it, in one step; an
// actor with a TID keeps it. Undo takes both back.
func TestTargetActorGivesAFreeTID(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	if len(d.Map.Actors) < 3 {
		t.Fatalf("%d actors", len(d.Map.Actors))
	}
	for i := range d.Map.Actors { // set up without a step
		d.Map.Actors[i].TID = 0
	}
	d.Map.Actors[2].TID = 1 // taken: the free one is 2
	must(t, d.TargetActor([]int{0}, 1))
	if a, b := d.Map.Actors[0], d.Map.Actors[1]; b.TID != 2 || a.TargetTID != 2 {
		t.Errorf("target TID %d, target's TID %d; want 2 and 2", a.TargetTID, b.TID)
	}
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Errorf("%d steps", steps)
	}
	must(t, d.TargetActor([]int{1}, 2))
	if d.Map.Actors[2].TID != 1 || d.Map.Actors[1].TargetTID != 1 {
		t.Errorf("targeting a TID's carrier: its TID %d, target TID %d", d.Map.Actors[2].TID, d.Map.Actors[1].TargetTID)
	}
	for range 2 {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range d.Map.Actors {
		if want := map[int]int16{2: 1}[i]; d.Map.Actors[i].TID != want {
			t.Errorf("after undo actor %d has TID %d", i, d.Map.Actors[i].TID)
		}
	}
}

// TestEditStepsNameTheirFields: an edit's step names the fields it
// changed, and counts them past three.
func TestEditStepsNameTheirFields(t *testing.T) {
	d := New("new.map")
	last := func() string {
		done, _ := d.History.Descriptions()
		return done[len(done)-1]
	}
	must(t, d.EditSectorSets([]int{0}, func(s *codec.SectorSet) { s.Music = 3 }))
	if got := last(); got != "Edit sector set 0: Music" {
		t.Errorf("a music change is %q", got)
	}
	must(t, d.EditActors([]int{0}, func(a *codec.Actor) { a.Health, a.TID = 50, 7 }))
	if got := last(); got != "Edit actor 0: Health, TID" {
		t.Errorf("a health and TID change is %q", got)
	}
	must(t, d.EditSectors([]int{0, 1}, func(s *codec.Sector) { s.DrawOrder, s.Links = 4, [3]uint16{} }))
	if got := last(); got != "Edit 2 sectors: DrawOrder" {
		t.Errorf("a draw order change (links put back) is %q", got)
	}
	must(t, d.EditActors([]int{0}, func(a *codec.Actor) { a.Health, a.TID, a.Variant, a.Texture = 1, 2, 3, 4 }))
	if got := last(); got != "Edit actor 0: 4 fields" {
		t.Errorf("four changes are %q", got)
	}
}
