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
)

// legendRows is how many swatches the legend lists before it counts the
// rest.
const legendRows = 14

// legendPanel is the shown level's draw mode, chosen from the View menu
// or the legend's own list, and its legend over the map's top left
// corner; and the View menu's layers.
type legendPanel struct {
	drawModeItem *fyne.MenuItem
	layersItem   *fyne.MenuItem
	gridStepItem *fyne.MenuItem // the open game's grid steps
	snapItem     *fyne.MenuItem
	modeChoice   *widget.Select
	legendBox    *fyne.Container // the legend's rows
	legend       *fyne.Container // the legend and its background
	legendArea   *fyne.Container // the area over the map that places the legend
}

// legendOverlay builds the legend shown over the map.
func (e *Editor) legendOverlay() fyne.CanvasObject {
	e.modeChoice = widget.NewSelect(nil, nil)
	e.legendBox = container.NewVBox()
	e.legend = container.NewStack(newLegendBack(), container.NewPadded(container.NewVBox(e.modeChoice, e.legendBox)))
	e.legend.Hide()
	e.legendArea = container.NewVBox(container.NewHBox(e.legend, layout.NewSpacer()), layout.NewSpacer())
	return e.legendArea
}

// legendBack is the legend's backing. It takes the pointer's presses,
// clicks, drags, wheel and moves over the legend, which would otherwise
// reach the map under it: a click on the legend would select what lies
// there, and the pointer over it would highlight it.
type legendBack struct{ widget.BaseWidget }

func newLegendBack() *legendBack {
	b := &legendBack{}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer draws the backing, dark and a little translucent.
func (b *legendBack) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.NRGBA{12, 14, 20, 200}))
}

func (*legendBack) Tapped(*fyne.PointEvent)          {}
func (*legendBack) TappedSecondary(*fyne.PointEvent) {}
func (*legendBack) DoubleTapped(*fyne.PointEvent)    {}
func (*legendBack) Dragged(*fyne.DragEvent)          {}
func (*legendBack) DragEnd()                         {}
func (*legendBack) Scrolled(*fyne.ScrollEvent)       {}
func (*legendBack) MouseDown(*desktop.MouseEvent)    {}
func (*legendBack) MouseUp(*desktop.MouseEvent)      {}
func (*legendBack) MouseIn(*desktop.MouseEvent)      {}
func (*legendBack) MouseMoved(*desktop.MouseEvent)   {}
func (*legendBack) MouseOut()                        {}

// viewMenuItems are the View menu's draw mode and layers submenus,
// filled when a level shows.
func (e *Editor) viewMenuItems() []*fyne.MenuItem {
	e.drawModeItem = fyne.NewMenuItem("Draw Mode", nil)
	e.drawModeItem.ChildMenu = fyne.NewMenu("")
	e.layersItem = fyne.NewMenuItem("Layers", nil)
	e.layersItem.ChildMenu = fyne.NewMenu("")
	e.gridStepItem = fyne.NewMenuItem("Grid Step", nil)
	e.gridStepItem.ChildMenu = fyne.NewMenu("")
	e.snapItem = fyne.NewMenuItem("Snap to Grid", func() { e.SetSnap(!e.snapping()) })
	return []*fyne.MenuItem{e.drawModeItem, e.layersItem, e.gridStepItem, e.snapItem}
}

// SetDrawMode colours the shown level's map in the mode named name.
func (e *Editor) SetDrawMode(name string) error {
	if e.scene == nil {
		return fmt.Errorf("no level is shown")
	}
	if err := e.scene.SetMode(name); err != nil {
		return err
	}
	e.sceneRebuilt()
	return nil
}

// ShowLayer shows or hides a layer of the shown level's map.
func (e *Editor) ShowLayer(name string, on bool) {
	if e.scene == nil {
		return
	}
	e.scene.SetShown(name, on)
	e.sceneRebuilt()
}

// sceneRebuilt redraws the scene built again, and the legend and menus
// follow it.
func (e *Editor) sceneRebuilt() {
	e.hideGridIfOff()
	e.view.Update(display.Changes{All: true})
	e.showLegend()
}

// showLegend fills the legend and the View menu's submenus for the
// shown level.
func (e *Editor) showLegend() {
	mode := e.scene.Mode()
	var names []string
	var modeItems []*fyne.MenuItem
	for _, m := range e.scene.Modes() {
		names = append(names, m.Name)
		item := fyne.NewMenuItem(m.Name, func() { e.SetDrawMode(m.Name) })
		item.Checked = m.Name == mode.Name
		modeItems = append(modeItems, item)
	}
	e.drawModeItem.ChildMenu.Items = modeItems
	e.modeChoice.OnChanged = nil
	e.modeChoice.Options = names
	e.modeChoice.SetSelected(mode.Name)
	e.modeChoice.OnChanged = func(name string) {
		if name != e.scene.ModeName() {
			e.SetDrawMode(name)
		}
	}
	prefs := e.app.Preferences()
	grid := fyne.NewMenuItem("Grid", func() {
		prefs.SetBool(prefGrid, !prefs.BoolWithFallback(prefGrid, true))
		e.applyGrid()
		e.showLegend()
	})
	grid.Checked = prefs.BoolWithFallback(prefGrid, true)
	layerItems := []*fyne.MenuItem{grid, fyne.NewMenuItemSeparator()}
	var glyphs []scene.Layer
	for _, l := range e.scene.Layers() {
		shown := e.scene.Shown(l.Name)
		item := fyne.NewMenuItem(l.Name, func() { e.ShowLayer(l.Name, !shown) })
		item.Checked = shown
		layerItems = append(layerItems, item)
		if shown && l.Shape != scene.NoGlyph {
			glyphs = append(glyphs, l)
		}
	}
	e.layersItem.ChildMenu.Items = layerItems
	e.gridStepItem.ChildMenu.Items = e.gridStepItems()
	e.snapItem.Checked = e.snapping()
	e.legendBox.Objects = legendRowsOf(mode.Legend, glyphs)
	e.legend.Show()
	e.legendArea.Refresh() // lays the legend out again at its new size
	e.refreshMenu()
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
