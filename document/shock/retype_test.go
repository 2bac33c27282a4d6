package shock

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
)

// firstOf is the first object in use of class on level, with its level.
func firstOf(t *testing.T, d *Document, class uint8, keep func(codec.Object) bool) (level, id int) {
	t.Helper()
	for i, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for j, o := range l.Objects {
			if j > 0 && o.Active != 0 && o.Class == class && keep(o) {
				return i, j
			}
		}
	}
	t.Fatalf("the corpus has no %s", codec.ClassNames[class])
	return 0, 0
}

func anyObject(codec.Object) bool { return true }

// TestChangeObjectKind: a gun made ammo keeps its base fields and place,
// takes a new ammo entry with the level's defaults and frees its gun
// entry; a trap made a fixture keeps its trap fields; each is one step
// that undo takes back to the original bytes.
func TestChangeObjectKind(t *testing.T) {
	d := corpusDocument(t)
	original := mustBytes(t, d)
	level, gun := firstOf(t, d, codec.ClassGun, anyObject)
	l := d.Archive.Levels[level]
	before, oldEntry := l.Objects[gun], int(l.Objects[gun].SpecID)
	freeAmmo := int(l.Classes[codec.ClassAmmo][0].Next)
	if err := d.ChangeObjectKind(level, gun, codec.ClassAmmo, 0, 1); err != nil {
		t.Fatal(err)
	}
	o := l.Objects[gun]
	if o.Class != codec.ClassAmmo || o.Subclass != 0 || o.Type != 1 || o.X != before.X || o.Y != before.Y || o.Z != before.Z ||
		o.HP != before.HP || o.Ref != before.Ref {
		t.Fatalf("object %d is %+v, was %+v", gun, o, before)
	}
	if int(o.SpecID) != freeAmmo || l.Classes[codec.ClassAmmo][o.SpecID].ID != uint16(gun) ||
		!bytes.Equal(l.Classes[codec.ClassAmmo][o.SpecID].Data, l.Defaults[codec.ClassAmmo].Data) {
		t.Fatalf("the ammo entry is %d %+v, want the first free one (%d) with the defaults", o.SpecID, l.Classes[codec.ClassAmmo][o.SpecID], freeAmmo)
	}
	if e := l.Classes[codec.ClassGun][oldEntry]; e.ID != 0 || int(l.Classes[codec.ClassGun][0].Next) != oldEntry {
		t.Fatalf("the gun entry %d is %+v, not freed", oldEntry, e)
	}
	checkClean(t, d, level, "gun to ammo")

	trapLevel, trap := firstOf(t, d, codec.ClassTrap, anyObject)
	fields, err := d.Trap(trapLevel, trap)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.ChangeObjectKind(trapLevel, trap, codec.ClassFixture, codec.FixtureControl, 0); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Trap(trapLevel, trap); err != nil || got != fields {
		t.Fatalf("the fixture's trap fields are %+v (%v), were %+v", got, err, fields)
	}
	checkClean(t, d, trapLevel, "trap to fixture")
	if n, err := d.History.UndoAll(); err != nil || n != 2 || !bytes.Equal(mustBytes(t, d), original) {
		t.Fatalf("undoing %d steps (%v) does not give back the original bytes", n, err)
	}
}

// TestChangeObjectKindRefusals: a type the subclass does not have, the
// kind the object has, and a door half made a non-door while its other
// half names it are refused, with no step and no changed byte.
func TestChangeObjectKindRefusals(t *testing.T) {
	d := corpusDocument(t)
	level, gun := firstOf(t, d, codec.ClassGun, anyObject)
	e := &editor{t: t, d: d}
	o := d.Archive.Levels[level].Objects[gun]
	types := codec.Subclasses[o.Class][o.Subclass].Types
	for name, edit := range map[string]func() error{
		"type past the subclass": func() error { return d.ChangeObjectKind(level, gun, o.Class, o.Subclass, uint8(types)) },
		"same kind":              func() error { return d.ChangeObjectKind(level, gun, o.Class, o.Subclass, o.Type) },
		"class 15":               func() error { return d.ChangeObjectKind(level, gun, codec.NumClasses, 0, 0) },
	} {
		if !e.refused(edit) {
			t.Errorf("%s was not refused", name)
		}
	}
	for level, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for _, k := range l.Links() {
			if k.Field == codec.FieldOtherHalf && l.Objects[k.To].Class == codec.ClassDoor {
				if !e.refused(func() error { return d.ChangeObjectKind(level, k.To, codec.ClassGun, 0, 0) }) {
					t.Errorf("door %d, the other half of %d, became a gun", k.To, k.From)
				}
				return
			}
		}
	}
	t.Error("the corpus has no door with another half")
}

// TestPanelFromOtherKindDropsStrayPuzzle: parameters kept from a kind
// that holds no puzzle, which read on a puzzle panel as a wire puzzle
// the game cannot show (13 wires on 6 pins, as random edits found), are
// dropped when the object becomes such a panel, leaving a panel without
// a puzzle and no error; the same through the type field is refused, and
// a valid kept reading stays.
func TestPanelFromOtherKindDropsStrayPuzzle(t *testing.T) {
	for _, c := range []struct {
		name      string
		p         [4]uint32
		wantP     [4]uint32
		typeField bool // set the type through SetObjectField: refused
	}{
		{"13 wires on 6 pins", [4]uint32{5, 0x6D, 0x123, 0x456}, [4]uint32{5, 0, 0, 0}, false},
		{"left pin past the pins", [4]uint32{5, 0x62, 0x7, 0x7}, [4]uint32{5, 0, 0, 0}, false},
		{"13 wires, by type", [4]uint32{0, 0x6D, 0x123, 0x456}, [4]uint32{}, true},
		{"a valid wire puzzle", [4]uint32{0, 0x62, codec.PackWirePositions([][2]int{{0, 1}, {1, 0}}),
			codec.PackWirePositions([][2]int{{1, 1}, {0, 0}})}, [4]uint32{0, 0x62, codec.PackWirePositions([][2]int{{0, 1}, {1, 0}}),
			codec.PackWirePositions([][2]int{{1, 1}, {0, 0}})}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := newDocument(t)
			level := firstLevel(d)
			l := d.Archive.Levels[level]
			sub, typ := uint8(codec.FixtureControl), uint8(0)
			if c.typeField {
				sub, typ = codec.FixturePanel, codec.PanelElevator1
			}
			id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassFixture, Subclass: sub, Type: typ, X: 30 << 8, Y: 30 << 8, Z: 32})
			if err != nil {
				t.Fatal(err)
			}
			data, err := d.ClassData(level, id)
			if err != nil {
				t.Fatal(err)
			}
			f := codec.DecodeFixture(data)
			f.P = c.p
			f.Encode(data)
			if err := d.SetClassData(level, id, data); err != nil {
				t.Fatal(err)
			}
			steps, _ := d.History.Steps()
			if c.typeField {
				before := mustBytes(t, d)
				if err := d.SetObjectField(level, []int{id}, ObjectType, 0); err == nil || !strings.Contains(err.Error(), "wire puzzle") {
					t.Errorf("making a recharge panel a puzzle panel over 13 wires gave %v, want a refusal naming the wire puzzle", err)
				}
				if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), before) {
					t.Error("the refused type change left a step or changed bytes")
				}
				return
			}
			if err := d.ChangeObjectKind(level, id, codec.ClassFixture, codec.FixturePanel, 0); err != nil {
				t.Fatal(err)
			}
			o := l.Objects[id]
			if got := codec.DecodeFixture(l.Classes[o.Class][o.SpecID].Data).P; got != c.wantP {
				t.Errorf("parameters %#x, want %#x", got, c.wantP)
			}
			if p, _ := d.Problems(level); len(bin.Errors(p)) != 0 {
				t.Errorf("errors after the change: %v", bin.Errors(p))
			}
			if s, _ := d.History.Steps(); s != steps+1 {
				t.Errorf("%d steps, want one", s-steps)
			}
		})
	}
}
