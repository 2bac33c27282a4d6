package editor

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// A tool turns the pointer's gestures in the map into selections and
// undo commands. Any of its functions may be nil.
type tool struct {
	name string
	key  fyne.KeyName // its shortcut: a letter typed over the map
	help string       // what the status bar says when it is chosen
	// mapPoint is set for tools that act at the map point clicked, which
	// the 3D views do not give: they work in the map only.
	mapPoint bool
	// press is a left press; it returns whether the tool takes the drag
	// that follows (else the drag pans).
	press   func(p pointer) bool
	drag    func(at viewport.Vec2)
	release func()
	// click is a press and release without a drag.
	click func(p pointer)
	// hover follows the pointer over the map.
	hover func(at viewport.Vec2)
	// enter finishes a gesture under way, when Enter is typed.
	enter func()
	// cancel drops a gesture under way, when another tool is chosen or
	// Escape is typed, and reports whether there was one.
	cancel func() bool
	// options is shown under the toolbar while the tool is chosen.
	options fyne.CanvasObject
	// levelShown brings the options up to date with the level shown,
	// when the tool is chosen and when another level is shown.
	levelShown func()
}

// pointer is where a press or click happened: the item under it, the
// map point, and the modifier keys held.
type pointer struct {
	id   viewport.ID
	at   viewport.Vec2
	mods fyne.KeyModifier
}

func (p pointer) shift() bool { return p.mods&fyne.KeyModifierShift != 0 }

// setTools offers f's tools (the common ones, then the game's) in the
// toolbar and chooses the first.
func (e *Editor) setTools(f file) {
	tools := append([]*tool{e.selectTool(), e.moveTool()}, f.tools(e)...)
	e.tools = tools
	e.toolbarScroll.Show()
	e.toolbar.Objects = nil
	for _, t := range tools {
		b := widget.NewButton(t.name+" ("+string(t.key)+")", func() { e.chooseTool(t) })
		e.toolbar.Add(b)
	}
	e.chooseTool(tools[0])
}

// chooseTool makes t the tool the map's gestures go to.
func (e *Editor) chooseTool(t *tool) {
	if e.tool != nil && e.tool.cancel != nil {
		e.tool.cancel()
	}
	e.tool = t
	for i, o := range e.toolbar.Objects {
		b := o.(*widget.Button)
		b.Importance = widget.MediumImportance
		if e.tools[i] == t {
			b.Importance = widget.HighImportance
		}
		b.Refresh()
	}
	e.toolOptions.Objects = nil
	e.toolOptionsScroll.Hide()
	if t.options != nil {
		e.toolOptions.Objects = []fyne.CanvasObject{t.options}
		e.toolOptionsScroll.Show()
	}
	if t.levelShown != nil && e.scene != nil {
		t.levelShown()
	}
	e.viewArea.Refresh() // the options' height may have changed
	e.status.SetText(t.name + ": " + t.help)
}

// toolKey chooses the tool whose shortcut was typed over the map;
// Escape drops the gesture under way, or else the selection.
func (e *Editor) toolKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.picking != nil {
		e.picking = nil
		e.status.SetText("No target picked")
		return
	}
	if ev.Name == fyne.KeyEscape {
		if e.tool == nil || e.tool.cancel == nil || !e.tool.cancel() {
			e.SetSelection(nil) // nothing under way: Escape deselects
		}
		return
	}
	if (ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter) && e.tool != nil && e.tool.enter != nil {
		e.tool.enter()
		return
	}
	for _, t := range e.tools {
		if t.key == ev.Name {
			e.chooseTool(t)
			return
		}
	}
	if ev.Name == fyne.KeyDelete {
		e.DeleteSelection()
	}
}

// The viewport's gestures, passed to the tool.
func (e *Editor) press(id viewport.ID, at viewport.Vec2, mods fyne.KeyModifier) bool {
	if e.scene == nil || e.picking != nil || e.tool == nil || e.tool.press == nil {
		return false
	}
	return e.tool.press(pointer{id, at, mods})
}

func (e *Editor) dragTo(at viewport.Vec2) {
	if e.tool != nil && e.tool.drag != nil {
		e.tool.drag(at)
	}
}

func (e *Editor) releaseDrag() {
	if e.tool != nil && e.tool.release != nil {
		e.tool.release()
	}
	if e.file != nil {
		e.file.history().BreakMerge()
	}
	e.dragging = false
	e.refreshProblems()
	e.showInspector()
}

func (e *Editor) click(id viewport.ID, at viewport.Vec2, mods fyne.KeyModifier) {
	if e.scene != nil && e.pick(id) {
		return
	}
	if e.scene == nil || e.tool == nil || e.tool.click == nil {
		return
	}
	if e.tool.mapPoint && e.view.Mode() != viewport.Map {
		e.status.SetText(e.tool.name + " works in the map: press Ctrl+1 to show it")
		return
	}
	e.tool.click(pointer{id, at, mods})
	if e.file != nil {
		e.file.history().BreakMerge()
	}
}

// mover drags movable entities with the pointer, each keeping its
// offset from it; the moves of one drag are one step.
type mover struct {
	e       *Editor
	refs    []document.Ref
	offsets []viewport.Vec2 // from the pointer to each entity's centre
}

// grab starts moving the entity under p when it is movable: with the
// rest of the selection's movable entities when it is selected.
func (e *Editor) grab(p pointer) (*mover, bool) {
	r, ok := e.scene.Ref(p.id)
	if !ok || !e.file.movable(r) {
		return nil, false
	}
	group := []document.Ref{r}
	if slices.Contains(e.selection, r) {
		group = slices.DeleteFunc(slices.Clone(e.selection), func(s document.Ref) bool { return !e.file.movable(s) })
	}
	m := &mover{e: e}
	for _, g := range group {
		if centre, ok := e.scene.Center(g); ok {
			m.refs = append(m.refs, g)
			m.offsets = append(m.offsets, viewport.Vec2{X: centre.X - p.at.X, Y: centre.Y - p.at.Y})
		}
	}
	if len(m.refs) == 0 {
		return nil, false
	}
	e.dragging = true
	return m, true
}

func (m *mover) to(at viewport.Vec2) {
	move := func(i int) error {
		return m.e.file.move(m.refs[i], viewport.Vec2{X: at.X + m.offsets[i].X, Y: at.Y + m.offsets[i].Y})
	}
	var err error
	if len(m.refs) == 1 {
		err = move(0) // its own command, which merges the drag's moves
	} else {
		err = m.e.file.recorder().Gesture(fmt.Sprintf("Move %d entities", len(m.refs)), "move-selection", func() error {
			for i := range m.refs {
				if err := move(i); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err != nil {
		m.e.status.SetText(err.Error())
	}
}

// selectTool picks: a click selects the entity under the pointer (with
// Shift, adds or removes it), a drag from empty map selects what a box
// encloses (with Shift, adds it), and a drag of a selected movable
// entity moves it.
func (e *Editor) selectTool() *tool {
	var box *[2]viewport.Vec2
	var adding bool
	var moving *mover
	t := &tool{name: "Select", key: fyne.KeyS,
		help: "click to select, Shift+click to add, drag a box around entities, drag a selected object to move the selection"}
	t.press = func(p pointer) bool {
		box, moving = nil, nil
		if r, ok := e.scene.Ref(p.id); ok {
			if p.shift() {
				return false // the click adds or removes it
			}
			if !slices.Contains(e.selection, r) {
				e.SetSelection([]document.Ref{r})
			}
			m, ok := e.grab(p)
			moving = m
			return ok
		}
		box, adding = &[2]viewport.Vec2{p.at, p.at}, p.shift()
		return true
	}
	t.drag = func(at viewport.Vec2) {
		switch {
		case moving != nil:
			moving.to(at)
		case box != nil:
			box[1] = at
			e.view.ShowBox(box[0], box[1])
		}
	}
	t.release = func() {
		if box != nil {
			e.view.HideBox()
			lo := viewport.Vec2{X: min(box[0].X, box[1].X), Y: min(box[0].Y, box[1].Y)}
			hi := viewport.Vec2{X: max(box[0].X, box[1].X), Y: max(box[0].Y, box[1].Y)}
			refs := e.scene.Within(lo, hi)
			if adding {
				refs = union(e.selection, refs)
			}
			e.SetSelection(refs)
		}
		box, moving = nil, nil
	}
	t.cancel = func() bool {
		had := box != nil || moving != nil
		e.view.HideBox()
		box, moving = nil, nil
		return had
	}
	t.click = func(p pointer) {
		r, ok := e.scene.Ref(p.id)
		switch {
		case ok && p.shift():
			if i := slices.Index(e.selection, r); i >= 0 {
				e.SetSelection(slices.Delete(slices.Clone(e.selection), i, i+1))
			} else {
				e.SetSelection(append(slices.Clone(e.selection), r))
			}
		case ok:
			e.SetSelection([]document.Ref{r})
		case !p.shift():
			e.SetSelection(nil)
		}
	}
	return t
}

// moveTool drags any movable entity (objects, actors) without selecting
// first, or the selection's movable entities with one of them; a click
// selects.
func (e *Editor) moveTool() *tool {
	var moving *mover
	t := &tool{name: "Move", key: fyne.KeyM, help: "drag an object or actor to move it"}
	t.press = func(p pointer) bool {
		if r, ok := e.scene.Ref(p.id); ok && e.file.movable(r) && !slices.Contains(e.selection, r) {
			e.SetSelection([]document.Ref{r})
		}
		m, ok := e.grab(p)
		moving = m
		return ok
	}
	t.drag = func(at viewport.Vec2) {
		if moving != nil {
			moving.to(at)
		}
	}
	t.release = func() { moving = nil }
	t.cancel = func() bool {
		had := moving != nil
		moving = nil
		return had
	}
	t.click = func(p pointer) {
		if r, ok := e.scene.Ref(p.id); ok {
			e.SetSelection([]document.Ref{r})
		}
	}
	return t
}

// refs is one entity, as a selection.
func refs(level int, kind string, index int) []document.Ref {
	return []document.Ref{{Level: level, Kind: kind, Index: index}}
}

// union is a followed by the refs of b that a lacks.
func union(a, b []document.Ref) []document.Ref {
	out := slices.Clone(a)
	for _, r := range b {
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// toolArea is the toolbar with the chosen tool's options below it.
func (e *Editor) toolArea() fyne.CanvasObject {
	e.toolbar = container.NewHBox()
	e.toolOptions = container.NewStack()
	// Scrolled, so that a long toolbar does not widen the viewport's side.
	e.toolOptionsScroll = container.NewHScroll(e.toolOptions)
	e.toolbarScroll = container.NewHScroll(e.toolbar)
	e.toolOptionsScroll.Hide()
	e.toolbarScroll.Hide() // until a file gives tools
	return container.NewVBox(e.toolbarScroll, e.toolOptionsScroll)
}
