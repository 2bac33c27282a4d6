package shock

import (
	"slices"
	"strings"
	"testing"
)

// corpusLevel decodes level 1 of the corpus archive afresh.
func corpusLevel(t *testing.T) *Level {
	_, a := decodeBytes(t, corpusArchive(t))
	return a.Levels[1]
}

// firstObject finds the first active object satisfying ok.
func firstObject(t *testing.T, l *Level, ok func(Object) bool) int {
	for i, o := range l.Objects {
		if i > 0 && o.Active != 0 && ok(o) {
			return i
		}
	}
	t.Fatal("no such object in the corpus level")
	return 0
}

func TestCheckFindsEachProblem(t *testing.T) {
	cases := []struct {
		code    string
		corrupt func(t *testing.T, l *Level)
	}{
		{"list-cycle", func(t *testing.T, l *Level) {
			first := int(l.Objects[0].Ref)
			second := int(l.Objects[first].Next)
			l.Objects[second].Next = uint16(first)
		}},
		{"used-slot-on-free-list", func(t *testing.T, l *Level) {
			free := l.Objects[0].Next
			l.Objects[free].Active = 1
		}},
		{"active-not-on-used-list", func(t *testing.T, l *Level) {
			free := l.Objects[0].Next
			l.Objects[0].Next = l.Objects[free].Next // take it off the free list
			l.Objects[free].Active = 1
		}},
		{"xref-misses-own-tile", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Ref != 0 })
			l.Objects[id].X += 5 << 8
		}},
		{"xref-object-mismatch", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Ref != 0 })
			l.Xrefs[l.Objects[id].Ref].Object = uint16(id + 1)
		}},
		{"tile-chain-elsewhere", func(t *testing.T, l *Level) {
			for i := range l.Tiles {
				if r := l.Tiles[i].ObjRef; r != 0 {
					l.Xrefs[r].TileX++
					return
				}
			}
		}},
		{"tile-holds-free-object", func(t *testing.T, l *Level) {
			for i := range l.Tiles {
				if r := l.Tiles[i].ObjRef; r != 0 {
					l.Objects[l.Xrefs[r].Object].Active = 0
					return
				}
			}
		}},
		{"entry-object-mismatch", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassTrap })
			l.Objects[id].SpecID++
		}},
		{"target-missing", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassTrap })
			e := &l.Classes[ClassTrap][l.Objects[id].SpecID]
			trap := DecodeTrap(e.Data)
			trap.Action, trap.P[0] = ActionMulti, uint32(l.Objects[0].Next) // a free slot
			trap.Encode(e.Data)
		}},
		{"block-puzzle-without-state", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassFixture && o.Subclass == FixturePanel && o.Type == 0 })
			e := &l.Classes[ClassFixture][l.Objects[id].SpecID]
			f := DecodeFixture(e.Data)
			f.P[1] = PuzzleBlock<<28 | uint32(id) // the panel itself: not a trap
			f.P[2] = 0x2<<24 | 3<<20 | 0x18<<12 | 0x10<<4
			f.Encode(e.Data)
		}},
		{"bad-block-puzzle", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassFixture && o.Subclass == FixturePanel && o.Type == 0 })
			e := &l.Classes[ClassFixture][l.Objects[id].SpecID]
			f := DecodeFixture(e.Data)
			f.P[1] = PuzzleBlock<<28 | uint32(firstObject(t, l, func(o Object) bool { return o.Class == ClassTrap }))
			f.P[2] = 8<<24 | 8<<20 // 8x8: more than the panel shows
			f.Encode(e.Data)
		}},
		{"puzzle-unsolvable", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassFixture && o.Subclass == FixturePanel && o.Type == 0 })
			e := &l.Classes[ClassFixture][l.Objects[id].SpecID]
			f := DecodeFixture(e.Data)
			w := DecodeWirePuzzle(f)
			w.Wires, w.TargetScore, w.Solved = 3, 253, 0 // three wires score at most 252
			w.Encode(&f)
			f.Encode(e.Data)
		}},
		{"texture-out-of-range", func(t *testing.T, l *Level) {
			l.Tile(30, 30).SetTextures(len(l.Textures), 0, 0)
		}},
		{"texture-out-of-range", func(t *testing.T, l *Level) {
			l.Textures = l.Textures[:10]
			l.Tile(30, 30).SetTextures(0, 0, 10)
		}},
		{"object-off-map", func(t *testing.T, l *Level) {
			l.Info.Height = 32 // the objects in the north half are off the map now
			l.Tiles = l.Tiles[:32*l.Info.Width]
		}},
		{"unknown-object-type", func(t *testing.T, l *Level) {
			l.Objects[firstObject(t, l, func(o Object) bool { return o.Class == ClassDrug })].Subclass = 1
		}},
		{"unknown-object-type", func(t *testing.T, l *Level) {
			l.Objects[firstObject(t, l, func(o Object) bool { return o.Class == ClassDoor })].Type = 200
		}},
		{"door-half-not-door", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassDoor })
			other := firstObject(t, l, func(o Object) bool { return o.Class == ClassTrap })
			SetClassValue(l.Objects[id], l.Classes[ClassDoor][l.Objects[id].SpecID].Data, FieldOtherHalf, int64(other))
		}},
		{"target-missing", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassContainer })
			SetClassValue(l.Objects[id], l.Classes[ClassContainer][l.Objects[id].SpecID].Data, "contents 4", 871) // a free slot
		}},
		{"target-missing", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassDoor })
			SetClassValue(l.Objects[id], l.Classes[ClassDoor][l.Objects[id].SpecID].Data, FieldOtherHalf, 0xFFF) // past the object table
		}},
		{CodeCameraMissing, func(t *testing.T, l *Level) {
			l.Surveillance[0][2] = l.Objects[0].Next // a free slot
		}},
		{CodeCameraMissing, func(t *testing.T, l *Level) {
			l.Surveillance[1][0] = uint16(len(l.Objects)) // past the object table
		}},
		{CodeMapNotesBroken, func(t *testing.T, l *Level) {
			l.MapNoteOffset = uint32(len(l.MapNotes) + 1)
		}},
		{CodeMapNotesBroken, func(t *testing.T, l *Level) {
			copy(l.MapNotes, "no end")
			l.MapNoteOffset = 6
		}},
		{CodeMapNotesBroken, func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassTrap && o.Subclass == 0 })
			l.Objects[id].Subclass, l.Objects[id].Type = MapNoteTriple[1], MapNoteTriple[2]
			e := &l.Classes[ClassTrap][l.Objects[id].SpecID]
			trap := DecodeTrap(e.Data)
			trap.P[3] = uint32(len(l.MapNotes)) // past the buffer
			trap.Encode(e.Data)
		}},
		{"bad-wire-puzzle", func(t *testing.T, l *Level) {
			id := firstObject(t, l, func(o Object) bool { return o.Class == ClassFixture && o.Subclass == FixturePanel && o.Type == 0 })
			e := &l.Classes[ClassFixture][l.Objects[id].SpecID]
			f := DecodeFixture(e.Data)
			f.P[3] = PackWirePositions([][2]int{{0, 0}, {0, 1}, {2, 2}, {3, 3}}) // two left ends on pin 0
			f.Encode(e.Data)
		}},
	}
	for _, c := range cases {
		l := corpusLevel(t)
		if p := l.Check(); len(p) != 0 {
			t.Fatalf("corpus level has problems before the change: %+v", p)
		}
		c.corrupt(t, l)
		found := false
		for _, p := range l.Check() {
			found = found || p.Code == c.code
		}
		if !found {
			t.Errorf("%s: not reported; got %+v", c.code, l.Check())
		}
	}
}

// TestCheckChargeStationAndAntennaObjects: a charge station's trigger
// object and an antenna panel's objects that are not in use are reported
// as missing targets, naming the field.
func TestCheckChargeStationAndAntennaObjects(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	station := func(l *Level) int {
		for i, o := range l.Objects {
			if i > 0 && o.Active != 0 && o.Class == ClassFixture && chargeStation(o) {
				return i
			}
		}
		return 0
	}
	l := a.Levels[0]
	id := station(l)
	if id == 0 {
		t.Fatal("level 0 has no charge station")
	}
	for _, c := range []struct {
		field string
		param int
		mask  uint32
		make  func(o *Object)
	}{
		{"trigger object", 2, 0xFFFFFFFF, func(*Object) {}},
		{"destroy object", 2, 0xFFFF, func(o *Object) { o.Subclass, o.Type = FixtureReceptacle, 3 }},
		{"trigger object 2", 1, 0xFFFF, func(o *Object) { o.Subclass, o.Type = FixtureReceptacle, 4 }},
	} {
		if p := slices.DeleteFunc(l.Check(), func(p Problem) bool { return p.Code == CodeObjectInWall }); len(p) != 0 {
			t.Fatalf("level 0 has problems before the change: %+v", p)
		}
		saved := l.Objects[id]
		e := &l.Classes[ClassFixture][l.Objects[id].SpecID]
		before := append([]byte(nil), e.Data...)
		c.make(&l.Objects[id])
		f := DecodeFixture(e.Data)
		f.P[c.param] = f.P[c.param]&^c.mask | uint32(l.Objects[0].Next) // a free slot
		f.Encode(e.Data)
		found := false
		for _, p := range l.Check() {
			found = found || p.Code == "target-missing" && p.Index == id && strings.Contains(p.Message, c.field)
		}
		if !found {
			t.Errorf("%s of a %d/%d: not reported; got %+v", c.field, l.Objects[id].Subclass, l.Objects[id].Type, l.Check())
		}
		l.Objects[id] = saved
		copy(e.Data, before)
	}
}
