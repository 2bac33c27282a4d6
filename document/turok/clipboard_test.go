package turok

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/internal/doctest"
)

// landedAt is where a thing that stood at from in src lands in dst at
// (from.X+offset.X, from.Y+offset.Y): the same height above the floor
// there (not below it, for an actor), or from's height over no sector.
func landedAt(src, dst *codec.Map, from codec.Vec3, offset codec.XY, below bool) codec.Vec3 {
	to := codec.Vec3{X: from.X + offset.X, Y: from.Y + offset.Y, Z: from.Z}
	s := src.Locator().SectorAt(from)
	if s < 0 {
		return to
	}
	floor, _ := src.FloorAt(s, from.X, from.Y)
	height := from.Z - floor
	if height < 0 && !below {
		height = 0
	}
	t := dst.Locator().SectorAt(codec.Vec3{X: to.X, Y: to.Y, Z: to.Z - height})
	if t < 0 {
		return to
	}
	floor, _ = dst.FloorAt(t, to.X, to.Y)
	return codec.Vec3{X: to.X, Y: to.Y, Z: floor + height}
}

func moved(v, by codec.Vec3) codec.Vec3 {
	return codec.Vec3{X: v.X + by.X, Y: v.Y + by.Y, Z: v.Z + by.Z}
}

func delta(a, b codec.Vec3) codec.Vec3 { return codec.Vec3{X: a.X - b.X, Y: a.Y - b.Y, Z: a.Z - b.Z} }

// TestPasteIntoAnotherMap: actors and static meshes copied from one
// corpus map, through the clipboard's text, into another land on its
// floor at the height they stood above their own, keep their links
// (on TIDs the map's actors do not carry) and take its sectors and
// grid sections; the new meshes are visible from every sector and the
// old bits stay; nothing else of the map changes, and undo gives back
// its bytes.
func TestPasteIntoAnotherMap(t *testing.T) {
	src, dst := openCorpus(t, "kex18-vis.map"), openCorpus(t, "debugpad-short.map")
	copied, meshes := []int{0, 1, 2, 3, 4, 5, 6, 7}, []int{0, 5, 40, 95}
	clip, err := src.Copy(copied, meshes)
	must(t, err)
	text, err := clip.Text()
	must(t, err)
	clip, err = ParseClip(text)
	must(t, err)

	before := dst.Export()
	orig, m := doctest.Bytes(t, dst), dst.Map
	n, nm, rows := len(m.Actors), m.MeshCount(), int(m.Visibility.Count)
	oldBits := make([][]bool, rows)
	for r := range oldBits {
		oldBits[r] = visibleFrom(m.Visibility, r, nm)
	}
	oldMeshes := dst.meshItems()
	carriedBefore := map[int16]bool{}
	for _, a := range m.Actors {
		carriedBefore[a.TID] = true
	}
	at := codec.XY{X: 2000, Y: 2000}
	offset := codec.XY{X: at.X - clip.Center().X, Y: at.Y - clip.Center().Y}
	actors, pasted, err := dst.Paste(clip, offset)
	must(t, err)

	if steps, _ := dst.History.Steps(); steps != 1 || len(actors) != len(copied) || len(pasted) != len(meshes) {
		t.Fatalf("paste made %d steps, %d actors, %d meshes", steps, len(actors), len(pasted))
	}
	for k, i := range actors {
		was, a := src.Map.Actors[copied[k]], m.Actors[i]
		want := landedAt(src.Map, m, was.Origin, offset, false)
		if a.Origin != want || a.BoundsMin != moved(want, delta(was.BoundsMin, was.Origin)) || a.Sector != int32(m.Locator().SectorAt(want)) {
			t.Errorf("actor %d pasted at %v box %v sector %d, want %v", copied[k], a.Origin, a.BoundsMin, a.Sector, want)
		}
		rest := a // the fields a paste does not derive
		rest.Origin, rest.BoundsMin, rest.BoundsMax, rest.Sector, rest.TID, rest.TargetTID = was.Origin, was.BoundsMin, was.BoundsMax, was.Sector, was.TID, was.TargetTID
		if rest != was {
			t.Errorf("actor %d pasted as %+v, copied %+v", copied[k], a, was)
		}
		if a.TID > 0 && carriedBefore[a.TID] {
			t.Errorf("pasted actor %d carries TID %d, which the map's actors carry", i, a.TID)
		}
		switch j := slices.IndexFunc(copied, func(c int) bool { return src.Map.Actors[c].TID == was.TargetTID }); {
		case was.TargetTID > 0 && j >= 0:
			if target := m.Actors[actors[j]].TID; a.TargetTID != target || target <= 0 {
				t.Errorf("actor %d targeted copied actor %d: the paste targets %d, which it carries as %d", copied[k], copied[j], a.TargetTID, target)
			}
		case was.TargetTID > 0 && a.TargetTID != -1:
			t.Errorf("actor %d targeted TID %d outside the copy: the paste targets %d, want -1", copied[k], was.TargetTID, a.TargetTID)
		}
	}
	items := dst.meshItems()
	for k, g := range pasted {
		was, s := clip.Meshes[k].Mesh, items[g].mesh
		want := landedAt(src.Map, m, was.Origin, offset, true)
		rest := s // the fields a paste does not derive
		rest.Origin, rest.BoundsMin, rest.BoundsMax, rest.Sector = was.Origin, was.BoundsMin, was.BoundsMax, was.Sector
		if s.Origin != want || s.BoundsMax != moved(want, delta(was.BoundsMax, was.Origin)) || rest != was ||
			s.Sector != int32(m.Locator().SectorAt(want)) || items[g].section != dst.home(m.SectionGrid(), want, 0) {
			t.Errorf("mesh %d pasted as %+v in section %d, want at %v", meshes[k], s, items[g].section, want)
		}
		for r := range rows {
			if !m.Visibility.Visible(r, g) {
				t.Fatalf("pasted mesh %d is hidden from sector %d", g, r)
			}
		}
	}
	var kept []codec.StaticMesh
	for g, it := range items {
		if !slices.Contains(pasted, g) {
			kept = append(kept, it.mesh)
		}
	}
	for r := range rows {
		var bits []bool
		for g := range items {
			if !slices.Contains(pasted, g) {
				bits = append(bits, m.Visibility.Visible(r, g))
			}
		}
		if !slices.Equal(bits, oldBits[r]) {
			t.Fatalf("sector %d's bits for the old meshes changed", r)
		}
	}
	var old []codec.StaticMesh
	for _, it := range oldMeshes {
		old = append(old, it.mesh)
	}
	after := dst.Export()
	if !slices.Equal(kept, old) || !reflect.DeepEqual(after.Vertices, before.Vertices) || !reflect.DeepEqual(after.Sectors, before.Sectors) ||
		!reflect.DeepEqual(after.SectorSets, before.SectorSets) || !reflect.DeepEqual(after.Actors[:n], before.Actors) {
		t.Error("the paste changed more than it added")
	}
	if errs := dst.Errors(); len(errs) > 0 || !dst.VisibilityStale() {
		t.Errorf("after the paste: errors %v, tables stale %v", errs, dst.VisibilityStale())
	}
	pastedBytes := doctest.Bytes(t, dst)
	if _, err := Load("pasted.map", pastedBytes); err != nil {
		t.Fatalf("the pasted map does not load: %v", err)
	}
	_, err = dst.History.Undo()
	must(t, err)
	if !bytes.Equal(doctest.Bytes(t, dst), orig) || dst.VisibilityStale() {
		t.Error("undo does not give back the map's bytes")
	}
	_, err = dst.History.Redo()
	must(t, err)
	if !bytes.Equal(doctest.Bytes(t, dst), pastedBytes) {
		t.Error("redo does not give back the pasted map")
	}
}

// TestPasteTIDs: pasted into the map it came from, a copied TID that a
// copied actor targets moves to a TID no actor carries, one that no
// copied actor targets is cleared, and a target outside the copy is
// cleared; into a map without those TIDs, every TID and link stays.
func TestPasteTIDs(t *testing.T) {
	d := slope()
	tagged := func(tid, target int16) codec.Actor {
		a := d.Map.Actors[0]
		a.TID, a.TargetTID = tid, target
		return a
	}
	for _, a := range []codec.Actor{tagged(5, -1), tagged(6, 5), tagged(8, 9), tagged(9, -1), tagged(1, -1)} {
		_, err := d.PlaceActor(a)
		must(t, err)
	}
	clip, err := d.Copy([]int{1, 2, 3}, nil) // TIDs 5, 6 and 8; 6 targets 5, 8 targets 9
	must(t, err)
	for _, c := range []struct {
		into               *Document
		tids, targets, ids []int16
	}{
		{d, []int16{2, 0, 0}, []int16{-1, 2, -1}, nil},
		{slope(), []int16{5, 6, 8}, []int16{-1, 5, -1}, nil},
	} {
		actors, _, err := c.into.Paste(clip, codec.XY{X: 10, Y: 10})
		must(t, err)
		for k, i := range actors {
			if a := c.into.Map.Actors[i]; a.TID != c.tids[k] || a.TargetTID != c.targets[k] {
				t.Errorf("pasted actor %d: TID %d target %d, want %d and %d", k, a.TID, a.TargetTID, c.tids[k], c.targets[k])
			}
		}
	}
}

// TestDuplicateMeshes: duplicated meshes land beside the originals on
// the floor, in one step, each with a visibility column of its own;
// undo gives back the bytes.
func TestDuplicateMeshes(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	orig, n := doctest.Bytes(t, d), d.Map.MeshCount()
	wants := []codec.StaticMesh{d.meshItems()[3].mesh, d.meshItems()[70].mesh}
	offset := codec.XY{X: 64, Y: -32}
	copies, err := d.DuplicateMeshes([]int{3, 70}, offset)
	must(t, err)
	if steps, _ := d.History.Steps(); steps != 1 || len(copies) != 2 || d.Map.MeshCount() != n+2 || d.Map.Visibility.Stride < uint32((n+2+7)/8) {
		t.Fatalf("duplicate: %d steps, copies %v, %d meshes, stride %d", steps, copies, d.Map.MeshCount(), d.Map.Visibility.Stride)
	}
	items := d.meshItems()
	for _, g := range copies {
		s := items[g].mesh
		k := slices.IndexFunc(wants, func(w codec.StaticMesh) bool { return w.Model == s.Model && w.Origin.X+offset.X == s.Origin.X })
		if k < 0 || s.Origin != landedAt(d.Map, d.Map, wants[k].Origin, offset, true) {
			t.Errorf("copy %d at %v is not beside an original %v", g, s.Origin, wants)
		}
	}
	_, err = d.History.Undo()
	must(t, err)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undo does not give back the bytes")
	}
}

// TestPasteRefusals: a paste or copy that could not be made, or that
// the engine could not load, is refused naming why, and leaves no step
// and no changed byte.
func TestPasteRefusals(t *testing.T) {
	nan := float32(math.NaN())
	src := openCorpus(t, "kex18-vis.map")
	good, err := src.Copy([]int{0}, []int{1})
	must(t, err)
	bad := func(edit func(c *Clip)) Clip {
		c := good
		c.Actors, c.Meshes = slices.Clone(good.Actors), slices.Clone(good.Meshes)
		edit(&c)
		return c
	}
	for _, c := range []struct {
		name string
		edit func(d *Document) error
		want string
	}{
		{"empty copy", func(d *Document) error { _, _, err := d.Paste(Clip{Kind: ClipKind}, codec.XY{}); return err }, "holds no actors"},
		{"copy nothing", func(d *Document) error { _, err := d.Copy(nil, nil); return err }, "nothing to copy"},
		{"copy no such mesh", func(d *Document) error { _, err := d.Copy(nil, []int{1}); return err }, "no static mesh 1"},
		{"far", func(d *Document) error { _, _, err := d.Paste(good, codec.XY{X: 1.1e6}); return err }, "Origin.X is"},
		{"actor NaN", func(d *Document) error {
			_, _, err := d.Paste(bad(func(c *Clip) { c.Actors[0].Actor.Yaw = nan }), codec.XY{})
			return err
		}, "copied actor 0: Yaw is NaN"},
		{"mesh rotation", func(d *Document) error {
			_, _, err := d.Paste(bad(func(c *Clip) { c.Meshes[0].Mesh.Rotation = [4]float32{} }), codec.XY{})
			return err
		}, "copied static mesh 0: Rotation is 0"},
		{"duplicate no such mesh", func(d *Document) error { _, err := d.DuplicateMeshes([]int{0}, codec.XY{}); return err }, "no static mesh 0"},
	} {
		refusedOnNewMap(t, c.name, c.edit, c.want)
	}
	for _, text := range []string{"", "{}", `{"kind":"levelwright-shock-objects"}`, "not json", `{"kind":"` + ClipKind + `","extra":1}`} {
		if _, err := ParseClip(text); err == nil {
			t.Errorf("ParseClip(%q) reads a clip", text)
		}
	}
	if _, err := good.Text(); err != nil {
		t.Fatal(err)
	}
	// A clip holding NaN is text all the same, and comes back with the
	// NaN's bits (pasting it is refused, above).
	text, err := bad(func(c *Clip) { c.Actors[0].Actor.Yaw = math.Float32frombits(0xffc00001) }).Text()
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ParseClip(text); err != nil || math.Float32bits(back.Actors[0].Actor.Yaw) != 0xffc00001 {
		t.Errorf("a clip holding NaN read back: %v, %v", back.Actors, err)
	}
}
