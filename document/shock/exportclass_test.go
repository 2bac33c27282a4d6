package shock

import (
	"bytes"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestImportClassProperties: class properties edited by name in the
// export import as the edit, and only it; a property a type does not
// have, or a value its field cannot take, is refused naming the object
// and the field, changing nothing.
func TestImportClassProperties(t *testing.T) {
	d := corpusDocument(t)
	lj, err := d.Export(1)
	if err != nil {
		t.Fatal(err)
	}
	find := func(in LevelJSON, class int) *ObjectJSON {
		for i := range in.Objects {
			if in.Objects[i].Class == class {
				return &in.Objects[i]
			}
		}
		t.Fatalf("level 1 has no %s", codec.ClassNames[class])
		return nil
	}
	item := find(lj, codec.ClassAmmo).Index
	for _, c := range []struct {
		name   string
		change func(in LevelJSON) (id int, field string, value int64)
		want   string // a refusal, or "" when the edit lands
	}{
		{"door access", func(in LevelJSON) (int, string, int64) {
			o := find(in, codec.ClassDoor)
			o.Properties[codec.FieldAccess] = 3
			return o.Index, codec.FieldAccess, 3
		}, ""},
		{"door lock trap", func(in LevelJSON) (int, string, int64) {
			o := find(in, codec.ClassDoor)
			o.Properties[codec.FieldAccess] = codec.AccessLockTrap
			delete(o.Properties, codec.FieldLockVariable)
			trap := find(in, codec.ClassTrap).Index
			o.Properties[codec.FieldLockTrap] = int64(trap)
			return o.Index, codec.FieldLockTrap, int64(trap)
		}, ""},
		{"door lock trap not a trap", func(in LevelJSON) (int, string, int64) {
			o := find(in, codec.ClassDoor)
			o.Properties[codec.FieldAccess] = codec.AccessLockTrap
			delete(o.Properties, codec.FieldLockVariable)
			o.Properties[codec.FieldLockTrap] = int64(o.Index)
			return o.Index, codec.FieldLockTrap, int64(o.Index)
		}, "not a trap"},
		{"container contents", func(in LevelJSON) (int, string, int64) {
			o := find(in, codec.ClassContainer)
			o.Properties["contents 4"] = int64(item)
			return o.Index, "contents 4", int64(item)
		}, ""},
		{"critter mood", func(in LevelJSON) (int, string, int64) {
			o := find(in, codec.ClassCritter)
			o.Properties["mood"] = 42
			return o.Index, "mood", 42
		}, "mood: 42 is not one of"},
		{"no such field", func(in LevelJSON) (int, string, int64) {
			o := find(in, codec.ClassGun)
			o.Properties["wings"] = 2
			return o.Index, "wings", 2
		}, `has no "wings"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := jsontest.RoundTrip(t, lj)
			id, field, value := c.change(in)
			in = jsontest.RoundTrip(t, in)
			before := mustBytes(t, d)
			steps, _ := d.History.Steps()
			_, err := d.Import(in)
			if c.want != "" {
				if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "object") {
					t.Fatalf("got %v, want a refusal naming %q", err, c.want)
				}
				if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), before) {
					t.Fatal("a refused import changed the file")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rec, err := d.ClassRecord(1, id)
			if err != nil {
				t.Fatal(err)
			}
			if _, v, _ := rec.Field(field); v != value {
				t.Errorf("%s of object %d is %d, want %d", field, id, v, value)
			}
			out, err := d.Export(1)
			if err != nil {
				t.Fatal(err)
			}
			changed := 0
			for i := range out.Objects {
				if out.Objects[i].Data != lj.Objects[i].Data {
					changed++
				}
			}
			if changed != 1 {
				t.Errorf("%d objects' data changed, want 1", changed)
			}
			if _, err := d.History.Undo(); err != nil || !bytes.Equal(mustBytes(t, d), before) {
				t.Fatalf("undo: %v", err)
			}
		})
	}
}
