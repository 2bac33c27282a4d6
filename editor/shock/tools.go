package shock

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

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// Tools are System Shock's tools: paint tiles, place objects, copy
// regions, add map notes, edit objprop.dat.
func (f *session) Tools(h game.Host) []*tool.Tool {
	if len(f.Levels()) == 0 { // a resource file of the game's data: nothing to paint or place
		return []*tool.Tool{f.objPropsTool(h)}
	}
	return []*tool.Tool{f.paintTool(h), f.placeTool(h), f.regionTool(h), f.mapNoteTool(h), f.objPropsTool(h)}
}

// brushField is one field a tile brush may set.
type brushField struct {
	field sdoc.TileField
	on    *widget.Check
	value *tool.IntOption
}

// paintTool paints tiles with the fields checked in its options; a drag
// paints every tile it crosses, as one step.
func (f *session) paintTool(h game.Host) *tool.Tool {
	shapes := make([]string, len(scodec.ShapeNames))
	copy(shapes, scodec.ShapeNames[:])
	shape := widget.NewSelect(shapes, nil)
	shape.SetSelectedIndex(int(scodec.ShapeOpen))
	shapeOn := widget.NewCheck("Shape", nil)
	shapeOn.SetChecked(true)
	fields := []brushField{
		{sdoc.FloorHeight, widget.NewCheck("Floor (height units)", nil), tool.NewIntOption(4, 0, 31)},
		// The ceiling's height above the bottom, as the inspector shows it.
		{sdoc.CeilingHeight, widget.NewCheck("Ceiling (absolute, height units)", nil), tool.NewIntOption(16, 1, scodec.HeightSteps)},
		{sdoc.WallTexture, widget.NewCheck("Wall texture", nil), tool.NewIntOption(0, 0, 63)},
		{sdoc.FloorTexture, widget.NewCheck("Floor texture", nil), tool.NewIntOption(0, 0, 31)},
		{sdoc.CeilingTexture, widget.NewCheck("Ceiling texture", nil), tool.NewIntOption(0, 0, 31)},
	}
	details := []brushField{
		{sdoc.FloorRotation, widget.NewCheck("Floor turn (quarters)", nil), tool.NewIntOption(0, 0, 3)},
		{sdoc.CeilingRotation, widget.NewCheck("Ceiling turn", nil), tool.NewIntOption(0, 0, 3)},
		{sdoc.TextureOffset, widget.NewCheck("Texture offset", nil), tool.NewIntOption(0, 0, scodec.FlagOffsetMask)},
		{sdoc.FloorShade, widget.NewCheck("Floor shade", nil), tool.NewIntOption(0, 0, 15)},
		{sdoc.CeilingShade, widget.NewCheck("Ceiling shade", nil), tool.NewIntOption(0, 0, 15)},
		{sdoc.Music, widget.NewCheck("Music zone", nil), tool.NewIntOption(0, 0, 7)},
		{sdoc.Slope, widget.NewCheck("Slope", nil), tool.NewIntOption(0, 0, 31)},
	}
	row := []fyne.CanvasObject{shapeOn, shape}
	var showTextures []func()
	for _, b := range fields {
		value := fyne.CanvasObject(b.value.Entry)
		if b.field == sdoc.WallTexture || b.field == sdoc.FloorTexture || b.field == sdoc.CeilingTexture {
			value = f.textureOption(h, b.value)
			showTextures = append(showTextures, func() { b.value.Entry.OnChanged(b.value.Entry.Text) })
		}
		row = append(row, b.on, value)
	}
	var detailRow []fyne.CanvasObject
	for _, b := range details {
		detailRow = append(detailRow, b.on, b.value.Entry)
	}
	slopeControl := newFlagOption("Slope control", scodec.SlopeControlNames[:]...)
	detailRow = append(detailRow, slopeControl.label, slopeControl.choice)
	flags := []*flagOption{newFlagOption(sdoc.FloorHazard.String(), "set", "clear"),
		newFlagOption(sdoc.CeilingHazard.String(), "set", "clear"),
		newFlagOption(sdoc.AdjacentTextures.String(), "set", "clear"),
		newFlagOption(sdoc.Deconstructed.String(), "set", "clear"),
		newFlagOption(sdoc.Peril.String(), "set", "clear")}
	flagFields := []sdoc.TileField{sdoc.FloorHazard, sdoc.CeilingHazard, sdoc.AdjacentTextures, sdoc.Deconstructed, sdoc.Peril}
	var flagRow []fyne.CanvasObject
	for _, o := range flags {
		flagRow = append(flagRow, o.label, o.choice)
	}
	brush := func() sdoc.Brush {
		out := sdoc.Brush{}
		if shapeOn.Checked {
			out[sdoc.TileShape] = shape.SelectedIndex()
		}
		for _, b := range append(fields, details...) {
			switch {
			case !b.on.Checked:
			case b.field == sdoc.CeilingHeight:
				out[b.field] = scodec.CeilingDepth(b.value.Value())
			default:
				out[b.field] = b.value.Value()
			}
		}
		if v, ok := slopeControl.value(); ok {
			out[sdoc.SlopeControl] = v
		}
		for k, o := range flags {
			if v, ok := o.value(); ok {
				out[flagFields[k]] = 1 - v // "set" is choice 0
			}
		}
		return out
	}
	// The fields painted less often wait behind a button, so that the
	// options row stays one line and the map keeps its size.
	more := container.NewVBox(tool.OptionRow(detailRow...), tool.OptionRow(flagRow...))
	row = append(row, widget.NewButton("More fields…", func() {
		h.Show(dialog.NewCustom("Paint tiles: more fields", "Close", more, h.Window()))
	}))
	t := &tool.Tool{Name: "Paint tiles", Key: fyne.KeyT, Help: "click or drag over tiles to paint the checked fields",
		Options: tool.OptionRow(row...), LevelShown: func() {
			for _, show := range showTextures {
				show()
			}
		}}
	t.Press = func(p tool.Pointer) tool.Drag {
		s := &stroke{f: f, h: h, brush: brush(), last: p.At}
		s.To(p.At)
		return s
	}
	return t
}

// flagOption is a brush field chosen from a list, or left as the tiles
// have it.
type flagOption struct {
	label  *widget.Label
	choice *widget.Select
}

// keep is the choice that leaves the field alone.
const keep = "keep"

func newFlagOption(name string, choices ...string) *flagOption {
	o := &flagOption{label: widget.NewLabel(name), choice: widget.NewSelect(append([]string{keep}, choices...), nil)}
	o.choice.SetSelected(keep)
	return o
}

// value is the index of the chosen value among the choices, and false
// for keep.
func (o *flagOption) value() (int, bool) {
	i := o.choice.SelectedIndex()
	return i - 1, i > 0
}

// stroke is a drag of the tile brush: every step paints the tiles on the
// way from the last point, so that a fast drag leaves no gaps, and the
// steps merge into one.
type stroke struct {
	f     *session
	h     game.Host
	brush sdoc.Brush
	last  display.Vec2
}

func (s *stroke) To(at display.Vec2) {
	l := s.f.d.Archive.Levels[s.h.Level()]
	steps := int(math.Ceil(4 * math.Hypot(at.X-s.last.X, at.Y-s.last.Y)))
	var points []sdoc.Point
	for k := 0; k <= steps; k++ {
		t := float64(k) / float64(max(steps, 1))
		x, y := int(math.Floor(s.last.X+(at.X-s.last.X)*t)), int(math.Floor(s.last.Y+(at.Y-s.last.Y)*t))
		if x >= 0 && y >= 0 && x < int(l.Info.Width) && y < int(l.Info.Height) {
			points = append(points, sdoc.Point{X: x, Y: y})
		}
	}
	s.last = at
	if len(points) == 0 {
		return
	}
	if err := s.f.d.PaintTiles(s.h.Level(), points, s.brush); err != nil {
		s.h.Status(err.Error())
	}
}

func (s *stroke) Release() {}
func (s *stroke) Cancel()  {}

// textureOption is a brush's texture slot: its number, the texture the
// level's list puts in that slot, and a button to choose among them.
func (f *session) textureOption(h game.Host, o *tool.IntOption) fyne.CanvasObject {
	thumb := canvas.NewImageFromImage(nil)
	thumb.FillMode = canvas.ImageFillContain
	thumb.ScaleMode = canvas.ImageScalePixels
	thumb.SetMinSize(fyne.NewSize(28, 28))
	o.Entry.OnChanged = func(string) {
		thumb.Image = f.slotTexture(h.Level(), o.Value())
		thumb.Refresh()
	}
	choose := widget.NewButton("…", func() { f.chooseTexture(h, o) })
	return container.NewHBox(o.Entry, thumb, choose)
}

// slotTexture is the picture of the texture in slot of a level's
// texture list, or nil without the game's textures and palette.
func (f *session) slotTexture(level, slot int) image.Image {
	l := f.d.Archive.Levels[level]
	if l == nil || slot < 0 || slot >= len(l.Textures) {
		return nil
	}
	return f.data.Texture(int(l.Textures[slot]))
}

// chooseTexture shows the level's texture slots that o can take, with
// their pictures when the game data has them; choosing one sets o.
func (f *session) chooseTexture(h game.Host, o *tool.IntOption) {
	l := f.d.Archive.Levels[h.Level()]
	slots := min(len(l.Textures), o.Hi+1)
	var d dialog.Dialog
	grid := f.textureGrid(slots, func(i int) int { return int(l.Textures[i]) }, func(i int) string {
		return fmt.Sprintf("%d: texture %d", i, l.Textures[i])
	})
	grid.OnSelected = func(i widget.GridWrapItemID) {
		o.Entry.SetText(strconv.Itoa(i))
		d.Hide()
	}
	note := "Slots of this level's texture list."
	if !f.data.HasPalette() {
		note += " Choose the game's data folder in Settings to see the textures."
	}
	d = dialog.NewCustom("Choose a texture", "Cancel", container.NewBorder(widget.NewLabel(note), nil, nil, nil, grid), h.Window())
	d.Resize(fyne.NewSize(720, 520))
	h.Show(d)
}

// placeTool creates an object of the type chosen in its palette at a
// click, resting on the floor at the point clicked (slopes included).
func (f *session) placeTool(h game.Host) *tool.Tool {
	palette := f.newTypePalette()
	t := &tool.Tool{Name: "Place object", Key: fyne.KeyO, Help: "click an open tile to place an object there",
		Options: palette.row}
	t.Click = func(p tool.Pointer) tool.Path {
		l := f.d.Archive.Levels[h.Level()]
		at := p.At
		x, y := int(math.Floor(at.X)), int(math.Floor(at.Y))
		if x < 0 || y < 0 || x >= int(l.Info.Width) || y >= int(l.Info.Height) {
			return nil
		}
		class, subclass, typ := palette.triple()
		spec := sdoc.ObjectSpec{Class: uint8(class), Subclass: uint8(subclass), Type: uint8(typ),
			X: uint16(min(at.X*256, float64(l.Info.Width)*256-1)), Y: uint16(min(at.Y*256, float64(l.Info.Height)*256-1))}
		spec.Z = f.restingZ(l, spec)
		id, err := f.createObject(h.Level(), spec)
		game.Placed(h, document.Ref{Level: h.Level(), Kind: sdoc.KindObject, Index: id}, err)
		return nil
	}
	return t
}

// restingZ is the z at which an object of spec's type rests on the floor
// at spec's exact position, by its size in objprop.dat when the game's
// data has it.
func (f *session) restingZ(l *scodec.Level, spec sdoc.ObjectSpec) uint8 {
	pivot := f.data.Pivot(l, int(spec.Class), int(spec.Subclass), int(spec.Type))
	z, _ := l.StandingZ(scodec.Object{Class: spec.Class, X: spec.X, Y: spec.Y}, pivot, scodec.OnFloor)
	return z
}

// typePalette chooses an object type by class, subclass and type, each
// by name, or by searching the names.
type typePalette struct {
	class, subclass, typ *widget.Select
	search               *widget.Entry
	found                *widget.Label // what the search matched
	row                  fyne.CanvasObject
}

func (f *session) newTypePalette() *typePalette {
	p := &typePalette{class: widget.NewSelect(nil, nil), subclass: widget.NewSelect(nil, nil),
		typ: widget.NewSelect(nil, nil), search: widget.NewEntry(), found: widget.NewLabel("")}
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
			p.typ.Options = append(p.typ.Options, fmt.Sprintf("%d %s", t, f.typeName(class, subclass, t)))
		}
		p.typ.SetSelectedIndex(0)
	}
	p.class.SetSelectedIndex(scodec.ClassBigStuff)
	p.search.SetPlaceHolder("Find a type by name")
	p.search.OnChanged = func(s string) { p.found.SetText(p.find(f.typeName, s)) }
	p.row = tool.OptionRow(widget.NewLabel("Class"), p.class, widget.NewLabel("Subclass"), p.subclass,
		widget.NewLabel("Type"), p.typ, container.NewGridWrap(fyne.NewSize(200, p.search.MinSize().Height), p.search), p.found)
	return p
}

// triple is the chosen class, subclass and type.
func (p *typePalette) triple() (class, subclass, typ int) {
	return p.class.SelectedIndex(), p.subclass.SelectedIndex(), p.typ.SelectedIndex()
}

// find chooses the type, named by name, that text names: the one whose
// name is text (in any letter case), else the first, in the game's order,
// each of whose words text's words begin. It says what it matched, and
// when nothing matches it changes nothing and says so.
func (p *typePalette) find(name func(class, subclass, typ int) string, text string) string {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return ""
	}
	whole := strings.Join(words, " ") // the text as a name
	type triple struct{ class, subclass, typ int }
	var matches []triple
	exact := -1
	for class := range scodec.NumClasses {
		for subclass, s := range scodec.Subclasses[class] {
			for typ := range s.Types {
				n := strings.ToLower(name(class, subclass, typ))
				if !wordsBegin(strings.Fields(n), words) {
					continue
				}
				if n == whole && exact < 0 {
					exact = len(matches)
				}
				matches = append(matches, triple{class, subclass, typ})
			}
		}
	}
	if len(matches) == 0 {
		return fmt.Sprintf("no type is named %q", strings.TrimSpace(text))
	}
	chosen := matches[max(exact, 0)]
	p.class.SetSelectedIndex(chosen.class)
	p.subclass.SetSelectedIndex(chosen.subclass)
	p.typ.SetSelectedIndex(chosen.typ)
	what := fmt.Sprintf("%s (%d/%d/%d)", name(chosen.class, chosen.subclass, chosen.typ), chosen.class, chosen.subclass, chosen.typ)
	if len(matches) == 1 {
		return what
	}
	return fmt.Sprintf("%s, the first of %d matches", what, len(matches))
}

// wordsBegin reports whether each of words begins a word of name, in
// order.
func wordsBegin(name, words []string) bool {
	at := 0
	for _, w := range words {
		for at < len(name) && !strings.HasPrefix(name[at], w) {
			at++
		}
		if at == len(name) {
			return false
		}
		at++
	}
	return true
}
