package shock

import (
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestPanelPuzzles: a panel takes a block puzzle (and a state trap for
// it), reads it back, then a wire puzzle, which frees the state trap.
func TestPanelPuzzles(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	panel, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassFixture, Subclass: codec.FixturePanel, X: 30 << 8, Y: 30 << 8, Z: 32})
	if err != nil {
		t.Fatal(err)
	}
	block := codec.BlockPuzzle{Rows: 2, Cols: 3, Algorithm: codec.BlockSimple, Source: 2 << 3, Dest: 3<<3 | 1,
		Cells: []uint8{codec.CellOpen, codec.CellClosed, codec.CellFull, codec.CellGate, codec.CellEmpty, codec.CellOpen}}
	if err := d.SetBlockPuzzle(level, panel, block); err != nil {
		t.Fatal(err)
	}
	got, err := d.BlockPuzzle(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Cells, block.Cells) || got.Rows != 2 || got.Cols != 3 || got.StateTrap == 0 {
		t.Fatalf("read back %+v", got)
	}
	if _, err := d.WirePuzzle(level, panel); err == nil {
		t.Fatal("a block puzzle panel reads as a wire puzzle")
	}
	wire := codec.WirePuzzle{Wires: 2, Pins: 3, Algorithm: 1, Targets: codec.PackWirePositions([][2]int{{0, 1}, {1, 2}}),
		Current: codec.PackWirePositions([][2]int{{2, 0}, {1, 1}})}
	if err := d.SetWirePuzzle(level, panel, wire); err != nil {
		t.Fatal(err)
	}
	if w, err := d.WirePuzzle(level, panel); err != nil || w.Targets != wire.Targets || w.Current != wire.Current {
		t.Fatalf("read back %+v, %v", w, err)
	}
	if o := d.Archive.Levels[level].Objects[got.StateTrap]; o.Active != 0 {
		t.Fatal("the block puzzle's state trap outlived it")
	}
	checkClean(t, d, level, "the puzzle edits")
}
