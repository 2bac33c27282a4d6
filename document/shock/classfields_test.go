package shock

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// levelChunks encodes every chunk of a level.
func levelChunks(l *codec.Level) [][]byte {
	var chunks [][]byte
	for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
		chunks = append(chunks, l.EncodeChunk(k))
	}
	return chunks
}

// otherValue is a value of f other than v that the engine can load, or
// false when the field has none.
func otherValue(rng *rand.Rand, l *codec.Level, id int, f codec.ClassField, v int64) (int64, bool) {
	lo, hi := f.Range()
	switch f.Kind {
	case codec.FieldEnum:
		var others []int64
		for _, c := range f.Choices {
			if c.Value != v {
				others = append(others, c.Value)
			}
		}
		if len(others) == 0 {
			return 0, false
		}
		return others[rng.IntN(len(others))], true
	case codec.FieldObject:
		var ids []int64
		for i, o := range l.Objects {
			door := f.Name == codec.FieldOtherHalf
			trap := f.Name == codec.FieldStateTrap
			if i > 0 && i != id && int64(i) != v && o.Active != 0 && int64(i) <= hi &&
				(!door || o.Class == codec.ClassDoor) && (!trap || o.Class == codec.ClassTrap) {
				ids = append(ids, int64(i))
			}
		}
		if v != 0 {
			ids = append(ids, 0)
		}
		if len(ids) == 0 {
			return 0, false
		}
		return ids[rng.IntN(len(ids))], true
	case codec.FieldBCD:
		n := int64(0)
		for range 3 {
			n = n<<4 | int64(rng.IntN(10))
		}
		return n, n != v
	}
	if hi == lo {
		return 0, false
	}
	n := lo + rng.Int64N(hi-lo)
	if n >= v {
		n++
	}
	return n, true
}

// TestSetClassFieldChangesOnlyItsBits sets every class field of the
// corpus's objects, about 150 fields of each class, to another value the engine can
// load: exactly the field's bits of its class entry change (and a new
// action's parameters), in one step,
// and undo gives back the level's bytes.
func TestSetClassFieldChangesOnlyItsBits(t *testing.T) {
	d := corpusDocument(t)
	rng := rand.New(rand.NewPCG(27, 1))
	edits := map[uint8]int{}
	for level, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for id, o := range l.Objects {
			if id == 0 || o.Active == 0 || edits[o.Class] >= 12*12 {
				continue
			}
			rec, err := d.ClassRecord(level, id)
			if err != nil {
				t.Fatal(err)
			}
			_, puzzleCells := statePanel(l, id) // its action is refused (TestStateTrapActionRefused)
			for i, f := range rec.Fields {
				v, ok := otherValue(rng, l, id, f, rec.Values[i])
				if !ok || puzzleCells && f.Name == codec.FieldAction {
					continue
				}
				before := levelChunks(l)
				steps, _ := d.History.Steps()
				entry := int(o.SpecID)*codec.ClassTableSizes[o.Class].Size + 6 + int(f.Offset)
				if err := d.SetClassField(level, id, f.Name, v); err != nil {
					// A puzzle's field set so that the game cannot show
					// the puzzle (wires past the pins, say) is refused.
					_, puzzle := codec.PuzzlePanel(o, codec.DecodeFixture(l.Classes[o.Class][o.SpecID].Data))
					if s, _ := d.History.Steps(); puzzle && strings.Contains(err.Error(), "puzzle panel") &&
						s == steps && slices.EqualFunc(before, levelChunks(l), bytes.Equal) {
						continue
					}
					t.Fatalf("level %d %s %d: set %s to %d: %v", level, codec.ClassNames[o.Class], id, f.Name, v, err)
				}
				if s, _ := d.History.Steps(); s != steps+1 {
					t.Fatalf("set %s: %d steps, want %d", f.Name, s, steps+1)
				}
				after := levelChunks(l)
				k := codec.ChunkClassTables + int(o.Class) - codec.FirstLevelChunk
				for j := range after {
					if j != k && !bytes.Equal(before[j], after[j]) {
						t.Fatalf("set %s of %s %d: chunk %d changed", f.Name, codec.ClassNames[o.Class], id, j+codec.FirstLevelChunk)
					}
				}
				end := entry + int(f.Size)
				if f.Name == codec.FieldAction {
					end = entry + 22 // the parameters are set aside with the old action
				}
				for b := range after[k] {
					if after[k][b] != before[k][b] && (b < entry || b >= end) {
						t.Fatalf("set %s of %s %d: byte %d of the class table changed, outside the field", f.Name, codec.ClassNames[o.Class], id, b)
					}
				}
				got, err := d.ClassRecord(level, id)
				if err != nil {
					t.Fatal(err)
				}
				if _, gv, _ := got.Field(f.Name); gv != v || f.Get(after[k][entry-int(f.Offset):]) != v {
					t.Fatalf("set %s of %s %d to %d: reads %d", f.Name, codec.ClassNames[o.Class], id, v, gv)
				}
				if ok, err := d.History.Undo(); !ok || err != nil {
					t.Fatalf("undo: %v %v", ok, err)
				}
				if !slices.EqualFunc(levelChunks(l), before, bytes.Equal) {
					t.Fatalf("undoing set %s of %s %d does not give back the level", f.Name, codec.ClassNames[o.Class], id)
				}
				edits[o.Class]++
			}
		}
	}
	for _, class := range []uint8{codec.ClassGun, codec.ClassGrenade, codec.ClassHardware, codec.ClassSoftware, codec.ClassBigStuff,
		codec.ClassSmallStuff, codec.ClassFixture, codec.ClassDoor, codec.ClassAnimating, codec.ClassTrap, codec.ClassContainer, codec.ClassCritter} {
		if edits[class] == 0 {
			t.Errorf("%s: no field edits", codec.ClassNames[class])
		}
	}
	t.Logf("field edits by class: %v", edits)
}

// TestSetClassFieldRefuses: values the engine cannot load are refused
// with a message naming the field and the valid values, leaving no step
// and no changed byte.
func TestSetClassFieldRefuses(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	first := func(keep func(codec.Object) bool) int {
		for id, o := range l.Objects {
			if id > 0 && o.Active != 0 && keep(o) {
				return id
			}
		}
		t.Fatal("no such object")
		return 0
	}
	class := func(c uint8) func(codec.Object) bool { return func(o codec.Object) bool { return o.Class == c } }
	door := first(class(codec.ClassDoor))
	notDoor := first(func(o codec.Object) bool { return o.Class == codec.ClassCritter })
	free := len(l.Objects) - 1
	for l.Objects[free].Active != 0 {
		free--
	}
	tests := []struct {
		id    int
		field string
		value int64
		want  string
	}{
		{door, codec.FieldAccess, 40, "not one of"},
		{door, codec.FieldLockVariable, 0x200, "out of range 0 to 511"},
		{door, codec.FieldOtherHalf, int64(free), "not in use"},
		{door, codec.FieldOtherHalf, int64(notDoor), "not a door"},
		{door, "no such field", 1, "has no field"},
		{first(class(codec.ClassCritter)), "mood", 9, "not one of"},
		{first(class(codec.ClassContainer)), "contents 2", 5000, "out of range"},
		{first(class(codec.ClassTrap)), codec.FieldAction, 30, "not one of"},
	}
	e := &editor{t: t, d: d, level: level}
	for _, tc := range tests {
		var err error
		if !e.refused(func() error { err = d.SetClassField(level, tc.id, tc.field, tc.value); return err }) ||
			!strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s = %d: got %v, want a refusal naming %q", tc.field, tc.value, err, tc.want)
		}
	}
}
