package editor

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	scodec "github.com/levelwright/levelwright/codecs/shock"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// pickRadius is how near, in screen pixels, the pointer must come to a
// vertex to take it.
const pickRadius = 10

// nearest returns the index of the point, of n, nearest at and within
// pickRadius pixels on screen, or -1.
func (e *Editor) nearest(n int, point func(i int) viewport.Vec2, at viewport.Vec2) int {
	best, limit := -1, pickRadius/e.view.Camera().Scale
	for i := range n {
		p := point(i)
		if d := math.Hypot(p.X-at.X, p.Y-at.Y); d <= limit {
			best, limit = i, d
		}
	}
	return best
}

// placed selects what a placement tool made, or says why it could not.
func (e *Editor) placed(level int, kind string, index int, err error) {
	if err != nil {
		e.status.SetText(err.Error())
		return
	}
	e.SetSelection(refs(level, kind, index))
}

// pointDragger makes t drag a point of a level's geometry: a press
// takes the point nearest the pointer (of those points lists), and each
// pointer move goes to move; the moves of one drag merge into one step.
func (e *Editor) pointDragger(t *tool, points func() (int, func(int) viewport.Vec2), move func(i int, at viewport.Vec2) error) *tool {
	moving := -1
	t.press = func(p pointer) bool {
		n, point := points()
		moving = e.nearest(n, point, p.at)
		e.dragging = moving >= 0
		return moving >= 0
	}
	t.drag = func(at viewport.Vec2) {
		if moving < 0 {
			return
		}
		if err := move(moving, at); err != nil {
			e.status.SetText(err.Error())
		}
	}
	t.release = func() { moving = -1 }
	t.cancel = func() bool {
		had := moving >= 0
		moving = -1
		return had
	}
	return t
}

// intOption is an entry for a whole number between lo and hi, labelled.
type intOption struct {
	entry  *widget.Entry
	lo, hi int
}

func newIntOption(value, lo, hi int) *intOption {
	o := &intOption{entry: widget.NewEntry(), lo: lo, hi: hi}
	o.entry.SetText(strconv.Itoa(value))
	o.entry.Validator = func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil || v < lo || v > hi {
			return fmt.Errorf("a whole number from %d to %d", lo, hi)
		}
		return nil
	}
	return o
}

// value is the entry's number, clamped to its range.
func (o *intOption) value() int {
	v, _ := strconv.Atoi(o.entry.Text)
	return max(o.lo, min(o.hi, v))
}

// optionRow lays out labelled options in one row.
func optionRow(parts ...fyne.CanvasObject) fyne.CanvasObject {
	return container.NewHBox(parts...)
}

// tracePath shows a path through points and on to the pointer.
func (e *Editor) tracePath(points []viewport.Vec2, pointer *viewport.Vec2) {
	path := append([]viewport.Vec2(nil), points...)
	if pointer != nil && len(path) > 0 {
		path = append(path, *pointer)
	}
	e.view.ShowPath(path)
}

// Marathon

func (f *marathonFile) tools(e *Editor) []*tool {
	return []*tool{f.drawTool(e), f.endpointTool(e), f.placeTool(e)}
}

// marathonGrid is the step, in world units/1024, that drawn points snap to.
const marathonGrid = 128

func snap(v float64, step float64) float64 { return math.Round(v/step) * step }

// drawTool draws a polygon: a click adds a corner (snapped to the grid,
// or to an endpoint near it), a click on the first corner or Enter
// closes it, Escape drops it.
func (f *marathonFile) drawTool(e *Editor) *tool {
	var corners []viewport.Vec2
	t := &tool{name: "Draw polygon", mapPoint: true, key: fyne.KeyD,
		help: "click the corners; click the first one again or press Enter to close, Escape to drop"}
	finish := func() {
		if len(corners) < 3 {
			return
		}
		outline := make([]mcodec.Point, len(corners))
		for i, c := range corners {
			outline[i] = mcodec.Point{X: clamp16(c.X), Y: clamp16(c.Y)}
		}
		corners = nil
		e.view.ShowPath(nil)
		if _, err := f.d.DrawPolygon(e.level, outline); err != nil {
			e.showError(err)
		}
	}
	t.click = func(p pointer) {
		at := f.snapPoint(e, p.at)
		if len(corners) >= 3 && at == corners[0] {
			finish()
			return
		}
		corners = append(corners, at)
		e.tracePath(corners, nil)
	}
	t.hover = func(at viewport.Vec2) {
		if len(corners) > 0 {
			at = f.snapPoint(e, at)
			e.tracePath(corners, &at)
		}
	}
	t.enter = finish
	t.cancel = func() bool {
		had := len(corners) > 0
		corners = nil
		e.view.ShowPath(nil)
		return had
	}
	return t
}

// snapPoint is the endpoint near at, or at on the grid.
func (f *marathonFile) snapPoint(e *Editor, at viewport.Vec2) viewport.Vec2 {
	n, endpoint := f.endpoints(e.level)
	if i := e.nearest(n, endpoint, at); i >= 0 {
		return endpoint(i)
	}
	return viewport.Vec2{X: snap(at.X, marathonGrid), Y: snap(at.Y, marathonGrid)}
}

// endpoints is how many endpoints level has, and where each is.
func (f *marathonFile) endpoints(level int) (int, func(i int) viewport.Vec2) {
	l := f.d.Levels[level]
	return len(l.Endpoints) + len(l.Points), func(i int) viewport.Vec2 {
		p, _ := l.Vertex(uint16(i))
		return viewport.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
}

// endpointTool drags an endpoint; its lines and polygons follow.
func (f *marathonFile) endpointTool(e *Editor) *tool {
	t := &tool{name: "Endpoints", key: fyne.KeyE, help: "drag an endpoint (a corner) to move it"}
	return e.pointDragger(t, func() (int, func(int) viewport.Vec2) { return f.endpoints(e.level) },
		func(i int, at viewport.Vec2) error {
			return f.d.MoveEndpoint(e.level, i, mcodec.Point{X: clamp16(at.X), Y: clamp16(at.Y)})
		})
}

// marathonObjectTypes names the map object types, in their numbering.
var marathonObjectTypes = []string{"Monster", "Scenery", "Item", "Player start", "Goal", "Sound source"}

// placeTool places an object of the chosen type and index at a click;
// monsters and items are chosen by name where the game's names are
// known.
func (f *marathonFile) placeTool(e *Editor) *tool {
	kind := widget.NewSelect(marathonObjectTypes, nil)
	index := newIntOption(0, 0, 255)
	named := widget.NewSelect(nil, nil)
	indexBox := container.NewStack()
	names := func() []string { return f.d.Levels[e.level].ObjectNames(int16(kind.SelectedIndex())) }
	// showIndex offers the chosen type's names, or a number where it has none.
	showIndex := func() {
		if e.scene == nil {
			return
		}
		indexBox.Objects = []fyne.CanvasObject{index.entry}
		if n := names(); n != nil {
			named.Options = n
			named.SetSelectedIndex(0)
			indexBox.Objects = []fyne.CanvasObject{named}
		}
		indexBox.Refresh()
	}
	kind.OnChanged = func(string) { showIndex() }
	kind.SetSelectedIndex(0)
	facing := newIntOption(0, 0, 511)
	t := &tool{name: "Place object", mapPoint: true, key: fyne.KeyO, help: "click in a polygon to place an object there",
		options: optionRow(widget.NewLabel("Type"), kind, widget.NewLabel("Index"), indexBox,
			widget.NewLabel("Facing (512 a turn)"), facing.entry),
		levelShown: showIndex}
	t.click = func(p pointer) {
		i := index.value()
		if names() != nil {
			i = named.SelectedIndex()
		}
		o := mcodec.Object{Type: int16(kind.SelectedIndex()), Index: int16(i), Facing: int16(facing.value()),
			X: clamp16(p.at.X), Y: clamp16(p.at.Y)}
		placed, err := f.d.PlaceObject(e.level, o)
		e.placed(e.level, "object", placed, err)
	}
	return t
}

// System Shock

func (f *shockFile) tools(e *Editor) []*tool {
	return []*tool{f.paintTool(e), f.placeTool(e)}
}

// brushField is one field a tile brush may set.
type brushField struct {
	field sdoc.TileField
	on    *widget.Check
	value *intOption
}

// paintTool paints tiles with the fields checked in its options; a drag
// paints every tile it crosses, as one step.
func (f *shockFile) paintTool(e *Editor) *tool {
	shapes := make([]string, len(scodec.ShapeNames))
	copy(shapes, scodec.ShapeNames[:])
	shape := widget.NewSelect(shapes, nil)
	shape.SetSelectedIndex(int(scodec.ShapeOpen))
	shapeOn := widget.NewCheck("Shape", nil)
	shapeOn.SetChecked(true)
	fields := []brushField{
		{sdoc.FloorHeight, widget.NewCheck("Floor", nil), newIntOption(4, 0, 31)},
		{sdoc.CeilingHeight, widget.NewCheck("Ceiling", nil), newIntOption(16, 0, 31)},
		{sdoc.WallTexture, widget.NewCheck("Wall texture", nil), newIntOption(0, 0, 63)},
		{sdoc.FloorTexture, widget.NewCheck("Floor texture", nil), newIntOption(0, 0, 31)},
		{sdoc.CeilingTexture, widget.NewCheck("Ceiling texture", nil), newIntOption(0, 0, 31)},
	}
	row := []fyne.CanvasObject{shapeOn, shape}
	var showTextures []func()
	for _, b := range fields {
		value := fyne.CanvasObject(b.value.entry)
		if b.field == sdoc.WallTexture || b.field == sdoc.FloorTexture || b.field == sdoc.CeilingTexture {
			value = f.textureOption(e, b.value)
			showTextures = append(showTextures, func() { b.value.entry.OnChanged(b.value.entry.Text) })
		}
		row = append(row, b.on, value)
	}
	brush := func() sdoc.Brush {
		out := sdoc.Brush{}
		if shapeOn.Checked {
			out[sdoc.TileShape] = shape.SelectedIndex()
		}
		for _, b := range fields {
			if b.on.Checked {
				out[b.field] = b.value.value()
			}
		}
		return out
	}
	var last viewport.Vec2
	// paint paints the tiles on the way from the last point to at, so
	// that a fast drag leaves no gaps.
	paint := func(at viewport.Vec2) {
		l := f.d.Archive.Levels[e.level]
		steps := int(math.Ceil(4 * math.Hypot(at.X-last.X, at.Y-last.Y)))
		var points []sdoc.Point
		for k := 0; k <= steps; k++ {
			t := float64(k) / float64(max(steps, 1))
			x, y := int(math.Floor(last.X+(at.X-last.X)*t)), int(math.Floor(last.Y+(at.Y-last.Y)*t))
			if x >= 0 && y >= 0 && x < int(l.Info.Width) && y < int(l.Info.Height) {
				points = append(points, sdoc.Point{X: x, Y: y})
			}
		}
		last = at
		if len(points) == 0 {
			return
		}
		if err := f.d.PaintTiles(e.level, points, brush()); err != nil {
			e.status.SetText(err.Error())
		}
	}
	t := &tool{name: "Paint tiles", mapPoint: true, key: fyne.KeyT, help: "click or drag over tiles to paint the checked fields",
		options: optionRow(row...), levelShown: func() {
			for _, show := range showTextures {
				show()
			}
		}}
	t.press = func(p pointer) bool {
		e.dragging, last = true, p.at
		paint(p.at)
		return true
	}
	t.drag = paint
	return t
}

// textureOption is a brush's texture slot: its number, the texture the
// level's list puts in that slot, and a button to choose among them.
func (f *shockFile) textureOption(e *Editor, o *intOption) fyne.CanvasObject {
	thumb := canvas.NewImageFromImage(nil)
	thumb.FillMode = canvas.ImageFillContain
	thumb.ScaleMode = canvas.ImageScalePixels
	thumb.SetMinSize(fyne.NewSize(28, 28))
	o.entry.OnChanged = func(string) {
		thumb.Image = f.slotTexture(e.level, o.value())
		thumb.Refresh()
	}
	choose := widget.NewButton("…", func() { f.chooseTexture(e, o) })
	return container.NewHBox(o.entry, thumb, choose)
}

// slotTexture is the picture of the texture in slot of a level's
// texture list, or nil without the game's textures and palette.
func (f *shockFile) slotTexture(level, slot int) image.Image {
	l := f.d.Archive.Levels[level]
	if l == nil || slot < 0 || slot >= len(l.Textures) {
		return nil
	}
	return f.data.Texture(int(l.Textures[slot]))
}

// chooseTexture shows the level's texture slots that o can take, with
// their pictures when the game data has them; choosing one sets o.
func (f *shockFile) chooseTexture(e *Editor, o *intOption) {
	slots := min(len(f.d.Archive.Levels[e.level].Textures), o.hi+1)
	var d dialog.Dialog
	grid := widget.NewGridWrap(func() int { return slots },
		func() fyne.CanvasObject {
			img := canvas.NewImageFromImage(nil)
			img.FillMode, img.ScaleMode = canvas.ImageFillContain, canvas.ImageScalePixels
			img.SetMinSize(fyne.NewSize(64, 64))
			return container.NewVBox(img, widget.NewLabel("00: texture 000"))
		},
		func(i widget.GridWrapItemID, item fyne.CanvasObject) {
			parts := item.(*fyne.Container).Objects
			img := parts[0].(*canvas.Image)
			img.Image = f.slotTexture(e.level, i)
			img.Refresh()
			parts[1].(*widget.Label).SetText(fmt.Sprintf("%d: texture %d", i, f.d.Archive.Levels[e.level].Textures[i]))
		})
	grid.OnSelected = func(i widget.GridWrapItemID) {
		o.entry.SetText(strconv.Itoa(i))
		d.Hide()
	}
	note := "Slots of this level's texture list."
	if !f.data.HasPalette() {
		note += " Choose the game's data folder in Settings to see the textures."
	}
	d = dialog.NewCustom("Choose a texture", "Cancel", container.NewBorder(widget.NewLabel(note), nil, nil, nil, grid), e.win)
	d.Resize(fyne.NewSize(720, 520))
	e.show(d)
}

// placeTool creates an object of the type chosen in its palette at a
// click, standing on the tile's floor.
func (f *shockFile) placeTool(e *Editor) *tool {
	palette := f.newTypePalette()
	t := &tool{name: "Place object", mapPoint: true, key: fyne.KeyO, help: "click an open tile to place an object there",
		options: palette.row}
	t.click = func(p pointer) {
		l := f.d.Archive.Levels[e.level]
		x, y := int(math.Floor(p.at.X)), int(math.Floor(p.at.Y))
		if x < 0 || y < 0 || x >= int(l.Info.Width) || y >= int(l.Info.Height) {
			return
		}
		floor := sdoc.FloorHeight.Get(*l.Tile(x, y))
		class, subclass, typ := palette.triple()
		spec := sdoc.ObjectSpec{Class: uint8(class), Subclass: uint8(subclass), Type: uint8(typ),
			X: uint16(p.at.X * 256), Y: uint16(p.at.Y * 256), Z: uint8(min(255, floor<<3))}
		id, err := f.d.CreateObject(e.level, spec)
		e.placed(e.level, "object", id, err)
	}
	return t
}

// typePalette chooses an object type by class, subclass and type, each
// by name, or by searching the names.
type typePalette struct {
	class, subclass, typ *widget.Select
	search               *widget.Entry
	row                  fyne.CanvasObject
}

func (f *shockFile) newTypePalette() *typePalette {
	p := &typePalette{class: widget.NewSelect(nil, nil), subclass: widget.NewSelect(nil, nil),
		typ: widget.NewSelect(nil, nil), search: widget.NewEntry()}
	for c, name := range scodec.ClassNames {
		p.class.Options = append(p.class.Options, fmt.Sprintf("%d %s", c, name))
	}
	p.class.OnChanged = func(string) {
		p.subclass.Options = nil
		for s, sub := range scodec.Subclasses[p.class.SelectedIndex()] {
			p.subclass.Options = append(p.subclass.Options, fmt.Sprintf("%d %s", s, sub.Name))
		}
		p.subclass.SetSelectedIndex(0)
	}
	p.subclass.OnChanged = func(string) {
		class, subclass := p.class.SelectedIndex(), p.subclass.SelectedIndex()
		p.typ.Options = nil
		for t := range scodec.Subclasses[class][subclass].Types {
			p.typ.Options = append(p.typ.Options, fmt.Sprintf("%d %s", t, f.data.TypeName(class, subclass, t)))
		}
		p.typ.SetSelectedIndex(0)
	}
	p.class.SetSelectedIndex(scodec.ClassBigStuff)
	p.search.SetPlaceHolder("Find a type by name")
	p.search.OnChanged = func(s string) { p.find(f.data, s) }
	p.row = optionRow(widget.NewLabel("Class"), p.class, widget.NewLabel("Subclass"), p.subclass,
		widget.NewLabel("Type"), p.typ, container.NewGridWrap(fyne.NewSize(200, p.search.MinSize().Height), p.search))
	return p
}

// triple is the chosen class, subclass and type.
func (p *typePalette) triple() (class, subclass, typ int) {
	return p.class.SelectedIndex(), p.subclass.SelectedIndex(), p.typ.SelectedIndex()
}

// find chooses the first type, in the game's order, whose name holds
// text in any letter case.
func (p *typePalette) find(g *sdoc.GameData, text string) {
	text = strings.ToLower(strings.TrimSpace(text))
	if text == "" {
		return
	}
	for class := range scodec.NumClasses {
		for subclass, s := range scodec.Subclasses[class] {
			for typ := range s.Types {
				if strings.Contains(strings.ToLower(g.TypeName(class, subclass, typ)), text) {
					p.class.SetSelectedIndex(class)
					p.subclass.SetSelectedIndex(subclass)
					p.typ.SetSelectedIndex(typ)
					return
				}
			}
		}
	}
}

// Turok: the map is the file's one level, 0.

func (f *turokFile) tools(e *Editor) []*tool {
	return []*tool{f.vertexTool(e), f.sectorTool(e), f.placeTool(e)}
}

func (f *turokFile) vertex(i int) viewport.Vec2 {
	p := f.d.Map.Vertices[i].Position
	return viewport.Vec2{X: float64(p.X), Y: float64(p.Y)}
}

// vertexTool drags a vertex across the map, keeping its heights.
func (f *turokFile) vertexTool(e *Editor) *tool {
	t := &tool{name: "Vertices", key: fyne.KeyV, help: "drag a vertex (a sector corner) to move it"}
	return e.pointDragger(t, func() (int, func(int) viewport.Vec2) { return len(f.d.Map.Vertices), f.vertex },
		func(i int, at viewport.Vec2) error {
			v := f.d.Map.Vertices[i]
			v.Position.X, v.Position.Y = float32(at.X), float32(at.Y)
			return f.d.MoveVertex(i, v)
		})
}

// sectorTool makes a sector of three clicked corners: each an existing
// vertex near the click, or a new vertex there.
func (f *turokFile) sectorTool(e *Editor) *tool {
	var corners []viewport.Vec2
	set := newIntOption(0, 0, 1000)
	t := &tool{name: "New sector", mapPoint: true, key: fyne.KeyN, help: "click three corners (existing vertices or new points); Escape drops them",
		options: optionRow(widget.NewLabel("Sector set"), set.entry)}
	t.click = func(p pointer) {
		corners = append(corners, p.at)
		e.tracePath(corners, nil)
		if len(corners) < 3 {
			return
		}
		chosen := corners
		corners = nil
		e.view.ShowPath(nil)
		err := f.d.Batch("New sector", func() error {
			var ids [3]int
			for k, c := range chosen {
				if ids[k] = e.nearest(len(f.d.Map.Vertices), f.vertex, c); ids[k] >= 0 {
					continue
				}
				v := tcodec.Vertex{Position: tcodec.Vec3{X: float32(c.X), Y: float32(c.Y)}, Height: 512}
				i, err := f.d.AddVertex(v)
				if err != nil {
					return err
				}
				ids[k] = i
			}
			i, err := f.d.AddSector(ids, set.value())
			if err == nil {
				e.SetSelection(refs(0, "sector", i))
			}
			return err
		})
		if err != nil {
			e.showError(err)
		}
	}
	t.hover = func(at viewport.Vec2) {
		if len(corners) > 0 {
			e.tracePath(corners, &at)
		}
	}
	t.cancel = func() bool {
		had := len(corners) > 0
		corners = nil
		e.view.ShowPath(nil)
		return had
	}
	return t
}

// placeTool places an actor of the chosen type at a click, on the floor
// of the sector there.
func (f *turokFile) placeTool(e *Editor) *tool {
	kind := newIntOption(100, 0, 1<<20)
	health := newIntOption(100, 0, 32767)
	t := &tool{name: "Place actor", mapPoint: true, key: fyne.KeyA, help: "click a sector to place an actor there",
		options: optionRow(widget.NewLabel("Type"), kind.entry, widget.NewLabel("Health"), health.entry)}
	t.click = func(p pointer) {
		at := tcodec.Vec3{X: float32(p.at.X), Y: float32(p.at.Y)}
		if s := f.d.Map.Locator().SectorAt(at); s >= 0 {
			at.Z, _ = f.d.Map.FloorAt(s, at.X, at.Y)
		}
		a := tcodec.Actor{Type: int32(kind.value()), Origin: at, Scale: tcodec.Vec3{X: 1, Y: 1, Z: 1},
			BoundsMin: tcodec.Vec3{X: at.X - 20, Y: at.Y - 20, Z: at.Z}, BoundsMax: tcodec.Vec3{X: at.X + 20, Y: at.Y + 20, Z: at.Z + 80},
			SpeciesMask: 255, Health: int16(health.value()), TargetTID: -1, Variant: -1}
		i, err := f.d.PlaceActor(a)
		e.placed(0, "actor", i, err)
	}
	return t
}
