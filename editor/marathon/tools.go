package marathon

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// Tools are Marathon's tools, in groups (toolGroups): draw polygons,
// drag endpoints and the geometry tools; place objects and annotations;
// paint polygons' heights, lights, liquids and sounds, and align wall
// textures; and, in a file that holds physics, edit them. A file without a level to draw (a
// physics wad) has none: the window shows its physics editor (see
// Overview).
func (f *session) Tools(h game.Host) []*tool.Tool {
	if len(f.Levels()) == 0 {
		return nil
	}
	shape := append([]*tool.Tool{f.drawTool(h), f.endpointTool(h)}, f.geometryTools(h)...)
	groups := [][]*tool.Tool{shape, {f.placeTool(h), f.noteTool(h)}, {f.paintTool(h), f.alignTool(h)}, f.physicsTools(h)}
	var tools []*tool.Tool
	for i, g := range groups {
		for _, t := range g {
			t.Group = toolGroups[i]
			tools = append(tools, t)
		}
	}
	return tools
}

// toolGroups name the toolbar groups of Tools.
var toolGroups = []string{"shape", "place", "paint", "data"}

// drawTool draws a polygon: a click adds a corner (snapped to the grid,
// or to an endpoint near it), a click on the first corner or Enter
// closes it, Escape drops it.
func (f *session) drawTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Draw polygon", Key: fyne.KeyD,
		Help: "click the corners; click the first one again or press Enter to close, Escape to drop"}
	t.Click = func(p tool.Pointer) tool.Path {
		outline := &tool.Corners{View: h, Snap: func(at display.Vec2) display.Vec2 { return f.snapPoint(h, at) },
			Done: func(corners []display.Vec2) {
				points := make([]mcodec.Point, len(corners))
				for i, c := range corners {
					if err := offMap(c); err != nil {
						h.Status("Draw polygon: " + err.Error())
						return
					}
					points[i] = mapPoint(c)
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
func (f *session) snapPoint(h game.Host, at display.Vec2) display.Vec2 {
	n, endpoint := f.endpoints(h.Level())
	if i := tool.Nearest(h, n, endpoint, at); i >= 0 {
		return endpoint(i)
	}
	return h.Snap(at)
}

// endpoints is how many endpoints level has, and where each is.
func (f *session) endpoints(level int) (int, func(i int) display.Vec2) {
	l := f.d.Levels[level]
	return len(l.Endpoints) + len(l.Points), func(i int) display.Vec2 {
		p, _ := l.Vertex(uint16(i))
		return display.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
}

// endpointTool drags an endpoint; its lines and polygons follow.
func (f *session) endpointTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Endpoints", Key: fyne.KeyE, Help: "drag an endpoint (a corner) to move it"}
	return tool.PointDragger(h, t, f.d.History, func() (int, func(int) display.Vec2) { return f.endpoints(h.Level()) },
		func(i int, at display.Vec2) error {
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
	t := &tool.Tool{Name: "Place object", Key: fyne.KeyO, Help: "click in a polygon to place an object there",
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
// the game stores it (512 a turn, the nearest step), or why it is not a
// facing.
func facingValue(s string) (int16, error) {
	shown, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, fmt.Errorf("facing: %q is not a number of degrees", s)
	}
	if shown < 0 || shown >= 360 {
		return 0, fmt.Errorf("facing: %s° is outside 0 to under 360°", s)
	}
	return int16(degrees.Stored(shown, true)) % 512, nil
}

// textureRepeat is the world units over which a wall texture repeats,
// which a side's texture offsets count in.
const textureRepeat = 1024

// splitSide is the type of a side that shows two steps, its primary
// texture on the upper one and its secondary on the lower
// (mcodec.SideTypeNames).
const splitSide = 4

// alignTool slides a wall's texture: a press on a wall in 3D and a drag
// move the texture of the surface pressed with the pointer, as one undo
// step; a click selects the side. Its button aligns the side last
// pressed with its neighbour along the wall.
func (f *session) alignTool(h game.Host) *tool.Tool {
	var last *wallSurface // the surface last pressed
	align := widget.NewButton("Align with neighbour", func() {
		if last == nil || last.level != h.Level() {
			h.Status("Texture align: press a wall in the 3D view first")
			return
		}
		if err := alignWithNeighbour(f.d, last.level, last.side); err != nil {
			h.Status(err.Error())
		}
	})
	t := &tool.Tool{Name: "Texture align", Key: fyne.KeyX,
		Help:    "in the 3D view, drag a wall to slide its texture; click one to select its side",
		Options: tool.OptionRow(widget.NewLabel("In 3D, drag a wall to slide its texture"), align)}
	surface := func(p tool.Pointer) *wallSurface {
		r, ok := h.Scene().Ref(p.ID)
		if !ok || p.Hit == nil {
			return nil
		}
		w, err := f.wallAt(h.Level(), r, p.Hit.Z)
		if err != nil {
			h.Status(err.Error())
			return nil
		}
		last = &w
		return &w
	}
	t.Press = func(p tool.Pointer) tool.Drag {
		w := surface(p)
		if w == nil {
			return nil
		}
		return &textureSlide{f: f, h: h, wall: *w, from: *w.texture(&f.d.Levels[w.level].Sides[w.side])}
	}
	t.Click = func(p tool.Pointer) tool.Path {
		if w := surface(p); w != nil {
			h.Select([]document.Ref{{Level: w.level, Kind: mdoc.KindSide, Index: w.side}})
		}
		return nil
	}
	return t
}

// A wallSurface is a surface of a side: its primary texture, or its
// secondary one.
type wallSurface struct {
	level, side int
	secondary   bool
}

// texture is the surface's texture of s, its side.
func (w wallSurface) texture(s *mcodec.Side) *mcodec.SideTexture {
	if w.secondary {
		return &s.Secondary
	}
	return &s.Primary
}

// wallAt is the surface of the wall r (a line, or a side) that the 3D
// view shows at height z: a step between two polygons' floors is seen
// from the lower one, a step between their ceilings from the higher,
// and a split side's lower step is its secondary texture.
func (f *session) wallAt(level int, r document.Ref, z float64) (wallSurface, error) {
	l := f.d.Levels[level]
	line, want := -1, -1 // the line, and the polygon whose side is wanted (-1: from z)
	switch r.Kind {
	case mdoc.KindLine:
		line = r.Index
	case mdoc.KindSide:
		if r.Index >= len(l.Sides) {
			return wallSurface{}, fmt.Errorf("texture align: level %d has no side %d", level, r.Index)
		}
		w, ok := sideEdge(l, r.Index)
		if !ok {
			return wallSurface{}, fmt.Errorf("texture align: side %d of level %d stands on no line of its polygon", r.Index, level)
		}
		line, want = w.line, w.polygon
	default:
		return wallSurface{}, fmt.Errorf("texture align: a %s has no wall texture; press a wall", r.Kind)
	}
	if line < 0 || line >= len(l.Lines) {
		return wallSurface{}, fmt.Errorf("texture align: level %d has no line %d", level, line)
	}
	ln := l.Lines[line]
	var polys []int
	for _, p := range []uint16{ln.ClockwisePoly, ln.CCWPoly} {
		if int(p) < len(l.Polygons) {
			polys = append(polys, int(p))
		}
	}
	if len(polys) == 0 {
		return wallSurface{}, fmt.Errorf("texture align: line %d has no polygon", line)
	}
	lower := false // the point is on the step between the floors
	if len(polys) == 2 {
		a, b := l.Polygons[polys[0]], l.Polygons[polys[1]]
		lower = z < float64(max(a.FloorHeight, b.FloorHeight)+min(a.CeilingHeight, b.CeilingHeight))/2
		seenFrom := polys[0]
		if lower && b.FloorHeight < a.FloorHeight || !lower && b.CeilingHeight > a.CeilingHeight {
			seenFrom = polys[1]
		}
		if want < 0 {
			want = seenFrom
		}
	} else if want < 0 {
		want = polys[0]
	}
	side := ln.CCWSide
	if int(ln.ClockwisePoly) == want {
		side = ln.ClockwiseSide
	}
	if int(side) >= len(l.Sides) {
		return wallSurface{}, fmt.Errorf("texture align: line %d has no side on polygon %d", line, want)
	}
	return wallSurface{level: level, side: int(side), secondary: lower && l.Sides[side].Type == splitSide}, nil
}

// textureSlide is a drag of a wall's texture: the texture follows the
// pointer across the wall, its offsets in world units from where they
// were at the press, wrapped to one repeat; the steps merge into one.
type textureSlide struct {
	f    *session
	h    game.Host
	wall wallSurface
	from mcodec.SideTexture
}

// By slides the texture right and up by the world units the pointer
// moved.
func (s *textureSlide) By(right, up float64) {
	x, y := slid(s.from.X, -right), slid(s.from.Y, up)
	err := s.f.d.Gesture("Slide texture", "slide-texture", func() error {
		return s.f.d.EditSides(s.wall.level, []int{s.wall.side}, func(sd *mcodec.Side) {
			t := s.wall.texture(sd)
			t.X, t.Y = x, y
		})
	})
	if err != nil {
		s.h.Status(err.Error())
	}
}

// To does nothing: a texture slides only in 3D, by By.
func (s *textureSlide) To(display.Vec2) {}
func (s *textureSlide) Release()        {}
func (s *textureSlide) Cancel()         {}

// slid is offset v moved by d world units, within one repeat; an offset
// that does not move keeps its stored value, even outside one repeat (a
// drag across a wall leaves the offset up it as the file has it).
func slid(v int16, d float64) int16 {
	if math.Round(d) == 0 {
		return v
	}
	return wrapOffset(float64(v) + d)
}

// wrapOffset is a texture offset of v world units, within one repeat.
func wrapOffset(v float64) int16 {
	return int16(math.Mod(math.Mod(math.Round(v), textureRepeat)+textureRepeat, textureRepeat))
}
