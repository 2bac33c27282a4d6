package shock

import (
	"bytes"
	"reflect"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// headFields are the class fields of a trap's or fixture's head after
// the action: its destroy count and its comparator's fields.
func headFields(o codec.Object, data []byte) []codec.ClassField {
	var out []codec.ClassField
	for _, f := range codec.ClassLayout(o, data) {
		if f.Offset >= 1 && f.Offset < 6 && f.Name != codec.FieldAction {
			out = append(out, f)
		}
	}
	return out
}

// TestCorpusConditionsRoundTrip: every trap's and fixture's comparator
// and destroy count in the corpus archive, read field by field as its
// layout names them and set again on a zeroed head, gives back the
// entry's bytes.
func TestCorpusConditionsRoundTrip(t *testing.T) {
	d := corpusDocument(t)
	n, conditions := 0, 0
	for _, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for id, o := range l.Objects {
			if id == 0 || o.Active == 0 || (o.Class != codec.ClassTrap && o.Class != codec.ClassFixture) {
				continue
			}
			data := l.Classes[o.Class][o.SpecID].Data
			got := bytes.Clone(data)
			clear(got[1:6])
			for _, f := range headFields(o, data) {
				f.Set(got, f.Get(data))
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("level %d object %d: head % x re-encodes as % x", l.Index, id, data[:6], got[:6])
			}
			n++
			conditions += boolInt(codec.ComparatorIsCondition(o) && !codec.DecodeTrap(data).Comparator.Always())
		}
	}
	if n < 100 || conditions == 0 {
		t.Fatalf("only %d traps and fixtures, %d with a condition", n, conditions)
	}
}

// TestSetConditionChangesOnlyItsBytes: setting each condition field of a
// trap by name changes the level only in the bytes that field is stored
// in, and one step undoes it; a value out of range is refused with no
// step.
func TestSetConditionChangesOnlyItsBytes(t *testing.T) {
	d := corpusDocument(t)
	level, id := -1, 0
	for i, l := range d.Archive.Levels {
		if l == nil || id != 0 {
			continue
		}
		for j, o := range l.Objects {
			if j > 0 && o.Active != 0 && o.Class == codec.ClassTrap && codec.ComparatorIsCondition(o) && id == 0 {
				level, id = i, j
			}
		}
	}
	if id == 0 {
		t.Fatal("the corpus has no trap with a condition")
	}
	for _, c := range []struct {
		field string
		value int64
		at    []int // the entry's bytes the field is in
	}{
		{"condition reads", 1, []int{3}},
		{"condition variable", 0xABC, []int{2, 3}},
		{"condition operator", codec.OpNotEqual, []int{3}},
		{"condition value", 200, []int{4}},
		{"condition fail message", 77, []int{5}},
		{codec.FieldDestroyCount, 9, []int{1}},
	} {
		t.Run(c.field, func(t *testing.T) {
			before, err := Load("before", mustBytes(t, d))
			if err != nil {
				t.Fatal(err)
			}
			steps, _ := d.History.Steps()
			if err := d.SetClassField(level, id, c.field, c.value); err != nil {
				t.Fatal(err)
			}
			l, want := d.Archive.Levels[level], before.Archive.Levels[level]
			o := l.Objects[id]
			data, wantData := l.Classes[o.Class][o.SpecID].Data, want.Classes[o.Class][o.SpecID].Data
			f, v, ok := codec.DecodeClassRecord(o, data).Field(c.field)
			if !ok || v != c.value {
				t.Fatalf("%s reads %d after setting %d", c.field, v, c.value)
			}
			for _, i := range c.at {
				wantData[i] = data[i]
			}
			if !reflect.DeepEqual(l, want) {
				t.Fatalf("setting %s changed more than bytes %v of the entry", c.field, c.at)
			}
			if s, _ := d.History.Steps(); s != steps+1 {
				t.Fatalf("%d steps after one edit, was %d", s, steps)
			}
			_, hi := f.Range()
			e := &editor{t: t, d: d}
			if !e.refused(func() error { return d.SetClassField(level, id, c.field, hi+1) }) {
				t.Fatalf("%s %d was not refused", c.field, hi+1)
			}
		})
	}
}

// TestTriggerComparators: a deathwatch trigger's comparator names what
// it watches (an object by id is a link, which deleting the object
// clears), an area trigger's its radius, an ecology trigger's what it
// counts and how few set it off; a receptacle's is unused. None of these
// is a condition.
func TestTriggerComparators(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	create := func(spec ObjectSpec) int {
		t.Helper()
		spec.X, spec.Y, spec.Z = 30<<8|0x80, 30<<8|0x80, 32
		id, err := d.CreateObject(level, spec)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	names := func(id int) []string {
		o := l.Objects[id]
		var out []string
		for _, f := range headFields(o, l.Classes[o.Class][o.SpecID].Data) {
			if f.Kind != codec.FieldUnknown {
				out = append(out, f.Name)
			}
		}
		return out
	}
	victim := create(ObjectSpec{Class: codec.ClassCritter})
	watch := create(ObjectSpec{Class: codec.ClassTrap, Type: codec.TriggerDeathwatch})
	if got := names(watch); !reflect.DeepEqual(got, []string{"destroy count", "watched type", "watched subclass", "watched class", "watches", "sets off when"}) {
		t.Errorf("a deathwatch trigger by type: %q", got)
	}
	if err := d.SetClassField(level, watch, "watches", 1); err != nil {
		t.Fatal(err)
	}
	if err := d.SetClassField(level, watch, "watched object", int64(victim)); err != nil {
		t.Fatal(err)
	}
	if links := l.LinksTo(victim); len(links) != 1 || links[0].From != watch || links[0].Field != "watched object" {
		t.Fatalf("links to the watched critter: %v", links)
	}
	if err := d.DeleteObjects(level, []int{victim}); err != nil {
		t.Fatal(err)
	}
	if f, v, _ := codec.DecodeClassRecord(l.Objects[watch], l.Classes[codec.ClassTrap][l.Objects[watch].SpecID].Data).Field("watched object"); f.Name == "" || v != 0 {
		t.Errorf("after the delete the trigger watches object %d", v)
	}
	for _, c := range []struct {
		spec ObjectSpec
		want []string
	}{
		{ObjectSpec{Class: codec.ClassTrap, Type: codec.TriggerAreaEntry}, []string{"destroy count", "radius", "sets off"}},
		{ObjectSpec{Class: codec.ClassTrap, Type: codec.TriggerEcology}, []string{"destroy count", "counted type", "counted subclass", "counted class", "sets off below"}},
		{ObjectSpec{Class: codec.ClassFixture, Subclass: codec.FixtureReceptacle}, []string{"destroy count", "comparator (unused by the game)"}},
	} {
		id := create(c.spec)
		if got := names(id); !reflect.DeepEqual(got, c.want) || codec.ComparatorIsCondition(l.Objects[id]) {
			t.Errorf("%d/%d/%d: %q (a condition: %v), want %q", c.spec.Class, c.spec.Subclass, c.spec.Type, got, codec.ComparatorIsCondition(l.Objects[id]), c.want)
		}
	}
}
