package shock

import (
	"fmt"

	"fyne.io/fyne/v2"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/entitylist"
	"github.com/levelwright/levelwright/editor/game"
)

var _ game.EntityLister = (*session)(nil)

// EntityList is the object list of the shown level: every object by
// name, class and position, with a search box (of names, classes and the
// inspector's field text); choosing a row goes to the object (selects
// it and centres the map on it).
func (f *session) EntityList(h game.Host) fyne.CanvasObject { return f.objectList(h).Box }

func (f *session) objectList(h game.Host) *entitylist.Panel {
	rows := f.objectRows(h)
	return entitylist.New(h, rows, "search name, class, fields", fmt.Sprintf("%d objects", len(rows)))
}

// objectRows are the rows of the shown level's objects in use, by index.
func (f *session) objectRows(h game.Host) []entitylist.Row {
	level := h.Level()
	l := f.d.Archive.Levels[level]
	var rows []entitylist.Row
	for id, o := range l.Objects {
		if id == 0 || o.Active == 0 {
			continue
		}
		name := f.typeName(int(o.Class), int(o.Subclass), int(o.Type))
		class := fmt.Sprintf("class %d", o.Class)
		if int(o.Class) < scodec.NumClasses {
			class = scodec.ClassNames[o.Class]
		}
		line := fmt.Sprintf("%d: %s (%s) at tile (%d, %d)", id, name, class, o.TileX(), o.TileY())
		rows = append(rows, entitylist.Row{Ref: document.Ref{Level: level, Kind: sdoc.KindObject, Index: id}, Line: line, Search: entitylist.FieldText(f.Inspect(h, sdoc.KindObject, []int{id}))})
	}
	return rows
}
