package editor

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// levelsPanel lists the open file's levels; choosing one gives its row
// to chosen.
type levelsPanel struct {
	names    []string
	list     *widget.List
	drawable []scene.Level // the open file's levels, as names lists them
}

// newLevelsPanel builds the levels panel, empty.
func newLevelsPanel(chosen func(row int)) *levelsPanel {
	p := &levelsPanel{}
	p.list = widget.NewList(
		func() int { return len(p.names) },
		func() fyne.CanvasObject { return widget.NewLabel("level name") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(p.names[i]) },
	)
	p.list.OnSelected = chosen
	return p
}

// content is the panel under its heading.
func (p *levelsPanel) content() fyne.CanvasObject {
	return container.NewBorder(panelHeading("Levels"), nil, nil, nil, p.list)
}

// set lists levels, none chosen.
func (p *levelsPanel) set(levels []scene.Level) {
	p.drawable, p.names = levels, nil
	for _, l := range levels {
		p.names = append(p.names, l.Name)
	}
	p.list.UnselectAll()
	p.list.Refresh()
}

// choose chooses the row of the file's level index, and reports whether
// the panel lists it.
func (p *levelsPanel) choose(index int) bool {
	row := slices.IndexFunc(p.drawable, func(l scene.Level) bool { return l.Index == index })
	if row < 0 {
		return false
	}
	p.list.Select(row)
	return true
}

// showLevel draws level i of the open file in the viewport, as the user
// left it if they saw it before, in the draw mode and with the layers
// the level shown before had.
func (e *Editor) showLevel(i int) {
	if i < 0 || i >= len(e.levels.drawable) {
		return
	}
	old := e.scene
	if old != nil {
		e.shown[e.level] = levelState{e.view.Cameras(), e.selection}
	}
	e.cancelGesture()
	e.level = e.levels.drawable[i].Index
	e.scene = e.levels.drawable[i].Build()
	e.scene.SetFlat(e.view.Mode() == viewport.Map)
	if old != nil {
		_ = e.scene.ShowAs(old.ModeName(), old.LayersShown()) // a file's levels share their game's modes
	}
	e.grid.take()
	e.view.SetList(&e.scene.List, e.scene.FlipY)
	e.viewport.Objects = []fyne.CanvasObject{e.view}
	e.viewport.Refresh()
	state, seen := e.shown[e.level]
	if seen {
		e.view.SetCameras(state.cameras)
	}
	if e.tools.chosen.LevelShown != nil {
		e.tools.chosen.LevelShown()
	}
	e.SetSelection(state.selection)
	e.refreshProblems()
	e.legend.show()
	e.palette.fill()
}

// showWithoutLevels shows, for the open file that has no levels, what it
// is in place of the map: the session's overview (a resource file's
// chunks, the physics editor), or a page that says it has none. Nothing
// of the file shown before stays on screen.
func (e *Editor) showWithoutLevels() {
	e.cancelGesture()
	e.scene, e.grid.grid, e.selection = nil, nil, nil
	e.selected.Clear()
	e.view.SetList(&display.List{}, false)
	e.legend.frame.Hide()
	var page fyne.CanvasObject
	if o, ok := e.file.(game.Overview); ok {
		page = o.Overview(host{e})
	} else {
		page = container.NewPadded(widget.NewLabel(fmt.Sprintf("%s has no levels to draw.", e.fileName())))
	}
	e.viewport.Objects = []fyne.CanvasObject{page}
	e.viewport.Refresh()
	e.inspector.show()
	e.refreshProblems()
}
