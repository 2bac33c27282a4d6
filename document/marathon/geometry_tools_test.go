package marathon

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
)

// The new map's rooms are squares of side newRoom: room 0 from (0,0) to
// (newRoom,newRoom), room 1 east of it, sharing line sharedLine.
const (
	newRoom    = 2048
	sharedLine = 1
)

// newTestMap is a new map, failing the test when it cannot be made.
func newTestMap(t *testing.T) *Document {
	t.Helper()
	d, err := New("new.sceA", "Geometry")
	if err != nil {
		t.Fatal(err)
	}
	if line := d.Levels[0].Lines[sharedLine]; line.ClockwisePoly != 0 || line.CCWPoly != 1 {
		t.Fatalf("line %d of the new map is %+v, not the line between its rooms", sharedLine, line)
	}
	return d
}

// checkValid fails when level 0 has errors or derived data other than
// the recomputed.
func checkValid(t *testing.T, d *Document, when string) {
	t.Helper()
	l := d.Levels[0]
	if errs := bin.Errors(l.Check(0)); len(errs) > 0 {
		t.Fatalf("%s: check: %v", when, errs)
	}
	if stale := l.StaleDerivedData(0); len(stale) > 0 {
		t.Fatalf("%s: derived data: %v", when, stale)
	}
}

// oneStep runs edit, which must be accepted as one undo step; undoing
// it must give back the bytes before, and redoing it those after.
func oneStep(t *testing.T, d *Document, what string, edit func() error) {
	t.Helper()
	before := doctest.Bytes(t, d)
	steps, _ := d.History.Steps()
	if err := edit(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if now, _ := d.History.Steps(); now != steps+1 {
		t.Fatalf("%s made %d steps, want 1", what, now-steps)
	}
	checkValid(t, d, what)
	after := doctest.Bytes(t, d)
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Fatalf("undoing %s does not give back the bytes before it", what)
	}
	if _, err := d.History.Redo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), after) {
		t.Fatalf("redoing %s does not give back its bytes", what)
	}
}

// refused runs edit, which must be refused with a message holding want,
// leaving no step and no changed byte.
func refused(t *testing.T, d *Document, what, want string, edit func() error) {
	t.Helper()
	before := doctest.Bytes(t, d)
	steps, _ := d.History.Steps()
	err := edit()
	if err == nil {
		t.Fatalf("%s was accepted", what)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s: the message %q does not say %q", what, err, want)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Fatalf("%s was refused (%v) but left a step or changed the file", what, err)
	}
}

func TestMoveLine(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	ends := l.Lines[sharedLine].Endpoints
	was := [2]codec.Point{l.Points[ends[0]], l.Points[ends[1]]}
	oneStep(t, d, "moving the shared line east", func() error { return d.MoveLine(0, sharedLine, pt(256, 0)) })
	for k, v := range ends {
		if got, want := l.Points[v], pt(int(was[k].X)+256, int(was[k].Y)); got != want {
			t.Errorf("endpoint %d is at %v, want %v", v, got, want)
		}
	}
	// The moves of one drag merge into one step.
	d.History.BreakMerge()
	steps, _ := d.History.Steps()
	for range 2 {
		if err := d.MoveLine(0, sharedLine, pt(0, 16)); err != nil {
			t.Fatal(err)
		}
	}
	if now, _ := d.History.Steps(); now != steps+1 {
		t.Errorf("two moves of the line in one drag made %d steps, want 1", now-steps)
	}
	d.History.BreakMerge()
	refused(t, d, "moving the line past the room's east wall", "cross", func() error { return d.MoveLine(0, sharedLine, pt(newRoom, 0)) })
	refused(t, d, "moving the line off the map", "-32768 to 32767", func() error { return d.MoveLine(0, sharedLine, pt(0, 32000)) })
	refused(t, d, "moving line 99", "no line 99", func() error { return d.MoveLine(0, 99, pt(1, 0)) })
}

func TestMovePolygon(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	object := l.Objects[0]
	if object.Polygon != 0 {
		t.Fatalf("the new map's player starts in polygon %d, want 0", object.Polygon)
	}
	was := append([]codec.Point(nil), l.Points...)
	// North-west: room 1 shares two endpoints and becomes a trapezoid.
	oneStep(t, d, "moving room 0", func() error { return d.MovePolygon(0, 0, pt(-100, -200)) })
	moved := map[uint16]bool{}
	for _, v := range l.Polygons[0].Endpoints[:4] {
		moved[v] = true
	}
	for v, p := range l.Points {
		want := was[v]
		if moved[uint16(v)] {
			want = pt(int(want.X)-100, int(want.Y)-200)
		}
		if p != want {
			t.Errorf("endpoint %d is at %v, want %v", v, p, want)
		}
	}
	if o := l.Objects[0]; o.X != object.X-100 || o.Y != object.Y-200 {
		t.Errorf("the player start is at (%d,%d), want it moved with its room from (%d,%d)", o.X, o.Y, object.X, object.Y)
	}
	d.History.BreakMerge()
	refused(t, d, "moving room 0 over room 1", "", func() error { return d.MovePolygon(0, 0, pt(3*newRoom, 0)) })
	refused(t, d, "moving polygon 5", "no polygon 5", func() error { return d.MovePolygon(0, 5, pt(1, 0)) })
}

// splitOuterLines splits the lines of polygon pi that have no other
// polygon until it has n vertices.
func splitOuterLines(t *testing.T, d *Document, pi, n int) {
	t.Helper()
	l := d.Levels[0]
	for int(l.Polygons[pi].VertexCount) < n {
		split := false
		for _, li := range l.Polygons[pi].Lines[:l.Polygons[pi].VertexCount] {
			line := l.Lines[li]
			if line.CCWPoly != codec.None {
				continue
			}
			a, b := l.Points[line.Endpoints[0]], l.Points[line.Endpoints[1]]
			if _, err := d.SplitLine(0, int(li), pt((int(a.X)+int(b.X))/2, (int(a.Y)+int(b.Y))/2)); err != nil {
				t.Fatal(err)
			}
			split = true
			break
		}
		if !split {
			t.Fatalf("polygon %d has no outer line to split", pi)
		}
	}
}

func TestDeleteLine(t *testing.T) {
	t.Run("merges two polygons", func(t *testing.T) {
		d := newTestMap(t)
		oneStep(t, d, "deleting the shared line", func() error { return d.DeleteLine(0, sharedLine) })
		l := d.Levels[0]
		if len(l.Polygons) != 1 || l.Polygons[0].VertexCount != 6 || len(l.Lines) != 6 {
			t.Errorf("%d polygons (the first of %d vertices) and %d lines, want 1 of 6 and 6", len(l.Polygons), l.Polygons[0].VertexCount, len(l.Lines))
		}
	})
	t.Run("opens two polygons that cannot merge", func(t *testing.T) {
		d := newTestMap(t)
		splitOuterLines(t, d, 0, 6)
		splitOuterLines(t, d, 1, 6) // 6 + 6 - 2 = 10 vertices: too many to merge
		l := d.Levels[0]
		lines, points := len(l.Lines), len(l.Points)
		oneStep(t, d, "deleting the shared line", func() error { return d.DeleteLine(0, sharedLine) })
		if len(l.Polygons) != 0 || len(l.Lines) != lines-1 || len(l.Points) != points || len(l.Sides) != 0 || len(l.Objects) != 0 {
			t.Fatalf("%d polygons, %d lines, %d endpoints, %d sides, %d objects; want 0, %d, %d, 0, 0",
				len(l.Polygons), len(l.Lines), len(l.Points), len(l.Sides), len(l.Objects), lines-1, points)
		}
		for i, line := range l.Lines {
			if line.ClockwisePoly != codec.None || line.CCWPoly != codec.None || line.Flags&codec.LineSolid == 0 {
				t.Errorf("line %d is %+v, want a bare solid line", i, line)
			}
		}
		// The outline left is of 10 endpoints: filled, it becomes convex
		// polygons of at most 8.
		var made []int
		oneStep(t, d, "filling the opened outline", func() (err error) {
			made, err = d.Fill(0, pt(newRoom/2, newRoom/2))
			return err
		})
		if len(made) < 2 || len(l.Polygons) != len(made) {
			t.Errorf("filling made polygons %v of %d, want at least 2", made, len(l.Polygons))
		}
	})
	t.Run("deletes a wall's polygon", func(t *testing.T) {
		d := newTestMap(t)
		l := d.Levels[0]
		wall := int(l.Polygons[1].Lines[1]) // room 1's east wall
		if l.Lines[wall].CCWPoly != codec.None {
			t.Fatalf("line %d is not a wall", wall)
		}
		oneStep(t, d, "deleting room 1's east wall", func() error { return d.DeleteLine(0, wall) })
		if len(l.Polygons) != 1 || len(l.Lines) != 6 || len(l.Points) != 6 {
			t.Fatalf("%d polygons, %d lines, %d endpoints; want 1, 6, 6", len(l.Polygons), len(l.Lines), len(l.Points))
		}
		shared := l.Lines[sharedLine]
		if shared.CCWPoly != codec.None || shared.Flags&codec.LineSolid == 0 || shared.ClockwiseSide == codec.None {
			t.Errorf("the line between the rooms is %+v, want room 0's solid wall with a side", shared)
		}
	})
	t.Run("deletes a bare line and its endpoints", func(t *testing.T) {
		d := newTestMap(t)
		orig := doctest.Bytes(t, d)
		var drawn []int
		oneStep(t, d, "drawing a line", func() (err error) {
			drawn, err = d.DrawLines(0, []codec.Point{pt(3*newRoom, 0), pt(3*newRoom, newRoom)})
			return err
		})
		oneStep(t, d, "deleting it", func() error { return d.DeleteLine(0, drawn[0]) })
		if !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Error("drawing a line and deleting it changed the file")
		}
	})
	d := newTestMap(t)
	refused(t, d, "deleting line 40", "no line 40", func() error { return d.DeleteLine(0, 40) })
}

// TestDeleteRefs: Delete of a line merges the polygons on it, in one
// step; a line with a polygon, another kind, or refs of two levels are
// refused and change nothing.
func TestDeleteRefs(t *testing.T) {
	d := newTestMap(t)
	before := doctest.Bytes(t, d)
	for _, bad := range [][]document.Ref{
		{{Kind: KindLine, Index: sharedLine}, {Kind: KindPolygon, Index: 0}},
		{{Kind: KindEndpoint, Index: 0}},
		{{Kind: KindPolygon, Index: 0}, {Level: 1, Kind: KindPolygon, Index: 1}},
	} {
		if err := d.Delete(bad); err == nil {
			t.Errorf("Delete(%v) was not refused", bad)
		}
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Fatalf("refused deletes made %d steps or changed the map", steps)
	}
	oneStep(t, d, "deleting the shared line", func() error {
		return d.Delete([]document.Ref{{Kind: KindLine, Index: sharedLine}})
	})
	if l := d.Levels[0]; len(l.Polygons) != 1 || len(l.Lines) != 6 {
		t.Errorf("%d polygons and %d lines, want the rooms merged: 1 and 6", len(l.Polygons), len(l.Lines))
	}
}

func TestDrawLinesAndFill(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	const x = 2 * newRoom // room 1's east wall
	// A triangle on room 1's east wall, drawn from the wall's ends (the
	// clicks snap onto them) in two strokes.
	var drawn []int
	oneStep(t, d, "drawing a line from the wall", func() (err error) {
		drawn, err = d.DrawLines(0, []codec.Point{pt(x+10, -10), pt(x+newRoom, newRoom/2)})
		return err
	})
	if len(drawn) != 1 || len(l.Points) != 7 {
		t.Fatalf("drew lines %v and has %d endpoints, want 1 line and 7 endpoints", drawn, len(l.Points))
	}
	refused(t, d, "filling the open outline", "open", func() error {
		_, err := d.Fill(0, pt(x+256, 300))
		return err
	})
	oneStep(t, d, "closing the triangle", func() (err error) {
		drawn, err = d.DrawLines(0, []codec.Point{pt(x+newRoom, newRoom/2), pt(x-5, newRoom+20)})
		return err
	})
	if len(drawn) != 1 || len(l.Points) != 7 {
		t.Fatalf("drew lines %v and has %d endpoints, want 1 line and still 7 endpoints", drawn, len(l.Points))
	}
	refused(t, d, "a line across room 1", "cross", func() error {
		_, err := d.DrawLines(0, []codec.Point{pt(newRoom+100, -500), pt(newRoom+100, 500)})
		return err
	})
	refused(t, d, "a path that bends inside room 1", "bends", func() error {
		_, err := d.DrawLines(0, []codec.Point{pt(newRoom, 0), pt(newRoom+500, 700), pt(x, newRoom)})
		return err
	})
	refused(t, d, "filling room 0", "polygon 0", func() error {
		_, err := d.Fill(0, pt(100, 100))
		return err
	})
	refused(t, d, "filling outside every outline", "no closed outline", func() error {
		_, err := d.Fill(0, pt(-1000, 100))
		return err
	})
	var made []int
	oneStep(t, d, "filling the triangle", func() (err error) {
		made, err = d.Fill(0, pt(x+256, 300))
		return err
	})
	if len(made) != 1 || l.Polygons[made[0]].VertexCount != 3 || len(l.Lines) != 9 {
		t.Fatalf("filled polygons %v, %d lines; want one triangle and 9 lines", made, len(l.Lines))
	}
	wall := l.Lines[l.Polygons[1].Lines[1]]
	if wall.CCWPoly != uint16(made[0]) || wall.Flags&codec.LineSolid != 0 {
		t.Errorf("room 1's east wall is %+v, want it open onto the triangle", wall)
	}
	refused(t, d, "filling the triangle again", "polygon", func() error {
		_, err := d.Fill(0, pt(x+256, 300))
		return err
	})
}

// TestFillConcave fills an L-shaped outline of lines: it becomes convex
// polygons.
func TestFillConcave(t *testing.T) {
	d := newTestMap(t)
	const x = 3 * newRoom
	ell := []codec.Point{pt(x, 0), pt(x+2*newRoom, 0), pt(x+2*newRoom, newRoom), pt(x+newRoom, newRoom),
		pt(x+newRoom, 2*newRoom), pt(x, 2*newRoom), pt(x, 0)}
	oneStep(t, d, "drawing the L", func() error { _, err := d.DrawLines(0, ell); return err })
	var made []int
	oneStep(t, d, "filling the L", func() (err error) {
		made, err = d.Fill(0, pt(x+newRoom/2, newRoom+newRoom/2))
		return err
	})
	if len(made) != 2 {
		t.Errorf("filling the L made polygons %v, want 2", made)
	}
}
