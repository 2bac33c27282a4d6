package turok

import (
	"bytes"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
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
	orig := d.Bytes()
	n := d.Map.MeshCount()
	before := make([][]bool, len(d.Map.Sectors))
	for r := range before {
		before[r] = visibleFrom(d.Map.Visibility, r, n)
	}
	last := d.Handles.Of(document.Ref{Level: level, Kind: "mesh", Index: n - 1})
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
	if !bytes.Equal(d.Bytes(), orig) || d.VisibilityStale() {
		t.Errorf("undo: bytes equal %v, stale %v", bytes.Equal(d.Bytes(), orig), d.VisibilityStale())
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
	handle := d.Handles.Of(document.Ref{Level: level, Kind: "mesh", Index: 0})
	to := codec.Vec3{X: 5000, Y: 5000, Z: 0} // the 3x3 grid's last cell
	must(t, d.MoveMesh(0, to))
	last := m.Sections[8].Meshes[len(m.Sections[8].Meshes)-1]
	if last.Origin != to || last.Model != mesh.Model || slices.Contains(m.Sections[0].Meshes, mesh) {
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

// TestSectorEdits builds, links and deletes sectors on a new map.
func TestSectorEdits(t *testing.T) {
	d := New("new.map")
	m := d.Map
	orig := d.Bytes()
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
	if _, err := d.History.UndoAll(); err != nil || !bytes.Equal(d.Bytes(), orig) {
		t.Fatalf("undo all: %v, bytes equal %v", err, bytes.Equal(d.Bytes(), orig))
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
	if p := d.Problems(); count(p, "actor", "target-tid-missing") != 1 {
		t.Errorf("a target TID nobody carries is not reported: %v", p)
	}
}

// TestVisibilityCommands: rebuilding sets every mesh bit and clears the
// stale mark; keeping clears it and leaves the tables; both undo.
func TestVisibilityCommands(t *testing.T) {
	d := openCorpus(t, "debugpad-short.map")
	if err := d.KeepVisibility(); err == nil {
		t.Error("keeping fresh tables was accepted")
	}
	tables := slices.Clone(d.Map.Visibility.Data)
	v := d.Map.Vertices[40]
	v.Position.X += 10
	must(t, d.MoveVertex(40, v))
	if !d.VisibilityStale() || count(d.Problems(), "map", "visibility-stale") != 1 {
		t.Fatal("a vertex move does not mark the tables stale")
	}
	must(t, d.KeepVisibility())
	if d.VisibilityStale() || !bytes.Equal(d.Map.Visibility.Data, tables) {
		t.Error("keeping the tables changed them or left them stale")
	}
	_, err := d.History.Undo()
	must(t, err)
	must(t, d.RebuildVisibility())
	n := d.Map.MeshCount()
	for r := range d.Map.Sectors {
		if slices.Contains(visibleFrom(d.Map.Visibility, r, n), false) {
			t.Fatalf("sector %d does not see every mesh after a rebuild", r)
		}
	}
	if d.VisibilityStale() {
		t.Error("rebuilt tables are stale")
	}
}
