package shock

import (
	"fmt"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
)

// Describe names r for the status bar: a tile by its place, shape and
// heights (the ceiling absolute), an object by its type's name and
// height.
func (f *session) Describe(r document.Ref) string {
	l, err := f.d.Level(r.Level)
	if err != nil {
		return err.Error()
	}
	switch r.Kind {
	case sdoc.KindTile:
		if r.Index < 0 || r.Index >= len(l.Tiles) {
			break
		}
		t, w := l.Tiles[r.Index], int(l.Info.Width)
		return fmt.Sprintf("Tile (%d, %d): %s, floor %d, ceiling %d (absolute)", r.Index%w, r.Index/w,
			scodec.ShapeNames[t.Shape], t.FloorHeight(), scodec.CeilingAbove(t.CeilingHeight()))
	case sdoc.KindObject:
		if r.Index < 0 || r.Index >= len(l.Objects) {
			break
		}
		o := l.Objects[r.Index]
		return fmt.Sprintf("Object %d: %s, z %g", r.Index, f.typeName(int(o.Class), int(o.Subclass), int(o.Type)), float64(o.Z)/8)
	}
	return fmt.Sprintf("%s %d", r.Kind, r.Index)
}
