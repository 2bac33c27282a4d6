package marathon

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// recordsHost is a host that says yes to every question, remembering
// what it was asked about, keeps the target picker a test then clicks,
// and fails the test on an error shown.
type recordsHost struct {
	errorHost
	win    fyne.Window
	asked  *[]string
	picked *func(int) error
}

func (h recordsHost) Window() fyne.Window  { return h.win }
func (h recordsHost) Show(d dialog.Dialog) { d.Show() }
func (h recordsHost) Status(string)        {}
func (h recordsHost) AskBeforeDiscarding(what string, edit func() error) error {
	*h.asked = append(*h.asked, what)
	return edit()
}
func (h recordsHost) PickTarget(_ string, _ document.Kind, set func(int) error) { *h.picked = set }

// newRecordsSession is a session of a new two-room map and its host.
func newRecordsSession(t *testing.T) (*session, recordsHost) {
	t.Helper()
	test.NewTempApp(t)
	d, err := mdoc.Load("new.sceA", mcodec.NewFile("Records").Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return &session{d: d}, recordsHost{errorHost: errorHost{levelHost: levelHost{level: 0}, t: t},
		win: test.NewTempWindow(t, nil), asked: new([]string), picked: new(func(int) error)}
}

// TestRecordsSection: with nothing selected the inspector lists each
// kind of record of the level with its count; each kind's dialog makes a
// new record, as one step, and deletes the one shown, asking first what
// uses it and clearing that in the same step.
func TestRecordsSection(t *testing.T) {
	f, h := newRecordsSession(t)
	d, l := f.d, f.d.Levels[0]
	var labels []string
	for _, s := range f.InspectLevel(h) {
		if s.Title == "Records" {
			for _, fl := range s.Fields {
				labels = append(labels, fl.Label)
			}
		}
	}
	want := []string{"Lights (1)", "Liquids (0)", "Platforms (0)", "Ambient sounds (0)", "Random sounds (0)", "Terminals (0)"}
	if !slices.Equal(labels, want) {
		t.Fatalf("the Records section lists %q, want %q", labels, want)
	}
	for _, k := range f.recordKinds(l) {
		if k.add == nil {
			continue // platforms: made from a polygon
		}
		v := f.recordsDialog(h, 0, k)
		before, n := len(k.names(l)), undoCount(d)
		v.add()
		if len(k.names(l)) != before+1 || v.chosen != before || undoCount(d) != n+1 || len(v.pick.Options) != before+1 {
			t.Fatalf("%s: New made %d records (%d steps), shows %d of %d", k.plural, len(k.names(l))-before, undoCount(d)-n, v.chosen, len(v.pick.Options))
		}
		if errs := d.Errors(); len(errs) != 0 {
			t.Errorf("%s: the new record is an error: %v", k.plural, errs)
		}
		test.Tap(v.del)
		if len(k.names(l)) != before || undoCount(d) != n+2 {
			t.Errorf("%s: Delete left %d records (%d steps)", k.plural, len(k.names(l)), undoCount(d)-n)
		}
	}
	// A liquid that polygon 1 fills: Delete names it, and it is left dry.
	var liquids recordKind
	for _, k := range f.recordKinds(l) {
		if k.kind == mdoc.KindLiquid {
			liquids = k
		}
	}
	v := f.recordsDialog(h, 0, liquids)
	v.add()
	if err := d.EditPolygons(0, []int{1}, func(p *mcodec.Polygon) { p.Media = 0 }); err != nil {
		t.Fatal(err)
	}
	*h.asked = nil
	n := undoCount(d)
	test.Tap(v.del)
	if !slices.Equal(*h.asked, []string{"polygon 1's liquid"}) || l.Polygons[1].Media != -1 || len(l.Media) != 0 || undoCount(d) != n+1 {
		t.Errorf("deleting the used liquid asked %q, left polygon 1's liquid %d, %d liquids, %d steps", *h.asked, l.Polygons[1].Media, len(l.Media), undoCount(d)-n)
	}
	if !v.del.Disabled() || len(v.pick.Options) != 0 {
		t.Errorf("with no liquid left the dialog offers Delete (%v) and %d liquids", !v.del.Disabled(), len(v.pick.Options))
	}
	// Undo, from the Edit menu, gives the liquid back in the dialog too.
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if v.del.Disabled() || len(v.pick.Options) != 1 || l.Polygons[1].Media != 0 {
		t.Errorf("after undo the dialog lists %d liquids, Delete enabled %v; polygon 1's liquid %d", len(v.pick.Options), !v.del.Disabled(), l.Polygons[1].Media)
	}
}

// TestTargetsPickedInTheMap: a teleporter's destination and a platform
// switch's platform are the next polygon clicked; a terminal panel's New
// adds the terminal it shows, in one step; Make a lift makes a lift.
func TestTargetsPickedInTheMap(t *testing.T) {
	f, h := newRecordsSession(t)
	d, l := f.d, f.d.Levels[0]
	pick := func(kind document.Kind, index int, title, label string, target int) {
		t.Helper()
		*h.picked = nil
		fl, ok := field(f.Inspect(h, kind, []int{index}), title, label)
		if !ok || fl.Action == nil || fl.Action.Label != "Pick" {
			t.Fatalf("%s %d shows no Pick beside %q", kind, index, label)
		}
		fl.Action.Do()
		if *h.picked == nil {
			t.Fatalf("Pick beside %q picks nothing", label)
		}
		if err := (*h.picked)(target); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.EditPolygons(0, []int{1}, func(p *mcodec.Polygon) { p.Type, p.Permutation = 10, 1 }); err != nil {
		t.Fatal(err)
	}
	pick(mdoc.KindPolygon, 1, "Polygon 1", teleporterPermutation, 0)
	if p := l.Polygons[1]; p.Permutation != 0 {
		t.Errorf("the teleporter leads to polygon %d, want 0", p.Permutation)
	}
	platformSwitch, terminal := 5, 8 // water wall panel types
	panel := func(typ int) {
		if err := d.EditSides(0, []int{0}, func(s *mcodec.Side) {
			s.Flags |= mcodec.SideControlPanel
			s.ControlPanelType, s.ControlPanelPermutation = int16(typ), -1
		}); err != nil {
			t.Fatal(err)
		}
	}
	panel(platformSwitch)
	pick(mdoc.KindSide, 0, "Side 0", panelPlatformPermutation, 1)
	if s := l.Sides[0]; s.ControlPanelPermutation != 1 {
		t.Errorf("the switch toggles polygon %d, want 1", s.ControlPanelPermutation)
	}
	panel(terminal)
	fl, ok := field(f.Inspect(h, mdoc.KindSide, []int{0}), "Side 0", panelTerminalPermutation)
	if !ok || fl.Action == nil || fl.Action.Label != "New" {
		t.Fatal("a terminal panel shows no New terminal")
	}
	n := undoCount(d)
	fl.Action.Do()
	if s := l.Sides[0]; len(l.Terminals) != 1 || s.ControlPanelPermutation != 0 || undoCount(d) != n+1 {
		t.Errorf("New terminal: %d terminals, the panel shows %d, %d steps", len(l.Terminals), s.ControlPanelPermutation, undoCount(d)-n)
	}
	fl, ok = field(f.Inspect(h, mdoc.KindPolygon, []int{0}), "Polygon 0", "Platform (lift)")
	if !ok || fl.Action == nil {
		t.Fatal("polygon 0 shows no Make a lift")
	}
	fl.Action.Do()
	if p := l.Polygons[0]; p.Type != mcodec.PolygonPlatform || len(l.Platforms) != 1 || l.Platforms[0] != withPolygon(mdoc.NewLift, 0) {
		t.Errorf("Make a lift: polygon type %d, platforms %+v", p.Type, l.Platforms)
	}
	if errs := d.Errors(); len(errs) != 0 {
		t.Errorf("errors: %v", errs)
	}
}

// withPolygon is platform p of polygon pi.
func withPolygon(p mcodec.StaticPlatform, pi int16) mcodec.StaticPlatform {
	p.Polygon = pi
	return p
}

// TestUsersText: the question before a delete names up to six users,
// and counts those past the fifth of more.
func TestUsersText(t *testing.T) {
	users := []string{"polygon 0's liquid", "polygon 1's liquid", "polygon 2's liquid", "polygon 3's liquid",
		"polygon 4's liquid", "polygon 5's liquid", "polygon 6's liquid"}
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "polygon 0's liquid"},
		{6, "polygon 0's liquid, polygon 1's liquid, polygon 2's liquid, polygon 3's liquid, polygon 4's liquid, polygon 5's liquid"},
		{7, "polygon 0's liquid, polygon 1's liquid, polygon 2's liquid, polygon 3's liquid, polygon 4's liquid and 2 more"},
	} {
		if got := usersText(users[:c.n]); got != c.want {
			t.Errorf("%d users: %q, want %q", c.n, got, c.want)
		}
	}
}
