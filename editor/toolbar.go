package editor

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// toolBox is the toolbar: a button per group of tools, and the chosen tool's
// options below it. Choosing a tool drops the gesture under way
// (cancelGesture), says what the tool does in the status bar, and lays
// the view area out again (relayout); a tool told when a level shows is
// told at once when cur shows one.
type toolBox struct {
	cur           *current
	status        *widget.Label
	cancelGesture func() bool
	relayout      func()
	manual        *manual // where a right click on a tool's button leads
	// tipLayer lies over the map, below the toolbar; it holds tipBox, the
	// tooltip of the button under the pointer: tipLabel on a panel. (A
	// pop-up would take the pointer from the button, and hide again.)
	tipLayer *fyne.Container
	tipBox   *fyne.Container
	tipLabel *widget.Label

	list          []*tool.Tool    // the common tools, then the game's
	groups        []*toolGroup    // the buttons of the tools, by group
	chosen        *tool.Tool      // the tool chosen
	bar           *fyne.Container // the groups of buttons, wrapped in rows
	rows          *rowsLayout     // the bar's layout
	options       *fyne.Container
	optionsScroll *container.Scroll
	// optionsRow keeps the options row as tall as the tallest tool's
	// options, so that choosing a tool never moves the map.
	optionsRow *canvas.Rectangle
}

// A toolGroup is the toolbar's button of a group of tools (tool.Tool's
// Group): it shows the group's tool chosen last and chooses it, and its
// menu button (for a group of several) offers the others.
type toolGroup struct {
	tools  []*tool.Tool
	shown  *tool.Tool // the tool the button shows
	button *toolButton
}

// A toolButton is a toolbar button that, while the pointer is over it,
// shows what its tool does and which section of the manual tells more
// (hover), and opens that section on a right click (help).
type toolButton struct {
	widget.Button
	hover func(on bool)
	help  func()
}

func newToolButton(label string, tapped func(), hover func(on bool), help func()) *toolButton {
	b := &toolButton{hover: hover, help: help}
	b.Text, b.OnTapped = label, tapped
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn shows the tooltip.
func (b *toolButton) MouseIn(ev *desktop.MouseEvent) {
	b.Button.MouseIn(ev)
	b.hover(true)
}

// MouseOut takes the tooltip away.
func (b *toolButton) MouseOut() {
	b.Button.MouseOut()
	b.hover(false)
}

// TappedSecondary opens the manual at the tool's section.
func (b *toolButton) TappedSecondary(*fyne.PointEvent) {
	b.hover(false)
	b.help()
}

// content is the toolbar with the chosen tool's options below it. The
// bar holds a button a group of tools, wrapped into as many rows as the
// width needs (one at 1280 pixels), so that every group, and the tool
// chosen, shows; the options row scrolls, so that a long one does not
// widen the viewport's side.
func (tb *toolBox) content() fyne.CanvasObject {
	tb.rows = &rowsLayout{}
	tb.bar = container.New(tb.rows)
	tb.options = container.NewStack()
	tb.optionsRow = canvas.NewRectangle(color.Transparent)
	tb.optionsScroll = container.NewHScroll(container.NewStack(tb.optionsRow, tb.options))
	tb.optionsScroll.Hide()
	tb.bar.Hide() // until a file gives tools
	return container.NewVBox(tb.bar, tb.optionsScroll)
}

// rowsLayout lays its objects out left to right, wrapping to a new row
// where the next would pass the right edge. Its minimum size is as wide
// as its widest object and as tall as its rows at the width it will be
// laid out in, which the toolbar's area (toolbarFirst) tells it before
// it asks the minimum size.
type rowsLayout struct {
	width float32 // the width it will be laid out in; 0: unknown
}

// toolbarFirst is the layout of the view area, whose top is the
// toolbar: it tells the toolbar's rows the width first, so that the
// toolbar's height is known before the area is laid out.
type toolbarFirst struct {
	border fyne.Layout // the area's own layout, the toolbar at its top
	rows   *rowsLayout
}

// Layout lays the area out at size, the toolbar as wide.
func (l toolbarFirst) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.rows.width = size.Width
	l.border.Layout(objects, size)
}

// MinSize is the area's minimum size at the toolbar's width.
func (l toolbarFirst) MinSize(objects []fyne.CanvasObject) fyne.Size {
	return l.border.MinSize(objects)
}

// place lays objects out in width, and returns each one's position and
// the rows' height.
func (r *rowsLayout) place(objects []fyne.CanvasObject, width float32) (at []fyne.Position, height float32) {
	gap := theme.Padding() * 3
	var x, y, rowHeight float32
	for _, o := range objects {
		if !o.Visible() {
			at = append(at, fyne.Position{})
			continue
		}
		size := o.MinSize()
		if x > 0 && x+size.Width > width {
			x, y, rowHeight = 0, y+rowHeight+theme.Padding(), 0
		}
		at = append(at, fyne.NewPos(x, y))
		x += size.Width + gap
		rowHeight = max(rowHeight, size.Height)
	}
	return at, y + rowHeight
}

// MinSize is the widest object's width, and the rows' height at the
// width it will be laid out in (one row while that is unknown).
func (r *rowsLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var widest float32
	for _, o := range objects {
		if o.Visible() {
			widest = max(widest, o.MinSize().Width)
		}
	}
	width := r.width
	if width == 0 {
		width = float32(math.Inf(1))
	}
	_, height := r.place(objects, width)
	return fyne.NewSize(widest, height)
}

// Layout places the objects in rows at their minimum sizes.
func (r *rowsLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	at, _ := r.place(objects, size.Width)
	for i, o := range objects {
		o.Move(at[i])
		o.Resize(o.MinSize())
	}
}

// setTools offers f's tools (the common ones, then the game's) in the
// toolbar and chooses the first. A file without levels has no map to
// select or move on: it gets the game's tools alone, and no toolbar when
// the game offers none.
func (e *Editor) setTools(f game.Session) {
	var tools []*tool.Tool
	if len(e.levels.drawable) > 0 {
		tools = []*tool.Tool{e.selectTool(), e.moveTool(), e.measureTool()}
	}
	tools = append(tools, f.Tools(host{e})...)
	if len(tools) == 0 {
		e.tools.hide(e.selectTool()) // for the keys; nothing shows it
		return
	}
	e.tools.set(tools)
}

// hide takes the toolbar away, with keys the tool chosen, for the keys
// alone.
func (tb *toolBox) hide(keys *tool.Tool) {
	tb.list, tb.groups = nil, nil
	tb.bar.Objects = nil
	tb.chosen = keys
	tb.bar.Hide()
	tb.optionsScroll.Hide()
}

// set offers tools, at least one, in the toolbar and chooses the first.
func (tb *toolBox) set(tools []*tool.Tool) {
	tb.list, tb.groups = tools, nil
	tb.bar.Objects = nil
	tallest := widget.NewLabel("help").MinSize().Height
	for i, t := range tools {
		if i == 0 || t.Group == "" || t.Group != tools[i-1].Group {
			tb.groups = append(tb.groups, &toolGroup{shown: t})
		}
		g := tb.groups[len(tb.groups)-1]
		g.tools = append(g.tools, t)
		if t.Options != nil {
			tallest = max(tallest, t.Options.MinSize().Height)
		}
	}
	for _, g := range tb.groups {
		tb.bar.Add(tb.groupButtons(g))
	}
	tb.bar.Show()
	tb.optionsScroll.Show()
	tb.optionsRow.SetMinSize(fyne.NewSize(0, tallest))
	tb.choose(tools[0])
}

// groupButtons are g's button, as wide as its widest tool's name so that
// choosing another never moves the bar, and for a group of several the
// button of the menu of its tools (each named with its key).
func (tb *toolBox) groupButtons(g *toolGroup) fyne.CanvasObject {
	g.button = newToolButton(g.shown.Name, func() { tb.choose(g.shown) }, func(on bool) { tb.showTip(g, on) },
		func() { tb.showManual(g.shown) })
	var widest float32
	for _, t := range g.tools {
		widest = max(widest, widget.NewButton(t.Name, nil).MinSize().Width)
	}
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(widest, 0))
	button := container.NewStack(width, g.button)
	if len(g.tools) == 1 {
		return button
	}
	var more *widget.Button
	more = widget.NewButtonWithIcon("", theme.MenuDropDownIcon(), func() {
		items := make([]*fyne.MenuItem, len(g.tools))
		for i, t := range g.tools {
			items[i] = fyne.NewMenuItem(t.Name+" ("+string(t.Key)+")", func() { tb.choose(t) })
			items[i].Checked = t == tb.chosen
		}
		d := fyne.CurrentApp().Driver()
		widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), d.CanvasForObject(more),
			d.AbsolutePositionForObject(more).Add(fyne.NewPos(0, more.Size().Height)))
	})
	return container.NewHBox(button, more)
}

// gameKey is the key of the open file's game, "" for none.
func (tb *toolBox) gameKey() string {
	if tb.cur.game == nil {
		return ""
	}
	return tb.cur.game.Format().Key()
}

// tooltip is the tooltip of t's button: what t does, and where the manual
// tells more.
func (tb *toolBox) tooltip(t *tool.Tool) string {
	text := fmt.Sprintf("%s (%s): %s", t.Name, t.Key, t.Help)
	if chapter, s, ok := tb.manual.toolSection(tb.gameKey(), t); ok {
		text += fmt.Sprintf("\nManual: %s, %s (right click to open)", chapter.Title, s.Heading)
	}
	return text
}

// tipArea is the layer that shows the tooltips, to lie over the map.
func (tb *toolBox) tipArea() fyne.CanvasObject {
	tb.tipLabel = widget.NewLabel("")
	tb.tipBox = container.NewStack(canvas.NewRectangle(color.Transparent), tb.tipLabel)
	tb.tipBox.Hide()
	tb.tipLayer = container.New(placedLayout{}, tb.tipBox)
	return tb.tipLayer
}

// placedLayout leaves its objects where they were moved, and asks for no
// room: a tooltip placed in it never makes what holds it larger.
type placedLayout struct{}

// Layout leaves the objects as they are.
func (placedLayout) Layout([]fyne.CanvasObject, fyne.Size) {}

// MinSize is no size.
func (placedLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

// showTip shows the tooltip of g's button under it (on), or hides it.
func (tb *toolBox) showTip(g *toolGroup, on bool) {
	d := fyne.CurrentApp().Driver()
	if !on || d.CanvasForObject(g.button) == nil {
		tb.tipBox.Hide()
		return
	}
	tb.tipLabel.SetText(tb.tooltip(g.shown))
	tb.tipBox.Objects[0].(*canvas.Rectangle).FillColor = theme.Color(theme.ColorNameMenuBackground)
	size := tb.tipBox.MinSize()
	at := d.AbsolutePositionForObject(g.button).Subtract(d.AbsolutePositionForObject(tb.tipLayer))
	at.Y += g.button.Size().Height
	at.X = max(0, min(at.X, tb.tipLayer.Size().Width-size.Width))
	tb.tipBox.Move(at)
	tb.tipBox.Resize(size)
	tb.tipBox.Show()
	tb.tipBox.Refresh()
}

// showManual opens the manual at t's section, or at its contents when no
// section is about t.
func (tb *toolBox) showManual(t *tool.Tool) {
	chapter, s, ok := tb.manual.toolSection(tb.gameKey(), t)
	if !ok {
		tb.manual.Show("", "")
		return
	}
	tb.manual.Show(chapter.Path, s.Anchor)
}

// choose makes t the tool the map's gestures go to: its group's button
// shows it, marked.
func (tb *toolBox) choose(t *tool.Tool) {
	tb.cancelGesture()
	tb.chosen = t
	for _, g := range tb.groups {
		g.button.Importance = widget.MediumImportance
		if slices.Contains(g.tools, t) {
			g.shown, g.button.Importance = t, widget.HighImportance
			g.button.SetText(t.Name)
		}
		g.button.Refresh()
	}
	// The row shows the tool's options, or else what it does.
	tb.options.Objects = []fyne.CanvasObject{widget.NewLabel(t.Help)}
	if t.Options != nil {
		tb.options.Objects = []fyne.CanvasObject{t.Options}
	}
	tb.options.Refresh()
	if t.LevelShown != nil && tb.cur.scene != nil {
		t.LevelShown()
	}
	tb.relayout() // the options' height may have changed
	tb.status.SetText(t.Name + " (" + string(t.Key) + "): " + t.Help)
}

// byKey chooses the tool whose shortcut is key, and reports whether
// there is one.
func (tb *toolBox) byKey(key fyne.KeyName) bool {
	for _, t := range tb.list {
		if t.Key == key {
			tb.choose(t)
			return true
		}
	}
	return false
}

// retool builds the tools, the inspector and the shown level's scene
// again, keeping the tool chosen, as after what they show changed.
func (e *Editor) retool() {
	if e.file == nil {
		return
	}
	e.rebuildScene()
	chosen := e.tools.chosen.Name
	e.setTools(e.file)
	for _, t := range e.tools.list {
		if t.Name == chosen {
			e.tools.choose(t)
		}
	}
	e.inspector.show()
	e.palette.fill()
}

// rebuildScene builds the shown level's scene again from the open file,
// as after the game's data changed, in the same draw mode with the same
// layers shown, seen from the same cameras, with the same selection.
func (e *Editor) rebuildScene() {
	old := e.scene
	if old == nil {
		return
	}
	for _, d := range e.levels.drawable {
		if d.Index == e.level {
			e.scene = d.Build()
		}
	}
	e.scene.SetFlat(e.view.Mode() == viewport.Map)
	if err := e.scene.ShowAs(old.ModeName(), old.LayersShown()); err != nil {
		e.dialogs.showError(err) // the new scene keeps its first mode
	}
	cameras := e.view.Cameras()
	e.grid.grid = e.scene.List.Grid
	e.view.SetList(&e.scene.List, e.scene.FlipY)
	e.view.SetCameras(cameras)
	e.SetSelection(e.selection)
	e.legend.rebuilt()
	e.refreshLinks() // the new list came without them
	e.compare.showMarks()
}

// toolKey chooses the tool whose shortcut was typed over the map;
// Escape drops the target picker, the texture chosen to paint with, the
// gesture under way, or else the selection.
func (e *Editor) toolKey(ev *fyne.KeyEvent) {
	if e.functionKey(ev) {
		return
	}
	if ev.Name == fyne.KeyEscape && e.picking != nil {
		e.picking = nil
		e.status.SetText("No target picked")
		return
	}
	if ev.Name == fyne.KeyEscape && e.palette.painting() {
		e.palette.textures.Choose(-1)
		e.status.SetText("No texture chosen: clicks select again")
		return
	}
	if ev.Name == fyne.KeyEscape {
		if !e.cancelGesture() {
			e.SetSelection(nil) // nothing under way: Escape deselects
		}
		return
	}
	if (ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter) && e.clicks != nil {
		clicks := e.clicks
		e.clicks = nil
		clicks.Finish()
		return
	}
	if e.tools.byKey(ev.Name) {
		return
	}
	if ev.Name == fyne.KeyDelete {
		e.DeleteSelection()
	}
}
