package editor

import (
	"cmp"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// press starts the chosen tool's drag, when it has one at the pointer;
// it reports whether the drag that follows is the tool's (else it pans).
func (e *Editor) press(id display.ID, at display.Vec2, mods fyne.KeyModifier) bool {
	return e.pressAt(tool.Pointer{ID: id, At: at, Mods: mods})
}

// press3D is press in the 3D view, on the surface point hit (nil: none,
// where the drag turns the view).
func (e *Editor) press3D(id display.ID, hit *display.Vec3, mods fyne.KeyModifier) bool {
	return hit != nil && e.pressAt(e.pointer3D(id, hit, mods))
}

// pointer3D is the pointer on the surface point hit in the 3D view, at
// the map point under it.
func (e *Editor) pointer3D(id display.ID, hit *display.Vec3, mods fyne.KeyModifier) tool.Pointer {
	p := tool.Pointer{ID: id, Mods: mods, Hit: hit}
	if hit != nil && e.scene != nil {
		p.At = e.scene.MapPoint(*hit)
	}
	return p
}

// pressAt gives a press at p to the chosen tool, unless a click is
// awaited (a target, a texture to paint); it reports whether the tool
// took the drag that follows.
func (e *Editor) pressAt(p tool.Pointer) bool {
	if e.scene == nil || e.picking != nil || e.palette.painting() || e.tools.chosen == nil || e.tools.chosen.Press == nil {
		return false
	}
	e.drag = e.tools.chosen.Press(p)
	return e.drag != nil
}

func (e *Editor) dragTo(at display.Vec2) {
	if e.drag != nil {
		e.drag.To(at)
	}
}

// drag3D follows a drag in the 3D view: a Drag3D across the surface
// pressed, any other drag to the map point under the pointer on the
// level of the point pressed (an object slides along the floor).
func (e *Editor) drag3D(m viewport.Move3D) {
	switch d := e.drag.(type) {
	case nil:
	case tool.Drag3D:
		d.By(m.Right, m.Up)
	default:
		if m.OnLevel {
			d.To(e.scene.MapPoint(m.Level))
		}
	}
}

// releaseDrag ends the drag under way: its steps merge no further, and
// are followed (the problems, the links) if it made any.
func (e *Editor) releaseDrag() {
	// The drag is over before it ends itself: what its end does (the
	// tools built again, say) finds no gesture under way to cancel.
	if d := e.drag; d != nil {
		e.drag = nil
		d.Release()
	}
	if e.file != nil {
		e.file.History().BreakMerge()
	}
	e.follower.queue()
	e.inspector.show()
}

// click gives a click in the map to clickAt.
func (e *Editor) click(id display.ID, at display.Vec2, mods fyne.KeyModifier) {
	e.clickAt(tool.Pointer{ID: id, At: at, Mods: mods})
}

// click3D gives a click in the 3D view to clickAt, at the map point
// under the surface point hit; a click on nothing there deselects
// (unless Shift is held) and goes no further.
func (e *Editor) click3D(id display.ID, hit *display.Vec3, mods fyne.KeyModifier) {
	if hit == nil {
		if mods&fyne.KeyModifierShift == 0 && e.picking == nil {
			e.SetSelection(nil)
		}
		return
	}
	e.clickAt(e.pointer3D(id, hit, mods))
}

// clickAt gives a click to the target picker, the texture palette, the
// path of clicks under way, or the chosen tool, which may start a path.
func (e *Editor) clickAt(p tool.Pointer) {
	if e.scene != nil && e.pick(p.ID) {
		return
	}
	if e.scene != nil && e.palette.painting() {
		e.palette.apply(p)
		return
	}
	if e.scene == nil || e.tools.chosen == nil || e.tools.chosen.Click == nil && e.clicks == nil {
		return
	}
	if e.clicks != nil {
		clicks := e.clicks
		if clicks.Click(p) && e.clicks == clicks {
			e.clicks = nil
		}
	} else {
		e.clicks = e.tools.chosen.Click(p)
	}
	if e.file != nil {
		e.file.History().BreakMerge()
	}
}

// cancelGesture drops the drag or path under way and reports whether
// there was one.
func (e *Editor) cancelGesture() bool {
	e.hideHover()
	had := e.drag != nil || e.clicks != nil
	if d := e.drag; d != nil {
		e.drag = nil
		d.Cancel()
		e.follower.queue() // what the drag did and its cancel undid
	}
	if e.clicks != nil {
		e.clicks.Cancel()
		e.clicks = nil
	}
	return had
}

// mover drags movable entities with the pointer, each keeping its
// offset from it; the moves of one drag are one step.
type mover struct {
	e       *Editor
	refs    []document.Ref
	offsets []display.Vec2 // from the pointer to each entity's centre
	start   tool.Mark      // where the drag began in the history
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
	m := &mover{e: e, start: tool.MarkHistory(e.file.History())}
	for _, g := range group {
		if centre, ok := e.scene.Center(g); ok {
			m.refs = append(m.refs, g)
			m.offsets = append(m.offsets, display.Vec2{X: centre.X - p.At.X, Y: centre.Y - p.At.Y})
		}
	}
	if len(m.refs) == 0 {
		return nil, false
	}
	return m, true
}

// To moves the entities with the pointer.
func (m *mover) To(at display.Vec2) {
	move := func(i int) error {
		return m.e.file.Move(m.refs[i], display.Vec2{X: at.X + m.offsets[i].X, Y: at.Y + m.offsets[i].Y})
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
	if err != nil { // a refused move changes nothing: the drag is back at its start
		m.e.status.SetText(cmp.Or(m.start.Back(), err).Error())
	}
}

// Release ends the move where it is.
func (m *mover) Release() {}

// Cancel (Escape) takes the drag's moves back.
func (m *mover) Cancel() {
	if err := m.start.Back(); err != nil {
		m.e.status.SetText(err.Error())
	}
}

// boxSelect is a drag from empty map: what the box encloses is selected
// on release (added to the selection when adding).
type boxSelect struct {
	e       *Editor
	corners [2]display.Vec2
	adding  bool
}

// To draws the box from where the drag started to at.
func (b *boxSelect) To(at display.Vec2) {
	b.corners[1] = at
	b.e.view.ShowBox(b.corners[0], b.corners[1])
}

// Release selects what the box encloses; a box never drawn (a click)
// leaves the selection to the click.
func (b *boxSelect) Release() {
	b.e.view.HideBox()
	if b.corners[0] == b.corners[1] {
		return
	}
	lo := display.Vec2{X: min(b.corners[0].X, b.corners[1].X), Y: min(b.corners[0].Y, b.corners[1].Y)}
	hi := display.Vec2{X: max(b.corners[0].X, b.corners[1].X), Y: max(b.corners[0].Y, b.corners[1].Y)}
	refs := b.e.scene.Within(lo, hi)
	if b.adding {
		refs = union(b.e.selection, refs)
	}
	b.e.SetSelection(refs)
}

// Cancel takes the box away and selects nothing new.
func (b *boxSelect) Cancel() { b.e.view.HideBox() }

// selectTool picks: a click selects the entity under the pointer (with
// Shift, adds or removes it; again at the same place, the one under it),
// a drag from anywhere but a movable entity selects what a box encloses
// in the map (with Shift, adds it) and turns the 3D view, and a drag of
// a movable object, or a selected movable line or polygon, moves it with
// the selection's.
func (e *Editor) selectTool() *tool.Tool {
	t := &tool.Tool{Name: "Select", Key: fyne.KeyS, Group: selectGroup,
		Help: "click to select, Shift+click to add, drag a box around entities, drag a selected object to move the selection"}
	t.Press = func(p tool.Pointer) tool.Drag {
		// A movable entity drags the selection, when selected or drawn as
		// a point (an object); anywhere else, an unselected polygon or
		// line included, the drag draws a box (in 3D, turns the view).
		if r, ok := e.scene.Ref(p.ID); ok && !p.Shift() && e.file.Movable(r) && (slices.Contains(e.selection, r) ||
			slices.ContainsFunc(e.scene.List.Markers, func(m display.Marker) bool { return m.ID == p.ID })) {
			if !slices.Contains(e.selection, r) {
				e.SetSelection([]document.Ref{r})
			}
			if m, ok := e.grab(p); ok {
				return m
			}
		}
		if p.Hit != nil {
			return nil // in 3D, the drag turns the view
		}
		return &boxSelect{e: e, corners: [2]display.Vec2{p.At, p.At}, adding: p.Shift()}
	}
	t.Click = func(p tool.Pointer) tool.Path {
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
		return nil
	}
	return t
}

// moveTool drags any movable entity (objects, actors) without selecting
// first, or the selection's movable entities with one of them; a click
// selects.
func (e *Editor) moveTool() *tool.Tool {
	t := &tool.Tool{Name: "Move", Key: fyne.KeyM, Group: selectGroup, Help: "drag an object or actor to move it"}
	t.Press = func(p tool.Pointer) tool.Drag {
		if r, ok := e.scene.Ref(p.ID); ok && e.file.Movable(r) && !slices.Contains(e.selection, r) {
			e.SetSelection([]document.Ref{r})
		}
		if m, ok := e.grab(p); ok {
			return m
		}
		return nil
	}
	t.Click = func(p tool.Pointer) tool.Path {
		if r, ok := e.scene.Ref(p.ID); ok {
			e.SetSelection([]document.Ref{r})
		}
		return nil
	}
	return t
}

// selectGroup is the toolbar group of Select and Move.
const selectGroup = "select"

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
