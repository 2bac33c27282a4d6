package editor

import (
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/turokmap"
	"image"
	"math"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	tcol "github.com/levelwright/levelwright/editor/turok"
)

// legendText is the text of the legend's rows, a line each (as the
// texts that draw them, a label's too).
func legendText(e *Editor) string {
	var b strings.Builder
	for _, o := range test.LaidOutObjects(e.legend.box) {
		if t, ok := o.(*canvas.Text); ok {
			b.WriteString(t.Text + "\n")
		}
	}
	return b.String()
}

// viewPixels counts the sampled pixels of the viewport that differ
// between two captures.
func viewPixels(e *Editor, before, after image.Image) int {
	abs, size := fyne.CurrentApp().Driver().AbsolutePositionForObject(e.view), e.view.Size()
	differ := 0
	for y := int(abs.Y); y < int(abs.Y+size.Height); y += 4 {
		for x := int(abs.X); x < int(abs.X+size.Width); x += 4 {
			if before.At(x, y) != after.At(x, y) {
				differ++
			}
		}
	}
	return differ
}

// checkedItems names the checked items of a submenu.
func checkedItems(item *fyne.MenuItem) []string {
	var out []string
	for _, i := range item.ChildMenu.Items {
		if i.Checked {
			out = append(out, i.Label)
		}
	}
	return out
}

// TestDrawModeRedrawsAndLegendFollows: on a Turok map, the View menu's
// Draw Mode switches the map from floor heights to sector sets: the map
// is drawn again, the menu marks the new mode, and the legend says what
// the new colours mean; the legend's own list switches back. Hiding the
// actors' layer takes them off the legend and unchecks them.
func TestDrawModeRedrawsAndLegendFollows(t *testing.T) {
	e, _ := openNewTurokMap(t)
	if got := legendText(e); !strings.HasPrefix(got, "Floor height (map units)\n") || !e.legend.frame.Visible() {
		t.Fatalf("the legend of a level just opened reads %q", got)
	}
	if got := checkedItems(e.legend.drawModeItem); len(got) != 1 || got[0] != "Floor height" {
		t.Fatalf("the Draw Mode menu marks %v", got)
	}
	before := e.Window().Canvas().Capture()
	e.legend.drawModeItem.ChildMenu.Items[1].Action()
	after := e.Window().Canvas().Capture()
	if e.scene.ModeName() != "Sector set" {
		t.Fatalf("the map is in mode %q", e.scene.ModeName())
	}
	if n := viewPixels(e, before, after); n < 50 {
		t.Errorf("switching the mode changed %d sampled pixels of the map", n)
	}
	if got := checkedItems(e.legend.drawModeItem); len(got) != 1 || got[0] != "Sector set" {
		t.Errorf("the Draw Mode menu marks %v", got)
	}
	if got := legendText(e); !strings.HasPrefix(got, "Sector set\nset 0\n") || e.legend.modeChoice.Selected != "Sector set" {
		t.Errorf("after the switch the legend reads %q, its list shows %q", got, e.legend.modeChoice.Selected)
	}
	e.legend.modeChoice.SetSelected("Floor height")
	if got := legendText(e); e.scene.ModeName() != "Floor height" || !strings.HasPrefix(got, "Floor height") {
		t.Errorf("the legend's list chose mode %q; the legend reads %q", e.scene.ModeName(), got)
	}
	if !strings.Contains(legendText(e), "Actors\n") {
		t.Fatalf("the legend does not show the actors' glyph: %q", legendText(e))
	}
	for _, item := range e.legend.layersItem.ChildMenu.Items {
		if item.Label == "Actors" {
			item.Action()
		}
	}
	if strings.Contains(legendText(e), "Actors\n") || e.scene.Shown("Actors") || len(e.scene.List.Markers) != 0 {
		t.Errorf("hidden actors: legend %q, shown %v, %d markers", legendText(e), e.scene.Shown("Actors"), len(e.scene.List.Markers))
	}
	for _, item := range e.legend.layersItem.ChildMenu.Items {
		if item.Label == "Actors" && item.Checked {
			t.Error("the Layers menu still checks the hidden actors")
		}
	}
	grid := e.legend.layersItem.ChildMenu.Items[0]
	if grid.Label != "Grid" || !grid.Checked || e.scene.List.Grid == nil {
		t.Fatalf("the Layers menu begins with %q (checked %v); the map's grid is %v", grid.Label, grid.Checked, e.scene.List.Grid)
	}
	grid.Action()
	if grid = e.legend.layersItem.ChildMenu.Items[0]; grid.Checked || e.scene.List.Grid != nil {
		t.Errorf("Grid turned off: checked %v, the map's grid %v", grid.Checked, e.scene.List.Grid)
	}
}

// TestLegendFollowsEdits: raising a vertex far above the map's highest
// floor widens the range the floor heights' gradient spans, and the
// legend writes the new top: at or above the new highest floor, in whole
// steps, with room to spare but not more than a quarter of the range. A
// raise within that room leaves the scene as it is.
func TestLegendFollowsEdits(t *testing.T) {
	e, _ := openNewTurokMap(t)
	d := tcol.Document(e.file)
	floors := func() (lo, hi float64) { // the range of sector floors: the mean of their corners' heights
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, sec := range d.Map.Sectors {
			var z float64
			for _, k := range sec.Vertices {
				z += float64(d.Map.Vertices[k].Position.Z)
			}
			lo, hi = min(lo, z/3), max(hi, z/3)
		}
		return lo, hi
	}
	raise := func(by float32) {
		t.Helper()
		k := int(d.Map.Sectors[0].Vertices[0])
		v := d.Map.Vertices[k]
		v.Position.Z += by
		if err := d.MoveVertex(k, v); err != nil {
			t.Fatal(err)
		}
	}
	raise(3000)
	lo, hi := floors()
	lines := strings.Split(legendText(e), "\n")
	top, err := strconv.ParseFloat(lines[2], 64)
	if err != nil || top < hi || top > hi+(hi-lo)/4+16 || math.Mod(top, 16) != 0 {
		t.Fatalf("after raising a floor to %.0f (lowest %.0f) the legend reads %q", hi, lo, legendText(e))
	}
	raise(3) // the highest floor raised by 1 unit, within the room
	if _, now := floors(); now <= hi || e.scene.Rebuilt() {
		t.Errorf("raising the highest floor from %.1f to %.1f, within the span, rebuilt the scene (%v)", hi, now, e.scene.Rebuilt())
	}
}

// TestBrushStrokeHoldsColours: while a Brush stroke raises floors past
// the floor colours' span, the scene is not built again at each dab
// (the floors take the span's top colour); when it ends, the scene is
// built again with a span and legend that hold the new floors, and the
// stroke stays done, one step.
func TestBrushStrokeHoldsColours(t *testing.T) {
	e, _ := openTurokMap(t, turokmap.Hills(16))
	typeInView(e, fyne.KeyB)
	if e.tools.chosen.Name != "Brush" {
		t.Fatalf("B chose %q", e.tools.chosen.Name)
	}
	top := func() float64 {
		lines := strings.Split(legendText(e), "\n")
		v, err := strconv.ParseFloat(lines[2], 64)
		if err != nil {
			t.Fatalf("the legend reads %q", legendText(e))
		}
		return v
	}
	before, steps := top(), undoSteps(e)
	mid := display.Vec2{X: 512, Y: 512}
	if !e.press(0, mid, 0) {
		t.Fatal("the Brush took no press")
	}
	for i := range 8 {
		e.dragTo(display.Vec2{X: mid.X + float64((i+1)%2)*192, Y: mid.Y})
		if e.scene.Rebuilt() {
			t.Fatalf("dab %d built the scene again", i+2)
		}
	}
	if top() != before {
		t.Errorf("the legend's top went from %.0f to %.0f during the stroke", before, top())
	}
	d := tcol.Document(e.file)
	var highest float64
	for _, sec := range d.Map.Sectors {
		var z float64
		for _, k := range sec.Vertices {
			z += float64(d.Map.Vertices[k].Position.Z)
		}
		highest = max(highest, z/3)
	}
	if highest <= before {
		t.Fatalf("the stroke raised the highest floor to %.0f, not past the span's top %.0f", highest, before)
	}
	e.releaseDrag()
	if top() < highest {
		t.Errorf("after the stroke the legend's top is %.0f, under the highest floor %.0f", top(), highest)
	}
	if undoSteps(e) != steps+1 {
		t.Errorf("the stroke is %d steps, want 1", undoSteps(e)-steps)
	}
}

// TestBrushHoverShowsEdge: with the Brush chosen, the pointer's moves
// over the map show the brush's edge around it, also after a stroke; it
// goes when the pointer leaves the map or another tool is chosen.
func TestBrushHoverShowsEdge(t *testing.T) {
	e, _ := openNewTurokMap(t)
	typeInView(e, fyne.KeyB)
	if e.tools.chosen == nil || e.tools.chosen.Name != "Brush" {
		t.Fatalf("B chose %v, want the Brush", e.tools.chosen)
	}
	edgeAround := func(at display.Vec2) bool {
		path := e.view.Path()
		if len(path) < 8 {
			return false
		}
		for _, p := range path {
			if math.Abs(math.Hypot(p.X-at.X, p.Y-at.Y)-512) > 0.01 {
				return false
			}
		}
		return true
	}
	at := display.Vec2{X: 300, Y: 400}
	e.showCursor(at, 0)
	if !edgeAround(at) {
		t.Fatalf("hovering at %v shows %d points, want the brush's edge of radius 512 around it", at, len(e.view.Path()))
	}
	e.pointerLeft()
	if len(e.view.Path()) != 0 {
		t.Error("the edge stays after the pointer left the map")
	}
	if !e.press(0, at, 0) {
		t.Fatal("the Brush took no press")
	}
	end := display.Vec2{X: 700, Y: 400}
	e.dragTo(end)
	e.releaseDrag()
	// The stroke may have raised the floors past the colours' span: the
	// scene built again takes the paths away, and the next move shows
	// the edge again.
	if len(e.view.Path()) != 0 && !edgeAround(end) {
		t.Errorf("after the stroke the path has %d points, not the edge around where it ended", len(e.view.Path()))
	}
	e.showCursor(at, 0)
	if !edgeAround(at) {
		t.Errorf("hovering after the stroke shows %d points, want the edge around %v", len(e.view.Path()), at)
	}
	e.tools.choose(e.tools.list[0])
	if len(e.view.Path()) != 0 {
		t.Errorf("the edge stays after %s was chosen", e.tools.list[0].Name)
	}
}
