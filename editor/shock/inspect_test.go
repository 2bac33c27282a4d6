package shock

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// testHost is the little of the window the inspector uses: the level
// shown, edits made without asking, and a picker the test answers.
type testHost struct {
	game.Host
	level  int
	picked func(int) error
}

func (h *testHost) Level() int                                            { return h.level }
func (h *testHost) AskBeforeDiscarding(_ string, edit func() error) error { return edit() }
func (h *testHost) PickTarget(_ string, _ document.Kind, set func(int) error) {
	h.picked = set
}

// derelict opens the corpus archive as a session showing level 1.
func derelict(t *testing.T) (*session, *testHost) {
	t.Helper()
	d, err := sdoc.Open(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Archive.Levels[1] == nil {
		t.Fatal("the archive has no level 1")
	}
	return &session{d: d}, &testHost{level: 1}
}

// form shows the inspector's sections for refs of kind in a window.
func form(t *testing.T, f *session, h *testHost, kind document.Kind, indexes ...int) (*propgrid.Form, []propgrid.Field) {
	t.Helper()
	var fields []propgrid.Field
	for _, s := range f.Inspect(h, kind, indexes) {
		fields = append(fields, s.Fields...)
	}
	p := propgrid.New(fields)
	test.NewTempWindow(t, p)
	return p, fields
}

// openTile is the first open, flat tile of level 1 away from the edge.
func openTile(t *testing.T, l *scodec.Level) int {
	t.Helper()
	w := int(l.Info.Width)
	for i, tile := range l.Tiles {
		if tile.Shape == scodec.ShapeOpen && i%w > 0 && i%w < w-1 && i/w > 0 {
			return i
		}
	}
	t.Fatal("level 1 has no open tile")
	return -1
}

// firstObject is the first active object of class.
func firstObject(t *testing.T, l *scodec.Level, class int) int {
	t.Helper()
	for i, o := range l.Objects {
		if i > 0 && o.Active != 0 && int(o.Class) == class {
			return i
		}
	}
	t.Fatalf("level 1 has no %s", scodec.ClassNames[class])
	return -1
}

// TestUnitsRoundTrip types a value in its unit into every field that has
// one, and checks the number stored and the text shown again after.
func TestUnitsRoundTrip(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	tile, obj := openTile(t, l), firstObject(t, l, scodec.ClassBigStuff)
	tileGet := func(field sdoc.TileField) func() int { return func() int { return field.Get(l.Tiles[tile]) } }
	objGet := func(field sdoc.ObjectField) func() int { return func() int { return field.Get(l.Objects[obj]) } }
	cases := []struct {
		kind   document.Kind
		index  int
		label  string
		typed  string
		stored int
		get    func() int
	}{
		{sdoc.KindTile, tile, "floor height", "7", 7, tileGet(sdoc.FloorHeight)},
		{sdoc.KindTile, tile, "ceiling height (absolute)", "20", 12, tileGet(sdoc.CeilingHeight)}, // 32 - 20
		{sdoc.KindTile, tile, "ceiling height (absolute)", "32", 0, tileGet(sdoc.CeilingHeight)},
		{sdoc.KindTile, tile, "slope rise", "3", 3, tileGet(sdoc.Slope)},
		{sdoc.KindObject, obj, "z", "2.5", 20, objGet(sdoc.ObjectZ)},
		{sdoc.KindObject, obj, "pitch", "45", 32, objGet(sdoc.ObjectPitch)},
		{sdoc.KindObject, obj, "heading", "90", 64, objGet(sdoc.ObjectHeading)},
		{sdoc.KindObject, obj, "bank", "270", 192, objGet(sdoc.ObjectBank)},
	}
	// Every field with a unit is among the cases.
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.label] = true
	}
	for _, kind := range []document.Kind{sdoc.KindTile, sdoc.KindObject} {
		index := map[document.Kind]int{sdoc.KindTile: tile, sdoc.KindObject: obj}[kind]
		_, fields := form(t, f, h, kind, index)
		for _, field := range fields {
			if field.Number != nil && field.Number.Unit != nil && !covered[field.Label] {
				t.Errorf("%s field %q has a unit (%s) and no round trip", kind, field.Label, field.Number.Unit.Name)
			}
		}
	}
	for _, c := range cases {
		p, _ := form(t, f, h, c.kind, c.index)
		e := p.Entry(c.label)
		if e == nil {
			t.Fatalf("no entry %q", c.label)
		}
		e.SetText(c.typed)
		e.OnSubmitted(c.typed)
		if got := c.get(); got != c.stored {
			t.Errorf("%s: typed %s, stored %d, want %d", c.label, c.typed, got, c.stored)
		}
		p, _ = form(t, f, h, c.kind, c.index)
		if shown := p.Entry(c.label).Text; shown != c.typed {
			t.Errorf("%s: typed %s, shown again as %s", c.label, c.typed, shown)
		}
	}

	// A value between two stored steps is refused, naming the nearest.
	steps, _ := f.d.History.Steps()
	p, _ := form(t, f, h, sdoc.KindObject, obj)
	p.Entry("heading").OnSubmitted("1")
	if got := objGet(sdoc.ObjectHeading)(); got != 64 || undoSteps(f) != steps {
		t.Errorf("heading 1° stored %d with %d steps (had %d)", got, undoSteps(f), steps)
	}
	if msg := texts(p); !strings.Contains(msg, "nearest: 0 or 1.40625") {
		t.Errorf("refusing 1° says:\n%s", msg)
	}
}

// texts are the label texts under o.
func texts(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, x := range test.LaidOutObjects(o) {
		if l, ok := x.(*widget.Label); ok && l.Visible() {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}

// undoSteps counts the steps the history can undo.
func undoSteps(f *session) int {
	n, _ := f.d.History.Steps()
	return n
}
