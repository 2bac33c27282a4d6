package marathon

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
)

func TestNewFileIsValid(t *testing.T) {
	data := NewFile("Test Room").Bytes()
	f, err := wad.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	l, err := Decode(f.Entries[0], false)
	if err != nil {
		t.Fatal(err)
	}
	if p := l.Check(0); len(p) != 0 {
		t.Fatalf("new map has problems: %+v", p)
	}
	if len(l.Polygons) != 2 || len(l.Lines) != 7 || len(l.Sides) != 6 || len(l.Objects) != 1 || len(l.Lights) != 1 {
		t.Fatalf("%d polygons, %d lines, %d sides, %d objects, %d lights", len(l.Polygons), len(l.Lines), len(l.Sides), len(l.Objects), len(l.Lights))
	}
	if l.Polygons[0].Adjacent[1] != 1 || l.Polygons[1].Adjacent[3] != 0 {
		t.Errorf("rooms not adjacent across their shared line: %v %v", l.Polygons[0].Adjacent, l.Polygons[1].Adjacent)
	}
	if !l.Contains(0, Point{l.Objects[0].X, l.Objects[0].Y}) {
		t.Error("player start outside its polygon")
	}
	// Stored derived data equals the recomputation, as in an engine-saved map.
	for i, line := range l.Lines {
		if hf, lc, _ := l.LineDerived(i); line.Length != l.LineLength(i) || hf != line.HighestFloor || lc != line.LowestCeil {
			t.Errorf("line %d derived data", i)
		}
	}
	l.Encode(f.Entries[0])
	if f.Changed() || !bytes.Equal(f.Bytes(), data) {
		t.Fatal("new map does not round-trip")
	}
}
