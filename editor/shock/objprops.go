package shock

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
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
// editor of the game data's objprop.dat.
func (f *session) objPropsTool(h game.Host) *tool.Tool {
	open := widget.NewButton("Edit objprop.dat…", func() {
		_, path := f.data.Props()
		if path == "" {
			h.Status("The game data has no objprop.dat: choose the game's data folder in Settings.")
			return
		}
		d, err := sdoc.OpenObjProps(path)
		if err != nil {
			h.Status(err.Error())
			return
		}
		openObjPropsWindow(d, f.data)
	})
	return &tool.Tool{Name: "Object properties", Key: fyne.KeyY, Help: "Edit the properties objprop.dat gives each object type", Options: tool.OptionRow(open)}
}

// openObjPropsWindow shows the object properties editor of d in a window
// of its own.
func openObjPropsWindow(d *sdoc.ObjProps, data *sdoc.GameData) fyne.Window {
	w := fyne.CurrentApp().NewWindow("Object properties: " + d.Path)
	e := NewObjPropsEditor(d, data)
	e.window = w
	w.SetContent(e.Content())
	w.Resize(fyne.NewSize(760, 640))
	w.SetOnClosed(e.Close)
	w.Show()
	return w
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
		widget.NewButton("Save", func() {
			if err := e.d.Save(); err != nil && e.window != nil {
				dialog.ShowError(err, e.window)
			}
		}))
	return container.NewBorder(bar, nil, nil, nil, container.NewVScroll(e.form))
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
