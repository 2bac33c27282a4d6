package editor

import (
	"math"
	"slices"
	"strings"
	"testing"

	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"
	"github.com/levelwright/levelwright/editor/tool"
	tcol "github.com/levelwright/levelwright/editor/turok"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
)

// openDemo opens the demo level of the game named key in an editor
// drawn at 1200x800.
func openDemo(t *testing.T, game string) *Editor {
	t.Helper()
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	for _, f := range Formats() {
		if f.Key() == game {
			e.welcome.OpenDemo(f.Demo())
		}
	}
	e.jobs.wait()
	if e.file == nil {
		t.Fatalf("no %s demo opened", game)
	}
	e.Window().Canvas().Capture()
	return e
}

// screenAt is where the world point p is in the view, in Fyne units.
func screenAt(e *Editor, p display.Vec2) fyne.Position {
	size := e.view.Size()
	s := e.view.Camera().ToScreen(p, int(size.Width), int(size.Height))
	return fyne.NewPos(float32(s.X), float32(s.Y))
}

// clickInView clicks the world point p with the modifier keys mods, as
// the pointer would: press, release, tap.
func clickInView(e *Editor, p display.Vec2, mods fyne.KeyModifier) {
	at := screenAt(e, p)
	e.view.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, Modifier: mods, PointEvent: fyne.PointEvent{Position: at}})
	e.view.MouseUp(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, PointEvent: fyne.PointEvent{Position: at}})
	e.view.Tapped(&fyne.PointEvent{Position: at})
}

// typeInView types a key with the view focused, and lets the window
// draw (a tool's options may have resized the view).
func typeInView(e *Editor, key fyne.KeyName) {
	e.view.TypedKey(&fyne.KeyEvent{Name: key})
	e.Window().Canvas().Capture()
}

func undoSteps(e *Editor) int {
	n, _ := e.file.History().Steps()
	return n
}

// objectAt is where Marathon object i of l stands.
func objectAt(l *mcodec.Level, i int) display.Vec2 {
	return display.Vec2{X: float64(l.Objects[i].X), Y: float64(l.Objects[i].Y)}
}

// objectRef is object i of level 0, as selected.
func objectRef(i int) document.Ref { return document.Ref{Kind: mdoc.KindObject, Index: i} }

// TestSelectTool: a click selects, Shift+click adds and removes, a box
// selects what it encloses, Shift+box adds, a click on empty map clears,
// and Delete deletes the selection as one step.
func TestSelectTool(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	at := func(i int) display.Vec2 { return objectAt(l, i) }

	clickInView(e, at(1), 0)
	if !slices.Equal(e.selection, []document.Ref{objectRef(1)}) {
		t.Fatalf("a click selected %v", e.selection)
	}
	clickInView(e, at(2), fyne.KeyModifierShift)
	if !slices.Equal(e.selection, []document.Ref{objectRef(1), objectRef(2)}) {
		t.Fatalf("Shift+click made %v", e.selection)
	}
	clickInView(e, at(1), fyne.KeyModifierShift)
	if !slices.Equal(e.selection, []document.Ref{objectRef(2)}) {
		t.Fatalf("Shift+click on a selected object made %v", e.selection)
	}
	if len(e.scene.Within(display.Vec2{X: -1e6, Y: -1e6}, display.Vec2{X: 1e6, Y: 1e6})) == 0 {
		t.Fatal("Within the whole world finds nothing")
	}

	// A box around the first room (0..2048 square) from outside the level.
	from := display.Vec2{X: -300, Y: -300}
	dragInView(e, from, float32(2300*e.view.Camera().Scale), float32(2300*e.view.Camera().Scale))
	var want []document.Ref
	for _, r := range e.scene.Within(display.Vec2{X: -300, Y: -300}, display.Vec2{X: 2000, Y: 2000}) {
		want = append(want, r)
	}
	t.Logf("box selection %v", e.selection)
	if len(e.selection) == 0 || len(e.selection) != len(want) {
		t.Fatalf("the box selected %v, want the %d entities within it", e.selection, len(want))
	}
	for _, r := range e.selection {
		if r.Kind == mdoc.KindObject && (l.Objects[r.Index].X > 2048 || l.Objects[r.Index].Y > 2048) {
			t.Fatalf("the box selected object %d outside it", r.Index)
		}
	}
	boxed := len(e.selection)
	clickInView(e, at(1), fyne.KeyModifierShift) // object 1 stands in the second room
	if len(e.selection) != boxed+1 {
		t.Fatalf("Shift+click after a box: %d selected, want %d", len(e.selection), boxed+1)
	}

	objects := len(l.Objects)
	e.SetSelection([]document.Ref{objectRef(0), objectRef(3)})
	typeInView(e, fyne.KeyDelete)
	if len(l.Objects) != objects-2 || len(e.selection) != 0 || undoSteps(e) != 1 {
		t.Fatalf("Delete left %d of %d objects, %d selected, %d steps", len(l.Objects), objects, len(e.selection), undoSteps(e))
	}
	e.Undo()
	if len(l.Objects) != objects {
		t.Fatal("Undo did not bring the deleted objects back")
	}
	clickInView(e, display.Vec2{X: 9000, Y: 9000}, 0)
	if len(e.selection) != 0 {
		t.Fatalf("a click on empty map left %v selected", e.selection)
	}
}

// TestLevelSwitchKeepsViewAndSelection: going back to a level shows it
// as it was left: the same camera and selection; another level is shown
// in the draw mode the map was in.
func TestLevelSwitchKeepsViewAndSelection(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	e.Open(corpus.Path(t, "marathon", "m1", "Map.scen"))
	e.jobs.wait()
	e.Window().Canvas().Capture()
	e.view.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(200, 200)}, Scrolled: fyne.NewDelta(0, 1)})
	e.SetSelection([]document.Ref{{Level: e.level, Kind: mdoc.KindObject, Index: 3}})
	first, cam := e.level, e.view.Camera()
	e.legend.drawModeItem.ChildMenu.Items[2].Action()
	mode := e.scene.ModeName()
	e.levels.list.Select(1)
	e.Window().Canvas().Capture()
	if e.level == first || len(e.selection) != 0 {
		t.Fatalf("level %d shown with %v selected", e.level, e.selection)
	}
	if e.scene.ModeName() != mode || e.legend.modeChoice.Selected != mode {
		t.Errorf("level %d is shown in the mode %q (legend %q), want the map's %q", e.level, e.scene.ModeName(), e.legend.modeChoice.Selected, mode)
	}
	e.levels.list.Select(0)
	e.Window().Canvas().Capture()
	if e.view.Camera() != cam || !slices.Equal(e.selection, []document.Ref{{Level: first, Kind: mdoc.KindObject, Index: 3}}) {
		t.Fatalf("back on level %d: camera %+v (left %+v), selection %v", first, e.view.Camera(), cam, e.selection)
	}
}

// TestMarathonTools: drawing a polygon, dragging an endpoint and placing
// an object each make one undo step that does what was asked.
func TestMarathonTools(t *testing.T) {
	e := openDemo(t, "marathon")
	e.grid.SetSnap(false) // the drags below go where the pointer goes
	d := mcol.Document(e.file)
	l := d.Levels[0]
	polygons := len(l.Polygons)

	typeInView(e, fyne.KeyD)
	if e.tools.chosen.Name != "Draw polygon" {
		t.Fatalf("D chose %q", e.tools.chosen.Name)
	}
	// A room south of the lift and east of the pool, sharing their walls.
	corners := []display.Vec2{{X: 4096, Y: 2048}, {X: 6144, Y: 2048}, {X: 6144, Y: 4096}, {X: 4096, Y: 4096}}
	for _, c := range corners {
		clickInView(e, c, 0)
	}
	clickInView(e, corners[0], 0)
	if len(l.Polygons) != polygons+1 || undoSteps(e) != 1 {
		t.Fatalf("drawing made %d polygons (had %d), %d steps", len(l.Polygons), polygons, undoSteps(e))
	}
	if problems := e.file.Problems(0); len(problems) != 0 {
		t.Errorf("the drawn polygon made problems: %v", problems)
	}

	typeInView(e, fyne.KeyE)
	from := display.Vec2{X: 6144, Y: 4096}
	dragInView(e, from, 40, 20)
	ml := mcol.Document(e.file).Levels[0]
	endpoint := func(i int) display.Vec2 {
		p, _ := ml.Vertex(uint16(i))
		return display.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
	i := tool.Nearest(host{e}, len(ml.Endpoints)+len(ml.Points), endpoint, screenWorld(e, from, 40, 20))
	if i < 0 || undoSteps(e) != 2 {
		t.Fatalf("the dragged endpoint is not under the pointer (endpoint %d, %d steps)", i, undoSteps(e))
	}

	typeInView(e, fyne.KeyO)
	objects := len(l.Objects)
	clickInView(e, display.Vec2{X: 5000, Y: 3000}, 0)
	if len(l.Objects) != objects+1 || l.Objects[objects].Polygon != int16(polygons) || undoSteps(e) != 3 {
		t.Fatalf("placing: %d objects (had %d), polygon %d", len(l.Objects), objects, l.Objects[len(l.Objects)-1].Polygon)
	}
	e.file.History().UndoAll()
	if len(l.Polygons) != polygons || len(l.Objects) != objects {
		t.Fatal("undo did not take the tools' edits back")
	}
}

// screenWorld is the world point dx, dy pixels from p.
func screenWorld(e *Editor, p display.Vec2, dx, dy float32) display.Vec2 {
	size := e.view.Size()
	s := screenAt(e, p).Add(fyne.NewDelta(dx, dy))
	return e.view.Camera().ToWorld(display.Vec2{X: float64(s.X), Y: float64(s.Y)}, int(size.Width), int(size.Height))
}

// TestShockTools: a drag of the paint tool paints every tile it crosses
// as one step; the place tool creates an object of the chosen class.
func TestShockTools(t *testing.T) {
	e := openDemo(t, "shock")
	d := scol.Document(e.file)
	l := d.Archive.Levels[e.level]
	typeInView(e, fyne.KeyT)
	if e.tools.chosen.Name != "Paint tiles" {
		t.Fatalf("T chose %q", e.tools.chosen.Name)
	}
	// Open a corridor southwards from the first room (tiles 28-35): from
	// tile (31, 27) down to (31, 20).
	dragInView(e, display.Vec2{X: 31.5, Y: 27.5}, 0, float32(7*e.view.Camera().Scale)) // y grows up the map
	for y := 20; y <= 27; y++ {
		if l.Tile(31, y).Shape != 1 {
			t.Fatalf("tile (31, %d) is %v after painting", y, l.Tile(31, y).Shape)
		}
	}
	if undoSteps(e) != 1 {
		t.Fatalf("one drag made %d steps", undoSteps(e))
	}
	typeInView(e, fyne.KeyO)
	active := 0
	for _, o := range l.Objects {
		active += int(o.Active)
	}
	clickInView(e, display.Vec2{X: 31.5, Y: 22.5}, 0)
	after := 0
	for _, o := range l.Objects {
		after += int(o.Active)
	}
	if after != active+1 || len(e.selection) != 1 || l.Objects[e.selection[0].Index].Class != 7 {
		t.Fatalf("placing made %d objects (had %d), selected %v", after, active, e.selection)
	}
	if problems := e.file.Problems(e.level); len(problems) != 0 {
		t.Errorf("the tools' edits made problems: %v", problems)
	}
}

// TestTurokTools: a vertex drag moves it; three clicks make a sector off
// the terrain's edge; a click places an actor in the sector under it.
func TestTurokTools(t *testing.T) {
	e := openDemo(t, "turok")
	m := tcol.Document(e.file).Map
	typeInView(e, fyne.KeyV)
	v := m.Vertices[18].Position // inside the terrain, on the second row
	dragInView(e, display.Vec2{X: float64(v.X), Y: float64(v.Y)}, 10, 0)
	if m.Vertices[18].Position.X <= v.X || m.Vertices[18].Position.Z != v.Z || undoSteps(e) != 1 {
		t.Fatalf("vertex dragged from %v to %v", v, m.Vertices[18].Position)
	}

	typeInView(e, fyne.KeyN)
	sectors, vertices := len(m.Sectors), len(m.Vertices)
	for _, c := range []display.Vec2{{X: 2048, Y: 0}, {X: 2048, Y: 128}, {X: 2200, Y: 64}} {
		clickInView(e, c, 0)
	}
	if len(m.Sectors) != sectors+1 || len(m.Vertices) != vertices+1 || undoSteps(e) != 2 {
		t.Fatalf("three clicks: %d sectors (had %d), %d vertices (had %d), %d steps", len(m.Sectors), sectors, len(m.Vertices), vertices, undoSteps(e))
	}

	typeInView(e, fyne.KeyO)
	actors := len(m.Actors)
	clickInView(e, display.Vec2{X: 700, Y: 1500}, 0)
	if len(m.Actors) != actors+1 || m.Actors[actors].Sector < 0 {
		t.Fatalf("placing: %d actors (had %d)", len(m.Actors), actors)
	}
	if problems := e.file.Problems(0); len(problems) != 0 {
		t.Errorf("the tools' edits made problems: %v", problems)
	}
}

// TestMoveSelection: dragging one of the selected objects moves them all
// by the same distance, as one step; the move tool drags an unselected
// object alone.
func TestMoveSelection(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	pos := func(i int) display.Vec2 { return objectAt(l, i) }
	before1, before2, before3 := pos(1), pos(2), pos(3)

	e.SetSelection([]document.Ref{objectRef(1), objectRef(2), {Kind: mdoc.KindSide, Index: 0}}) // the side stays
	dragInView(e, before1, 8, 0)
	d1 := display.Vec2{X: pos(1).X - before1.X, Y: pos(1).Y - before1.Y}
	d2 := display.Vec2{X: pos(2).X - before2.X, Y: pos(2).Y - before2.Y}
	if d1.X <= 0 || math.Abs(d1.X-d2.X) > 1 || math.Abs(d1.Y-d2.Y) > 1 {
		t.Fatalf("object 1 moved %v, object 2 %v; want the same move to the right", d1, d2)
	}
	if undoSteps(e) != 1 || e.file.History().UndoLabel() != "Undo Move 2 entities" {
		t.Fatalf("the drag made %d steps, last %q", undoSteps(e), e.file.History().UndoLabel())
	}
	e.Undo()
	if pos(1) != before1 || pos(2) != before2 {
		t.Fatalf("Undo left the objects at %v and %v", pos(1), pos(2))
	}

	typeInView(e, fyne.KeyM)
	dragInView(e, before3, 0, 8)
	if pos(3) == before3 || pos(1) != before1 || !slices.Equal(e.selection, []document.Ref{objectRef(3)}) {
		t.Fatalf("the move tool on object 3: at %v (from %v), object 1 at %v, selection %v", pos(3), before3, pos(1), e.selection)
	}
}

// TestMarathonPlaceByName: the place tool offers monsters by name, and
// the inspector names the monster placed.
func TestMarathonPlaceByName(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	typeInView(e, fyne.KeyO)
	monster := find(t, e.tools.options, "monster choice", func(s *widget.Select) bool { return s.Selected == "Marine (player)" })
	monster.SetSelected("Fighter (major)")
	clickInView(e, display.Vec2{X: 1000, Y: 1000}, 0)
	if len(e.selection) != 1 {
		t.Fatalf("placing selected %v", e.selection)
	}
	o := l.Objects[e.selection[0].Index]
	if o.Type != 0 || o.Index != 9 {
		t.Fatalf("placed type %d index %d, want monster 9", o.Type, o.Index)
	}
	if !strings.Contains(texts(e.inspector.box), "Fighter (major)") {
		t.Errorf("the inspector does not name the fighter:\n%s", texts(e.inspector.box))
	}
	kind := find(t, e.tools.options, "type choice", func(s *widget.Select) bool { return s.Selected == "Monster" })
	kind.SetSelected("Scenery") // no names: a number
	for _, o := range test.LaidOutObjects(e.tools.options) {
		if s, ok := o.(*widget.Select); ok && slices.Contains(s.Options, "Fighter (major)") {
			t.Fatal("scenery is offered monster names")
		}
	}
}

// TestToolbarFits: at 1280 and 1600 pixels wide, every button of the
// toolbar of every game lies inside the window and inside the view
// area, none over another, in one row; whichever tool is chosen (each
// in turn), its group's button names it, marked, and nothing moves.
func TestToolbarFits(t *testing.T) {
	for _, game := range []string{"marathon", "shock", "turok"} {
		e := openDemo(t, game)
		d := fyne.CurrentApp().Driver()
		for _, width := range []float32{1280, 1600} {
			e.Window().Resize(fyne.NewSize(width, 800))
			for i := range e.tools.list {
				tl := e.tools.list[i] // a tool may build the tools again (Turok's show their layer)
				e.tools.choose(tl)
				e.Window().Canvas().Capture()
				area := d.AbsolutePositionForObject(e.viewArea)
				right := area.X + e.viewArea.Size().Width
				var boxes [][2]fyne.Position
				for _, o := range test.LaidOutObjects(e.tools.bar) {
					var b *widget.Button
					switch o := o.(type) {
					case *widget.Button: // a group's menu
						b = o
					case *toolButton:
						b = &o.Button
					default:
						continue
					}
					at := d.AbsolutePositionForObject(o)
					end := at.Add(fyne.NewPos(b.Size().Width, b.Size().Height))
					if !b.Visible() || b.Size().Width < b.MinSize().Width || at.X < area.X || end.X > right || end.X > width {
						t.Errorf("%s at %v px, %s chosen: %q is at x %.0f to %.0f, size %v; the view area runs from %.0f to %.0f",
							game, width, tl.Name, b.Text, at.X, end.X, b.Size(), area.X, right)
					}
					for _, o := range boxes {
						if at.X < o[1].X && o[0].X < end.X && at.Y < o[1].Y && o[0].Y < end.Y {
							t.Errorf("%s at %v px: %q lies over another button", game, width, b.Text)
						}
						if at.Y != o[0].Y {
							t.Errorf("%s at %v px: %q is on another row (y %.0f, not %.0f)", game, width, b.Text, at.Y, o[0].Y)
						}
					}
					boxes = append(boxes, [2]fyne.Position{at, end})
				}
				marked := 0
				for _, g := range e.tools.groups {
					if g.button.Importance == widget.HighImportance {
						marked++
						if g.button.Text != e.tools.chosen.Name || e.tools.chosen.Name != tl.Name {
							t.Errorf("%s: %s chosen, its group's button says %q", game, tl.Name, g.button.Text)
						}
					}
				}
				if marked != 1 {
					t.Errorf("%s: %s chosen, %d buttons marked", game, tl.Name, marked)
				}
			}
		}
	}
}

// TestStatusBarUnits: the status bar writes a Marathon map position in
// world units, as the inspector does, and a game without a unit of its
// own as the map stores it.
func TestStatusBarUnits(t *testing.T) {
	for game, want := range map[string]string{"marathon": "x 1.50 WU  y -2.00 WU", "shock": "x 1536.0  y -2048.0"} {
		e := openDemo(t, game)
		e.showCursor(display.Vec2{X: 1536, Y: -2048}, 0)
		if !strings.Contains(e.status.Text, want) {
			t.Errorf("%s: the status bar says %q, want %q", game, e.status.Text, want)
		}
	}
}
