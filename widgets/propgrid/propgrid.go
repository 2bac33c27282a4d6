// Package propgrid is a property form: a labelled editor per field for
// numbers, choices, named bit flags and text, that shows when the
// selected items disagree on a value and sends each edit to a setter.
package propgrid

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
}

// Show is stored in the unit.
func (u *Unit) Show(stored float64) float64 {
	if u == nil {
		return stored
	}
	return stored / u.Per
}

// Stored is shown, typed in the unit, as a stored number; a value that
// falls between two whole stored steps is an error naming the two
// nearest that can be stored.
func (u *Unit) Stored(shown float64, whole bool) (float64, error) {
	if u == nil {
		return shown, nil
	}
	v := shown * u.Per
	if r := math.Round(v); math.Abs(v-r) < 1e-9*math.Max(1, math.Abs(v)) {
		v = r // exact, but for the float's last bit
	}
	if whole && v != math.Trunc(v) {
		lo, hi := math.Floor(v), math.Ceil(v)
		return 0, fmt.Errorf("%s %s is not a whole number of the %g steps per %s the game stores; nearest: %s or %s",
			format(shown), u.Name, u.Per, u.Name, format(u.Show(lo)), format(u.Show(hi)))
	}
	return v, nil
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
	entries map[string]*widget.Entry
}

// New returns a form of fields.
func New(fields []Field) *Form {
	f := &Form{message: widget.NewLabel(""), entries: map[string]*widget.Entry{}}
	f.message.Wrapping = fyne.TextWrapWord
	f.message.Importance = widget.DangerImportance
	f.message.Hide()
	grid := container.New(&formLayout{})
	for _, field := range fields {
		label := widget.NewLabel(field.Label + unitName(field))
		label.Wrapping = fyne.TextWrapWord // a long label wraps rather than push its value out of the form
		grid.Add(label)
		grid.Add(f.editor(field))
	}
	f.box = container.NewVBox(grid, f.message)
	f.ExtendBaseWidget(f)
	return f
}

// Entry returns the entry of the field labelled label, for tests.
func (f *Form) Entry(label string) *widget.Entry { return f.entries[label] }

// ErrAsking is what a setter returns when it asks the user before making
// the edit (one that would discard data): the field shows the stored value
// until the edit is made.
var ErrAsking = errors.New("asking before the edit")

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

func (f *Form) editor(field Field) fyne.CanvasObject {
	var ed fyne.CanvasObject
	switch {
	case field.Number != nil:
		ed = f.number(field.Label, field.Number)
	case field.Choice != nil:
		ed = f.choice(field.Choice)
	case field.Flags != nil:
		ed = f.flags(field.Flags)
	case field.Text != nil:
		ed = f.text(field.Label, field.Text)
	default:
		ed = widget.NewLabel("")
	}
	if a := field.Action; a != nil {
		return container.NewBorder(nil, nil, nil, widget.NewButton(a.Label, a.Do), ed)
	}
	return ed
}

func (f *Form) number(label string, n *Number) fyne.CanvasObject {
	text := Mixed
	if !n.Mixed {
		text = format(n.Unit.Show(n.Value))
		if n.Single {
			text = strconv.FormatFloat(n.Unit.Show(n.Value), 'f', -1, 32)
		}
	}
	if n.Set == nil {
		return widget.NewLabel(text)
	}
	e := widget.NewEntry()
	e.SetText(text)
	parse := func(s string) (float64, error) {
		shown, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", label, s)
		}
		v, err := n.Unit.Stored(shown, n.Whole)
		switch {
		case err != nil:
			return 0, fmt.Errorf("%s: %w", label, err)
		case n.Whole && v != math.Trunc(v):
			return 0, fmt.Errorf("%s: %q is not a whole number", label, s)
		case v < n.Min || v > n.Max:
			return 0, fmt.Errorf("%s: %s is outside %s to %s%s", label, s, format(n.Unit.Show(n.Min)), format(n.Unit.Show(n.Max)), unitName(Field{Number: n}))
		}
		return v, nil
	}
	e.Validator = func(s string) error {
		if s == Mixed {
			return nil
		}
		_, err := parse(s)
		return err
	}
	e.OnSubmitted = func(s string) {
		if s == Mixed {
			return
		}
		v, err := parse(s)
		if err == nil {
			err = n.Set(v)
		}
		if f.report(err) {
			e.SetText(text) // refused: back to the stored value
		}
	}
	f.entries[label] = e
	return e
}

// unitName is what follows a field's label: its unit, if it has one.
func unitName(field Field) string {
	if field.Number == nil || field.Number.Unit == nil {
		return ""
	}
	return " (" + field.Number.Unit.Name + ")"
}

func (f *Form) choice(c *Choice) fyne.CanvasObject {
	s := widget.NewSelect(c.Options, nil)
	if c.Index >= 0 && c.Index < len(c.Options) {
		s.SetSelectedIndex(c.Index)
	} else {
		s.PlaceHolder = Mixed
	}
	if c.Set == nil {
		s.Disable()
		return s
	}
	var onChanged func(string)
	onChanged = func(string) {
		if f.report(c.Set(s.SelectedIndex())) {
			s.OnChanged = nil // refused: back to the stored choice, quietly
			if c.Index >= 0 && c.Index < len(c.Options) {
				s.SetSelectedIndex(c.Index)
			} else {
				s.ClearSelected()
			}
			s.OnChanged = onChanged
		}
	}
	s.OnChanged = onChanged
	return s
}

// flags is a check box per named bit, as many to a row as the form's
// width holds, so that none is cut off in a narrow panel.
func (f *Form) flags(fl *Flags) fyne.CanvasObject {
	var checks []fyne.CanvasObject
	var cell fyne.Size
	for bit, name := range fl.Names {
		if name == "" {
			continue
		}
		check := widget.NewCheck(name, nil)
		check.Checked = fl.Value&(1<<bit) != 0
		check.Partial = fl.Mixed&(1<<bit) != 0
		if fl.Set == nil {
			check.Disable()
		} else {
			var onChanged func(bool)
			onChanged = func(on bool) {
				if f.report(fl.Set(bit, on)) {
					check.OnChanged = nil // refused: back to the stored bit, quietly
					check.SetChecked(!on)
					check.OnChanged = onChanged
				}
			}
			check.OnChanged = onChanged
		}
		checks = append(checks, check)
		cell = cell.Max(check.MinSize())
	}
	return container.NewGridWrap(cell, checks...)
}

func (f *Form) text(label string, t *Text) fyne.CanvasObject {
	text := t.Value
	if t.Mixed {
		text = Mixed
	}
	if t.Set == nil {
		l := widget.NewLabel(text)
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	e := widget.NewEntry()
	e.SetText(text)
	e.OnSubmitted = func(s string) {
		if s != Mixed && f.report(t.Set(s)) {
			e.SetText(text) // refused: back to the stored value
		}
	}
	f.entries[label] = e
	return e
}

// CreateRenderer draws the form's rows.
func (f *Form) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.box) }

// formLayout puts labels in a column as wide as the widest, and each
// editor beside its label over the rest of the width.
type formLayout struct{}

// maxLabelShare is the most of the form's width the labels take, so
// that the values always show.
const maxLabelShare = 0.45

// labelWidth is the width of the label column in a form size wide: the
// widest label's text, but no more than its share of the width.
func (l *formLayout) labelWidth(objects []fyne.CanvasObject, width float32) float32 {
	var w float32
	for i := 0; i < len(objects); i += 2 {
		if label, ok := objects[i].(*widget.Label); ok {
			text := fyne.MeasureText(label.Text, theme.TextSize(), label.TextStyle)
			w = max(w, text.Width+2*theme.InnerPadding())
		} else {
			w = max(w, objects[i].MinSize().Width)
		}
	}
	return min(w, width*maxLabelShare)
}

// Layout places each label and its editor on one row, a label that does
// not fit its column wrapped onto more lines.
func (l *formLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	labelWidth := l.labelWidth(objects, size.Width)
	var y float32
	for i := 0; i+1 < len(objects); i += 2 {
		label, ed := objects[i], objects[i+1]
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
// rows' heights summed as they are laid out now.
func (l *formLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for i := 0; i+1 < len(objects); i += 2 {
		label, ed := objects[i].MinSize(), objects[i+1].MinSize()
		w = max(w, minLabelWidth+ed.Width)
		h += max(label.Height, ed.Height)
	}
	return fyne.NewSize(w, h)
}

// minLabelWidth is the least width the label column takes.
const minLabelWidth = 80
