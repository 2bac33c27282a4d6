package editor

import (
	"fmt"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// prefGridStep and prefSnap are the preference keys of a game's grid
// step and of whether its points snap to the grid.
func prefGridStep(g game.Game) string { return "gridStep." + g.Format().Key() }
func prefSnap(g game.Game) string     { return "snapToGrid." + g.Format().Key() }

// mapGrid is the map's grid: the step of the open game's grid and
// whether its points snap to it (its preferences, from the View menu),
// and whether the shown level's grid shows (the settings'). It draws the
// grid of cur's scene in view; changed lets the View menu follow.
type mapGrid struct {
	prefs   fyne.Preferences
	cur     *current
	view    *viewport.View
	dialogs *dialogs
	changed func()
	grid    *display.Grid // the shown level's grid, which the settings may hide
}

// take makes the grid of the scene just built the shown level's, hidden
// when the settings hide it.
func (mg *mapGrid) take() {
	mg.grid = mg.cur.scene.List.Grid
	mg.hideIfOff()
}

// step is the open game's grid step in map units: the one chosen,
// or the game's standard one.
func (mg *mapGrid) step() float64 {
	if mg.cur.game == nil {
		return 1
	}
	steps, standard, _ := mg.cur.game.GridSteps()
	return mg.prefs.FloatWithFallback(prefGridStep(mg.cur.game), steps[standard].Size)
}

// snapping reports whether the open game's points snap to the grid.
func (mg *mapGrid) snapping() bool {
	if mg.cur.game == nil {
		return false
	}
	_, _, snap := mg.cur.game.GridSteps()
	return mg.prefs.BoolWithFallback(prefSnap(mg.cur.game), snap)
}

// snap is the grid point nearest at when snapping is on, else at.
func (mg *mapGrid) snap(at display.Vec2) display.Vec2 {
	if !mg.snapping() {
		return at
	}
	step := mg.step()
	return display.Vec2{X: math.Round(at.X/step) * step, Y: math.Round(at.Y/step) * step}
}

// SetStep makes step, in map units, the open game's grid step.
func (mg *mapGrid) SetStep(step float64) error {
	if mg.cur.game == nil {
		return fmt.Errorf("no file is open")
	}
	if !(step > 0) || math.IsInf(step, 0) {
		return fmt.Errorf("a grid step is a number above 0; %g is not", step)
	}
	mg.prefs.SetFloat(prefGridStep(mg.cur.game), step)
	mg.apply()
	mg.changed()
	return nil
}

// SetSnap turns snapping to the grid on or off for the open game.
func (mg *mapGrid) SetSnap(on bool) {
	if mg.cur.game == nil {
		return
	}
	mg.prefs.SetBool(prefSnap(mg.cur.game), on)
	mg.changed()
}

// stepItems are the View menu's grid steps for the open game, the
// chosen one checked, and Other… for a step of the user's own.
func (mg *mapGrid) stepItems() []*fyne.MenuItem {
	steps, _, _ := mg.cur.game.GridSteps()
	chosen := mg.step()
	var items []*fyne.MenuItem
	custom := true
	for _, s := range steps {
		item := fyne.NewMenuItem(s.Name, func() { mg.SetStep(s.Size) })
		item.Checked = s.Size == chosen
		custom = custom && !item.Checked
		items = append(items, item)
	}
	other := fyne.NewMenuItem("Other…", mg.askStep)
	other.Checked = custom
	return append(items, other)
}

// askStep asks for a grid step of the user's own, in map units.
func (mg *mapGrid) askStep() {
	d := dialog.NewEntryDialog("Grid step", "A grid step in map units (the game's own steps are in View > Grid Step):",
		func(text string) {
			v, err := strconv.ParseFloat(text, 64)
			if err == nil {
				err = mg.SetStep(v)
			}
			if err != nil {
				mg.dialogs.showError(err)
			}
		}, mg.dialogs.win)
	mg.dialogs.show(d)
}

// apply shows or hides the map's grid as the settings say.
func (mg *mapGrid) apply() {
	if mg.cur.scene == nil {
		return
	}
	mg.cur.scene.List.Grid = mg.grid
	mg.hideIfOff()
	mg.view.Update(display.Changes{All: true})
}

// hideIfOff takes the grid off the shown level when the settings
// hide it, and spaces it at the chosen grid step.
func (mg *mapGrid) hideIfOff() {
	if mg.cur.scene.List.Grid != nil {
		mg.grid = mg.cur.scene.List.Grid // built again
	}
	if mg.grid != nil {
		mg.grid.Spacing = mg.step()
	}
	if !mg.prefs.BoolWithFallback(prefGrid, true) {
		mg.cur.scene.List.Grid = nil
	}
}
