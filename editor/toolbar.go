package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// toolBox is the toolbar: a button per tool, and the chosen tool's
// options below it.
type toolBox struct {
	tools             []*tool.Tool // the common tools, then the game's
	tool              *tool.Tool   // the tool chosen
	toolbar           *fyne.Container
	toolOptions       *fyne.Container
	toolOptionsScroll *container.Scroll
	toolbarScroll     *container.Scroll
	// optionsRow keeps the options row as tall as the tallest tool's
	// options, so that choosing a tool never moves the map.
	optionsRow *canvas.Rectangle
}

// toolArea is the toolbar with the chosen tool's options below it.
func (e *Editor) toolArea() fyne.CanvasObject {
	e.toolbar = container.NewHBox()
	e.toolOptions = container.NewStack()
	e.optionsRow = canvas.NewRectangle(color.Transparent)
	// Scrolled, so that a long toolbar does not widen the viewport's side.
	e.toolOptionsScroll = container.NewHScroll(container.NewStack(e.optionsRow, e.toolOptions))
	e.toolbarScroll = container.NewHScroll(e.toolbar)
	e.toolOptionsScroll.Hide()
	e.toolbarScroll.Hide() // until a file gives tools
	return container.NewVBox(e.toolbarScroll, e.toolOptionsScroll)
}

// setTools offers f's tools (the common ones, then the game's) in the
// toolbar and chooses the first. A file without levels has no map to
// select or move on: it gets the game's tools alone, and no toolbar when
// the game offers none.
func (e *Editor) setTools(f game.Session) {
	var tools []*tool.Tool
	if len(e.levels.drawable) > 0 {
		tools = []*tool.Tool{e.selectTool(), e.moveTool()}
	}
	tools = append(tools, f.Tools(host{e})...)
	e.tools = tools
	e.toolbar.Objects = nil
	if len(tools) == 0 {
		e.tool = e.selectTool() // for the keys; nothing shows it
		e.toolbarScroll.Hide()
		e.toolOptionsScroll.Hide()
		return
	}
	e.toolbarScroll.Show()
	e.toolOptionsScroll.Show()
	tallest := widget.NewLabel("help").MinSize().Height
	for _, t := range tools {
		b := widget.NewButton(t.Name+" ("+string(t.Key)+")", func() { e.chooseTool(t) })
		e.toolbar.Add(b)
		if t.Options != nil {
			tallest = max(tallest, t.Options.MinSize().Height)
		}
	}
	e.optionsRow.SetMinSize(fyne.NewSize(0, tallest))
	e.chooseTool(tools[0])
}

// chooseTool makes t the tool the map's gestures go to.
func (e *Editor) chooseTool(t *tool.Tool) {
	e.cancelGesture()
	e.tool = t
	for i, o := range e.toolbar.Objects {
		b := o.(*widget.Button)
		b.Importance = widget.MediumImportance
		if e.tools[i] == t {
			b.Importance = widget.HighImportance
		}
		b.Refresh()
	}
	// The row shows the tool's options, or else what it does.
	e.toolOptions.Objects = []fyne.CanvasObject{widget.NewLabel(t.Help)}
	if t.Options != nil {
		e.toolOptions.Objects = []fyne.CanvasObject{t.Options}
	}
	e.toolOptions.Refresh()
	if t.LevelShown != nil && e.scene != nil {
		t.LevelShown()
	}
	e.viewArea.Refresh() // the options' height may have changed
	e.status.SetText(t.Name + ": " + t.Help)
}

// retool builds the tools, the inspector and the shown level's scene
// again, keeping the tool chosen, as after what they show changed.
func (e *Editor) retool() {
	if e.file == nil {
		return
	}
	e.rebuildScene()
	chosen := e.tool.Name
	e.setTools(e.file)
	for _, t := range e.tools {
		if t.Name == chosen {
			e.chooseTool(t)
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
	if err := e.scene.SetMode(old.ModeName()); err != nil {
		e.dialogs.showError(err) // the new scene keeps its first mode
	}
	for _, l := range old.Layers() {
		e.scene.SetShown(l.Name, old.Shown(l.Name))
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
	for _, t := range e.tools {
		if t.Key == ev.Name {
			e.chooseTool(t)
			return
		}
	}
	if ev.Name == fyne.KeyDelete {
		e.DeleteSelection()
	}
}
