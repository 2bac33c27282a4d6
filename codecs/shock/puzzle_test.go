package shock

import (
	"reflect"
	"testing"
)

// corpusPanels returns every puzzle panel of the corpus archive with the
// level it is on.
func corpusPanels(t *testing.T) (levels []*Level, panels []int) {
	_, a := decodeBytes(t, corpusArchive(t))
	for _, l := range a.Levels {
		for i, o := range levelObjects(l) {
			if o.Active != 0 && o.Class == ClassFixture && o.Subclass == FixturePanel {
				levels, panels = append(levels, l), append(panels, i)
			}
		}
	}
	return levels, panels
}

func levelObjects(l *Level) []Object {
	if l == nil {
		return nil
	}
	return l.Objects
}

func TestCorpusPuzzlesRoundTrip(t *testing.T) {
	levels, panels := corpusPanels(t)
	wires, blocks := 0, 0
	for n, id := range panels {
		l := levels[n]
		e := l.Classes[ClassFixture][l.Objects[id].SpecID]
		f := DecodeFixture(e.Data)
		switch PuzzleKind(f) {
		case PuzzleWire:
			if f.P[1] == 0 && f.P[2] == 0 && f.P[3] == 0 {
				continue // a panel that is not a puzzle
			}
			wires++
			w := DecodeWirePuzzle(f)
			var g Fixture
			g.Trap = f.Trap
			w.Encode(&g)
			if g.P != f.P {
				t.Errorf("level %d panel %d: wire puzzle encodes to %x, stored %x", l.Index, id, g.P, f.P)
			}
			if len(w.TargetPositions()) != w.WireCount() {
				t.Errorf("wire positions")
			}
		case PuzzleBlock:
			blocks++
			_, state, ok := l.StateTrap(f)
			if !ok {
				t.Fatalf("level %d block puzzle %d has no state trap", l.Index, id)
			}
			b := DecodeBlockPuzzle(f, state)
			g, s := f, state
			b.Encode(&g, &s)
			if g.P != f.P || s.P != state.P {
				t.Errorf("level %d panel %d: block puzzle re-encodes differently", l.Index, id)
			}
			if len(b.Cells) != int(b.Rows)*int(b.Cols) {
				t.Errorf("level %d panel %d: %d cells for %dx%d", l.Index, id, len(b.Cells), b.Cols, b.Rows)
			}
		}
	}
	t.Logf("%d wire and %d block puzzles", wires, blocks)
	if wires+blocks == 0 {
		t.Fatal("no puzzles in the corpus archive")
	}
}

func TestBlockPuzzleCellsRoundTrip(t *testing.T) {
	state := Trap{P: [4]uint32{0xDEADBEEF, 0x12345678, 0x9ABCDEF0, 0x0F0F0F0F}}
	panel := Fixture{}
	b := BlockPuzzle{Frob: 77, StateTrap: 300, Cols: 7, Rows: 6, Algorithm: BlockQueen, Source: 0x12, Dest: 0x34, Solved: 0}
	b.Cells = make([]uint8, 42)
	for i := range b.Cells {
		b.Cells[i] = uint8(i*5) & 7
	}
	b.Encode(&panel, &state)
	if PuzzleKind(panel) != PuzzleBlock {
		t.Fatal("panel not marked as a block puzzle")
	}
	got := DecodeBlockPuzzle(panel, state)
	if !reflect.DeepEqual(got, b) {
		t.Fatalf("decoded %+v, want %+v", got, b)
	}
	// Cell 0 is the lowest 3 bits of p4; cell 10 straddles p4 and p3.
	if state.P[3]&7 != uint32(b.Cells[0]) || (state.P[3]>>30|state.P[2]<<2)&7 != uint32(b.Cells[10]) {
		t.Fatalf("cells not laid out from p4's low bits: p4 %#x p3 %#x", state.P[3], state.P[2])
	}
	// 42 cells use 126 bits: the top two bits of p1 stay as they were.
	if state.P[0]>>30 != 0xDEADBEEF>>30 {
		t.Fatalf("bits past the cells changed: p1 %#x", state.P[0])
	}
}

func TestWirePuzzleDefaults(t *testing.T) {
	w := DecodeWirePuzzle(Fixture{Trap: Trap{P: [4]uint32{5, 0, 0, 0}}})
	if w.WireCount() != 4 || w.PinCount() != 6 || w.Score() != 128 {
		t.Fatalf("defaults: %d wires, %d pins, score %d", w.WireCount(), w.PinCount(), w.Score())
	}
	if got := PackWirePositions(w.TargetPositions()); got != DefaultWireTargets&(1<<24-1) {
		t.Fatalf("default targets %#x", got)
	}
	var f Fixture
	w.Encode(&f)
	if f.P != [4]uint32{5, 0, 0, 0} {
		t.Fatalf("defaults written as %x, want zeros kept", f.P)
	}
}
