package shock

import (
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

func TestParamFieldSetKeepsOtherBits(t *testing.T) {
	trap := Trap{Action: ActionMulti, P: [4]uint32{0x00050123, 0, 0, 0}}
	delay := ActionParams[ActionMulti][1]
	delay.Set(&trap, 30)
	if trap.P[0] != 0x001E0123 || delay.Get(trap) != 30 {
		t.Fatalf("p1 %#x", trap.P[0])
	}
	if got := trap.Targets(); len(got) != 1 || got[0] != 0x123 {
		t.Fatalf("targets %v", got)
	}
	trap.P[1] = 0x1000 | 7 // quest variable 7 holds the target: not a literal link
	if got := trap.Targets(); len(got) != 1 {
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
		for _, o := range l.Objects {
			if o.Active != 0 && o.Class == ClassTrap {
				links += len(DecodeTrap(l.Classes[ClassTrap][o.SpecID].Data).Targets())
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
