package shock

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

// newDocument is a document of a new archive with level 1.
func newDocument(t testing.TB) *Document {
	f, err := codec.NewArchive(1)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load("new.res", f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func corpusDocument(t testing.TB) *Document {
	path := corpus.Path(t, "shock", "derelict", "archive.dat")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustBytes(t testing.TB, d *Document) []byte {
	return bytes.Clone(doctest.Bytes(t, d))
}

func firstLevel(d *Document) int {
	for i, l := range d.Archive.Levels {
		if l != nil {
			return i
		}
	}
	return -1
}

// randomTileEdits does n random tile edits (field sets on random
// selections, and pastes of random rectangles) on level.
func randomTileEdits(t *testing.T, d *Document, level, n int, rng *rand.Rand) {
	l := d.Archive.Levels[level]
	w, h := int(l.Info.Width), int(l.Info.Height)
	for range n {
		if rng.IntN(4) == 0 {
			cw, ch := 1+rng.IntN(6), 1+rng.IntN(6)
			clip, err := d.CopyTiles(level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, cw, ch)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.PasteTiles(level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, clip); err != nil && !errors.Is(err, ErrMisplaced) {
				t.Fatal(err)
			}
			continue
		}
		field := TileField(rng.IntN(int(numTileFields)))
		points := make([]Point, 1+rng.IntN(8))
		for i := range points {
			points[i] = Point{rng.IntN(w), rng.IntN(h)}
		}
		value := rng.IntN(tileLimit(l, field) + 1)
		if field == TileFlags {
			value = int(rng.Uint32())
		}
		if err := d.SetTiles(level, points, field, value); err != nil && !errors.Is(err, ErrMisplaced) {
			t.Fatal(err)
		}
	}
}

// TestTileEditsUndoToOriginalBytes: 1,000 random tile edits on the corpus
// archive and on a new one keep the level's integrity checks as they were;
// undoing them all gives back the original bytes, redoing them all the
// edited bytes.
func TestTileEditsUndoToOriginalBytes(t *testing.T) {
	for name, d := range map[string]*Document{"new": newDocument(t), "corpus": corpusDocument(t)} {
		level := firstLevel(d)
		original := mustBytes(t, d)
		problemsBefore := len(d.Archive.Levels[level].Check())
		randomTileEdits(t, d, level, 1000, rand.New(rand.NewPCG(1, uint64(len(name)))))
		edited := mustBytes(t, d)
		if bytes.Equal(edited, original) {
			t.Fatalf("%s: 1,000 edits changed nothing", name)
		}
		if after := len(d.Archive.Levels[level].Check()); after != problemsBefore {
			t.Errorf("%s: %d problems after the edits, %d before", name, after, problemsBefore)
		}
		steps, err := d.History.UndoAll()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mustBytes(t, d), original) || d.History.Dirty() {
			t.Fatalf("%s: undoing %d steps does not give back the original", name, steps)
		}
		if redone, err := d.History.RedoAll(); err != nil || redone != steps {
			t.Fatalf("redid %d of %d steps: %v", redone, steps, err)
		}
		if !bytes.Equal(mustBytes(t, d), edited) {
			t.Fatalf("%s: redoing %d steps does not give back the edited file", name, steps)
		}
		t.Logf("%s: %d steps", name, steps)
	}
}

func TestSetTilesRefusesBadInput(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	for _, err := range []error{
		d.SetTiles(level, []Point{{0, 0}}, FloorHeight, 32),
		d.SetTiles(level, []Point{{-1, 0}}, FloorHeight, 3),
		d.SetTiles(level+1, []Point{{0, 0}}, FloorHeight, 3),
		d.PasteTiles(level, Point{60, 60}, TileClip{Width: 8, Height: 8, Tiles: make([]codec.Tile, 64)}),
	} {
		if err == nil {
			t.Error("bad edit accepted")
		}
	}
	if steps, _ := d.History.Steps(); steps != 0 {
		t.Errorf("refused edits left %d steps", steps)
	}
}

func TestPasteKeepsObjectsOnTheirTiles(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	// To a tile whose objects are all traps, which a solid tile may hold.
	var from, to Point
	onlyTraps := map[int]bool{}
	for _, o := range l.Objects[1:] {
		if o.Active != 0 {
			i := o.TileY()*int(l.Info.Width) + o.TileX()
			if _, seen := onlyTraps[i]; !seen {
				onlyTraps[i] = true
			}
			onlyTraps[i] = onlyTraps[i] && o.Class == codec.ClassTrap
		}
	}
	for i, tile := range l.Tiles {
		if tile.ObjRef != 0 && onlyTraps[i] && l.Tiles[0].Shape != tile.Shape {
			to = Point{i % int(l.Info.Width), i / int(l.Info.Width)}
			break
		}
	}
	clip, _ := d.CopyTiles(level, from, 1, 1)
	ref := l.Tile(to.X, to.Y).ObjRef
	if err := d.PasteTiles(level, to, clip); err != nil {
		t.Fatal(err)
	}
	if got := l.Tile(to.X, to.Y); got.ObjRef != ref || got.Shape != clip.Tiles[0].Shape {
		t.Fatalf("pasted tile: ObjRef %d (was %d), shape %d", got.ObjRef, ref, got.Shape)
	}
}

// BenchmarkTileEdit sets one tile's floor height and undoes it.
func BenchmarkTileEdit(b *testing.B) {
	d := newDocument(b)
	level := firstLevel(d)
	d.History.MinSteps, d.History.MaxBytes = 0, 0 // keep no history: measure the edit alone
	at := []Point{{3, 3}}
	for i := 0; b.Loop(); i++ {
		if err := d.SetTiles(level, at, FloorHeight, 1+i%30); err != nil {
			b.Fatal(err)
		}
		d.History.Undo()
	}
}

// TestTileEditHistoryCost measures the history held by 10,000 one-tile
// edits.
func TestTileEditHistoryCost(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	for i := range 10000 {
		p := Point{1 + i%60, 1 + i/60%60}
		next := (FloorHeight.Get(*d.Archive.Levels[level].Tile(p.X, p.Y)) + 1) % 32
		if err := d.SetTiles(level, []Point{p}, FloorHeight, next); err != nil {
			t.Fatal(err)
		}
		d.History.BreakMerge()
	}
	steps, _ := d.History.Steps()
	per := d.History.Bytes() / steps
	t.Logf("%d steps, %d bytes of history, %d bytes per edit", steps, d.History.Bytes(), per)
	if steps != 10000 || per > 200 {
		t.Errorf("%d steps at %d bytes each", steps, per)
	}
}

// BenchmarkTileWriteDirect is BenchmarkTileEdit's baseline: the same two
// writes straight into the tile, with no command and no history.
func BenchmarkTileWriteDirect(b *testing.B) {
	d := newDocument(b)
	tile := d.Archive.Levels[firstLevel(d)].Tile(3, 3)
	for i := 0; b.Loop(); i++ {
		before := *tile
		FloorHeight.Set(tile, 1+i%30)
		*tile = before
	}
}

// TestPaintStrokes: the strokes of one drag are one step that sets every
// brush field; undo puts back each tile as it was; a broken merge starts
// a new step; a brush value out of range is refused.
func TestPaintStrokes(t *testing.T) {
	d := newDocument(t)
	l := d.Archive.Levels[1]
	before := append([]codec.Tile(nil), l.Tiles...)
	brush := Brush{TileShape: int(codec.ShapeOpen), FloorHeight: 6, CeilingHeight: 20}
	for x := 10; x < 14; x++ {
		if err := d.PaintTiles(1, []Point{{x, 10}, {x, 11}}, brush); err != nil {
			t.Fatal(err)
		}
	}
	if undos, _ := d.History.Steps(); undos != 1 || d.History.UndoLabel() != "Undo Paint 8 tiles" {
		t.Fatalf("%d steps, %q", undos, d.History.UndoLabel())
	}
	tile := *l.Tile(12, 11)
	if tile.Shape != codec.ShapeOpen || FloorHeight.Get(tile) != 6 || CeilingHeight.Get(tile) != 20 {
		t.Fatalf("painted tile %+v", tile)
	}
	d.History.BreakMerge()
	if err := d.PaintTiles(1, []Point{{20, 20}}, Brush{FloorHeight: 2}); err != nil {
		t.Fatal(err)
	}
	if undos, _ := d.History.Steps(); undos != 2 {
		t.Fatalf("a stroke after BreakMerge joined the last step (%d steps)", undos)
	}
	d.History.UndoAll()
	for i := range before {
		if l.Tiles[i] != before[i] {
			t.Fatalf("tile %d not put back by undo", i)
		}
	}
	if err := d.PaintTiles(1, []Point{{1, 1}}, Brush{FloorHeight: 99}); err == nil {
		t.Fatal("a floor height of 99 was painted")
	}
	checkClean(t, d, 1, "painting")
}

// TestMendingATextureClearsItsProblem: a tile naming a texture past the
// level's list (a file written elsewhere) is a problem until a tile edit
// mends it.
func TestMendingATextureClearsItsProblem(t *testing.T) {
	d := corpusDocument(t)
	const level = 1
	l := d.Archive.Levels[level]
	l.Tile(30, 33).SetTextures(len(l.Textures), 0, 0)
	problems := func() int {
		p, err := d.Problems(level)
		if err != nil {
			t.Fatal(err)
		}
		return len(p)
	}
	if n := problems(); n != 1 {
		t.Fatalf("%d problems, want the texture's", n)
	}
	if err := d.SetTiles(level, []Point{{30, 33}}, WallTexture, 5); err != nil {
		t.Fatal(err)
	}
	if n := problems(); n != 0 {
		t.Fatalf("%d problems after mending the texture", n)
	}
}
