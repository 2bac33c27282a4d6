package turok

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TemplatesFolderKey is the preference key of the folder of maps whose
// actors are templates for placing actors.
const TemplatesFolderKey = "turokTemplatesFolder"

// folderTemplates are the templates read from a templates folder, and
// what went wrong reading it.
type folderTemplates struct {
	dir       string
	templates []tdoc.Template
	err       error
}

// readTemplates reads the templates of the folder dir ("" holds none).
func readTemplates(dir string) folderTemplates {
	if dir == "" {
		return folderTemplates{}
	}
	t, err := tdoc.FolderTemplates(dir)
	return folderTemplates{dir, t, err}
}

// summary says what the folder gave: how many templates of how many
// types, and which files could not be read.
func (t folderTemplates) summary() string {
	if t.dir == "" {
		return "Choose a folder of Turok EX maps: their actors become templates for the Place actor tool, beside the open map's."
	}
	types := map[int32]bool{}
	for _, tp := range t.templates {
		types[tp.Actor.Type] = true
	}
	s := fmt.Sprintf("%s of %s", document.Count(len(t.templates), "template"), document.Count(len(types), "actor type"))
	if t.err != nil {
		s += "\nsome files could not be read: " + t.err.Error()
	}
	return s
}

// templatesSetting is the Settings row of the templates folder; a new
// folder is read once, and the open map's tools offer its templates.
func templatesSetting(h game.Host) game.Setting {
	return game.Setting{Label: "Turok actor templates", Widget: game.PathSetting(h, TemplatesFolderKey, true, func(dir string) string {
		f, ok := h.Session().(*session)
		if !ok {
			return readTemplates(dir).summary()
		}
		if f.folder.dir != dir {
			f.folder = readTemplates(dir)
		}
		return f.folder.summary()
	}, func() {
		if _, ok := h.Session().(*session); ok {
			h.Retool()
		}
	})}
}

// templates are the templates the Place actor tool offers: the open
// map's actors', then the templates folder's.
func (f *session) templates() []tdoc.Template {
	name := filepath.Base(f.d.Path)
	if f.d.Path == "" {
		name = "the open map"
	}
	return tdoc.MergeTemplates(tdoc.MapTemplates(f.d.Map, name), f.folder.templates)
}

// templateEntry is a searchable choice of a template: typing narrows
// the list to the names holding every word typed.
type templateEntry struct {
	widget.SelectEntry
	templates []tdoc.Template
	names     []string
	offered   []string // the names the list offers now
}

// newTemplateEntry is a template entry that says in the status bar of h
// when the text typed matches no template, the list then being empty,
// and how many match once some do again.
func newTemplateEntry(h game.Host) *templateEntry {
	e := &templateEntry{}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.PlaceHolder = "type to search the templates"
	missed := false // whether the status says that nothing matches
	e.OnChanged = func(text string) {
		e.offer(e.matching(text))
		switch {
		case len(e.offered) == 0 && len(e.names) > 0:
			h.Status(fmt.Sprintf("no template matches %q", text))
			missed = true
		case missed:
			h.Status(fmt.Sprintf("%q matches %s", text, document.Count(len(e.offered), "template")))
			missed = false
		}
	}
	return e
}

// offer lists names.
func (e *templateEntry) offer(names []string) {
	e.offered = names
	e.SetOptions(names)
}

// set offers templates, keeping the one chosen when it is among them,
// else choosing the first that is not the player's start (a map has
// one, and a second placed by accident is a bug in the level).
func (e *templateEntry) set(templates []tdoc.Template) {
	e.templates, e.names = templates, make([]string, len(templates))
	for i, t := range templates {
		e.names[i] = t.Name()
	}
	if !slices.Contains(e.names, e.Text) && len(e.names) > 0 {
		first := max(0, slices.IndexFunc(templates, func(t tdoc.Template) bool { return t.Actor.Type != tcodec.PlayerType }))
		e.SetText(e.names[first])
	}
	e.offer(e.matching(e.Text))
}

// matching are the names holding every word of text (any case); all of
// them for a whole name or no text.
func (e *templateEntry) matching(text string) []string {
	if text == "" || slices.Contains(e.names, text) {
		return e.names
	}
	words := strings.Fields(strings.ToLower(text))
	var out []string
	for _, n := range e.names {
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(strings.ToLower(n), w) }) {
			out = append(out, n)
		}
	}
	return out
}

// Value is the chosen template: the one named by the text, or the one
// template it matches.
func (e *templateEntry) Value() (tdoc.Template, error) {
	if i := slices.Index(e.names, e.Text); i >= 0 {
		return e.templates[i], nil
	}
	if m := e.matching(e.Text); len(m) == 1 {
		return e.templates[slices.Index(e.names, m[0])], nil
	}
	return tdoc.Template{}, fmt.Errorf("no one template is named %q: choose one from the list", e.Text)
}

// defaultTemplate is the actor placed where there are no templates: of
// type kind with health, 40 units wide and 80 high.
func defaultTemplate(kind int32, health int) tdoc.Template {
	return tdoc.Template{Actor: tcodec.Actor{Type: kind, Scale: tcodec.Vec3{X: 1, Y: 1, Z: 1},
		BoundsMin: tcodec.Vec3{X: -20, Y: -20}, BoundsMax: tcodec.Vec3{X: 20, Y: 20, Z: 80},
		SpeciesMask: 255, Health: int16(health), TargetTID: -1, Variant: -1}}
}

// placeTool places an actor at a click, on the floor of the sector there,
// turned to the chosen yaw: a copy of the chosen template (an actor of
// the open map or of the templates folder), or where there are none an
// actor of the chosen type and health. Its key is O, as the other games'
// placement tools': A flies the 3D view.
func (f *session) placeTool(h game.Host) *tool.Tool {
	template := newTemplateEntry(h)
	kind := typeOption(100)
	startHealth := tool.NewIntOption(100, 0, 32767)
	yaw := tool.NewIntOption(0, -360, 360)
	templateRow := container.NewHBox(widget.NewLabel("Template"), wide(template))
	typeRow := container.NewHBox(widget.NewLabel("Type"), kind.Select, widget.NewLabel("Health"), startHealth.Entry)
	// offer brings the templates up to date with the map and the folder,
	// or offers a type and health where there are none.
	offer := func() {
		template.set(f.templates())
		if len(template.templates) > 0 {
			templateRow.Show()
			typeRow.Hide()
		} else {
			templateRow.Hide()
			typeRow.Show()
		}
	}
	offer()
	t := &tool.Tool{Name: "Place actor", Key: fyne.KeyO, Group: placeGroup, Help: "click a sector to place a copy of the template there",
		Options:    tool.OptionRow(templateRow, typeRow, widget.NewLabel("Yaw (°)"), yaw.Entry),
		LevelShown: offer}
	t.Click = func(p tool.Pointer) tool.Path {
		tp := defaultTemplate(kind.Value(), startHealth.Value())
		if len(template.templates) > 0 {
			var err error
			if tp, err = template.Value(); err != nil {
				h.Status(err.Error())
				return nil
			}
		}
		i, err := f.d.PlaceFromTemplate(tp, float32(p.At.X), float32(p.At.Y), float32(radians(float64(yaw.Value()))))
		game.Placed(h, document.Ref{Kind: tdoc.KindActor, Index: i}, err)
		return nil
	}
	return t
}

// actorFirst are the labels of the actor fields a modder commonly sets,
// in the order the inspector shows them ahead of the others.
var actorFirst = []string{"Type", "Type number", "Origin X", "Origin Y", "Origin Z", "Yaw", "Health", "TID", "TargetTID",
	"Model", "Anim", "SightRange", "SightFOV", "LoudRange", "QuietRange", "AttackRange", "MeleeRange", "LeashRadius",
	"FlyHeight", "StepHeight"}

// commonFirst puts the fields labelled first ahead of the others, in
// that order; the others keep theirs.
func commonFirst(fields []propgrid.Field, first []string) []propgrid.Field {
	rank := func(f propgrid.Field) int {
		if i := slices.Index(first, f.Label); i >= 0 {
			return i
		}
		return len(first)
	}
	out := slices.Clone(fields)
	slices.SortStableFunc(out, func(a, b propgrid.Field) int { return rank(a) - rank(b) })
	return out
}

// snapToFloor is the action that sets the selected actors or static
// meshes down on the floor under them, as one step, with snap.
func snapToFloor(h game.Host, snap func() error) propgrid.Field {
	return propgrid.Field{Label: "floor", Action: &propgrid.Action{Label: "Snap to floor", Do: func() {
		if err := snap(); err != nil {
			h.ShowError(err)
		}
	}}}
}
