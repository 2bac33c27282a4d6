package marathon

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// geomHost is a window for the geometry tools: a map at one pixel to a
// world unit, with a grid of 64 units, and the path traced.
type geomHost struct {
	toolHost
	path []display.Vec2
}

func (h *geomHost) Camera() display.Camera2D     { return display.Camera2D{Scale: 1} }
func (h *geomHost) ShowPath(path []display.Vec2) { h.path = path }
func (h *geomHost) Snap(at display.Vec2) display.Vec2 {
	return display.Vec2{X: float64(int(at.X+32) / 64 * 64), Y: float64(int(at.Y+32) / 64 * 64)}
}

// newGeomSession is a session of a new map (two rooms 2048 units square,
// side by side, sharing line 1) and its window.
func newGeomSession(t *testing.T) (*session, *geomHost) {
	t.Helper()
	test.NewTempApp(t)
	d, err := mdoc.New("new.sceA", "Tools")
	if err != nil {
		t.Fatal(err)
	}
	return &session{d: d}, &geomHost{}
}

// geomTool is the session's tool named name, with its key.
func geomTool(t *testing.T, f *session, h game.Host, name string, key fyne.KeyName) *tool.Tool {
	t.Helper()
	for _, tl := range f.Tools(h) {
		if tl.Name == name {
			if tl.Key != key {
				t.Errorf("%s's key is %s, want %s", name, tl.Key, key)
			}
			return tl
		}
	}
	t.Fatalf("Marathon has no %s tool", name)
	return nil
}

// click is a click in the map at (x, y).
func click(x, y float64) tool.Pointer { return tool.Pointer{At: display.Vec2{X: x, Y: y}} }

// steps is how many steps the session's history can undo.
func steps(f *session) int {
	n, _ := f.d.History.Steps()
	return n
}

// TestToolKeysDiffer: every Marathon tool has a key of its own, none
// the shell's Select (S) or Move (M).
func TestToolKeysDiffer(t *testing.T) {
	f, h := newGeomSession(t)
	seen := map[fyne.KeyName]string{fyne.KeyS: "Select", fyne.KeyM: "Move"}
	for _, tl := range f.Tools(h) {
		if other, ok := seen[tl.Key]; ok {
			t.Errorf("%s and %s share the key %s", tl.Name, other, tl.Key)
		}
		seen[tl.Key] = tl.Name
	}
}

func TestSplitTool(t *testing.T) {
	f, h := newGeomSession(t)
	split := geomTool(t, f, h, "Split line", fyne.KeyK)
	l := f.d.Levels[0]
	// Five pixels beside room 0's north wall (0,0)-(2048,0); the grid
	// puts the split at x = 1024.
	split.Click(click(1000, 5))
	if len(l.Points) != 7 || l.Points[6] != (mcodec.Point{X: 1024, Y: 0}) || steps(f) != 1 {
		t.Fatalf("after a click by the north wall: endpoints %v, %d steps; want a 7th at (1024,0), 1 step", l.Points, steps(f))
	}
	if want := (document.Ref{Kind: mdoc.KindEndpoint, Index: 6}); !slices.Equal(h.selected, []document.Ref{want}) {
		t.Errorf("the split selected %v, want %v", h.selected, want)
	}
	split.Click(click(1000, 500)) // far from any line
	if steps(f) != 1 || h.status == "" {
		t.Errorf("a click away from the lines made %d steps and said %q", steps(f), h.status)
	}
}

func TestMergeTool(t *testing.T) {
	f, h := newGeomSession(t)
	merge := geomTool(t, f, h, "Merge polygons", fyne.KeyG)
	l := f.d.Levels[0]
	path := merge.Click(click(3000, 1000)) // room 1
	if path == nil {
		t.Fatal("a click in a polygon started no merge")
	}
	if path.Click(click(-500, 1000)) || steps(f) != 0 { // the void: still waiting
		t.Fatal("a click in the void ended the merge")
	}
	if !path.Click(click(1000, 1000)) {
		t.Fatal("a click in room 0 did not end the merge")
	}
	if len(l.Polygons) != 1 || l.Polygons[0].VertexCount != 6 || steps(f) != 1 {
		t.Fatalf("%d polygons (%d vertices), %d steps; want 1 of 6, 1 step", len(l.Polygons), l.Polygons[0].VertexCount, steps(f))
	}
	if want := (document.Ref{Kind: mdoc.KindPolygon, Index: 0}); !slices.Equal(h.selected, []document.Ref{want}) {
		t.Errorf("the merge selected %v, want %v", h.selected, want)
	}
	if merge.Click(click(-500, 1000)) != nil {
		t.Error("a click in the void started a merge")
	}
}

// TestLineAndFillTools draws a triangle of lines east of the rooms with
// the line tool, closing it on its first point, and fills it.
func TestLineAndFillTools(t *testing.T) {
	f, h := newGeomSession(t)
	lines := geomTool(t, f, h, "Draw lines", fyne.KeyL)
	fill := geomTool(t, f, h, "Fill", fyne.KeyF)
	l := f.d.Levels[0]
	corners := [][2]float64{{5000, 0}, {7000, 1000}, {5000, 2000}, {5010, 10}}
	path := lines.Click(click(corners[0][0], corners[0][1]))
	for i, c := range corners[1:] {
		done := path.Click(click(c[0], c[1]))
		if last := i == len(corners)-2; done != last {
			t.Fatalf("click %d: done %v, want %v", i+1, done, last)
		}
	}
	if len(l.Lines) != 10 || len(l.Points) != 9 || steps(f) != 1 || h.path != nil {
		t.Fatalf("%d lines, %d endpoints, %d steps, path %v; want 10, 9, 1 and none", len(l.Lines), len(l.Points), steps(f), h.path)
	}
	fill.Click(click(5500, 1000))
	if len(l.Polygons) != 3 || l.Polygons[2].VertexCount != 3 || steps(f) != 2 {
		t.Fatalf("%d polygons, %d steps after the fill; want a third, a triangle, and 2 steps", len(l.Polygons), steps(f))
	}
	if want := (document.Ref{Kind: mdoc.KindPolygon, Index: 2}); !slices.Equal(h.selected, []document.Ref{want}) {
		t.Errorf("the fill selected %v, want %v", h.selected, want)
	}
	fill.Click(click(5500, 1000))
	if steps(f) != 2 || h.status == "" {
		t.Errorf("filling the triangle again made %d steps and said %q", steps(f), h.status)
	}

	// Enter ends a stroke of two points: one line, into the void.
	path = lines.Click(click(9000, 0))
	path.Click(click(9000, 3000))
	path.Finish()
	if len(l.Lines) != 11 || steps(f) != 3 {
		t.Errorf("a stroke ended by Enter made %d lines and %d steps, want 11 and 3", len(l.Lines), steps(f))
	}
	// Escape drops the stroke.
	path = lines.Click(click(10000, 0))
	path.Click(click(10000, 3000))
	path.Cancel()
	if len(l.Lines) != 11 || steps(f) != 3 || h.path != nil {
		t.Errorf("Escape left %d lines, %d steps, path %v", len(l.Lines), steps(f), h.path)
	}
}

// TestMoveShapes: the move gesture moves a line or a polygon whole, its
// box's middle to the pointer; Delete of a line merges the polygons on
// it, as one step.
func TestMoveShapes(t *testing.T) {
	f, _ := newGeomSession(t)
	l := f.d.Levels[0]
	line := document.Ref{Kind: mdoc.KindLine, Index: 1} // between the rooms: (2048,0)-(2048,2048)
	polygon := document.Ref{Kind: mdoc.KindPolygon, Index: 1}
	if !f.Movable(line) || !f.Movable(polygon) || f.Movable(document.Ref{Kind: mdoc.KindSide}) {
		t.Fatal("lines and polygons are not movable, or sides are")
	}
	if err := f.Move(line, display.Vec2{X: 2148, Y: 1024}); err != nil {
		t.Fatal(err)
	}
	if a, b := l.Points[1], l.Points[4]; a != (mcodec.Point{X: 2148, Y: 0}) || b != (mcodec.Point{X: 2148, Y: 2048}) {
		t.Errorf("the line's endpoints are at %v and %v, want x 2148", a, b)
	}
	f.d.History.BreakMerge()
	// Room 1's box runs from x 2148 to 4096 now: its middle, (3122,1024),
	// to (3222,1100) moves it by (100,76).
	if err := f.Move(polygon, display.Vec2{X: 3222, Y: 1100}); err != nil {
		t.Fatal(err)
	}
	if p := l.Points[2]; p != (mcodec.Point{X: 4196, Y: 76}) {
		t.Errorf("room 1's north-east corner is at %v, want (4196,76)", p)
	}
	if err := f.Move(polygon, display.Vec2{X: -5000, Y: 1100}); err == nil {
		t.Error("a move across room 0 was accepted")
	}
	if steps(f) != 2 {
		t.Errorf("the moves made %d steps, want 2", steps(f))
	}
	if _, err := f.d.History.UndoAll(); err != nil {
		t.Fatal(err)
	}
	if err := f.Remove([]document.Ref{line}); err != nil {
		t.Fatal(err)
	}
	if len(l.Polygons) != 1 || steps(f) != 1 {
		t.Errorf("deleting the line left %d polygons in %d steps, want them merged in 1", len(l.Polygons), steps(f))
	}
	if err := f.Remove([]document.Ref{{Kind: mdoc.KindLine, Index: 0}, {Kind: mdoc.KindPolygon, Index: 0}}); err == nil || steps(f) != 1 {
		t.Errorf("deleting a line and a polygon together: %v, %d steps; want it refused", err, steps(f))
	}
}

// TestLineToolSplitsARoom draws a line across room 1 of the new map
// with the line tool, from a click beside its north wall to one beside
// its south wall: the clicks land on the walls, and the room becomes two
// halves in one step.
func TestLineToolSplitsARoom(t *testing.T) {
	f, h := newGeomSession(t)
	lines := geomTool(t, f, h, "Draw lines", fyne.KeyL)
	l := f.d.Levels[0]
	path := lines.Click(click(3100, 5))
	path.Click(click(3080, 2040))
	path.Finish()
	if len(l.Polygons) != 3 || steps(f) != 1 {
		t.Fatalf("%d polygons and %d steps after the stroke (%q); want 3 and 1", len(l.Polygons), steps(f), h.status)
	}
	for _, pi := range []int{1, 2} {
		if got, want := l.PolygonArea(pi), l.PolygonArea(0)/2; got != want {
			t.Errorf("polygon %d has area %d, want %d: the line runs from (3072,0) to (3072,2048)", pi, got, want)
		}
	}
}
