package marathon

import (
	"fmt"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// physicsKindTitles are the physics editor's tabs, by kind.
var physicsKindTitles = [physics.KindCount]string{"Monsters", "Effects", "Projectiles", "Physics constants", "Weapons"}

// PhysicsEditor is a physics model's editor: a tab per kind listing its
// records by name, and the form of the record chosen. Its edits go
// through the model's document history, so that they undo like any.
type PhysicsEditor struct {
	p       *mdoc.Physics
	history *undo.Stack
	kinds   *container.AppTabs
	lists   [physics.KindCount]*widget.List
	chosen  [physics.KindCount]int
	form    *fyne.Container // holds the chosen record's form
	Form    *propgrid.Form  // the chosen record's form
	closed  bool
}

// NewPhysicsEditor builds the editor of p, whose document's history is
// history.
func NewPhysicsEditor(p *mdoc.Physics, history *undo.Stack) *PhysicsEditor {
	e := &PhysicsEditor{p: p, history: history, form: container.NewStack()}
	var tabs []*container.TabItem
	for k := range physics.KindCount {
		list := widget.NewList(func() int { return p.Set.Len(k) },
			func() fyne.CanvasObject { return widget.NewLabel("Record name placeholder") },
			func(i widget.ListItemID, o fyne.CanvasObject) {
				o.(*widget.Label).SetText(fmt.Sprintf("%d: %s", i, p.Name(k, i)))
			})
		list.OnSelected = func(i widget.ListItemID) { e.Choose(k, i) }
		e.lists[k] = list
		tabs = append(tabs, container.NewTabItem(physicsKindTitles[k], list))
	}
	e.kinds = container.NewAppTabs(tabs...)
	e.kinds.OnSelected = func(*container.TabItem) { e.refresh() }
	history.OnChange(func(undo.Notice) {
		if !e.closed {
			e.refresh()
		}
	})
	e.refresh()
	return e
}

// Content is the editor's layout: the lists beside the chosen form.
func (e *PhysicsEditor) Content() fyne.CanvasObject {
	undoButton := widget.NewButton("Undo", func() { e.history.Undo() })
	redoButton := widget.NewButton("Redo", func() { e.history.Redo() })
	ticks := widget.NewLabel(fmt.Sprintf("Times in seconds (%d ticks a second), distances in world units (1024 a WU), angles in degrees.", physics.TicksPerSecond))
	split := container.NewHSplit(e.kinds, container.NewVScroll(e.form))
	split.Offset = 0.3
	return container.NewBorder(container.NewHBox(undoButton, redoButton, ticks), nil, nil, nil, split)
}

// Kind is the kind whose tab is shown.
func (e *PhysicsEditor) Kind() physics.Kind { return physics.Kind(e.kinds.SelectedIndex()) }

// Choose shows record i of kind k.
func (e *PhysicsEditor) Choose(k physics.Kind, i int) {
	e.chosen[k] = i
	if e.Kind() != k {
		e.kinds.SelectIndex(int(k))
	}
	e.refresh()
}

// Close stops the editor following the history.
func (e *PhysicsEditor) Close() { e.closed = true }

// refresh builds the form of the record chosen in the tab shown.
func (e *PhysicsEditor) refresh() {
	k := e.Kind()
	i := e.chosen[k]
	if i >= e.p.Set.Len(k) {
		e.Form = nil
		e.form.Objects = []fyne.CanvasObject{widget.NewLabel("The physics have no " + physics.KindNames[k] + ".")}
		e.form.Refresh()
		return
	}
	e.Form = propgrid.New(e.fields(k, i))
	e.form.Objects = []fyne.CanvasObject{container.NewVBox(widget.NewLabelWithStyle(fmt.Sprintf("%d: %s", i, e.p.Name(k, i)),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), e.Form)}
	e.form.Refresh()
	e.lists[k].Refresh()
}

// fields are the form's fields of record i of kind k.
func (e *PhysicsEditor) fields(k physics.Kind, i int) []propgrid.Field {
	specs := physicsSpecs(k, e.p)
	edit := func(update func(r any)) error { return e.p.EditRecord(k, i, update) }
	switch r := e.p.Set.Record(k, i).Interface().(type) {
	case physics.Monster:
		return recordFields(r, specs, edit)
	case physics.Effect:
		return recordFields(r, specs, edit)
	case physics.Projectile:
		return recordFields(r, specs, edit)
	case physics.Constants:
		return recordFields(r, specs, edit)
	case physics.Weapon:
		return recordFields(r, specs, edit)
	case physics.M1Monster:
		return recordFields(r, specs, edit)
	case physics.M1Effect:
		return recordFields(r, specs, edit)
	case physics.M1Projectile:
		return recordFields(r, specs, edit)
	case physics.M1Constants:
		return recordFields(r, specs, edit)
	case physics.M1Weapon:
		return recordFields(r, specs, edit)
	}
	return nil
}

// recordFields are the fields of one record, edited through edit.
func recordFields[T any](r T, specs inspect.Specs, edit func(update func(r any)) error) []propgrid.Field {
	return inspect.RecordFields([]T{r}, specs, func(update func(*T)) error {
		return edit(func(r any) { update(r.(*T)) })
	})
}

// physicsSpecs shows a physics record type's fields labelled in words,
// in their units at a sensible precision (times in ticks, with seconds
// beside), flags by name, and enumerations, sounds and references to
// records by name, -1 as none.
func physicsSpecs(k physics.Kind, p *mdoc.Physics) inspect.Specs {
	specs := inspect.Specs{}
	for _, f := range physics.Fields(physics.RecordType(k, p.Set.Marathon1)) {
		spec := inspect.FieldSpec{Label: words(f.Path), Flags: f.Flags, Choices: f.Choices, None: f.Choices != nil}
		if f.Unit != nil {
			spec.Unit = physicsUnit(*f.Unit)
		}
		if f.Names != nil && !p.Set.Marathon1 {
			spec.Choices, spec.None = f.Names, true
		}
		if f.Ref != physics.KindCount {
			names := make([]string, p.Set.Len(f.Ref))
			for i := range names {
				names[i] = p.Name(f.Ref, i)
			}
			spec.Choices, spec.None = names, true
		}
		specs[f.Path] = spec
	}
	return specs
}

// physicsDecimals are the decimals a physics unit is shown with, by
// name; the exact value is in the field's tooltip.
var physicsDecimals = map[string]int{"WU": 3, "°": 1, "×": 3, "WU/tick": 4, "WU/tick²": 5, "°/tick": 2}

// physicsUnit is how the editor shows a physics unit: ticks as ticks
// with seconds beside them, the others at their precision.
func physicsUnit(u physics.Unit) *propgrid.Unit {
	if u == physics.Units["ticks"] {
		return &propgrid.Unit{Name: "ticks", Per: 1, Beside: &propgrid.Unit{Name: u.Name, Per: u.Per, Decimals: 2}}
	}
	return &propgrid.Unit{Name: u.Name, Per: u.Per, Decimals: physicsDecimals[u.Name]}
}

// words spells a field path in words: "MeleeAttack.DX" is "Melee attack DX".
func words(path string) string {
	var b strings.Builder
	runes := []rune(strings.ReplaceAll(path, ".", ""))
	for i, r := range runes {
		nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
		if i > 0 && unicode.IsUpper(r) && (!unicode.IsUpper(runes[i-1]) || nextLower) {
			b.WriteByte(' ')
			if nextLower {
				r = unicode.ToLower(r) // a capitalised word, not an acronym
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// physicsTools are, for a map or physics wad that holds physics, the
// tool whose options open the physics editor of each entry that holds
// some, in a window bound to the file.
func (f *session) physicsTools(h game.Host) []*tool.Tool {
	entries := f.d.PhysicsEntries()
	if len(entries) == 0 {
		return nil
	}
	var buttons []fyne.CanvasObject
	for _, i := range entries {
		label := "Edit physics…"
		if len(entries) > 1 {
			label = fmt.Sprintf("Edit physics of entry %d…", i)
		}
		buttons = append(buttons, widget.NewButton(label, func() {
			h.OpenWindow(fmt.Sprintf("physics of entry %d", i), func() game.Window {
				return openPhysicsWindow(f.d.Path, f.d.Physics(i), f.d.History)
			})
		}))
	}
	return []*tool.Tool{physicsTool(buttons...)}
}

// Overview shows, for a wad without levels (a physics wad), the physics
// editor of each entry that holds physics, a tab each when there are
// several; Tools then offers none.
func (f *session) Overview(game.Host) fyne.CanvasObject {
	entries := f.d.PhysicsEntries()
	if len(entries) == 0 {
		return container.NewPadded(widget.NewLabel("This wad has no levels and no physics."))
	}
	if len(entries) == 1 {
		return NewPhysicsEditor(f.d.Physics(entries[0]), f.d.History).Content()
	}
	var tabs []*container.TabItem
	for _, i := range entries {
		tabs = append(tabs, container.NewTabItem(fmt.Sprintf("Entry %d", i), NewPhysicsEditor(f.d.Physics(i), f.d.History).Content()))
	}
	return container.NewAppTabs(tabs...)
}

// physicsTool is the Physics tool, whose options are the buttons that
// open the physics editors.
func physicsTool(buttons ...fyne.CanvasObject) *tool.Tool {
	return &tool.Tool{Name: "Physics", Key: fyne.KeyY, Help: "Edit the file's monsters, effects, projectiles, weapons and player physics",
		Options: container.NewHBox(buttons...)}
}

// physicsWindow is the physics editor in a window of its own. Its edits
// are steps of the file's history as soon as they are made, so it holds
// nothing unsaved.
type physicsWindow struct {
	win    fyne.Window
	editor *PhysicsEditor
}

// openPhysicsWindow shows the physics editor of p, a model of the file
// at path whose history is history, in a window of its own.
func openPhysicsWindow(path string, p *mdoc.Physics, history *undo.Stack) *physicsWindow {
	w := &physicsWindow{win: fyne.CurrentApp().NewWindow("Physics: " + path), editor: NewPhysicsEditor(p, history)}
	w.win.SetContent(w.editor.Content())
	w.win.Resize(fyne.NewSize(900, 640))
	w.win.Show()
	return w
}

// Window is the physics editor's window.
func (w *physicsWindow) Window() fyne.Window { return w.win }

// Unsaved is nothing: every edit is a step of the file's history.
func (w *physicsWindow) Unsaved() string { return "" }

// Keep has nothing to keep.
func (w *physicsWindow) Keep() error { return nil }

// Closed stops the editor following the history.
func (w *physicsWindow) Closed() { w.editor.Close() }
