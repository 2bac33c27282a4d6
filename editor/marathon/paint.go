package marathon

import (
	"fmt"
	"slices"
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
	"github.com/levelwright/levelwright/undo"
)

// A polygonRecord is a polygon field that names a record of the level
// (a light, a liquid, a sound): how the inspector and the paint palette
// name the records, and how a new one is made for a polygon.
type polygonRecord struct {
	label string
	field func(*mcodec.Polygon) *int16
	names func(l *mcodec.Level) []string
	kind  document.Kind // the records' kind, which the inspector opens
	// add adds a new record for polygon p of level and returns its
	// index.
	add func(d *mdoc.Document, level int, p mcodec.Polygon) (int, error)
	// later is set for the records Marathon 1 levels do not have.
	later bool
}

// polygonRecords are the polygon fields that name records, in the
// inspector's order.
var polygonRecords = []polygonRecord{
	{label: "Floor light", field: func(p *mcodec.Polygon) *int16 { return &p.FloorLight }, names: lightNames, kind: mdoc.KindLight, add: addLight},
	{label: "Ceiling light", field: func(p *mcodec.Polygon) *int16 { return &p.CeilingLight }, names: lightNames, kind: mdoc.KindLight, add: addLight},
	{label: "Liquid", field: func(p *mcodec.Polygon) *int16 { return &p.Media }, names: mediaNames, kind: mdoc.KindLiquid, add: addMedia, later: true},
	{label: "Liquid light", field: func(p *mcodec.Polygon) *int16 { return &p.MediaLight }, names: lightNames, kind: mdoc.KindLight, add: addLight, later: true},
	{label: "Ambient sound", field: func(p *mcodec.Polygon) *int16 { return &p.AmbientSound }, kind: mdoc.KindAmbientSound, later: true,
		names: func(l *mcodec.Level) []string {
			return soundNames(len(l.Ambient), mcodec.AmbientSoundNames, func(i int) int16 { return l.Ambient[i].Index })
		},
		add: func(d *mdoc.Document, level int, _ mcodec.Polygon) (int, error) {
			return d.AddAmbientSound(level, newAmbientSound)
		}},
	{label: "Random sound", field: func(p *mcodec.Polygon) *int16 { return &p.RandomSound }, kind: mdoc.KindRandomSound, later: true,
		names: func(l *mcodec.Level) []string {
			return soundNames(len(l.Random), mcodec.RandomSoundNames, func(i int) int16 { return l.Random[i].Index })
		},
		add: func(d *mdoc.Document, level int, _ mcodec.Polygon) (int, error) {
			return d.AddRandomSound(level, newRandomSound)
		}},
}

// addLight adds a new light (newLight) to a Marathon 2 level.
func addLight(d *mdoc.Document, level int, _ mcodec.Polygon) (int, error) {
	if d.Levels[level].Marathon1() {
		return 0, fmt.Errorf("level %d is a Marathon 1 level, whose lights this editor does not add", level)
	}
	return d.AddLight(level, newLight)
}

// addMedia adds a liquid of water filling the lower half of p's height,
// in p's floor light.
func addMedia(d *mdoc.Document, level int, p mcodec.Polygon) (int, error) {
	return d.AddMedia(level, newMedia(p.FloorLight, p.FloorHeight, p.CeilingHeight, p.Center))
}

// A paintProperty is what the paint palette paints: a height, or a
// record (record set).
type paintProperty struct {
	label  string
	field  func(*mcodec.Polygon) *int16
	record *polygonRecord
}

// paintProperties are the paint palette's properties: the heights, then
// the records; a Marathon 1 level has no liquids or sounds to paint.
func paintProperties(l *mcodec.Level) []paintProperty {
	out := []paintProperty{
		{label: "Floor height", field: func(p *mcodec.Polygon) *int16 { return &p.FloorHeight }},
		{label: "Ceiling height", field: func(p *mcodec.Polygon) *int16 { return &p.CeilingHeight }},
	}
	for i, r := range polygonRecords {
		if !r.later || !l.Marathon1() {
			out = append(out, paintProperty{label: r.label, field: r.field, record: &polygonRecords[i]})
		}
	}
	return out
}

// A paintValue is one entry of the palette: a value of the property and
// how many polygons of the level have it.
type paintValue struct {
	value    int16
	polygons int
}

// paintValues are the entries of the palette for property p on level l:
// for a height, every height the polygons have and those in extra; for a
// record, none and every record of the level; in order of value.
func paintValues(l *mcodec.Level, p paintProperty, extra []int16) []paintValue {
	count := map[int16]int{}
	for i := range l.Polygons {
		count[*p.field(&l.Polygons[i])]++
	}
	var values []int16
	if p.record == nil {
		for v := range count {
			values = append(values, v)
		}
		values = append(values, extra...)
	} else {
		values = append(values, noRecord)
		for i := range p.record.names(l) {
			values = append(values, int16(i))
		}
	}
	slices.Sort(values)
	values = slices.Compact(values)
	out := make([]paintValue, len(values))
	for i, v := range values {
		out[i] = paintValue{value: v, polygons: count[v]}
	}
	return out
}

// paintLabel names entry v of the palette for property p on level l: a
// height in world units, or a record by its name; with the polygons
// that have it.
func paintLabel(l *mcodec.Level, p paintProperty, v paintValue) string {
	name := inWorldUnits(float64(v.value))
	if p.record != nil {
		name = "none"
		if names := p.record.names(l); v.value >= 0 && int(v.value) < len(names) {
			name = names[v.value]
		}
	}
	return fmt.Sprintf("%s (%s)", name, document.Count(v.polygons, "polygon"))
}

// paintPalette is the state of the paint tool: the property chosen, the
// palette of its values, and the heights added that no polygon has yet.
type paintPalette struct {
	f        *session
	h        game.Host
	property *widget.Select
	values   *widget.Select
	height   *widget.Entry
	add      *widget.Button
	edit     *widget.Button
	shown    []paintValue // the values the palette lists
	added    map[string][]int16
}

// paintTool paints a polygon property, as Weland's palettes do: choose
// a height, a light, a liquid or a sound in the palette and click or
// drag over polygons to give them it, one step a click or drag. Add
// makes a new record (or a height typed), Edit opens the record chosen
// in the inspector (or moves every polygon of the height chosen to the
// height typed).
func (f *session) paintTool(h game.Host) *tool.Tool {
	pp := &paintPalette{f: f, h: h, added: map[string][]int16{}}
	if f.paint == nil { // once a session: the palette counts the polygons again after every step
		f.d.History.OnChange(func(undo.Notice) { f.paint.fill(-1) })
	}
	f.paint = pp
	pp.values = widget.NewSelect(nil, nil)
	pp.property = widget.NewSelect(nil, func(label string) {
		f.painted = label // kept when the tools are built again (a filter, new game data)
		pp.fill(-1)
	})
	pp.height = widget.NewEntry()
	pp.height.SetPlaceHolder("height (WU)")
	pp.add = widget.NewButton("Add", func() { pp.report(pp.addValue()) })
	pp.edit = widget.NewButton("Edit", func() { pp.report(pp.editValue()) })
	t := &tool.Tool{Name: "Paint", Key: fyne.KeyP,
		Help: "choose a value in the palette, then click or drag over polygons to give them it",
		Options: tool.OptionRow(widget.NewLabel("Paint"), pp.property, pp.values,
			container.NewGridWrap(fyne.NewSize(110, pp.height.MinSize().Height), pp.height), pp.add, pp.edit),
		LevelShown: func() { pp.fill(-1) }}
	t.Press = func(p tool.Pointer) tool.Drag {
		start := tool.MarkHistory(f.d.History)
		if pp.paintAt(p.At) {
			return &paintDrag{pp: pp, start: start}
		}
		return nil
	}
	t.Click = func(p tool.Pointer) tool.Path {
		pp.paintAt(p.At)
		return nil
	}
	return t
}

// report says err in the status bar, if any.
func (pp *paintPalette) report(err error) {
	if err != nil {
		pp.h.Status(err.Error())
	}
}

// level is the level shown.
func (pp *paintPalette) level() *mcodec.Level { return pp.f.d.Levels[pp.h.Level()] }

// chosen is the property chosen.
func (pp *paintPalette) chosen() paintProperty {
	props := paintProperties(pp.level())
	return props[max(0, min(pp.property.SelectedIndex(), len(props)-1))]
}

// fill lists the properties and the values of the one chosen, choosing
// the entry of value want (-1: keep the choice, else the first).
func (pp *paintPalette) fill(want int) {
	if pp.h.Scene() == nil || pp.h.Level() >= len(pp.f.d.Levels) { // none shown, or gone with a step that the window follows next
		return
	}
	props := paintProperties(pp.level())
	labels := make([]string, len(props))
	for i, p := range props {
		labels[i] = p.label
	}
	if !slices.Equal(labels, pp.property.Options) {
		pp.property.Options = labels
		pp.property.SetSelectedIndex(max(0, slices.Index(labels, pp.f.painted))) // fills again
		return
	}
	p := pp.chosen()
	keep := want
	if i := pp.values.SelectedIndex(); keep < 0 && i >= 0 && i < len(pp.shown) {
		keep = int(pp.shown[i].value)
	}
	pp.shown = paintValues(pp.level(), p, pp.added[p.label])
	options := make([]string, len(pp.shown))
	choice := 0
	for i, v := range pp.shown {
		options[i] = paintLabel(pp.level(), p, v)
		if int(v.value) == keep {
			choice = i
		}
	}
	pp.values.Options = options
	pp.values.Refresh()
	if len(options) > 0 {
		pp.values.SetSelectedIndex(choice)
	}
	if p.record == nil {
		pp.height.Show()
	} else {
		pp.height.Hide()
	}
}

// value is the value chosen in the palette.
func (pp *paintPalette) value() (int16, bool) {
	i := pp.values.SelectedIndex()
	if i < 0 || i >= len(pp.shown) {
		return 0, false
	}
	return pp.shown[i].value, true
}

// paintAt gives the polygon at map point at the value chosen, as a step
// that merges with the rest of the drag; it reports whether there is a
// polygon there. A polygon that has the value already is left alone.
func (pp *paintPalette) paintAt(at display.Vec2) bool {
	pi := pp.f.polygonAt(pp.h, at)
	v, ok := pp.value()
	if pi < 0 || !ok {
		if !ok {
			pp.h.Status("Paint: choose a value in the palette first")
		}
		return pi >= 0
	}
	p := pp.chosen()
	if *p.field(&pp.level().Polygons[pi]) == v {
		return true
	}
	err := pp.f.d.Gesture("Paint "+lowerFirst(p.label), "paint", func() error {
		return pp.f.d.EditPolygons(pp.h.Level(), []int{pi}, func(q *mcodec.Polygon) { *p.field(q) = v })
	})
	if err != nil {
		pp.h.Status(err.Error())
	}
	return true
}

// addValue adds a record for the property chosen, made for the first
// polygon, or the height typed, and chooses it.
func (pp *paintPalette) addValue() error {
	p := pp.chosen()
	if p.record == nil {
		v, err := pp.typedHeight()
		if err != nil {
			return err
		}
		pp.added[p.label] = append(pp.added[p.label], v)
		pp.fill(int(v))
		return nil
	}
	var first mcodec.Polygon
	if l := pp.level(); len(l.Polygons) > 0 {
		first = l.Polygons[0]
	}
	i, err := p.record.add(pp.f.d, pp.h.Level(), first)
	if err != nil {
		return err
	}
	pp.fill(i)
	return nil
}

// editValue opens the record chosen in the inspector, or moves every
// polygon of the height chosen to the height typed, as one step.
func (pp *paintPalette) editValue() error {
	p := pp.chosen()
	v, ok := pp.value()
	if !ok {
		return fmt.Errorf("paint: choose a value in the palette first")
	}
	if p.record != nil {
		if v < 0 {
			return fmt.Errorf("paint: \"none\" is no %s to edit", lowerFirst(p.label))
		}
		pp.h.Select([]document.Ref{{Level: pp.h.Level(), Kind: p.record.kind, Index: int(v)}})
		return nil
	}
	to, err := pp.typedHeight()
	if err != nil {
		return err
	}
	var polygons []int
	for i := range pp.level().Polygons {
		if *p.field(&pp.level().Polygons[i]) == v {
			polygons = append(polygons, i)
		}
	}
	if len(polygons) == 0 {
		return fmt.Errorf("paint: no polygon has the %s %s", lowerFirst(p.label), inWorldUnits(float64(v)))
	}
	if err := pp.f.d.EditPolygons(pp.h.Level(), polygons, func(q *mcodec.Polygon) { *p.field(q) = to }); err != nil {
		return err
	}
	pp.fill(int(to)) // choose the height the polygons have now
	return nil
}

// typedHeight is the height typed in the palette's entry, in world
// units, as the level stores it.
func (pp *paintPalette) typedHeight() (int16, error) {
	s := strings.TrimSpace(pp.height.Text)
	shown, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("paint: type a height in world units (%q is not a number)", s)
	}
	v := worldUnits.Stored(shown, true)
	if v < -32768 || v > 32767 {
		return 0, fmt.Errorf("paint: %s WU is outside -32 to 32 WU", s)
	}
	return int16(v), nil
}

// noRecord is the index of no record: a polygon with no liquid or
// sound.
const noRecord = -1

// paintDrag paints every polygon the pointer crosses; its steps merge
// into one, which Cancel (Escape) takes back.
type paintDrag struct {
	pp    *paintPalette
	start tool.Mark
}

func (d *paintDrag) To(at display.Vec2) { d.pp.paintAt(at) }
func (d *paintDrag) Release()           {}

func (d *paintDrag) Cancel() {
	if err := d.start.Back(); err != nil {
		d.pp.h.Status(err.Error())
	}
}
