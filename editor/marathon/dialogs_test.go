package marathon

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// dialogHost is a geometry tools' host with a window that shows the
// dialogs the tools and the inspector open.
type dialogHost struct {
	*geomHost
	win fyne.Window
}

func (h dialogHost) Window() fyne.Window  { return h.win }
func (h dialogHost) Show(d dialog.Dialog) { d.Show() }

// newDialogSession is the geometry tools' session with a window of the
// editor's size for its dialogs.
func newDialogSession(t *testing.T) (*session, dialogHost) {
	t.Helper()
	f, g := newGeomSession(t)
	w := test.NewWindow(widget.NewLabel("map"))
	w.Resize(fyne.NewSize(1280, 800))
	t.Cleanup(w.Close)
	return f, dialogHost{geomHost: g, win: w}
}

// shownDialog is the content of the dialog over h's window, nil for none.
func shownDialog(h dialogHost) fyne.CanvasObject { return h.win.Canvas().Overlays().Top() }

// TestParamsDialogShowsItsFields: the level parameters dialog opens tall
// enough to show many of its fields, not only the first row of its
// scroll, which is all a scroll asks for.
func TestParamsDialogShowsItsFields(t *testing.T) {
	f, h := newDialogSession(t)
	f.paramsDialog(h, 0).Show()
	var scroll *container.Scroll
	for _, s := range laidOut[*container.Scroll](shownDialog(h)) {
		if _, ok := s.Content.(*propgrid.Form); ok {
			scroll = s
		}
	}
	if scroll == nil {
		t.Fatal("the dialog has no scroll of the parameters' form")
	}
	if shown, all := scroll.Size().Height, scroll.Content.MinSize().Height; shown < min(all, 400) {
		t.Errorf("the dialog shows %.0f of the form's %.0f pixels", shown, all)
	}
}

// TestNoteToolDialog: a click outside every polygon says so and asks
// nothing; a click in a polygon asks for the text with the entry
// focused, and Enter places the annotation, one step, selected.
func TestNoteToolDialog(t *testing.T) {
	f, h := newDialogSession(t)
	note := geomTool(t, f, h, "Annotate", fyne.KeyN)
	note.Click(click(9000, 9000))
	if shownDialog(h) != nil || !strings.Contains(h.status, "click in a polygon") {
		t.Fatalf("a click outside the polygons: dialog %v, status %q", shownDialog(h), h.status)
	}
	note.Click(click(1000, 1000))
	entry, ok := h.win.Canvas().Focused().(*widget.Entry)
	if shownDialog(h) == nil || !ok {
		t.Fatalf("a click in room 0: dialog %v, focused %T; want the text entry focused", shownDialog(h), h.win.Canvas().Focused())
	}
	test.Type(entry, "Exit")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	l := f.d.Levels[0]
	if len(l.Notes) != 1 || mcodec.FixedString(l.Notes[0].Text[:]) != "Exit" || steps(f) != 1 || shownDialog(h) != nil {
		t.Fatalf("after Enter: %d annotations, %d steps, dialog %v", len(l.Notes), steps(f), shownDialog(h))
	}
	if len(h.selected) != 1 || h.selected[0].Kind != mdoc.KindAnnotation {
		t.Errorf("selected %v, want the annotation", h.selected)
	}
}

// TestToolsRefuseOffMapPoints: a point beyond the map's edge (32 WU from
// its middle) is refused with the reason, not moved to the edge, by the
// line, polygon and fill tools; no step is made.
func TestToolsRefuseOffMapPoints(t *testing.T) {
	f, h := newGeomSession(t)
	lines := geomTool(t, f, h, "Draw lines", fyne.KeyL)
	draw := geomTool(t, f, h, "Draw polygon", fyne.KeyD)
	fill := geomTool(t, f, h, "Fill", fyne.KeyF)
	l := f.d.Levels[0]
	refused := func(what string) {
		t.Helper()
		if steps(f) != 0 || len(l.Lines) != 7 || !strings.Contains(h.status, "beyond the map's edge") {
			t.Errorf("%s: %d steps, %d lines, status %q", what, steps(f), len(l.Lines), h.status)
		}
		h.status = ""
	}
	if path := lines.Click(click(40000, 0)); path != nil {
		t.Error("a stroke began off the map")
	}
	refused("a stroke's first point off the map")

	path := lines.Click(click(30000, 0))
	if path.Click(click(34000, 0)) {
		t.Error("a point off the map ended the stroke")
	}
	refused("a stroke's second point off the map")
	path.Click(click(30000, 3000))
	path.Finish()
	if len(l.Lines) != 8 || l.Points[len(l.Points)-1] != (mcodec.Point{X: 30016, Y: 3008}) {
		t.Errorf("the stroke without the point off the map made %d lines, ending at %v", len(l.Lines), l.Points[len(l.Points)-1])
	}

	before := steps(f)
	path = draw.Click(click(30000, 10000))
	for _, c := range [][2]float64{{36000, 10000}, {30000, 14000}, {30000, 10000}} {
		path.Click(click(c[0], c[1]))
	}
	path.Finish()
	if steps(f) != before || len(l.Polygons) != 2 || !strings.Contains(h.status, "beyond the map's edge") {
		t.Errorf("a polygon with a corner off the map: %d steps, %d polygons, status %q", steps(f)-before, len(l.Polygons), h.status)
	}
	h.status = ""
	fill.Click(click(-40000, 500))
	if steps(f) != before || !strings.Contains(h.status, "beyond the map's edge") {
		t.Errorf("a fill off the map: %d steps, status %q", steps(f)-before, h.status)
	}
}

// TestEndpointInspector: the endpoint a split makes shows where it is in
// the inspector; its Y moves it as one step, and a Y that would dent its
// polygon is refused with no step and no changed byte.
func TestEndpointInspector(t *testing.T) {
	f, h := newDialogSession(t)
	geomTool(t, f, h, "Split line", fyne.KeyK).Click(click(1000, 5))
	if len(h.selected) != 1 || h.selected[0].Kind != mdoc.KindEndpoint {
		t.Fatalf("the split selected %v", h.selected)
	}
	v := h.selected[0].Index
	sections := f.Inspect(h, mdoc.KindEndpoint, []int{v})
	if len(sections) != 1 || len(sections[0].Fields) != 2 {
		t.Fatalf("endpoint %d's inspector: %+v", v, sections)
	}
	form := propgrid.New(sections[0].Fields)
	w := test.NewWindow(form)
	defer w.Close()
	if x, y := form.Entry("X"), form.Entry("Y"); x == nil || y == nil || x.Text != "1" || y.Text != "0" {
		t.Fatalf("endpoint %d shows X %v, Y %v; want 1 and 0 WU", v, x, y)
	}
	before := doctest.Bytes(t, f.d)
	form.Entry("Y").SetText("0.5") // into room 0: a dent
	form.Entry("Y").OnSubmitted("0.5")
	if steps(f) != 1 || !bytes.Equal(doctest.Bytes(t, f.d), before) {
		t.Fatalf("a dent: %d steps, file changed %v", steps(f), !bytes.Equal(doctest.Bytes(t, f.d), before))
	}
	form.Entry("Y").SetText("-0.5") // out of it: a peak
	form.Entry("Y").OnSubmitted("-0.5")
	if p, _ := f.d.Levels[0].Vertex(uint16(v)); steps(f) != 2 || p != (mcodec.Point{X: 1024, Y: -512}) {
		t.Errorf("a peak: %d steps, endpoint at %v", steps(f), p)
	}
}
