package shock

import (
	"bytes"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestStateTrapActionRefused: a block puzzle's state trap keeps the
// puzzle's cells in its parameters, so a new action, which would read
// them as something else, is refused with no step and no changed byte.
func TestStateTrapActionRefused(t *testing.T) {
	d, level, panel, _, _ := puzzleLevel(t)
	b, err := d.BlockPuzzle(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	err = d.SetTrapAction(level, int(b.StateTrap), codec.ActionMulti)
	if err == nil || !strings.Contains(err.Error(), "cells of block puzzle panel") {
		t.Fatalf("got %v, want a refusal naming the block puzzle panel", err)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(mustBytes(t, d), before) {
		t.Fatal("the refused action change left a step or changed bytes")
	}
}

// TestBlockPuzzleLeavesRetaskedStateTrap: while a panel's block puzzle is
// set aside (the panel's action changed), its state trap is free and may
// be given an action that reads objects; when the puzzle comes back, a
// block puzzle edit keeps its cells in a new state trap instead of
// writing them over that trap's parameters as object numbers.
func TestBlockPuzzleLeavesRetaskedStateTrap(t *testing.T) {
	d, level, panel, door, _ := puzzleLevel(t)
	b, err := d.BlockPuzzle(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	state := int(b.StateTrap)
	panelAction := func() codec.Action {
		tr, err := d.Trap(level, panel)
		if err != nil {
			t.Fatal(err)
		}
		return tr.Action
	}
	puzzleAction := panelAction()
	steps := []struct {
		what string
		do   func() error
	}{
		{"set the puzzle aside", func() error { return d.SetTrapAction(level, panel, codec.ActionEmail) }},
		{"retask the state trap", func() error { return d.SetTrapAction(level, state, codec.ActionMulti) }},
		{"aim it at the door", func() error { return d.SetTrapParams(level, state, [4]uint32{uint32(door), 0, 0, 0}) }},
		{"bring the puzzle back", func() error { return d.SetTrapAction(level, panel, puzzleAction) }},
		{"edit the puzzle", func() error { return d.SetBlockPuzzle(level, panel, b) }},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		checkClean(t, d, level, s.what)
	}
	tr, err := d.Trap(level, state)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Action != codec.ActionMulti || tr.P != [4]uint32{uint32(door), 0, 0, 0} {
		t.Fatalf("the retasked trap became %+v", tr)
	}
	got, err := d.BlockPuzzle(level, panel)
	if err != nil {
		t.Fatal(err)
	}
	if int(got.StateTrap) == state || !bytes.Equal(got.Cells, b.Cells) {
		t.Fatalf("the puzzle keeps cells %v in trap %d, want %v in a new trap", got.Cells, got.StateTrap, b.Cells)
	}
}
