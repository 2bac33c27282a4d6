package turok

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/tool"
)

// TestBrushTool: a stroke of the brush, a dab at the press and more as
// the pointer moves, is one step that raises the floors under it and
// carries the actor standing there; Escape takes a stroke back; each
// brush keeps its own amount; a brush that cannot be applied says why
// and holds the drag without a step (the map does not pan); the options fit
// the map view, and the help the status bar, at the window's first size.
func TestBrushTool(t *testing.T) {
	f, h, tl := newMapTool(t, (*session).brushTool, fyne.KeyB)
	m := f.d.Map
	// The help shows in the status bar, which must not widen the window
	// past its first 1280.
	if w := widget.NewLabel(tl.Help).MinSize().Width; w > 1000 {
		t.Errorf("the help is %.0f wide, more than the status bar", w)
	}
	radios, entries, _ := options(tl)
	brushes, ok := tl.Options.(*fyne.Container).Objects[0].(*widget.Select)
	if !ok || len(radios) != 1 || len(entries) != 3 {
		t.Fatalf("options %v, want the brush, the field, and radius, falloff and amount", tl.Options.(*fyne.Container).Objects)
	}
	entries[0].SetText("300") // vertex 12 and the four beside it, 256 away
	entries[1].SetText("0")
	entries[2].SetText("10")
	before := steps(f)
	drag := tl.Press(tool.Pointer{At: display.Vec2{X: 512, Y: 512}})
	drag.To(display.Vec2{X: 530, Y: 512}) // under a quarter of the radius: no dab
	drag.To(display.Vec2{X: 600, Y: 512}) // a dab: 12 and 13 within 300, 11 not
	drag.Release()
	if got := floors(m, 12, 13, 11, 7); !slices.Equal(got, []float32{20, 20, 10, 20}) || steps(f) != before+1 {
		t.Errorf("a stroke of two dabs: floors %v in %d steps, want 20, 20, 10, 20 in 1", got, steps(f)-before)
	}
	if z := m.Actors[0].Origin.Z; z != 20 {
		t.Errorf("the player start on vertex 12 is at %g, want 20 on the raised floor", z)
	}
	if !strings.Contains(h.status, "Raise Floor") {
		t.Errorf("status %q, want the brush named", h.status)
	}

	brushes.SetSelected(tdoc.SetBrush.String())
	entries[2].SetText("-40")
	drag = tl.Press(tool.Pointer{At: display.Vec2{X: 0, Y: 0}})
	if m.Vertices[0].Position.Z != -40 {
		t.Errorf("the Set brush put vertex 0 at %g, want -40", m.Vertices[0].Position.Z)
	}
	drag.Cancel()
	if m.Vertices[0].Position.Z != 0 || steps(f) != before+1 {
		t.Errorf("cancelled: vertex 0 at %g, %d steps; want 0 and the stroke gone", m.Vertices[0].Position.Z, steps(f)-before)
	}

	// Each brush keeps its own amount: Flatten starts at half strength,
	// and Raise and Set keep what was typed for them.
	brushes.SetSelected(tdoc.FlattenBrush.String())
	if entries[2].Text != "0.5" {
		t.Errorf("Flatten's amount is %q, want its default strength 0.5", entries[2].Text)
	}
	brushes.SetSelected(tdoc.RaiseBrush.String())
	if entries[2].Text != "10" {
		t.Errorf("Raise's amount is %q after Flatten, want the 10 typed for it", entries[2].Text)
	}
	brushes.SetSelected(tdoc.SetBrush.String())
	if entries[2].Text != "-40" {
		t.Errorf("Set's amount is %q, want the -40 typed for it", entries[2].Text)
	}

	// A brush that cannot be applied says why, and holds the drag so
	// that the map does not pan under it, saying why again as it moves.
	entries[1].SetText("2")
	heights := floors(m, 0, 12)
	drag = tl.Press(tool.Pointer{At: display.Vec2{X: 0, Y: 0}})
	if drag == nil || !strings.Contains(h.status, "falloff") {
		t.Fatalf("a falloff of 2 gave drag %v, status %q; want the drag held and why", drag, h.status)
	}
	h.status = ""
	drag.To(display.Vec2{X: 300, Y: 0})
	drag.Release()
	if !strings.Contains(h.status, "falloff") || !slices.Equal(floors(m, 0, 12), heights) || steps(f) != before+1 {
		t.Errorf("the refused drag said %q, left floors %v (were %v) in %d steps", h.status, floors(m, 0, 12), heights, steps(f)-before)
	}
}

// TestVertexToolBox: in the vertex tool a drag from empty map selects
// the vertices in a box, Shift adding them, and makes no step; a press
// on a vertex still drags it.
func TestVertexToolBox(t *testing.T) {
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")}
	h := &heightHost{selection: []document.Ref{vertexRef(24)}}
	tl := f.vertexTool(h)
	box := tl.Press(tool.Pointer{At: display.Vec2{X: -10, Y: 300}})
	box.To(display.Vec2{X: 300, Y: 520})
	box.Release()
	if want := []document.Ref{vertexRef(10), vertexRef(11)}; !slices.Equal(h.selection, want) || steps(f) != 0 {
		t.Errorf("the box selected %v, want %v, and no step", h.selection, want)
	}
	box = tl.Press(tool.Pointer{At: display.Vec2{X: 1100, Y: 1100}, Mods: fyne.KeyModifierShift})
	box.To(display.Vec2{X: 1000, Y: 1000})
	box.Release()
	if want := []document.Ref{vertexRef(10), vertexRef(11), vertexRef(24)}; !slices.Equal(h.selection, want) {
		t.Errorf("a Shift+box selected %v, want %v", h.selection, want)
	}
	drag := tl.Press(tool.Pointer{At: display.Vec2{X: 258, Y: 2}})
	drag.To(display.Vec2{X: 300, Y: 40})
	drag.Release()
	if p := f.d.Map.Vertices[1].Position; p.X != 300 || p.Y != 40 || steps(f) != 1 {
		t.Errorf("dragging vertex 1 left it at %+v in %d steps", p, steps(f))
	}
}

// TestDescribePoint: the status bar gets the floor's height under the
// pointer, to hundredths, and nothing off the map.
func TestDescribePoint(t *testing.T) {
	f := &session{d: tdoc.New("new.map")}
	if err := f.d.SetVertexHeights([]int{6}, tdoc.Floor, 96); err != nil {
		t.Fatal(err)
	}
	// Sector 0, (0, 0), (256, 0), (256, 256), rises with y to 96 at
	// vertex 6: at y 40 it is 15, at y 1 0.375.
	for at, want := range map[display.Vec2]string{{X: 100, Y: 40}: "floor 15", {X: 100, Y: 1}: "floor 0.38", {X: -50, Y: 10}: ""} {
		if got := f.DescribePoint(0, at); got != want {
			t.Errorf("at %v: %q, want %q", at, got, want)
		}
	}
}
