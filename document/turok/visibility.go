package turok

import (
	"errors"

	"github.com/levelwright/levelwright/document"
)

// VisibilityStale reports whether the visibility tables were made for
// other sectors or static meshes than the map has now. Edits keep the
// tables' shape right (a row per sector, a bit per mesh, each mesh's
// bits moving with it) but cannot know what a sector sees; the modder
// rebuilds them or keeps them, with a command.
func (d *Document) VisibilityStale() bool { return d.state.staleVisibility }

// RebuildVisibility rebuilds the visibility tables the conservative way:
// every static mesh visible from every sector.
func (d *Document) RebuildVisibility() error {
	m := d.Map
	if m.Visibility == nil {
		return errors.New("the map has no visibility tables")
	}
	v := m.NewVisibility()
	for r := range len(m.Sectors) {
		for c := range m.MeshCount() {
			v.SetVisible(r, c, true)
		}
	}
	e := d.begin()
	document.TouchValue(e.Edit, visibilityValue)
	m.Visibility = v
	d.keepVisibility(e)
	return e.commit("Rebuild visibility tables (everything visible)", "")
}

// KeepVisibility keeps the visibility tables as they are and drops the
// stale mark.
func (d *Document) KeepVisibility() error {
	if !d.state.staleVisibility {
		return errors.New("the visibility tables are not stale")
	}
	e := d.begin()
	d.keepVisibility(e)
	return e.commit("Keep visibility tables", "")
}

func (d *Document) keepVisibility(e *edit) {
	document.TouchValue(e.Edit, staleValue)
	d.state.staleVisibility = false
}
