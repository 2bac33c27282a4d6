package editor

import (
	"fmt"
	"image"
	"math"
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

// TestLegendFollowsEdits: raising a vertex above the map's highest floor
// widens the range the floor heights' gradient spans, and the legend
// writes the new top.
func TestLegendFollowsEdits(t *testing.T) {
	e, _ := openNewTurokMap(t)
	d := tcol.Document(e.file)
	v := d.Map.Vertices[d.Map.Sectors[0].Vertices[0]]
	hi := func() float64 { // the highest sector floor: the mean of its corners' heights
		top := math.Inf(-1)
		for _, sec := range d.Map.Sectors {
			var z float64
			for _, k := range sec.Vertices {
				z += float64(d.Map.Vertices[k].Position.Z)
			}
			top = max(top, z/3)
		}
		return top
	}
	before := hi()
	v.Position.Z += 3000
	if err := d.MoveVertex(int(d.Map.Sectors[0].Vertices[0]), v); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("\n%.0f\n", hi())
	if hi() == before || !strings.Contains(legendText(e), want) {
		t.Errorf("after raising a floor to %.0f the legend reads %q", hi(), legendText(e))
	}
}
