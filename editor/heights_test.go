package editor

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/codecs/bin"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	tcol "github.com/levelwright/levelwright/editor/turok"
)

// TestTurokHeightTool raises a hill in the window: H chooses the height
// tool, a click and a Shift+click select two vertices, and a drag 40
// pixels up raises both 40 units as one step; the saved map checks
// without errors.
func TestTurokHeightTool(t *testing.T) {
	e := openDemo(t, "turok")
	m := tcol.Document(e.file).Map
	typeInView(e, fyne.KeyH)
	at := func(v int) display.Vec2 {
		p := m.Vertices[v].Position
		return display.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
	clickInView(e, at(18), 0)
	clickInView(e, at(17), fyne.KeyModifierShift)
	want := []document.Ref{{Kind: tdoc.KindVertex, Index: 18}, {Kind: tdoc.KindVertex, Index: 17}}
	if len(e.selection) != 2 || e.selection[0] != want[0] || e.selection[1] != want[1] {
		t.Fatalf("selected %v, want %v", e.selection, want)
	}
	z17, z18, z19 := m.Vertices[17].Position.Z, m.Vertices[18].Position.Z, m.Vertices[19].Position.Z
	dragInView(e, at(18), 0, -40)
	if m.Vertices[17].Position.Z != z17+40 || m.Vertices[18].Position.Z != z18+40 || m.Vertices[19].Position.Z != z19 || undoSteps(e) != 1 {
		t.Fatalf("dragged 40 pixels up: vertices 17, 18, 19 at %g, %g, %g (from %g, %g, %g) in %d steps",
			m.Vertices[17].Position.Z, m.Vertices[18].Position.Z, m.Vertices[19].Position.Z, z17, z18, z19, undoSteps(e))
	}
	data, err := e.file.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	saved, err := tcodec.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if errs := bin.Errors(saved.Check()); len(errs) > 0 {
		t.Errorf("the raised map has errors: %v", errs)
	}
}
