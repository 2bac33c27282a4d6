package editor

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/tool"
)

// TestMeasure: the Measure tool (U) lays a path by clicks and says, in
// the game's units (Marathon's world units, 1024 steps each), the last
// leg to the pointer and the whole path; in 3D it says the height
// between the first and last points; over a line it says the line's
// length.
func TestMeasure(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	openMarathon(t, e, "marathon", "eternal", "Aaron-Eternal.sceA")
	var measure *tool.Tool
	for _, tl := range e.tools.list {
		if tl.Name == "Measure" {
			measure = tl
		}
	}
	if measure == nil {
		t.Fatal("no Measure tool")
	}
	path := measure.Click(tool.Pointer{At: display.Vec2{X: 0, Y: 0}})
	path.Click(tool.Pointer{At: display.Vec2{X: 3072, Y: 0}})
	e.clicks = path
	path.Hover(display.Vec2{X: 3072, Y: 4096})
	if got, want := e.status.Text, "Measure: leg 4.00 WU, path 7.00 WU over 2 points"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	path.Cancel()
	e.clicks = nil

	h0, h1 := display.Vec3{X: 0, Y: 0, Z: 512}, display.Vec3{X: 1024, Y: 0, Z: 2560}
	path = measure.Click(tool.Pointer{At: display.Vec2{X: h0.X, Y: h0.Y}, Hit: &h0})
	path.Click(tool.Pointer{At: display.Vec2{X: h1.X, Y: h1.Y}, Hit: &h1})
	if !strings.HasSuffix(e.status.Text, "height 2.00 WU") {
		t.Errorf("in 3D: %q", e.status.Text)
	}
	path.Cancel()

	e.tools.choose(measure)
	line := e.scene.List.Lines[0]
	length, ok := e.lineLength(line.ID)
	want := math.Hypot(line.B.X-line.A.X, line.B.Y-line.A.Y)
	if !ok || length != "length "+e.inUnits(want) || !strings.HasSuffix(length, " WU") {
		t.Errorf("line length %q, want %.2f WU", length, want/1024)
	}
}
