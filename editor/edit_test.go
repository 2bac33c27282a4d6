package editor

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	mcol "github.com/levelwright/levelwright/editor/marathon"
	tcol "github.com/levelwright/levelwright/editor/turok"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/corpus"
)

// openNewTurokMap opens a new Turok map (its player start at 512, 512)
// in an editor drawn at 1000x700.
func openNewTurokMap(t *testing.T) (*Editor, string) {
	return openTurokMap(t, turok.NewMap())
}

// openTurokMap writes m to a file and opens it in an editor drawn at
// 1000x700.
func openTurokMap(t *testing.T, m *turok.Map) (*Editor, string) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	path := filepath.Join(t.TempDir(), "new.map")
	if err := os.WriteFile(path, m.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	e.Open(path)
	e.jobs.wait()
	e.Window().Canvas().Capture()
	return e, path
}

// dragInView drags with the left button from world point from by dx, dy
// pixels, as the pointer would.
func dragInView(e *Editor, from display.Vec2, dx, dy float32) {
	size := e.view.Size()
	s := e.view.Camera().ToScreen(from, int(size.Width), int(size.Height))
	start := fyne.NewPos(float32(s.X), float32(s.Y))
	e.view.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, PointEvent: fyne.PointEvent{Position: start}})
	for k := float32(1); k <= 4; k++ {
		at := start.Add(fyne.NewDelta(dx*k/4, dy*k/4))
		e.view.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at}, Dragged: fyne.NewDelta(dx/4, dy/4)})
	}
	e.view.DragEnd()
	e.view.MouseUp(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
}

// TestMoveUndoSave: dragging the player start moves it as one undo step
// named in the Edit menu, the viewport follows, the title marks the
// change; Undo and Redo work; Save writes the file with a .bak of the
// original, and Revert reads it back.
func TestMoveUndoSave(t *testing.T) {
	e, path := openNewTurokMap(t)
	original, _ := os.ReadFile(path)
	before := e.Window().Canvas().Capture()

	dragInView(e, display.Vec2{X: 512, Y: 512}, 40, -20)
	f := tcol.Document(e.file)
	moved := f.Map.Actors[0].Origin
	if moved.X <= 512 || moved.Y <= 512 {
		t.Fatalf("the drag left the player start at %v, want east and north of 512, 512", moved)
	}
	if undos, _ := f.History.Steps(); undos != 1 {
		t.Errorf("one drag made %d undo steps, want 1", undos)
	}
	if !strings.HasPrefix(e.menus.undoItem.Label, "Undo Move actor") || e.menus.undoItem.Disabled {
		t.Errorf("Edit menu says %q (disabled %v)", e.menus.undoItem.Label, e.menus.undoItem.Disabled)
	}
	if !strings.Contains(e.Window().Title(), "*") {
		t.Errorf("title %q does not mark the change", e.Window().Title())
	}
	if changed(before, e.Window().Canvas().Capture()) == 0 {
		t.Error("the viewport did not redraw the moved actor")
	}

	e.Undo()
	if got := f.Map.Actors[0].Origin; got.X != 512 || got.Y != 512 || e.dirty {
		t.Errorf("after Undo the start is at %v, dirty %v", got, e.dirty)
	}
	e.Redo()
	if got := f.Map.Actors[0].Origin; got != moved {
		t.Errorf("after Redo the start is at %v, want %v", got, moved)
	}

	e.files.Save()
	e.jobs.wait()
	if e.dirty || strings.Contains(e.Window().Title(), "*") {
		t.Error("still marked changed after Save")
	}
	e.Undo()
	e.Redo()
	e.files.Save() // a second save of the session keeps the first's backup
	e.jobs.wait()
	if bak, err := os.ReadFile(path + ".bak"); err != nil || !bytes.Equal(bak, original) {
		t.Errorf("the .bak is not the original file (%v)", err)
	}
	saved, err := turok.Decode(mustRead(t, path))
	if err != nil {
		t.Fatal(err)
	}
	if saved.Actors[0].Origin != moved {
		t.Errorf("the saved file has the start at %v, want %v", saved.Actors[0].Origin, moved)
	}

	dragInView(e, display.Vec2{X: float64(moved.X), Y: float64(moved.Y)}, -30, 0)
	e.files.Revert() // asks first: the change is unsaved
	if e.dialogs.top == nil {
		t.Fatal("Revert with unsaved changes did not ask")
	}
	answer(t, e, "Discard")
	e.jobs.wait()
	if got := tcol.Document(e.file).Map.Actors[0].Origin; got != moved || e.dirty {
		t.Errorf("after Revert the start is at %v (dirty %v), want the saved %v", got, e.dirty, moved)
	}
}

// TestProblemsPanel: the problems of the shown Marathon level are
// listed; choosing one selects its entity in the viewport and centres
// the map on it.
func TestProblemsPanel(t *testing.T) {
	path := corpus.Path(t, "marathon", "m1", "Map.scen")
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	e.Open(path)
	e.jobs.wait()
	e.Window().Canvas().Capture()
	if len(e.problems.list) == 0 {
		t.Fatal("no problems listed for Marathon 1 level 0, which has objects outside their polygons")
	}
	i := -1
	for k, p := range e.problems.list {
		if p.Kind == "object" {
			i = k
			break
		}
	}
	if i < 0 {
		t.Fatalf("no object problem among %v", e.problems.list)
	}
	e.problems.rows.Select(i)
	p := e.problems.list[i]
	if len(e.selection) != 1 || e.selection[0].Kind != mdoc.KindObject || e.selection[0].Index != p.Index {
		t.Fatalf("choosing %+v selected %+v", p, e.selection)
	}
	o := mcol.Document(e.file).Levels[0].Objects[p.Index]
	if c := e.view.Camera().Center; c.X != float64(o.X) || c.Y != float64(o.Y) {
		t.Errorf("the map is centred on %v, want the object at %d, %d", c, o.X, o.Y)
	}
	if !e.inspector.problem.Visible() || !strings.Contains(e.inspector.problem.Text, p.Message) {
		t.Errorf("the inspector says %q, want the problem's message", e.inspector.problem.Text)
	}
	if !strings.Contains(texts(e.inspector.box), fmt.Sprintf("Object %d", p.Index)) {
		t.Errorf("the inspector does not show object %d: %q", p.Index, texts(e.inspector.box))
	}
	selected := 0
	for _, m := range e.scene.List.Markers {
		if m.State == display.Selected {
			selected++
		}
	}
	if selected != 1 {
		t.Errorf("%d markers drawn selected, want 1", selected)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// changed counts the pixels that differ between two captures.
func changed(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

// TestMarathonPanelLinks: a Marathon 1 level draws a link from each
// platform switch's line to its platform, and draws them still when a
// change of the Settings builds its scene again.
func TestMarathonPanelLinks(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	e.Open(corpus.Path(t, "marathon", "m1", "Map.scen"))
	e.jobs.wait()
	for i, l := range e.levels.drawable {
		links := e.file.Links(l.Index)
		if len(links) == 0 {
			continue
		}
		e.levels.list.Select(i)
		e.Window().Canvas().Capture()
		if n := drawnLines(e); n != len(links) {
			t.Fatalf("level %d: %d links drawn, want %d", l.Index, n, len(links))
		}
		e.retool() // as after a change of the Settings
		if n := drawnLines(e); n != len(links) {
			t.Fatalf("level %d: %d links drawn after the scene was built again, want %d", l.Index, n, len(links))
		}
		for _, link := range links {
			if link[0].Kind != mdoc.KindLine || link[1].Kind != mdoc.KindPolygon {
				t.Fatalf("link %v, want a line to a polygon", link)
			}
		}
		return
	}
	t.Fatal("no Marathon 1 level has a platform switch")
}

// markerState is the state the marker of entity r is drawn in.
func markerState(t *testing.T, e *Editor, r document.Ref) display.State {
	t.Helper()
	for _, m := range e.scene.List.Markers {
		if got, ok := e.scene.Ref(m.ID); ok && got == r {
			return m.State
		}
	}
	t.Fatalf("%v has no marker", r)
	return 0
}

// TestPointerHighlightsEntity: the entity under the pointer is drawn
// highlighted, and the view shows it so; moving off it, leaving the view
// or selecting it takes the highlight away.
func TestPointerHighlightsEntity(t *testing.T) {
	e, _ := openNewTurokMap(t)
	size := e.view.Size()
	at := e.view.Camera().ToScreen(display.Vec2{X: 512, Y: 512}, int(size.Width), int(size.Height))
	move := func(x, y float64) {
		e.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(float32(x), float32(y))}})
	}
	start := func() display.State { t.Helper(); return markerState(t, e, actorRef(0)) }
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(e.view)
	pixel := func() color.Color {
		return e.Window().Canvas().Capture().At(int(abs.X+float32(at.X)), int(abs.Y+float32(at.Y)))
	}
	before := pixel()
	move(at.X, at.Y)
	if got := start(); got != display.Highlighted {
		t.Fatalf("pointer over the player start: its marker is %v, want highlighted", got)
	}
	if pixel() == before {
		t.Errorf("pointer over the player start: the view still shows %v there", before)
	}
	move(at.X+200, at.Y+150)
	if got := start(); got != display.Normal {
		t.Errorf("pointer moved off the player start: its marker is %v, want normal", got)
	}
	move(at.X, at.Y)
	// The map panned a tenth of the view under the still pointer, and back.
	e.view.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if got := start(); got != display.Normal {
		t.Errorf("the map panned from under the pointer: the player start's marker is %v, want normal", got)
	}
	e.view.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if got := start(); got != display.Highlighted {
		t.Errorf("the map panned back under the pointer: the player start's marker is %v, want highlighted", got)
	}
	e.view.MouseOut()
	if got := start(); got != display.Normal {
		t.Errorf("pointer left the view: the player start's marker is %v, want normal", got)
	}
	if strings.Contains(e.status.Text, "Actor") {
		t.Errorf("pointer left the view: the status bar still says %q", e.status.Text)
	}
	move(at.X, at.Y)
	e.view.Tapped(&fyne.PointEvent{Position: fyne.NewPos(float32(at.X), float32(at.Y))})
	if got := start(); got != display.Selected {
		t.Errorf("the player start clicked: its marker is %v, want selected", got)
	}
}

// TestLegendKeepsThePointerOffTheMap: with the player start under the
// draw mode's legend, the pointer over the legend does not highlight it,
// and a click, a press and the wheel there neither select it nor move
// the map; a drag begun there moves it. View > Legend hides the legend
// and shows it again, and the choice is kept.
func TestLegendKeepsThePointerOffTheMap(t *testing.T) {
	e, _ := openNewTurokMap(t)
	if !e.legend.frame.Visible() {
		t.Fatal("no legend over the map")
	}
	c := e.Window().Canvas()
	d := fyne.CurrentApp().Driver()
	// A point of the legend below its list of modes, and the map panned
	// to put the player start under it.
	spot := d.AbsolutePositionForObject(e.legend.frame).Add(fyne.NewPos(e.legend.frame.Size().Width/2, e.legend.frame.Size().Height-8))
	local := spot.Subtract(d.AbsolutePositionForObject(e.view))
	size := e.view.Size()
	start := e.view.Camera().ToScreen(display.Vec2{X: 512, Y: 512}, int(size.Width), int(size.Height))
	cams := e.view.Cameras()
	cams.Map = cams.Map.Pan(float64(local.X)-start.X, float64(local.Y)-start.Y)
	e.view.SetCameras(cams)
	if r, _ := e.scene.Ref(display.Pick2D(&e.scene.List, cams.Map, display.Vec2{X: float64(local.X), Y: float64(local.Y)}, int(size.Width), int(size.Height), 3)); r != actorRef(0) {
		t.Fatalf("the map shows %v under the legend's spot, want the player start", r)
	}
	startState := func() display.State { t.Helper(); return markerState(t, e, actorRef(0)) }
	test.MoveMouse(c, spot)
	if got := startState(); got != display.Normal {
		t.Errorf("the pointer over the legend: the player start under it is %v", got)
	}
	test.TapCanvas(c, spot)
	test.Scroll(c, spot, 0, 40)
	if got := startState(); got != display.Normal {
		t.Errorf("the legend clicked: the player start under it is %v", got)
	}
	if got := e.view.Cameras(); got != cams {
		t.Errorf("the wheel over the legend moved the map from %+v to %+v", cams, got)
	}
	// A drag begun on the legend is the map's: it moves the player
	// start lying under it, as one step.
	f := tcol.Document(e.file)
	was := f.Map.Actors[0].Origin
	// As the window's driver gives a drag: where the pointer is now, and
	// how far it moved since the last event.
	back := e.legend.frame.Objects[0].(*legendBack)
	from := spot.Subtract(d.AbsolutePositionForObject(back))
	for k := float32(1); k <= 4; k++ {
		back.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.Add(fyne.NewDelta(10*k, 5*k))}, Dragged: fyne.NewDelta(10, 5)})
	}
	back.DragEnd()
	if now := f.Map.Actors[0].Origin; now.X <= was.X || now.Y >= was.Y {
		t.Errorf("a drag from the legend left the player start at %v, was %v", now, was)
	}
	if steps, _ := f.History.Steps(); steps != 1 {
		t.Errorf("the drag made %d steps", steps)
	}
	e.Undo()
	e.SetSelection(nil)
	for _, shown := range []bool{false, true} {
		e.legend.legendItem.Action()
		if e.legend.frame.Visible() != shown || e.app.Preferences().BoolWithFallback(prefLegend, true) != shown {
			t.Errorf("View > Legend: shown %v, kept %v; want %v", e.legend.frame.Visible(), e.app.Preferences().Bool(prefLegend), shown)
		}
	}
	// Off the legend, the same entity is the map's again.
	test.MoveMouse(c, d.AbsolutePositionForObject(e.view).Add(fyne.NewPos(float32(start.X), float32(start.Y))))
	cams.Map = cams.Map.Pan(start.X-float64(local.X), start.Y-float64(local.Y))
	e.view.SetCameras(cams)
	if got := startState(); got != display.Highlighted {
		t.Errorf("the pointer over the player start off the legend: it is %v, want highlighted", got)
	}
}

// TestPointerHighlightAfterRebuild: an undo that builds the Marathon
// scene anew (a deleted object restored) highlights the object under the
// still pointer again.
func TestPointerHighlightAfterRebuild(t *testing.T) {
	e := openDemo(t, "marathon")
	d := mcol.Document(e.file)
	last := len(d.Levels[e.level].Objects) - 1
	ref := document.Ref{Level: e.level, Kind: mdoc.KindObject, Index: last}
	centre, ok := e.scene.Center(ref)
	if !ok {
		t.Fatalf("object %d of the demo is not drawn", last)
	}
	e.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: screenAt(e, centre)}})
	state := func() display.State { t.Helper(); return markerState(t, e, ref) }
	if got := state(); got != display.Highlighted {
		t.Fatalf("pointer over object %d: its marker is %v, want highlighted", last, got)
	}
	if err := d.DeleteObjects(e.level, []int{last}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.file.History().Undo(); err != nil {
		t.Fatal(err)
	}
	if !e.scene.Rebuilt() {
		t.Fatal("the undo did not build the scene anew: the test does not reach what it is for")
	}
	if got := state(); got != display.Highlighted {
		t.Errorf("object %d restored under the pointer: its marker is %v, want highlighted", last, got)
	}
}
