package marathon

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// statusHost is a host that shows level 0 and keeps the status line.
type statusHost struct {
	game.Host
	status *string
}

func (h statusHost) Level() int          { return 0 }
func (h statusHost) Status(text string)  { *h.status = text }
func (h statusHost) Window() fyne.Window { return nil }

// newParamsSession is a session of the new map, with its host.
func newParamsSession(t *testing.T) (*session, statusHost) {
	t.Helper()
	d, err := mdoc.New("new.sceA", "Params")
	if err != nil {
		t.Fatal(err)
	}
	return &session{d: d}, statusHost{status: new(string)}
}

// laidOut finds the widgets of type T in o, in their order.
func laidOut[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	for _, x := range test.LaidOutObjects(o) {
		if w, ok := x.(T); ok {
			out = append(out, w)
		}
	}
	return out
}

// TestParamsDialog changes the environment, a mission flag and a game
// type in the parameters form, one step each, and types a name too long
// for the field, which is refused with a message and changes no byte.
func TestParamsDialog(t *testing.T) {
	f, _ := newParamsSession(t)
	form := propgrid.New(f.paramsFields(0))
	w := test.NewWindow(form)
	defer w.Close()
	selects := laidOut[*widget.Select](form)
	if len(selects) != 3 || selects[0].Options[2] != "Sewage" || selects[1].Options[3] != "Outer space" {
		t.Fatalf("choices: %d", len(selects))
	}
	selects[0].SetSelectedIndex(2)
	checks := map[string]*widget.Check{}
	for _, c := range laidOut[*widget.Check](form) {
		checks[c.Text] = c
	}
	test.Tap(checks["rescue"])
	test.Tap(checks["capture the flag"])
	m := f.d.Levels[0].Info[0]
	if m.Environment != 2 || m.MissionFlags != 1<<4 || m.EntryFlags&0x80 == 0 || steps(f) != 3 {
		t.Errorf("environment %d, mission %#x, entry %#x, %d steps", m.Environment, m.MissionFlags, m.EntryFlags, steps(f))
	}
	before := doctest.Bytes(t, f.d)
	test.Type(form.Entry("Name"), strings.Repeat("x", 70))
	form.Entry("Name").OnSubmitted(form.Entry("Name").Text)
	if steps(f) != 3 || !bytes.Equal(doctest.Bytes(t, f.d), before) {
		t.Error("a name too long made a step or changed the file")
	}
	if msg := laidOut[*widget.Label](form); !containsText(msg, "at most 65 fit") {
		t.Error("no message for the name too long")
	}
}

// containsText reports whether a shown label holds s.
func containsText(labels []*widget.Label, s string) bool {
	for _, l := range labels {
		if l.Visible() && strings.Contains(l.Text, s) {
			return true
		}
	}
	return false
}

// TestPlacementDialog sets a monster's counts through the dialog: a
// negative count is refused by the document with its message and no
// step, a minimum above the maximum is kept with a warning.
func TestPlacementDialog(t *testing.T) {
	f, h := newParamsSession(t)
	content := f.placementEditor(h, 0)
	w := test.NewWindow(content)
	defer w.Close()
	pick := laidOut[*widget.Select](content)[0]
	pick.SetSelected("Monster: Fighter (major)")
	entry := mcodec.FirstMonsterPlacing + 9
	set := func(label, value string) {
		form := laidOut[*propgrid.Form](content)[0]
		form.Entry(label).SetText(value)
		form.Entry(label).OnSubmitted(value)
	}
	before := doctest.Bytes(t, f.d)
	set("Initial", "-3")
	if steps(f) != 0 || !bytes.Equal(doctest.Bytes(t, f.d), before) || !strings.Contains(*h.status, "Initial -3 is negative") {
		t.Errorf("a negative count: %d steps, status %q", steps(f), *h.status)
	}
	set("Minimum", "4")
	set("Maximum", "2")
	if p := f.d.Levels[0].Placements[entry]; p.Minimum != 4 || p.Maximum != 2 || steps(f) != 2 {
		t.Errorf("entry %d: %+v, %d steps", entry, p, steps(f))
	}
	if !containsText(laidOut[*widget.Label](content), "the minimum is above the maximum") {
		t.Error("no warning of the minimum above the maximum")
	}
}

// TestAnnotations places an annotation, edits its text in the inspector,
// picks another polygon for it, hides it with its layer and deletes it.
func TestAnnotations(t *testing.T) {
	f, _ := newParamsSession(t)
	l := f.d.Levels[0]
	at := l.Polygons[0].Center
	i, err := f.placeNote(0, at, "Start")
	if err != nil {
		t.Fatal(err)
	}
	sections := f.Inspect(levelHost{level: 0}, mdoc.KindAnnotation, []int{i})
	form := propgrid.New(sections[0].Fields)
	w := test.NewWindow(form)
	defer w.Close()
	form.Entry("Text").SetText("Exit")
	form.Entry("Text").OnSubmitted("Exit")
	if got := mcodec.FixedString(l.Notes[i].Text[:]); got != "Exit" || steps(f) != 2 {
		t.Errorf("text %q, %d steps", got, steps(f))
	}
	if err := f.moveNotesInto(0, []int{i}, 1); err != nil || l.Notes[i].Polygon != 1 || l.Notes[i].Location != l.Polygons[1].Center {
		t.Errorf("moved into polygon 1: %+v, %v", l.Notes[i], err)
	}

	s := levelScene(l, 0, nil)
	labels := func() int {
		n := 0
		for _, lb := range s.List.Labels {
			if lb.Text == "Exit" {
				n++
			}
		}
		return n
	}
	if labels() != 1 {
		t.Errorf("%d labels of the annotation", labels())
	}
	s.SetShown(scene.AnnotationsLayer, false)
	if labels() != 0 {
		t.Error("the hidden layer still shows the annotation")
	}
	s.SetShown(scene.AnnotationsLayer, true)
	if _, err := f.placeNote(0, mcodec.Point{X: -30000, Y: -30000}, "Nowhere"); err == nil {
		t.Error("an annotation outside every polygon was placed")
	}
	if _, err := f.placeNote(0, at, strings.Repeat("y", 64)); err == nil || steps(f) != 3 {
		t.Errorf("a text too long: %v, %d steps", err, steps(f))
	}
	if err := f.Remove([]document.Ref{{Level: 0, Kind: mdoc.KindAnnotation, Index: i}}); err != nil || len(l.Notes) != i {
		t.Errorf("delete: %v, %d annotations", err, len(l.Notes))
	}
}
