package editor

import (
	"fmt"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/game"
)

// prefGridStep and prefSnap are the preference keys of a game's grid
// step and of whether its points snap to the grid.
func prefGridStep(g game.Game) string { return "gridStep." + g.Format().Key() }
func prefSnap(g game.Game) string     { return "snapToGrid." + g.Format().Key() }

// gridStep is the open game's grid step in map units: the one chosen,
// or the game's standard one.
func (e *Editor) gridStep() float64 {
	if e.game == nil {
		return 1
	}
	steps, standard, _ := e.game.GridSteps()
	return e.app.Preferences().FloatWithFallback(prefGridStep(e.game), steps[standard].Size)
}

// snapping reports whether the open game's points snap to the grid.
func (e *Editor) snapping() bool {
	if e.game == nil {
		return false
	}
	_, _, snap := e.game.GridSteps()
	return e.app.Preferences().BoolWithFallback(prefSnap(e.game), snap)
}

// snap is the grid point nearest at when snapping is on, else at.
func (e *Editor) snap(at display.Vec2) display.Vec2 {
	if !e.snapping() {
		return at
	}
	step := e.gridStep()
	return display.Vec2{X: math.Round(at.X/step) * step, Y: math.Round(at.Y/step) * step}
}

// SetGridStep makes step, in map units, the open game's grid step.
func (e *Editor) SetGridStep(step float64) error {
	if e.game == nil {
		return fmt.Errorf("no file is open")
	}
	if !(step > 0) || math.IsInf(step, 0) {
		return fmt.Errorf("a grid step is a number above 0; %g is not", step)
	}
	e.app.Preferences().SetFloat(prefGridStep(e.game), step)
	e.applyGrid()
	e.showLegend()
	return nil
}

// SetSnap turns snapping to the grid on or off for the open game.
func (e *Editor) SetSnap(on bool) {
	if e.game == nil {
		return
	}
	e.app.Preferences().SetBool(prefSnap(e.game), on)
	e.showLegend()
}

// gridStepItems are the View menu's grid steps for the open game, the
// chosen one checked, and Other… for a step of the user's own.
func (e *Editor) gridStepItems() []*fyne.MenuItem {
	steps, _, _ := e.game.GridSteps()
	current := e.gridStep()
	var items []*fyne.MenuItem
	custom := true
	for _, s := range steps {
		item := fyne.NewMenuItem(s.Name, func() { e.SetGridStep(s.Size) })
		item.Checked = s.Size == current
		custom = custom && !item.Checked
		items = append(items, item)
	}
	other := fyne.NewMenuItem("Other…", e.askGridStep)
	other.Checked = custom
	return append(items, other)
}

// askGridStep asks for a grid step of the user's own, in map units.
func (e *Editor) askGridStep() {
	d := dialog.NewEntryDialog("Grid step", "A grid step in map units (the game's own steps are in View > Grid Step):",
		func(text string) {
			v, err := strconv.ParseFloat(text, 64)
			if err == nil {
				err = e.SetGridStep(v)
			}
			if err != nil {
				e.showError(err)
			}
		}, e.win)
	e.show(d)
}
