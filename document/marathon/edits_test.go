package marathon

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

func pt(x, y int) codec.Point { return codec.Point{X: int16(x), Y: int16(y)} }

// undoAll undoes every step and fails when one fails.
func undoAll(t testing.TB, d *Document) {
	t.Helper()
	if _, err := d.History.UndoAll(); err != nil {
		t.Fatal(err)
	}
}

func redoAll(t testing.TB, d *Document) {
	t.Helper()
	if _, err := d.History.RedoAll(); err != nil {
		t.Fatal(err)
	}
}

// openCorpus loads a corpus map file, skipping when the corpus is absent.
func openCorpus(t testing.TB, parts ...string) *Document {
	t.Helper()
	path := corpus.Path(t, parts...)
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGeometryOnNewMap draws, splits, moves, merges and deletes on the
// two-room map, keeping every derived field exact, and undoes it all.
func TestGeometryOnNewMap(t *testing.T) {
	d, err := New("new.sceA", "Test")
	if err != nil {
		t.Fatal(err)
	}
	orig := doctest.Bytes(t, d)
	const w = 2048
	south, err := d.DrawPolygon(0, []codec.Point{pt(0, w), pt(w, w), pt(w, 2*w), pt(0, 2*w)})
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	if n := len(l.Polygons); n != 3 || len(south) != 1 {
		t.Fatalf("%d polygons after drawing one room, want 3", n)
	}
	shared := l.Polygons[south[0]].Lines[0]
	if line := l.Lines[shared]; line.ClockwisePoly == codec.None || line.CCWPoly == codec.None || line.Flags&codec.LineSolid != 0 {
		t.Errorf("the shared wall is %+v, want an open line between two polygons", line)
	}
	// An L-shaped outline of 6 points becomes convex pieces.
	ell, err := d.DrawPolygon(0, []codec.Point{pt(2*w, 0), pt(3*w, 0), pt(3*w, 2*w), pt(5*w/2, 2*w), pt(5*w/2, w), pt(2*w, w)})
	if err != nil {
		t.Fatal(err)
	}
	if len(ell) < 2 {
		t.Errorf("the L outline made %d polygons, want it split", len(ell))
	}
	// A drawn outline that overlaps a room is refused and changes nothing.
	before := doctest.Bytes(t, d)
	if _, err := d.DrawPolygon(0, []codec.Point{pt(100, 100), pt(900, 100), pt(900, 900)}); err == nil {
		t.Error("an outline inside a room was accepted")
	}
	if !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Error("a refused outline changed the map")
	}
	v, err := d.SplitLine(0, 0, pt(w/2, 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.MoveEndpoint(0, v, pt(w/2, -100)); err != nil {
		t.Fatal(err)
	}
	if err := d.MoveEndpoint(0, v, pt(w/2, 100)); err == nil {
		t.Error("a move that makes a room concave was accepted")
	}
	if err := d.DeletePolygons(0, []int{1}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PlaceObject(0, codec.Object{Type: 1, X: 500, Y: 500}); err != nil {
		t.Fatal(err)
	}
	if p := bin.Errors(l.Check(0)); len(p) > 0 {
		t.Errorf("check after the edits: %v", p)
	}
	if p := l.StaleDerivedData(0); len(p) > 0 {
		t.Errorf("derived data after the edits: %v", p)
	}
	edited := doctest.Bytes(t, d)
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatal("undoing every edit does not give back the original bytes")
	}
	redoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), edited) {
		t.Fatal("redoing every edit does not give back the edited bytes")
	}
}

// TestMergePolygons merges the two rooms of a new map into one.
func TestMergePolygons(t *testing.T) {
	d, _ := New("new.sceA", "Test")
	if err := d.MergePolygons(0, 0, 1); err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	if len(l.Polygons) != 1 || l.Polygons[0].VertexCount != 6 || len(l.Lines) != 6 {
		t.Fatalf("merged map has %d polygons (%d vertices) and %d lines, want 1 (6) and 6", len(l.Polygons), l.Polygons[0].VertexCount, len(l.Lines))
	}
	if p := bin.Errors(l.Check(0)); len(p) > 0 {
		t.Error(p)
	}
	if p := l.StaleDerivedData(0); len(p) > 0 {
		t.Error(p)
	}
}

// staleIndexPolygons lists the polygons whose stored iidx lists differ
// from recomputed ones.
func staleIndexPolygons(l *codec.Level) map[int]bool {
	m := l.NewMapIndex(l.Rules())
	stored := l.StoredIndexLists()
	out := map[int]bool{}
	for i := range l.Polygons {
		z, ok := m.Zones(i)
		if ok && (!slices.Equal(z.Lines, stored[i].Lines) || !slices.Equal(z.Endpoints, stored[i].Endpoints) ||
			!slices.Equal(z.Neighbours, stored[i].Neighbours)) || !slices.Equal(m.Sounds(i), stored[i].Sounds) {
			out[i] = true
		}
	}
	return out
}

// fullIndexesMatch reports whether l's iidx array is the one a full
// recomputation lays out.
func fullIndexesMatch(l *codec.Level) bool {
	indexes, _, err := l.MapIndexes(l.Rules())
	if err == nil {
		indexes, _, err = l.PlatformOwners(indexes)
	}
	return err == nil && slices.Equal(indexes, l.Exclusions)
}

// TestMoveEndpointOnCorpus moves endpoints of preprocessed maps and
// compares the derived data and map indexes with a full recomputation:
// on a Marathon 1 level whose stored iidx is exact, the whole array must
// stay equal to the recomputed one; on the largest community map, whose
// file holds two stale polygons, no other polygon may become stale.
func TestMoveEndpointOnCorpus(t *testing.T) {
	for _, c := range []struct {
		name  string
		d     *Document
		level int
	}{
		{"Marathon 1 level 5", openCorpus(t, "marathon", "m1", "Map.scen"), 5},
		{"Ain't My Bitch", openCorpus(t, "marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA"), 0},
	} {
		l := c.d.Levels[c.level]
		if l.Exclusions == nil || len(l.Polygons) < 100 {
			t.Fatalf("%s: %d polygons, iidx %v: not a preprocessed map", c.name, len(l.Polygons), l.Exclusions != nil)
		}
		stale := len(l.StaleDerivedData(0))
		staleBefore := staleIndexPolygons(l)
		exact := len(staleBefore) == 0
		moved := 0
		rng := rand.New(rand.NewPCG(1, 2))
		for moved < 60 {
			v := rng.IntN(len(l.Endpoints))
			p := l.Endpoints[v].Position
			if c.d.MoveEndpoint(c.level, v, pt(int(p.X)+rng.IntN(257)-128, int(p.Y)+rng.IntN(257)-128)) == nil {
				moved++
				c.d.History.BreakMerge()
			}
		}
		if got := l.StaleDerivedData(0); len(got) > stale {
			t.Errorf("%s: after moves: %v (the original had %d)", c.name, got, stale)
		}
		for i := range staleIndexPolygons(l) {
			if !staleBefore[i] {
				t.Errorf("%s: polygon %d's map indexes are stale after the moves", c.name, i)
			}
		}
		if exact {
			if !fullIndexesMatch(l) {
				t.Errorf("%s: the iidx array differs from a full recomputation", c.name)
			}
		} else if c.level == 5 {
			t.Errorf("%s: the stored iidx is not exact to begin with", c.name)
		}
	}
}

// TestNewWallsTakeTheEnvironment: on a lava level, the walls of a room
// drawn apart from the others take a wall of the lava collection (18),
// not the water one every level had before; a water level keeps 17.
func TestNewWallsTakeTheEnvironment(t *testing.T) {
	for _, c := range []struct {
		environment int16
		collection  uint16
	}{{1, 18}, {0, 17}} {
		d, err := New("new.sceA", "Test")
		if err != nil {
			t.Fatal(err)
		}
		if err := d.EditInfo(0, func(m *codec.MapInfo) { m.Environment = c.environment }); err != nil {
			t.Fatal(err)
		}
		const w = 2048
		room, err := d.DrawPolygon(0, []codec.Point{pt(5*w, 5*w), pt(6*w, 5*w), pt(6*w, 6*w), pt(5*w, 6*w)})
		if err != nil {
			t.Fatal(err)
		}
		l := d.Levels[0]
		walls := 0
		for _, s := range l.Sides {
			if int(s.Polygon) == room[0] {
				walls++
				if got := s.Primary.Texture >> 8; got != c.collection {
					t.Errorf("environment %d: a new wall of collection %d, want %d", c.environment, got, c.collection)
				}
			}
		}
		if walls != 4 {
			t.Fatalf("the room has %d walls, want 4", walls)
		}
	}
}

// TestPlatformTypeWithoutRecord: typing a polygon a platform gives it a
// platform record of its own (a door) in the same step, as the engine
// makes platforms from their records; a platform polygon that no record
// names (another tool's map) is an error check reports.
func TestPlatformTypeWithoutRecord(t *testing.T) {
	d, err := New("new.sceA", "Test")
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	steps, _ := d.History.Steps()
	if err := d.EditPolygons(0, []int{0}, func(p *codec.Polygon) { p.Type = codec.PolygonPlatform }); err != nil {
		t.Fatal(err)
	}
	if s, _ := d.History.Steps(); s != steps+1 || len(l.Platforms) != 1 || l.Platforms[0].Polygon != 0 || l.Polygons[0].Permutation != 0 {
		t.Fatalf("%d steps, platforms %+v, polygon 0's permutation %d", s-steps, l.Platforms, l.Polygons[0].Permutation)
	}
	if errs := d.Errors(); len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	l.Platforms[0].Polygon = 1 // as another tool might leave it
	var found []int
	for _, p := range l.Check(0) {
		if p.Code == "platform-without-record" {
			found = append(found, p.Index)
		}
	}
	if len(found) != 1 || found[0] != 0 {
		t.Fatalf("platform-without-record on polygons %v, want polygon 0 alone", found)
	}
}

// TestSwitchInAnyOrder: a wall becomes a platform switch before its
// target is chosen; check warns that it is aimed at nothing, then that
// its target is no platform, and says nothing once it names a platform.
func TestSwitchInAnyOrder(t *testing.T) {
	d, err := New("new.sceA", "Test")
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	codes := func() []string {
		var out []string
		for _, p := range l.Check(0) {
			if p.Kind == "side" {
				out = append(out, p.Code)
			}
		}
		return out
	}
	if err := d.EditSides(0, []int{0}, func(s *codec.Side) {
		s.Flags |= codec.SideControlPanel
		s.ControlPanelType, s.ControlPanelPermutation = 5, -1 // a platform switch, aimed at nothing yet
	}); err != nil {
		t.Fatalf("a switch before its target: %v", err)
	}
	if class, _ := codec.ControlPanel(l.Sides[0]); class != codec.PanelPlatformSwitch {
		t.Fatalf("panel type 5 is class %d, not a platform switch", class)
	}
	if got := codes(); len(got) != 1 || got[0] != "panel-aimed-at-nothing" {
		t.Fatalf("check: %v", got)
	}
	if err := d.EditSides(0, []int{0}, func(s *codec.Side) { s.ControlPanelPermutation = 1 }); err != nil {
		t.Fatal(err)
	}
	if got := codes(); len(got) != 1 || got[0] != "panel-target-not-platform" {
		t.Fatalf("aimed at a room: %v", got)
	}
	if _, err := d.AddPlatform(0, 1, NewDoor); err != nil {
		t.Fatal(err)
	}
	if got := codes(); len(got) != 0 {
		t.Fatalf("aimed at a door: %v", got)
	}
}
