package shock

import (
	"fmt"
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
	tile, obj, trap := openTile(t, l), firstObject(t, l, scodec.ClassBigStuff), firstObject(t, l, scodec.ClassTrap)
	if err := f.d.SetTrapAction(1, trap, scodec.ActionMulti); err != nil {
		t.Fatal(err)
	}
	param := func(name string) func() int {
		return func() int {
			tr, _ := f.d.Trap(1, trap)
			for _, p := range tr.Params() {
				if p.Name == name {
					return int(p.Get(tr))
				}
			}
			t.Fatalf("no parameter %q", name)
			return -1
		}
	}
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
		{sdoc.KindObject, trap, "first delay", "1.5", 15, param("first delay")},
		{sdoc.KindObject, trap, "second delay", "0.1", 1, param("second delay")},
		{sdoc.KindObject, trap, "third delay", "60", 600, param("third delay")},
		{sdoc.KindObject, trap, "fourth delay", "0", 0, param("fourth delay")},
	}
	// Every field with a unit is among the cases.
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.label] = true
	}
	for _, c := range cases {
		_, fields := form(t, f, h, c.kind, c.index)
		for _, field := range fields {
			if field.Number != nil && field.Number.Unit != nil && !covered[field.Label] {
				t.Errorf("%s %d: field %q has a unit (%s) and no round trip", c.kind, c.index, field.Label, field.Number.Unit.Name)
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

	// A value between two stored steps is stored as the nearest, and
	// says so.
	steps, _ := f.d.History.Steps()
	p, _ := form(t, f, h, sdoc.KindObject, obj)
	p.Entry("heading").OnSubmitted("1")
	if got := objGet(sdoc.ObjectHeading)(); got != 1 || undoSteps(f) != steps+1 {
		t.Errorf("heading 1° stored %d with %d steps (had %d)", got, undoSteps(f), steps)
	}
	if msg := texts(p); !strings.Contains(msg, "heading: 1 stored as 1.40625 (°), the nearest the game can store") {
		t.Errorf("storing 1° says:\n%s", msg)
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

// enumerations are the labels of the fields that are enumerations, which
// must show every value by name, besides the trap parameters that have
// value names.
var enumerations = map[string]bool{"shape": true, "floor texture rotation": true, "ceiling texture rotation": true,
	"slope applies to": true, "wall texture": true, "ceiling texture": true, "floor texture": true, "type": true,
	"action": true, "condition reads": true, "condition operator": true, "class": true, "subclass": true}

// TestEnumerationsNameCorpusValues walks every tile and object of every
// level of the corpus archive: each enumeration field shows a name for
// the value it holds, each reference the target's name.
func TestEnumerationsNameCorpusValues(t *testing.T) {
	f, h := derelict(t)
	seen := map[string]map[string]bool{} // label: names shown
	checkFields := func(where string, fields []propgrid.Field, named map[string]bool) {
		for _, field := range fields {
			if !enumerations[field.Label] && !named[field.Label] {
				continue
			}
			if seen[field.Label] == nil {
				seen[field.Label] = map[string]bool{}
			}
			if t := field.Text; t != nil && (strings.HasSuffix(t.Value, ")") || strings.HasPrefix(t.Value, "var[") || strings.HasPrefix(t.Value, "bit[")) {
				seen[field.Label][t.Value] = true // a parameter that may read the quest state: "2 (red flash)"
				continue
			}
			c := field.Choice
			if c == nil || c.Index < 0 || c.Index >= len(c.Options) || c.Options[c.Index] == "" {
				t.Errorf("%s: %q shows no name: %+v", where, field.Label, field)
				continue
			}
			seen[field.Label][c.Options[c.Index]] = true
		}
	}
	for level, l := range f.d.Archive.Levels {
		if l == nil {
			continue
		}
		h.level = level
		tiles := map[scodec.Tile]bool{}
		for i, tile := range l.Tiles {
			tile.ObjRef = 0
			if tiles[tile] {
				continue
			}
			tiles[tile] = true
			checkFields(fmt.Sprintf("level %d tile %d", level, i), f.tileFields(level, l, []int{i}), nil)
		}
		for i, o := range l.Objects {
			if i == 0 || o.Active == 0 {
				continue
			}
			named := map[string]bool{}
			if params, err := f.d.ParamFields(level, i); err == nil {
				for _, p := range params {
					named[p.Name] = p.ValueNames() != nil
				}
			}
			var fields []propgrid.Field
			for _, s := range f.Inspect(h, sdoc.KindObject, []int{i}) {
				fields = append(fields, s.Fields...)
			}
			where := fmt.Sprintf("level %d object %d", level, i)
			checkFields(where, fields, named)
			for _, field := range fields {
				if field.Action != nil && field.Action.Label == "Pick" {
					if field.Text == nil || !strings.HasPrefix(field.Text.Value, "none") && !strings.HasPrefix(field.Text.Value, "object ") {
						t.Errorf("%s: reference %q shows %+v", where, field.Label, field.Text)
					}
				}
			}
		}
	}
	for label, names := range seen {
		t.Logf("%s: %d names shown", label, len(names))
	}
	// The walk met the enumerations it checks.
	for _, label := range []string{"shape", "type", "action", "condition operator", "operation"} {
		if len(seen[label]) == 0 {
			t.Errorf("no %q field in the corpus", label)
		}
	}
}

// TestFlagBoxesSetTheirBit: each named check box of a tile's flags and
// hazards, and a trap's one-bit parameter, changes exactly its bit.
func TestFlagBoxesSetTheirBit(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	tile := openTile(t, l)
	toggle := func(kind document.Kind, index int, name string) {
		t.Helper()
		p, _ := form(t, f, h, kind, index)
		for _, o := range test.LaidOutObjects(p) {
			if c, ok := o.(*widget.Check); ok && c.Text == name {
				c.SetChecked(!c.Checked)
				return
			}
		}
		t.Fatalf("no check box %q", name)
	}
	for bit, name := range scodec.TileFlagNames {
		if name == "" {
			continue
		}
		before := l.Tiles[tile]
		toggle(sdoc.KindTile, tile, name)
		if got := l.Tiles[tile].Flags; got != before.Flags^1<<bit || l.Tiles[tile].Floor != before.Floor {
			t.Errorf("%s: flags %#x, want %#x", name, got, before.Flags^1<<bit)
		}
	}
	for _, hz := range []struct {
		name string
		get  func(scodec.Tile) uint8
	}{{"biohazard", func(t scodec.Tile) uint8 { return t.Floor }}, {"radiation", func(t scodec.Tile) uint8 { return t.Ceiling }}} {
		before := l.Tiles[tile]
		toggle(sdoc.KindTile, tile, hz.name)
		if got := hz.get(l.Tiles[tile]); got != hz.get(before)^0x80 || l.Tiles[tile].Flags != before.Flags {
			t.Errorf("%s: byte %#x, want %#x", hz.name, got, hz.get(before)^0x80)
		}
	}

	// A damage trap's "heal instead" is bit 16 of p2.
	trap := firstObject(t, l, scodec.ClassTrap)
	if err := f.d.SetTrapAction(1, trap, 2); err != nil {
		t.Fatal(err)
	}
	before, _ := f.d.Trap(1, trap)
	toggle(sdoc.KindObject, trap, "yes")
	after, _ := f.d.Trap(1, trap)
	if after.P[1] != before.P[1]^1<<16 || after.P[0] != before.P[0] || after.P[2] != before.P[2] || after.P[3] != before.P[3] {
		t.Errorf("heal instead: params %#x, were %#x", after.P, before.P)
	}
}

// TestReferencePick: a trap target shows the target's name; Pick sets it
// to the object clicked, and a number typed sets it too.
func TestReferencePick(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	trap := firstObject(t, l, scodec.ClassTrap)
	if err := f.d.SetTrapAction(1, trap, scodec.ActionDestroy); err != nil {
		t.Fatal(err)
	}
	crate := firstObject(t, l, scodec.ClassContainer)
	var victim propgrid.Field
	for _, s := range f.Inspect(h, sdoc.KindObject, []int{trap}) {
		for _, field := range s.Fields {
			if field.Label == "first victim" {
				victim = field
			}
		}
	}
	if victim.Action == nil || victim.Text == nil {
		t.Fatalf("first victim: %+v", victim)
	}
	victim.Action.Do()
	if h.picked == nil {
		t.Fatal("Pick did not ask for a target")
	}
	if err := h.picked(crate); err != nil {
		t.Fatal(err)
	}
	got, _ := f.d.Trap(1, trap)
	if got.P[0] != uint32(crate) {
		t.Fatalf("picked %d, p1 %d", crate, got.P[0])
	}
	o := l.Objects[crate]
	want := fmt.Sprintf("object %d: %s", crate, f.typeName(int(o.Class), int(o.Subclass), int(o.Type)))
	p, _ := form(t, f, h, sdoc.KindObject, trap)
	if shown := p.Entry("first victim").Text; shown != want {
		t.Errorf("first victim shows %q, want %q", shown, want)
	}
	p.Entry("first victim").OnSubmitted("object 0")
	if got, _ := f.d.Trap(1, trap); got.P[0] != 0 {
		t.Errorf("typing object 0 left p1 %d", got.P[0])
	}
}

// TestQuestParams: a parameter that may read the quest state shows and
// takes var[n], bit[n] or a number; a malformed one changes nothing.
func TestQuestParams(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	trap := firstObject(t, f.d.Archive.Levels[1], scodec.ClassTrap)
	if err := f.d.SetTrapAction(1, trap, scodec.ActionQuest); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		typed, shown string
		stored       uint32
	}{{"var[12]", "var[12]", 0x100C}, {"bit[300]", "bit[300]", 0x2000 | 300}, {"7", "7", 7}, {"var[5000]", "7", 7}, {"x", "7", 7}} {
		p, _ := form(t, f, h, sdoc.KindObject, trap)
		p.Entry("quest variable or bit").OnSubmitted(c.typed)
		got, _ := f.d.Trap(1, trap)
		p, _ = form(t, f, h, sdoc.KindObject, trap)
		if got.P[0] != c.stored || p.Entry("quest variable or bit").Text != c.shown {
			t.Errorf("typed %q: stored %#x, shown %q; want %#x, %q", c.typed, got.P[0], p.Entry("quest variable or bit").Text, c.stored, c.shown)
		}
	}
}

// TestElevatorLevels: each level box of an elevator panel's reachable
// levels sets exactly its bit.
func TestElevatorLevels(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	for level, l := range f.d.Archive.Levels {
		if l == nil {
			continue
		}
		for i, o := range l.Objects {
			if o.Active == 0 || o.Class != scodec.ClassFixture || o.Subclass != scodec.FixturePanel || !scodec.ElevatorPanel(o.Type) {
				continue
			}
			h.level = level
			before, _ := f.d.Trap(level, i)
			p, _ := form(t, f, h, sdoc.KindObject, i)
			var box *widget.Check
			for _, x := range test.LaidOutObjects(p) {
				if c, ok := x.(*widget.Check); ok && c.Text == "level 3" && box == nil {
					box = c // the first: levels reachable
				}
			}
			if box == nil {
				t.Fatal("no level 3 box")
			}
			box.SetChecked(!box.Checked)
			after, _ := f.d.Trap(level, i)
			if after.P[3] != before.P[3]^1<<3 || after.P[0] != before.P[0] {
				t.Fatalf("level 3: p4 %#x, was %#x", after.P[3], before.P[3])
			}
			return
		}
	}
	t.Fatal("the archive has no elevator panel")
}
