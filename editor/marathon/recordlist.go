package marathon

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// A recordKind is a kind of record of a level that the Records section
// lists: its name, its records' names, their fields, and how a new one
// is made (nil: from a polygon's inspector).
type recordKind struct {
	kind   document.Kind
	plural string
	names  func(l *mcodec.Level) []string
	fields func(h game.Host, level, i int) []propgrid.Field
	add    func(level int) (int, error)
}

// newTerminal is the terminal New makes: one page of information.
var newTerminal = func() mcodec.Terminal {
	t := mcodec.Terminal{PageLines: 22, Groups: []mcodec.TerminalGroup{{Type: mcodec.GroupInformation, Permutation: -1}}}
	t.SetText([]byte("New terminal."))
	return t
}

// recordKinds are the kinds the Records section lists, for the level l.
func (f *session) recordKinds(l *mcodec.Level) []recordKind {
	lights := recordKind{kind: mdoc.KindLight, plural: "Lights", names: lightNames,
		fields: func(_ game.Host, level, i int) []propgrid.Field { return f.lightFields(level, i) },
		add:    func(level int) (int, error) { return f.d.AddLight(level, newLight) }}
	if l.Marathon1() {
		lights.add = nil // its lights are the engine's presets, made by other editors
	}
	out := []recordKind{lights}
	if l.Marathon1() {
		return out // no liquids, sounds or platform records
	}
	return append(out,
		recordKind{kind: mdoc.KindLiquid, plural: "Liquids", names: mediaNames,
			fields: func(_ game.Host, level, i int) []propgrid.Field { return f.mediaFields(level, []int{i}) },
			add: func(level int) (int, error) {
				return f.d.AddMedia(level, newMedia(0, 0, worldUnit, mcodec.Point{}))
			}},
		recordKind{kind: mdoc.KindPlatform, plural: "Platforms", names: platformNames,
			fields: func(_ game.Host, level, i int) []propgrid.Field { return f.platformFields(level, i) }},
		soundKind(mdoc.KindAmbientSound, "Ambient sounds", soundTable[mcodec.AmbientSound]{f.d.Levels, func(l *mcodec.Level) []mcodec.AmbientSound { return l.Ambient },
			mcodec.AmbientSoundNames, ambientSpecs, func(s *mcodec.AmbientSound) *int16 { return &s.Index }, f.d.EditAmbientSounds,
			func(level int) (int, error) { return f.d.AddAmbientSound(level, newAmbientSound) }}),
		soundKind(mdoc.KindRandomSound, "Random sounds", soundTable[mcodec.RandomSound]{f.d.Levels, func(l *mcodec.Level) []mcodec.RandomSound { return l.Random },
			mcodec.RandomSoundNames, randomSpecs, func(s *mcodec.RandomSound) *int16 { return &s.Index }, f.d.EditRandomSounds,
			func(level int) (int, error) { return f.d.AddRandomSound(level, newRandomSound) }}),
		recordKind{kind: mdoc.KindTerminal, plural: "Terminals",
			names: func(l *mcodec.Level) []string {
				out := make([]string, len(l.Terminals))
				for i, t := range l.Terminals {
					out[i] = fmt.Sprintf("%d: %s", i, document.Count(len(t.Groups), "group"))
				}
				return out
			},
			fields: func(h game.Host, level, i int) []propgrid.Field {
				return []propgrid.Field{f.terminalAction(h, level, i)}
			},
			add: func(level int) (int, error) { return f.d.AddTerminal(level, newTerminal()) }})
}

// A soundTable is the ambient or the random sounds of a document's
// levels: the records of a level, the names of their sounds, their
// fields, the field of the sound each plays, and how they are edited and
// added.
type soundTable[T any] struct {
	levels  []*mcodec.Level
	records func(l *mcodec.Level) []T
	names   []string
	specs   inspect.Specs
	sound   func(*T) *int16
	edit    func(level int, indexes []int, update func(*T)) error
	add     func(level int) (int, error)
}

// soundKind is the recordKind of the sounds of t, the sound each plays
// by name.
func soundKind[T any](kind document.Kind, plural string, t soundTable[T]) recordKind {
	return recordKind{kind: kind, plural: plural, add: t.add,
		names: func(l *mcodec.Level) []string {
			records := t.records(l)
			return soundNames(len(records), t.names, func(i int) int16 { return *t.sound(&records[i]) })
		},
		fields: func(_ game.Host, level, i int) []propgrid.Field {
			ix := []int{i}
			records := inspect.Pick(t.records(t.levels[level]), ix)
			edit := func(u func(*T)) error { return t.edit(level, ix, u) }
			fields := inspect.RecordFields(records, t.specs, edit)
			return swap(fields, "Sound", indexChoice(records, "Sound", t.names, true, int16At(t.sound), edit))
		}}
}

// lightFields are the fields of light i, of either generation.
func (f *session) lightFields(level, i int) []propgrid.Field {
	l, ix := f.d.Levels[level], []int{i}
	if l.Marathon1() {
		return inspect.RecordFields(inspect.Pick(l.OldLights, ix), oldLightSpecs,
			func(u func(*mcodec.OldLight)) error { return f.d.EditOldLights(level, ix, u) })
	}
	return inspect.RecordFields(inspect.Pick(l.Lights, ix), lightSpecs,
		func(u func(*mcodec.Light)) error { return f.d.EditLights(level, ix, u) })
}

// platformFields are the fields of platform i.
func (f *session) platformFields(level, i int) []propgrid.Field {
	ix := []int{i}
	return inspect.RecordFields(inspect.Pick(f.d.Levels[level].Platforms, ix), platformSpecs,
		func(u func(*mcodec.StaticPlatform)) error { return f.d.EditPlatforms(level, ix, u) })
}

// platformNames name a level's platforms by index, type and polygon.
func platformNames(l *mcodec.Level) []string {
	out := make([]string, len(l.Platforms))
	for i, p := range l.Platforms {
		out[i] = fmt.Sprintf("%d: %s, polygon %d", i, nameOf(mcodec.PlatformTypeNames, int(p.Type)), p.Polygon)
	}
	return out
}

// recordsSection is the level inspector's list of the level's records:
// for each kind, how many there are, with a button that opens them.
func (f *session) recordsSection(h game.Host, level int) inspect.Section {
	l := f.d.Levels[level]
	var fields []propgrid.Field
	for _, k := range f.recordKinds(l) {
		fields = append(fields, propgrid.Field{Label: fmt.Sprintf("%s (%d)", k.plural, len(k.names(l))),
			Action: &propgrid.Action{Label: "Edit…", Do: func() { h.Show(f.recordsDialog(h, level, k).dialog) }}})
	}
	return inspect.Section{Title: "Records", Fields: fields}
}

// A recordsView is the dialog of one kind of record of a level: a choice
// of the record, its fields, and New and Delete. It follows the file's
// steps until it is closed.
type recordsView struct {
	f      *session
	h      game.Host
	level  int
	kind   recordKind
	chosen int
	pick   *widget.Select
	form   *fyne.Container
	del    *widget.Button
	dialog dialog.Dialog
	closed bool
}

// recordsDialog builds the dialog of the records of kind k.
func (f *session) recordsDialog(h game.Host, level int, k recordKind) *recordsView {
	v := &recordsView{f: f, h: h, level: level, kind: k, form: container.NewStack()}
	v.pick = widget.NewSelect(nil, func(string) {
		if i := v.pick.SelectedIndex(); i >= 0 && i != v.chosen {
			v.chosen = i
			v.show()
		}
	})
	v.del = widget.NewButton("Delete", v.delete)
	bar := []fyne.CanvasObject{v.del}
	if k.add != nil {
		bar = append(bar, widget.NewButton("New", v.add))
	} else {
		bar = append(bar, widget.NewLabel("New: from a polygon's inspector"))
	}
	content := container.NewBorder(container.NewBorder(nil, nil, nil, container.NewHBox(bar...), v.pick), nil, nil, nil,
		container.NewVScroll(v.form))
	v.dialog = dialog.NewCustom(fmt.Sprintf("%s of level %d", k.plural, level), "Close", content, h.Window())
	v.dialog.Resize(fyne.NewSize(560, 640))
	v.dialog.SetOnClosed(func() { v.closed = true })
	// Steps made elsewhere (an undo, an edit in the inspector) show here
	// while the dialog is open.
	f.d.History.OnChange(func(undo.Notice) {
		if !v.closed {
			v.show()
		}
	})
	v.show()
	return v
}

// show lists the records and shows the fields of the chosen one.
func (v *recordsView) show() {
	names := v.kind.names(v.f.d.Levels[v.level])
	v.chosen = min(max(v.chosen, 0), len(names)-1)
	v.pick.Options = names
	v.form.RemoveAll()
	if v.chosen < 0 {
		v.pick.ClearSelected()
		v.del.Disable()
		v.form.Add(widget.NewLabel("The level has none."))
		return
	}
	v.del.Enable()
	v.pick.SetSelectedIndex(v.chosen)
	form := propgrid.New(v.kind.fields(v.h, v.level, v.chosen))
	form.OnError = func(err error) { v.h.Status(err.Error()) }
	v.form.Add(form)
}

// add makes a new record, as one step, and shows it.
func (v *recordsView) add() {
	i, err := v.kind.add(v.level)
	if err != nil {
		v.h.ShowError(err)
		return
	}
	v.chosen = i
	v.show()
}

// delete deletes the chosen record, asking first when something uses it
// (what uses it then uses none, in the same step).
func (v *recordsView) delete() {
	users, err := v.f.d.RecordUsers(v.level, v.kind.kind, v.chosen)
	if err != nil {
		v.h.ShowError(err)
		return
	}
	err = v.h.AskBeforeDiscarding(usersText(users), func() error {
		err := v.f.d.DeleteRecord(v.level, v.kind.kind, v.chosen)
		v.show()
		return err
	})
	if err != nil && !errors.Is(err, propgrid.ErrAsking) {
		v.h.ShowError(err)
	}
}

// shownUsers is how many users of a record the question before its
// delete names; it counts the others.
const shownUsers = 5

// usersText names users for the question asked before a delete: the
// first few, and how many more there are.
func usersText(users []string) string {
	if len(users) <= shownUsers+1 {
		return strings.Join(users, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(users[:shownUsers], ", "), len(users)-shownUsers)
}
