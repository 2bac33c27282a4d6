package marathon

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TerminalPictures gives the pictures terminals show (logon, logoff and
// picture groups name them by id), as an Images file holds them.
type TerminalPictures interface {
	Picture(id int) (image.Image, bool)
}

// terminalTextColors are the colours of terminal text by face colour,
// Aleph One's interface colours "computer interface text" onwards
// (screen_drawing.cpp).
var terminalTextColors = [mcodec.MaxTextColor + 1]color.NRGBA{
	{0, 255, 0, 255}, {255, 255, 255, 255}, {255, 0, 0, 255}, {0, 156, 0, 255},
	{0, 176, 201, 255}, {255, 231, 0, 255}, {175, 0, 0, 255}, {12, 0, 255, 255},
}

// terminalColorNames name the colours for the colour choice.
var terminalColorNames = []string{"0 green", "1 white", "2 red", "3 dark green", "4 aqua", "5 yellow", "6 dark red", "7 blue"}

// TerminalPanels are the sides of level whose control panel shows
// terminal term: terminal panels whose permutation names it.
func TerminalPanels(l *mcodec.Level, term int) []int {
	var out []int
	for i, s := range l.Sides {
		if c, ok := mcodec.ControlPanel(s); ok && c == mcodec.PanelTerminal && int(s.ControlPanelPermutation) == term {
			out = append(out, i)
		}
	}
	return out
}

// terminalEditor is the window that edits a level's terminals: a
// terminal's groups, the selected group's fields and styled text, and a
// preview of its pages as the game lays them out.
type terminalEditor struct {
	win      fyne.Window
	host     game.Host
	d        *mdoc.Document
	pictures TerminalPictures
	level    int
	term     int
	group    int
	page     int
	closed   bool

	terminals *widget.Select
	groups    *widget.List
	up        *widget.Button
	groupType *widget.Select
	perm      *widget.Entry
	onRight   *widget.Check
	centred   *widget.Check
	text      *styledEntry
	apply     *widget.Button
	preview   *fyne.Container
	pageLabel *widget.Label
	usedBy    *fyne.Container
	status    *widget.Label
	updating  bool // the window is setting its widgets, not the user
	// shown is the group's text as the document held it when the entry
	// was last filled: the entry's text differs from it while typed
	// text is not applied.
	shown []mcodec.TextRun
}

// openTerminalEditor builds the terminal editor of the session's level on
// terminal term, and shows it; h selects the panels it links to.
func openTerminalEditor(h game.Host, f *session, level, term int) *terminalEditor {
	e := &terminalEditor{host: h, d: f.d, pictures: f.pictures, level: level, term: term}
	e.group = firstTextGroup(e.currentGroups())
	e.win = fyne.CurrentApp().NewWindow(fmt.Sprintf("Terminal %d, level %d", term, level))
	e.build()
	f.d.History.OnChange(func(undo.Notice) {
		if e.closed {
			return
		}
		// A step of the file (in the main window, say) keeps the text
		// typed and not applied, which the window still asks about.
		runs, err := e.text.Runs()
		pending := err == nil && e.textPending()
		e.refresh()
		if pending {
			e.text.SetRuns(runs)
		}
	})
	e.refresh()
	e.win.Resize(fyne.NewSize(1280, 760))
	e.win.Show()
	e.win.Canvas().Focus(e.text.entry)
	return e
}

// Window is the terminal editor's window.
func (e *terminalEditor) Window() fyne.Window { return e.win }

// Unsaved names the text typed in the group and not applied, if any.
func (e *terminalEditor) Unsaved() string {
	if !e.textPending() {
		return ""
	}
	return fmt.Sprintf("the text of group %d is not applied", e.group)
}

// Keep applies the text typed in the group.
func (e *terminalEditor) Keep() error {
	err := e.storeText()
	e.do(err, 0)
	return err
}

// Closed stops the editor following the document.
func (e *terminalEditor) Closed() { e.closed = true }

// showTerminal shows terminal term in the editor, unless text typed in
// the group shown is not applied: that stays, and the status line says so.
func (e *terminalEditor) showTerminal(term int) {
	if term == e.term {
		return
	}
	if e.textPending() {
		e.status.SetText(fmt.Sprintf("Apply or undo the text of group %d before you open terminal %d", e.group, term))
		e.updating = true
		e.terminals.SetSelected(fmt.Sprintf("Terminal %d", e.term))
		e.updating = false
		return
	}
	e.term, e.page = term, 0
	e.group = firstTextGroup(e.currentGroups())
	e.refresh()
}

func (e *terminalEditor) levelRecord() *mcodec.Level { return e.d.Levels[e.level] }

func (e *terminalEditor) build() {
	e.status = widget.NewLabel("")
	e.status.Wrapping = fyne.TextWrapWord
	e.terminals = widget.NewSelect(nil, func(s string) {
		if e.updating {
			return
		}
		if i, err := strconv.Atoi(strings.TrimPrefix(s, "Terminal ")); err == nil {
			e.showTerminal(i)
		}
	})
	e.groups = widget.NewList(func() int { return len(e.currentGroups()) },
		func() fyne.CanvasObject { return widget.NewLabel("group") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			gs := e.currentGroups()
			if i < len(gs) {
				o.(*widget.Label).SetText(groupLabel(i, gs[i]))
			}
		})
	e.groups.OnSelected = func(i widget.ListItemID) {
		if e.updating || i == e.group {
			return
		}
		if e.textPending() {
			e.status.SetText(fmt.Sprintf("Apply or undo the text of group %d before you open group %d", e.group, i))
			e.updating = true
			e.groups.Select(e.group)
			e.updating = false
			return
		}
		e.group, e.page = i, 0
		e.refresh()
	}
	e.up = widget.NewButton("Up", func() { e.do(e.d.MoveTerminalGroup(e.level, e.term, e.group, e.group-1), -1) })
	down := widget.NewButton("Down", func() { e.do(e.d.MoveTerminalGroup(e.level, e.term, e.group, e.group+1), +1) })
	add := widget.NewButton("Add", func() {
		e.do(e.d.AddTerminalGroup(e.level, e.term, min(e.group+1, len(e.currentGroups())), mcodec.GroupInformation, -1), +1)
	})
	del := widget.NewButton("Delete", func() { e.do(e.d.DeleteTerminalGroup(e.level, e.term, e.group), 0) })

	e.groupType = widget.NewSelect(mcodec.GroupTypeNames(), func(string) { e.setGroupFields() })
	e.perm = widget.NewEntry()
	e.perm.OnSubmitted = func(string) { e.setGroupFields() }
	e.onRight = widget.NewCheck("Picture on the right", func(bool) { e.setGroupFields() })
	e.centred = widget.NewCheck("Picture centred", func(bool) { e.setGroupFields() })
	fields := widget.NewForm(widget.NewFormItem("Type", e.groupType), widget.NewFormItem("Permutation", e.perm),
		widget.NewFormItem("Flags", container.NewHBox(e.onRight, e.centred)))

	e.text = newStyledEntry()
	e.apply = widget.NewButton("Apply text (Ctrl+Return)", e.applyText)
	e.text.entry.OnApply = e.applyText
	e.text.entry.OnHistory = func(redo bool) bool {
		if e.textPending() {
			return false
		}
		e.step(redo)
		return true
	}
	textBox := container.NewBorder(container.NewHBox(e.text.toolbar(), e.apply), nil, nil, nil, e.text.entry)

	e.preview = container.NewWithoutLayout()
	e.pageLabel = widget.NewLabel("")
	prev := widget.NewButton("Previous page", func() { e.page = max(0, e.page-1); e.refreshPreview() })
	next := widget.NewButton("Next page", func() { e.page++; e.refreshPreview() })
	previewBox := container.NewBorder(container.NewHBox(prev, next, e.pageLabel), nil, nil, nil,
		container.NewGridWrap(fyne.NewSize(mcodec.TerminalScreenWidth, mcodec.TerminalScreenHeight), e.preview))
	e.usedBy = container.NewHBox()

	left := container.NewBorder(e.terminals, container.NewGridWithColumns(4, e.up, down, add, del), nil, nil, e.groups)
	middle := container.NewBorder(fields, nil, nil, nil, textBox)
	split := container.NewHSplit(left, container.NewHSplit(middle, previewBox))
	split.Offset = 0.2
	e.win.SetContent(container.NewBorder(nil, container.NewVBox(e.usedBy, e.status), nil, nil, split))
}

// applyText stores the text as the entry shows it in the group, one
// undo step.
func (e *terminalEditor) applyText() { e.do(e.storeText(), 0) }

// storeText stores the text as the entry shows it in the group.
func (e *terminalEditor) storeText() error {
	runs, err := e.text.Runs()
	if err != nil {
		return err
	}
	return e.d.SetTerminalGroupText(e.level, e.term, e.group, runs)
}

// textPending reports whether the entry holds text not applied to the
// group: then Undo and Redo are the entry's, else the document's.
func (e *terminalEditor) textPending() bool {
	runs, err := e.text.Runs()
	if err != nil {
		return true
	}
	return !slices.EqualFunc(runs, e.shown, func(a, b mcodec.TextRun) bool {
		return a.Style == b.Style && bytes.Equal(a.Text, b.Text)
	})
}

// step undoes (or redoes) the document's last edit, as the main
// window's Undo and Redo do, and shows a refusal in the status line.
func (e *terminalEditor) step(redo bool) {
	do := e.d.History.Undo
	if redo {
		do = e.d.History.Redo
	}
	if _, err := do(); err != nil {
		e.status.SetText(err.Error())
	}
}

// firstTextGroup is the first group that shows text a player reads:
// information, a picture's or a checkpoint's; else 0.
func firstTextGroup(gs []mcodec.TerminalGroup) int {
	for i, g := range gs {
		if g.Type == mcodec.GroupInformation || g.Type == mcodec.GroupPicture || g.Type == mcodec.GroupCheckpoint {
			return i
		}
	}
	return 0
}

// groupLabel names group i in the list: its type, and its permutation
// where the type uses one.
func groupLabel(i int, g mcodec.TerminalGroup) string {
	s := fmt.Sprintf("%d: %s", i, mcodec.GroupTypeName(g.Type))
	switch g.Type {
	case mcodec.GroupUnfinished, mcodec.GroupSuccess, mcodec.GroupFailure, mcodec.GroupInformation, mcodec.GroupEnd:
		return s
	}
	return fmt.Sprintf("%s %d", s, g.Permutation)
}

func (e *terminalEditor) currentGroups() []mcodec.TerminalGroup {
	l := e.levelRecord()
	if e.term < 0 || e.term >= len(l.Terminals) {
		return nil
	}
	return l.Terminals[e.term].Groups
}

// do shows the outcome of an edit, and moves the selected group by
// move when it succeeded.
func (e *terminalEditor) do(err error, move int) {
	if err != nil {
		e.status.SetText(err.Error())
		return
	}
	e.status.SetText("")
	e.group = max(0, min(e.group+move, len(e.currentGroups())-1))
	e.refresh()
}

// setGroupFields stores the group's type, permutation and flags as the
// fields show them.
func (e *terminalEditor) setGroupFields() {
	if e.updating {
		return
	}
	typ := -1
	for i, n := range mcodec.GroupTypeNames() {
		if n == e.groupType.Selected {
			typ = i
		}
	}
	perm, err := strconv.Atoi(strings.TrimSpace(e.perm.Text))
	if err != nil || perm < -32768 || perm > 32767 || typ < 0 {
		e.status.SetText(fmt.Sprintf("permutation: %q is no whole number from -32768 to 32767", e.perm.Text))
		return
	}
	var flags uint16
	if e.onRight.Checked {
		flags |= mcodec.GroupObjectOnRight
	}
	if e.centred.Checked {
		flags |= mcodec.GroupCenterObject
	}
	e.do(e.d.SetTerminalGroup(e.level, e.term, e.group, uint16(typ), flags, int16(perm)), 0)
}

// refresh shows the document's terminal: the chooser, the groups, the
// selected group's fields and text, the panels using it and the preview.
func (e *terminalEditor) refresh() {
	e.updating = true
	defer func() { e.updating = false }()
	l := e.levelRecord()
	var names []string
	for i := range l.Terminals {
		names = append(names, fmt.Sprintf("Terminal %d", i))
	}
	e.terminals.Options = names
	e.terminals.SetSelected(fmt.Sprintf("Terminal %d", e.term))
	e.win.SetTitle(fmt.Sprintf("Terminal %d, level %d", e.term, e.level))
	gs := e.currentGroups()
	e.group = max(0, min(e.group, len(gs)-1))
	e.groups.Refresh()
	if len(gs) > 0 {
		e.groups.Select(e.group)
		g := gs[e.group]
		e.groupType.SetSelected(mcodec.GroupTypeName(g.Type))
		e.perm.SetText(strconv.Itoa(int(g.Permutation)))
		e.onRight.SetChecked(g.Flags&mcodec.GroupObjectOnRight != 0)
		e.centred.SetChecked(g.Flags&mcodec.GroupCenterObject != 0)
		if st, err := e.d.StyledTerminal(e.level, e.term); err != nil {
			e.status.SetText(err.Error())
			e.text.SetRuns(nil)
			e.shown = nil
		} else {
			e.shown = mdoc.GroupText(st.Groups[e.group])
			e.text.SetRuns(e.shown)
		}
	}
	e.usedBy.RemoveAll()
	panels := TerminalPanels(l, e.term)
	if len(panels) == 0 {
		e.usedBy.Add(widget.NewLabel("No control panel of the level shows this terminal"))
	}
	for _, side := range panels {
		e.usedBy.Add(widget.NewButton(fmt.Sprintf("Used by side %d", side), func() {
			if e.host != nil {
				e.host.Select([]document.Ref{{Level: e.level, Kind: mdoc.KindSide, Index: side}})
			}
		}))
	}
	e.refreshPreview()
}

// pictureSize is the size of picture id, for the layout.
func (e *terminalEditor) pictureSize(id int) (image.Point, bool) {
	if e.pictures == nil {
		return image.Point{}, false
	}
	img, ok := e.pictures.Picture(id)
	if !ok || img == nil {
		return image.Point{}, false
	}
	return img.Bounds().Size(), true
}

// refreshPreview draws the page shown of the selected group.
func (e *terminalEditor) refreshPreview() {
	e.preview.RemoveAll()
	bg := canvas.NewRectangle(color.Black)
	bg.Resize(fyne.NewSize(mcodec.TerminalScreenWidth, mcodec.TerminalScreenHeight))
	e.preview.Add(bg)
	for _, y := range []int{0, mcodec.TerminalScreenHeight - mcodec.TerminalBorderHeight} {
		bar := canvas.NewRectangle(color.NRGBA{39, 0, 0, 255})
		bar.Move(fyne.NewPos(0, float32(y)))
		bar.Resize(fyne.NewSize(mcodec.TerminalScreenWidth, mcodec.TerminalBorderHeight))
		e.preview.Add(bar)
	}
	l := e.levelRecord()
	if e.term >= len(l.Terminals) {
		return
	}
	term := l.Terminals[e.term]
	pages := term.GroupPages(e.group, e.pictureSize)
	if len(pages) == 0 {
		e.pageLabel.SetText("This group shows no page")
		e.preview.Refresh()
		return
	}
	e.page = min(e.page, len(pages)-1)
	p := pages[e.page]
	e.pageLabel.SetText(fmt.Sprintf("Page %d of %d", e.page+1, len(pages)))
	if p.Picture >= 0 || p.PictureRect != (image.Rectangle{}) {
		e.preview.Add(e.pictureObject(p))
	}
	lh := float32(mcodec.TerminalLineHeight(term.PageLines))
	for i, line := range p.Lines {
		col := 0
		for _, span := range line {
			t := canvas.NewText(span.Text, terminalTextColors[min(int(span.Style.Color), mcodec.MaxTextColor)])
			t.TextSize = 12
			t.TextStyle = fyne.TextStyle{Monospace: true, Bold: span.Style.Bold(), Italic: span.Style.Italic(), Underline: span.Style.Underline()}
			t.Move(fyne.NewPos(float32(p.Text.Min.X+col*mcodec.TerminalCharWidth), float32(p.Text.Min.Y)+lh*float32(i)))
			e.preview.Add(t)
			col += len([]rune(span.Text))
		}
	}
	e.preview.Refresh()
}

// pictureObject is the picture of page p where the game draws it, or
// where it says the picture was not found.
func (e *terminalEditor) pictureObject(p mcodec.TerminalPage) fyne.CanvasObject {
	r := p.PictureRect
	if p.PictureFound {
		img, _ := e.pictures.Picture(p.Picture)
		ci := canvas.NewImageFromImage(img)
		ci.FillMode = canvas.ImageFillStretch
		ci.Move(fyne.NewPos(float32(r.Min.X), float32(r.Min.Y)))
		ci.Resize(fyne.NewSize(float32(r.Dx()), float32(r.Dy())))
		return ci
	}
	what := fmt.Sprintf("Picture %d not found", p.Picture)
	if p.Picture < 0 {
		what = "Checkpoint map"
	}
	t := canvas.NewText(what, color.White)
	t.Alignment = fyne.TextAlignCenter
	t.Move(fyne.NewPos(float32(r.Min.X), float32(r.Min.Y+r.Dy()/2)))
	t.Resize(fyne.NewSize(float32(r.Dx()), 20))
	return t
}

// panelTerminals are the inspector's links to the terminal editor, first
// in it, for a side, or a line's sides, whose control panel shows a
// terminal of the level.
func (f *session) panelTerminals(h game.Host, level int, kind document.Kind, indexes []int) []inspect.Section {
	l := f.d.Levels[level]
	if len(indexes) != 1 {
		return nil
	}
	var sides []int
	switch kind {
	case mdoc.KindSide:
		sides = indexes
	case mdoc.KindLine:
		if i := indexes[0]; i >= 0 && i < len(l.Lines) {
			for _, s := range []uint16{l.Lines[i].ClockwiseSide, l.Lines[i].CCWSide} {
				if s != mcodec.None {
					sides = append(sides, int(s))
				}
			}
		}
	}
	var out []inspect.Section
	for _, side := range sides {
		if side < 0 || side >= len(l.Sides) {
			continue
		}
		s := l.Sides[side]
		if c, ok := mcodec.ControlPanel(s); !ok || c != mcodec.PanelTerminal {
			continue
		}
		term := int(s.ControlPanelPermutation)
		title := fmt.Sprintf("Side %d shows terminal %d", side, term)
		if term < 0 || term >= len(l.Terminals) {
			out = append(out, inspect.Section{Title: title + ", which the level lacks"})
			continue
		}
		out = append(out, inspect.Section{Title: title, Fields: []propgrid.Field{f.terminalAction(h, level, term)}})
	}
	return out
}

// terminalSections are the inspector's sections of terminals: a link
// to each one's editor and the panels that show it.
func (f *session) terminalSections(h game.Host, level int, indexes []int) []inspect.Section {
	l := f.d.Levels[level]
	var out []inspect.Section
	for _, term := range indexes {
		if term < 0 || term >= len(l.Terminals) {
			continue
		}
		fields := []propgrid.Field{f.terminalAction(h, level, term)}
		for _, side := range TerminalPanels(l, term) {
			fields = append(fields, propgrid.Field{Label: "Shown by", Text: &propgrid.Text{Value: fmt.Sprintf("side %d", side)}})
		}
		out = append(out, inspect.Section{Title: fmt.Sprintf("Terminal %d", term), Fields: fields})
	}
	return out
}

// terminalAction is the button that opens terminal term's editor.
func (f *session) terminalAction(h game.Host, level, term int) propgrid.Field {
	return propgrid.Field{Label: "Terminal", Action: &propgrid.Action{
		Label: fmt.Sprintf("Edit terminal %d…", term),
		Do:    func() { f.openTerminal(h, level, term) },
	}}
}

// openTerminal shows terminal term in the level's terminal editor, one
// window per level bound to the file.
func (f *session) openTerminal(h game.Host, level, term int) {
	w := h.OpenWindow(fmt.Sprintf("terminals of level %d", level), func() game.Window { return openTerminalEditor(h, f, level, term) })
	if e, ok := w.(*terminalEditor); ok {
		e.showTerminal(term)
	}
}
