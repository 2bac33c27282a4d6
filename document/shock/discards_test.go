package shock

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// puzzleLevel is a new document with a block puzzle panel whose puzzle
// sets off a door, and a multi trap that names the door.
func puzzleLevel(t *testing.T) (d *Document, level, panel, door, trap int) {
	t.Helper()
	d = newDocument(t)
	level = firstLevel(d)
	create := func(spec ObjectSpec) int {
		id, err := d.CreateObject(level, spec)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	door = create(ObjectSpec{Class: codec.ClassDoor, X: 31 << 8, Y: 30 << 8, Z: 32})
	panel = create(ObjectSpec{Class: codec.ClassFixture, Subclass: codec.FixturePanel, X: 30 << 8, Y: 30 << 8, Z: 32})
	trap = create(ObjectSpec{Class: codec.ClassTrap, Subclass: 0, Type: 1, X: 32 << 8, Y: 30 << 8})
	block := codec.BlockPuzzle{Frob: uint32(door), Rows: 4, Cols: 5, Algorithm: codec.BlockSimple, Source: 2 << 3, Dest: 3<<3 | 1,
		Cells: make([]uint8, 20)}
	for i := range block.Cells {
		block.Cells[i] = uint8(i % 3)
	}
	if err := d.SetBlockPuzzle(level, panel, block); err != nil {
		t.Fatal(err)
	}
	if err := d.SetTrapAction(level, trap, codec.ActionMulti); err != nil {
		t.Fatal(err)
	}
	if err := d.SetTrapParams(level, trap, [4]uint32{uint32(door) | 30<<16, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	return d, level, panel, door, trap
}

func TestDiscardsSaysWhatAnEditTakes(t *testing.T) {
	d, level, panel, door, trap := puzzleLevel(t)
	b, err := d.BlockPuzzle(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	puzzle := fmt.Sprintf("the block puzzle (4x5) and its links to object %d (set off when solved) and object %d (state trap)", door, b.StateTrap)
	for _, c := range []struct {
		name  string
		id    int
		field DataField
		value int
		want  string
	}{
		{"panel action", panel, DataAction, int(codec.ActionTeleport), puzzle},
		{"panel made a keypad", panel, DataType, codec.PanelKeypad, puzzle},
		{"panel of another type that holds puzzles", panel, DataType, 1, ""},
		{"panel action unchanged", panel, DataAction, 0, ""},
		{"trap action", trap, DataAction, int(codec.ActionDestroy),
			fmt.Sprintf(`the parameters of its "multi" action (first object %d, first delay 30) and its link to object %d (first object)`, door, door)},
		{"trap type", trap, DataType, 2, ""},
		{"door", door, DataAction, 1, ""},
		{"action out of range", trap, DataAction, codec.NumActions, ""},
		{"no such object", 800, DataAction, 1, ""},
	} {
		if got := d.Discards(level, c.id, c.field, c.value); got != c.want {
			t.Errorf("%s: Discards says %q, want %q", c.name, got, c.want)
		}
	}
}

// TestActionChangeKeepsPuzzle: setting a puzzle panel's action takes its
// puzzle away; setting the old action again, as a later edit, or undoing
// gives back its bytes and links, even after the panel was deleted and
// the deletion undone.
func TestActionChangeKeepsPuzzle(t *testing.T) {
	d, level, panel, _, _ := puzzleLevel(t)
	l := d.Archive.Levels[level]
	old, err := d.Trap(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	puzzle, err := d.BlockPuzzle(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	links := l.LinksFrom(panel)
	original := mustBytes(t, d)
	steps, _ := d.History.Steps()

	if err := d.SetTrapAction(level, panel, codec.ActionTeleport); err != nil {
		t.Fatal(err)
	}
	if _, err := d.BlockPuzzle(level, panel); err == nil || len(l.LinksFrom(panel)) != 0 {
		t.Fatal("the panel keeps its puzzle under another action")
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mustBytes(t, d), original) {
		t.Fatal("undoing the action change does not give back the puzzle's bytes")
	}
	if _, err := d.History.Redo(); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteObject(level, panel); err != nil {
		t.Fatal(err)
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := d.SetTrapAction(level, panel, old.Action); err != nil {
		t.Fatal(err)
	}
	got, err := d.BlockPuzzle(level, panel)
	if err != nil || !reflect.DeepEqual(got, puzzle) || !reflect.DeepEqual(l.LinksFrom(panel), links) {
		t.Fatalf("the old action gives back %+v (%v), links %v; want %+v, links %v", got, err, l.LinksFrom(panel), puzzle, links)
	}
	if !bytes.Equal(mustBytes(t, d), original) {
		t.Fatal("the old action does not give back the puzzle's bytes")
	}
	if now, _ := d.History.Steps(); now != steps+2 {
		t.Fatalf("%d steps, want the two action changes", now-steps)
	}
}

// TestActionChangeBackRefusedWhenTargetGone: parameters set aside are not
// given back while they name an object deleted since.
func TestActionChangeBackRefusedWhenTargetGone(t *testing.T) {
	d, level, _, door, trap := puzzleLevel(t)
	if err := d.SetTrapAction(level, trap, codec.ActionEmail); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteObject(level, door); err != nil {
		t.Fatal(err)
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	err := d.SetTrapAction(level, trap, codec.ActionMulti)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("object %d, which is not in use", door)) {
		t.Fatalf("got %v, want a refusal naming object %d", err, door)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(mustBytes(t, d), before) {
		t.Fatal("the refused action change left a step or changed bytes")
	}
	if _, err := d.History.Undo(); err != nil { // the door comes back
		t.Fatal(err)
	}
	if err := d.SetTrapAction(level, trap, codec.ActionMulti); err != nil {
		t.Fatal(err)
	}
	if got := d.Archive.Levels[level].LinksFrom(trap); len(got) != 1 || got[0].To != door {
		t.Fatalf("links %v, want the one to door %d", got, door)
	}
}

// TestFullClassTableRefusesNewObject: once every slot of a class table is
// taken, creating one more object of the class is refused, naming the
// table and its size, with no step and no changed byte.
func TestFullClassTableRefusesNewObject(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	spec := ObjectSpec{Class: codec.ClassHardware, X: 30 << 8, Y: 30 << 8, Z: 32}
	slots := codec.ClassTableSizes[codec.ClassHardware].Count - 1
	for i := range slots {
		if _, err := d.CreateObject(level, spec); err != nil {
			t.Fatalf("object %d of %d: %v", i+1, slots, err)
		}
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	_, err := d.CreateObject(level, spec)
	if want := fmt.Sprintf("hardware table: all %d slots are in use", slots); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(mustBytes(t, d), before) {
		t.Fatal("the refused creation left a step or changed bytes")
	}
	checkClean(t, d, level, "filling the table")
}

// TestDoorAccessClearsTheLock: giving a door locked by a quest bit the
// access level that opens it on a trap's condition says first that it
// loses its lock, then clears the lock in the same step, so that the
// quest bit is not read as an object; undo gives the lock back.
func TestDoorAccessClearsTheLock(t *testing.T) {
	d := corpusDocument(t)
	l := d.Archive.Levels[1]
	door := -1
	for i, o := range l.Objects {
		if i > 0 && o.Active != 0 && o.Class == codec.ClassDoor && l.Classes[codec.ClassDoor][o.SpecID].Data[0] != 0 {
			door = i
			break
		}
	}
	if door < 0 {
		t.Fatal("level 1 has no locked door")
	}
	data := l.Classes[codec.ClassDoor][l.Objects[door].SpecID].Data
	lock := int(data[0]) | int(data[1])<<8
	if got, want := d.Discards(1, door, DataAccess, codec.AccessLockTrap), fmt.Sprintf("its lock, quest bit %d", lock); got != want {
		t.Errorf("Discards says %q, want %q", got, want)
	}
	if got := d.Discards(1, door, DataAccess, 3); got != "" {
		t.Errorf("another card's access: Discards says %q", got)
	}
	steps, _ := d.History.Steps()
	if err := d.SetClassField(1, door, codec.FieldAccess, codec.AccessLockTrap); err != nil {
		t.Fatal(err)
	}
	if data[0]|data[1] != 0 || data[4] != codec.AccessLockTrap {
		t.Fatalf("after the edit: lock %d, access %d", int(data[0])|int(data[1])<<8, data[4])
	}
	if s, _ := d.History.Steps(); s != steps+1 {
		t.Fatalf("%d steps", s-steps)
	}
	d.History.Undo()
	data = l.Classes[codec.ClassDoor][l.Objects[door].SpecID].Data
	if got := int(data[0]) | int(data[1])<<8; got != lock {
		t.Errorf("undo gave back lock %d, want %d", got, lock)
	}
}
