package marathon

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// Tools are Marathon's tools: draw polygons, drag endpoints, place objects.
func (f *session) Tools(h game.Host) []*tool.Tool {
	return []*tool.Tool{f.drawTool(h), f.endpointTool(h), f.placeTool(h)}
}

// drawTool draws a polygon: a click adds a corner (snapped to the grid,
// or to an endpoint near it), a click on the first corner or Enter
// closes it, Escape drops it.
func (f *session) drawTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Draw polygon", MapPoint: true, Key: fyne.KeyD,
		Help: "click the corners; click the first one again or press Enter to close, Escape to drop"}
	t.Click = func(p tool.Pointer) tool.Path {
		outline := &tool.Corners{View: h, Snap: func(at viewport.Vec2) viewport.Vec2 { return f.snapPoint(h, at) },
			Done: func(corners []viewport.Vec2) {
				points := make([]mcodec.Point, len(corners))
				for i, c := range corners {
					points[i] = mcodec.Point{X: clamp16(c.X), Y: clamp16(c.Y)}
				}
				if _, err := f.d.DrawPolygon(h.Level(), points); err != nil {
					h.ShowError(err)
				}
			}}
		outline.Click(p)
		return outline
	}
	return t
}

// snapPoint is the endpoint near at, or else the grid point nearest at
// (when snapping is on).
func (f *session) snapPoint(h game.Host, at viewport.Vec2) viewport.Vec2 {
	n, endpoint := f.endpoints(h.Level())
	if i := tool.Nearest(h, n, endpoint, at); i >= 0 {
		return endpoint(i)
	}
	return h.Snap(at)
}

// endpoints is how many endpoints level has, and where each is.
func (f *session) endpoints(level int) (int, func(i int) viewport.Vec2) {
	l := f.d.Levels[level]
	return len(l.Endpoints) + len(l.Points), func(i int) viewport.Vec2 {
		p, _ := l.Vertex(uint16(i))
		return viewport.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
}

// endpointTool drags an endpoint; its lines and polygons follow.
func (f *session) endpointTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Endpoints", Key: fyne.KeyE, Help: "drag an endpoint (a corner) to move it"}
	return tool.PointDragger(h, t, func() (int, func(int) viewport.Vec2) { return f.endpoints(h.Level()) },
		func(i int, at viewport.Vec2) error {
			at = h.Snap(at)
			return f.d.MoveEndpoint(h.Level(), i, mcodec.Point{X: clamp16(at.X), Y: clamp16(at.Y)})
		})
}

// placeTool places an object of the chosen type and index at a click;
// monsters and items are chosen by name where the game's names are
// known.
func (f *session) placeTool(h game.Host) *tool.Tool {
	kind := widget.NewSelect(mcodec.ObjectTypeNames, nil)
	index := tool.NewIntOption(0, 0, 255)
	named := widget.NewSelect(nil, nil)
	indexBox := container.NewStack()
	names := func() []string { return f.d.Levels[h.Level()].ObjectNames(int16(kind.SelectedIndex())) }
	// showIndex offers the chosen type's names, or a number where it has none.
	showIndex := func() {
		if h.Scene() == nil {
			return
		}
		indexBox.Objects = []fyne.CanvasObject{index.Entry}
		if n := names(); n != nil {
			named.Options = n
			named.SetSelectedIndex(0)
			indexBox.Objects = []fyne.CanvasObject{named}
		}
		indexBox.Refresh()
	}
	kind.OnChanged = func(string) { showIndex() }
	kind.SetSelectedIndex(0)
	facing := newFacingOption()
	t := &tool.Tool{Name: "Place object", MapPoint: true, Key: fyne.KeyO, Help: "click in a polygon to place an object there",
		Options: tool.OptionRow(widget.NewLabel("Type"), kind, widget.NewLabel("Index"), indexBox,
			widget.NewLabel("Facing (°)"), facing),
		LevelShown: showIndex}
	t.Click = func(p tool.Pointer) tool.Path {
		i := index.Value()
		if names() != nil {
			i = named.SelectedIndex()
		}
		angle, err := facingValue(facing.Text)
		if err != nil {
			h.ShowError(err)
			return nil
		}
		o := mcodec.Object{Type: int16(kind.SelectedIndex()), Index: int16(i), Facing: angle,
			X: clamp16(p.At.X), Y: clamp16(p.At.Y)}
		placed, err := f.d.PlaceObject(h.Level(), o)
		game.Placed(h, document.Ref{Level: h.Level(), Kind: mdoc.KindObject, Index: placed}, err)
		return nil
	}
	return t
}

// newFacingOption is the entry of a facing in degrees.
func newFacingOption() *widget.Entry {
	e := widget.NewEntry()
	e.SetText("0")
	e.Validator = func(s string) error {
		_, err := facingValue(s)
		return err
	}
	return e
}

// facingValue is the facing typed in degrees, from 0 to under 360, as
// the game stores it (512 a turn), or why it cannot be stored exactly.
func facingValue(s string) (int16, error) {
	shown, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, fmt.Errorf("facing: %q is not a number of degrees", s)
	}
	if shown < 0 || shown >= 360 {
		return 0, fmt.Errorf("facing: %s° is outside 0 to under 360°", s)
	}
	v, err := degrees.Stored(shown, true)
	if err != nil {
		return 0, fmt.Errorf("facing: %w", err)
	}
	return int16(v), nil
}
