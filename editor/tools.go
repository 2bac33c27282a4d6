package editor

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// The viewport's gestures, passed to the tool.
func (e *Editor) press(id viewport.ID, at viewport.Vec2, mods fyne.KeyModifier) bool {
	if e.scene == nil || e.picking != nil || e.tool == nil || e.tool.Press == nil {
		return false
	}
	e.dragging = e.tool.Press(tool.Pointer{ID: id, At: at, Mods: mods})
	return e.dragging
}

func (e *Editor) dragTo(at viewport.Vec2) {
	if e.tool != nil && e.tool.Drag != nil {
		e.tool.Drag(at)
	}
}

func (e *Editor) releaseDrag() {
	if e.tool != nil && e.tool.Release != nil {
		e.tool.Release()
	}
	if e.file != nil {
		e.file.History().BreakMerge()
	}
	e.dragging = false
	e.refreshProblems()
	e.showInspector()
}

func (e *Editor) click(id viewport.ID, at viewport.Vec2, mods fyne.KeyModifier) {
	if e.scene != nil && e.pick(id) {
		return
	}
	if e.scene == nil || e.tool == nil || e.tool.Click == nil {
		return
	}
	if e.tool.MapPoint && e.view.Mode() != viewport.Map {
		e.status.SetText(e.tool.Name + " works in the map: press Ctrl+1 to show it")
		return
	}
	e.tool.Click(tool.Pointer{ID: id, At: at, Mods: mods})
	if e.file != nil {
		e.file.History().BreakMerge()
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
func (e *Editor) grab(p tool.Pointer) (*mover, bool) {
	r, ok := e.scene.Ref(p.ID)
	if !ok || !e.file.Movable(r) {
		return nil, false
	}
	group := []document.Ref{r}
	if slices.Contains(e.selection, r) {
		group = slices.DeleteFunc(slices.Clone(e.selection), func(s document.Ref) bool { return !e.file.Movable(s) })
	}
	m := &mover{e: e}
	for _, g := range group {
		if centre, ok := e.scene.Center(g); ok {
			m.refs = append(m.refs, g)
			m.offsets = append(m.offsets, viewport.Vec2{X: centre.X - p.At.X, Y: centre.Y - p.At.Y})
		}
	}
	if len(m.refs) == 0 {
		return nil, false
	}
	return m, true
}

func (m *mover) to(at viewport.Vec2) {
	move := func(i int) error {
		return m.e.file.Move(m.refs[i], viewport.Vec2{X: at.X + m.offsets[i].X, Y: at.Y + m.offsets[i].Y})
	}
	var err error
	if len(m.refs) == 1 {
		err = move(0) // its own command, which merges the drag's moves
	} else {
		err = m.e.file.Recorder().Gesture(fmt.Sprintf("Move %d entities", len(m.refs)), "move-selection", func() error {
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
func (e *Editor) selectTool() *tool.Tool {
	var box *[2]viewport.Vec2
	var adding bool
	var moving *mover
	t := &tool.Tool{Name: "Select", Key: fyne.KeyS,
		Help: "click to select, Shift+click to add, drag a box around entities, drag a selected object to move the selection"}
	t.Press = func(p tool.Pointer) bool {
		box, moving = nil, nil
		if r, ok := e.scene.Ref(p.ID); ok {
			if p.Shift() {
				return false // the click adds or removes it
			}
			if !slices.Contains(e.selection, r) {
				e.SetSelection([]document.Ref{r})
			}
			m, ok := e.grab(p)
			moving = m
			return ok
		}
		box, adding = &[2]viewport.Vec2{p.At, p.At}, p.Shift()
		return true
	}
	t.Drag = func(at viewport.Vec2) {
		switch {
		case moving != nil:
			moving.to(at)
		case box != nil:
			box[1] = at
			e.view.ShowBox(box[0], box[1])
		}
	}
	t.Release = func() {
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
	t.Cancel = func() bool {
		had := box != nil || moving != nil
		e.view.HideBox()
		box, moving = nil, nil
		return had
	}
	t.Click = func(p tool.Pointer) {
		r, ok := e.scene.Ref(p.ID)
		switch {
		case ok && p.Shift():
			if i := slices.Index(e.selection, r); i >= 0 {
				e.SetSelection(slices.Delete(slices.Clone(e.selection), i, i+1))
			} else {
				e.SetSelection(append(slices.Clone(e.selection), r))
			}
		case ok:
			e.SetSelection([]document.Ref{r})
		case !p.Shift():
			e.SetSelection(nil)
		}
	}
	return t
}

// moveTool drags any movable entity (objects, actors) without selecting
// first, or the selection's movable entities with one of them; a click
// selects.
func (e *Editor) moveTool() *tool.Tool {
	var moving *mover
	t := &tool.Tool{Name: "Move", Key: fyne.KeyM, Help: "drag an object or actor to move it"}
	t.Press = func(p tool.Pointer) bool {
		if r, ok := e.scene.Ref(p.ID); ok && e.file.Movable(r) && !slices.Contains(e.selection, r) {
			e.SetSelection([]document.Ref{r})
		}
		m, ok := e.grab(p)
		moving = m
		return ok
	}
	t.Drag = func(at viewport.Vec2) {
		if moving != nil {
			moving.to(at)
		}
	}
	t.Release = func() { moving = nil }
	t.Cancel = func() bool {
		had := moving != nil
		moving = nil
		return had
	}
	t.Click = func(p tool.Pointer) {
		if r, ok := e.scene.Ref(p.ID); ok {
			e.SetSelection([]document.Ref{r})
		}
	}
	return t
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
