package turok

import (
	"fmt"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
)

// Describe names r for the status bar: an actor by its type's name,
// health and height, a sector by its set and corners' heights, a static
// mesh by its model.
func (f *session) Describe(r document.Ref) string {
	m := f.d.Map
	switch r.Kind {
	case tdoc.KindActor:
		if r.Index >= 0 && r.Index < len(m.Actors) {
			a := m.Actors[r.Index]
			return fmt.Sprintf("Actor %d: %s, health %d, z %s", r.Index, tcodec.ActorTypeName(a.Type), a.Health, statusUnits(a.Origin.Z))
		}
	case tdoc.KindSector:
		if r.Index >= 0 && r.Index < len(m.Sectors) {
			s := m.Sectors[r.Index]
			return fmt.Sprintf("Sector %d: set %d, corners %d %d %d", r.Index, s.Set, s.Vertices[0], s.Vertices[1], s.Vertices[2])
		}
	case tdoc.KindMesh:
		n := r.Index
		for _, sec := range m.Sections {
			if n < len(sec.Meshes) && n >= 0 {
				return fmt.Sprintf("Static mesh %d: %s, z %s", r.Index, sec.Meshes[n].Model, statusUnits(sec.Meshes[n].Origin.Z))
			}
			n -= len(sec.Meshes)
		}
	}
	return fmt.Sprintf("%s %d", r.Kind, r.Index)
}
