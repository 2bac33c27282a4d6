package editor

import (
	"maps"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// inspectorPanel shows forms for the selection of cur (the sections its
// session gives, through host), and the problem chosen in the Problems
// panel over them. Its buttons narrow the selection with selectRefs; a
// form's error goes to the status bar.
type inspectorPanel struct {
	cur        *current
	host       game.Host
	status     *widget.Label
	selectRefs func([]document.Ref)

	box       *fyne.Container // the inspector's sections
	scroll    *container.Scroll
	inspected []document.Ref // the selection the inspector shows, to keep its place while it stays
	sections  []shownSection // the sections shown, none when the inspector shows something else
	problem   *widget.Label  // the problem chosen in the Problems panel
}

// content builds the inspector panel.
func (p *inspectorPanel) content() fyne.CanvasObject {
	p.box = container.NewStack(widget.NewLabel("Nothing selected"))
	// Both ways, so that a wide form never widens the panel (and moves
	// the map); forms fit the panel's width where they can, their labels
	// wrapping, so their values show.
	p.scroll = container.NewScroll(p.box)
	p.problem = widget.NewLabel("")
	p.problem.Wrapping, p.problem.Importance = fyne.TextWrapWord, widget.WarningImportance
	p.problem.Hide()
	wheel := &wheelTo{to: p.scroll}
	wheel.ExtendBaseWidget(wheel)
	return container.NewBorder(container.NewVBox(panelHeading("Inspector"), p.problem), nil, nil, nil,
		container.NewStack(p.scroll, wheel))
}

// show shows forms for the selection: for several kinds at
// once, buttons that narrow it to one kind.
func (p *inspectorPanel) show() {
	p.problem.Hide()
	if len(p.cur.selection) == 0 || p.cur.file == nil {
		sections := []inspect.Section{{Title: "Nothing selected"}}
		if li, ok := p.cur.file.(game.LevelInspector); ok && p.cur.scene != nil {
			sections = append(sections, li.InspectLevel(p.host)...)
		}
		p.showSections(sections)
		return
	}
	kind := p.cur.selection[0].Kind
	if !slices.ContainsFunc(p.cur.selection, func(r document.Ref) bool { return r.Kind != kind }) {
		indexes := make([]int, len(p.cur.selection))
		for i, r := range p.cur.selection {
			indexes[i] = r.Index
		}
		sections := p.cur.file.Inspect(p.host, kind, indexes)
		if len(sections) == 0 {
			sections = []inspect.Section{{Title: inspect.Title(kind, indexes)}}
		}
		p.showSections(sections)
		return
	}
	// Entities of several kinds (Select All's thousands among them):
	// counted, not listed, a run of one kind at a time.
	counts := map[document.Kind]int{}
	for run := p.cur.selection; len(run) > 0; {
		kind := run[0].Kind
		n := slices.IndexFunc(run, func(r document.Ref) bool { return r.Kind != kind })
		if n < 0 {
			n = len(run)
		}
		counts[kind] += n
		run = run[n:]
	}
	box := container.NewVBox(widget.NewLabel(document.Count(len(p.cur.selection), "entity") + " selected"))
	for _, kind := range slices.Sorted(maps.Keys(counts)) {
		box.Add(widget.NewButton("Only the "+document.Count(counts[kind], string(kind)), func() {
			p.selectRefs(slices.DeleteFunc(slices.Clone(p.cur.selection), func(r document.Ref) bool { return r.Kind != kind }))
		}))
	}
	p.set(box)
}

// showSections fills the inspector with sections of forms. When the
// shown sections are the same but for their titles and values (after an
// edit, or for another entity of the same kind), it gives the shown
// forms their new titles and values in place: building forms anew costs
// a new actor's selection tens of milliseconds.
func (p *inspectorPanel) showSections(sections []inspect.Section) {
	if p.updateSections(sections) {
		if !slices.Equal(p.inspected, p.cur.selection) {
			p.clearErrors()
			p.scrollToTop()
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
			form.OnError = func(err error) { p.status.SetText(err.Error()) }
			box.Add(form)
		}
		shown = append(shown, shownSection{title, form})
	}
	p.set(box)
	p.sections = shown
}

// clearErrors hides the errors the shown forms' setters gave: once the
// document changes (an edit, an undo), they speak of values no longer
// shown.
func (p *inspectorPanel) clearErrors() {
	for _, s := range p.sections {
		if s.form != nil {
			s.form.ClearError()
		}
	}
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
func (p *inspectorPanel) updateSections(sections []inspect.Section) bool {
	if len(sections) != len(p.sections) {
		return false
	}
	for i, s := range sections {
		if (len(s.Fields) == 0) != (p.sections[i].form == nil) {
			return false
		}
	}
	for i, s := range sections {
		if f := p.sections[i].form; f != nil && !f.Update(s.Fields) {
			return false
		}
	}
	for i, s := range sections {
		if t := p.sections[i].title; t.Text != s.Title {
			t.SetText(s.Title)
		}
	}
	return true
}

// set shows o in the inspector, laid out again: from the top
// for a new selection, where it was for the same one (after an edit).
func (p *inspectorPanel) set(o fyne.CanvasObject) {
	p.sections = nil
	p.box.Objects = []fyne.CanvasObject{o}
	p.scroll.Refresh() // its content's size changed
	if !slices.Equal(p.inspected, p.cur.selection) {
		p.scrollToTop()
	}
}

// scrollToTop shows the inspector from the top, as for a new
// selection, which it records as the one inspected.
func (p *inspectorPanel) scrollToTop() {
	p.inspected = append(p.inspected[:0], p.cur.selection...)
	p.scroll.ScrollToOffset(fyne.Position{})
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

// showProblem shows text, a problem's, over the forms, until the
// inspector shows another selection.
func (p *inspectorPanel) showProblem(text string) {
	p.problem.SetText(text)
	p.problem.Show()
}

// inSight are where the objects of the shown forms that pick gives
// (their buttons, their entries) are in the window, in pixels, by the
// field's label: those within the panel's scrolled view only.
func inSight[W fyne.CanvasObject](p *inspectorPanel, scale float32, pick func(*propgrid.Form) map[string]W) map[string]levelwright.Point {
	if p == nil || p.scroll == nil { // the window is still being built
		return nil
	}
	d := fyne.CurrentApp().Driver()
	view, size := d.AbsolutePositionForObject(p.scroll), p.scroll.Size()
	out := map[string]levelwright.Point{}
	for _, s := range p.sections {
		if s.form == nil {
			continue
		}
		for label, o := range pick(s.form) {
			at := d.AbsolutePositionForObject(o).Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
			if !o.Visible() || at.X < view.X || at.Y < view.Y || at.X > view.X+size.Width || at.Y > view.Y+size.Height {
				continue
			}
			out[label] = levelwright.Point{X: int(at.X * scale), Y: int(at.Y * scale)}
		}
	}
	return out
}
