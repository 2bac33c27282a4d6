package shock

import (
	"bytes"
	"testing"
)

// layoutCoverage reports a field that overlaps another or a bit no field
// covers: a layout covers each bit of the data exactly once.
func layoutCoverage(t *testing.T, what string, fields []ClassField, n int) {
	t.Helper()
	covered := make([]uint8, n)
	for _, f := range fields {
		if int(f.Offset)+int(f.Size) > n || f.Size == 0 || f.Size > 4 || int(f.Shift)+f.Width() > 8*int(f.Size) {
			t.Errorf("%s: field %q (offset %d size %d shift %d bits %d) does not fit the %d bytes",
				what, f.Name, f.Offset, f.Size, f.Shift, f.Bits, n)
			continue
		}
		m := f.mask()
		for i := range int(f.Size) {
			b := uint8(m >> (8 * i))
			if covered[int(f.Offset)+i]&b != 0 {
				t.Errorf("%s: field %q overlaps another at byte %d", what, f.Name, int(f.Offset)+i)
			}
			covered[int(f.Offset)+i] |= b
		}
	}
	for i, c := range covered {
		if c != 0xFF {
			t.Errorf("%s: byte %d bits %08b belong to no field", what, i, ^c)
		}
	}
}

// TestCorpusClassRecordsRoundTrip decodes every object of every corpus
// level into its class record and encodes it into zeroed data: the bytes
// must come back, so every bit is some field's. Every object field names
// an object in use, or none.
func TestCorpusClassRecordsRoundTrip(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	seen := map[uint8]int{}
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		for id, o := range l.Objects {
			if id == 0 || o.Active == 0 {
				continue
			}
			data := l.Classes[o.Class][o.SpecID].Data
			r := DecodeClassRecord(o, data)
			layoutCoverage(t, ClassNames[o.Class], r.Fields, len(data))
			got := make([]byte, len(data))
			r.Encode(got)
			if !bytes.Equal(got, data) {
				t.Errorf("level %d object %d (%s): class data % x encodes as % x", l.Index, id, ClassNames[o.Class], data, got)
			}
			seen[o.Class]++
			for i, f := range r.Fields {
				v := r.Values[i]
				if f.Kind != FieldObject || v == 0 || v >= 0x1000 {
					continue
				}
				if int(v) >= len(l.Objects) || l.Objects[v].Active == 0 {
					t.Errorf("level %d object %d (%s) %s names object %d, not in use", l.Index, id, ClassNames[o.Class], f.Name, v)
				}
			}
		}
	}
	for class := range uint8(NumClasses) {
		t.Logf("%s: %d objects", ClassNames[class], seen[class])
	}
	if len(seen) < 10 {
		t.Errorf("objects of %d classes, want the corpus's many", len(seen))
	}
}

// TestClassLayoutsCoverData lays out zeroed and filled data for every
// object type and every trap action: each bit belongs to one field.
func TestClassLayoutsCoverData(t *testing.T) {
	for class := range uint8(NumClasses) {
		n := ClassTableSizes[class].Size - 6
		for sub, s := range Subclasses[class] {
			for typ := range s.Types {
				o := Object{Class: class, Subclass: uint8(sub), Type: uint8(typ)}
				for _, fill := range []byte{0, 0xFF, 0x11} {
					d := bytes.Repeat([]byte{fill}, n)
					layoutCoverage(t, ClassNames[class], ClassLayout(o, d), n)
				}
				for action := range NumActions {
					if class != ClassTrap && class != ClassFixture {
						break
					}
					d := make([]byte, n)
					d[0] = byte(action)
					layoutCoverage(t, ActionNames[action], ClassLayout(o, d), n)
				}
			}
		}
	}
}

func TestClassFieldCheck(t *testing.T) {
	door := ClassLayout(Object{Class: ClassDoor}, make([]byte, 8))
	field := func(fs []ClassField, name string) ClassField {
		for _, f := range fs {
			if f.Name == name {
				return f
			}
		}
		t.Fatalf("no field %q", name)
		return ClassField{}
	}
	keypad := ClassLayout(Object{Class: ClassFixture, Subclass: FixturePanel, Type: PanelKeypad}, make([]byte, 24))
	tests := []struct {
		f    ClassField
		v    int64
		fail bool
	}{
		{field(door, FieldAccess), 3, false},
		{field(door, FieldAccess), AccessLockTrap, false},
		{field(door, FieldAccess), 31, false}, // 1 << 31, the mask's last bit
		{field(door, FieldAccess), 32, true},
		{field(door, FieldAccess), 40, true},
		{field(door, FieldLockVariable), 0x1FF, false},
		{field(door, FieldLockVariable), 0x200, true},
		{field(door, FieldOtherHalf), 5000, true},
		{field(keypad, "code 1"), 0x451, false},
		{field(keypad, "code 1"), 0x4A1, true},
		{field(keypad, "access level"), -1, false},
	}
	for _, tc := range tests {
		if err := tc.f.Check(tc.v); (err != nil) != tc.fail {
			t.Errorf("%s = %d: error %v, want failure %v", tc.f.Name, tc.v, err, tc.fail)
		}
	}
}

func TestClassFieldSetKeepsOtherBits(t *testing.T) {
	f := ClassField{Name: "x", Offset: 1, Size: 2, Shift: 4, Bits: 8, Kind: FieldSigned}
	d := []byte{0xAA, 0xFF, 0xFF, 0xBB}
	f.Set(d, -2)
	if want := []byte{0xAA, 0xEF, 0xFF, 0xBB}; !bytes.Equal(d, want) {
		t.Errorf("set -2: % x, want % x", d, want)
	}
	if got := f.Get(d); got != -2 {
		t.Errorf("get: %d, want -2", got)
	}
}

// TestCrateSize: a crate's class bytes 8, 9 and 10 are the game's dim_x,
// dim_y and dim_z: width, depth and height (the vertical size).
func TestCrateSize(t *testing.T) {
	data := make([]byte, 21)
	data[8], data[9], data[10] = 1, 2, 3
	r := DecodeClassRecord(Object{Class: ClassContainer, Subclass: 0, Type: 1}, data)
	for name, want := range map[string]int64{"width": 1, "depth": 2, "height": 3} {
		if _, v, ok := r.Field(name); !ok || v != want {
			t.Errorf("crate %s %d (found %v), want byte %d", name, v, ok, 7+want)
		}
	}
}

// TestDoorLockTrap: a door whose access level no card grants (255) opens
// on the condition of the trap its lock names: the lock is then a link
// to that trap, which check reports when it is not a trap; with another
// access level the lock is a quest bit and no link.
func TestDoorLockTrap(t *testing.T) {
	l := NewLevel(1)
	l.Objects[1] = Object{Active: 1, Class: ClassDoor, SpecID: 1}
	l.Objects[2] = Object{Active: 1, Class: ClassDrug}
	d := l.Classes[ClassDoor][1].Data
	d[0], d[4] = 2, 5 // lock 2, access generic 5
	if links := l.LinksFrom(1); len(links) != 0 {
		t.Fatalf("a door locked by quest bit 2 links %v", links)
	}
	d[4] = AccessLockTrap
	links := l.LinksFrom(1)
	if len(links) != 1 || links[0].To != 2 || links[0].Field != FieldLockTrap {
		t.Fatalf("links %v, want the lock trap, object 2", links)
	}
	if code, _ := l.LinkProblem(links[0]); code != "lock-trap-not-trap" {
		t.Errorf("a drug as the lock trap: %q", code)
	}
	l.Objects[2].Class = ClassTrap
	if code, reason := l.LinkProblem(links[0]); code != "" {
		t.Errorf("a trap as the lock trap: %s", reason)
	}
}
