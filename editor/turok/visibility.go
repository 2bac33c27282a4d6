package turok

import (
	"fmt"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// InspectLevel is the inspector's sections when nothing is selected: the
// map's visibility tables.
func (f *session) InspectLevel(h game.Host) []inspect.Section {
	return []inspect.Section{f.visibilitySection(h)}
}

// visibilitySection shows the visibility tables' shape and whether they
// are stale, with commands to rebuild them by line of sight and, when
// stale, to keep them as they are; each is one undo step.
func (f *session) visibilitySection(h game.Host) inspect.Section {
	m := f.d.Map
	v := m.Visibility
	if v == nil {
		return inspect.Section{Title: "Visibility", Fields: []propgrid.Field{{Label: "tables", Text: &propgrid.Text{Value: "none (the map has no visibility tables)"}}}}
	}
	state := "up to date"
	if f.d.VisibilityStale() {
		state = "stale: made for other sectors or meshes"
	}
	shape := fmt.Sprintf("%d sectors × %d static meshes, %s", v.Count, m.MeshCount(), state)
	fields := []propgrid.Field{{Label: "tables", Text: &propgrid.Text{Value: shape},
		Action: &propgrid.Action{Label: "Rebuild", Do: func() {
			changed, err := f.d.RebuildVisibility()
			report(h, fmt.Sprintf("Visibility rebuilt by line of sight: %d bits changed", changed), err)
		}}}}
	if f.d.VisibilityStale() {
		fields = append(fields, propgrid.Field{Label: "keep", Text: &propgrid.Text{Value: "the tables as they are"},
			Action: &propgrid.Action{Label: "Keep", Do: func() {
				report(h, "Visibility tables kept as they are", f.d.KeepVisibility())
			}}})
	}
	return inspect.Section{Title: "Visibility", Fields: fields}
}

// report puts what a command did, or its error, in the status bar of h
// (none in tests).
func report(h game.Host, done string, err error) {
	switch {
	case h == nil:
	case err != nil:
		h.Status(err.Error())
	default:
		h.Status(done)
	}
}
