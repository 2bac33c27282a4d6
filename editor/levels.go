package editor

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
)

// levelsPanel lists the open file's levels; choosing one shows it.
type levelsPanel struct {
	levelNames []string
	levels     *widget.List
	drawable   []scene.Level // the open file's levels, as levelNames lists them
}

// levelsView builds the levels panel.
func (e *Editor) levelsView() fyne.CanvasObject {
	e.levels = widget.NewList(
		func() int { return len(e.levelNames) },
		func() fyne.CanvasObject { return widget.NewLabel("level name") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(e.levelNames[i]) },
	)
	e.levels.OnSelected = e.showLevel
	return container.NewBorder(panelHeading("Levels"), nil, nil, nil, e.levels)
}

// showLevel draws level i of the open file in the viewport, as the user
// left it if they saw it before, in the draw mode and with the layers
// the level shown before had.
func (e *Editor) showLevel(i int) {
	if i < 0 || i >= len(e.drawable) {
		return
	}
	old := e.scene
	if old != nil {
		e.shown[e.level] = levelState{e.view.Cameras(), e.selection}
	}
	e.cancelGesture()
	e.level = e.drawable[i].Index
	e.scene = e.drawable[i].Build()
	if old != nil {
		if old.ModeName() != e.scene.ModeName() {
			_ = e.scene.SetMode(old.ModeName()) // a file's levels share their game's modes
		}
		for _, l := range old.Layers() {
			e.scene.SetShown(l.Name, old.Shown(l.Name))
		}
	}
	e.grid = e.scene.List.Grid
	e.hideGridIfOff()
	e.view.SetList(&e.scene.List, e.scene.FlipY)
	e.viewport.Objects = []fyne.CanvasObject{e.view}
	e.viewport.Refresh()
	state, seen := e.shown[e.level]
	if seen {
		e.view.SetCameras(state.cameras)
	}
	if e.tool.LevelShown != nil {
		e.tool.LevelShown()
	}
	e.SetSelection(state.selection)
	e.refreshProblems()
	e.showLegend()
	e.fillPalette()
}

// showWithoutLevels shows, for the open file that has no levels, what it
// is in place of the map: the session's overview (a resource file's
// chunks, the physics editor), or a page that says it has none. Nothing
// of the file shown before stays on screen.
func (e *Editor) showWithoutLevels() {
	e.cancelGesture()
	e.scene, e.grid, e.selection = nil, nil, nil
	e.selected.Clear()
	e.view.SetList(&display.List{}, false)
	e.legend.Hide()
	var page fyne.CanvasObject
	if o, ok := e.file.(game.Overview); ok {
		page = o.Overview(host{e})
	} else {
		page = container.NewPadded(widget.NewLabel(fmt.Sprintf("%s has no levels to draw.", e.fileName())))
	}
	e.viewport.Objects = []fyne.CanvasObject{page}
	e.viewport.Refresh()
	e.showInspector()
	e.refreshProblems()
}
