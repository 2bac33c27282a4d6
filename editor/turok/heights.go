package turok

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// selectionHost is a Host that tells what is selected, as the editor's
// window does; the height tool's buttons act on it.
type selectionHost interface {
	Selection() []document.Ref
}

// The height tool's choices: which height a drag or button changes, and
// what a click selects.
const (
	floorChoice    = "Floor"
	ceilingChoice  = "Ceiling"
	verticesChoice = "Vertices"
	sectorsChoice  = "Sectors"
)

// defaultStrength is how far a smoothing moves a height toward its
// neighbours' mean, to start with.
const defaultStrength = 0.5

// selectedVertices are the vertices selected and the corners of the
// sectors selected, once each, in the order selected.
func (f *session) selectedVertices(h game.Host) []int {
	s, ok := h.(selectionHost)
	if !ok {
		return nil
	}
	var out []int
	add := func(v int) {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for _, r := range s.Selection() {
		switch {
		case r.Kind == tdoc.KindVertex && r.Index < len(f.d.Map.Vertices):
			add(r.Index)
		case r.Kind == tdoc.KindSector && r.Index < len(f.d.Map.Sectors):
			for _, v := range f.d.Map.Sectors[r.Index].Vertices {
				add(int(v))
			}
		}
	}
	return out
}

// heightTool raises and lowers vertices: a drag up or down from a vertex
// moves its floor (or ceiling) a world unit per pixel, and the other
// selected vertices' with it when it is one of them; a drag from empty
// map selects the vertices in a box (Shift adds them); a click selects
// the vertex near it, or in sector mode the sector under it (Shift adds or
// removes). Its options set the selection's heights to a typed one, and
// smooth or flatten them. Chosen, it shows the vertices (the Vertices
// layer). Its key is H.
func (f *session) heightTool(h game.Host) *tool.Tool {
	c := &f.choices
	field := choice(&c.heightField, floorChoice, ceilingChoice)
	pick := choice(&c.heightPick, verticesChoice, sectorsChoice)
	height := widget.NewEntry()
	height.SetText("0")
	strength := widget.NewEntry()
	strength.SetText(strconv.FormatFloat(defaultStrength, 'f', -1, 64))
	current := func() tdoc.HeightField {
		if field.Selected == ceilingChoice {
			return tdoc.Ceiling
		}
		return tdoc.Floor
	}
	act := func(edit func(vertices []int) error) func() {
		return func() {
			vertices := f.selectedVertices(h)
			if len(vertices) == 0 {
				h.Status("select vertices or sectors first")
				return
			}
			if err := edit(vertices); err != nil {
				h.ShowError(err)
			}
		}
	}
	set := widget.NewButton("Set", act(func(vertices []int) error {
		v, err := number("Height", height.Text)
		if err != nil {
			return err
		}
		return f.d.SetVertexHeights(vertices, current(), float32(v))
	}))
	smooth := widget.NewButton("Smooth", act(func(vertices []int) error {
		s, err := number("Strength", strength.Text)
		if err != nil {
			return err
		}
		return f.d.SmoothVertices(vertices, current(), float32(s))
	}))
	flatten := widget.NewButton("Flatten", act(func(vertices []int) error { return f.d.FlattenVertices(vertices, current()) }))
	t := &tool.Tool{Name: "Heights", Key: fyne.KeyH, Group: terrainGroup,
		Help: "drag a vertex up or down to raise or lower it (with the selection); click to select vertices or sectors, drag a box to select vertices",
		Options: tool.OptionRow(field, pick, widget.NewLabel("Height"), height, set,
			widget.NewLabel("Strength"), strength, smooth, flatten),
		LevelShown: func() { showLayer(h, scene.VerticesLayer) }}
	t.Press = func(p tool.Pointer) tool.Drag {
		i := tool.Nearest(h, len(f.d.Map.Vertices), f.vertex, p.At)
		if i < 0 {
			return f.boxVertices(h, p)
		}
		vertices := []int{i}
		if selected := f.selectedVertices(h); slices.Contains(selected, i) {
			vertices = selected
		}
		return &heightDrag{f: f, h: h, vertices: vertices, field: current(), from: p.At.Y, start: tool.MarkHistory(f.d.History)}
	}
	t.Click = func(p tool.Pointer) tool.Path {
		f.selectAt(h, p, pick.Selected == sectorsChoice)
		return nil
	}
	return t
}

// choice is a row of radio buttons of options, the first chosen to
// start with, whose choice is kept in *kept (and taken from it when it
// holds one of them).
func choice(kept *string, options ...string) *widget.RadioGroup {
	r := widget.NewRadioGroup(options, nil)
	r.Horizontal, r.Required = true, true
	if !slices.Contains(options, *kept) {
		*kept = options[0]
	}
	r.SetSelected(*kept)
	r.OnChanged = func(s string) { *kept = s }
	return r
}

// pickAt is the vertex near at, or with sectors set the sector under it.
func (f *session) pickAt(h game.Host, at display.Vec2, sectors bool) (document.Ref, bool) {
	if sectors {
		s := f.d.SectorAt(tcodec.Vec3{X: float32(at.X), Y: float32(at.Y)})
		return document.Ref{Level: turokLevel, Kind: tdoc.KindSector, Index: s}, s >= 0
	}
	i := tool.Nearest(h, len(f.d.Map.Vertices), f.vertex, at)
	return document.Ref{Level: turokLevel, Kind: tdoc.KindVertex, Index: i}, i >= 0
}

// number reads a typed number for the option named name.
func number(name, text string) (float64, error) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a number", name, text)
	}
	return v, nil
}

// heightDrag raises vertices by how far the pointer moved up since the
// press, a world unit per pixel on screen, rounded to whole units. A
// raise refused (a height past the engine's range) takes the drag back
// where it began, with no step; so does Cancel.
type heightDrag struct {
	f        *session
	h        game.Host
	vertices []int
	field    tdoc.HeightField
	from     float64 // the map Y pressed
	raised   float64 // the raise done so far
	start    tool.Mark
}

func (d *heightDrag) To(at display.Vec2) {
	by := math.Round((at.Y - d.from) * d.h.Camera().Scale)
	if by == d.raised {
		return
	}
	if err := d.f.d.RaiseVertices(d.vertices, d.field, float32(by-d.raised)); err != nil {
		d.h.Status(cmp.Or(d.back(), err).Error())
		return
	}
	d.raised = by
	d.h.Status(fmt.Sprintf("%s raised by %s", vertexCount(d.vertices), statusUnits(float32(by))))
}

// back takes back the drag's step, if it has made one: the vertices
// are raised by nothing.
func (d *heightDrag) back() error {
	d.raised = 0
	return d.start.Back()
}

func (d *heightDrag) Release() {}

func (d *heightDrag) Cancel() {
	if err := d.back(); err != nil {
		d.h.Status(err.Error())
	}
}

// vertexCount names one vertex or counts several: "Vertex 3", "4
// vertices".
func vertexCount(indexes []int) string {
	if len(indexes) == 1 {
		return fmt.Sprintf("Vertex %d", indexes[0])
	}
	return fmt.Sprintf("%d vertices", len(indexes))
}

// inspectVertices is the inspector's section for vertices: their floor
// and ceiling heights, where they stand, and the smooth and flatten
// brushes.
func (f *session) inspectVertices(h game.Host, indexes []int) []inspect.Section {
	vertices := inspect.Pick(f.d.Map.Vertices, indexes)
	brush := func(label string, edit func() error) propgrid.Field {
		return propgrid.Field{Label: label, Action: &propgrid.Action{Label: label, Do: func() {
			if err := edit(); err != nil {
				h.ShowError(err)
			}
		}}}
	}
	return []inspect.Section{{Title: vertexCount(indexes), Fields: []propgrid.Field{
		f.heightField("Floor (Position.Z)", vertices, indexes, tdoc.Floor),
		f.heightField("Ceiling (Height)", vertices, indexes, tdoc.Ceiling),
		coordinate("X", vertices, func(v tcodec.Vertex) float32 { return v.Position.X }),
		coordinate("Y", vertices, func(v tcodec.Vertex) float32 { return v.Position.Y }),
		brush("Flatten floors", func() error { return f.d.FlattenVertices(indexes, tdoc.Floor) }),
		brush("Smooth floors", func() error { return f.d.SmoothVertices(indexes, tdoc.Floor, defaultStrength) }),
	}}}
}

// heightField is the field of the vertices' heights of field, in world
// units; a typed height sets every one of them, as one step.
func (f *session) heightField(label string, vertices []tcodec.Vertex, indexes []int, field tdoc.HeightField) propgrid.Field {
	n := coordinate(label, vertices, func(v tcodec.Vertex) float32 { return *field.Of(&v) })
	n.Number.Set = func(v float64) error { return f.d.SetVertexHeights(indexes, field, float32(v)) }
	return n
}

// coordinate is a read-only field of the vertices' coordinate at, in
// world units, within the engine's range.
func coordinate(label string, vertices []tcodec.Vertex, at func(tcodec.Vertex) float32) propgrid.Field {
	n := &propgrid.Number{Value: float64(at(vertices[0])), Single: true, Unit: worldUnits, Min: -tcodec.MaxCoordinate, Max: tcodec.MaxCoordinate}
	for _, v := range vertices {
		n.Mixed = n.Mixed || at(v) != at(vertices[0])
	}
	return propgrid.Field{Label: label, Number: n}
}
