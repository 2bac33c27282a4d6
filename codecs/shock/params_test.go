package shock

import (
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"testing"
)

// TestActionParamsLayout: every action has an entry, and no two fields of
// an action share a bit.
func TestActionParamsLayout(t *testing.T) {
	if len(ActionParams) != len(ActionNames) {
		t.Fatalf("%d layouts for %d actions", len(ActionParams), len(ActionNames))
	}
	for a, fields := range ActionParams {
		var used [4]uint32
		for _, f := range fields {
			if f.Bits == 0 || int(f.Shift)+int(f.Bits) > 32 || f.Param > 3 {
				t.Errorf("%s: field %q is out of range", Action(a), f.Name)
				continue
			}
			mask := uint32(1<<f.Bits-1) << f.Shift
			if used[f.Param]&mask != 0 {
				t.Errorf("%s: field %q overlaps another", Action(a), f.Name)
			}
			used[f.Param] |= mask
		}
	}
}

// trapTargets are the objects a trap of t's fields links to, as a
// level's links find them.
func trapTargets(t Trap) []uint16 {
	data := make([]byte, 22)
	t.Encode(data)
	var ids []uint16
	for _, k := range ObjectLinks(1, Object{Class: ClassTrap}, data) {
		ids = append(ids, uint16(k.To))
	}
	return ids
}

func TestParamFieldSetKeepsOtherBits(t *testing.T) {
	trap := Trap{Action: ActionMulti, P: [4]uint32{0x00050123, 0, 0, 0}}
	delay := ActionParams[ActionMulti][1]
	delay.Set(&trap, 30)
	if trap.P[0] != 0x001E0123 || delay.Get(trap) != 30 {
		t.Fatalf("p1 %#x", trap.P[0])
	}
	if got := trapTargets(trap); len(got) != 1 || got[0] != 0x123 {
		t.Fatalf("targets %v", got)
	}
	trap.P[1] = 0x1000 | 7 // quest variable 7 holds the target: not a literal link
	if got := trapTargets(trap); len(got) != 1 {
		t.Fatalf("quest data counted as a target: %v", got)
	}
}

func TestCorpusTrapTargetsExist(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	links := 0
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		for id, o := range l.Objects {
			if o.Active != 0 && o.Class == ClassTrap {
				links += len(l.LinksFrom(id))
			}
		}
	}
	if links < 50 {
		t.Fatalf("only %d trap links in the corpus archive", links)
	}
	t.Logf("%d trap links", links)
}

func TestComparator(t *testing.T) {
	c := MakeComparator(0x2A, true, OpGreaterEqual, 3, 9)
	if c.Variable() != 0x2A || !c.IsQuestVariable() || c.Operator() != OpGreaterEqual || c.Value() != 3 || c.FailMessage() != 9 {
		t.Fatalf("%#x decodes wrong", uint32(c))
	}
	if c.String() != "var 42 >= 3" || !Comparator(0x09000000).Always() || MakeComparator(5, false, OpEqual, 0, 0).Always() {
		t.Fatalf("%q", c.String())
	}
}

func TestFixtureParamsKeypad(t *testing.T) {
	fields, ok := FixtureParams(FixturePanel, PanelKeypad)
	if !ok {
		t.Fatal("no keypad layout")
	}
	var f Fixture
	fields[0].Set(&f.Trap, 0x1234)
	fields[1].Set(&f.Trap, 77)
	if f.P[0] != 77<<16|0x1234 {
		t.Fatalf("p1 %#x", f.P[0])
	}
	if _, ok := FixtureParams(FixtureControl, 0); ok {
		t.Fatal("a control fixture got its own layout")
	}
}

// TestCorpusKeypadsTargetObjectsInUse: the corpus's number pads name the
// objects they set off in the high half of p1, and those are in use.
func TestCorpusKeypadsTargetObjectsInUse(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	keypads := 0
	for _, l := range a.Levels {
		for id, o := range levelObjects(l) {
			if o.Active == 0 || o.Class != ClassFixture || o.Subclass != FixturePanel || o.Type != PanelKeypad {
				continue
			}
			keypads++
			for _, k := range l.LinksFrom(id) {
				if l.Objects[k.To].Active == 0 {
					t.Errorf("level %d: keypad targets free object %d", l.Index, k.To)
				}
			}
		}
	}
	if keypads == 0 {
		t.Fatal("no keypads in the corpus archive")
	}
}

// TestCorpusElevatorPanels: every elevator panel of the corpus, of all
// three types, names an arrival panel for each level it reaches (the
// game picks the panel by the level's place among those reached), read
// through its class layout.
func TestCorpusElevatorPanels(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	types := map[uint8]int{}
	for _, l := range a.Levels {
		for id, o := range levelObjects(l) {
			if o.Active == 0 || o.Class != ClassFixture || o.Subclass != FixturePanel || !ElevatorPanel(o.Type) {
				continue
			}
			types[o.Type]++
			r := DecodeClassRecord(o, l.Classes[o.Class][o.SpecID].Data)
			_, reached, ok := r.Field("levels reached")
			if !ok {
				t.Fatalf("level %d: elevator panel %d (type %d) has no levels reached", l.Index, id, o.Type)
			}
			panels := 0
			for i := 1; i <= 6; i++ {
				if _, v, _ := r.Field(fmt.Sprintf("arrival panel %d", i)); v != 0 {
					panels++
				}
			}
			if want := bits.OnesCount64(uint64(reached)); panels != want {
				t.Errorf("level %d: elevator panel %d reaches %d levels (%b) and names %d arrival panels", l.Index, id, want, reached, panels)
			}
		}
	}
	if types[PanelElevator1] == 0 || types[PanelElevator3] == 0 {
		t.Fatalf("elevator panels by type %v: want types 4 and 6 among them", types)
	}
}

// TestKeypadCodes: a keypad's three codes and its wrong-code fields are
// halves of p1 to p4, as the game reads them.
func TestKeypadCodes(t *testing.T) {
	fields, _ := FixtureParams(FixturePanel, PanelKeypad2)
	tr := Trap{P: [4]uint32{0x0011_0123, 0x0022_0456, 0x0033_0789, 0x0007_0044}}
	got := map[string]uint32{}
	for _, f := range fields {
		got[f.Name] = f.Get(tr)
	}
	want := map[string]uint32{"code 1": 0x123, "code 1 sets off": 0x11, "code 2": 0x456, "code 2 sets off": 0x22,
		"code 3": 0x789, "code 3 sets off": 0x33, "wrong code sets off": 0x44, "wrong code message": 7}
	if !maps.Equal(got, want) {
		t.Fatalf("keypad fields %v, want %v", got, want)
	}
}

// TestQdataParamsAre16Bits: parameters the game reads through qdata_get
// (a short) are 16 bits wide: a destroy trap whose second victim reads
// 393222 as 32 bits destroys object 6, and links to it.
func TestQdataParamsAre16Bits(t *testing.T) {
	tr := Trap{Action: ActionDestroy, P: [4]uint32{0, 6<<16 | 6, 0, 0}}
	for _, f := range tr.Params() {
		if f.Name == "second victim" {
			if v := f.Get(tr); v != 6 {
				t.Fatalf("second victim %d, want 6", v)
			}
			if ids := trapTargets(tr); !slices.Equal(ids, []uint16{6}) {
				t.Fatalf("targets %v, want [6]", ids)
			}
			return
		}
	}
	t.Fatal("a destroy trap has no second victim")
}

// TestAreaTrapCorners: a light or monster trap's corners are objects
// (links) unless the trap covers a radius about itself, when the first
// is that radius and nothing is linked.
func TestAreaTrapCorners(t *testing.T) {
	for _, c := range []struct {
		name    string
		trap    Trap
		targets []uint16
	}{
		{"light between corners", Trap{Action: actionLight, P: [4]uint32{20<<16 | 10, 0, 0, 0}}, []uint16{10, 20}},
		{"radial light", Trap{Action: actionLight, P: [4]uint32{5, 0, lightRadial, 0}}, nil},
		{"monster trap between corners", Trap{Action: actionMonster, P: [4]uint32{0, 31<<16 | 30, 1, 0}}, []uint16{30, 31}},
		{"monster trap about itself", Trap{Action: actionMonster, P: [4]uint32{0, 4, 1, 0}}, nil},
	} {
		if got := trapTargets(c.trap); !slices.Equal(got, c.targets) {
			t.Errorf("%s: targets %v, want %v", c.name, got, c.targets)
		}
	}
}
