// Package searchlist is a panel of lines to search and choose from, such
// as a level's entities: a search box, a count, and the rows that match
// every word typed; choosing a row calls back with it.
package searchlist

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// A Row is one line of the list and the text a search matches.
type Row struct {
	Line string
	// Search is the lower-case text a search matches: the line and
	// whatever else finds the row (a name, fields).
	Search string
}

// List is the panel.
type List struct {
	Rows []Row
	// Shown are the indexes in Rows of the rows shown, in order.
	Shown []int
	Query *widget.Entry
	List  *widget.List
	// Box is the panel to show: the search box and count over the list.
	Box fyne.CanvasObject
}

// New is a panel of rows under a search box showing placeholder and a
// label saying count; choose is called with the index in rows of the
// row chosen.
func New(rows []Row, count, placeholder string, choose func(row int)) *List {
	l := &List{Rows: rows}
	l.Shown = make([]int, len(rows))
	for i := range rows {
		l.Shown[i] = i
	}
	l.List = widget.NewList(func() int { return len(l.Shown) }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(l.Rows[l.Shown[i]].Line) })
	l.List.OnSelected = func(i widget.ListItemID) { choose(l.Shown[i]) }
	l.Query = widget.NewEntry()
	l.Query.SetPlaceHolder(placeholder)
	l.Query.OnChanged = l.filter
	l.Box = container.NewBorder(container.NewVBox(l.Query, widget.NewLabel(count)), nil, nil, nil, l.List)
	return l
}

// filter shows the rows matching every word of query.
func (l *List) filter(query string) {
	words := strings.Fields(strings.ToLower(query))
	l.Shown = l.Shown[:0]
	for i, r := range l.Rows {
		if Matches(r.Search, words) {
			l.Shown = append(l.Shown, i)
		}
	}
	l.List.UnselectAll()
	l.List.Refresh()
}

// Matches reports whether search holds every one of words.
func Matches(search string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(search, w) {
			return false
		}
	}
	return true
}
