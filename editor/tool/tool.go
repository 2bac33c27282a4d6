// Package tool holds what the editor's tools are made of: the Tool a
// toolbar button chooses, the pointer it is given, and the building
// blocks several games' tools share (dragging a point, picking the
// nearest one, number options).
package tool

import (
	"fmt"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/widgets/viewport"
)

// A Tool turns the pointer's gestures in the map into selections and
// undo commands. Any of its functions may be nil.
type Tool struct {
	Name string
	Key  fyne.KeyName // its shortcut: a letter typed over the map
	Help string       // what the status bar says when it is chosen
	// MapPoint is set for tools that act at the map point clicked, which
	// the 3D views do not give: they work in the map only.
	MapPoint bool
	// Press is a left press; it returns whether the tool takes the drag
	// that follows (else the drag pans). While it drags, the window
	// checks the level again only when the drag ends.
	Press   func(p Pointer) bool
	Drag    func(at viewport.Vec2)
	Release func()
	// Click is a press and release without a drag.
	Click func(p Pointer)
	// Hover follows the pointer over the map.
	Hover func(at viewport.Vec2)
	// Enter finishes a gesture under way, when Enter is typed.
	Enter func()
	// Cancel drops a gesture under way, when another tool is chosen or
	// Escape is typed, and reports whether there was one.
	Cancel func() bool
	// Options is shown under the toolbar while the tool is chosen.
	Options fyne.CanvasObject
	// LevelShown brings the options up to date with the level shown,
	// when the tool is chosen and when another level is shown.
	LevelShown func()
}

// Pointer is where a press or click happened: the item under it, the
// map point, and the modifier keys held.
type Pointer struct {
	ID   viewport.ID
	At   viewport.Vec2
	Mods fyne.KeyModifier
}

// Shift reports whether Shift was held.
func (p Pointer) Shift() bool { return p.Mods&fyne.KeyModifierShift != 0 }

// View is what tools use of the map they work in.
type View interface {
	// Camera is the map view's camera.
	Camera() viewport.Camera2D
	// ShowPath draws a path over the map (nil: none).
	ShowPath(path []viewport.Vec2)
	// Status says text in the status bar.
	Status(text string)
}

// pickRadius is how near, in screen pixels, the pointer must come to a
// vertex to take it.
const pickRadius = 10

// Nearest returns the index of the point, of n, nearest at and within
// pickRadius pixels on screen, or -1.
func Nearest(v View, n int, point func(i int) viewport.Vec2, at viewport.Vec2) int {
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
// pointer move goes to move; the moves of one drag merge into one step.
func PointDragger(v View, t *Tool, points func() (int, func(int) viewport.Vec2), move func(i int, at viewport.Vec2) error) *Tool {
	moving := -1
	t.Press = func(p Pointer) bool {
		n, point := points()
		moving = Nearest(v, n, point, p.At)
		return moving >= 0
	}
	t.Drag = func(at viewport.Vec2) {
		if moving < 0 {
			return
		}
		if err := move(moving, at); err != nil {
			v.Status(err.Error())
		}
	}
	t.Release = func() { moving = -1 }
	t.Cancel = func() bool {
		had := moving >= 0
		moving = -1
		return had
	}
	return t
}

// TracePath shows a path through points and on to the pointer.
func TracePath(v View, points []viewport.Vec2, pointer *viewport.Vec2) {
	path := append([]viewport.Vec2(nil), points...)
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
