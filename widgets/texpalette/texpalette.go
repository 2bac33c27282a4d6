// Package texpalette is a Fyne widget that offers pictures to choose
// from: a grid of named, grouped pictures that a search narrows down,
// one of them chosen. It knows no game: its items are pictures with
// names and groups, chosen by their index.
package texpalette

import (
	"image"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// An Item is one picture of the palette, with its name and group (a
// collection, a size).
type Item struct {
	Name, Group string
	Picture     image.Image
}

// Palette is the widget: a search entry over a grid of the items whose
// name or group holds the text searched for, and a note under them (what
// to set up when there are none, say).
type Palette struct {
	widget.BaseWidget

	// OnChosen is called with the index of the item chosen, -1 for none.
	OnChosen func(i int)

	items  []Item
	shown  []int // the indexes of the items the search lets through
	chosen int   // the index of the item chosen, -1 for none
	search *widget.Entry
	grid   *widget.GridWrap
	note   *widget.Label
	// cellWidth is how wide a cell is: as its longest name or group,
	// within thumb and widest.
	cellWidth float32
}

// thumb is the size of a picture in the grid.
const thumb = 64

// widest is the widest a cell grows for a long name; a name longer
// still is cut.
const widest = 280

// New returns an empty palette.
func New() *Palette {
	p := &Palette{chosen: -1, search: widget.NewEntry(), note: widget.NewLabel("")}
	p.search.SetPlaceHolder("Search names and groups")
	p.search.OnChanged = func(string) { p.filter() }
	p.note.Wrapping = fyne.TextWrapWord
	p.note.Hide()
	p.grid = widget.NewGridWrap(func() int { return len(p.shown) }, p.newCell, p.fillCell)
	p.grid.OnSelected = func(id widget.GridWrapItemID) {
		if id >= 0 && id < len(p.shown) && p.chosen != p.shown[id] {
			p.choose(p.shown[id])
		}
	}
	p.ExtendBaseWidget(p)
	return p
}

func (p *Palette) newCell() fyne.CanvasObject {
	img := canvas.NewImageFromImage(nil)
	img.FillMode = canvas.ImageFillContain
	img.ScaleMode = canvas.ImageScalePixels
	img.SetMinSize(fyne.NewSize(thumb, thumb))
	name := widget.NewLabel("")
	name.Truncation = fyne.TextTruncateEllipsis
	name.Alignment = fyne.TextAlignCenter
	group := widget.NewLabel("")
	group.Truncation = fyne.TextTruncateEllipsis
	group.Alignment = fyne.TextAlignCenter
	group.Importance = widget.LowImportance
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(p.cellWidth, 0))
	return container.NewStack(width, container.NewVBox(img, name, group))
}

// nameWidth is how wide a cell must be to show every item's name and
// group whole, within thumb and widest.
func nameWidth(items []Item) float32 {
	w := float32(thumb)
	for _, it := range items {
		for _, text := range []string{it.Name, it.Group} {
			w = max(w, fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width+2*theme.InnerPadding())
		}
	}
	return min(w, widest)
}

func (p *Palette) fillCell(id widget.GridWrapItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(p.shown) {
		return
	}
	it := p.items[p.shown[id]]
	parts := o.(*fyne.Container).Objects[1].(*fyne.Container).Objects
	img := parts[0].(*canvas.Image)
	img.Image = it.Picture
	img.Refresh()
	parts[1].(*widget.Label).SetText(it.Name)
	parts[2].(*widget.Label).SetText(it.Group)
}

// SetItems shows items, in their order; the item chosen stays chosen
// when items holds one of the same name and group, else none is.
func (p *Palette) SetItems(items []Item) {
	var was *Item
	if p.chosen >= 0 {
		was = &p.items[p.chosen]
	}
	p.items, p.chosen = items, -1
	for i, it := range items {
		if was != nil && it.Name == was.Name && it.Group == was.Group {
			p.chosen = i
			break
		}
	}
	p.filter()
	if w := nameWidth(items); w != p.cellWidth {
		p.cellWidth = w
		p.grid.Refresh() // its cells take the new width
	}
	if was != nil && p.chosen < 0 && p.OnChosen != nil {
		p.OnChosen(-1)
	}
}

// SetNote shows text under the grid; "" shows none.
func (p *Palette) SetNote(text string) {
	p.note.SetText(text)
	p.note.Hidden = text == ""
	p.Refresh()
}

// Note is the text under the grid.
func (p *Palette) Note() string { return p.note.Text }

// Search shows only the items whose name or group holds text, in any
// letter case; "" shows them all.
func (p *Palette) Search(text string) { p.search.SetText(text) }

// Shown lists the indexes of the items the search lets through.
func (p *Palette) Shown() []int { return p.shown }

// Item is the item of index i.
func (p *Palette) Item(i int) Item { return p.items[i] }

// Chosen is the index of the item chosen, -1 for none.
func (p *Palette) Chosen() int { return p.chosen }

// Choose chooses the item of index i (-1: none) and shows it, as a
// click on it does.
func (p *Palette) Choose(i int) {
	if i < -1 || i >= len(p.items) {
		i = -1
	}
	p.choose(i)
}

func (p *Palette) choose(i int) {
	p.chosen = i
	p.selectChosen()
	if p.OnChosen != nil {
		p.OnChosen(i)
	}
}

// filter lists the items the search lets through.
func (p *Palette) filter() {
	text := strings.ToLower(strings.TrimSpace(p.search.Text))
	p.shown = p.shown[:0]
	for i, it := range p.items {
		if text == "" || strings.Contains(strings.ToLower(it.Name), text) || strings.Contains(strings.ToLower(it.Group), text) {
			p.shown = append(p.shown, i)
		}
	}
	p.grid.Refresh()
	p.selectChosen()
}

// selectChosen marks the chosen item in the grid, when shown.
func (p *Palette) selectChosen() {
	for id, i := range p.shown {
		if i == p.chosen {
			p.grid.Select(id)
			p.grid.ScrollTo(id)
			return
		}
	}
	p.grid.UnselectAll()
}

// CreateRenderer lays the search over the grid, and the note under it.
func (p *Palette) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(p.search, p.note, nil, nil, p.grid))
}
