package propgrid

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func TestForm(t *testing.T) {
	test.NewTempApp(t)
	var height float64
	var kind, bit = -1, -1
	var on bool
	form := New([]Field{
		{Label: "Height", Number: &Number{Value: 3, Whole: true, Min: 0, Max: 31, Set: func(v float64) error { height = v; return nil }}},
		{Label: "Light", Number: &Number{Mixed: true, Whole: true, Min: 0, Max: 9, Set: func(float64) error { return errors.New("refused") }}},
		{Label: "Type", Choice: &Choice{Options: []string{"normal", "water"}, Index: -1, Set: func(i int) error { kind = i; return nil }}},
		{Label: "Flags", Flags: &Flags{Names: []string{"solid", "", "transparent"}, Value: 1, Mixed: 4,
			Set: func(b int, v bool) error { bit, on = b, v; return nil }}},
		{Label: "Area", Number: &Number{Value: 12.5}},
	})
	w := test.NewWindow(form)
	defer w.Close()

	h := form.Entry("Height")
	if h.Text != "3" {
		t.Fatalf("height shows %q", h.Text)
	}
	h.SetText("30")
	h.OnSubmitted(h.Text)
	if height != 30 {
		t.Fatalf("submitting %q set %v", h.Text, height)
	}
	h.SetText("40")
	h.OnSubmitted(h.Text)
	if height != 30 || !form.message.Visible() || form.message.Text != "Height: 40 is outside 0 to 31" {
		t.Fatalf("out of range: height %v, message %q", height, form.message.Text)
	}
	light := form.Entry("Light")
	if light.Text != Mixed {
		t.Fatalf("a mixed value shows %q", light.Text)
	}
	light.SetText("2")
	light.OnSubmitted("2")
	if form.message.Text != "refused" {
		t.Fatalf("a setter's error shows %q", form.message.Text)
	}
	if form.Entry("Area") != nil {
		t.Fatal("a read-only number is editable")
	}

	var selects []*widget.Select
	var checks []*widget.Check
	for _, o := range test.LaidOutObjects(form) {
		switch x := o.(type) {
		case *widget.Select:
			selects = append(selects, x)
		case *widget.Check:
			checks = append(checks, x)
		}
	}
	if len(selects) != 1 || selects[0].PlaceHolder != Mixed {
		t.Fatalf("choices: %d, mixed shown as %q", len(selects), selects[0].PlaceHolder)
	}
	if c := form.Choices(); len(c) != 1 || c["Type"] != selects[0] {
		t.Fatalf("the form's choices by label are %v, want Type's list alone", c)
	}
	selects[0].SetSelectedIndex(1)
	if kind != 1 {
		t.Fatalf("choosing water set %d", kind)
	}
	if len(checks) != 2 || !checks[0].Checked || checks[1].Checked || !checks[1].Partial {
		t.Fatalf("flags: %d checks, solid %v, transparent %v partial %v", len(checks), checks[0].Checked, checks[1].Checked, checks[1].Partial)
	}
	if c := form.Checks(); len(c) != 2 || c[CheckKey("Flags", "solid")] != checks[0] || c[CheckKey("Flags", "transparent")] != checks[1] {
		t.Fatalf("the form's check boxes by key are %v, want solid's and transparent's", c)
	}
	test.Tap(checks[1])
	if bit != 2 || !on {
		t.Fatalf("ticking transparent set bit %d to %v", bit, on)
	}
}

// TestRefusedValuesGoBack: a value the setter refuses shows why, and the
// field shows the stored value again, for every kind of field.
func TestRefusedValuesGoBack(t *testing.T) {
	test.NewTempApp(t)
	refuse := errors.New("sector set 9 does not exist; there are 3")
	form := New([]Field{
		{Label: "Set", Number: &Number{Value: 2, Whole: true, Min: 0, Max: 100, Set: func(float64) error { return refuse }}},
		{Label: "Name", Text: &Text{Value: "door", Set: func(string) error { return refuse }}},
		{Label: "Type", Choice: &Choice{Options: []string{"normal", "water"}, Index: 0, Set: func(int) error { return refuse }}},
		{Label: "Flags", Flags: &Flags{Names: []string{"solid"}, Value: 1, Set: func(int, bool) error { return refuse }}},
	})
	var reported []error
	form.OnError = func(err error) { reported = append(reported, err) }
	w := test.NewWindow(form)
	defer w.Close()

	for label, typed := range map[string]string{"Set": "9", "Name": "gate"} {
		e := form.Entry(label)
		want := e.Text
		e.SetText(typed)
		e.OnSubmitted(typed)
		if e.Text != want {
			t.Errorf("%s shows %q after a refused %q, want the stored %q", label, e.Text, typed, want)
		}
	}
	for _, o := range test.LaidOutObjects(form) {
		switch x := o.(type) {
		case *widget.Select:
			x.SetSelectedIndex(1)
			if x.SelectedIndex() != 0 {
				t.Errorf("the choice shows %d after a refused change, want 0", x.SelectedIndex())
			}
		case *widget.Check:
			test.Tap(x)
			if !x.Checked {
				t.Error("the flag shows unticked after a refused change")
			}
		}
	}
	if len(reported) != 4 || form.message.Text != refuse.Error() || !form.message.Visible() {
		t.Errorf("%d errors reported, message %q", len(reported), form.message.Text)
	}
}

// TestAskingSetterKeepsTheStoredValue: a setter that asks first leaves
// the field at the stored value, with no error shown.
func TestAskingSetterKeepsTheStoredValue(t *testing.T) {
	test.NewTempApp(t)
	form := New([]Field{{Label: "Action", Choice: &Choice{Options: []string{"none", "puzzle"}, Index: 1,
		Set: func(int) error { return ErrAsking }}}})
	w := test.NewWindow(form)
	defer w.Close()
	for _, o := range test.LaidOutObjects(form) {
		if s, ok := o.(*widget.Select); ok {
			s.SetSelectedIndex(0)
			if s.SelectedIndex() != 1 || form.message.Visible() {
				t.Fatalf("after asking: choice %d, message %q shown %v", s.SelectedIndex(), form.message.Text, form.message.Visible())
			}
			return
		}
	}
	t.Fatal("no choice")
}

// TestUnits: a number with a unit shows the stored value in it, takes a
// typed value back exactly, and stores one that falls between two stored
// steps as the nearest, which the entry then shows exactly, saying so.
func TestUnits(t *testing.T) {
	test.NewTempApp(t)
	var stored []float64
	set := func(v float64) error { stored = append(stored, v); return nil }
	form := New([]Field{
		{Label: "Floor", Number: &Number{Value: 1536, Whole: true, Min: -32768, Max: 32767, Unit: &Unit{Name: "WU", Per: 1024}, Set: set}},
		{Label: "Facing", Number: &Number{Value: 128, Whole: true, Min: 0, Max: 511, Unit: &Unit{Name: "°", Per: 512.0 / 360}, Set: set}},
	})
	w := test.NewWindow(form)
	defer w.Close()
	if got := form.Entry("Floor").Text; got != "1.5" {
		t.Fatalf("1536 internal units show as %q WU", got)
	}
	if got := form.Entry("Facing").Text; got != "90" {
		t.Fatalf("facing 128 of 512 shows as %q°", got)
	}
	for _, c := range []struct {
		field, typed string
		want         float64
	}{{"Floor", "-2.25", -2304}, {"Floor", "0.0009765625", 1}, {"Facing", "270", 384}, {"Facing", "0.703125", 1}} {
		stored = nil
		submit(form, c.field, c.typed)
		if len(stored) != 1 || stored[0] != c.want {
			t.Errorf("%s %s stored %v, want %v", c.field, c.typed, stored, c.want)
		}
	}
	for _, c := range []struct {
		field, typed, shown string
		want                float64
	}{{"Facing", "1", "0.703125", 1}, {"Facing", "1.1", "1.40625", 2}, {"Floor", "-2.1", "-2.099609375", -2150}, {"Floor", " 0.05 ", "0.0498046875", 51}} {
		stored = nil
		submit(form, c.field, c.typed)
		if len(stored) != 1 || stored[0] != c.want {
			t.Errorf("%s %s stored %v, want %v", c.field, c.typed, stored, c.want)
		}
		if got := form.Entry(c.field).Text; got != c.shown || !form.message.Visible() ||
			!strings.Contains(form.message.Text, "stored as "+c.shown) {
			t.Errorf("%s %s shows %q; message %q", c.field, c.typed, got, form.message.Text)
		}
	}
	submit(form, "Floor", "-2.25")
	if form.message.Visible() {
		t.Errorf("a value stored exactly keeps the message %q", form.message.Text)
	}
	stored = nil
	submit(form, "Floor", "40")
	if len(stored) != 0 || !strings.Contains(form.message.Text, "outside -32 to 31.9990234375 (WU)") {
		t.Errorf("40 WU stored %v; message %q", stored, form.message.Text)
	}
}

func submit(form *Form, label, typed string) {
	e := form.Entry(label)
	e.SetText(typed)
	e.OnSubmitted(typed)
}

// TestSingleNumbers: a number stored as a 32-bit float shows the digits
// that float holds, not those of its 64-bit widening.
func TestSingleNumbers(t *testing.T) {
	test.NewTempApp(t)
	v := float64(float32(1450.6666))
	form := New([]Field{
		{Label: "Single", Number: &Number{Value: v, Single: true, Min: -1e6, Max: 1e6, Set: func(float64) error { return nil }}},
		{Label: "Double", Number: &Number{Value: v, Min: -1e6, Max: 1e6, Set: func(float64) error { return nil }}},
	})
	w := test.NewWindow(form)
	defer w.Close()
	if got := form.Entry("Single").Text; got != "1450.6666" {
		t.Errorf("a single-precision 1450.6666 shows as %q", got)
	}
	if got := form.Entry("Double").Text; got == "1450.6666" {
		t.Errorf("a double %v shows as %q, the single's digits", v, got)
	}
}

// TestUpdate: fields of the same shape give the form their values and
// setters in place; fields of another shape leave it as it was.
func TestUpdate(t *testing.T) {
	test.NewTempApp(t)
	fields := func(x float64, kind int, flags uint64, name string, set *float64) []Field {
		return []Field{
			{Label: "X", Number: &Number{Value: x, Min: -10, Max: 10, Set: func(v float64) error { *set = v; return nil }}},
			{Label: "Type", Choice: &Choice{Options: []string{"a", "b"}, Index: kind, Set: func(int) error { return nil }}},
			{Label: "Flags", Flags: &Flags{Names: []string{"solid", "dark"}, Value: flags, Set: func(int, bool) error { return nil }}},
			{Label: "Name", Text: &Text{Value: name}},
		}
	}
	var first, second float64
	form := New(fields(1, 0, 1, "one", &first))
	w := test.NewWindow(form)
	defer w.Close()
	if !form.Update(fields(2, 1, 2, "two", &second)) {
		t.Fatal("fields of the same shape were refused")
	}
	x := form.Entry("X")
	grid := form.box.Objects[0].(*fyne.Container).Objects
	kind := grid[3].(*widget.Select)
	solid, dark := form.Checks()[CheckKey("Flags", "solid")], form.Checks()[CheckKey("Flags", "dark")]
	name := grid[7].(*widget.Label)
	if x.Text != "2" || kind.SelectedIndex() != 1 || solid.Checked || !dark.Checked || name.Text != "two" {
		t.Fatalf("after Update: x %q, type %d, flags %v %v, name %q", x.Text, kind.SelectedIndex(),
			solid.Checked, dark.Checked, name.Text)
	}
	x.SetText("5")
	x.OnSubmitted(x.Text)
	if first != 0 || second != 5 {
		t.Fatalf("the edit went to the old setter (%v) or not to the new one (%v)", first, second)
	}
	other := fields(3, 0, 0, "three", &second)
	other[1].Choice.Options = []string{"a", "c"}
	if form.Update(other) || x.Text != "5" {
		t.Fatalf("fields of another shape were taken: x shows %q", x.Text)
	}
}

// TestUpdateReadOnly: Update shows the new values of fields the user
// cannot edit too.
func TestUpdateReadOnly(t *testing.T) {
	test.NewTempApp(t)
	fields := func(x float64, kind int, flags uint64, name string) []Field {
		return []Field{
			{Label: "X", Number: &Number{Value: x}},
			{Label: "Type", Choice: &Choice{Options: []string{"a", "b"}, Index: kind}},
			{Label: "Flags", Flags: &Flags{Names: []string{"solid", "dark"}, Value: flags}},
			{Label: "Name", Text: &Text{Value: name}},
		}
	}
	form := New(fields(1, 0, 1, "one"))
	w := test.NewWindow(form)
	defer w.Close()
	if !form.Update(fields(2, 1, 2, "two")) {
		t.Fatal("fields of the same shape were refused")
	}
	grid := form.box.Objects[0].(*fyne.Container).Objects
	x := grid[1].(*widget.Label)
	kind := grid[3].(*widget.Select)
	solid, dark := form.Checks()[CheckKey("Flags", "solid")], form.Checks()[CheckKey("Flags", "dark")]
	name := grid[7].(*widget.Label)
	if x.Text != "2" || kind.SelectedIndex() != 1 || solid.Checked || !dark.Checked || name.Text != "two" {
		t.Errorf("after Update: x %q, type %d, flags %v %v, name %q", x.Text, kind.SelectedIndex(),
			solid.Checked, dark.Checked, name.Text)
	}
}

// heightField is a form of one number field, 0 to 10, that stores into
// value, in a window, with its entry focused.
func heightField(t *testing.T, value *float64) (*Form, fyne.Window, *FieldEntry) {
	t.Helper()
	test.NewTempApp(t)
	form := New([]Field{{Label: "Height", Number: &Number{Value: *value, Min: 0, Max: 10, Set: func(v float64) error { *value = v; return nil }}}})
	w := test.NewWindow(form)
	t.Cleanup(w.Close)
	for _, o := range test.LaidOutObjects(form) {
		if entry, ok := o.(*FieldEntry); ok {
			w.Canvas().Focus(entry)
			return form, w, entry
		}
	}
	t.Fatal("the form has no field entry")
	return nil, nil, nil
}

// TestUndoAfterEnterGoesToTheWindow: Ctrl+Z in a field right after Enter
// stored its value is the window's (the document's Undo); while text is
// typed and not stored, it is the entry's own.
func TestUndoAfterEnterGoesToTheWindow(t *testing.T) {
	value := 3.0
	form, w, entry := heightField(t, &value)
	undos := 0
	w.Canvas().AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { undos++ })
	entry.SetText("4")
	entry.TypedShortcut(&fyne.ShortcutUndo{})
	if undos != 0 {
		t.Fatal("Ctrl+Z over typing not stored went to the window")
	}
	submit(form, "Height", "5")
	form.Update([]Field{{Label: "Height", Number: &Number{Value: value, Min: 0, Max: 10, Set: func(float64) error { return nil }}}}) // as the inspector shows what was stored
	entry.TypedShortcut(&fyne.ShortcutUndo{})
	if undos != 1 || value != 5 {
		t.Fatalf("Ctrl+Z after Enter: the window's Undo ran %d times, value %v", undos, value)
	}
}

// TestWindowShortcutsInAField: Ctrl+S typed in a field stores what it
// holds, then goes to the window; Ctrl+Left stays the entry's (it moves
// by words) and leaves the window's shortcuts alone.
func TestWindowShortcutsInAField(t *testing.T) {
	value := 3.0
	_, w, entry := heightField(t, &value)
	saves, words := 0, 0
	save := &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	left := &desktop.CustomShortcut{KeyName: fyne.KeyLeft, Modifier: fyne.KeyModifierShortcutDefault}
	w.Canvas().AddShortcut(save, func(fyne.Shortcut) { saves++ })
	w.Canvas().AddShortcut(left, func(fyne.Shortcut) { words++ })
	entry.SetText("7")
	entry.TypedShortcut(left)
	if words != 0 {
		t.Fatal("Ctrl+Left in a field went to the window")
	}
	entry.TypedShortcut(save)
	if saves != 1 || value != 7 {
		t.Fatalf("Ctrl+S in a field holding 7: %d saves, value %v", saves, value)
	}
}

// TestUnitPrecision: a unit with decimals writes values at its
// precision, trailing zeros dropped ("10", "265.1°"), and exactly
// without.
func TestUnitPrecision(t *testing.T) {
	percent := &Unit{Name: "%", Per: 65536.0 / 100, Decimals: 1}
	degrees := &Unit{Name: "°", Per: 512.0 / 360, Decimals: 1}
	exact := &Unit{Name: "WU", Per: 1024}
	for _, c := range []struct {
		u      *Unit
		stored float64
		want   string
	}{
		{percent, 10.0006103515625 * 655.36, "10 %"},
		{degrees, 265.078125 * 512 / 360, "265.1°"},
		{percent, -0.01, "0 %"},
		{exact, 1, "0.0009765625 WU"},
		{nil, 1.5, "1.5"},
	} {
		if got := c.u.WithName(c.stored); got != c.want {
			t.Errorf("%v in %+v: %q, want %q", c.stored, c.u, got, c.want)
		}
	}
}

// TestRoundedNumber: a number shown rounded gives its exact value in
// its tooltip; Enter on it untouched keeps the exact value, a value
// typed is stored; a unit beside shows the value in it too.
func TestRoundedNumber(t *testing.T) {
	test.NewTempApp(t)
	var sets []float64
	ticks := &Unit{Name: "ticks", Per: 1, Beside: &Unit{Name: "s", Per: 30, Decimals: 2}}
	percent := &Unit{Name: "%", Per: 655.36, Decimals: 1}
	form := New([]Field{
		{Label: "Intensity", Number: &Number{Value: 6554, Whole: true, Min: 0, Max: 65536, Unit: percent,
			Set: func(v float64) error { sets = append(sets, v); return nil }}},
		{Label: "Delay", Number: &Number{Value: 45, Whole: true, Min: 0, Max: 1000, Unit: ticks, Set: func(float64) error { return nil }}},
	})
	test.NewTempWindow(t, form)
	e := form.Entries()["Intensity"]
	if e.Text != "10" || e.Tip() != "exactly "+format(6554/655.36)+" %" {
		t.Errorf("shows %q with the tooltip %q", e.Text, e.Tip())
	}
	e.OnSubmitted(e.Text)
	if len(sets) != 0 {
		t.Errorf("Enter on the untouched value stored %v", sets)
	}
	e.SetText("")
	test.Type(e, "10")
	e.OnSubmitted(e.Text)
	if len(sets) != 1 || sets[0] != 6554 {
		t.Errorf("typing 10 stored %v, want 6554 (the nearest step)", sets)
	}
	if form.Entries()["Delay"].Tip() != "" {
		t.Errorf("a whole number of ticks has a tooltip %q", form.Entries()["Delay"].Tip())
	}
	found := false
	for _, o := range test.LaidOutObjects(form) {
		if l, ok := o.(*widget.Label); ok && l.Text == "= 1.5 s" {
			found = true
		}
	}
	if !found {
		t.Error("45 ticks show no \"= 1.5 s\" beside them")
	}
}

// TestFlagsInColumns: a field's flags go under its label across the
// whole form, in as many columns as fit, not one to a line beside the
// label; the form's height counts their rows.
func TestFlagsInColumns(t *testing.T) {
	test.NewTempApp(t)
	names := make([]string, 24)
	for i := range names {
		names[i] = "flag " + string(rune('a'+i))
	}
	form := New([]Field{{Label: "Health", Number: &Number{Value: 3}},
		{Label: "Spawn flags", Flags: &Flags{Names: names, Set: func(int, bool) error { return nil }}}})
	w := test.NewWindow(form)
	defer w.Close()
	w.Resize(fyne.NewSize(600, 2000))
	var checks []*widget.Check
	var label *widget.Label
	for _, o := range test.LaidOutObjects(form) {
		switch x := o.(type) {
		case *widget.Check:
			checks = append(checks, x)
		case *widget.Label:
			if x.Text == "Spawn flags" {
				label = x
			}
		}
	}
	if len(checks) != len(names) || label == nil {
		t.Fatalf("%d check boxes, label %v", len(checks), label)
	}
	rows := map[float32]bool{}
	for _, c := range checks {
		rows[fyne.CurrentApp().Driver().AbsolutePositionForObject(c).Y] = true
	}
	cell := checks[0].MinSize()
	if perRow := len(names) / len(rows); len(rows) > len(names)/3 || perRow < 3 {
		t.Errorf("%d check boxes %.0f wide lie on %d rows of a 600-wide form, want 3 or more to a row", len(names), cell.Width, len(rows))
	}
	labelAt, firstAt := fyne.CurrentApp().Driver().AbsolutePositionForObject(label), fyne.CurrentApp().Driver().AbsolutePositionForObject(checks[0])
	if firstAt.Y <= labelAt.Y || firstAt.X > labelAt.X+1 {
		t.Errorf("the first check box is at %v, its label at %v: want it under the label, from the left edge", firstAt, labelAt)
	}
	if h := form.MinSize().Height; h < float32(len(rows))*cell.Height {
		t.Errorf("the form's least height %.0f is less than its %d rows of flags", h, len(rows))
	}
}

// TestFlagsColumnsFitTheirNames: flags run down their columns, each
// column as wide as its widest name, so that one long name takes a row
// of its own column only; no box passes the form's right edge; and the
// boxes are drawn smaller than a check box elsewhere.
func TestFlagsColumnsFitTheirNames(t *testing.T) {
	test.NewTempApp(t)
	names := []string{"AnUnusuallyLongFlagNameForAColumn"}
	for i := range 31 {
		names = append(names, "f"+strconv.Itoa(i))
	}
	form := New([]Field{{Label: "Flags", Flags: &Flags{Names: names, Set: func(int, bool) error { return nil }}}})
	w := test.NewWindow(form)
	defer w.Close()
	long := form.Checks()[CheckKey("Flags", names[0])].MinSize().Width
	if plain := widget.NewCheck(names[0], nil).MinSize().Width; long >= plain {
		t.Errorf("a flag's check box is %.0f wide, one elsewhere %.0f: want flags drawn smaller", long, plain)
	}
	// Wide enough for the long name and a column of short ones, not two
	// columns as wide as the longest.
	width := long*1.5 + 2*theme.Padding()
	w.Resize(fyne.NewSize(width+2*theme.Padding(), 2000))
	d := fyne.CurrentApp().Driver()
	formAt := d.AbsolutePositionForObject(form)
	columns := map[float32]bool{}
	for _, name := range names {
		c := form.Checks()[CheckKey("Flags", name)]
		at := d.AbsolutePositionForObject(c)
		columns[at.X] = true
		if right := at.X + c.Size().Width; right > formAt.X+form.Size().Width+0.5 {
			t.Errorf("%s reaches %.0f, past the form's right edge at %.0f", name, right, formAt.X+form.Size().Width)
		}
	}
	if len(columns) < 2 {
		t.Errorf("%d flags lie in %d column at %.0f px, want the short names beside the long one's column", len(names), len(columns), form.Size().Width)
	}
	first, second := form.Checks()[CheckKey("Flags", names[0])], form.Checks()[CheckKey("Flags", names[1])]
	if a, b := d.AbsolutePositionForObject(first), d.AbsolutePositionForObject(second); a.X != b.X || b.Y <= a.Y {
		t.Errorf("the second flag is at %v, the first at %v: want it under the first", b, a)
	}
}

// TestWheelOverAFieldScrollsThePanel: the mouse wheel over a number
// field, or a text field holding a path longer than its entry, scrolls
// the panel the form is in rather than the field; a long value does not
// widen the form. A text typed in scrolls along its text, and gives the
// wheel back when it loses the focus.
func TestWheelOverAFieldScrollsThePanel(t *testing.T) {
	test.NewTempApp(t)
	for _, kind := range []string{"number", "text"} {
		var fields []Field
		for i := range 40 {
			f := Field{Label: "f" + strconv.Itoa(i)}
			if kind == "number" {
				f.Number = &Number{Value: float64(i), Set: func(float64) error { return nil }}
			} else {
				f.Text = &Text{Value: "models/actors/a_rather_long_folder/" + strconv.Itoa(i) + ".kmesh", Set: func(string) error { return nil }}
			}
			fields = append(fields, f)
		}
		if kind == "number" {
			fields[0].Number.Value = 3.4028234663852886e+38
		}
		form := New(fields)
		panel := container.NewVScroll(form)
		w := test.NewWindow(panel)
		w.Resize(fyne.NewSize(300, 300))
		entry := form.Entries()["f1"]
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(entry).Add(fyne.NewPos(5, 5))
		test.Scroll(w.Canvas(), at, 0, -120)
		if panel.Offset.Y <= 0 {
			t.Errorf("the wheel over a %s field left the panel at %v", kind, panel.Offset)
		}
		if w := form.MinSize().Width; w > 300 {
			t.Errorf("a long %s widens the form to %.0f", kind, w)
		}
		if kind == "text" {
			w.Canvas().Focus(entry)
			if entry.Scroll != fyne.ScrollBoth {
				t.Errorf("a text typed in scrolls %v, want both ways", entry.Scroll)
			}
			w.Canvas().Unfocus()
			if entry.Scroll != fyne.ScrollNone {
				t.Errorf("a text left scrolls %v, want none", entry.Scroll)
			}
		}
		w.Close()
	}
}

// TestLongWordsGoAboveTheirValue: in a narrow form, a label with a word
// wider than the label column ("CollisionHeight") is not broken inside the
// word: it takes the whole width, its editor under it and inside the
// form; a label whose words fit stays beside its editor, and the form's
// height counts the rows as laid out. A text or a choice's name too long
// to show beside its label goes under it, and a text too long for the
// whole width is the entry's tooltip.
func TestLongWordsGoAboveTheirValue(t *testing.T) {
	test.NewTempApp(t)
	set := func(float64) error { return nil }
	form := New([]Field{
		{Label: "Origin X", Number: &Number{Value: 2645.3333, Set: set}},
		{Label: "CollisionHeight", Number: &Number{Value: 14.1421, Set: set, Unit: &Unit{Name: "units", Per: 1}}},
		{Label: "Model", Text: &Text{Value: "models/actors/a0000.kmesh", Set: func(string) error { return nil }}},
		{Label: "Anim", Text: &Text{Value: "anims/actors/a_long_folder_name/a0000_and_more.kanim", Set: func(string) error { return nil }}},
		{Label: "Light", Choice: &Choice{Options: []string{"0: flickering, 40%"}, Index: 0, Set: func(int) error { return nil }},
			Action: &Action{Label: "New", Do: func() {}}},
		{Label: "Kind", Choice: &Choice{Options: []string{"normal"}, Index: 0, Set: func(int) error { return nil }}},
	})
	w := test.NewWindow(form)
	defer w.Close()
	w.Resize(fyne.NewSize(230, 600))
	w.Canvas().Capture()
	d := fyne.CurrentApp().Driver()
	labels := map[string]*widget.Label{}
	for _, o := range test.LaidOutObjects(form) {
		if l, ok := o.(*widget.Label); ok {
			labels[l.Text] = l
		}
	}
	formAt, formSize := d.AbsolutePositionForObject(form), form.Size()
	inside := func(name string, o fyne.CanvasObject) {
		at := d.AbsolutePositionForObject(o)
		if at.X < formAt.X || at.X+o.Size().Width > formAt.X+formSize.Width+0.5 {
			t.Errorf("%s runs from x %.1f to %.1f, the form from %.1f to %.1f", name, at.X, at.X+o.Size().Width, formAt.X, formAt.X+formSize.Width)
		}
	}
	long := labels["CollisionHeight (units)"]
	if long == nil {
		t.Fatalf("no CollisionHeight label among %v", labels)
	}
	word := fyne.MeasureText("CollisionHeight", theme.TextSize(), long.TextStyle).Width + 2*theme.InnerPadding()
	if long.Size().Width < word {
		t.Errorf("the CollisionHeight label is %.0f px wide, its word needs %.0f", long.Size().Width, word)
	}
	entry := form.Entries()["CollisionHeight"]
	labelAt, entryAt := d.AbsolutePositionForObject(long), d.AbsolutePositionForObject(entry)
	if entryAt.Y < labelAt.Y+long.Size().Height {
		t.Errorf("the CollisionHeight entry at y %.0f is not under its label (y %.0f, %.0f high)", entryAt.Y, labelAt.Y, long.Size().Height)
	}
	inside("the CollisionHeight entry", entry)
	model, anim := form.Entries()["Model"], form.Entries()["Anim"]
	for name, e := range map[string]*FieldEntry{"Model": model, "Anim": anim} {
		inside("the "+name+" entry", e)
		if at, label := d.AbsolutePositionForObject(e), d.AbsolutePositionForObject(labels[name]); at.Y < label.Y+labels[name].Size().Height {
			t.Errorf("the %s entry at y %.0f is not under its label (y %.0f): its text does not fit beside it", name, at.Y, label.Y)
		}
	}
	choices := map[string]*widget.Select{}
	for _, o := range test.LaidOutObjects(form) {
		if c, ok := o.(*widget.Select); ok {
			choices[c.Selected] = c
		}
	}
	light, kind := choices["0: flickering, 40%"], choices["normal"]
	if at, label := d.AbsolutePositionForObject(light), d.AbsolutePositionForObject(labels["Light"]); at.Y < label.Y+labels["Light"].Size().Height {
		t.Errorf("the Light choice at y %.0f is not under its label (y %.0f): its name does not fit beside it", at.Y, label.Y)
	}
	if need := fyne.MeasureText(light.Selected, theme.TextSize(), fyne.TextStyle{}).Width; light.Size().Width < need {
		t.Errorf("the Light choice is %.0f px wide, its name needs %.0f", light.Size().Width, need)
	}
	inside("the Light choice", light)
	inside("the New button", form.Buttons()["Light"])
	if at, label := d.AbsolutePositionForObject(kind), d.AbsolutePositionForObject(labels["Kind"]); at.Y != label.Y {
		t.Errorf("the Kind choice at y %.0f is not beside its label (y %.0f)", at.Y, label.Y)
	}
	if tip := model.Tip(); tip != "" {
		t.Errorf("the Model entry, %.0f px wide, shows its text whole, yet tips %q", model.Size().Width, tip)
	}
	if tip := anim.Tip(); tip != anim.Text {
		t.Errorf("the Anim entry, %.0f px wide, tips %q, want its whole text", anim.Size().Width, tip)
	}
	origin := labels["Origin X"]
	if at := d.AbsolutePositionForObject(form.Entries()["Origin X"]); at.Y != d.AbsolutePositionForObject(origin).Y || at.X <= formAt.X {
		t.Errorf("the Origin X entry at %v is not beside its label at %v", at, d.AbsolutePositionForObject(origin))
	}
	var bottom float32
	for _, o := range test.LaidOutObjects(form) {
		if _, ok := o.(*widget.Label); ok && o.Visible() {
			bottom = max(bottom, d.AbsolutePositionForObject(o).Y-formAt.Y+o.Size().Height)
		}
	}
	for _, e := range form.Entries() {
		bottom = max(bottom, d.AbsolutePositionForObject(e).Y-formAt.Y+e.Size().Height)
	}
	if h := form.MinSize().Height; h < bottom-0.5 {
		t.Errorf("the form asks for %.0f px, its rows take %.0f", h, bottom)
	}
}

// TestCompactFlagsFollowTheTheme: the flags' compact theme takes its
// colours from the application's theme as it is now, after a change of
// theme too, and its text is smaller than that theme's.
func TestCompactFlagsFollowTheTheme(t *testing.T) {
	app := test.NewTempApp(t)
	var ct compactTheme
	for _, th := range []fyne.Theme{theme.DarkTheme(), theme.LightTheme()} {
		app.Settings().SetTheme(th)
		v := app.Settings().ThemeVariant()
		if got, want := ct.Color(theme.ColorNameForeground, v), th.Color(theme.ColorNameForeground, v); got != want {
			t.Errorf("with %T the flags' foreground is %v, the theme's %v", th, got, want)
		}
		if ct.Size(theme.SizeNameText) >= th.Size(theme.SizeNameText) {
			t.Errorf("the flags' text is %.0f, the theme's %.0f", ct.Size(theme.SizeNameText), th.Size(theme.SizeNameText))
		}
	}
}
