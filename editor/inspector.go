package editor

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// inspectorPanel shows forms for the selection, and the problem chosen
// in the Problems panel over them.
type inspectorPanel struct {
	inspectorBox    *fyne.Container // the inspector's sections
	inspectorScroll *container.Scroll
	inspected       []document.Ref // the selection the inspector shows, to keep its place while it stays
	inspectedKey    string         // what its sections show (sectionsKey), "" for none
	problem         *widget.Label  // the problem chosen in the Problems panel
}

// inspectorView builds the inspector panel.
func (e *Editor) inspectorView() fyne.CanvasObject {
	e.inspectorBox = container.NewStack(widget.NewLabel("Nothing selected"))
	// Both ways, so that a wide form never widens the panel (and moves
	// the map); forms fit the panel's width where they can, their labels
	// wrapping, so their values show.
	e.inspectorScroll = container.NewScroll(e.inspectorBox)
	e.problem = widget.NewLabel("")
	e.problem.Wrapping, e.problem.Importance = fyne.TextWrapWord, widget.WarningImportance
	e.problem.Hide()
	wheel := &wheelTo{to: e.inspectorScroll}
	wheel.ExtendBaseWidget(wheel)
	return container.NewBorder(container.NewVBox(panelHeading("Inspector"), e.problem), nil, nil, nil,
		container.NewStack(e.inspectorScroll, wheel))
}

// showInspector shows forms for the selection: for several kinds at
// once, buttons that narrow it to one kind.
func (e *Editor) showInspector() {
	e.problem.Hide()
	if len(e.selection) == 0 || e.file == nil {
		sections := []inspect.Section{{Title: "Nothing selected"}}
		if li, ok := e.file.(game.LevelInspector); ok && e.scene != nil {
			sections = append(sections, li.InspectLevel(host{e})...)
		}
		e.showSections(sections)
		return
	}
	kinds := game.ByKind(e.selection)
	if len(kinds) > 1 {
		box := container.NewVBox(widget.NewLabel(document.Count(len(e.selection), "entity") + " selected"))
		for _, kind := range slices.Sorted(maps.Keys(kinds)) {
			box.Add(widget.NewButton("Only the "+document.Count(len(kinds[kind]), string(kind)), func() {
				e.SetSelection(slices.DeleteFunc(slices.Clone(e.selection), func(r document.Ref) bool { return r.Kind != kind }))
			}))
		}
		e.setInspector(box)
		e.inspectedKey = ""
		return
	}
	kind := e.selection[0].Kind
	sections := e.file.Inspect(host{e}, kind, kinds[kind])
	if len(sections) == 0 {
		sections = []inspect.Section{{Title: inspect.Title(kind, kinds[kind])}}
	}
	e.showSections(sections)
}

// showSections fills the inspector with sections of forms, unless it
// shows the same ones for the same selection already (after an edit that
// changed none of their values).
func (e *Editor) showSections(sections []inspect.Section) {
	key := sectionsKey(sections)
	if key == e.inspectedKey && slices.Equal(e.inspected, e.selection) {
		return
	}
	box := container.NewVBox()
	for _, s := range sections {
		box.Add(widget.NewLabelWithStyle(s.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		if len(s.Fields) > 0 {
			form := propgrid.New(s.Fields)
			form.OnError = func(err error) { e.status.SetText(err.Error()) }
			box.Add(form)
		}
	}
	e.setInspector(box)
	e.inspectedKey = key
}

// sectionsKey writes down what sections show: their titles, and their
// fields' labels, values and choices, and whether each can be edited.
func sectionsKey(sections []inspect.Section) string {
	var b strings.Builder
	for _, s := range sections {
		fmt.Fprintf(&b, "%q{", s.Title)
		for _, f := range s.Fields {
			fmt.Fprintf(&b, "%q:", f.Label)
			switch {
			case f.Number != nil:
				n := f.Number
				fmt.Fprintf(&b, "n%v,%v,%v,%v,%v,%v,%v,%v", n.Value, n.Mixed, n.Whole, n.Single, n.Min, n.Max, n.Unit, n.Set != nil)
			case f.Choice != nil:
				fmt.Fprintf(&b, "c%q,%d,%v", f.Choice.Options, f.Choice.Index, f.Choice.Set != nil)
			case f.Flags != nil:
				fmt.Fprintf(&b, "f%q,%d,%d,%v", f.Flags.Names, f.Flags.Value, f.Flags.Mixed, f.Flags.Set != nil)
			case f.Text != nil:
				fmt.Fprintf(&b, "t%q,%v,%v", f.Text.Value, f.Text.Mixed, f.Text.Set != nil)
			}
			if f.Action != nil {
				fmt.Fprintf(&b, "a%q", f.Action.Label)
			}
			b.WriteByte(';')
		}
		b.WriteByte('}')
	}
	return b.String()
}

// setInspector shows o in the inspector, laid out again: from the top
// for a new selection, where it was for the same one (after an edit).
func (e *Editor) setInspector(o fyne.CanvasObject) {
	e.inspectorBox.Objects = []fyne.CanvasObject{o}
	e.inspectorScroll.Refresh() // its content's size changed
	if !slices.Equal(e.inspected, e.selection) {
		e.inspected = slices.Clone(e.selection)
		e.inspectorScroll.ScrollToTop()
		e.inspectorScroll.Offset.X = 0
		e.inspectorScroll.Refresh()
	}
}

// wheelTo lies over a scrolled panel and gives it the mouse wheel, which
// the text entries in it would otherwise take and drop; clicks, which it
// does not take, reach what lies below.
type wheelTo struct {
	widget.BaseWidget
	to fyne.Scrollable
}

// Scrolled scrolls the panel.
func (w *wheelTo) Scrolled(ev *fyne.ScrollEvent) { w.to.Scrolled(ev) }

// CreateRenderer draws nothing.
func (w *wheelTo) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewWithoutLayout())
}

// askBeforeDiscarding makes edit at once when it discards nothing (what
// is ""); else it asks first, naming what the edit would take away, and
// returns propgrid.ErrAsking so that the field keeps its stored value
// until the user agrees.
func (e *Editor) askBeforeDiscarding(what string, edit func() error) error {
	if what == "" {
		return edit()
	}
	msg := "This change takes away " + what + ".\n\nChoosing the old value again, or Edit > Undo, gives it back."
	d := dialog.NewConfirm("Discard data?", msg, func(yes bool) {
		if !yes {
			return
		}
		if err := edit(); err != nil {
			e.showError(err)
		}
	}, e.win)
	d.SetConfirmText("Change")
	d.SetDismissText("Cancel")
	d.SetConfirmImportance(widget.DangerImportance)
	e.show(d)
	return propgrid.ErrAsking
}
