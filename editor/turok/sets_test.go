package turok

import (
	"image/color"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// setsHost is the little of the window the sets panel and the paint tool
// use: a window for dialogs, the dialogs shown, the status and errors.
type setsHost struct {
	game.Host
	win      fyne.Window
	shown    []dialog.Dialog
	status   string
	errs     []error
	scene    *scene.Scene // nil: no level shown
	retooled int
}

func (h *setsHost) Window() fyne.Window     { return h.win }
func (h *setsHost) Show(d dialog.Dialog)    { h.shown = append(h.shown, d) }
func (h *setsHost) ShowError(err error)     { h.errs = append(h.errs, err) }
func (h *setsHost) Status(text string)      { h.status = text }
func (h *setsHost) ShowPath([]display.Vec2) {}
func (h *setsHost) Scene() *scene.Scene     { return h.scene }
func (h *setsHost) Retool()                 { h.retooled++ }

func newSetsSession(t *testing.T) (*session, *setsHost) {
	t.Helper()
	return &session{d: tdoc.New("new.map")}, &setsHost{win: test.NewTempWindow(t, widget.NewLabel(""))}
}

// steps is how many steps the history holds.
func steps(f *session) int {
	n, _ := f.d.History.Steps()
	return n
}

// rowOf is the list's row for set i, as the list draws it.
func rowOf(p *setsPanel, i int) (label string, fog, water color.Color, count string) {
	o := setRow()
	p.updateRow(i, o)
	parts := o.(*fyne.Container).Objects
	return parts[0].(*widget.Label).Text, parts[1].(*canvas.Rectangle).FillColor, parts[2].(*canvas.Rectangle).FillColor,
		parts[3].(*widget.Label).Text
}

// TestSetsPanel: the list shows each set's colours and sector count; Add
// and Duplicate add a set each, one step apiece; Delete is disabled,
// with the reason, for a set in use and deletes an unused one; the
// chosen set's fields are named, in units, with colour pickers, and an
// edit typed there is one step.
func TestSetsPanel(t *testing.T) {
	f, h := newSetsSession(t)
	m := f.d.Map
	p := f.newSetsPanel(h, 0)
	test.NewTempWindow(t, p.Content)

	label, fog, water, count := rowOf(p, 0)
	if label != "Set 0" || fog != swatchColour(m.SectorSets[0].FogColor) || water != swatchColour(m.SectorSets[0].WaterColor) ||
		count != "32 sectors" {
		t.Errorf("row 0: %q %v %v %q", label, fog, water, count)
	}
	if !p.Delete.Disabled() || !strings.Contains(p.message.Text, "Set 0 is used by 32 sectors") {
		t.Errorf("a set in use: Delete disabled %v, message %q", p.Delete.Disabled(), p.message.Text)
	}

	test.Tap(p.Add)
	if len(m.SectorSets) != 2 || p.chosen != 1 || p.Delete.Disabled() || steps(f) != 1 {
		t.Fatalf("after Add: %d sets, chosen %d, Delete disabled %v, %d steps", len(m.SectorSets), p.chosen, p.Delete.Disabled(), steps(f))
	}
	if _, _, _, count := rowOf(p, 1); count != "0 sectors" {
		t.Errorf("a new set's row counts %q", count)
	}

	form := p.detail.Objects[1].(*propgrid.Form)
	entry := form.Entry("Fog start")
	if entry == nil {
		t.Fatal("the chosen set has no Fog start field")
	}
	entry.SetText("300")
	entry.OnSubmitted("300")
	if m.SectorSets[1].FogStart != 300 || steps(f) != 2 {
		t.Errorf("Fog start typed 300: stored %v, %d steps", m.SectorSets[1].FogStart, steps(f))
	}

	test.Tap(p.Duplicate)
	if len(m.SectorSets) != 3 || p.chosen != 2 || m.SectorSets[2] != m.SectorSets[1] || steps(f) != 3 {
		t.Fatalf("after Duplicate: %d sets, chosen %d, %d steps", len(m.SectorSets), p.chosen, steps(f))
	}
	test.Tap(p.Delete)
	if len(m.SectorSets) != 2 || p.chosen != 1 || steps(f) != 4 {
		t.Errorf("after Delete: %d sets, chosen %d, %d steps", len(m.SectorSets), p.chosen, steps(f))
	}
}

// TestSetFieldsByName: a set's fields are named by use, distances in
// world units, the arguments labelled, the colours with a picker that
// shows a colour picker dialog.
func TestSetFieldsByName(t *testing.T) {
	f, h := newSetsSession(t)
	fields := setFields(h, f.d.Map.SectorSets, func(func(*tcodec.SectorSet)) error { return nil })
	byLabel := map[string]propgrid.Field{}
	var labels []string
	for _, fl := range fields {
		byLabel[fl.Label] = fl
		labels = append(labels, fl.Label)
	}
	for _, l := range []string{"Fog start", "Fog far", "Water start", "Water far", "Water height", "Sky height"} {
		if n := byLabel[l].Number; n == nil || n.Unit != worldUnits {
			t.Errorf("%s: %+v, want a number in world units", l, byLabel[l])
		}
	}
	for _, l := range []string{"Warp ID (arg 1)", "Floor damage rate (arg 6)", "Music (track number)", "Sky speed", "Blend length"} {
		if _, ok := byLabel[l]; !ok {
			t.Errorf("no field %q among %q", l, labels)
		}
	}
	if fl := byLabel["Flags"].Flags; fl == nil || fl.Names[0] != "Water" {
		t.Errorf("Flags: %+v, want check boxes by name", byLabel["Flags"])
	}
	if i, j := slices.Index(labels, "Fog colour (R G B A)"), slices.Index(labels, "Fog start"); i != 0 || j != i+1 {
		t.Errorf("the fog colour (%d) is not first, before the fog start (%d): %q", i, j, labels)
	}
	// The flags' check boxes fill a screen: they come after the colours,
	// distances and heights, which would be out of sight below them.
	if i, j := slices.Index(labels, "Blend length"), slices.Index(labels, "Flags"); i < 0 || j != i+1 {
		t.Errorf("the flags (%d) do not follow the blend length (%d): %q", j, i, labels)
	}
	for _, l := range []string{"Fog colour (R G B A)", "Water colour (R G B A)"} {
		a := byLabel[l].Action
		if a == nil {
			t.Fatalf("%s has no picker", l)
		}
		a.Do()
	}
	if len(h.shown) != 2 {
		t.Fatalf("%d dialogs shown, want 2 colour pickers", len(h.shown))
	}
	if _, ok := h.shown[0].(*dialog.ColorPickerDialog); !ok {
		t.Errorf("the picker shows a %T", h.shown[0])
	}
	if got := rgba(color.NRGBA{R: 10, G: 20, B: 30, A: 40}); got != [4]uint8{10, 20, 30, 40} {
		t.Errorf("a picked colour is stored as %v", got)
	}
}

// TestInspectLevelOpensSets: with nothing selected, the inspector counts
// the sets and opens their list.
func TestInspectLevelOpensSets(t *testing.T) {
	f, h := newSetsSession(t)
	s := f.InspectLevel(h)
	if len(s) == 0 || s[0].Title != "Sector sets" || s[0].Fields[0].Text.Value != "1 set, 0 unused" {
		t.Fatalf("level sections %+v", s)
	}
	s[0].Fields[0].Action.Do()
	if len(h.shown) != 1 {
		t.Errorf("%d dialogs shown", len(h.shown))
	}
}

// centre is the middle of sector i in the map.
func centre(m *tcodec.Map, i int) display.Vec2 {
	var c display.Vec2
	for _, v := range m.Sectors[i].Vertices {
		c.X += float64(m.Vertices[v].Position.X) / 3
		c.Y += float64(m.Vertices[v].Position.Y) / 3
	}
	return c
}

// TestPaintSetTool: a stroke over three sectors puts them in the set
// chosen in the one-row options, with its flags, as one step; a click
// paints one more as another; undo takes back one stroke.
func TestPaintSetTool(t *testing.T) {
	f, h := newSetsSession(t)
	m := f.d.Map
	set := m.SectorSets[0]
	set.Flags = 1 // Water
	if _, err := f.d.AddSectorSet(set); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(f.Tools(h), func(t *tool.Tool) bool { return t.Name == "Paint set" })
	if i < 0 {
		t.Fatal("no Paint set tool")
	}
	paint := f.Tools(h)[i]
	row := paint.Options.(*fyne.Container)
	choice := row.Objects[1].(*widget.Select)
	paint.LevelShown()
	if len(choice.Options) != 2 {
		t.Fatalf("the options offer %q", choice.Options)
	}
	choice.SetSelectedIndex(1)
	before := steps(f)
	drag := paint.Press(tool.Pointer{At: centre(m, 3)})
	drag.To(centre(m, 4))
	drag.To(centre(m, 4))
	drag.To(centre(m, 5))
	drag.Release()
	f.d.History.BreakMerge() // as the window does at a release
	if steps(f) != before+1 {
		t.Errorf("a stroke made %d steps", steps(f)-before)
	}
	for _, s := range []int{3, 4, 5} {
		if sec := m.Sectors[s]; sec.Set != 1 || sec.Flags != 1 {
			t.Errorf("sector %d: set %d flags %#x after the stroke", s, sec.Set, sec.Flags)
		}
	}
	paint.Click(tool.Pointer{At: centre(m, 9)})
	if m.Sectors[9].Set != 1 || steps(f) != before+2 {
		t.Errorf("a click: sector 9 in set %d, %d steps", m.Sectors[9].Set, steps(f)-before)
	}
	if _, err := f.d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if m.Sectors[9].Set != 0 || m.Sectors[5].Set != 1 {
		t.Errorf("undo: sector 9 in set %d, sector 5 in set %d", m.Sectors[9].Set, m.Sectors[5].Set)
	}
}

// TestSetsPanelEmpty: deleting a map's last sector set leaves the panel
// listing none, with only Add enabled, and Add gives it one again.
func TestSetsPanelEmpty(t *testing.T) {
	f, h := newSetsSession(t)
	all := make([]int, len(f.d.Map.Sectors))
	for i := range all {
		all[i] = i
	}
	if err := f.d.DeleteSectors(all); err != nil {
		t.Fatal(err)
	}
	p := f.newSetsPanel(h, 0)
	test.NewTempWindow(t, p.Content)
	for len(f.d.Map.SectorSets) > 0 {
		if p.Delete.Disabled() {
			t.Fatalf("Delete is disabled for unused set %d: %q", p.chosen, p.message.Text)
		}
		p.Delete.OnTapped()
	}
	if !p.Delete.Disabled() || !p.Duplicate.Disabled() || p.Add.Disabled() || !strings.Contains(p.message.Text, "no sector sets") {
		t.Errorf("no sets: Delete disabled %v, Duplicate disabled %v, Add disabled %v, message %q",
			p.Delete.Disabled(), p.Duplicate.Disabled(), p.Add.Disabled(), p.message.Text)
	}
	p.Add.OnTapped()
	if len(f.d.Map.SectorSets) != 1 || p.Delete.Disabled() || p.Duplicate.Disabled() {
		t.Errorf("after Add: %d sets, Delete disabled %v, Duplicate disabled %v", len(f.d.Map.SectorSets), p.Delete.Disabled(), p.Duplicate.Disabled())
	}
}
