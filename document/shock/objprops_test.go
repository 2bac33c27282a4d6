package shock

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestObjPropsEditsAreStepsAndRefusalsChangeNothing: a field set in
// each table is one step that undoes to the file's bytes; a value out of
// the field's range, or a type that does not exist, is refused with no
// step and no changed byte.
func TestObjPropsEditsAreStepsAndRefusalsChangeNothing(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(shockdata.Dir(), "objprop.dat"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "objprop.dat")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := OpenObjProps(path)
	if err != nil {
		t.Fatal(err)
	}
	gun, _ := codec.TypeIndex(codec.ClassGun, 2, 1)
	for _, c := range []struct {
		table PropTable
		field string
		value int64
	}{{CommonTable, "radius", 40}, {GenericTable, "fire rate", 9}, {SpecificTable, "projectile speed", 200}} {
		var f codec.PropField
		for _, x := range d.Fields(gun, c.table) {
			if x.Name == c.field {
				f = x
			}
		}
		if f.Name == "" {
			t.Fatalf("no field %q", c.field)
		}
		if err := d.Set(gun, c.table, f, c.value); err != nil {
			t.Fatal(err)
		}
		if got := d.Get(gun, c.table, f); got != c.value {
			t.Errorf("%s reads %d after the edit", c.field, got)
		}
	}
	if undo, _ := d.History.Steps(); undo != 3 {
		t.Fatalf("%d steps, want 3", undo)
	}
	edited := d.Props.Encode()
	for _, bad := range []struct {
		i int
		f codec.PropField
		v int64
	}{{gun, codec.CommonPropFields[1], 40000}, {gun, codec.CommonPropFields[7], -1}, {codec.NumObjectTypes, codec.CommonPropFields[7], 1}} {
		if err := d.Set(bad.i, CommonTable, bad.f, bad.v); err == nil {
			t.Errorf("%s %d of type %d was taken", bad.f.Name, bad.v, bad.i)
		}
	}
	if undo, _ := d.History.Steps(); undo != 3 || !bytes.Equal(d.Props.Encode(), edited) {
		t.Fatal("a refused edit left a step or changed bytes")
	}
	if _, err := d.History.UndoAll(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Props.Encode(), orig) {
		t.Error("undone, the properties differ from the file's")
	}
}

// TestModObjPropsSaveBesideTheMission: objprop.dat opened from the game's
// data as a mod layer of a mission saves into the mission's folder, and
// the game's file keeps its bytes. Saved twice, the mission's copy keeps
// its first contents as objprop.dat.bak, and no temporary file is left.
func TestModObjPropsSaveBesideTheMission(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(shockdata.Dir(), "objprop.dat"))
	if err != nil {
		t.Fatal(err)
	}
	gameDir, mission := t.TempDir(), t.TempDir()
	source := filepath.Join(gameDir, "objprop.dat")
	if err := os.WriteFile(source, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := OpenModObjProps(source, filepath.Join(mission, "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(mission, "objprop.dat"); d.Path != want || d.Source != source {
		t.Fatalf("saves to %s from %s, want %s from %s", d.Path, d.Source, want, source)
	}
	gun, _ := codec.TypeIndex(codec.ClassGun, 2, 1)
	for _, hp := range []int{77, 78} {
		if err := d.SetCommon(gun, func(c *codec.CommonProps) { c.HitPoints = int16(hp) }); err != nil {
			t.Fatal(err)
		}
		if err := d.Save(); err != nil {
			t.Fatal(err)
		}
	}
	if game, _ := os.ReadFile(source); !bytes.Equal(game, orig) {
		t.Error("saving the mod layer changed the game's objprop.dat")
	}
	saved, err := os.ReadFile(d.Path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := codec.DecodeObjProps(saved)
	if err != nil || p.Types[gun].Common.HitPoints != 78 {
		t.Fatalf("the mission's objprop.dat: %v, hit points %d, want 78", err, p.Types[gun].Common.HitPoints)
	}
	first, err := os.ReadFile(d.Path + document.BackupSuffix)
	if err != nil {
		t.Fatalf("no backup of the mission's first copy: %v", err)
	}
	if p, err := codec.DecodeObjProps(first); err != nil || p.Types[gun].Common.HitPoints != 77 {
		t.Errorf("the backup holds hit points %d, want the first save's 77", p.Types[gun].Common.HitPoints)
	}
	entries, _ := os.ReadDir(mission)
	if len(entries) != 2 {
		t.Errorf("the mission's folder holds %d files, want objprop.dat and its backup", len(entries))
	}
	if d.History.Dirty() {
		t.Error("the history is unsaved after Save")
	}
}
