package turok

import "github.com/levelwright/levelwright/document"

// The kinds of a Turok map's entities, as refs, handles and the changes
// of its edits name them. A static mesh is an entity of its own in refs
// and handles; its edits change the section that holds it.
const (
	KindVertex     document.Kind = "vertex"
	KindSector     document.Kind = "sector"
	KindSectorSet  document.Kind = "sector-set"
	KindActor      document.Kind = "actor"
	KindMesh       document.Kind = "mesh"
	KindSection    document.Kind = "section"
	KindGridBounds document.Kind = "grid-bounds"
	KindVisibility document.Kind = "visibility"
)

// Kinds lists every kind a Turok document names in refs and in the
// changes of its edits.
func Kinds() []document.Kind {
	return []document.Kind{KindVertex, KindSector, KindSectorSet, KindActor, KindMesh, KindSection, KindGridBounds, KindVisibility}
}
