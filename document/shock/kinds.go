package shock

import "github.com/levelwright/levelwright/document"

// The kinds of a System Shock level's entities, as refs, handles and the
// changes of its edits name them.
const (
	KindTile       document.Kind = "tile"
	KindObject     document.Kind = "object"
	KindXref       document.Kind = "xref"
	KindClassEntry document.Kind = "class-entry"
	KindLevel      document.Kind = "level" // the level's own properties
)

// Kinds lists every kind a System Shock document's edits name in their
// changes.
func Kinds() []document.Kind {
	return []document.Kind{KindTile, KindObject, KindXref, KindClassEntry, KindLevel}
}
