package marathon

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/tool"
)

// paintWidgets are the paint tool's options: the property and value
// choices, the height entry and the Add and Edit buttons.
type paintWidgets struct {
	property, values *widget.Select
	height           *widget.Entry
	add, edit        *widget.Button
}

// findPaintWidgets finds the paint tool's widgets in its options.
func findPaintWidgets(t *testing.T, o fyne.CanvasObject) paintWidgets {
	t.Helper()
	var w paintWidgets
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *widget.Select:
			if w.property == nil {
				w.property = x
			} else {
				w.values = x
			}
		case *widget.Entry:
			w.height = x
		case *widget.Button:
			if x.Text == "Add" {
				w.add = x
			} else if x.Text == "Edit" {
				w.edit = x
			}
		}
	}
	walk(o)
	if w.property == nil || w.values == nil || w.height == nil || w.add == nil || w.edit == nil {
		t.Fatalf("the paint tool's options lack a widget: %+v", w)
	}
	return w
}

// paintSession is a new map's session with its paint tool chosen on
// level 0, the level's scene shown.
func paintSession(t *testing.T) (*session, *geomHost, *tool.Tool, paintWidgets) {
	t.Helper()
	f, h := newGeomSession(t)
	h.scene = f.Levels()[0].Build()
	pt := geomTool(t, f, h, "Paint", fyne.KeyP)
	pt.LevelShown()
	return f, h, pt, findPaintWidgets(t, pt.Options)
}

// TestPaintHeights: a height added in the palette is painted on both
// rooms by one drag, as one step that undoes exactly; a click on a
// polygon that has the value already makes no step; Edit moves every
// polygon of a height to the one typed.
func TestPaintHeights(t *testing.T) {
	f, h, pt, w := paintSession(t)
	l := f.d.Levels[0]
	if len(l.Polygons) != 2 {
		t.Fatalf("the new map has %d polygons, want 2", len(l.Polygons))
	}
	want := []string{"Floor height", "Ceiling height", "Floor light", "Ceiling light", "Liquid", "Liquid light", "Ambient sound", "Random sound"}
	if !slices.Equal(w.property.Options, want) {
		t.Fatalf("the palette paints %q, want %q", w.property.Options, want)
	}
	before := slices.Clone(l.Polygons)
	floor := before[0].FloorHeight
	if w.values.Selected != inWorldUnits(float64(floor))+" (2 polygons)" {
		t.Errorf("the floor palette shows %q first, want both rooms' floor", w.values.Selected)
	}
	test.Type(w.height, "0.5")
	test.Tap(w.add)
	if w.values.Selected != "0.50 WU (0 polygons)" {
		t.Fatalf("after Add the palette chose %q, want the new height with no polygon", w.values.Selected)
	}
	drag := pt.Press(click(1024, 1024))
	if drag == nil {
		t.Fatal("a press in room 0 started no paint drag")
	}
	drag.To(display.Vec2{X: 3072, Y: 1024})
	drag.Release()
	f.d.History.BreakMerge()
	if l.Polygons[0].FloorHeight != 512 || l.Polygons[1].FloorHeight != 512 || steps(f) != 1 {
		t.Errorf("the drag left floors %d and %d in %d steps, want 512 in 1", l.Polygons[0].FloorHeight, l.Polygons[1].FloorHeight, steps(f))
	}
	if w.values.Selected != "0.50 WU (2 polygons)" {
		t.Errorf("after the drag the palette shows %q, want the height's 2 polygons", w.values.Selected)
	}
	pt.Click(click(1024, 1024))
	if steps(f) != 1 {
		t.Errorf("a click giving a polygon its own value made a step: %d steps", steps(f))
	}
	if _, err := f.d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.Polygons, before) {
		t.Error("undoing the drag did not restore the polygons")
	}
	// Edit: every polygon of the first floor height goes to 0.25 WU.
	w.values.SetSelectedIndex(slices.IndexFunc(w.values.Options, func(s string) bool { return strings.HasSuffix(s, "(2 polygons)") }))
	w.height.SetText("0.25")
	test.Tap(w.edit)
	if l.Polygons[0].FloorHeight != 256 || l.Polygons[1].FloorHeight != 256 || steps(f) != 1 {
		t.Errorf("Edit left floors %d and %d in %d steps, want 256 in 1", l.Polygons[0].FloorHeight, l.Polygons[1].FloorHeight, steps(f))
	}
	w.height.SetText("high")
	test.Tap(w.add)
	if !strings.Contains(h.status, "not a number") {
		t.Errorf("adding the height \"high\" said %q, want why it is refused", h.status)
	}
}

// TestPaintRecords: Add makes a record that the palette chooses, a
// click paints it on one polygon, and Edit opens it in the inspector;
// "none" is in every record palette.
func TestPaintRecords(t *testing.T) {
	f, h, pt, w := paintSession(t)
	l := f.d.Levels[0]
	for _, r := range []struct {
		label string
		kind  document.Kind
		count func() int
		field func(p mcodec.Polygon) int16
	}{
		{"Ceiling light", mdoc.KindLight, func() int { return len(l.Lights) }, func(p mcodec.Polygon) int16 { return p.CeilingLight }},
		{"Liquid", mdoc.KindLiquid, func() int { return len(l.Media) }, func(p mcodec.Polygon) int16 { return p.Media }},
		{"Random sound", mdoc.KindRandomSound, func() int { return len(l.Random) }, func(p mcodec.Polygon) int16 { return p.RandomSound }},
	} {
		w.property.SetSelected(r.label)
		if !w.height.Hidden {
			t.Errorf("%s: the height entry shows for a record", r.label)
		}
		if !slices.ContainsFunc(w.values.Options, func(s string) bool { return strings.HasPrefix(s, "none (") }) {
			t.Errorf("%s: the palette %q offers no \"none\"", r.label, w.values.Options)
		}
		n, other := r.count(), r.field(l.Polygons[0])
		test.Tap(w.add)
		if r.count() != n+1 {
			t.Fatalf("%s: Add left %d records, want %d", r.label, r.count(), n+1)
		}
		if !strings.HasPrefix(w.values.Selected, strconv.Itoa(n)+": ") || !strings.HasSuffix(w.values.Selected, "(0 polygons)") {
			t.Errorf("%s: after Add the palette chose %q, want record %d with no polygon", r.label, w.values.Selected, n)
		}
		pt.Click(click(3072, 1024))
		if got := r.field(l.Polygons[1]); int(got) != n || r.field(l.Polygons[0]) != other {
			t.Errorf("%s: the click left room 1 with %d and room 0 with %d, want %d and %d", r.label, got, r.field(l.Polygons[0]), n, other)
		}
		test.Tap(w.edit)
		if want := []document.Ref{{Level: 0, Kind: r.kind, Index: n}}; !slices.Equal(h.selected, want) {
			t.Errorf("%s: Edit selected %v, want %v", r.label, h.selected, want)
		}
		sections := f.Inspect(h, r.kind, []int{n})
		if len(sections) != 1 || len(sections[0].Fields) < 3 {
			t.Errorf("%s: the inspector shows %d sections for the record Edit opens, want its fields", r.label, len(sections))
		}
	}
	if n := steps(f); n != 6 {
		t.Errorf("three Adds and three clicks made %d steps, want 6", n)
	}
	again := geomTool(t, f, h, "Paint", fyne.KeyP) // as the window builds the tools again
	again.LevelShown()
	if w := findPaintWidgets(t, again.Options); w.property.Selected != "Random sound" {
		t.Errorf("the tools built again paint %q, want the property chosen, Random sound", w.property.Selected)
	}
}

// TestSoundRecordFields: the inspector shows a random sound by its
// name, its volume in percent and its period in seconds.
func TestSoundRecordFields(t *testing.T) {
	f, h := newGeomSession(t)
	i, err := f.d.AddRandomSound(0, mcodec.RandomSound{Index: 3, Volume: 128, Period: 90})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, fl := range f.Inspect(h, mdoc.KindRandomSound, []int{i})[0].Fields {
		switch {
		case fl.Choice != nil:
			got[fl.Label] = fl.Choice.Options[fl.Choice.Index]
		case fl.Number != nil:
			got[fl.Label] = strconv.FormatFloat(fl.Number.Unit.Show(fl.Number.Value), 'f', -1, 64) + " " + fl.Number.Unit.Name
		}
	}
	for label, want := range map[string]string{"Sound": "owl", "Volume": "50 %", "Period": "3 s"} {
		if got[label] != want {
			t.Errorf("%s shows %q, want %q", label, got[label], want)
		}
	}
}
