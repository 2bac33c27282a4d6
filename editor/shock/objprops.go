package shock

import (
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// markerSize is an object's marker size in pixels, which is also how
// near a click picks it: with objprop.dat it grows with the type's
// physics radius, a pixel per 6 radius units from 4 to 16 pixels;
// without, 6, or 9 for critters.
func markerSize(g *sdoc.GameData, o scodec.Object) float64 {
	if p, ok := g.ObjectProps(int(o.Class), int(o.Subclass), int(o.Type)); ok {
		return max(4, min(16, float64(p.Common.Radius)/6))
	}
	if o.Class == scodec.ClassCritter {
		return 9
	}
	return 6
}

// createObject creates an object as spec says, with the hit points
// objprop.dat gives its type when the game data has it, as one step.
func (f *session) createObject(level int, spec sdoc.ObjectSpec) (int, error) {
	p, ok := f.data.ObjectProps(int(spec.Class), int(spec.Subclass), int(spec.Type))
	if !ok || p.Common.HitPoints == 0 {
		return f.d.CreateObject(level, spec)
	}
	var id int
	err := f.d.Batch(fmt.Sprintf("Create %s", scodec.ClassNames[spec.Class]), func() error {
		var err error
		if id, err = f.d.CreateObject(level, spec); err != nil {
			return err
		}
		return f.d.SetObjectField(level, []int{id}, sdoc.ObjectHP, int(p.Common.HitPoints))
	})
	return id, err
}

// objPropsTool is the tool whose options open the object properties
// editor of the game data's objprop.dat, as a mod layer of the open
// archive's mission (see sdoc.OpenModObjProps).
func (f *session) objPropsTool(h game.Host) *tool.Tool {
	open := widget.NewButton("Edit objprop.dat…", func() {
		_, path := f.data.Props()
		if path == "" {
			h.Status("The game data has no objprop.dat: choose the game's data folder in Settings.")
			return
		}
		h.OpenWindow("objprop.dat", func() game.Window {
			d, err := sdoc.OpenModObjProps(path, h.Path())
			if err != nil {
				h.Status(err.Error())
				return nil
			}
			return openObjPropsWindow(d, f.data, h.Preferences().String(DataFolderKey))
		})
	})
	return &tool.Tool{Name: "Object properties", Key: fyne.KeyY, Help: "Edit the properties objprop.dat gives each object type", Options: tool.OptionRow(open)}
}

// openObjPropsWindow shows the object properties editor of d in a window
// of its own; gameData is the game's data folder, which it writes to only
// when the user says so.
func openObjPropsWindow(d *sdoc.ObjProps, data *sdoc.GameData, gameData string) *ObjPropsEditor {
	w := fyne.CurrentApp().NewWindow("Object properties: " + d.Path)
	e := NewObjPropsEditor(d, data)
	e.window, e.gameData = w, gameData
	w.SetContent(e.Content())
	w.Resize(fyne.NewSize(760, 640))
	w.Show()
	return e
}

// ObjPropsEditor edits objprop.dat: the type chosen by class, subclass
// and type name, and a form of its common, generic and specific
// properties. Its edits are steps of the file's own history.
type ObjPropsEditor struct {
	d                    *sdoc.ObjProps
	data                 *sdoc.GameData
	class, subclass, typ *widget.Select
	form                 *fyne.Container
	Form                 *propgrid.Form // the chosen type's form
	window               fyne.Window    // for error dialogs; nil in tests
	closed               bool
	// gameData is the game's data folder; Save writes there only once
	// the user has chosen Save over the game's data (overData).
	gameData string
	overData bool
	where    *widget.Label // where it was read from and is saved to
}

// NewObjPropsEditor builds the editor of d, naming types from data
// (which may be nil).
func NewObjPropsEditor(d *sdoc.ObjProps, data *sdoc.GameData) *ObjPropsEditor {
	e := &ObjPropsEditor{d: d, data: data, class: widget.NewSelect(nil, nil), subclass: widget.NewSelect(nil, nil),
		typ: widget.NewSelect(nil, nil), form: container.NewStack()}
	for c, name := range scodec.ClassNames {
		e.class.Options = append(e.class.Options, fmt.Sprintf("%d %s", c, name))
	}
	e.class.OnChanged = func(string) {
		e.subclass.Options = nil
		for s, sub := range scodec.Subclasses[e.class.SelectedIndex()] {
			e.subclass.Options = append(e.subclass.Options, fmt.Sprintf("%d %s", s, sub.Name))
		}
		e.subclass.SetSelectedIndex(0)
	}
	e.subclass.OnChanged = func(string) {
		class, subclass := e.class.SelectedIndex(), e.subclass.SelectedIndex()
		e.typ.Options = nil
		for t := range scodec.Subclasses[class][subclass].Types {
			e.typ.Options = append(e.typ.Options, fmt.Sprintf("%d %s", t, data.TypeName(class, subclass, t)))
		}
		e.typ.SetSelectedIndex(0)
	}
	e.typ.OnChanged = func(string) { e.refresh() }
	d.History.OnChange(func(undo.Notice) {
		if !e.closed {
			e.refresh()
		}
	})
	e.class.SetSelectedIndex(0)
	return e
}

// Content is the editor's layout: the type's choice, Undo, Redo and
// Save above the form.
func (e *ObjPropsEditor) Content() fyne.CanvasObject {
	bar := container.NewHBox(e.class, e.subclass, e.typ,
		widget.NewButton("Undo", func() { e.d.History.Undo() }),
		widget.NewButton("Redo", func() { e.d.History.Redo() }),
		widget.NewButton("Save (Ctrl+S)", e.showSaveError(e.Save)))
	if e.d.Source != e.d.Path || e.inGameData(e.d.Path) {
		bar.Add(widget.NewButton("Save over the game's data…", e.confirmSaveOverSource))
	}
	e.where = widget.NewLabel("")
	e.showWhere()
	return container.NewBorder(container.NewVBox(bar, e.where), nil, nil, nil, container.NewVScroll(e.form))
}

// showWhere says where the properties were read from and are saved to.
func (e *ObjPropsEditor) showWhere() {
	e.where.SetText(fmt.Sprintf("Read from %s; saved to %s", e.d.Source, e.d.Path))
	if e.window != nil {
		e.window.SetTitle("Object properties: " + e.d.Path)
	}
}

// inGameData reports whether path is in the game's data folder.
func (e *ObjPropsEditor) inGameData(path string) bool {
	if e.gameData == "" {
		return false
	}
	a, errA := os.Stat(filepath.Dir(path))
	b, errB := os.Stat(e.gameData)
	return errA == nil && errB == nil && os.SameFile(a, b)
}

// showSaveError runs save, showing its error in a dialog.
func (e *ObjPropsEditor) showSaveError(save func() error) func() {
	return func() {
		if err := save(); err != nil && e.window != nil {
			dialog.ShowError(err, e.window)
		}
	}
}

// confirmSaveOverSource saves over the file the properties were read
// from, the game's own data, once the user has confirmed it.
func (e *ObjPropsEditor) confirmSaveOverSource() {
	if e.window == nil {
		return
	}
	msg := fmt.Sprintf("Write the object properties over %s?\nEvery mission the game plays will use them. The file's current contents are kept as %s.",
		e.d.Source, filepath.Base(e.d.Source)+document.BackupSuffix)
	c := dialog.NewConfirm("Save over the game's data?", msg, func(yes bool) {
		if yes {
			e.d.Path, e.overData = e.d.Source, true
			e.showWhere()
			e.showSaveError(e.Save)()
		}
	}, e.window)
	c.SetConfirmText("Save over it")
	c.SetConfirmImportance(widget.DangerImportance)
	c.Show()
}

// Window is the editor's window.
func (e *ObjPropsEditor) Window() fyne.Window { return e.window }

// Unsaved says whether edits are not saved.
func (e *ObjPropsEditor) Unsaved() string {
	if !e.d.History.Dirty() {
		return ""
	}
	return "the object properties have unsaved changes"
}

// Keep saves the edits.
func (e *ObjPropsEditor) Keep() error { return e.Save() }

// Closed stops the editor following the history.
func (e *ObjPropsEditor) Closed() { e.Close() }

// History is objprop.dat's own history.
func (e *ObjPropsEditor) History() *undo.Stack { return e.d.History }

// Save writes objprop.dat where the editor saves it; the game's data
// folder's only once the user chose to save over it.
func (e *ObjPropsEditor) Save() error {
	if !e.overData && e.inGameData(e.d.Path) {
		return fmt.Errorf("%s is the game's own data, which every mission uses: write it with Save over the game's data…, or open a mission's archive to save it as that mission's", e.d.Path)
	}
	return e.d.Save()
}

// Choose shows the properties of a class, subclass and type.
func (e *ObjPropsEditor) Choose(class, subclass, typ int) {
	e.class.SetSelectedIndex(class)
	e.subclass.SetSelectedIndex(subclass)
	e.typ.SetSelectedIndex(typ)
}

// Close stops the editor following the history.
func (e *ObjPropsEditor) Close() { e.closed = true }

// refresh builds the chosen type's form.
func (e *ObjPropsEditor) refresh() {
	i, ok := scodec.TypeIndex(e.class.SelectedIndex(), e.subclass.SelectedIndex(), e.typ.SelectedIndex())
	if !ok {
		return
	}
	common := inspect.RecordFields([]scodec.CommonProps{e.d.Props.Types[i].Common}, commonSpecs,
		func(update func(*scodec.CommonProps)) error { return e.d.SetCommon(i, update) })
	fields := append(common, e.tableFields(i, sdoc.GenericTable, "generic")...)
	fields = append(fields, e.tableFields(i, sdoc.SpecificTable, "specific")...)
	e.Form = propgrid.New(fields)
	e.form.Objects = []fyne.CanvasObject{e.Form}
	e.form.Refresh()
}

// tableFields are the form's fields of a generic or specific entry,
// labelled "generic damage", "specific colour 0".
func (e *ObjPropsEditor) tableFields(i int, table sdoc.PropTable, prefix string) []propgrid.Field {
	var out []propgrid.Field
	for _, f := range e.d.Fields(i, table) {
		lo, hi := f.Range()
		out = append(out, propgrid.Field{Label: prefix + " " + f.Name, Number: &propgrid.Number{
			Value: float64(e.d.Get(i, table, f)), Whole: true, Min: float64(lo), Max: float64(hi),
			Set: func(x float64) error { return e.d.Set(i, table, f, int64(x)) }}})
	}
	return out
}

// commonSpecs label the common properties in words.
var commonSpecs = inspect.Specs{
	"Mass": {Label: "mass (100 g)"}, "HitPoints": {Label: "hit points"}, "RenderType": {Label: "render type"},
	"PhysicsModel": {Label: "physics model"}, "Radius": {Label: "radius"}, "PhysicsY": {Label: "physics y"},
	"PhysicsZ": {Label: "physics z"}, "MFDID": {Label: "MFD id"}, "Bitmap": {Label: "bitmap (bits 12-14: extra frames)"},
	"DestroyEffect": {Label: "destroy effect"},
}
