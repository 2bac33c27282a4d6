// Package propgrid is a property form: a labelled editor per field for
// numbers, choices, named bit flags and text, that shows when the
// selected items disagree on a value and sends each edit to a setter.
package propgrid

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Mixed is what a field shows when the items edited hold different
// values.
const Mixed = "(mixed)"

// Field is one property. Exactly one of Number, Choice, Flags and Text
// is set; Action adds a button after it.
type Field struct {
	Label  string
	Number *Number
	Choice *Choice
	Flags  *Flags
	Text   *Text
	Action *Action
}

// Number is a number field: whole or not, between Min and Max. Value,
// Min, Max and what Set gets are stored values; with a Unit the field
// shows and takes them in that unit.
type Number struct {
	Value    float64
	Mixed    bool
	Whole    bool
	Single   bool // stored as a 32-bit float: shown to its precision
	Min, Max float64
	Unit     *Unit
	Set      func(float64) error // nil: read-only
}

// Unit is how a stored number is shown: as stored/Per, followed by Name
// ("WU", "°", "%", "s"). Per is how many stored steps make one shown
// unit: 1024 for Marathon's world units, 512/360 for its facing in
// degrees.
type Unit struct {
	Name string
	Per  float64
	// Decimals, when above 0, is how many decimals an editable value
	// shows (its trailing zeros dropped): 10.0006103515625 % shows as
	// 10, with the exact value a hover away. 0 shows it exactly.
	Decimals int
	// Beside is another unit the stored value is shown in beside its
	// editor (seconds beside ticks), nil for none.
	Beside *Unit
}

// Format writes stored in the unit at its precision (exactly when
// Decimals is 0), with no name.
func (u *Unit) Format(stored float64) string {
	v := u.Show(stored)
	if u == nil || u.Decimals <= 0 {
		return format(v)
	}
	text := strconv.FormatFloat(v, 'f', u.Decimals, 64)
	text = strings.TrimRight(strings.TrimRight(text, "0"), ".")
	if text == "-0" {
		return "0"
	}
	return text
}

// WithName is Format followed by the unit's name ("10 %", "265.1°").
func (u *Unit) WithName(stored float64) string {
	if u == nil {
		return format(stored)
	}
	if u.Name == "°" {
		return u.Format(stored) + u.Name
	}
	return u.Format(stored) + " " + u.Name
}

// Show is stored in the unit.
func (u *Unit) Show(stored float64) float64 {
	if u == nil {
		return stored
	}
	return stored / u.Per
}

// Stored is shown, typed in the unit, as a stored number: for a whole
// one, the nearest whole number of stored steps (halves away from zero).
func (u *Unit) Stored(shown float64, whole bool) float64 {
	v := shown
	if u != nil {
		v = shown * u.Per
	}
	if whole {
		v = math.Round(v)
	}
	return v
}

// format writes a number as briefly as it is exact.
func format(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Choice is one of a list of named values.
type Choice struct {
	Options []string
	Index   int // -1 when mixed
	Set     func(int) error
}

// Flags is a set of named bits; Names[i] names bit i ("" for unnamed).
type Flags struct {
	Names []string
	Value uint64
	Mixed uint64 // the bits the items disagree on
	Set   func(bit int, on bool) error
}

// Text is a text field.
type Text struct {
	Value string
	Mixed bool
	Set   func(string) error // nil: read-only
}

// Action is a button beside a field, such as a target picker.
type Action struct {
	Label string
	Do    func()
}

// Form is the editors of a list of fields. Edits are applied when Enter
// is pressed in an entry, or at once for choices and flags; an error
// from a setter is shown under the form.
type Form struct {
	widget.BaseWidget
	// OnError is called with a setter's error, besides showing it.
	OnError func(error)
	box     *fyne.Container
	message *widget.Label
	entries map[string]*FieldEntry
	buttons map[string]*widget.Button // beside their fields, by the field's label
	choices map[string]*widget.Select // the choice fields' lists, by the field's label
	checks  map[string]*widget.Check  // the flags' check boxes, by CheckKey
	rows    []*row
}

// A row is a field and its editor, which reads the field when the user
// edits, so that Update can give it new values and setters.
type row struct {
	field Field
	show  func() // shows the field's value in its editor again
}

// New returns a form of fields.
func New(fields []Field) *Form {
	f := &Form{message: widget.NewLabel(""), entries: map[string]*FieldEntry{}, buttons: map[string]*widget.Button{},
		choices: map[string]*widget.Select{}, checks: map[string]*widget.Check{}}
	f.message.Wrapping = fyne.TextWrapWord
	f.message.Importance = widget.DangerImportance
	f.message.Hide()
	layout := &formLayout{wide: map[fyne.CanvasObject]bool{}}
	grid := container.New(layout)
	for _, field := range fields {
		label := widget.NewLabel(field.Label + unitName(field))
		label.Wrapping = fyne.TextWrapWord // a long label wraps rather than push its value out of the form
		grid.Add(label)
		r := &row{field: field, show: func() {}}
		f.rows = append(f.rows, r)
		ed := f.editor(r)
		layout.wide[ed] = field.Flags != nil
		grid.Add(ed)
	}
	f.box = container.NewVBox(grid, f.message)
	f.ExtendBaseWidget(f)
	return f
}

// Update gives the form's editors the values and setters of fields, in
// place, and reports whether it could: fields must be the form's own but
// for their values (the same labels, kinds, units, options and names,
// read-only the same ones). A form that cannot is left as it was.
func (f *Form) Update(fields []Field) bool {
	if len(fields) != len(f.rows) {
		return false
	}
	for i, field := range fields {
		if !sameShape(f.rows[i].field, field) {
			return false
		}
	}
	for i, field := range fields {
		f.rows[i].field = field
		f.rows[i].show()
	}
	return true
}

// ClearError hides the error a setter gave, as when the form is given
// the fields of another item.
func (f *Form) ClearError() { f.message.Hide() }

// sameShape reports whether a and b differ only in their values and
// setters.
func sameShape(a, b Field) bool {
	switch {
	case a.Label != b.Label || (a.Action == nil) != (b.Action == nil) || a.Action != nil && a.Action.Label != b.Action.Label:
		return false
	case a.Number != nil && b.Number != nil:
		n, m := a.Number, b.Number
		return (n.Set == nil) == (m.Set == nil) && n.Whole == m.Whole && n.Single == m.Single &&
			(n.Unit == nil) == (m.Unit == nil) && (n.Unit == nil || *n.Unit == *m.Unit)
	case a.Choice != nil && b.Choice != nil:
		return (a.Choice.Set == nil) == (b.Choice.Set == nil) && slices.Equal(a.Choice.Options, b.Choice.Options)
	case a.Flags != nil && b.Flags != nil:
		return (a.Flags.Set == nil) == (b.Flags.Set == nil) && slices.Equal(a.Flags.Names, b.Flags.Names)
	case a.Text != nil && b.Text != nil:
		return (a.Text.Set == nil) == (b.Text.Set == nil)
	}
	return a.Number == nil && b.Number == nil && a.Choice == nil && b.Choice == nil &&
		a.Flags == nil && b.Flags == nil && a.Text == nil && b.Text == nil
}

// Entry returns the entry of the field labelled label, for tests.
func (f *Form) Entry(label string) *widget.Entry {
	if e := f.entries[label]; e != nil {
		return &e.Entry
	}
	return nil
}

// ErrAsking is what a setter returns when it asks the user before making
// the edit (one that would discard data): the field shows the stored value
// until the edit is made.
var ErrAsking = errors.New("asking before the edit")

// inform shows text under the form, as report shows an error, until the
// next edit.
func (f *Form) inform(text string) {
	f.message.SetText(text)
	f.message.Show()
}

// report shows err (or clears the message for nil) and reports whether
// there was one, so that the editor puts the stored value back.
func (f *Form) report(err error) bool {
	if err == nil || errors.Is(err, ErrAsking) {
		f.message.Hide()
		return err != nil
	}
	f.message.SetText(err.Error())
	f.message.Show()
	if f.OnError != nil {
		f.OnError(err)
	}
	return true
}

func (f *Form) editor(r *row) fyne.CanvasObject {
	var ed fyne.CanvasObject
	switch field := r.field; {
	case field.Number != nil:
		ed = f.number(r)
	case field.Choice != nil:
		ed = f.choice(r)
	case field.Flags != nil:
		ed = f.flags(r)
	case field.Text != nil:
		ed = f.text(r)
	default:
		ed = widget.NewLabel("")
	}
	if r.field.Action != nil {
		b := widget.NewButton(r.field.Action.Label, func() { r.field.Action.Do() })
		f.buttons[r.field.Label] = b
		return container.NewBorder(nil, nil, nil, b, ed)
	}
	return ed
}

// Entries are the form's text entries, by the field's label.
func (f *Form) Entries() map[string]*FieldEntry { return f.entries }

// Buttons are the buttons beside the form's fields, by the field's label.
func (f *Form) Buttons() map[string]*widget.Button { return f.buttons }

// Choices are the lists of the form's choice fields, by the field's label.
func (f *Form) Choices() map[string]*widget.Select { return f.choices }

// Checks are the check boxes of the form's flags fields, by CheckKey.
func (f *Form) Checks() map[string]*widget.Check { return f.checks }

// CheckKey is how Checks names the check box of the flag name in the
// field labelled label: "SpawnFlags2: HoldTriggerAnimation".
func CheckKey(label, name string) string { return label + ": " + name }

// numberText is how a number field shows its value.
func numberText(n *Number) string {
	switch {
	case n.Mixed:
		return Mixed
	case n.Single:
		return strconv.FormatFloat(n.Unit.Show(n.Value), 'f', -1, 32)
	}
	return n.Unit.Format(n.Value)
}

// exactText is a number's exact value in its unit, when the field shows
// it rounded; "" when it shows it exactly.
func exactText(n *Number) string {
	if n.Mixed || n.Single || n.Unit == nil || n.Unit.Decimals <= 0 || numberText(n) == format(n.Unit.Show(n.Value)) {
		return ""
	}
	return "exactly " + format(n.Unit.Show(n.Value)) + " " + n.Unit.Name
}

func (f *Form) number(r *row) fyne.CanvasObject {
	label := r.field.Label
	if r.field.Number.Set == nil {
		l := widget.NewLabel(numberText(r.field.Number))
		r.show = func() { setText(l, numberText(r.field.Number)) }
		return l
	}
	fe := newFieldEntry(func() string { return numberText(r.field.Number) })
	fe.exact = func() string { return exactText(r.field.Number) }
	// A number has no scroller of its own, which would take the mouse
	// wheel from the panel the form is in; it is no wider than
	// numberWidth however long (see MinSize).
	fe.Wrapping, fe.Scroll, fe.number = fyne.TextWrapOff, fyne.ScrollNone, true
	e := &fe.Entry
	e.SetText(numberText(r.field.Number))
	// parse is the stored value typed as s, and whether it was rounded
	// to a whole number of stored steps.
	parse := func(s string) (v float64, rounded bool, err error) {
		n := r.field.Number
		shown, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(shown) || math.IsInf(shown, 0) {
			return 0, false, fmt.Errorf("%s: %q is not a number", label, s)
		}
		raw := n.Unit.Stored(shown, false)
		if v = n.Unit.Stored(shown, n.Whole); v < n.Min || v > n.Max {
			return 0, false, fmt.Errorf("%s: %s is outside %s to %s%s", label, s, format(n.Unit.Show(n.Min)), format(n.Unit.Show(n.Max)), unitName(Field{Number: n}))
		}
		return v, math.Abs(raw-v) > 1e-9*math.Max(1, math.Abs(v)), nil
	}
	e.Validator = func(s string) error {
		if s == Mixed {
			return nil
		}
		_, _, err := parse(s)
		return err
	}
	e.OnSubmitted = func(s string) {
		if s == Mixed || !fe.typed && s == numberText(r.field.Number) {
			return // untouched: a value shown rounded keeps its exact one
		}
		v, rounded, err := parse(s)
		if err == nil {
			err = r.field.Number.Set(v)
		}
		if f.report(err) {
			e.SetText(numberText(r.field.Number)) // refused: back to the stored value
			return
		}
		if n := r.field.Number; rounded {
			e.SetText(numberText(&Number{Value: v, Single: n.Single, Unit: n.Unit})) // what the game stores
			stored := format(n.Unit.Show(v))
			if n.Single {
				stored = strconv.FormatFloat(n.Unit.Show(v), 'f', -1, 32)
			}
			f.inform(fmt.Sprintf("%s: %s stored as %s%s, the nearest the game can store", label, strings.TrimSpace(s), stored, unitName(r.field)))
		}
		fe.justStored = true
	}
	f.entries[label] = fe
	if u := r.field.Number.Unit; u != nil && u.Beside != nil {
		also := widget.NewLabel(u.besideText(r.field.Number))
		r.show = func() {
			fe.show(numberText(r.field.Number))
			setText(also, u.besideText(r.field.Number))
		}
		return container.NewBorder(nil, nil, nil, also, fe)
	}
	r.show = func() { fe.show(numberText(r.field.Number)) }
	return fe
}

// besideText is number n in the unit beside u ("= 1.5 s"), "" when
// mixed.
func (u *Unit) besideText(n *Number) string {
	if n.Mixed {
		return ""
	}
	return "= " + u.Beside.WithName(n.Value)
}

// setText shows text in a label or an entry, unless it shows it already.
func setText(w interface {
	fyne.Widget
	SetText(string)
}, text string) {
	var now string
	switch w := w.(type) {
	case *widget.Label:
		now = w.Text
	case *widget.Entry:
		now = w.Text
	case *FieldEntry:
		now = w.Text
	}
	if now != text {
		w.SetText(text)
	}
}

// unitName is what follows a field's label: its unit, if it has one.
func unitName(field Field) string {
	if field.Number == nil || field.Number.Unit == nil {
		return ""
	}
	return " (" + field.Number.Unit.Name + ")"
}

func (f *Form) choice(r *row) fyne.CanvasObject {
	c := r.field.Choice
	s := widget.NewSelect(c.Options, nil)
	// The placeholder sets the choice's least width: Fyne's own ("Select
	// one") would push a button beside it out of a narrow panel, and ""
	// stands for Fyne's own. A choice shows one only when mixed.
	s.PlaceHolder = " "
	f.choices[r.field.Label] = s
	var onChanged func(string)
	// show puts the stored choice back, quietly.
	show := func() {
		c := r.field.Choice
		s.OnChanged = nil
		if c.Index >= 0 && c.Index < len(c.Options) {
			if s.SelectedIndex() != c.Index {
				s.SetSelectedIndex(c.Index)
			}
		} else {
			s.PlaceHolder = Mixed
			s.ClearSelected()
		}
		s.OnChanged = onChanged
	}
	show()
	r.show = show
	if c.Set == nil {
		s.Disable()
		return s
	}
	onChanged = func(string) {
		if f.report(r.field.Choice.Set(s.SelectedIndex())) {
			show() // refused
		}
	}
	s.OnChanged = onChanged
	return s
}

// flags is a check box per named bit, in as many columns as the form's
// width holds, so that none is cut off in a narrow panel.
func (f *Form) flags(r *row) fyne.CanvasObject {
	var checks []fyne.CanvasObject
	var shows []func()
	for bit, name := range r.field.Flags.Names {
		if name == "" {
			continue
		}
		check := widget.NewCheck(name, nil)
		f.checks[CheckKey(r.field.Label, name)] = check
		check.Checked = r.field.Flags.Value&(1<<bit) != 0
		check.Partial = r.field.Flags.Mixed&(1<<bit) != 0
		if r.field.Flags.Set == nil {
			check.Disable()
		} else {
			var onChanged func(bool)
			onChanged = func(on bool) {
				if f.report(r.field.Flags.Set(bit, on)) {
					check.OnChanged = nil // refused: back to the stored bit, quietly
					check.SetChecked(!on)
					check.OnChanged = onChanged
				}
			}
			check.OnChanged = onChanged
		}
		shows = append(shows, func() {
			fl := r.field.Flags
			on, partial := fl.Value&(1<<bit) != 0, fl.Mixed&(1<<bit) != 0
			if check.Checked != on || check.Partial != partial {
				check.Checked, check.Partial = on, partial
				check.Refresh()
			}
		})
		checks = append(checks, check)
	}
	r.show = func() {
		for _, show := range shows {
			show()
		}
	}
	return compactFlags(checks)
}

// fieldText is how a text field shows its value.
func fieldText(t *Text) string {
	if t.Mixed {
		return Mixed
	}
	return t.Value
}

func (f *Form) text(r *row) fyne.CanvasObject {
	if r.field.Text.Set == nil {
		l := widget.NewLabel(fieldText(r.field.Text))
		l.Wrapping = fyne.TextWrapWord
		r.show = func() { setText(l, fieldText(r.field.Text)) }
		return l
	}
	fe := newFieldEntry(func() string { return fieldText(r.field.Text) })
	// Until it has the focus, a text has no scroller of its own, which
	// would take the mouse wheel from the panel the form is in; with the
	// focus it scrolls, so that the caret shows along a long text.
	fe.Wrapping, fe.Scroll = fyne.TextWrapOff, fyne.ScrollNone
	e := &fe.Entry
	e.SetText(fieldText(r.field.Text))
	e.OnSubmitted = func(s string) {
		if s == Mixed {
			return
		}
		if f.report(r.field.Text.Set(s)) {
			e.SetText(fieldText(r.field.Text)) // refused: back to the stored value
			return
		}
		fe.justStored = true
	}
	r.show = func() { setText(e, fieldText(r.field.Text)) }
	f.entries[r.field.Label] = fe
	return fe
}

// FieldEntry is a field's entry. Its Undo and Redo (Ctrl+Z, Ctrl+Y) are
// the entry's own, for its text, but right after Enter stored its value:
// then they go to the window, which steps the document's history, so
// that Ctrl+Z undoes that edit.
type FieldEntry struct {
	widget.Entry
	stored     func() string // the text of the value stored
	justStored bool          // Enter stored the text, and nothing changed it since
	// exact is the exact value of a number shown rounded, which a
	// hover shows; "" (or nil) for none.
	exact  func() string
	tip    *widget.PopUp
	typed  bool // the user typed in it since the form last showed a value
	number bool // a number's entry, which has no scroller
}

// show shows text, the value stored, as not typed.
func (e *FieldEntry) show(text string) {
	setText(e, text)
	e.typed = false
}

// TypedRune notes that the user typed.
func (e *FieldEntry) TypedRune(r rune) {
	e.typed = true
	e.Entry.TypedRune(r)
}

// TypedKey notes that the user edited (Backspace, Delete), and types
// the key.
func (e *FieldEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyBackspace || k.Name == fyne.KeyDelete {
		e.typed = true
	}
	e.Entry.TypedKey(k)
}

// MouseIn shows the entry's tip (the exact value of a number shown
// rounded, a text's whole value) under the entry, as a tooltip.
func (e *FieldEntry) MouseIn(*desktop.MouseEvent) {
	text := e.Tip()
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	if text == "" || c == nil {
		return
	}
	e.tip = widget.NewPopUp(widget.NewLabel(text), c)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(e)
	e.tip.ShowAtPosition(at.Add(fyne.NewPos(0, e.Size().Height)))
}

// MouseMoved keeps the tooltip where it is.
func (e *FieldEntry) MouseMoved(*desktop.MouseEvent) {}

// MouseOut takes the tooltip away.
func (e *FieldEntry) MouseOut() {
	if e.tip != nil {
		e.tip.Hide()
		e.tip = nil
	}
}

// Tip is what the entry's tooltip says: the exact value of a number
// shown rounded, or the whole of a text too long for its entry; "" for
// none.
func (e *FieldEntry) Tip() string {
	if e.exact != nil {
		return e.exact()
	}
	if !e.number && e.textWidth() > e.Size().Width {
		return e.Text
	}
	return ""
}

// textWidth is the width the entry needs to show its text whole.
func (e *FieldEntry) textWidth() float32 {
	return fyne.MeasureText(e.Text, theme.TextSize(), e.TextStyle).Width + 2*(theme.InnerPadding()+theme.InputBorderSize())
}

// numberWidth is the most a number's or a text's entry asks to be wide:
// a long number (a float32's every digit) or path shows its start rather
// than widen the form.
const numberWidth = 120

// MinSize is the entry's least size, no wider than numberWidth.
func (e *FieldEntry) MinSize() fyne.Size {
	s := e.Entry.MinSize()
	s.Width = min(s.Width, numberWidth)
	return s
}

// FocusGained gives a text's entry its scroller while it is typed in.
func (e *FieldEntry) FocusGained() {
	if !e.number {
		e.Scroll = fyne.ScrollBoth
		e.Refresh()
	}
	e.Entry.FocusGained()
}

// FocusLost takes a text's scroller away again, for the panel's wheel.
func (e *FieldEntry) FocusLost() {
	if !e.number {
		e.Scroll = fyne.ScrollNone
		e.Refresh()
	}
	e.Entry.FocusLost()
}

func newFieldEntry(stored func() string) *FieldEntry {
	e := &FieldEntry{stored: stored}
	e.ExtendBaseWidget(e)
	e.OnChanged = func(string) { e.justStored = false }
	return e
}

// TypedShortcut passes Undo and Redo to the window right after Enter
// stored the entry's value, and the window's own shortcuts (Ctrl+S) to
// it always, storing first what the field holds typed; the entry keeps
// its own (Ctrl+Left, Ctrl+Backspace: by words).
func (e *FieldEntry) TypedShortcut(s fyne.Shortcut) {
	switch s := s.(type) {
	case *fyne.ShortcutPaste, *fyne.ShortcutCut:
		e.typed = true
	case *fyne.ShortcutUndo, *fyne.ShortcutRedo:
		if e.justStored && e.Text == e.stored() && PassToWindow(e, s) {
			return
		}
	case *desktop.CustomShortcut:
		if !EntryKey(s.KeyName) {
			if e.Text != e.stored() && e.OnSubmitted != nil {
				e.OnSubmitted(e.Text)
			}
			if PassToWindow(e, s) {
				return
			}
		}
	}
	e.Entry.TypedShortcut(s)
}

// EntryKey reports whether a text entry takes key with Ctrl (Fyne's
// entry moves and deletes by words with the arrows, Home, End,
// Backspace and Delete), so that it is not the window's shortcut.
func EntryKey(key fyne.KeyName) bool {
	switch key {
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown, fyne.KeyHome, fyne.KeyEnd, fyne.KeyBackspace, fyne.KeyDelete:
		return true
	}
	return false
}

// PassToWindow gives s, typed in o (a focused entry), to the shortcuts of
// o's window, taking the focus off o, and reports whether o is in one.
func PassToWindow(o fyne.CanvasObject, s fyne.Shortcut) bool {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	window, ok := c.(fyne.Shortcutable)
	if c == nil || !ok {
		return false
	}
	c.Unfocus()
	window.TypedShortcut(s)
	return true
}

// CreateRenderer draws the form's rows.
func (f *Form) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.box) }

// formLayout puts labels in a column as wide as the widest, and each
// editor beside its label over the rest of the width; a wide editor (a
// field's flags, whose check boxes flow into as many columns as fit)
// goes under its label across the whole width, and so does the editor of
// a label with a word too long for the column, which would otherwise be
// broken inside the word ("SightRa / nge").
type formLayout struct {
	wide  map[fyne.CanvasObject]bool
	width float32 // the width laid out in last; 0: not yet laid out
}

// maxLabelShare is the most of the form's width the labels take, so
// that the values always show.
const maxLabelShare = 0.45

// labelWidth is the width of the label column in a form size wide: the
// widest label's text, but no more than its share of the width, nor
// more than leaves the widest editor its least width (down to
// minLabelWidth), so that no editor passes the right edge.
func (l *formLayout) labelWidth(objects []fyne.CanvasObject, width float32) float32 {
	var w, editor float32
	for i := 0; i+1 < len(objects); i += 2 {
		if l.wide[objects[i+1]] {
			continue // across the whole width, above its editor
		}
		if label, ok := objects[i].(*widget.Label); ok {
			w = max(w, labelTextWidth(label, label.Text))
		} else {
			w = max(w, objects[i].MinSize().Width)
		}
		editor = max(editor, objects[i+1].MinSize().Width)
	}
	return min(w, width*maxLabelShare, max(width-editor, minLabelWidth))
}

// labelTextWidth is the width label needs to show text on one line.
func labelTextWidth(label *widget.Label, text string) float32 {
	return fyne.MeasureText(text, theme.TextSize(), label.TextStyle).Width + 2*theme.InnerPadding()
}

// under reports whether the editor of the row at i goes under its label:
// a wide editor, a text too long to show beside the label column, or a
// label with a word wider than the column.
func (l *formLayout) under(objects []fyne.CanvasObject, i int, labelWidth float32) bool {
	if l.wide[objects[i+1]] {
		return true
	}
	if wantedWidth(objects[i+1]) > l.width-labelWidth {
		return true
	}
	label, ok := objects[i].(*widget.Label)
	if !ok {
		return false
	}
	for _, word := range strings.Fields(label.Text) {
		if labelTextWidth(label, word) > labelWidth {
			return true
		}
	}
	return false
}

// wantedWidth is the width editor needs to show its value whole: a
// text's, or a choice's chosen name, beside the button a field may
// have; a number's entry and other editors need their least width.
func wantedWidth(editor fyne.CanvasObject) float32 {
	switch ed := editor.(type) {
	case *FieldEntry:
		if !ed.number {
			return max(ed.textWidth(), ed.MinSize().Width)
		}
	case *widget.Select:
		return ed.MinSize().Width + fyne.MeasureText(ed.Selected, theme.TextSize(), fyne.TextStyle{}).Width
	case *fyne.Container: // an editor and the button beside it
		var w float32
		for i, o := range ed.Objects {
			if i > 0 {
				w += theme.Padding()
			}
			w += wantedWidth(o)
		}
		return w
	}
	return editor.MinSize().Width
}

// Layout places each label and its editor on one row, a label that does
// not fit its column wrapped between words onto more lines, and the
// editor of a wide field or of a label with a word too long for the
// column on the row under its label.
func (l *formLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	labelWidth := l.labelWidth(objects, size.Width)
	var y float32
	for i := 0; i+1 < len(objects); i += 2 {
		label, ed := objects[i], objects[i+1]
		if l.under(objects, i, labelWidth) {
			label.Resize(fyne.NewSize(size.Width, label.MinSize().Height)) // a wrapped label's height follows its width
			label.Move(fyne.NewPos(0, y))
			label.Resize(fyne.NewSize(size.Width, label.MinSize().Height))
			y += label.MinSize().Height
			ed.Move(fyne.NewPos(0, y))
			ed.Resize(fyne.NewSize(size.Width, ed.MinSize().Height)) // lays the check boxes out in the columns that fit
			ed.Resize(fyne.NewSize(size.Width, ed.MinSize().Height)) // as many rows as they take
			y += ed.MinSize().Height
			continue
		}
		label.Resize(fyne.NewSize(labelWidth, label.MinSize().Height))
		h := max(label.MinSize().Height, ed.MinSize().Height)
		label.Move(fyne.NewPos(0, y))
		label.Resize(fyne.NewSize(labelWidth, h))
		ed.Move(fyne.NewPos(labelWidth, y))
		ed.Resize(fyne.NewSize(max(size.Width-labelWidth, ed.MinSize().Width), h))
		y += h
	}
}

// MinSize is a narrow label column beside the widest editor, and the
// rows' heights summed as they are laid out now (at the width laid out
// in last: which editors go under their labels depends on it).
func (l *formLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var labelWidth float32
	if l.width > 0 {
		labelWidth = l.labelWidth(objects, l.width)
	}
	var w, h float32
	for i := 0; i+1 < len(objects); i += 2 {
		label, ed := objects[i].MinSize(), objects[i+1].MinSize()
		if l.wide[objects[i+1]] || (l.width > 0 && l.under(objects, i, labelWidth)) {
			w = max(w, ed.Width)
			h += label.Height + ed.Height
			continue
		}
		w = max(w, minLabelWidth+ed.Width)
		h += max(label.Height, ed.Height)
	}
	return fyne.NewSize(w, h)
}

// minLabelWidth is the least width the label column takes, its labels
// wrapped.
const minLabelWidth = 64
