package turok

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// turokSetSpecs name a sector set's fields by their use: flags and
// arguments by name, distances and heights in world units, the floor
// damage delay in seconds. The sound, music, impact and automap colour
// numbers index the game's own tables, which neither the map nor the
// public modding documentation we could read names (docs/turok-names.md).
var turokSetSpecs = func() inspect.Specs {
	sp := inspect.Specs{"Flags": {Flags: tcodec.SectorSetFlags},
		"FogStart": {Label: "Fog start", Unit: worldUnits}, "FogZFar": {Label: "Fog far", Unit: worldUnits},
		"WaterStart": {Label: "Water start", Unit: worldUnits}, "WaterZFar": {Label: "Water far", Unit: worldUnits},
		"WaterHeight": {Label: "Water height", Unit: worldUnits}, "SkyHeight": {Label: "Sky height", Unit: worldUnits},
		"SkySpeed": {Label: "Sky speed"}, "BlendLength": {Label: "Blend length"},
		"FloorImpact": {Label: "Floor impact (number)"}, "WallImpact": {Label: "Wall impact (number)"},
		"Ambience": {Label: "Ambience (sound number)"}, "AutomapColor": {Label: "Automap colour (number)"},
		"Music": {Label: "Music (track number)"}, "CullBits": {Label: "Cull bits"}}
	for k, name := range tcodec.SectorSetArgs {
		sp[fmt.Sprintf("Args[%d]", k)] = inspect.FieldSpec{Label: fmt.Sprintf("%s (arg %d)", name, k+1)}
	}
	rate := sp["Args[5]"]
	rate.Unit = floorDamageDelay
	sp["Args[5]"] = rate
	return sp
}()

// setFieldOrder is the order a sector set's first fields show in: fog,
// then water, then sky, then the flags, whose thirty-odd check boxes
// would push the colours out of sight; the arguments and numbers follow.
var setFieldOrder = []string{"Fog colour (R G B A)", "Fog start", "Fog far", "Water colour (R G B A)",
	"Water start", "Water far", "Water height", "Sky height", "Sky speed", "Blend length", "Flags"}

// setFields are the fields of sector sets: flags and arguments by name,
// distances in world units, the fog and water colours as R G B A with a
// colour picker (with h; none without).
func setFields(h game.Host, sets []tcodec.SectorSet, edit func(func(*tcodec.SectorSet)) error) []propgrid.Field {
	fields := inspect.RecordFields(sets, turokSetSpecs, edit)
	if len(sets) == 0 {
		return fields
	}
	for _, c := range []struct {
		label string
		at    func(*tcodec.SectorSet) *[4]uint8
	}{{"Fog colour", func(s *tcodec.SectorSet) *[4]uint8 { return &s.FogColor }},
		{"Water colour", func(s *tcodec.SectorSet) *[4]uint8 { return &s.WaterColor }}} {
		field := colourField(c.label, sets, c.at, edit)
		if h != nil {
			was := *c.at(&sets[0])
			field.Action = &propgrid.Action{Label: "Pick…", Do: func() {
				pickColour(h, c.label, was, func(rgba [4]uint8) error { return edit(func(s *tcodec.SectorSet) { *c.at(s) = rgba }) })
			}}
		}
		fields = append(fields, field)
	}
	return commonFirst(fields, setFieldOrder)
}

// pickColour shows a colour picker holding was, whose choice goes to set.
func pickColour(h game.Host, label string, was [4]uint8, set func([4]uint8) error) {
	p := dialog.NewColorPicker(label, "Choose the "+label+" (its alpha too)", func(c color.Color) {
		if err := set(rgba(c)); err != nil {
			h.ShowError(err)
		}
	}, h.Window())
	p.Advanced = true
	p.SetColor(color.NRGBA{R: was[0], G: was[1], B: was[2], A: was[3]})
	h.Show(p)
}

// rgba is c as the map's four bytes, not premultiplied.
func rgba(c color.Color) [4]uint8 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return [4]uint8{n.R, n.G, n.B, n.A}
}

// swatchColour is a colour of the map as a swatch shows it.
func swatchColour(c [4]uint8) color.Color { return color.NRGBA{R: c[0], G: c[1], B: c[2], A: c[3]} }

// newSectorSet is the set a new map starts with, which Add adds.
func newSectorSet() tcodec.SectorSet { return tcodec.NewTerrain(1, 1).SectorSets[0] }

// setsSection is the level's section of its sector sets: how many it
// has, and a button to their list.
func (f *session) setsSection(h game.Host) inspect.Section {
	unused := 0
	for _, n := range f.d.SectorSetUse() {
		if n == 0 {
			unused++
		}
	}
	summary := fmt.Sprintf("%s, %d unused", document.Count(len(f.d.Map.SectorSets), "set"), unused)
	return inspect.Section{Title: "Sector sets", Fields: []propgrid.Field{{Label: "Sets", Text: &propgrid.Text{Value: summary},
		Action: &propgrid.Action{Label: "Sector sets…", Do: func() { f.showSets(h, 0) }}}}}
}

// showSets shows the list of sector sets in a dialog, set chosen.
func (f *session) showSets(h game.Host, set int) {
	d := dialog.NewCustom("Sector sets", "Close", f.newSetsPanel(h, set).Content, h.Window())
	d.Resize(fyne.NewSize(820, 620))
	h.Show(d)
}

// setsPanel lists a map's sector sets with their fog and water colours
// and how many sectors use each; it adds, duplicates and deletes them,
// and shows the chosen one's fields.
type setsPanel struct {
	f       *session
	h       game.Host
	chosen  int
	use     []int
	list    *widget.List
	detail  *fyne.Container
	message *widget.Label
	Content fyne.CanvasObject
	// Add, Duplicate and Delete act on the list; Delete is disabled
	// while a sector uses the chosen set, and the message says why;
	// both Duplicate and Delete are while the map has no sets.
	Add, Duplicate, Delete *widget.Button
}

// newSetsPanel is the list of f's sector sets, set chosen.
func (f *session) newSetsPanel(h game.Host, set int) *setsPanel {
	p := &setsPanel{f: f, h: h, chosen: set, detail: container.NewVBox(), message: widget.NewLabel("")}
	p.message.Wrapping = fyne.TextWrapWord
	p.list = widget.NewList(func() int { return len(f.d.Map.SectorSets) }, setRow, p.updateRow)
	p.list.OnSelected = func(i widget.ListItemID) {
		if i != p.chosen {
			p.chosen = i
			p.refresh()
		}
	}
	p.Add = widget.NewButton("Add", func() { p.act(func() (int, error) { return f.d.AddSectorSet(newSectorSet()) }) })
	p.Duplicate = widget.NewButton("Duplicate", func() { p.act(func() (int, error) { return f.d.DuplicateSectorSet(p.chosen) }) })
	p.Delete = widget.NewButton("Delete", func() {
		p.act(func() (int, error) { return max(0, p.chosen-1), f.d.DeleteSectorSet(p.chosen) })
	})
	buttons := container.NewHBox(p.Add, p.Duplicate, p.Delete)
	left := container.NewBorder(buttons, p.message, nil, nil, p.list)
	split := container.NewHSplit(left, container.NewVScroll(p.detail))
	split.Offset = 0.4
	p.Content = split
	p.refresh()
	return p
}

// setRow is a row of the list: the set's number, its fog and water
// swatches, and how many sectors use it.
func setRow() fyne.CanvasObject {
	swatch := func() *canvas.Rectangle {
		r := canvas.NewRectangle(color.Black)
		r.SetMinSize(fyne.NewSize(28, 16))
		r.StrokeColor, r.StrokeWidth = color.Gray{Y: 128}, 1
		return r
	}
	return container.NewHBox(widget.NewLabel("Set 00000"), swatch(), swatch(), widget.NewLabel("00000 sectors"))
}

func (p *setsPanel) updateRow(i widget.ListItemID, o fyne.CanvasObject) {
	sets := p.f.d.Map.SectorSets
	if i >= len(sets) || i >= len(p.use) {
		return
	}
	parts := o.(*fyne.Container).Objects
	parts[0].(*widget.Label).SetText(fmt.Sprintf("Set %d", i))
	for k, c := range [][4]uint8{sets[i].FogColor, sets[i].WaterColor} {
		r := parts[1+k].(*canvas.Rectangle)
		r.FillColor = swatchColour(c)
		r.Refresh()
	}
	parts[3].(*widget.Label).SetText(document.Count(p.use[i], "sector"))
}

// act makes an edit that returns the set to choose after it.
func (p *setsPanel) act(edit func() (int, error)) {
	i, err := edit()
	if err != nil {
		p.refresh()
		p.message.SetText(err.Error())
		p.message.Importance = widget.DangerImportance
		p.message.Refresh()
		return
	}
	p.chosen = i
	p.refresh()
}

// refresh shows the sets as the map has them now.
func (p *setsPanel) refresh() {
	d := p.f.d
	p.use = d.SectorSetUse()
	p.chosen = max(0, min(p.chosen, len(d.Map.SectorSets)-1))
	p.list.Refresh()
	p.list.Select(p.chosen)
	p.message.Importance = widget.MediumImportance
	p.message.SetText("")
	if len(d.Map.SectorSets) == 0 {
		p.Delete.Disable()
		p.Duplicate.Disable()
		p.message.SetText("The map has no sector sets: Add makes one.")
		p.detail.Objects = nil
		p.detail.Refresh()
		return
	}
	p.Duplicate.Enable()
	if n := p.use[p.chosen]; n > 0 {
		p.Delete.Disable()
		p.message.SetText(fmt.Sprintf("Set %d is used by %s: paint them with another set (the Paint set tool) to delete it.",
			p.chosen, document.Count(n, "sector")))
	} else {
		p.Delete.Enable()
	}
	chosen := p.chosen
	form := propgrid.New(setFields(p.h, []tcodec.SectorSet{d.Map.SectorSets[chosen]}, func(u func(*tcodec.SectorSet)) error {
		err := d.EditSectorSets([]int{chosen}, u)
		if err == nil {
			fyne.Do(p.refresh) // after the form's own callback returns
		}
		return err
	}))
	p.detail.Objects = []fyne.CanvasObject{widget.NewLabelWithStyle(fmt.Sprintf("Sector set %d", chosen),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), form}
	p.detail.Refresh()
}

// paintSetTool puts the sectors clicked or dragged over in the sector
// set chosen in its options, one undo step a stroke. Chosen, it colours
// the map by sector set, so that what it paints shows.
func (f *session) paintSetTool(h game.Host) *tool.Tool {
	choice := widget.NewSelect(nil, nil)
	sync := func() {
		n := len(f.d.Map.SectorSets)
		if len(choice.Options) == n {
			return
		}
		options := make([]string, n)
		for i := range options {
			options[i] = fmt.Sprintf("Set %d", i)
		}
		at := max(0, min(f.choices.paintSet, n-1))
		choice.Options = options
		choice.SetSelectedIndex(at)
	}
	sync()
	choice.OnChanged = func(string) { f.choices.paintSet = choice.SelectedIndex() }
	t := &tool.Tool{Name: "Paint set", Key: fyne.KeyP, Group: sectorGroup, Help: "click or drag over sectors to put them in the chosen sector set",
		Options: tool.OptionRow(widget.NewLabel("Sector set"), choice,
			widget.NewButton("Sector sets…", func() { f.showSets(h, choice.SelectedIndex()) })),
		LevelShown: func() {
			sync()
			showMode(h, sectorSetMode)
		}}
	stroke := func(at display.Vec2) *setStroke {
		sync()
		f.d.History.BreakMerge()
		s := &setStroke{f: f, h: h, set: choice.SelectedIndex()}
		s.To(at)
		return s
	}
	t.Press = func(p tool.Pointer) tool.Drag { return stroke(p.At) }
	t.Click = func(p tool.Pointer) tool.Path {
		stroke(p.At)
		return nil
	}
	return t
}

// setStroke is a stroke of the Paint set tool: each sector it passes
// over goes into set, and its steps merge into one.
type setStroke struct {
	f   *session
	h   game.Host
	set int
}

// To puts the sector under at in the stroke's set.
func (s *setStroke) To(at display.Vec2) {
	d := s.f.d
	i := d.SectorAt(tcodec.Vec3{X: float32(at.X), Y: float32(at.Y)})
	if i < 0 || int(d.Map.Sectors[i].Set) == s.set {
		return
	}
	err := d.Gesture(fmt.Sprintf("Paint sector set %d", s.set), "paint-sector-set", func() error {
		return d.AssignSectorSet([]int{i}, s.set)
	})
	if err != nil {
		s.h.Status(err.Error())
	}
}

// Release ends the stroke; the window breaks the merge.
func (s *setStroke) Release() {}

// Cancel keeps what the stroke painted, which undo takes back.
func (s *setStroke) Cancel() {}
