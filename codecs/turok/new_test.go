package turok

import (
	"bytes"
	"testing"
)

// TestNewMap: a new map passes Check, decodes from its own bytes into the
// same model and writes back unchanged.
func TestNewMap(t *testing.T) {
	m := NewMap()
	if problems := m.Check(); len(problems) > 0 {
		t.Fatalf("new map has problems: %v", problems)
	}
	if m.Actors[0].Sector < 0 {
		t.Fatal("the player start stands on no sector")
	}
	b := m.Encode()
	again, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Sectors) != 2*newMapCells*newMapCells || len(again.Actors) != 1 || !again.LongSectors {
		t.Fatalf("decoded %d sectors, %d actors", len(again.Sectors), len(again.Actors))
	}
	if !bytes.Equal(again.Encode(), b) {
		t.Error("new map does not write back unchanged")
	}
	inner := 0
	for _, s := range again.Sectors {
		for _, l := range s.Links {
			if l != NoLink {
				inner++
			}
		}
	}
	// A 4x4 grid of squares has 2*4*3 inner square edges and 16 diagonals,
	// each linked from both sides.
	if want := 2 * (2*newMapCells*(newMapCells-1) + newMapCells*newMapCells); inner != want {
		t.Errorf("%d linked edge sides, want %d", inner, want)
	}
}
