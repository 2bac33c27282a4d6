package marathon

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// InspectLevel is the inspector's sections when nothing is selected: the
// shown level, with buttons that open its parameters and its item and
// monster placement, and its records (recordsSection).
func (f *session) InspectLevel(h game.Host) []inspect.Section {
	level := h.Level()
	l, err := f.d.Level(level)
	if err != nil || len(l.Info) == 0 {
		return nil
	}
	var fields []propgrid.Field
	fields = append(fields, propgrid.Field{Label: "Parameters", Action: &propgrid.Action{Label: "Edit…", Do: func() {
		h.Show(f.paramsDialog(h, level))
	}}})
	if len(l.Placements) >= 2*mcodec.PlacementTypes {
		fields = append(fields, propgrid.Field{Label: "Items and monsters", Action: &propgrid.Action{Label: "Edit…", Do: func() {
			h.Show(f.placementDialog(h, level))
		}}})
	}
	return []inspect.Section{{Title: fmt.Sprintf("Level %d: %s", level, l.MapName()), Fields: fields}, f.recordsSection(h, level)}
}

// paramsDialog edits the level's parameters.
func (f *session) paramsDialog(h game.Host, level int) dialog.Dialog {
	form := propgrid.New(f.paramsFields(level))
	form.OnError = func(err error) { h.Status(err.Error()) }
	d := dialog.NewCustom("Level parameters", "Close", container.NewVScroll(form), h.Window())
	d.Resize(fyne.NewSize(560, 640)) // a scroll alone is as small as one row
	return d
}

// paramsFields are the level's name, environment, sky or song, physics
// model, and its mission, environment and game-type flags; each change
// is one step.
func (f *session) paramsFields(level int) []propgrid.Field {
	l := f.d.Levels[level]
	m := l.Info[0]
	edit := func(update func(*mcodec.MapInfo)) error { return f.d.EditInfo(level, update) }
	environments := mcodec.EnvironmentNames
	if l.Marathon1() {
		environments = mcodec.OldEnvironmentNames
	}
	fields := []propgrid.Field{
		{Label: "Name", Text: &propgrid.Text{Value: l.MapName(), Set: func(s string) error {
			name := m.Name // checked on a copy first, so that a refused name makes no step
			if err := mcodec.SetFixedString(name[:], "Name", s); err != nil {
				return err
			}
			return edit(func(m *mcodec.MapInfo) { m.Name = name })
		}}},
		valueChoice("Environment", environments, int(m.Environment), func(v int) error {
			return edit(func(m *mcodec.MapInfo) { m.Environment = int16(v) })
		}),
	}
	if l.Marathon1() || m.EnvFlags&mcodec.EnvironmentFlagMusic != 0 {
		fields = append(fields, propgrid.Field{Label: "Song", Number: &propgrid.Number{Value: float64(m.Landscape), Whole: true,
			Min: -1, Max: 32767, Set: func(v float64) error { return edit(func(m *mcodec.MapInfo) { m.Landscape = int16(v) }) }}})
	} else {
		fields = append(fields, valueChoice("Landscape", mcodec.LandscapeNames, int(m.Landscape), func(v int) error {
			return edit(func(m *mcodec.MapInfo) { m.Landscape = int16(v) })
		}))
	}
	fields = append(fields, valueChoice("Physics model", mcodec.PhysicsModelNames, int(m.Physics), func(v int) error {
		return edit(func(m *mcodec.MapInfo) { m.Physics = int16(v) })
	}))
	bits := func(label string, names []string, value uint64, set func(m *mcodec.MapInfo, bit int, on bool)) propgrid.Field {
		return propgrid.Field{Label: label, Flags: &propgrid.Flags{Names: names, Value: value, Set: func(bit int, on bool) error {
			return edit(func(m *mcodec.MapInfo) { set(m, bit, on) })
		}}}
	}
	return append(fields,
		bits("Mission", mcodec.MissionFlagNames, uint64(m.MissionFlags), func(m *mcodec.MapInfo, bit int, on bool) {
			m.MissionFlags = setBit(m.MissionFlags, bit, on)
		}),
		bits("Environment flags", mcodec.EnvironmentFlagNames, uint64(m.EnvFlags), func(m *mcodec.MapInfo, bit int, on bool) {
			m.EnvFlags = setBit(m.EnvFlags, bit, on)
		}),
		bits("Game types", mcodec.EntryPointNames, uint64(m.EntryFlags), func(m *mcodec.MapInfo, bit int, on bool) {
			m.EntryFlags = setBit(m.EntryFlags, bit, on)
		}))
}

// setBit is v with bit set or cleared.
func setBit[T uint16 | uint32](v T, bit int, on bool) T {
	if on {
		return v | 1<<bit
	}
	return v &^ (1 << bit)
}

// valueChoice is a choice among the named values of names (where names
// has gaps, only the named ones); a value without a name is offered too,
// as its number, so that nothing is hidden.
func valueChoice(label string, names []string, value int, set func(int) error) propgrid.Field {
	var options []string
	var values []int
	index := -1
	for v, n := range names {
		if n != "" {
			options, values = append(options, n), append(values, v)
		}
	}
	for i, v := range values {
		if v == value {
			index = i
		}
	}
	if index < 0 {
		index = len(options)
		options, values = append(options, fmt.Sprintf("%d (unnamed)", value)), append(values, value)
	}
	return propgrid.Field{Label: label, Choice: &propgrid.Choice{Options: options, Index: index,
		Set: func(i int) error { return set(values[i]) }}}
}

// placementDialog edits the item and monster placement: a choice of the
// type, and its counts.
func (f *session) placementDialog(h game.Host, level int) dialog.Dialog {
	content := f.placementEditor(h, level)
	d := dialog.NewCustom("Items and monsters", "Close", content, h.Window())
	d.Resize(fyne.NewSize(560, 420))
	return d
}

// placementEditor is the placement dialog's content: the entries by name
// (items, then monsters) and the chosen one's form, with what the
// engine would make of its numbers.
func (f *session) placementEditor(h game.Host, level int) fyne.CanvasObject {
	entries, names := placementEntries(f.d.Levels[level])
	formBox := container.NewStack()
	warning := widget.NewLabel("")
	warning.Wrapping, warning.Importance = fyne.TextWrapWord, widget.WarningImportance
	pick := widget.NewSelect(names, nil)
	var show func()
	show = func() {
		i := entries[max(pick.SelectedIndex(), 0)]
		form := propgrid.New(f.placementFields(level, i, show))
		form.OnError = func(err error) { h.Status(err.Error()) }
		formBox.Objects = []fyne.CanvasObject{form}
		formBox.Refresh()
		warning.SetText(strings.Join(mcodec.PlacementWarnings(i, f.d.Levels[level].Placements[i]), "\n"))
	}
	pick.OnChanged = func(string) { show() }
	pick.SetSelectedIndex(0)
	return container.NewBorder(pick, warning, nil, nil, formBox)
}

// placementEntries are the plac entries the level's types name, and
// their names: items, then monsters but the player's own.
func placementEntries(l *mcodec.Level) (entries []int, names []string) {
	for i, n := range l.ObjectNames(mcodec.ObjectItem) {
		entries, names = append(entries, i), append(names, "Item: "+n)
	}
	monsters := l.ObjectNames(mcodec.ObjectMonster)
	for i := 1; i < mcodec.PlacementTypes; i++ {
		switch {
		case i < len(monsters):
			names = append(names, "Monster: "+monsters[i])
		case monsters == nil: // Marathon 1: its physics names its monsters
			names = append(names, fmt.Sprintf("Monster %d", i))
		default:
			continue
		}
		entries = append(entries, mcodec.FirstMonsterPlacing+i)
	}
	return entries, names
}

// placementFields are plac entry i's counts, chance and flags; each
// change is one step, after which changed runs.
func (f *session) placementFields(level, i int, changed func()) []propgrid.Field {
	p := f.d.Levels[level].Placements[i]
	edit := func(update func(*mcodec.Placement)) error {
		if err := f.d.EditPlacements(level, []int{i}, update); err != nil {
			return err
		}
		changed()
		return nil
	}
	count := func(label string, v int16, field func(*mcodec.Placement) *int16) propgrid.Field {
		return propgrid.Field{Label: label, Number: &propgrid.Number{Value: float64(v), Whole: true, Min: -32768, Max: 32767,
			Set: func(x float64) error { return edit(func(p *mcodec.Placement) { *field(p) = int16(x) }) }}}
	}
	return []propgrid.Field{
		count("Initial", p.Initial, func(p *mcodec.Placement) *int16 { return &p.Initial }),
		count("Minimum", p.Minimum, func(p *mcodec.Placement) *int16 { return &p.Minimum }),
		count("Maximum", p.Maximum, func(p *mcodec.Placement) *int16 { return &p.Maximum }),
		count("Random count (-1 unlimited)", p.RandomCount, func(p *mcodec.Placement) *int16 { return &p.RandomCount }),
		{Label: "Random chance", Number: &propgrid.Number{Value: float64(p.RandomChance), Whole: true, Min: 0, Max: 65535, Unit: percent,
			Set: func(x float64) error { return edit(func(p *mcodec.Placement) { p.RandomChance = uint16(x) }) }}},
		{Label: "Flags", Flags: &propgrid.Flags{Names: mcodec.PlacementFlagNames, Value: uint64(p.Flags), Set: func(bit int, on bool) error {
			return edit(func(p *mcodec.Placement) { p.Flags = setBit(p.Flags, bit, on) })
		}}},
	}
}
