package marathon

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
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
