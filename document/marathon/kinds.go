package marathon

import "github.com/levelwright/levelwright/document"

// The kinds of a Marathon level's entities, as refs, handles and the
// changes of its edits name them.
const (
	KindEndpoint     document.Kind = "endpoint"
	KindLine         document.Kind = "line"
	KindSide         document.Kind = "side"
	KindPolygon      document.Kind = "polygon"
	KindObject       document.Kind = "object"
	KindLight        document.Kind = "light"
	KindAnnotation   document.Kind = "annotation"
	KindInfo         document.Kind = "info"
	KindPlacement    document.Kind = "placement"
	KindPlatform     document.Kind = "platform"
	KindLiquid       document.Kind = "liquid"
	KindAmbientSound document.Kind = "ambient-sound"
	KindRandomSound  document.Kind = "random-sound"
	KindMapIndex     document.Kind = "map-index"
	KindTerminal     document.Kind = "terminal"
	// KindPhysics: a physics record (see Physics), in the level of its wad entry.
	KindPhysics document.Kind = "physics"
)

// Kinds lists every kind a Marathon document's edits name in their
// changes.
func Kinds() []document.Kind {
	return []document.Kind{KindEndpoint, KindLine, KindSide, KindPolygon, KindObject, KindLight, KindAnnotation,
		KindInfo, KindPlacement, KindPlatform, KindLiquid, KindAmbientSound, KindRandomSound, KindMapIndex, KindTerminal, KindPhysics}
}
