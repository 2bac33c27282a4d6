package editor

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"
	tcol "github.com/levelwright/levelwright/editor/turok"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/widgets/cellgrid"
	"github.com/levelwright/levelwright/widgets/propgrid"
	"github.com/levelwright/levelwright/widgets/wireboard"
)

// forms are the inspector's forms, in order.
func forms(e *Editor) []*propgrid.Form {
	var out []*propgrid.Form
	for _, o := range test.LaidOutObjects(e.inspector.box) {
		if f, ok := o.(*propgrid.Form); ok {
			out = append(out, f)
		}
	}
	return out
}

// submit types value into the entry labelled label of form and presses
// Enter.
func submit(t *testing.T, form *propgrid.Form, label, value string) {
	t.Helper()
	entry := form.Entry(label)
	if entry == nil {
		t.Fatalf("no editable field %q", label)
	}
	entry.SetText(value)
	entry.OnSubmitted(value)
}

// find returns the first widget of type W under o that match accepts.
func find[W fyne.CanvasObject](t *testing.T, o fyne.CanvasObject, what string, match func(W) bool) W {
	t.Helper()
	for _, x := range test.LaidOutObjects(o) {
		if w, ok := x.(W); ok && match(w) {
			return w
		}
	}
	t.Fatalf("no %s under %T", what, o)
	var none W
	return none
}

// check finds the check box named name under o.
func check(t *testing.T, o fyne.CanvasObject, name string) *widget.Check {
	t.Helper()
	return find(t, o, "check box "+name, func(c *widget.Check) bool { return c.Text == name })
}

// button finds the button labelled label under o.
func button(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	return find(t, o, "button "+label, func(b *widget.Button) bool { return b.Text == label })
}

// TestMarathonInspector: a polygon's form shows it with its light and
// liquid; an edit is one undo step and the form shows the new value;
// two polygons edit together; a line's named flag ticks.
func TestMarathonInspector(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	pool := 2 // the demo's third polygon holds the liquid
	e.SetSelection(refs(0, mdoc.KindPolygon, pool))
	text := texts(e.inspector.box)
	for _, want := range []string{"Polygon 2", "Type", "Floor height", "Light 0 (floor)", "Liquid 0"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the polygon's inspector lacks %q:\n%s", want, text)
		}
	}
	e2e.SavePNG(t, "polygon", e.Window().Canvas().Capture())
	submit(t, forms(e)[0], "Floor height", "-0.29296875") // -300 internal units
	if l.Polygons[pool].FloorHeight != -300 || undoSteps(e) != 1 {
		t.Fatalf("floor height %d, %d steps", l.Polygons[pool].FloorHeight, undoSteps(e))
	}
	if got := forms(e)[0].Entries()["Floor height"]; got.Text != "-0.293" || got.Tip() != "exactly -0.29296875 WU" {
		t.Fatalf("after the edit the form shows %q (%q), want it to a thousandth, exactly in the tooltip", got.Text, got.Tip())
	}
	submit(t, forms(e)[0], "Floor height", "99999")
	if l.Polygons[pool].FloorHeight != -300 || undoSteps(e) != 1 {
		t.Fatal("an out-of-range height was applied")
	}

	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 0}, {Kind: mdoc.KindPolygon, Index: 1}})
	if !strings.Contains(texts(e.inspector.box), "2 polygons") {
		t.Fatalf("two polygons show %q", texts(e.inspector.box))
	}
	submit(t, forms(e)[0], "Ceiling height", "2") // 2048 internal units
	if l.Polygons[0].CeilingHeight != 2048 || l.Polygons[1].CeilingHeight != 2048 || undoSteps(e) != 2 {
		t.Fatalf("ceilings %d, %d after one edit of both, %d steps", l.Polygons[0].CeilingHeight, l.Polygons[1].CeilingHeight, undoSteps(e))
	}
	if got := forms(e)[0].Entry("Floor height").Text; got != "0" {
		t.Fatalf("the two polygons' common floor shows %q", got)
	}
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 0}, {Kind: mdoc.KindPolygon, Index: pool}})
	if got := forms(e)[0].Entry("Floor height").Text; got != propgrid.Mixed {
		t.Fatalf("different floors show %q", got)
	}

	line := 0
	e.SetSelection(refs(0, mdoc.KindLine, line))
	if !strings.Contains(texts(e.inspector.box), "(clockwise)") {
		t.Fatalf("the line's inspector lacks its side:\n%s", texts(e.inspector.box))
	}
	test.Tap(check(t, e.inspector.box, "transparent"))
	if l.Lines[line].Flags&0x2000 == 0 || undoSteps(e) != 3 {
		t.Fatalf("ticking transparent left flags %#x, %d steps, %q", l.Lines[line].Flags, undoSteps(e), e.status.Text)
	}

	e.SetSelection([]document.Ref{{Kind: mdoc.KindLine, Index: 0}, {Kind: mdoc.KindObject, Index: 1}})
	test.Tap(button(t, e.inspector.box, "Only the 1 object"))
	if !slices.Equal(e.selection, []document.Ref{{Kind: mdoc.KindObject, Index: 1}}) {
		t.Fatalf("narrowing to objects left %v", e.selection)
	}
}

// TestShockInspectorAndBlockPuzzle: a tile's shape is a choice; the
// demo's panel opens the block puzzle editor, which says whether the
// puzzle is solvable after each change, shows the solution, and applies
// as one step.
func TestShockInspectorAndBlockPuzzle(t *testing.T) {
	e := openDemo(t, "shock")
	d := scol.Document(e.file)
	l := d.Archive.Levels[e.level]
	tile := 31*int(l.Info.Width) + 30
	e.SetSelection(refs(e.level, sdoc.KindTile, tile))
	var shape *widget.Select
	for _, o := range test.LaidOutObjects(e.inspector.box) {
		if s, ok := o.(*widget.Select); ok {
			shape = s
			break
		}
	}
	if shape == nil || shape.Selected != "open" {
		t.Fatalf("the tile's shape shows %v", shape)
	}
	shape.SetSelected("slope N")
	if l.Tiles[tile].Shape != scodec.ShapeSlopeN || undoSteps(e) != 1 {
		t.Fatalf("choosing slope N made shape %v", l.Tiles[tile].Shape)
	}

	panel := -1
	for i, o := range l.Objects {
		if o.Active != 0 && o.Class == scodec.ClassFixture {
			panel = i
		}
	}
	e.SetSelection(refs(e.level, sdoc.KindObject, panel))
	test.Tap(button(t, e.inspector.box, "Edit…"))
	dlg := e.Window().Canvas().Overlays().Top()
	if dlg == nil || !strings.Contains(texts(dlg), "Solvable in ") {
		t.Fatalf("the block puzzle editor does not say it is solvable:\n%s", texts(dlg))
	}
	var grid *cellgrid.Grid
	for _, o := range test.LaidOutObjects(dlg) {
		if g, ok := o.(*cellgrid.Grid); ok {
			grid = g
		}
	}
	test.Tap(button(t, dlg, "Show solution"))
	e2e.SavePNG(t, "block-puzzle", e.Window().Canvas().Capture())
	if !strings.Contains(canvasTexts(dlg), "1: ") {
		t.Fatalf("the solution is not marked on the grid:\n%s", canvasTexts(dlg))
	}
	// Emptying the source cell (row 1, column 0) cuts the power off.
	for grid.Value(1, 0) != 0 {
		grid.Cells()[1*4+0].Tapped(&fyne.PointEvent{})
	}
	if !strings.Contains(texts(dlg), "Not solvable") {
		t.Fatalf("with the source cell empty the editor says:\n%s", texts(dlg))
	}
	test.Tap(button(t, dlg, "Apply"))
	b, _ := d.BlockPuzzle(e.level, panel)
	if b.Cells[4] != scodec.CellEmpty || undoSteps(e) != 2 {
		t.Fatalf("applied cells %v, %d steps", b.Cells, undoSteps(e))
	}
}

// canvasTexts collects the canvas texts under o.
func canvasTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, x := range test.LaidOutObjects(o) {
		if t, ok := x.(*canvas.Text); ok {
			b.WriteString(t.Text + "\n")
		}
	}
	return b.String()
}

// TestWirePuzzleEditor: moving a wire end on the start board changes the
// verdict; Apply writes the moved arrangement as one step.
func TestWirePuzzleEditor(t *testing.T) {
	e := openDemo(t, "shock")
	d := scol.Document(e.file)
	panel, err := d.CreateObject(e.level, sdoc.ObjectSpec{Class: scodec.ClassFixture, Subclass: scodec.FixturePanel, X: 30<<8 | 0x80, Y: 29<<8 | 0x80, Z: 32})
	if err != nil {
		t.Fatal(err)
	}
	w := scodec.WirePuzzle{Wires: 2, Pins: 3, Algorithm: 1, TargetScore: 200,
		Targets: scodec.PackWirePositions([][2]int{{0, 0}, {1, 1}}), Current: scodec.PackWirePositions([][2]int{{0, 0}, {1, 1}})}
	if err := d.SetWirePuzzle(e.level, panel, w); err != nil {
		t.Fatal(err)
	}
	e.SetSelection(refs(e.level, sdoc.KindObject, panel))
	test.Tap(button(t, e.inspector.box, "Edit…"))
	dlg := e.Window().Canvas().Overlays().Top()
	if !strings.Contains(texts(dlg), "Solved already") {
		t.Fatalf("a start on the target says:\n%s", texts(dlg))
	}
	var boards []*wireboard.Board
	for _, o := range test.LaidOutObjects(dlg) {
		if b, ok := o.(*wireboard.Board); ok {
			boards = append(boards, b)
		}
	}
	// Drag the start's left end at pin 1 to pin 3.
	boards[0].Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: wireboard.PinAt(false, 2)},
		Dragged: fyne.NewDelta(0, wireboard.PinAt(false, 2).Y-wireboard.PinAt(false, 0).Y)})
	boards[0].DragEnd()
	if !strings.Contains(texts(dlg), "Solvable in 1 move:") {
		t.Fatalf("after moving a wire the editor says:\n%s", texts(dlg))
	}
	test.Tap(button(t, dlg, "Show solution"))
	e2e.SavePNG(t, "wire-puzzle", e.Window().Canvas().Capture())
	if !strings.Contains(texts(dlg), "left pin 3 to pin 1") {
		t.Fatalf("the solution reads:\n%s", texts(dlg))
	}
	steps := undoSteps(e)
	test.Tap(button(t, dlg, "Apply"))
	got, _ := d.WirePuzzle(e.level, panel)
	if got.CurrentPositions()[0] != [2]int{2, 0} || undoSteps(e) != steps+1 {
		t.Fatalf("applied start %v", got.CurrentPositions())
	}
}

// TestTurokInspector: an actor's spawn flags tick by name, and the target
// picker sets its target TID to the clicked actor's.
func TestTurokInspector(t *testing.T) {
	e := openDemo(t, "turok")
	m := tcol.Document(e.file).Map
	e.SetSelection(refs(0, tdoc.KindActor, 1))
	test.Tap(check(t, e.inspector.box, "Leader"))
	if m.Actors[1].SpawnFlags1&(1<<2) == 0 || undoSteps(e) != 1 {
		t.Fatalf("ticking Leader left spawn flags %#x", m.Actors[1].SpawnFlags1)
	}
	if n := drawnLines(e); n != 0 {
		t.Fatalf("%d links drawn before any actor has a target", n)
	}
	test.Tap(button(t, e.inspector.box, "Pick target actor"))
	target := m.Actors[3]
	clickInView(e, display.Vec2{X: float64(target.Origin.X), Y: float64(target.Origin.Y)}, 0)
	if m.Actors[1].TargetTID != target.TID || undoSteps(e) != 2 {
		t.Fatalf("picked target TID %d, want %d", m.Actors[1].TargetTID, target.TID)
	}
	if n := drawnLines(e); n != 1 {
		t.Fatalf("%d links drawn, want the one from actor 1 to its target", n)
	}
	e.SetSelection(refs(0, tdoc.KindSector, 0))
	if !strings.Contains(texts(e.inspector.box), "Sector set [0]") {
		t.Fatalf("the sector's inspector lacks its set:\n%s", texts(e.inspector.box))
	}
	test.Tap(check(t, e.inspector.box, "Climb"))
	if m.SectorSets[0].Flags&(1<<4) == 0 {
		t.Fatalf("ticking Climb left the set's flags %#x", m.SectorSets[0].Flags)
	}
}

// drawnLines counts the links drawn over the map.
func drawnLines(e *Editor) int { return e.view.LinksShown() }

// TestInspectorKeepsFormsForAnotherEntity: selecting another polygon
// gives the shown forms its title and values in place (building forms
// anew costs tens of milliseconds), the same as an inspector built for
// it alone shows; an error shown for the first one is gone.
func TestInspectorKeepsFormsForAnotherEntity(t *testing.T) {
	path := corpus.Path(t, "marathon", "m1", "Map.scen")
	open := func() *Editor {
		e := newTestEditor(t)
		e.files.load(path, path, false)
		e.jobs.wait()
		return e
	}
	e := open()
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 1}})
	first, shownFirst := forms(e), shownValues(e.inspector.box)
	if len(first) == 0 {
		t.Fatal("polygon 1 shows no form")
	}
	entry := &find(t, first[0], "editable entry", func(en *propgrid.FieldEntry) bool { return en.OnSubmitted != nil && !en.Disabled() }).Entry
	entry.SetText("not a number")
	entry.OnSubmitted("not a number")
	find(t, first[0], "error shown", func(l *widget.Label) bool { return l.Visible() && l.Importance == widget.DangerImportance })
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 2}})
	second, shownSecond := forms(e), shownValues(e.inspector.box)
	if !slices.Equal(first, second) {
		t.Error("selecting another polygon built the forms anew")
	}
	if shownSecond == shownFirst {
		t.Errorf("polygons 1 and 2 show the same:\n%s", shownSecond)
	}
	fresh := open()
	fresh.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 2}})
	if want := shownValues(fresh.inspector.box); shownSecond != want {
		t.Errorf("polygon 2 after polygon 1 shows\n%s\nwant, as shown alone:\n%s", shownSecond, want)
	}
}

// shownValues is the text of the labels under o and the values of its
// entries, selects and check boxes, one a line.
func shownValues(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, obj := range test.LaidOutObjects(o) {
		switch w := obj.(type) {
		case *widget.Label:
			if w.Visible() {
				b.WriteString(w.Text + "\n")
			}
		case *widget.Entry:
			b.WriteString("entry " + w.Text + "\n")
		case *widget.Select:
			b.WriteString("select " + w.Selected + "\n")
		case *widget.Check:
			b.WriteString(fmt.Sprintf("check %s %v\n", w.Text, w.Checked))
		}
	}
	return b.String()
}

// TestInspectorErrorGoesWithAChange: an error a field's setter gave stays
// while nothing changes, and goes once the document changes (here an
// undo), since it spoke of a value no longer shown.
func TestInspectorErrorGoesWithAChange(t *testing.T) {
	path := corpus.Path(t, "marathon", "m1", "Map.scen")
	e := newTestEditor(t)
	e.files.load(path, path, false)
	e.jobs.wait()
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 1}})
	entries := func() []*propgrid.FieldEntry {
		var out []*propgrid.FieldEntry
		for _, o := range test.LaidOutObjects(e.inspector.box) {
			if en, ok := o.(*propgrid.FieldEntry); ok && en.OnSubmitted != nil && !en.Disabled() {
				out = append(out, en)
			}
		}
		return out
	}
	errorShown := func() bool {
		for _, o := range test.LaidOutObjects(e.inspector.box) {
			if l, ok := o.(*widget.Label); ok && l.Visible() && l.Importance == widget.DangerImportance {
				return true
			}
		}
		return false
	}
	for _, en := range entries() {
		if en.Text != "" {
			en.OnSubmitted("1") // some value: a step, or an error
			if steps, _ := e.file.History().Steps(); steps > 0 {
				break
			}
		}
	}
	if steps, _ := e.file.History().Steps(); steps == 0 {
		t.Fatal("no entry of polygon 1 made a step")
	}
	entries()[0].OnSubmitted("not a number")
	if !errorShown() {
		t.Fatal("a refused value shows no error")
	}
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 1}})
	if !errorShown() {
		t.Error("showing the same polygon again hid the error")
	}
	e.Undo()
	if errorShown() {
		t.Error("the error stayed after an undo")
	}
}

// TestLinksLayerHidesEveryLink: hiding the Links layer hides the lines
// drawn for links over the map too, not only the scene's arrows;
// showing it brings them back.
func TestLinksLayerHidesEveryLink(t *testing.T) {
	path := corpus.Path(t, "turok", "kex18-vis.map")
	e := newTestEditor(t)
	e.files.load(path, path, false)
	e.jobs.wait()
	shown := drawnLines(e)
	if shown == 0 {
		t.Fatal("the map draws no link")
	}
	e.legend.ShowLayer("Links", false)
	if n := drawnLines(e); n != 0 {
		t.Errorf("%d links drawn with the Links layer hidden", n)
	}
	e.legend.ShowLayer("Links", true)
	if n := drawnLines(e); n != shown {
		t.Errorf("%d links drawn after showing the layer again, were %d", n, shown)
	}
}

// TestPolygonInspectorFitsPane: at 1280x800 a Marathon polygon's
// inspector is no wider than its pane, and every button in it (the New
// buttons beside the lights, liquid and sounds) lies inside the pane.
func TestPolygonInspectorFitsPane(t *testing.T) {
	e := openDemo(t, "marathon")
	e.Window().Resize(fyne.NewSize(1280, 800))
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 0}})
	e.Window().Canvas().Capture()
	d := fyne.CurrentApp().Driver()
	pane := d.AbsolutePositionForObject(e.inspector.scroll)
	right := pane.X + e.inspector.scroll.Size().Width
	if w := e.inspector.box.MinSize().Width; w > e.inspector.scroll.Size().Width {
		t.Errorf("the inspector needs %.0f px, its pane is %.0f", w, e.inspector.scroll.Size().Width)
	}
	news := 0
	for _, o := range test.LaidOutObjects(e.inspector.box) {
		b, ok := o.(*widget.Button)
		if !ok {
			continue
		}
		if b.Text == "New" {
			news++
		}
		at := d.AbsolutePositionForObject(b)
		if at.X < pane.X || at.X+b.Size().Width > right+0.5 {
			t.Errorf("button %q runs from x %.1f to %.1f, the pane from %.1f to %.1f", b.Text, at.X, at.X+b.Size().Width, pane.X, right)
		}
	}
	if news < 6 {
		t.Errorf("the polygon inspector has %d New buttons, want one for each light, the liquid and the sounds", news)
	}
}

// TestTurokInspectorFitsPane: at 1280x800 the inspector of a Turok
// actor, sector (with its set) and static mesh is no wider than its
// pane, every editor and button in it lies inside the pane, no label is
// narrower than its longest word (which would break the word across
// lines), and no choice narrower than its chosen name; the actor's
// flags lie in columns.
func TestTurokInspectorFitsPane(t *testing.T) {
	e := newTestEditor(t)
	e.Open(corpus.Path(t, "turok", "kex18-vis.map")) // a map with static meshes
	e.jobs.wait()
	e.Window().Resize(fyne.NewSize(1280, 800))
	for _, ref := range []document.Ref{{Kind: tdoc.KindActor, Index: 0}, {Kind: tdoc.KindSector, Index: 0}, {Kind: tdoc.KindMesh, Index: 0}} {
		e.SetSelection([]document.Ref{ref})
		e.Window().Canvas().Capture()
		inspectorFits(t, e, string(ref.Kind))
		if ref.Kind == tdoc.KindActor {
			flagsInColumns(t, e)
		}
	}
}

// flagsInColumns checks that each flags field of the inspector lays its
// check boxes out in two columns or more.
func flagsInColumns(t *testing.T, e *Editor) {
	t.Helper()
	d := fyne.CurrentApp().Driver()
	columns := map[string]map[float32]bool{}
	for _, s := range e.inspector.sections {
		if s.form == nil {
			continue
		}
		for key, check := range s.form.Checks() {
			field, _, _ := strings.Cut(key, ": ")
			if columns[field] == nil {
				columns[field] = map[float32]bool{}
			}
			columns[field][d.AbsolutePositionForObject(check).X] = true
		}
	}
	if len(columns) == 0 {
		t.Fatal("the actor's inspector shows no flags")
	}
	for field, xs := range columns {
		if len(xs) < 2 {
			t.Errorf("the actor's %s lie in %d column in a pane %.0f px wide, want two or more", field, len(xs), e.inspector.scroll.Size().Width)
		}
	}
}

// TestInspectorsFitPane: likewise for a Marathon polygon, line and
// object and a System Shock tile and object, on the bundled demos.
func TestInspectorsFitPane(t *testing.T) {
	for game, kinds := range map[string][]document.Kind{
		"marathon": {mdoc.KindPolygon, mdoc.KindLine, mdoc.KindObject},
		"shock":    {sdoc.KindTile, sdoc.KindObject},
	} {
		e := openDemo(t, game)
		e.Window().Resize(fyne.NewSize(1280, 800))
		for _, kind := range kinds {
			e.SetSelection([]document.Ref{{Kind: kind, Index: 0}})
			e.Window().Canvas().Capture()
			inspectorFits(t, e, game+" "+string(kind))
		}
	}
}

// inspectorFits checks that the inspector's objects lie inside its pane
// and that its labels break no word.
func inspectorFits(t *testing.T, e *Editor, what string) {
	t.Helper()
	d := fyne.CurrentApp().Driver()
	pane := d.AbsolutePositionForObject(e.inspector.scroll)
	right := pane.X + e.inspector.scroll.Size().Width
	if w := e.inspector.box.MinSize().Width; w > e.inspector.scroll.Size().Width {
		t.Errorf("%s: the inspector needs %.0f px, its pane is %.0f", what, w, e.inspector.scroll.Size().Width)
	}
	editors := 0
	for _, o := range test.LaidOutObjects(e.inspector.box) {
		if !o.Visible() {
			continue
		}
		name := ""
		switch x := o.(type) {
		case *widget.Label:
			for _, word := range strings.Fields(x.Text) {
				need := fyne.MeasureText(word, theme.TextSize(), x.TextStyle).Width + 2*theme.InnerPadding()
				if x.Wrapping != fyne.TextWrapOff && x.Size().Width < need {
					t.Errorf("%s: label %q is %.0f px wide, its word %q needs %.0f", what, x.Text, x.Size().Width, word, need)
				}
			}
			continue
		case *propgrid.FieldEntry:
			name = "entry " + x.Text
		case *widget.Select:
			name = "choice " + x.Selected
			need := fyne.MeasureText(x.Selected, theme.TextSize(), fyne.TextStyle{}).Width
			if x.Size().Width < need && need+x.MinSize().Width <= e.inspector.scroll.Size().Width {
				t.Errorf("%s: the choice %q is %.0f px wide, its name needs %.0f", what, x.Selected, x.Size().Width, need)
			}
		case *widget.Button:
			name = "button " + x.Text
		case *widget.Check:
			name = "check box " + x.Text
		default:
			continue
		}
		editors++
		at := d.AbsolutePositionForObject(o)
		if at.X < pane.X || at.X+o.Size().Width > right+0.5 {
			t.Errorf("%s: %s runs from x %.1f to %.1f, the pane from %.1f to %.1f", what, name, at.X, at.X+o.Size().Width, pane.X, right)
		}
	}
	if editors < 5 {
		t.Errorf("%s: the inspector shows %d editors", what, editors)
	}
}
