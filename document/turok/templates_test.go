package turok

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

// TestMapTemplates: a corpus map gives one template for each type,
// variant and model its actors have, the first actor of each, grouped by
// type, and each named by type, file and actor.
func TestMapTemplates(t *testing.T) {
	for _, name := range []string{"debugpad-short.map", "kex18-vis.map", "plain16.map"} {
		d := openCorpus(t, name)
		got := MapTemplates(d.Map, name)
		kinds := map[templateKey]int{}
		for i, a := range d.Map.Actors {
			k := templateKey{a.Type, a.Variant, a.Model}
			if _, ok := kinds[k]; !ok {
				kinds[k] = i
			}
		}
		if len(got) != len(kinds) {
			t.Errorf("%s: %d templates, want one of each of %d type/variant/model", name, len(got), len(kinds))
		}
		for i, tp := range got {
			if first := kinds[tp.key()]; tp.Index != first || tp.Actor != d.Map.Actors[first] || tp.Source != name {
				t.Errorf("%s: template %d is %s with %+v, want actor %d as it is", name, i, tp.Name(), tp.Actor, first)
			}
			if i > 0 && got[i-1].Actor.Type > tp.Actor.Type {
				t.Errorf("%s: template %d (type %d) follows type %d", name, i, tp.Actor.Type, got[i-1].Actor.Type)
			}
		}
	}
	d := openCorpus(t, "debugpad-short.map")
	names := []string{}
	for _, tp := range MapTemplates(d.Map, "debugpad-short.map") {
		names = append(names, tp.Name())
	}
	for _, want := range []string{"Raptor (type 1) from debugpad-short.map #1", "Raptor (type 1) from debugpad-short.map #8",
		"Knife (type 100) from debugpad-short.map #4"} {
		if !slices.Contains(names, want) {
			t.Errorf("no template %q among %q", want, names)
		}
	}
	if got := (Template{Actor: codec.Actor{Type: 4242}, Source: "mod.map", Index: 3}).Name(); got != "type 4242 from mod.map #3" {
		t.Errorf("an unnamed type's template is named %q", got)
	}
}

// TestFolderTemplates: the maps of a folder and its subfolders give
// their templates, after the open map's (a kind the open map has comes
// from it); a file that is no map is named in the error and the others'
// templates are still read.
func TestFolderTemplates(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		path := filepath.Join(dir, name)
		must(t, os.MkdirAll(filepath.Dir(path), 0o755))
		must(t, os.WriteFile(path, data, 0o644))
	}
	plain, err := os.ReadFile(corpus.Path(t, "turok", "plain16.map"))
	must(t, err)
	write("plain16.map", plain)
	custom := openCorpus(t, "debugpad-short.map")
	must(t, custom.EditActors([]int{5}, func(a *codec.Actor) { a.Type, a.Model, a.StepHeight = 4242, "models/mod/boss.bin", 48 }))
	write("mod/custom.MAP", doctest.Bytes(t, custom))
	write("broken.map", []byte("not a kex archive"))
	write("notes.txt", []byte("not a map either"))

	got, err := FolderTemplates(dir)
	if err == nil || !strings.Contains(err.Error(), "broken.map") || strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("the error %v does not name broken.map alone", err)
	}
	if !slices.ContainsFunc(got, func(tp Template) bool { return tp.Source == "plain16.map" }) {
		t.Error("no template from plain16.map")
	}
	open := openCorpus(t, "debugpad-short.map") // of every type, variant and model the folder's maps have but one
	merged := MergeTemplates(MapTemplates(open.Map, "open.map"), got)
	var boss *Template
	for i, tp := range merged {
		if tp.Actor.Type == 4242 {
			boss = &merged[i]
		}
		if tp.Source != "open.map" && tp.Actor.Type != 4242 {
			t.Errorf("template %s is of a kind the open map has", tp.Name())
		}
	}
	if boss == nil {
		t.Fatalf("no template of the subfolder's type 4242 among %d", len(merged))
	}
	if boss.Name() != "type 4242 from mod/custom.MAP #5" || boss.Actor.StepHeight != 48 || boss.Actor.Model != "models/mod/boss.bin" {
		t.Errorf("the subfolder's template is %s: %+v", boss.Name(), boss.Actor)
	}
	if _, err := FolderTemplates(filepath.Join(dir, "missing")); err == nil {
		t.Error("a folder that does not exist gave no error")
	}
}

// TestPlaceFromTemplate: a placed actor takes every field of its
// template but the origin (on the floor at the click), the yaw, the
// sector (the one there), the bounds (moved with the origin), the TID
// and the target (cleared); it is one step, and undo takes it away. A
// click over no sector is refused.
func TestPlaceFromTemplate(t *testing.T) {
	d := slope()
	src := openCorpus(t, "debugpad-short.map")
	tp := Template{Actor: src.Map.Actors[3], Source: "debugpad-short.map", Index: 3} // TID 3, target 4
	tp.Actor.SightRange, tp.Actor.StepHeight, tp.Actor.SpawnFlags2 = 640*640, 24, 0x81
	orig := doctest.Bytes(t, d)
	i, err := d.PlaceFromTemplate(tp, 300, 100, 1.5)
	must(t, err)
	got := d.Map.Actors[i]
	if want := (codec.Vec3{X: 300, Y: 100, Z: 150}); got.Origin != want {
		t.Errorf("placed at %v, want %v on the floor", got.Origin, want)
	}
	moved := func(b codec.Vec3) codec.Vec3 { // b as far from the new origin as from the template's
		o, to := got.Origin, tp.Actor.Origin
		return codec.Vec3{X: o.X + (b.X - to.X), Y: o.Y + (b.Y - to.Y), Z: o.Z + (b.Z - to.Z)}
	}
	if got.BoundsMin != moved(tp.Actor.BoundsMin) || got.BoundsMax != moved(tp.Actor.BoundsMax) {
		t.Errorf("bounds %v-%v about %v; the template's %v-%v about %v", got.BoundsMin, got.BoundsMax, got.Origin,
			tp.Actor.BoundsMin, tp.Actor.BoundsMax, tp.Actor.Origin)
	}
	if size := got.BoundsMax.X - got.BoundsMin.X; size != 40 {
		t.Errorf("the placed actor's bounds are %v wide, the template's 40", size)
	}
	if got.Yaw != 1.5 || got.TID != 0 || got.TargetTID != -1 || int(got.Sector) != d.geo().locator.SectorAt(got.Origin) {
		t.Errorf("yaw %v, TID %d, target %d, sector %d", got.Yaw, got.TID, got.TargetTID, got.Sector)
	}
	same := got
	same.Origin, same.Yaw, same.Sector, same.BoundsMin, same.BoundsMax, same.TID, same.TargetTID =
		tp.Actor.Origin, tp.Actor.Yaw, tp.Actor.Sector, tp.Actor.BoundsMin, tp.Actor.BoundsMax, tp.Actor.TID, tp.Actor.TargetTID
	if same != tp.Actor {
		t.Errorf("the placed actor's other fields differ from the template's:\n%+v\n%+v", same, tp.Actor)
	}
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Errorf("placing took %d steps", steps)
	}
	_, err = d.History.Undo()
	must(t, err)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undo does not take the placed actor away")
	}

	d = slope()
	orig = doctest.Bytes(t, d)
	if _, err := d.PlaceFromTemplate(tp, -100, 100, 0); err == nil || !strings.Contains(err.Error(), "no sector at (-100, 100)") {
		t.Errorf("placing over no sector: %v", err)
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Errorf("a refused placement left %d steps", steps)
	}
}

// TestSnapActorsToFloor: actors above or below their floor are set down
// on it with their bounds, in one step; an actor over no sector is
// refused, and nothing moves.
func TestSnapActorsToFloor(t *testing.T) {
	d := slope()
	tp := Template{Actor: d.Map.Actors[0]}
	for _, at := range []codec.Vec3{{X: 100, Y: 100}, {X: 400, Y: 300}} {
		_, err := d.PlaceFromTemplate(tp, at.X, at.Y, 0)
		must(t, err)
	}
	must(t, d.EditActors([]int{1}, func(a *codec.Actor) { a.Origin.Z += 70 }))
	must(t, d.EditActors([]int{2}, func(a *codec.Actor) { a.Origin.Z -= 30 }))
	height := d.Map.Actors[1].BoundsMax.Z - d.Map.Actors[1].Origin.Z
	before, _ := d.History.Steps()
	must(t, d.SnapActorsToFloor([]int{1, 2}))
	for i, floor := range map[int]float32{1: 50, 2: 200} {
		a := d.Map.Actors[i]
		if a.Origin.Z != floor || a.BoundsMin.Z != floor || a.BoundsMax.Z != floor+height {
			t.Errorf("actor %d snapped to %v, bounds %v-%v; want the floor at %v", i, a.Origin, a.BoundsMin, a.BoundsMax, floor)
		}
	}
	if steps, _ := d.History.Steps(); steps != before+1 {
		t.Errorf("snapping two actors took %d steps", steps-before)
	}

	must(t, d.EditActors([]int{2}, func(a *codec.Actor) { a.Origin.X = -50 }))
	orig := doctest.Bytes(t, d)
	before, _ = d.History.Steps()
	for _, c := range []struct {
		indexes []int
		want    string
	}{
		{[]int{1, 2}, "actor 2 stands over no sector at (-50, 300)"},
		{nil, "no actor given"},
		{[]int{9}, "no actor 9"},
	} {
		if err := d.SnapActorsToFloor(c.indexes); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("snapping %v: %v, want %q", c.indexes, err, c.want)
		}
	}
	if steps, _ := d.History.Steps(); steps != before || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("a refused snap left a step or changed the map")
	}
}
