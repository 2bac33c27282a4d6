package editor

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// legendRows is how many swatches the legend lists before it counts the
// rest.
const legendRows = 14

// legendPanel is the shown level's draw mode, chosen from the View menu
// or the legend's own list, and its legend over the map's top left
// corner; and the View menu's layers and grid items. It shows cur's
// scene in view, with the grid's step and snapping.
type legendPanel struct {
	cur   *current
	view  *viewport.View
	grid  *mapGrid
	menus *menus
	prefs fyne.Preferences
	// layersChanged follows a layer shown or hidden: the links drawn
	// over the map go with the Links layer.
	layersChanged func()

	drawModeItem *fyne.MenuItem
	layersItem   *fyne.MenuItem
	gridStepItem *fyne.MenuItem // the open game's grid steps
	snapItem     *fyne.MenuItem
	legendItem   *fyne.MenuItem // View > Legend: whether the legend shows
	modeChoice   *widget.Select
	box          *fyne.Container // the legend's rows
	frame        *fyne.Container // the legend and its background
	area         *fyne.Container // the area over the map that places the legend
}

// build makes the legend shown over the map, hidden.
func (p *legendPanel) build() {
	p.modeChoice = widget.NewSelect(nil, nil)
	p.box = container.NewVBox()
	p.frame = container.NewStack(newLegendBack(p.view), container.NewPadded(container.NewVBox(p.modeChoice, p.box)))
	p.frame.Hide()
	p.area = container.NewVBox(container.NewHBox(p.frame, layout.NewSpacer()), layout.NewSpacer())
}

// legendBack is the legend's backing. It takes the pointer's clicks,
// wheel and moves over the legend, which would otherwise reach the map
// under it: a click on the legend would select what lies there, and the
// pointer over it would highlight it. A drag begun on the legend is the
// map's (under): it gets the press where the drag began, the drag and
// the release, as a drag there would, so that what lies under the legend
// can be moved or boxed.
type legendBack struct {
	widget.BaseWidget
	under    mapPointer
	dragging bool
}

// mapPointer is what a drag on the legend passes to the map.
type mapPointer interface {
	fyne.CanvasObject
	MouseDown(*desktop.MouseEvent)
	Dragged(*fyne.DragEvent)
	DragEnd()
	MouseUp(*desktop.MouseEvent)
}

func newLegendBack(under mapPointer) *legendBack {
	b := &legendBack{under: under}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer draws the backing, dark and a little translucent.
func (b *legendBack) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.NRGBA{12, 14, 20, 200}))
}

// onMap is p, a position on the legend, as a position on the map.
func (b *legendBack) onMap(p fyne.Position) fyne.Position {
	d := fyne.CurrentApp().Driver()
	return p.Add(d.AbsolutePositionForObject(b)).Subtract(d.AbsolutePositionForObject(b.under))
}

// Dragged passes the drag to the map, with the press where it began
// first.
func (b *legendBack) Dragged(ev *fyne.DragEvent) {
	at := b.onMap(ev.Position)
	if !b.dragging {
		b.dragging = true
		start := at.Subtract(fyne.NewPos(ev.Dragged.DX, ev.Dragged.DY))
		b.under.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: start}, Button: desktop.MouseButtonPrimary})
	}
	b.under.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at}, Dragged: ev.Dragged})
}

// DragEnd ends the map's drag.
func (b *legendBack) DragEnd() {
	if b.dragging {
		b.dragging = false
		b.under.DragEnd()
		b.under.MouseUp(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	}
}

func (*legendBack) Tapped(*fyne.PointEvent)          {}
func (*legendBack) TappedSecondary(*fyne.PointEvent) {}
func (*legendBack) DoubleTapped(*fyne.PointEvent)    {}
func (*legendBack) Scrolled(*fyne.ScrollEvent)       {}
func (*legendBack) MouseDown(*desktop.MouseEvent)    {}
func (*legendBack) MouseUp(*desktop.MouseEvent)      {}
func (*legendBack) MouseIn(*desktop.MouseEvent)      {}
func (*legendBack) MouseMoved(*desktop.MouseEvent)   {}
func (*legendBack) MouseOut()                        {}

// menuItems are the View menu's draw mode and layers submenus,
// filled when a level shows.
func (p *legendPanel) menuItems() []*fyne.MenuItem {
	p.drawModeItem = fyne.NewMenuItem("Draw Mode", nil)
	p.drawModeItem.ChildMenu = fyne.NewMenu("")
	p.layersItem = fyne.NewMenuItem("Layers", nil)
	p.layersItem.ChildMenu = fyne.NewMenu("")
	p.gridStepItem = fyne.NewMenuItem("Grid Step", nil)
	p.gridStepItem.ChildMenu = fyne.NewMenu("")
	p.snapItem = fyne.NewMenuItem("Snap to Grid", func() { p.grid.SetSnap(!p.grid.snapping()) })
	p.legendItem = fyne.NewMenuItem("Legend", func() {
		p.prefs.SetBool(prefLegend, !p.prefs.BoolWithFallback(prefLegend, true))
		if p.cur.scene != nil {
			p.show()
		}
	})
	return []*fyne.MenuItem{p.drawModeItem, p.layersItem, p.legendItem, p.gridStepItem, p.snapItem}
}

// SetDrawMode colours the shown level's map in the mode named name.
func (p *legendPanel) SetDrawMode(name string) error {
	if p.cur.scene == nil {
		return fmt.Errorf("no level is shown")
	}
	if err := p.cur.scene.SetMode(name); err != nil {
		return err
	}
	p.rebuilt()
	return nil
}

// ShowLayer shows or hides a layer of the shown level's map.
func (p *legendPanel) ShowLayer(name string, on bool) {
	if p.cur.scene == nil {
		return
	}
	p.cur.scene.SetShown(name, on)
	p.rebuilt()
	p.layersChanged()
}

// rebuilt redraws the scene built again, and the legend and menus
// follow it.
func (p *legendPanel) rebuilt() {
	p.grid.hideIfOff()
	p.view.Update(display.Changes{All: true})
	p.show()
}

// show fills the legend and the View menu's submenus for the
// shown level.
func (p *legendPanel) show() {
	mode := p.cur.scene.Mode()
	var names []string
	var modeItems []*fyne.MenuItem
	for _, m := range p.cur.scene.Modes() {
		names = append(names, m.Name)
		item := fyne.NewMenuItem(m.Name, func() { p.SetDrawMode(m.Name) })
		item.Checked = m.Name == mode.Name
		modeItems = append(modeItems, item)
	}
	p.drawModeItem.ChildMenu.Items = modeItems
	p.modeChoice.OnChanged = nil
	p.modeChoice.Options = names
	p.modeChoice.SetSelected(mode.Name)
	p.modeChoice.OnChanged = func(name string) {
		if name != p.cur.scene.ModeName() {
			p.SetDrawMode(name)
		}
	}
	prefs := p.prefs
	grid := fyne.NewMenuItem("Grid", func() {
		prefs.SetBool(prefGrid, !prefs.BoolWithFallback(prefGrid, true))
		p.grid.apply()
		p.show()
	})
	grid.Checked = prefs.BoolWithFallback(prefGrid, true)
	layerItems := []*fyne.MenuItem{grid, fyne.NewMenuItemSeparator()}
	var glyphs []scene.Layer
	for _, l := range p.cur.scene.Layers() {
		shown := p.cur.scene.Shown(l.Name)
		item := fyne.NewMenuItem(l.Name, func() { p.ShowLayer(l.Name, !shown) })
		item.Checked = shown
		layerItems = append(layerItems, item)
		if shown && l.Shape != scene.NoGlyph {
			glyphs = append(glyphs, l)
		}
	}
	p.layersItem.ChildMenu.Items = layerItems
	p.gridStepItem.ChildMenu.Items = p.grid.stepItems()
	p.snapItem.Checked = p.grid.snapping()
	p.box.Objects = legendRowsOf(mode.Legend, glyphs)
	p.legendItem.Checked = p.prefs.BoolWithFallback(prefLegend, true)
	if p.legendItem.Checked {
		p.frame.Show()
	} else {
		p.frame.Hide()
	}
	p.area.Refresh() // lays the legend out again at its new size
	p.menus.refresh()
}

// legendRowsOf is a legend as rows: its title, its gradient with the
// values at its ends, its swatches, then the glyphs of the objects shown.
func legendRowsOf(l scene.Legend, glyphs []scene.Layer) []fyne.CanvasObject {
	rows := []fyne.CanvasObject{widget.NewLabelWithStyle(l.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	if g := l.Gradient; g != nil {
		bar := canvas.NewHorizontalGradient(g.Low, g.High)
		bar.SetMinSize(fyne.NewSize(160, 12))
		rows = append(rows, bar, container.NewHBox(small(g.Min), layout.NewSpacer(), small(g.Max)))
	}
	swatches := slices.Clone(l.Swatches)
	if len(glyphs) > 0 {
		swatches = append(swatches, scene.Swatch{})
		for _, g := range glyphs {
			swatches = append(swatches, scene.Swatch{Color: g.Color, Label: g.Name})
		}
	}
	for i, s := range swatches {
		if i == legendRows {
			rows = append(rows, small(fmt.Sprintf("... and %d more", len(swatches)-i)))
			break
		}
		if s == (scene.Swatch{}) {
			rows = append(rows, small("Objects"))
			continue
		}
		box := canvas.NewRectangle(s.Color)
		box.SetMinSize(fyne.NewSize(12, 12))
		rows = append(rows, container.NewHBox(container.NewCenter(box), small(s.Label)))
	}
	return rows
}

// small is a line of legend text.
func small(text string) fyne.CanvasObject {
	t := canvas.NewText(text, theme.Color(theme.ColorNameForeground))
	t.TextSize = theme.CaptionTextSize()
	return t
}
