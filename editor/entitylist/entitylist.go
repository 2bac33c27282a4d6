// Package entitylist is the panel View > Entity List shows: a level's
// entities, a line each, searched by words, a row chosen going to its
// entity.
package entitylist

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/inspect"
)

// Row is one entity of the list: the entity, its line, and the text a
// search matches besides the line (the inspector's fields, say).
type Row struct {
	Ref    document.Ref
	Line   string
	Search string
}

// Panel is the list with its search box and count.
type Panel struct {
	rows   []Row
	search []string // by row: the lower-case text a search matches
	shown  []Row
	List   *widget.List
	Query  *widget.Entry
	Box    fyne.CanvasObject
}

// Host is what the panel uses of the window: going to an entity, and
// saying why it could not.
type Host interface {
	GoTo(kind document.Kind, index int) error
	ShowError(err error)
}

// New is the panel of rows, counted as count ("12 objects"), whose
// search box says placeholder; choosing a row goes to its entity in h.
func New(h Host, rows []Row, placeholder, count string) *Panel {
	p := &Panel{rows: rows, shown: rows}
	for _, r := range rows {
		p.search = append(p.search, strings.ToLower(r.Line+"\n"+r.Search))
	}
	p.List = widget.NewList(func() int { return len(p.shown) }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(p.shown[i].Line) })
	p.List.OnSelected = func(i widget.ListItemID) {
		if err := h.GoTo(p.shown[i].Ref.Kind, p.shown[i].Ref.Index); err != nil {
			h.ShowError(err)
		}
	}
	p.Query = widget.NewEntry()
	p.Query.SetPlaceHolder(placeholder)
	p.Query.OnChanged = p.filter
	p.Box = container.NewBorder(container.NewVBox(p.Query, widget.NewLabel(count)), nil, nil, nil, p.List)
	return p
}

// Shown are the rows the list shows, those the search matches.
func (p *Panel) Shown() []Row { return p.shown }

// filter shows the rows matching every word of query.
func (p *Panel) filter(query string) {
	words := strings.Fields(strings.ToLower(query))
	p.shown = nil
	for i, r := range p.rows {
		if MatchesAll(p.search[i], words) {
			p.shown = append(p.shown, r)
		}
	}
	p.List.UnselectAll()
	p.List.Refresh()
}

// MatchesAll reports whether text holds every one of words.
func MatchesAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// FieldText is the fields of sections as "label: value" lines, for a
// row's search: an entity is found by what its inspector shows.
func FieldText(sections []inspect.Section) string {
	var b strings.Builder
	for _, s := range sections {
		for _, field := range s.Fields {
			var value string
			switch {
			case field.Text != nil:
				value = field.Text.Value
			case field.Choice != nil && field.Choice.Index >= 0 && field.Choice.Index < len(field.Choice.Options):
				value = field.Choice.Options[field.Choice.Index]
			case field.Number != nil:
				value = fmt.Sprint(field.Number.Value)
			}
			fmt.Fprintf(&b, "%s: %s\n", field.Label, value)
		}
	}
	return b.String()
}
