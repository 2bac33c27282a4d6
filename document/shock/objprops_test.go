package shock

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
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
