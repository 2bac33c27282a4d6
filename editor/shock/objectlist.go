package shock

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/propgrid"
	"github.com/levelwright/levelwright/widgets/searchlist"
)

var _ game.EntityLister = (*session)(nil)

// objectList is the panel listing every object of the shown level by
// name, class and position, with a search box matching names, classes
// and the inspector's field text; choosing a row goes to the object
// (selects it and centres the map on it). ids are the rows' objects.
type objectList struct {
	*searchlist.List
	ids []int
}

// EntityList is the object list of the shown level.
func (f *session) EntityList(h game.Host) fyne.CanvasObject { return f.objectList(h).Box }

func (f *session) objectList(h game.Host) *objectList {
	rows, ids := f.objectRows(h)
	p := &objectList{ids: ids}
	p.List = searchlist.New(rows, fmt.Sprintf("%d objects", len(rows)), "search name, class, fields", func(row int) {
		if err := h.GoTo(sdoc.KindObject, ids[row]); err != nil {
			h.ShowError(err)
		}
	})
	return p
}

// objectRows are the rows of the shown level's objects in use, by index,
// and their objects.
func (f *session) objectRows(h game.Host) (rows []searchlist.Row, ids []int) {
	level := h.Level()
	l := f.d.Archive.Levels[level]
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
		rows = append(rows, searchlist.Row{Line: line, Search: strings.ToLower(line + "\n" + f.fieldText(h, id))})
		ids = append(ids, id)
	}
	return rows, ids
}

// fieldText is the object's inspector fields as "label: value" lines.
func (f *session) fieldText(h game.Host, id int) string {
	var b strings.Builder
	for _, s := range f.Inspect(h, sdoc.KindObject, []int{id}) {
		for _, field := range s.Fields {
			fmt.Fprintf(&b, "%s: %s\n", field.Label, fieldValue(field))
		}
	}
	return b.String()
}

// fieldValue is what a field shows, as text.
func fieldValue(field propgrid.Field) string {
	switch {
	case field.Text != nil:
		return field.Text.Value
	case field.Choice != nil && field.Choice.Index >= 0 && field.Choice.Index < len(field.Choice.Options):
		return field.Choice.Options[field.Choice.Index]
	case field.Number != nil:
		return fmt.Sprint(field.Number.Value)
	}
	return ""
}
