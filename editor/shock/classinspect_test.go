package shock

import (
	"testing"

	"fyne.io/fyne/v2/test"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// classValue reads class field name of object id.
func classValue(t *testing.T, f *session, id int, name string) int64 {
	t.Helper()
	rec, err := f.d.ClassRecord(1, id)
	if err != nil {
		t.Fatal(err)
	}
	_, v, ok := rec.Field(name)
	if !ok {
		t.Fatalf("object %d has no field %q", id, name)
	}
	return v
}

// sectionField finds the field labelled label in object id's inspector.
func sectionField(t *testing.T, f *session, h *testHost, id int, label string) propgrid.Field {
	t.Helper()
	for _, s := range f.Inspect(h, sdoc.KindObject, []int{id}) {
		for _, field := range s.Fields {
			if field.Label == label {
				return field
			}
		}
	}
	t.Fatalf("object %d shows no %q", id, label)
	return propgrid.Field{}
}

// TestClassSections: every class with known fields shows them by name;
// a container's contents are picked in the map or typed by name, a
// door's access is chosen by name, a critter's mood too, and each edit
// is one step that undo takes back.
func TestClassSections(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	for _, c := range []struct {
		class int
		label string
	}{{scodec.ClassDoor, "other half"}, {scodec.ClassDoor, scodec.FieldAccess}, {scodec.ClassContainer, "contents 1"},
		{scodec.ClassCritter, "mood"}, {scodec.ClassCritter, "loot 1"}, {scodec.ClassGun, "ammo count or temperature"}} {
		sectionField(t, f, h, firstObject(t, l, c.class), c.label)
	}

	crate := firstObject(t, l, scodec.ClassContainer)
	item := firstObject(t, l, scodec.ClassAmmo)
	contents := sectionField(t, f, h, crate, "contents 1")
	if contents.Action == nil {
		t.Fatal("contents 1 has no Pick")
	}
	contents.Action.Do()
	if err := h.picked(item); err != nil {
		t.Fatal(err)
	}
	if got := classValue(t, f, crate, "contents 1"); got != int64(item) {
		t.Fatalf("picked %d, contents 1 is %d", item, got)
	}
	p, _ := form(t, f, h, sdoc.KindObject, crate)
	o := l.Objects[item]
	name := f.typeName(int(o.Class), int(o.Subclass), int(o.Type))
	p.Entry("contents 1").OnSubmitted("object 0")
	if got := classValue(t, f, crate, "contents 1"); got != 0 {
		t.Fatalf("typing object 0 left contents 1 = %d", got)
	}
	if countNamed(f, name) > 1 {
		p, _ = form(t, f, h, sdoc.KindObject, crate)
		p.Entry("contents 1").OnSubmitted(name)
		if got := classValue(t, f, crate, "contents 1"); got != 0 {
			t.Errorf("typing %q, the name of %d objects, set contents 1 to %d", name, countNamed(f, name), got)
		}
	}
	unique := -1
	for i, o := range l.Objects {
		if i > 0 && i != crate && o.Active != 0 && countNamed(f, f.typeName(int(o.Class), int(o.Subclass), int(o.Type))) == 1 {
			unique = i
			break
		}
	}
	if unique < 0 {
		t.Fatal("level 1 has no object with a name of its own")
	}
	o = l.Objects[unique]
	p, _ = form(t, f, h, sdoc.KindObject, crate)
	p.Entry("contents 1").OnSubmitted(f.typeName(int(o.Class), int(o.Subclass), int(o.Type)))
	if got := classValue(t, f, crate, "contents 1"); got != int64(unique) {
		t.Errorf("typing the name of object %d set contents 1 to %d", unique, got)
	}

	door := firstObject(t, l, scodec.ClassDoor)
	steps, _ := f.d.History.Steps()
	access := sectionField(t, f, h, door, scodec.FieldAccess)
	if err := access.Choice.Set(len(access.Choice.Options) - 1); err != nil {
		t.Fatal(err)
	}
	if got := classValue(t, f, door, scodec.FieldAccess); got != scodec.AccessLockTrap {
		t.Errorf("chose SHODAN, access is %d", got)
	}
	if s, _ := f.d.History.Steps(); s != steps+1 {
		t.Errorf("%d steps, want %d", s, steps+1)
	}
	critter := firstObject(t, l, scodec.ClassCritter)
	mood := sectionField(t, f, h, critter, "mood")
	if err := mood.Choice.Set(2); err != nil {
		t.Fatal(err)
	}
	if got := classValue(t, f, critter, "mood"); got != 2 {
		t.Errorf("chose hostile, mood is %d", got)
	}
	f.d.History.Undo()
	f.d.History.Undo()
	if got := classValue(t, f, door, scodec.FieldAccess); got == scodec.AccessLockTrap {
		t.Error("undo left the door's access")
	}
}

// countNamed is how many objects of level 1 have the type name name.
func countNamed(f *session, name string) int {
	n := 0
	for i, o := range f.d.Archive.Levels[1].Objects {
		if i > 0 && o.Active != 0 && f.typeName(int(o.Class), int(o.Subclass), int(o.Type)) == name {
			n++
		}
	}
	return n
}

// TestDoorStateField: a closed door shows "closed"; choosing open and
// then closed sets its frame, one step each, and undo puts it back.
func TestDoorStateField(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	door := firstObject(t, l, scodec.ClassDoor)
	if l.Objects[door].Frame != 0 {
		t.Fatalf("door %d is at frame %d; the test needs a closed door", door, l.Objects[door].Frame)
	}
	for k, c := range []struct {
		choice int
		name   string
		frame  uint8
	}{{-1, "closed", 0}, {1, "open", scodec.DoorOpenFrame}, {0, "closed", 0}} {
		state := sectionField(t, f, h, door, "state")
		if c.choice >= 0 {
			if err := state.Choice.Set(c.choice); err != nil {
				t.Fatal(err)
			}
			state = sectionField(t, f, h, door, "state")
		}
		if got := state.Choice.Options[state.Choice.Index]; got != c.name || l.Objects[door].Frame != c.frame {
			t.Errorf("step %d: the door shows %q at frame %d, want %q at %d", k, got, l.Objects[door].Frame, c.name, c.frame)
		}
		if s, _ := f.d.History.Steps(); s != k {
			t.Errorf("step %d: %d steps in the history", k, s)
		}
	}
	if _, err := f.d.History.UndoAll(); err != nil || l.Objects[door].Frame != 0 {
		t.Errorf("undo all: %v, frame %d", err, l.Objects[door].Frame)
	}
}

// TestDoorAutoCloseNever: a door's auto close time of 255 or 0 shows as
// the game reads it, never, and a time in seconds otherwise; "never" or
// a number of seconds typed back stores the half seconds, and a time the
// byte cannot hold is refused.
func TestDoorAutoCloseNever(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	door := firstObject(t, f.d.Archive.Levels[1], scodec.ClassDoor)
	const label = "auto close time"
	for _, c := range []struct {
		typed string
		want  int64
		shown string
	}{{"never, not even a close under way", 255, "never, not even a close under way"}, {"3 s", 6, "3 s"}, {"Never", 0, "never"}, {"2.5", 5, "2.5 s"}} {
		if err := sectionField(t, f, h, door, label).Text.Set(c.typed); err != nil {
			t.Fatalf("typing %q: %v", c.typed, err)
		}
		if got := classValue(t, f, door, label); got != c.want {
			t.Errorf("typed %q: stored %d, want %d", c.typed, got, c.want)
		}
		if got := sectionField(t, f, h, door, label).Text.Value; got != c.shown {
			t.Errorf("stored %d shows %q, want %q", c.want, got, c.shown)
		}
	}
	if err := sectionField(t, f, h, door, label).Text.Set("200"); err == nil {
		t.Error("400 half seconds was accepted")
	}
}
