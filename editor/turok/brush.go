package turok

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
)

// DescribePoint gives the height of the floor at a map point, for the
// status bar: of the sector there (of stacked sectors, the one whose
// floor is nearest 0), "" over none.
func (f *session) DescribePoint(_ int, at display.Vec2) string {
	p := tcodec.Vec3{X: float32(at.X), Y: float32(at.Y)}
	s := f.d.SectorAt(p)
	if s < 0 {
		return ""
	}
	z, _ := f.d.Map.FloorAt(s, p.X, p.Y)
	return "floor " + statusUnits(z)
}

// boxVertices is the drag from empty map in the vertex and height tools
// (p's press): the vertices within the box drawn are selected on
// release, added to the selection with Shift. In 3D (no box to draw) it
// is nil, and the drag turns the view.
func (f *session) boxVertices(h game.Host, p tool.Pointer) tool.Drag {
	if p.Hit != nil {
		return nil
	}
	return &vertexBox{f: f, h: h, corners: [2]display.Vec2{p.At, p.At}, adding: p.Shift()}
}

// vertexBox is a box being drawn to select the vertices in it.
type vertexBox struct {
	f       *session
	h       game.Host
	corners [2]display.Vec2
	adding  bool
}

// To draws the box from where the drag started to at.
func (b *vertexBox) To(at display.Vec2) {
	b.corners[1] = at
	a, c := b.corners[0], b.corners[1]
	b.h.ShowPath([]display.Vec2{a, {X: c.X, Y: a.Y}, c, {X: a.X, Y: c.Y}, a})
}

// Release selects the vertices in the box; a box never drawn (a click)
// leaves the selection to the click.
func (b *vertexBox) Release() {
	b.h.ShowPath(nil)
	a, c := b.corners[0], b.corners[1]
	if a == c {
		return
	}
	var refs []document.Ref
	if s, ok := b.h.(selectionHost); ok && b.adding {
		refs = slices.Clone(s.Selection())
	}
	for i, v := range b.f.d.Map.Vertices {
		x, y := float64(v.Position.X), float64(v.Position.Y)
		r := document.Ref{Level: turokLevel, Kind: tdoc.KindVertex, Index: i}
		if x >= min(a.X, c.X) && x <= max(a.X, c.X) && y >= min(a.Y, c.Y) && y <= max(a.Y, c.Y) && !slices.Contains(refs, r) {
			refs = append(refs, r)
		}
	}
	b.h.Select(refs)
	b.h.Status(fmt.Sprintf("%d selected", len(refs)))
}

// Cancel takes the box away and selects nothing new.
func (b *vertexBox) Cancel() { b.h.ShowPath(nil) }

// Brush defaults: a radius of two of the usual 256-unit squares' sides,
// fading over its outer half.
const (
	defaultRadius  = 512
	defaultFalloff = 0.5
)

// defaultAmounts is each brush's amount until the user gives another:
// 16 units a dab to raise or lower, half strength to smooth or flatten,
// height 0 to set.
var defaultAmounts = map[tdoc.BrushOp]float32{
	tdoc.RaiseBrush: 16, tdoc.LowerBrush: 16, tdoc.SmoothBrush: 0.5, tdoc.FlattenBrush: 0.5, tdoc.SetBrush: 0,
}

// brushTool sculpts the terrain: a press and each move of the drag dab
// the brush chosen (raise, lower, smooth, flatten, set) on the floors or
// ceilings within its radius, fading over its falloff; a stroke is one
// step, which carries the actors and meshes standing on the floors it
// changes. Its Falloff (0 to 1) is the outer part of the radius over
// which the brush fades. Its key is B.
func (f *session) brushTool(h game.Host) *tool.Tool {
	c := &f.choices
	field := choice(&c.heightField, floorChoice, ceilingChoice)
	ops := make([]string, len(tdoc.BrushOps))
	for i, o := range tdoc.BrushOps {
		ops[i] = o.String()
	}
	radius, falloff, amount := widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	radius.SetText(fmt.Sprint(defaultRadius))
	falloff.SetText(fmt.Sprint(defaultFalloff))
	// Each brush keeps its own amount: units to raise by are no strength
	// to smooth with.
	if c.brushAmounts == nil {
		c.brushAmounts = map[string]string{}
	}
	amountOf := func(brush string) string {
		if a, ok := c.brushAmounts[brush]; ok {
			return a
		}
		return fmt.Sprint(defaultAmounts[tdoc.BrushOps[slices.Index(ops, brush)]])
	}
	op := widget.NewSelect(ops, nil)
	op.SetSelected(cmp.Or(c.brushOp, ops[0]))
	c.brushOp = op.Selected
	amount.SetText(amountOf(op.Selected))
	op.OnChanged = func(s string) {
		c.brushOp = s
		amount.SetText(amountOf(s))
	}
	amount.OnChanged = func(s string) { c.brushAmounts[op.Selected] = s }
	brush := func() (tdoc.Brush, error) {
		b := tdoc.Brush{Op: tdoc.BrushOps[slices.Index(ops, op.Selected)], Field: tdoc.Floor}
		if field.Selected == ceilingChoice {
			b.Field = tdoc.Ceiling
		}
		for _, n := range []struct {
			name string
			text string
			to   *float32
		}{{"Radius", radius.Text, &b.Radius}, {"Falloff", falloff.Text, &b.Falloff}, {"Amount", amount.Text, &b.Amount}} {
			v, err := number(n.name, n.text)
			if err != nil {
				return b, err
			}
			*n.to = float32(v)
		}
		return b, b.Validate()
	}
	t := &tool.Tool{Name: "Brush", Key: fyne.KeyB, Group: terrainGroup,
		Help: "drag to sculpt; Amount is units (Raise, Lower), a strength 0-1 (Smooth, Flatten) or a height (Set)",
		Options: tool.OptionRow(op, field, widget.NewLabel("Radius"), radius, widget.NewLabel("Falloff"), falloff,
			widget.NewLabel("Amount"), amount),
		LevelShown: func() { showLayer(h, scene.VerticesLayer) }}
	t.Hover = func(at display.Vec2) {
		if b, err := brush(); err == nil {
			showBrush(h, at, b.Radius)
		}
	}
	t.Press = func(p tool.Pointer) tool.Drag {
		b, err := brush()
		if err != nil {
			return tool.Refused(h, err.Error())
		}
		d := &brushDrag{f: f, h: h, b: b, name: op.Selected + " " + field.Selected, start: tool.MarkHistory(f.d.History)}
		f.holdColours(true)
		d.dab(p.At)
		return d
	}
	return t
}

// brushDrag is a brush stroke: a dab at the press, and another each time
// the pointer has moved a quarter of the radius from the last one.
type brushDrag struct {
	f     *session
	h     game.Host
	b     tdoc.Brush
	name  string // the brush and field chosen: "Raise Floor"
	last  display.Vec2
	dabs  int
	start tool.Mark
}

// dab applies the brush at at, and says what it did or why not.
func (d *brushDrag) dab(at display.Vec2) {
	d.last = at
	d.showBrush(at)
	under, err := d.f.d.Dab(d.b, float32(at.X), float32(at.Y))
	if err != nil {
		d.h.Status(err.Error())
		return
	}
	d.dabs++
	d.h.Status(fmt.Sprintf("%s: %d dabs, %d vertices under the last", d.name, d.dabs, len(under)))
}

// showBrush draws the brush's edge around at.
func (d *brushDrag) showBrush(at display.Vec2) { showBrush(d.h, at, d.b.Radius) }

// showBrush draws the edge of a brush of radius around at.
func showBrush(h game.Host, at display.Vec2, radius float32) {
	const sides = 32
	ring := make([]display.Vec2, sides+1)
	for k := range ring {
		a := 2 * math.Pi * float64(k) / sides
		ring[k] = display.Vec2{X: at.X + float64(radius)*math.Cos(a), Y: at.Y + float64(radius)*math.Sin(a)}
	}
	h.ShowPath(ring)
}

// To dabs again once the pointer is a quarter of the radius from the
// last dab, and moves the brush's edge with it.
func (d *brushDrag) To(at display.Vec2) {
	if math.Hypot(at.X-d.last.X, at.Y-d.last.Y) < float64(d.b.Radius)/4 {
		d.showBrush(at)
		return
	}
	d.dab(at)
}

// Release ends the stroke (the window breaks the merge: the next stroke
// is another step). The brush's edge stays under the pointer, which the
// tool's Hover follows from there.
func (d *brushDrag) Release() {
	d.f.endStroke(d.h)
}

// Cancel takes the stroke back.
func (d *brushDrag) Cancel() {
	d.h.ShowPath(nil)
	if err := d.start.Back(); err != nil {
		d.h.Status(err.Error())
	}
	d.f.endStroke(d.h)
}

// holdColours holds the floor colours' span of the scene drawn, or lets
// it go.
func (f *session) holdColours(on bool) {
	if f.drawn != nil {
		f.drawn.held = on
	}
}

// endStroke lets the floor colours' span go at the end of a stroke, and
// has the window build the scene again, in new colours and with a new
// legend, when the floors now need another span.
func (f *session) endStroke(h game.Host) {
	f.holdColours(false)
	if t := f.drawn; t != nil && t.respan(t.heights()) {
		h.Retool()
	}
}
