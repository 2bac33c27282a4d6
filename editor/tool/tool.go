// Package tool holds what the editor's tools are made of: the Tool a
// toolbar button chooses, the pointer it is given, and the building
// blocks several games' tools share (dragging a point, picking the
// nearest one, number options).
package tool

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/undo"
)

// A Tool turns the pointer's gestures in the map and the 3D view into
// selections and undo commands. Its name, key, help text and options describe it; its
// Press and Click start the gestures, each of which owns its own state.
// Any of its functions may be nil.
type Tool struct {
	Name string
	Key  fyne.KeyName // its shortcut: a letter typed over the map
	Help string       // what the status bar says when it is chosen
	// Group names the tools that stand together in the toolbar
	// (drawing, placing, texturing): a tool of the group of the tool
	// before it stands beside it, kept on one row; a tool of no group
	// ("") stands alone.
	Group string
	// Press is a left press in the map or the 3D view; it returns the
	// drag that the pointer's moves go to until the button is let go, or
	// nil to let the drag pan (turn, in 3D). A drag begun in 3D that is
	// not a Drag3D follows the pointer across the level of the point
	// pressed. While a drag is under way, the window checks the level
	// again only when it ends.
	Press func(p Pointer) Drag
	// Click is a press and release without a drag. A tool that acts at
	// once returns nil; one that takes several clicks (a polygon's
	// corners) returns the path that the next clicks go to.
	Click func(p Pointer) Path
	// Hover follows the pointer over the map while no button is held
	// and no clicks are under way (the Brush shows its edge there); the
	// window takes the path it shows away when the pointer leaves the
	// map, a gesture is cancelled or another tool is chosen.
	Hover func(at display.Vec2)
	// Options is shown under the toolbar while the tool is chosen.
	Options fyne.CanvasObject
	// LevelShown brings the options up to date with the level shown,
	// when the tool is chosen and when another level is shown.
	LevelShown func()
}

// A Drag is a gesture from a press to the release of the button: it
// owns its state and ends itself.
type Drag interface {
	// To follows the pointer, at the map point at.
	To(at display.Vec2)
	// Release ends the drag where it is.
	Release()
	// Cancel drops it (Escape, another tool chosen, another level shown).
	Cancel()
}

// A Drag3D is a drag that a press in the 3D view started (a texture
// being slid along a wall): instead of To, the window sends it how far
// the pointer has moved since the press, in world units across the
// surface picked, as seen at its distance from the eye: right and up.
type Drag3D interface {
	Drag
	By(right, up float64)
}

// A Path is a gesture of several clicks, such as a polygon's corners,
// which the window sends the clicks, the pointer's moves and Enter until
// it is done.
type Path interface {
	// Click adds the point clicked; done reports that the path is over.
	Click(p Pointer) (done bool)
	// Hover follows the pointer between clicks.
	Hover(at display.Vec2)
	// Finish ends the path where it is (Enter).
	Finish()
	// Cancel drops it (Escape, another tool chosen, another level shown).
	Cancel()
}

// Pointer is where a press or click happened: the item under it, the
// map point, and the modifier keys held. In the 3D view, Hit is the
// point of the surface under the pointer and At the map point under Hit
// (a placement tool places on the floor picked).
type Pointer struct {
	ID   display.ID
	At   display.Vec2
	Mods fyne.KeyModifier
	Hit  *display.Vec3
}

// Shift reports whether Shift was held.
func (p Pointer) Shift() bool { return p.Mods&fyne.KeyModifierShift != 0 }

// View is what tools use of the map they work in.
type View interface {
	// Camera is the map view's camera.
	Camera() display.Camera2D
	// ShowPath draws a path over the map (nil: none).
	ShowPath(path []display.Vec2)
	// Status says text in the status bar.
	Status(text string)
}

// Refused is the drag of a press that a tool refused, why saying why in
// the status bar: it holds the pointer, so that the map does not pan
// under a press meant for the tool, and says why again at each move.
func Refused(v View, why string) Drag {
	v.Status(why)
	return refused{v, why}
}

type refused struct {
	v   View
	why string
}

func (r refused) To(display.Vec2) { r.v.Status(r.why) }
func (r refused) Release()        {}
func (r refused) Cancel()         {}

// pickRadius is how near, in screen pixels, the pointer must come to a
// vertex to take it.
const pickRadius = 10

// Nearest returns the index of the point, of n, nearest at and within
// pickRadius pixels on screen, or -1.
func Nearest(v View, n int, point func(i int) display.Vec2, at display.Vec2) int {
	best, limit := -1, pickRadius/v.Camera().Scale
	for i := range n {
		p := point(i)
		if d := math.Hypot(p.X-at.X, p.Y-at.Y); d <= limit {
			best, limit = i, d
		}
	}
	return best
}

// PointDragger makes t drag a point of a level's geometry: a press
// takes the point nearest the pointer (of those points lists), and each
// pointer move goes to move; the moves of one drag merge into one step
// of history. A move that move refuses takes the drag back where it
// began, with no step, until a later move is taken; so does Cancel.
func PointDragger(v View, t *Tool, history *undo.Stack, points func() (int, func(int) display.Vec2), move func(i int, at display.Vec2) error) *Tool {
	t.Press = func(p Pointer) Drag {
		n, point := points()
		if i := Nearest(v, n, point, p.At); i >= 0 {
			return &pointDrag{v: v, point: i, move: move, start: MarkHistory(history)}
		}
		return nil
	}
	return t
}

// pointDrag is the drag of one point of a level's geometry.
type pointDrag struct {
	v     View
	point int
	move  func(i int, at display.Vec2) error
	start Mark
}

func (d *pointDrag) To(at display.Vec2) {
	if err := d.move(d.point, at); err != nil {
		d.v.Status(cmp.Or(d.start.Back(), err).Error())
	}
}

func (d *pointDrag) Release() {}

func (d *pointDrag) Cancel() {
	if err := d.start.Back(); err != nil {
		d.v.Status(err.Error())
	}
}

// Mark is where a drag began in a document's history, so that a drag
// refused on its way takes back the step it made (a refused edit changes
// nothing).
type Mark struct {
	history *undo.Stack
	steps   int
}

// MarkHistory marks the start of a drag in history, whose moves from
// then on are a step of their own.
func MarkHistory(history *undo.Stack) Mark {
	history.BreakMerge()
	steps, _ := history.Steps()
	return Mark{history, steps}
}

// Back takes back the step the drag has made since its mark, if any, and
// forgets it.
func (m Mark) Back() error {
	if steps, _ := m.history.Steps(); steps > m.steps {
		_, err := m.history.Discard()
		return err
	}
	return nil
}

// Corners is a path of clicked corners, traced over the map with a line
// on to the pointer, that done takes once it is complete: a polygon's
// outline, a sector's three corners.
type Corners struct {
	View View
	// Snap moves a clicked or hovered point where the tool puts it (to a
	// grid or a vertex near it); nil keeps it.
	Snap func(at display.Vec2) display.Vec2
	// Complete reports whether the corners are all the tool takes (a
	// sector's three); nil waits for a click on the first corner or
	// Enter, once there are three.
	Complete func(corners []display.Vec2) bool
	// Done takes the finished corners.
	Done    func(corners []display.Vec2)
	corners []display.Vec2
}

func (c *Corners) snap(at display.Vec2) display.Vec2 {
	if c.Snap == nil {
		return at
	}
	return c.Snap(at)
}

// Click adds a corner, or closes the outline on its first one.
func (c *Corners) Click(p Pointer) bool {
	at := c.snap(p.At)
	if c.Complete == nil && len(c.corners) >= 3 && at == c.corners[0] {
		c.Finish()
		return true
	}
	c.corners = append(c.corners, at)
	TracePath(c.View, c.corners, nil)
	if c.Complete != nil && c.Complete(c.corners) {
		c.Finish()
		return true
	}
	return false
}

// Hover traces the line on to the pointer.
func (c *Corners) Hover(at display.Vec2) {
	at = c.snap(at)
	TracePath(c.View, c.corners, &at)
}

// Finish hands over the corners, when there are at least three.
func (c *Corners) Finish() {
	corners := c.corners
	c.Cancel()
	if len(corners) >= 3 {
		c.Done(corners)
	}
}

// Cancel drops the corners.
func (c *Corners) Cancel() {
	c.corners = nil
	c.View.ShowPath(nil)
}

// TracePath shows a path through points and on to the pointer.
func TracePath(v View, points []display.Vec2, pointer *display.Vec2) {
	path := append([]display.Vec2(nil), points...)
	if pointer != nil && len(path) > 0 {
		path = append(path, *pointer)
	}
	v.ShowPath(path)
}

// IntOption is an entry for a whole number between Lo and Hi.
type IntOption struct {
	Entry  *widget.Entry
	Lo, Hi int
}

// NewIntOption is an entry holding value, which takes whole numbers
// from lo to hi.
func NewIntOption(value, lo, hi int) *IntOption {
	o := &IntOption{Entry: widget.NewEntry(), Lo: lo, Hi: hi}
	o.Entry.SetText(strconv.Itoa(value))
	o.Entry.Validator = func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil || v < lo || v > hi {
			return fmt.Errorf("a whole number from %d to %d", lo, hi)
		}
		return nil
	}
	return o
}

// Value is the entry's number, clamped to its range.
func (o *IntOption) Value() int {
	v, _ := strconv.Atoi(o.Entry.Text)
	return max(o.Lo, min(o.Hi, v))
}

// OptionRow lays out labelled options in one row.
func OptionRow(parts ...fyne.CanvasObject) fyne.CanvasObject {
	return container.NewHBox(parts...)
}
