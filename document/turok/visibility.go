package turok

import (
	"errors"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// VisibilityStale reports whether the visibility tables were made for
// other sectors or static meshes than the map has now. Edits keep the
// tables' shape right (a row per sector, a bit per mesh, each mesh's
// bits moving with it) but cannot know what a sector sees; the modder
// rebuilds them or keeps them, with a command.
func (d *Document) VisibilityStale() bool { return d.state.staleVisibility }

// RebuildVisibility rebuilds the visibility tables by line of sight
// (codec.Map.SightVisibility): each sector sees the static meshes that a
// ray from it reaches past the terrain and the walls, and clears the
// stale mark, in one step (none when the tables were fresh and come out
// the same). It returns how many mesh bits changed.
func (d *Document) RebuildVisibility() (changed int, err error) {
	m := d.Map
	if m.Visibility == nil {
		return 0, errors.New("the map has no visibility tables")
	}
	v := m.SightVisibility()
	changed = codec.ChangedBits(m.Visibility, v, m.MeshCount())
	e := d.begin()
	document.TouchValue(e.Edit, visibilityValue)
	m.Visibility = v
	d.keepVisibility(e)
	return changed, e.commit("Rebuild visibility tables", "")
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
