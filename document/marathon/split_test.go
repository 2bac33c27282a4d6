package marathon

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestSplitPolygon draws a line across room 1 of the new map from the
// middle of its north wall to the middle of its south wall: the room
// becomes two polygons with its properties, the walls split keep their
// sides, and the object in the east half goes with that half.
func TestSplitPolygon(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	if err := d.EditPolygons(0, []int{1}, func(p *codec.Polygon) { p.FloorHeight, p.Type, p.CeilingLight = 128, 2, 0 }); err != nil {
		t.Fatal(err)
	}
	east, err := d.PlaceObject(0, codec.Object{Type: 2, X: newRoom + newRoom*3/4, Y: newRoom / 2})
	if err != nil {
		t.Fatal(err)
	}
	west, err := d.PlaceObject(0, codec.Object{Type: 2, X: newRoom + newRoom/4, Y: newRoom / 2})
	if err != nil {
		t.Fatal(err)
	}
	room := l.Polygons[1]
	polygons, sides := len(l.Polygons), len(l.Sides)
	const mid = newRoom + newRoom/2
	var made []int
	oneStep(t, d, "splitting room 1", func() (err error) {
		made, err = d.DrawLines(0, []codec.Point{pt(mid, -7), pt(mid, newRoom+3)})
		return err
	})
	if len(made) != 1 || len(l.Polygons) != polygons+1 {
		t.Fatalf("made lines %v and %d polygons, want 1 line and %d polygons", made, len(l.Polygons), polygons+1)
	}
	if got := d.History.UndoLabel(); got != "Undo Split polygon 1" {
		t.Errorf("the step is %q", got)
	}
	half := len(l.Polygons) - 1
	cut := l.Lines[made[0]]
	if owners := []int{int(cut.ClockwisePoly), int(cut.CCWPoly)}; !slices.Contains(owners, 1) || !slices.Contains(owners, half) {
		t.Errorf("the new line is owned by %v, want polygons 1 and %d", owners, half)
	}
	if cut.Flags&codec.LineSolid != 0 || cut.ClockwiseSide != codec.None || cut.CCWSide != codec.None {
		t.Errorf("the new line is %+v, want it open with no sides", cut)
	}
	for _, pi := range []int{1, half} {
		p := l.Polygons[pi]
		if p.VertexCount != 4 || p.Type != room.Type || p.FloorHeight != room.FloorHeight || p.CeilingLight != room.CeilingLight ||
			p.FloorTexture != room.FloorTexture || p.CeilingHeight != room.CeilingHeight {
			t.Errorf("polygon %d is %+v, want a 4-vertex copy of the room", pi, p)
		}
		if got := l.PolygonArea(pi); got != l.PolygonArea(0)/2 {
			t.Errorf("polygon %d has area %d, want half of a room's %d", pi, got, l.PolygonArea(0))
		}
	}
	if l.Objects[east].Polygon == l.Objects[west].Polygon {
		t.Errorf("both objects are in polygon %d", l.Objects[east].Polygon)
	}
	for _, i := range []int{east, west} {
		if o := l.Objects[i]; (o.Polygon != 1 && int(o.Polygon) != half) || !l.Contains(int(o.Polygon), pt(int(o.X), int(o.Y))) {
			t.Errorf("object %d at (%d,%d) is in polygon %d", i, o.X, o.Y, o.Polygon)
		}
	}
	// The two split walls kept their sides; each half walls its part.
	if len(l.Sides) != sides+2 {
		t.Errorf("%d sides, want %d: the two split walls' copies", len(l.Sides), sides+2)
	}
	for si, s := range l.Sides {
		line := l.Lines[s.Line]
		if s.Polygon != int16(line.ClockwisePoly) && s.Polygon != int16(line.CCWPoly) {
			t.Errorf("side %d belongs to polygon %d, not an owner of its line %d", si, s.Polygon, s.Line)
		}
	}
}

// TestSplitRefused: a platform and a concave cut are refused, saying why.
func TestSplitRefused(t *testing.T) {
	d := newTestMap(t)
	if err := d.EditPolygons(0, []int{1}, func(p *codec.Polygon) { p.Type = codec.PolygonPlatform }); err != nil {
		t.Fatal(err)
	}
	refused(t, d, "splitting a platform", "platform", func() error {
		_, err := d.DrawLines(0, []codec.Point{pt(newRoom, 0), pt(2*newRoom, newRoom)})
		return err
	})
	refused(t, d, "a path ending inside room 0", "bends or ends inside", func() error {
		_, err := d.DrawLines(0, []codec.Point{pt(0, 0), pt(newRoom/2, newRoom/3)})
		return err
	})
}

// TestSplitCorpusPolygons splits real polygons of preprocessed and plain
// corpus maps with a chord between two of their endpoints, and expects
// one step that undoes byte-exact, no new check problem, the derived
// data and map indexes a full recomputation gives, an export that
// imports unchanged and a file that reads back to the same bytes.
func TestSplitCorpusPolygons(t *testing.T) {
	for _, c := range []struct {
		parts []string
		level int
	}{
		{[]string{"marathon", "m1", "Map.scen"}, 5},
		{[]string{"marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA"}, 0},
		{[]string{"marathon", "eternal", "Aaron-Eternal.sceA"}, 0},
	} {
		d := openCorpus(t, c.parts...)
		l, err := d.Level(c.level)
		if err != nil {
			t.Fatal(err)
		}
		problems := problemKeys(l.Check(c.level))
		stale := len(l.StaleDerivedData(c.level))
		staleBefore := staleIndexPolygons(l)
		preprocessed := l.Exclusions != nil
		exact := preprocessed && len(staleBefore) == 0
		splits := 0
		for pi := 0; pi < len(l.Polygons) && splits < 5; pi++ {
			p := l.Polygons[pi]
			if p.VertexCount < 4 || p.Type == codec.PolygonPlatform || !strictlyConvex(l, pi) || overlapped(l, pi) {
				continue
			}
			a, _ := l.Vertex(p.Endpoints[0])
			b, _ := l.Vertex(p.Endpoints[2])
			before := doctest.Bytes(t, d)
			count := len(l.Polygons)
			if _, err := d.DrawLines(c.level, []codec.Point{a, b}); err != nil {
				t.Fatalf("%v: splitting polygon %d from endpoint %d to %d: %v", c.parts, pi, p.Endpoints[0], p.Endpoints[2], err)
			}
			splits++
			if len(l.Polygons) != count+1 {
				t.Fatalf("%v: splitting polygon %d made %d polygons", c.parts, pi, len(l.Polygons)-count)
			}
			for _, q := range []int{pi, count} {
				if !l.Convex(q) || l.Polygons[q].Type != p.Type || l.Polygons[q].CeilingHeight != p.CeilingHeight {
					t.Errorf("%v: part %d of polygon %d is %+v", c.parts, q, pi, l.Polygons[q])
				}
			}
			after := doctest.Bytes(t, d)
			if _, err := d.History.Undo(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(doctest.Bytes(t, d), before) {
				t.Fatalf("%v: undoing the split of polygon %d does not give back the file", c.parts, pi)
			}
			if _, err := d.History.Redo(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(doctest.Bytes(t, d), after) {
				t.Fatalf("%v: redoing the split of polygon %d does not give back its bytes", c.parts, pi)
			}
		}
		if splits == 0 {
			t.Fatalf("%v level %d: no polygon could be split", c.parts, c.level)
		}
		for _, q := range l.Check(c.level) {
			if k := problemKey(q); problems[k] > 0 {
				problems[k]--
			} else {
				t.Errorf("%v: a new problem after %d splits: %s", c.parts, splits, q.Message)
			}
		}
		if (l.Exclusions != nil) != preprocessed {
			t.Errorf("%v: the splits changed whether the map carries map indexes", c.parts)
		}
		if got := l.StaleDerivedData(c.level); len(got) > stale {
			t.Errorf("%v: derived data after the splits: %v (the original had %d)", c.parts, got, stale)
		}
		for i := range staleIndexPolygons(l) {
			if l.Exclusions != nil && !staleBefore[i] {
				t.Errorf("%v: polygon %d's map indexes are stale after the splits", c.parts, i)
			}
		}
		if exact && !fullIndexesMatch(l) {
			t.Errorf("%v: the iidx array differs from a full recomputation", c.parts)
		}
		roundTrip(t, d, c.level)
	}
}

// roundTrip expects level's export to import unchanged and the saved file
// to read back to the same bytes.
func roundTrip(t *testing.T, d *Document, level int) {
	t.Helper()
	saved := doctest.Bytes(t, d)
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	steps, _ := d.History.Steps()
	if _, err := d.Import(jsontest.RoundTrip(t, lj)); err != nil {
		t.Fatal(err)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(doctest.Bytes(t, d), saved) {
		t.Errorf("importing the unchanged export made %d steps or changed the file", now-steps)
	}
	path := filepath.Join(t.TempDir(), "split.sceA")
	if err := os.WriteFile(path, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, again), saved) {
		t.Errorf("the saved file does not read back to the same bytes")
	}
}

// problemKeys counts the problems, errors and warnings, by what they
// say (problemKey).
func problemKeys(problems []codec.Problem) map[string]int {
	out := map[string]int{}
	for _, q := range problems {
		out[problemKey(q)]++
	}
	return out
}

// strictlyConvex reports whether polygon pi turns clockwise at every
// vertex, with no straight run and no two endpoints at one place.
func strictlyConvex(l *codec.Level, pi int) bool {
	p := l.Polygons[pi]
	n := int(p.VertexCount)
	for k := range n {
		a, _ := l.Vertex(p.Endpoints[k])
		b, _ := l.Vertex(p.Endpoints[(k+1)%n])
		c, _ := l.Vertex(p.Endpoints[(k+2)%n])
		if codec.Cross(a, b, c) <= 0 {
			return false
		}
	}
	return true
}

// overlapped reports whether the chord of polygon pi from its first
// endpoint to its third meets a line away from those endpoints: maps may
// overlap polygons at other heights, and DrawLines refuses the crossing.
func overlapped(l *codec.Level, pi int) bool {
	p := l.Polygons[pi]
	chord := codec.Line{Endpoints: [2]uint16{p.Endpoints[0], p.Endpoints[2]}}
	a, _ := l.Vertex(chord.Endpoints[0])
	b, _ := l.Vertex(chord.Endpoints[1])
	return slices.ContainsFunc(l.Lines, func(m codec.Line) bool {
		r, _ := l.Vertex(m.Endpoints[0])
		s, _ := l.Vertex(m.Endpoints[1])
		return newlyMeets(a, b, r, s, sharedEnds(chord, m))
	})
}

// TestSplitSevenVertices splits a room of 7 vertices from the middle of
// one wall to the middle of another: the room passes through 9 vertices
// on the way, and its parts have 5 and 6, the room keeping the larger.
// A room of 8 split so that a part would have 9 is refused, saying so.
func TestSplitSevenVertices(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	splitOuterLines(t, d, 1, 7)
	if n := l.Polygons[1].VertexCount; n != 7 {
		t.Fatalf("room 1 has %d vertices, want 7", n)
	}
	polygons := len(l.Polygons)
	oneStep(t, d, "splitting the room of 7", func() error {
		_, err := d.DrawLines(0, []codec.Point{pt(newRoom+newRoom/2+100, 0), pt(newRoom+newRoom/2+100, newRoom)})
		return err
	})
	if len(l.Polygons) != polygons+1 {
		t.Fatalf("%d polygons, want %d", len(l.Polygons), polygons+1)
	}
	if a, b := l.Polygons[1].VertexCount, l.Polygons[polygons].VertexCount; a+b != 11 || a < b {
		t.Errorf("the parts have %d and %d vertices, want 11 in all, the room keeping the larger", a, b)
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	splitOuterLines(t, d, 1, 8)
	refused(t, d, "cutting a corner off a room of 8", "a part would have 9 vertices", func() error {
		_, err := d.DrawLines(0, []codec.Point{pt(2*newRoom-200, 0), pt(2*newRoom, 200)})
		return err
	})
	wall := l.Polygons[1].Lines[1]
	a, b := l.Points[l.Lines[wall].Endpoints[0]], l.Points[l.Lines[wall].Endpoints[1]]
	refused(t, d, "splitting a wall of a room of 8", "polygon 1 would have 9 vertices", func() error {
		_, err := d.SplitLine(0, int(wall), pt((3*int(a.X)+int(b.X))/4, (3*int(a.Y)+int(b.Y))/4))
		return err
	})
}
