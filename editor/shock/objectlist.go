package shock

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

var _ game.EntityLister = (*session)(nil)

// objectRow is one object of the list: its line and the lower-case text
// a search matches (its name, class and the inspector's field text).
type objectRow struct {
	id     int
	line   string
	search string
}

// objectList is the panel listing every object of the shown level by
// name, class and position, with a search box; choosing a row goes to
// the object (selects it and centres the map on it).
type objectList struct {
	rows  []objectRow
	shown []objectRow
	list  *widget.List
	query *widget.Entry
	box   fyne.CanvasObject
}

// EntityList is the object list of the shown level.
func (f *session) EntityList(h game.Host) fyne.CanvasObject { return f.objectList(h).box }

func (f *session) objectList(h game.Host) *objectList {
	p := &objectList{rows: f.objectRows(h)}
	p.shown = p.rows
	p.list = widget.NewList(func() int { return len(p.shown) }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(p.shown[i].line) })
	p.list.OnSelected = func(i widget.ListItemID) {
		if err := h.GoTo(sdoc.KindObject, p.shown[i].id); err != nil {
			h.ShowError(err)
		}
	}
	p.query = widget.NewEntry()
	p.query.SetPlaceHolder("search name, class, fields")
	p.query.OnChanged = p.filter
	count := widget.NewLabel(fmt.Sprintf("%d objects", len(p.rows)))
	p.box = container.NewBorder(container.NewVBox(p.query, count), nil, nil, nil, p.list)
	return p
}

// filter shows the rows matching every word of query.
func (p *objectList) filter(query string) {
	words := strings.Fields(strings.ToLower(query))
	p.shown = nil
	for _, r := range p.rows {
		if matchesAll(r.search, words) {
			p.shown = append(p.shown, r)
		}
	}
	p.list.UnselectAll()
	p.list.Refresh()
}

func matchesAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// objectRows are the rows of the shown level's objects in use, by index.
func (f *session) objectRows(h game.Host) []objectRow {
	level := h.Level()
	l := f.d.Archive.Levels[level]
	var rows []objectRow
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
		rows = append(rows, objectRow{id: id, line: line, search: strings.ToLower(line + "\n" + f.fieldText(h, id))})
	}
	return rows
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
