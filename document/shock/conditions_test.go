package shock

import (
	"bytes"
	"reflect"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestCorpusConditionsRoundTrip: every trap's and fixture's condition and
// destroy count in the corpus archive, read field by field and set again
// on a zeroed entry, gives back the entry's bytes.
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
			trap := codec.DecodeTrap(data)
			rebuilt := codec.Trap{Action: trap.Action, P: trap.P}
			for f := ConditionReads; f < NumConditionFields; f++ {
				f.Set(&rebuilt, f.Get(trap))
			}
			got := bytes.Clone(data)
			clear(got[1:6])
			rebuilt.Encode(got)
			if !bytes.Equal(got, data) {
				t.Fatalf("level %d object %d: condition %v re-encodes as % x, was % x", l.Index, id, trap.Comparator, got[:6], data[:6])
			}
			n++
			conditions += boolInt(!trap.Comparator.Always())
		}
	}
	if n < 100 || conditions == 0 {
		t.Fatalf("only %d traps and fixtures, %d with a condition", n, conditions)
	}
}

// TestSetConditionChangesOnlyItsBytes: setting each condition field
// changes the level only in the bytes that field is stored in, and one
// step undoes it; a value out of range is refused with no step.
func TestSetConditionChangesOnlyItsBytes(t *testing.T) {
	d := corpusDocument(t)
	level, id := -1, 0
	for i, l := range d.Archive.Levels {
		if l == nil || id != 0 {
			continue
		}
		for j, o := range l.Objects {
			if j > 0 && o.Active != 0 && o.Class == codec.ClassTrap && id == 0 {
				level, id = i, j
			}
		}
	}
	if id == 0 {
		t.Fatal("the corpus has no trap")
	}
	for _, c := range []struct {
		field ConditionField
		value int
		at    []int // the entry's bytes the field is in
	}{
		{ConditionReads, 1, []int{3}},
		{ConditionVariable, 0xABC, []int{2, 3}},
		{ConditionOperator, codec.OpNotEqual, []int{3}},
		{ConditionValue, 200, []int{4}},
		{ConditionMessage, 77, []int{5}},
		{ConditionDestroyCount, 9, []int{1}},
	} {
		t.Run(c.field.String(), func(t *testing.T) {
			before, err := Load("before", mustBytes(t, d))
			if err != nil {
				t.Fatal(err)
			}
			steps, _ := d.History.Steps()
			if err := d.SetCondition(level, id, c.field, c.value); err != nil {
				t.Fatal(err)
			}
			l, want := d.Archive.Levels[level], before.Archive.Levels[level]
			o := l.Objects[id]
			data, wantData := l.Classes[o.Class][o.SpecID].Data, want.Classes[o.Class][o.SpecID].Data
			if got := c.field.Get(codec.DecodeTrap(data)); got != c.value {
				t.Fatalf("%s reads %d after setting %d", c.field, got, c.value)
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
			_, hi := c.field.Range()
			e := &editor{t: t, d: d}
			if !e.refused(func() error { return d.SetCondition(level, id, c.field, hi+1) }) {
				t.Fatalf("%s %d was not refused", c.field, hi+1)
			}
		})
	}
}
