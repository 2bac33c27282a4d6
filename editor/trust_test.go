package editor

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"
	tcol "github.com/levelwright/levelwright/editor/turok"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/marathon"
	scodec "github.com/levelwright/levelwright/codecs/shock"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/widgets/propgrid"
	"github.com/levelwright/levelwright/widgets/savepath"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// shortcut types s as the desktop driver delivers it: to the focused
// widget when that takes shortcuts (a text entry), else to the window.
func shortcut(e *Editor, s fyne.Shortcut) {
	c := e.Window().Canvas()
	if focused, ok := c.Focused().(fyne.Shortcutable); ok {
		focused.TypedShortcut(s)
		return
	}
	c.(fyne.Shortcutable).TypedShortcut(s)
}

func ctrl(key fyne.KeyName, extra fyne.KeyModifier) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | extra}
}

// TestShortcutsEditTheDocument: Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z, which
// Fyne turns into its standard Undo and Redo, undo and redo the
// document; with a text entry focused they are the entry's own. Ctrl+A
// selects every entity, Escape selects none, Delete deletes, and the
// view shortcuts switch the view.
func TestShortcutsEditTheDocument(t *testing.T) {
	e, _ := openNewTurokMap(t)
	start := tcol.Document(e.file).Map.Actors[0].Origin
	dragInView(e, display.Vec2{X: float64(start.X), Y: float64(start.Y)}, 40, -20)
	moved := tcol.Document(e.file).Map.Actors[0].Origin
	if moved == start {
		t.Fatal("the drag moved nothing")
	}
	at := func() tcodec.Vec3 { return tcol.Document(e.file).Map.Actors[0].Origin }
	shortcut(e, &fyne.ShortcutUndo{})
	if at() != start || e.dirty {
		t.Fatalf("Ctrl+Z: the start is at %v (dirty %v), want %v", at(), e.dirty, start)
	}
	shortcut(e, &fyne.ShortcutRedo{})
	if at() != moved {
		t.Fatalf("Ctrl+Y: the start is at %v, want %v", at(), moved)
	}
	shortcut(e, &fyne.ShortcutUndo{})
	shortcut(e, ctrl(fyne.KeyZ, fyne.KeyModifierShift))
	if at() != moved {
		t.Fatalf("Ctrl+Shift+Z: the start is at %v, want %v", at(), moved)
	}

	shortcut(e, &fyne.ShortcutSelectAll{})
	if len(e.selection) < 2 {
		t.Fatalf("Ctrl+A selected %d entities", len(e.selection))
	}
	e.SetSelection(refs(e.level, tdoc.KindActor, 0))
	entry := find(t, e.inspector.box, "a text entry", func(*propgrid.FieldEntry) bool { return true })
	e.Window().Canvas().Focus(entry)
	shortcut(e, &fyne.ShortcutUndo{})
	if at() != moved {
		t.Fatal("Ctrl+Z in a text entry undid the document")
	}
	e.Window().Canvas().Unfocus()

	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(e.selection) != 0 {
		t.Fatalf("Escape left %d entities selected", len(e.selection))
	}
	e.SetSelection(refs(e.level, tdoc.KindActor, 0))
	actors := len(tcol.Document(e.file).Map.Actors)
	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if got := len(tcol.Document(e.file).Map.Actors); got != actors-1 {
		t.Fatalf("Delete left %d actors of %d", got, actors)
	}
	shortcut(e, ctrl(fyne.Key2, 0))
	if e.view.Mode() != viewport.Orbit {
		t.Error("Ctrl+2 did not show the 3D orbit view")
	}
	shortcut(e, ctrl(fyne.Key1, 0))
	if e.view.Mode() != viewport.Map {
		t.Error("Ctrl+1 did not show the map")
	}
	shortcut(e, ctrl(fyne.KeyH, 0))
	if e.dialogs.top == nil {
		t.Error("Ctrl+H did not show the history")
	}
	e.dialogs.top.Hide()
	shortcut(e, ctrl(fyne.KeyS, fyne.KeyModifierShift))
	if _, ok := e.dialogs.top.(*savepath.Dialog); !ok {
		t.Errorf("Ctrl+Shift+S showed %T, want the Save As dialog", e.dialogs.top)
	}
}

// TestSaveAs: Save As starts in the open file's folder with its name;
// saving onto an existing file of another folder asks, then keeps that
// file's bytes as its .bak; saving to a new name writes no .bak; a
// typed full path is that path.
func TestSaveAs(t *testing.T) {
	e, path := openNewTurokMap(t)
	start := tcol.Document(e.file).Map.Actors[0].Origin
	dragInView(e, display.Vec2{X: float64(start.X), Y: float64(start.Y)}, 40, -20)
	edited, _ := e.file.Bytes()

	e.files.showSaveDialog()
	d := e.dialogs.top.(*savepath.Dialog)
	if d.Folder.Text != filepath.Dir(path) || d.Name.Text != filepath.Base(path) {
		t.Fatalf("Save As starts in %q with %q, want the open file's folder and name", d.Folder.Text, d.Name.Text)
	}
	other := filepath.Join(t.TempDir(), "theirs.map")
	theirs := []byte("someone else's map")
	os.WriteFile(other, theirs, 0o644)
	d.Name.SetText(other) // a typed full path
	d.Save()
	if got := mustRead(t, other); !bytes.Equal(got, theirs) {
		t.Fatal("the existing file changed before the user agreed to replace it")
	}
	answer(t, e, "Replace")
	e.jobs.wait()
	if got := mustRead(t, other); !bytes.Equal(got, edited) {
		t.Error("Save As did not write the edit")
	}
	if bak := mustRead(t, other+document.BackupSuffix); !bytes.Equal(bak, theirs) {
		t.Errorf("the .bak holds %q, want the replaced file's bytes", bak)
	}
	if e.path != other || e.dirty {
		t.Errorf("after Save As the open file is %s (dirty %v)", e.path, e.dirty)
	}

	e.files.showSaveDialog()
	d = e.dialogs.top.(*savepath.Dialog)
	d.Name.SetText("copy.map")
	d.Save()
	e.jobs.wait()
	fresh := filepath.Join(filepath.Dir(other), "copy.map")
	if got := mustRead(t, fresh); !bytes.Equal(got, edited) {
		t.Error("Save As to a new name did not write the file")
	}
	if _, err := os.Stat(fresh + document.BackupSuffix); !os.IsNotExist(err) {
		t.Errorf("a .bak for a file that did not exist: %v", err)
	}
	if e.path != fresh {
		t.Errorf("the open file is %s, want %s", e.path, fresh)
	}
}

// TestUndoClearsInspector: when an undo takes away the entity shown (its
// creation undone), the selection and the inspector let it go.
func TestUndoClearsInspector(t *testing.T) {
	e, _ := openNewTurokMap(t)
	d := tcol.Document(e.file)
	a := d.Map.Actors[0]
	a.Origin.X += 64
	i, err := d.PlaceActor(a)
	if err != nil {
		t.Fatal(err)
	}
	e.SetSelection(refs(e.level, tdoc.KindActor, i))
	title := inspect.Title(tdoc.KindActor, []int{i})
	if len(forms(e)) == 0 || !strings.Contains(texts(e.inspector.box), title) {
		t.Fatal("the new actor has no form")
	}
	shortcut(e, &fyne.ShortcutUndo{})
	// What is left is the level's own section, when nothing is selected.
	if len(e.selection) != 0 || strings.Contains(texts(e.inspector.box), title) || !strings.Contains(texts(e.inspector.box), "Nothing selected") {
		t.Fatalf("after the undo: %d selected, %d forms, inspector %q", len(e.selection), len(forms(e)), texts(e.inspector.box))
	}
}

// TestSelectionFollowsRenumberedMesh: a static mesh moved into another
// grid section is renumbered; the selection and the inspector follow it,
// and the next field edit changes that mesh and no other.
func TestSelectionFollowsRenumberedMesh(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	var d *tdoc.Document
	var g int
	var to tcodec.Vec3
	for _, path := range corpus.Files(t, "turok") {
		e.Open(path)
		e.jobs.wait()
		if f := tcol.Document(e.file); f != nil {
			var ok bool
			if g, to, ok = meshToMoveAcross(f.Map); ok {
				d = f
				break
			}
		}
	}
	if d == nil {
		t.Fatal("no corpus Turok map has meshes in two grid sections")
	}
	e.Window().Canvas().Capture()
	e.SetSelection(refs(e.level, tdoc.KindMesh, g))
	if err := d.MoveMesh(g, to); err != nil {
		t.Fatal(err)
	}
	meshes := allMeshes(d.Map)
	if len(e.selection) != 1 {
		t.Fatalf("after the move %d meshes are selected", len(e.selection))
	}
	if o := meshes[e.selection[0].Index].Origin; o.X != to.X || o.Y != to.Y {
		t.Fatalf("after the move the selection is %v; the moved mesh is elsewhere", e.selection)
	}
	now := e.selection[0].Index
	if now == g {
		t.Fatal("the move did not renumber the mesh; the test shows nothing")
	}
	submit(t, forms(e)[0], "Texture", "77")
	for i, m := range allMeshes(d.Map) {
		if changed := m.Texture != meshes[i].Texture; changed != (i == now) {
			t.Errorf("mesh %d: texture %d -> %d; only mesh %d should change", i, meshes[i].Texture, m.Texture, now)
		}
	}
}

// meshToMoveAcross finds a static mesh and the origin of a mesh in
// another grid section, where moving it renumbers it.
func meshToMoveAcross(m *tcodec.Map) (int, tcodec.Vec3, bool) {
	first, n := -1, 0
	grid := m.SectionGrid()
	for s, sec := range m.Sections {
		for k, mesh := range sec.Meshes {
			if first < 0 && k == 0 && s == 0 && len(sec.Meshes) > 1 {
				first = n
			}
			if first >= 0 && s > 0 && grid.SectionAt(tcodec.XY{X: mesh.Origin.X, Y: mesh.Origin.Y}) == s {
				return first, mesh.Origin, true
			}
			n++
		}
	}
	return 0, tcodec.Vec3{}, false
}

func allMeshes(m *tcodec.Map) []tcodec.StaticMesh {
	var out []tcodec.StaticMesh
	for _, s := range m.Sections {
		out = append(out, s.Meshes...)
	}
	return out
}

// TestMapToolsIn3D: a click in the 3D view where no surface is (a
// corner of the view, beside the new level's one room) gives a
// placement tool no point, so it does nothing, instead of acting at 0,0.
func TestMapToolsIn3D(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	path := filepath.Join(t.TempDir(), "new.sceA")
	os.WriteFile(path, marathon.NewFile("Test").Bytes(), 0o644)
	e.Open(path)
	e.jobs.wait()
	e.Window().Canvas().Capture()
	for _, tl := range e.tools.list {
		if tl.Name == "Place object" {
			e.tools.choose(tl)
		}
	}
	before, _ := e.file.History().Steps()
	e.SetViewMode(viewport.Orbit)
	e.Window().Canvas().Capture()
	size := e.view.Size()
	if _, hit := display.PickHit(&e.scene.List, e.view.Camera3D(), display.Vec2{X: 1, Y: 1}, int(size.Width), int(size.Height)); hit {
		t.Fatal("the 3D view shows a surface at its corner")
	}
	e.view.Tapped(&fyne.PointEvent{Position: fyne.NewPos(1, 1)})
	if now, _ := e.file.History().Steps(); now != before {
		t.Fatal("Place object acted in the 3D view where no surface is")
	}
}

// TestPuzzleActionAsksFirst: changing a puzzle panel's action, which
// would discard its puzzle, asks first; Cancel changes nothing; Change
// does it; choosing the old action again gives the puzzle back, and so
// does undo.
func TestPuzzleActionAsksFirst(t *testing.T) {
	e := openDemo(t, "shock")
	d := scol.Document(e.file)
	l := d.Archive.Levels[e.level]
	panel := -1
	for i, o := range l.Objects {
		if _, err := d.BlockPuzzle(e.level, i); o.Active != 0 && err == nil {
			panel = i
		}
	}
	if panel < 0 {
		t.Fatal("the demo level has no block puzzle panel")
	}
	puzzle, _ := d.BlockPuzzle(e.level, panel)
	original, _ := d.Bytes()
	action := func() *widget.Select {
		return find(t, e.inspector.box, "the action choice", func(s *widget.Select) bool {
			return len(s.Options) == len(scodec.ActionNames)
		})
	}
	e.SetSelection(refs(e.level, sdoc.KindObject, panel))
	was := action().SelectedIndex()
	other := (was + 1) % len(scodec.ActionNames)

	action().SetSelectedIndex(other)
	if !strings.Contains(texts(e.Window().Canvas().Overlays().Top()), "block puzzle") {
		t.Fatal("changing the action did not ask about the puzzle")
	}
	if action().SelectedIndex() != was {
		t.Error("the choice shows the new action before the user agreed")
	}
	answer(t, e, "Cancel")
	if now, _ := d.Bytes(); !bytes.Equal(now, original) || undoSteps(e) != 0 {
		t.Fatal("Cancel changed the file")
	}

	action().SetSelectedIndex(other)
	answer(t, e, "Change")
	if _, err := d.BlockPuzzle(e.level, panel); err == nil || undoSteps(e) != 1 {
		t.Fatalf("Change kept the puzzle (%v), %d steps", err, undoSteps(e))
	}
	action().SetSelectedIndex(was) // gives the puzzle back: no question
	if e.Window().Canvas().Overlays().Top() != nil {
		t.Fatal("choosing the old action again asked")
	}
	if back, err := d.BlockPuzzle(e.level, panel); err != nil || !reflect.DeepEqual(back, puzzle) {
		t.Fatalf("the old action did not give the puzzle back: %v", err)
	}
	shortcut(e, &fyne.ShortcutUndo{})
	shortcut(e, &fyne.ShortcutUndo{})
	if now, _ := d.Bytes(); !bytes.Equal(now, original) {
		t.Fatal("undoing both changes does not give back the original bytes")
	}
}

// TestRefusedValueIsPutBack: a sector set that does not exist is refused
// with the reason, and the field shows the stored set again.
func TestRefusedValueIsPutBack(t *testing.T) {
	e, _ := openNewTurokMap(t)
	e.SetSelection(refs(e.level, tdoc.KindSector, 0))
	form := forms(e)[0]
	stored := form.Entry("Set").Text
	submit(t, form, "Set", "999")
	if got := form.Entry("Set").Text; got != stored {
		t.Errorf("the field shows %q after the refusal, want the stored %q", got, stored)
	}
	if undoSteps(e) != 0 || !strings.Contains(e.status.Text, "sector set") {
		t.Errorf("%d steps; the status says %q", undoSteps(e), e.status.Text)
	}
}

// TestDrawOrderOnlyWhereSectorsHoldOne: the inspector offers a sector's
// draw order only on maps of 18-byte sectors.
func TestDrawOrderOnlyWhereSectorsHoldOne(t *testing.T) {
	e, _ := openNewTurokMap(t)
	long := tcol.Document(e.file).Map.LongSectors
	e.SetSelection(refs(e.level, tdoc.KindSector, 0))
	if shown := forms(e)[0].Entry("DrawOrder") != nil; shown != long {
		t.Errorf("18-byte sectors %v, draw order offered %v", long, shown)
	}
	tcol.Document(e.file).Map.LongSectors = !long
	e.SetSelection(refs(e.level, tdoc.KindSector, 1))
	if shown := forms(e)[0].Entry("DrawOrder") != nil; shown == long {
		t.Errorf("18-byte sectors %v, draw order offered %v", !long, shown)
	}
}

// TestBoxSelectFromInsideARoom: a drag with the Select tool that starts
// on a polygon (inside a room) draws a box, and selects what it encloses,
// instead of panning.
func TestBoxSelectFromInsideARoom(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[e.level]
	o := l.Objects[0]
	at := display.Vec2{X: float64(o.X), Y: float64(o.Y)}
	start := display.Vec2{X: at.X - 300, Y: at.Y - 300}
	if r, ok := e.scene.Ref(pickAt(e, start)); !ok || r.Kind != "polygon" {
		t.Fatalf("the drag starts on %v, want a polygon", r)
	}
	cam := e.view.Camera()
	size := e.view.Size()
	a, b := cam.ToScreen(start, int(size.Width), int(size.Height)), cam.ToScreen(display.Vec2{X: at.X + 300, Y: at.Y + 300}, int(size.Width), int(size.Height))
	dragInView(e, start, float32(b.X-a.X), float32(b.Y-a.Y))
	if !slices.Contains(e.selection, document.Ref{Level: e.level, Kind: "object", Index: 0}) {
		t.Fatalf("the box from inside the room selected %v, not the object in it", e.selection)
	}
}

// TestHoverDescribesTheEntity: the status bar names what is under the
// pointer.
func TestHoverDescribesTheEntity(t *testing.T) {
	e := openDemo(t, "marathon")
	o := mcol.Document(e.file).Levels[e.level].Objects[0]
	at := display.Vec2{X: float64(o.X), Y: float64(o.Y)}
	e.showCursor(at, pickAt(e, at))
	if !strings.Contains(e.status.Text, "Object 0: ") {
		t.Fatalf("the status says %q over object 0", e.status.Text)
	}
}

// pickAt is the item the map shows at world point at.
func pickAt(e *Editor, at display.Vec2) display.ID {
	size := e.view.Size()
	s := e.view.Camera().ToScreen(at, int(size.Width), int(size.Height))
	return display.Pick2D(&e.scene.List, e.view.Camera(), s, int(size.Width), int(size.Height), 3)
}

// TestHoverNamesEntitiesOfEachGame: over a System Shock object or a Turok
// actor, the status bar gives the column's description (name and
// height), not only the kind and index.
func TestHoverNamesEntitiesOfEachGame(t *testing.T) {
	for game, want := range map[string]string{"shock": ", z ", "turok": ", health ", "marathon": " WU up, in polygon "} {
		e := openDemo(t, game)
		var r document.Ref
		for _, mk := range e.scene.List.Markers {
			if ref, ok := e.scene.Ref(mk.ID); ok && e.file.Movable(ref) {
				r = ref
				e.showCursor(mk.At, pickAt(e, mk.At))
				break
			}
		}
		if !strings.Contains(e.status.Text, want) {
			t.Errorf("%s: over %v the status says %q", game, r, e.status.Text)
		}
	}
}

// TestHoverGivesTheFloor: over a Turok map the status bar gives the
// height of the floor under the pointer, as the file's PointDescriber
// says it, besides the entity there.
func TestHoverGivesTheFloor(t *testing.T) {
	e := openDemo(t, "turok")
	m := tcol.Document(e.file).Map
	var at display.Vec2
	var z float32 // the floor at the middle of a sector on a slope
	for _, s := range m.Sectors {
		if z != 0 {
			break
		}
		at, z = display.Vec2{}, 0
		for _, v := range s.Vertices {
			p := m.Vertices[v].Position
			at.X, at.Y, z = at.X+float64(p.X)/3, at.Y+float64(p.Y)/3, z+p.Z/3
		}
	}
	floor := e.file.(game.PointDescriber).DescribePoint(e.level, at)
	e.showCursor(at, pickAt(e, at))
	var got float32
	if _, err := fmt.Sscanf(floor, "floor %g", &got); err != nil || math.Abs(float64(got-z)) > 0.005 ||
		!strings.Contains(e.status.Text, "  "+floor+"  —  Sector ") {
		t.Errorf("the status says %q in the middle of a sector whose floor is at %g there, want %q before the sector", e.status.Text, z, floor)
	}
}

// TestChoosingAToolKeepsTheMapStill: the options row keeps its height
// whichever tool is chosen, so that the map never jumps under the
// pointer.
func TestChoosingAToolKeepsTheMapStill(t *testing.T) {
	for _, game := range []string{"shock", "marathon", "turok"} {
		e := openDemo(t, game)
		e.Window().Canvas().Capture()
		pos, size := fyne.CurrentApp().Driver().AbsolutePositionForObject(e.view), e.view.Size()
		for _, tl := range e.tools.list {
			e.tools.choose(tl)
			e.Window().Canvas().Capture()
			if p, s := fyne.CurrentApp().Driver().AbsolutePositionForObject(e.view), e.view.Size(); p != pos || s != size {
				t.Errorf("%s: choosing %s moved the map from %v %v to %v %v", game, tl.Name, pos, size, p, s)
			}
		}
	}
}

// TestGridStepAndSnap: the View menu's grid steps space the map's grid;
// with snapping on, a dragged endpoint lands on the grid, with it off
// where the pointer leaves it; a step of one's own is taken; System
// Shock starts without snapping, Marathon with it.
func TestGridStepAndSnap(t *testing.T) {
	e := openDemo(t, "marathon")
	if !e.grid.snapping() || e.scene.List.Grid.Spacing != 1024 {
		t.Fatalf("Marathon starts snapping %v, grid %v", e.grid.snapping(), e.scene.List.Grid.Spacing)
	}
	var half *fyne.MenuItem
	for _, item := range e.legend.gridStepItem.ChildMenu.Items {
		if item.Label == "1/2 WU" {
			half = item
		}
	}
	half.Action()
	if e.scene.List.Grid.Spacing != 512 || !half.Checked && !e.legend.gridStepItem.ChildMenu.Items[2].Checked {
		t.Fatalf("1/2 WU gives a grid of %v", e.scene.List.Grid.Spacing)
	}
	typeInView(e, fyne.KeyE)
	from := display.Vec2{X: 4096, Y: 2048}
	l := mcol.Document(e.file).Levels[0]
	dragged := -1
	for i := range len(l.Endpoints) + len(l.Points) {
		if p, _ := l.Vertex(uint16(i)); float64(p.X) == from.X && float64(p.Y) == from.Y {
			dragged = i
		}
	}
	if dragged < 0 {
		t.Fatalf("no endpoint at %v", from)
	}
	dragInView(e, from, 37, 23)
	p, _ := l.Vertex(uint16(dragged))
	if undoSteps(e) != 1 || (float64(p.X) == from.X && float64(p.Y) == from.Y) {
		t.Fatalf("the drag left endpoint %d at %v (%d steps)", dragged, p, undoSteps(e))
	}
	if p.X%512 != 0 || p.Y%512 != 0 {
		t.Errorf("with snapping the endpoint landed at %v, off the 512 grid", p)
	}
	e.grid.SetSnap(false)
	if got := e.grid.snap(display.Vec2{X: 100.5, Y: 7}); got != (display.Vec2{X: 100.5, Y: 7}) {
		t.Errorf("without snapping a point moves to %v", got)
	}
	if err := e.grid.SetStep(100); err != nil || e.scene.List.Grid.Spacing != 100 {
		t.Fatalf("a step of one's own: %v, grid %v", err, e.scene.List.Grid.Spacing)
	}
	if err := e.grid.SetStep(-3); err == nil {
		t.Error("a negative step was taken")
	}
	if shock := openDemo(t, "shock"); shock.grid.snapping() {
		t.Error("System Shock starts snapping objects to tile corners")
	}
}
