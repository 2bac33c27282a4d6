package marathon

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// levelHost is the part of the editor's window the inspector asks: the
// level shown.
type levelHost struct {
	game.Host
	level int
}

func (h levelHost) Level() int { return h.level }

// corpusMaps are the corpus's Marathon maps, open as documents.
func corpusMaps(t *testing.T) []*mdoc.Document {
	var out []*mdoc.Document
	for _, path := range corpus.Files(t, "marathon") {
		if strings.HasSuffix(path, ".phyA") {
			continue // physics, no map
		}
		d, err := mdoc.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// levels calls visit with each level of d that has polygons.
func levels(d *mdoc.Document, visit func(level int, l *mcodec.Level)) {
	for i, l := range d.Levels {
		if l != nil && len(l.Polygons) > 0 {
			visit(i, l)
		}
	}
}

// selection is one entity the inspector shows.
type selection struct {
	kind  document.Kind
	index int
}

// unitSelections are entities of l whose forms hold every field with a
// unit that l has: a polygon with a liquid or a platform, a line with
// two sides, a monster and a sound source.
func unitSelections(l *mcodec.Level) []selection {
	var out []selection
	pick := func(kind document.Kind, n int, ok func(i int) bool) {
		for i := range n {
			if ok(i) {
				out = append(out, selection{kind, i})
				return
			}
		}
	}
	pick(mdoc.KindPolygon, len(l.Polygons), func(i int) bool { return l.Polygons[i].Media >= 0 })
	pick(mdoc.KindPolygon, len(l.Polygons), func(i int) bool {
		return slices.ContainsFunc(l.Platforms, func(p mcodec.StaticPlatform) bool { return int(p.Polygon) == i })
	})
	pick(mdoc.KindPolygon, len(l.Polygons), func(i int) bool { return l.Polygons[i].FloorLight >= 0 })
	pick(mdoc.KindLine, len(l.Lines), func(i int) bool {
		return l.Lines[i].ClockwiseSide != mcodec.None && l.Lines[i].CCWSide != mcodec.None
	})
	pick(mdoc.KindObject, len(l.Objects), func(i int) bool { return l.Objects[i].Type == mcodec.ObjectMonster })
	pick(mdoc.KindObject, len(l.Objects), func(i int) bool { return l.Objects[i].Type == mcodec.ObjectItem })
	return out
}

// field finds the field labelled label in the section titled title.
func field(sections []inspect.Section, title, label string) (propgrid.Field, bool) {
	for _, s := range sections {
		if s.Title != title {
			continue
		}
		for _, f := range s.Fields {
			if f.Label == label {
				return f, true
			}
		}
	}
	return propgrid.Field{}, false
}

// unitLabels are the labels of the editable fields with a unit that the
// specs give.
func unitLabels(specs ...inspect.Specs) map[string]bool {
	out := map[string]bool{}
	for _, s := range specs {
		for _, f := range s {
			if f.Unit != nil && !f.ReadOnly && !f.Hidden {
				out[f.Label] = true
			}
		}
	}
	return out
}

// TestUnitRoundTrip: on corpus levels of Marathon 1, 2 and Infinity,
// every field shown in a unit shows its stored value in that unit; a
// value one stored step away, typed in the unit, is stored exactly and
// shown as typed. Every editable field with a unit is met.
func TestUnitRoundTrip(t *testing.T) {
	test.NewTempApp(t)
	want := unitLabels(polygonSpecs(false), lineSpecs, sideSpecs, objectSpecs, lightSpecs, oldLightSpecs, mediaSpecs, platformSpecs)
	met := map[string]bool{}
	for _, d := range corpusMaps(t) {
		f := &session{d: d}
		done := 0
		levels(d, func(level int, l *mcodec.Level) {
			if done == 2 {
				return // two levels a file are enough to meet every field
			}
			done++
			h := levelHost{level: level}
			for _, sel := range unitSelections(l) {
				for _, sec := range f.Inspect(h, sel.kind, []int{sel.index}) {
					for _, fl := range sec.Fields {
						if n := fl.Number; n != nil && n.Unit != nil && n.Set != nil {
							met[fl.Label] = true
							roundTrip(t, f, h, sel, sec.Title, fl)
						}
					}
				}
			}
		})
	}
	for label := range want {
		if !met[label] {
			t.Errorf("no corpus level shows %q", label)
		}
	}
}

// exactShown is the exact value a number field shows: its entry's text,
// or the value in its tooltip when the entry shows it rounded to the
// unit's precision (which it checks).
func exactShown(t *testing.T, what string, fl propgrid.Field, fe *propgrid.FieldEntry) string {
	t.Helper()
	tip := fe.Tip()
	if tip == "" {
		return fe.Text
	}
	if want := fl.Number.Unit.Format(fl.Number.Value); fe.Text != want {
		t.Errorf("%s: shows %q, want %q at the unit's precision", what, fe.Text, want)
	}
	exact, ok := strings.CutPrefix(tip, "exactly ")
	exact, ok2 := strings.CutSuffix(exact, " "+fl.Number.Unit.Name)
	if !ok || !ok2 {
		t.Fatalf("%s: the tooltip says %q", what, tip)
	}
	return exact
}

// roundTrip checks that fl shows its stored value in its unit (exactly,
// or rounded with the exact value in its tooltip), and that a
// neighbouring stored value typed in the unit is stored and shown as
// typed.
func roundTrip(t *testing.T, f *session, h levelHost, sel selection, title string, fl propgrid.Field) {
	t.Helper()
	n := fl.Number
	form := propgrid.New([]propgrid.Field{fl})
	entry := form.Entries()[fl.Label]
	what := fmt.Sprintf("%s %s %q", f.d.Path, title, fl.Label)
	text := exactShown(t, what, fl, entry)
	shown, err := strconv.ParseFloat(text, 64)
	if err != nil {
		t.Fatalf("%s shows %q: %v", what, text, err)
	}
	if back := n.Unit.Stored(shown, true); back != n.Value || n.Unit.Show(back) != shown {
		t.Fatalf("%s: stored %v shows as %q %s, which reads back as %v", what, n.Value, entry.Text, n.Unit.Name, back)
	}
	for _, step := range []float64{1, -1} {
		v := n.Value + step
		if v < n.Min || v > n.Max {
			continue
		}
		typed := strconv.FormatFloat(n.Unit.Show(v), 'f', -1, 64)
		entry.SetText("")
		test.Type(entry, typed)
		entry.OnSubmitted(typed)
		after, ok := field(f.Inspect(h, sel.kind, []int{sel.index}), title, fl.Label)
		if !ok || after.Number == nil {
			t.Fatalf("%s is gone after an edit", what)
		}
		switch after.Number.Value {
		case v:
			shownAfter := exactShown(t, what, after, propgrid.New([]propgrid.Field{after}).Entries()[fl.Label])
			if shownAfter != typed {
				t.Errorf("%s: typed %s %s, stored %v, shows %q", what, typed, n.Unit.Name, v, shownAfter)
			}
			return
		case n.Value: // refused by the document: try the other way
		default:
			t.Fatalf("%s: typed %s %s, stored %v, want %v", what, typed, n.Unit.Name, after.Number.Value, v)
		}
	}
	t.Errorf("%s: neither neighbour of %v could be stored", what, n.Value)
}

// enumLabels are the labels of the fields that the specs show by name.
func enumLabels(specs ...inspect.Specs) map[string]bool {
	out := map[string]bool{}
	for _, s := range specs {
		for _, f := range s {
			if f.Choices != nil && !f.Hidden {
				out[f.Label] = true
			}
		}
	}
	return out
}

// TestEveryEnumerationNamed: every value the corpus holds in a field
// shown by name has a name: the field is a choice, at that value. Each
// record with a value not met before is inspected.
func TestEveryEnumerationNamed(t *testing.T) {
	enums := enumLabels(polygonSpecs(true), polygonSpecs(false), lineSpecs, sideSpecs, objectSpecs, lightSpecs, oldLightSpecs, mediaSpecs, platformSpecs)
	for _, kind := range []string{"Monster", "Item", "Scenery", "Sound source"} {
		enums[kind] = true // an object's index, by its type
	}
	enums[lightPermutation], enums[panelLightPermutation] = true, true
	enums["Activation bias"] = true
	met := map[string]bool{}
	checked := 0
	for _, d := range corpusMaps(t) {
		f := &session{d: d}
		levels(d, func(level int, l *mcodec.Level) {
			h := levelHost{level: level}
			seen := map[string]bool{}
			fresh := func(key string) bool {
				key = fmt.Sprint(l.Marathon1(), key)
				if met[key] || seen[key] {
					return false
				}
				seen[key] = true
				return true
			}
			for i, p := range l.Polygons {
				if fresh(fmt.Sprint("p", p.Type, p.FloorTransfer, p.CeilingTransfer)) || lightOrMediaFresh(l, p, fresh) {
					checked += checkNamed(t, f, h, selection{mdoc.KindPolygon, i}, enums)
				}
			}
			for i, line := range l.Lines {
				var key strings.Builder
				for _, s := range []uint16{line.ClockwiseSide, line.CCWSide} {
					if int(s) < len(l.Sides) {
						side := l.Sides[s]
						fmt.Fprint(&key, "s", side.Type, side.ControlPanelType, side.Flags&mcodec.SideControlPanel, side.PrimaryTransfer, side.SecondaryTransfer, side.TransparentTransfer)
					}
				}
				if fresh(key.String()) {
					checked += checkNamed(t, f, h, selection{mdoc.KindLine, i}, enums)
				}
			}
			for i, o := range l.Objects {
				if fresh(fmt.Sprint("o", o.Type, o.Index, o.Flags>>mcodec.ObjectActivationShift)) {
					checked += checkNamed(t, f, h, selection{mdoc.KindObject, i}, enums)
				}
			}
			for k := range seen {
				met[k] = true
			}
		})
	}
	if checked == 0 {
		t.Fatal("no field shown by name was checked")
	}
	t.Logf("%d fields shown by name checked", checked)
}

// lightOrMediaFresh reports whether p's lights, liquid or platform hold
// a value not met before.
func lightOrMediaFresh(l *mcodec.Level, p mcodec.Polygon, fresh func(string) bool) bool {
	fresher := false
	for _, i := range []int16{p.FloorLight, p.CeilingLight} {
		switch {
		case i >= 0 && int(i) < len(l.Lights):
			x := l.Lights[i]
			key := fmt.Sprint("l", x.Type)
			for _, fn := range x.Functions {
				key += fmt.Sprint(",", fn.Function)
			}
			fresher = fresh(key) || fresher
		case i >= 0 && int(i) < len(l.OldLights):
			fresher = fresh(fmt.Sprint("ol", l.OldLights[i].Type, l.OldLights[i].Mode)) || fresher
		}
	}
	if p.Media >= 0 && int(p.Media) < len(l.Media) {
		fresher = fresh(fmt.Sprint("m", l.Media[p.Media].Type, l.Media[p.Media].TransferMode)) || fresher
	}
	for _, pl := range l.Platforms {
		if pl.Polygon >= 0 && int(pl.Polygon) < len(l.Polygons) && l.Polygons[pl.Polygon] == p {
			fresher = fresh(fmt.Sprint("pl", pl.Type)) || fresher
		}
	}
	return fresher
}

// checkNamed checks that every field of sel's forms labelled as an
// enumeration is a choice that names its value; it returns how many it
// checked.
func checkNamed(t *testing.T, f *session, h levelHost, sel selection, enums map[string]bool) int {
	t.Helper()
	n := 0
	for _, sec := range f.Inspect(h, sel.kind, []int{sel.index}) {
		for _, fl := range sec.Fields {
			if !enums[fl.Label] {
				continue
			}
			n++
			what := fmt.Sprintf("%s level %d %s %q", f.d.Path, h.level, sec.Title, fl.Label)
			switch {
			case fl.Choice == nil && fl.Number != nil:
				t.Errorf("%s: value %v has no name", what, fl.Number.Value)
			case fl.Choice == nil:
				t.Errorf("%s is not a choice", what)
			case fl.Choice.Index < 0 || fl.Choice.Index >= len(fl.Choice.Options) || fl.Choice.Options[fl.Choice.Index] == "":
				t.Errorf("%s: choice %d of %d options names nothing", what, fl.Choice.Index, len(fl.Choice.Options))
			}
		}
	}
	return n
}

// TestFlagBoxesSetTheirBit: on a corpus level of Infinity and one of
// Marathon 1, ticking each named check box of each flag word changes
// that one of the word's named bits, or none when the document refuses
// the edit (bits the document computes, such as a line's elevation,
// may follow); each flag word takes at least one of its boxes.
func TestFlagBoxesSetTheirBit(t *testing.T) {
	test.NewTempApp(t)
	for _, d := range corpusMaps(t) {
		f := &session{d: d}
		first := -1
		levels(d, func(level int, l *mcodec.Level) {
			if first < 0 {
				first = level
			}
		})
		if first < 0 {
			continue
		}
		l := d.Levels[first]
		h := levelHost{level: first}
		checked := map[string]bool{} // by the kind of section and the label: one of each is enough
		for _, sel := range unitSelections(l) {
			for _, sec := range f.Inspect(h, sel.kind, []int{sel.index}) {
				for _, fl := range sec.Fields {
					key := strings.Fields(sec.Title)[0] + " " + fl.Label
					if fl.Flags != nil && fl.Flags.Set != nil && !checked[key] {
						checked[key] = true
						checkFlags(t, f, h, sel, sec.Title, fl)
					}
				}
			}
		}
		if l.Marathon1() {
			return // one Marathon 1 level and the first later file are enough
		}
	}
}

// checkFlags ticks each named box of the flag word fl, in the section
// titled title of sel's forms, and checks the stored word after each.
func checkFlags(t *testing.T, f *session, h levelHost, sel selection, title string, fl propgrid.Field) {
	t.Helper()
	var named uint64
	for bit, name := range fl.Flags.Names {
		if name != "" {
			named |= 1 << bit
		}
	}
	current := func() propgrid.Field {
		got, ok := field(f.Inspect(h, sel.kind, []int{sel.index}), title, fl.Label)
		if !ok || got.Flags == nil {
			t.Fatalf("%s %q is gone", title, fl.Label)
		}
		return got
	}
	applied := 0
	form := propgrid.New([]propgrid.Field{current()})
	w := test.NewWindow(form)
	defer w.Close()
	boxes := map[string]*widget.Check{}
	for _, o := range test.LaidOutObjects(form) {
		if c, ok := o.(*widget.Check); ok {
			boxes[c.Text] = c
		}
	}
	for bit, name := range fl.Flags.Names {
		if name == "" {
			continue
		}
		box := boxes[name]
		if box == nil {
			t.Fatalf("%s %q: no check box %q", title, fl.Label, name)
		}
		before := current().Flags.Value
		test.Tap(box) // each box once, so that its state is the stored bit's
		after := current().Flags.Value
		switch (after ^ before) & named {
		case 1 << bit:
			applied++
		case 0: // refused
		default:
			t.Errorf("%s %s %q: ticking %q changed %#x to %#x", f.d.Path, title, fl.Label, name, before, after)
		}
	}
	if applied == 0 {
		t.Errorf("%s %s %q: no box could be ticked", f.d.Path, title, fl.Label)
	}
}

// bareIntegers are the fields the inspector shows as plain whole
// numbers, reviewed: indexes of other records, numbers whose meaning
// depends on another field, tags, and what the game leaves unnamed.
var bareIntegers = []string{
	"Clockwise polygon", "Clockwise side", "Control panel permutation", "Control panel permutation (platform polygon)", "Control panel permutation (tag)", "Control panel permutation (terminal)",
	"Counterclockwise polygon", "Counterclockwise side", "First endpoint", "Flags", "Index", "Line",
	"Permutation", "Permutation (destination polygon)", "Permutation (platform)",
	"Permutation (platform polygon)", "Permutation (team)", "Polygon", "Second endpoint", "Tag", "Volume (0-255), or minus a light",
}

// TestBareIntegers: walking the forms of every polygon, line and object
// kind in every corpus level finds no whole number shown bare but those
// reviewed.
func TestBareIntegers(t *testing.T) {
	found := map[string]bool{}
	for _, d := range corpusMaps(t) {
		f := &session{d: d}
		levels(d, func(level int, l *mcodec.Level) {
			h := levelHost{level: level}
			for _, sel := range unitSelections(l) {
				for _, sec := range f.Inspect(h, sel.kind, []int{sel.index}) {
					for _, fl := range sec.Fields {
						if fl.Number != nil && fl.Number.Unit == nil {
							found[fl.Label] = true
						}
					}
				}
			}
			for i, o := range l.Objects {
				if i == 0 || o.Type != l.Objects[i-1].Type {
					for _, sec := range f.Inspect(h, mdoc.KindObject, []int{i}) {
						for _, fl := range sec.Fields {
							if fl.Number != nil && fl.Number.Unit == nil {
								found[fl.Label] = true
							}
						}
					}
				}
			}
		})
	}
	var extra []string
	t.Logf("shown bare: %q", slices.Sorted(maps.Keys(found)))
	for label := range found {
		if !slices.Contains(bareIntegers, label) {
			extra = append(extra, label)
		}
	}
	slices.Sort(extra)
	if len(extra) > 0 {
		t.Errorf("fields shown as bare integers beyond those reviewed: %q", extra)
	}
}

// TestMixedSelection: objects of two types show their index as a mixed
// number, not by one type's names; polygons of two types label their
// permutation plainly.
func TestMixedSelection(t *testing.T) {
	for _, d := range corpusMaps(t) {
		f := &session{d: d}
		l := d.Levels[0]
		if l == nil || l.Marathon1() {
			continue
		}
		monster := slices.IndexFunc(l.Objects, func(o mcodec.Object) bool { return o.Type == mcodec.ObjectMonster })
		item := slices.IndexFunc(l.Objects, func(o mcodec.Object) bool { return o.Type == mcodec.ObjectItem })
		light := slices.IndexFunc(l.Polygons, func(p mcodec.Polygon) bool { return permutationLabel(l, []mcodec.Polygon{p}) == lightPermutation })
		if monster < 0 || item < 0 || light < 0 {
			continue
		}
		h := levelHost{level: 0}
		secs := f.Inspect(h, mdoc.KindObject, []int{monster, item})
		if _, ok := field(secs, "2 objects", "Monster"); ok {
			t.Error("a monster and an item show their index by monster names")
		}
		if index, ok := field(secs, "2 objects", "Index"); !ok || index.Number == nil || !index.Number.Mixed {
			t.Errorf("a monster and an item show their index as %+v", index)
		}
		plain := (light + 1) % len(l.Polygons)
		for l.Polygons[plain].Type == l.Polygons[light].Type {
			plain = (plain + 1) % len(l.Polygons)
		}
		secs = f.Inspect(h, mdoc.KindPolygon, []int{light, plain})
		if _, ok := field(secs, "2 polygons", "Permutation"); !ok {
			t.Error("polygons of two types do not label their permutation plainly")
		}
		return
	}
	t.Fatal("no corpus level has a monster, an item and a light trigger")
}

// TestSideInspector: a side selected alone (a wall clicked in 3D) shows
// its form, with its textures; a Marathon 1 side hides what that game
// does not keep or load: its line, its polygon, its transparent texture
// and its ambient delta.
func TestSideInspector(t *testing.T) {
	test.NewTempApp(t)
	for _, tt := range []struct {
		name   string
		file   []string
		shown  []string
		hidden []string
	}{
		{"Marathon 1", []string{"marathon", "m1", "Map.scen"}, []string{"Primary texture", "Secondary texture", "Type"},
			[]string{"Polygon", "Line", "Transparent texture", "Ambient light delta"}},
		{"Infinity", []string{"marathon", "eternal", "Genie-In-A-Bottle.sceA"},
			[]string{"Primary texture", "Polygon", "Line", "Transparent texture", "Ambient light delta"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := mdoc.Open(corpus.Path(t, tt.file...))
			if err != nil {
				t.Fatal(err)
			}
			f := &session{d: d}
			secs := f.Inspect(levelHost{level: 0}, mdoc.KindSide, []int{0})
			if len(secs) != 1 || secs[0].Title != "Side 0" {
				t.Fatalf("sections %+v, want one titled Side 0", secs)
			}
			for _, label := range tt.shown {
				if _, ok := field(secs, "Side 0", label); !ok {
					t.Errorf("no %q field", label)
				}
			}
			for _, label := range tt.hidden {
				if _, ok := field(secs, "Side 0", label); ok {
					t.Errorf("a %q field", label)
				}
			}
		})
	}
}

// TestPlatformPolygonHeightsReadOnly: on a preprocessed map, the height a
// run-time platform moves is its polygon's only as where the platform
// starts, so the inspector shows it read-only; the other stays editable.
func TestPlatformPolygonHeightsReadOnly(t *testing.T) {
	test.NewTempApp(t)
	d, err := mdoc.Open(corpus.Path(t, "marathon", "jp", "Evil", "A-million-ways-to-spend-your-time.sceA"))
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	door := l.RunPlatforms[0] // a door that comes from the ceiling only
	if door.StaticFlags&(mcodec.PlatformComesFromCeiling|mcodec.PlatformComesFromFloor) != mcodec.PlatformComesFromCeiling {
		t.Fatalf("platform 0 flags 0x%08X: not a ceiling door", door.StaticFlags)
	}
	f := &session{d: d}
	sections := f.Inspect(levelHost{level: 0}, mdoc.KindPolygon, []int{int(door.Polygon)})
	for label, editable := range map[string]bool{"Ceiling height": false, "Floor height": true} {
		var found bool
		for _, s := range sections {
			for _, fl := range s.Fields {
				if fl.Label == label && fl.Number != nil {
					found = true
					if (fl.Number.Set != nil) != editable {
						t.Errorf("%s: editable %v, want %v", label, fl.Number.Set != nil, editable)
					}
				}
			}
		}
		if !found {
			t.Errorf("the door's polygon shows no %q", label)
		}
	}
}
