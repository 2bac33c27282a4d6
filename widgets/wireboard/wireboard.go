// Package wireboard shows wires between two columns of pins and lets the
// user move a wire's end to another pin, by dragging it or by tapping
// the two pins.
package wireboard

import (
	"fmt"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Board shows wires: Wires[i] is wire i's left and right pin.
type Board struct {
	widget.BaseWidget
	// OnMove is called when the user moves a wire end on one side from
	// pin from to pin to.
	OnMove func(right bool, from, to int)

	pins   int
	wires  [][2]int
	picked *[2]int // a tapped end waiting for its pin: side (1 right), pin
	drag   fyne.Position
	from   *[2]int // the end a drag started on
	box    *fyne.Container
}

// New returns an empty board.
func New() *Board {
	b := &Board{box: container.NewWithoutLayout()}
	b.ExtendBaseWidget(b)
	return b
}

// Set shows wires on pins pins a side.
func (b *Board) Set(pins int, wires [][2]int) {
	b.pins, b.wires, b.picked = pins, wires, nil
	b.redraw()
}

const (
	pinGap    = 40
	pinRadius = 9
	width     = 300
)

// PinAt is where pin on a side (right or left) is drawn.
func PinAt(right bool, pin int) fyne.Position {
	x := float32(40)
	if right {
		x = width - 40
	}
	return fyne.NewPos(x, float32(30+pin*pinGap))
}

// wireColours tell the wires apart.
var wireColours = []color.NRGBA{{0xE0, 0x50, 0x50, 0xFF}, {0x50, 0xB0, 0xE0, 0xFF}, {0xE0, 0xC0, 0x40, 0xFF},
	{0x60, 0xD0, 0x70, 0xFF}, {0xC0, 0x70, 0xE0, 0xFF}, {0xF0, 0x90, 0x40, 0xFF}, {0xA0, 0xA0, 0xA0, 0xFF}, {0xF0, 0xF0, 0xF0, 0xFF}}

func (b *Board) redraw() {
	var objects []fyne.CanvasObject
	for i, w := range b.wires {
		l := canvas.NewLine(wireColours[i%len(wireColours)])
		l.StrokeWidth = 4
		l.Position1, l.Position2 = PinAt(false, w[0]), PinAt(true, w[1])
		objects = append(objects, l)
	}
	for side := range 2 {
		for pin := range b.pins {
			c := canvas.NewCircle(color.NRGBA{0x30, 0x30, 0x38, 0xFF})
			c.StrokeColor, c.StrokeWidth = color.NRGBA{0xB0, 0xB0, 0xB0, 0xFF}, 2
			if b.picked != nil && *b.picked == [2]int{side, pin} {
				c.StrokeColor = color.NRGBA{0xFF, 0xD0, 0x40, 0xFF}
			}
			at := PinAt(side == 1, pin)
			c.Move(at.SubtractXY(pinRadius, pinRadius))
			c.Resize(fyne.NewSize(2*pinRadius, 2*pinRadius))
			objects = append(objects, c)
			label := canvas.NewText(fmt.Sprint(pin+1), color.NRGBA{0xC0, 0xC0, 0xC0, 0xFF})
			label.TextSize = 11
			label.Move(at.AddXY(float32(2*side-1)*24-4, -8))
			objects = append(objects, label)
		}
	}
	b.box.Objects = objects
	b.Refresh()
}

// pinNear is the side and pin within reach of p.
func (b *Board) pinNear(p fyne.Position) (side, pin int, ok bool) {
	for side := range 2 {
		for pin := range b.pins {
			at := PinAt(side == 1, pin)
			if math.Hypot(float64(p.X-at.X), float64(p.Y-at.Y)) <= 2*pinRadius {
				return side, pin, true
			}
		}
	}
	return 0, 0, false
}

// Tapped picks a wire end, or puts the picked end on the pin tapped.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	side, pin, ok := b.pinNear(ev.Position)
	switch {
	case !ok:
		b.picked = nil
	case b.picked == nil:
		b.picked = &[2]int{side, pin}
	case b.picked[0] == side && b.picked[1] != pin:
		from := b.picked[1]
		b.picked = nil
		b.move(side == 1, from, pin)
	default:
		b.picked = &[2]int{side, pin}
	}
	b.redraw()
}

// Dragged follows a wire end from the pin the drag started on; DragEnd
// puts it down.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if b.from == nil {
		start := ev.Position.Subtract(ev.Dragged)
		if side, pin, ok := b.pinNear(start); ok {
			b.from = &[2]int{side, pin}
		}
	}
	b.drag = ev.Position
}

// DragEnd moves the dragged wire end to the pin the drag ends on.
func (b *Board) DragEnd() {
	from := b.from
	b.from = nil
	if from == nil {
		return
	}
	if side, pin, ok := b.pinNear(b.drag); ok && side == from[0] && pin != from[1] {
		b.move(side == 1, from[1], pin)
	}
}

func (b *Board) move(right bool, from, to int) {
	if b.OnMove != nil {
		b.OnMove(right, from, to)
	}
}

// MinSize fits the board's pins.
func (b *Board) MinSize() fyne.Size {
	return fyne.NewSize(width, float32(30+max(b.pins, 1)*pinGap))
}

// CreateRenderer draws the board.
func (b *Board) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(b.box) }
