package editor

import (
	"maps"
	"slices"

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
	sections        []shownSection // the sections shown, none when the inspector shows something else
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
		return
	}
	kind := e.selection[0].Kind
	sections := e.file.Inspect(host{e}, kind, kinds[kind])
	if len(sections) == 0 {
		sections = []inspect.Section{{Title: inspect.Title(kind, kinds[kind])}}
	}
	e.showSections(sections)
}

// showSections fills the inspector with sections of forms. When the
// shown sections are the same but for their titles and values (after an
// edit, or for another entity of the same kind), it gives the shown
// forms their new titles and values in place: building forms anew costs
// a new actor's selection tens of milliseconds.
func (e *Editor) showSections(sections []inspect.Section) {
	if e.updateSections(sections) {
		if !slices.Equal(e.inspected, e.selection) {
			for _, s := range e.sections {
				if s.form != nil {
					s.form.ClearError()
				}
			}
			e.scrollInspectorToTop()
		}
		return
	}
	box := container.NewVBox()
	var shown []shownSection
	for _, s := range sections {
		title := widget.NewLabelWithStyle(s.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		box.Add(title)
		var form *propgrid.Form
		if len(s.Fields) > 0 {
			form = propgrid.New(s.Fields)
			form.OnError = func(err error) { e.status.SetText(err.Error()) }
			box.Add(form)
		}
		shown = append(shown, shownSection{title, form})
	}
	e.setInspector(box)
	e.sections = shown
}

// A shownSection is a section the inspector shows: its title and its
// form, nil for none.
type shownSection struct {
	title *widget.Label
	form  *propgrid.Form
}

// updateSections gives the shown sections the titles and the forms the
// values of sections, and reports whether it could: as many sections,
// with fields of the same shape (see propgrid.Form.Update).
func (e *Editor) updateSections(sections []inspect.Section) bool {
	if len(sections) != len(e.sections) {
		return false
	}
	for i, s := range sections {
		if (len(s.Fields) == 0) != (e.sections[i].form == nil) {
			return false
		}
	}
	for i, s := range sections {
		if f := e.sections[i].form; f != nil && !f.Update(s.Fields) {
			return false
		}
	}
	for i, s := range sections {
		if t := e.sections[i].title; t.Text != s.Title {
			t.SetText(s.Title)
		}
	}
	return true
}

// setInspector shows o in the inspector, laid out again: from the top
// for a new selection, where it was for the same one (after an edit).
func (e *Editor) setInspector(o fyne.CanvasObject) {
	e.sections = nil
	e.inspectorBox.Objects = []fyne.CanvasObject{o}
	e.inspectorScroll.Refresh() // its content's size changed
	if !slices.Equal(e.inspected, e.selection) {
		e.scrollInspectorToTop()
	}
}

// scrollInspectorToTop shows the inspector from the top, as for a new
// selection, which it records as the one inspected.
func (e *Editor) scrollInspectorToTop() {
	e.inspected = slices.Clone(e.selection)
	e.inspectorScroll.ScrollToOffset(fyne.Position{})
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
	return e.askFirst(what, "Choosing the old value again, or Edit > Undo, gives it back.", "Change", edit)
}

// askFirst makes edit at once when it takes nothing away (what is "");
// else it asks first, naming what, saying how to get it back (back), with
// a confirm button labelled verb; it then returns propgrid.ErrAsking.
func (e *Editor) askFirst(what, back, verb string, edit func() error) error {
	if what == "" {
		return edit()
	}
	msg := "This change takes away " + what + ".\n\n" + back
	d := dialog.NewConfirm("Discard data?", msg, func(yes bool) {
		if !yes {
			return
		}
		if err := edit(); err != nil {
			e.showError(err)
		}
	}, e.win)
	d.SetConfirmText(verb)
	d.SetDismissText("Cancel")
	d.SetConfirmImportance(widget.DangerImportance)
	e.show(d)
	return propgrid.ErrAsking
}
