package shock

import (
	"bytes"
	"errors"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// xrefTiles lists the tiles object id's cross-references name, and
// checks each is on its tile's chain.
func xrefTiles(t *testing.T, l *codec.Level, id int) []Point {
	t.Helper()
	var tiles []Point
	first := int(l.Objects[id].Ref)
	for r := first; ; {
		x := l.Xrefs[r]
		tiles = append(tiles, Point{int(x.TileX), int(x.TileY)})
		onChain := false
		for c := int(l.Tile(int(x.TileX), int(x.TileY)).ObjRef); c != 0; c = int(l.Xrefs[c].NextInTile) {
			onChain = onChain || c == r
		}
		if !onChain {
			t.Fatalf("object %d's cross-reference %d is not on tile (%d,%d)'s chain", id, r, x.TileX, x.TileY)
		}
		if r = int(x.NextOfObject); r == first {
			return tiles
		}
	}
}

// TestObjectLifecycle: an object created with a radius is referenced
// from every tile it covers, moving it re-references them, deleting it
// frees everything, and undo puts every byte back.
func TestObjectLifecycle(t *testing.T) {
	d := newDocument(t)
	d.ObjectRadius = func(codec.Object) int { return 128 }
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	original := mustBytes(t, d)

	id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassBigStuff, Subclass: 1, Type: 2, X: 30<<8 | 0x40, Y: 31<<8 | 0xF0, Z: 32})
	if err != nil {
		t.Fatal(err)
	}
	// 0x40 - 128 reaches tile 29; 0xF0 + 128 reaches tile 32.
	if got := xrefTiles(t, l, id); len(got) != 4 || got[0] != (Point{30, 31}) {
		t.Fatalf("tiles %v, want (30,31) first of four", got)
	}
	if err := d.MoveObject(level, id, 32<<8|0xC0, 32<<8|0xC0, 37); err != nil {
		t.Fatal(err)
	}
	if got := xrefTiles(t, l, id); len(got) != 4 || got[0] != (Point{32, 32}) || got[3] != (Point{33, 33}) {
		t.Fatalf("after the move, tiles %v", got)
	}
	for y := 29; y <= 32; y++ {
		for x := 29; x <= 31; x++ {
			if x < 31 && l.Tile(x, y).ObjRef != 0 {
				t.Fatalf("tile (%d,%d) still references the moved object", x, y)
			}
		}
	}
	checkClean(t, d, level, "the move")
	if err := d.DeleteObject(level, id); err != nil {
		t.Fatal(err)
	}
	if l.Objects[0].Ref != 0 || l.Classes[codec.ClassBigStuff][0].ID != 0 {
		t.Fatal("the used lists are not empty after the only object went")
	}
	checkClean(t, d, level, "the delete")
	for range 3 {
		d.History.Undo()
	}
	if !bytes.Equal(mustBytes(t, d), original) {
		t.Fatal("undoing create, move and delete does not give back the original bytes")
	}
}

// TestDragIsOneStep: moves of one object merge until BreakMerge, and the
// handle of a deleted object comes back with undo.
func TestDragIsOneStep(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	id := int(l.Objects[0].Ref)
	handle := d.Handles.Of(document.Ref{Level: level, Kind: KindObject, Index: id})
	for i := range 10 {
		if err := d.MoveObject(level, id, l.Objects[id].X+uint16(i), l.Objects[id].Y, l.Objects[id].Z); err != nil {
			t.Fatal(err)
		}
	}
	d.History.BreakMerge()
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Fatalf("a drag of 10 moves is %d steps", steps)
	}
	if err := d.DeleteObject(level, id); err != nil {
		t.Fatal(err)
	}
	if _, ok := d.Handles.Lookup(handle); ok {
		t.Fatal("a deleted object keeps its handle")
	}
	d.History.Undo()
	if r, ok := d.Handles.Lookup(handle); !ok || r != (document.Ref{Level: level, Kind: KindObject, Index: id}) {
		t.Fatal("undoing the delete does not give the object its handle back")
	}
}

// BenchmarkObjectMove moves an object to another tile (relinking its
// cross-reference) and undoes the move.
func BenchmarkObjectMove(b *testing.B) {
	d := corpusDocument(b)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	id := int(l.Objects[0].Ref)
	o := l.Objects[id]
	for i := 0; b.Loop(); i++ {
		if err := d.MoveObject(level, id, o.X+256, o.Y, o.Z); err != nil {
			b.Fatal(err)
		}
		d.History.Undo()
	}
}

// BenchmarkObjectMoveDirect is BenchmarkObjectMove's baseline: the same
// position written and put back with no command, no relinking and no
// history.
func BenchmarkObjectMoveDirect(b *testing.B) {
	d := corpusDocument(b)
	l := d.Archive.Levels[firstLevel(d)]
	o := &l.Objects[l.Objects[0].Ref]
	for b.Loop() {
		before := *o
		o.X += 256
		*o = before
	}
}

// BenchmarkCheckLevel is the validation after an object edit: a full
// check of a corpus level.
func BenchmarkCheckLevel(b *testing.B) {
	d := corpusDocument(b)
	l := d.Archive.Levels[1]
	for b.Loop() {
		l.Check()
	}
}

// TestObjectMoveHistoryCost measures the history held by 1,000 moves of
// objects to other tiles (those the next tile has room for).
func TestObjectMoveHistoryCost(t *testing.T) {
	d := corpusDocument(t)
	level := 1
	l := d.Archive.Levels[level]
	n := 0
	for id := int(l.Objects[0].Ref); id != 0 && n < 1000; id = int(l.Objects[id].Next) {
		o := l.Objects[id]
		switch err := d.MoveObject(level, id, o.X^0x100, o.Y, o.Z); {
		case errors.Is(err, ErrMisplaced): // into a wall, or under a floor: no step
		case err != nil:
			t.Fatal(err)
		default:
			n++
		}
	}
	steps, _ := d.History.Steps()
	t.Logf("%d moves, %d bytes of history, %d bytes per move", steps, d.History.Bytes(), d.History.Bytes()/steps)
	if steps != n || d.History.Bytes()/steps > 600 {
		t.Errorf("%d steps at %d bytes each", steps, d.History.Bytes()/steps)
	}
}
