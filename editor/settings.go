package editor

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// prefGrid is the preference key of whether the map shows its grid.
const prefGrid = "showGrid"

// ShowHistory lists the steps of the open file's history, oldest first,
// with the steps undone after them; choosing one undoes or redoes up to
// it.
func (e *Editor) ShowHistory() {
	if e.file == nil {
		return
	}
	h := e.file.History()
	done, undone := h.Descriptions()
	rows := append([]string{"(as opened)"}, done...)
	rows = append(rows, undone...)
	current := len(done) // the row of the state shown
	list := widget.NewList(func() int { return len(rows) },
		func() fyne.CanvasObject { return widget.NewLabel("a step of the history") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(rows[i])
			l.Importance = widget.MediumImportance
			if i > current {
				l.Importance = widget.LowImportance // undone: Redo brings it back
			}
			l.TextStyle.Bold = i == current
			l.Refresh()
		})
	var d dialog.Dialog
	list.OnSelected = func(i widget.ListItemID) {
		for ; current > i; current-- {
			if _, err := h.Undo(); err != nil {
				e.showError(err)
				break
			}
		}
		for ; current < i; current++ {
			if _, err := h.Redo(); err != nil {
				e.showError(err)
				break
			}
		}
		d.Hide()
	}
	d = dialog.NewCustom("History", "Close", container.NewBorder(
		widget.NewLabel("Choose a step to go back (or forward) to it."), nil, nil, nil, list), e.win)
	d.Resize(fyne.NewSize(420, 480))
	e.show(d)
}

// ShowSettings shows the settings: theme, the map's grid, autosave and
// the games' data folders.
func (e *Editor) ShowSettings() {
	prefs := e.app.Preferences()
	var labels []string
	for _, n := range themes.Names {
		labels = append(labels, n.Label())
	}
	theme := widget.NewSelect(labels, func(string) {})
	current := themes.Name(prefs.StringWithFallback(prefTheme, string(themes.Dark)))
	for i, n := range themes.Names {
		if n == current {
			theme.SetSelectedIndex(i)
		}
	}
	theme.OnChanged = func(string) { e.SetTheme(themes.Names[theme.SelectedIndex()]) }
	grid := widget.NewCheck("Show the grid in the map", func(on bool) {
		prefs.SetBool(prefGrid, on)
		e.applyGrid()
	})
	grid.SetChecked(prefs.BoolWithFallback(prefGrid, true))
	autosave := widget.NewEntry()
	autosave.SetText(strconv.Itoa(prefs.IntWithFallback(prefAutosave, defaultAutosave)))
	autosave.Validator = func(s string) error {
		if v, err := strconv.Atoi(s); err != nil || v < 0 || v > 3600 {
			return fmt.Errorf("seconds from 0 (off) to 3600")
		}
		return nil
	}
	autosave.OnChanged = func(s string) {
		if autosave.Validator(s) == nil {
			v, _ := strconv.Atoi(s)
			prefs.SetInt(prefAutosave, v)
		}
	}
	form := widget.NewForm(
		widget.NewFormItem("Theme", theme),
		widget.NewFormItem("Map", grid),
		widget.NewFormItem("Autosave every (seconds, 0 off)", autosave))
	for _, g := range games {
		for _, s := range g.Settings(host{e}) {
			form.Append(s.Label, s.Widget)
		}
	}
	d := dialog.NewCustom("Settings", "Close", form, e.win)
	d.Resize(fyne.NewSize(640, 360))
	e.show(d)
}

// applyGrid shows or hides the map's grid as the settings say.
func (e *Editor) applyGrid() {
	if e.scene == nil {
		return
	}
	e.scene.List.Grid = e.grid
	e.hideGridIfOff()
	e.view.Update(viewport.Changes{All: true})
}

// hideGridIfOff takes the grid off the shown level when the settings
// hide it.
func (e *Editor) hideGridIfOff() {
	if !e.app.Preferences().BoolWithFallback(prefGrid, true) {
		e.scene.List.Grid = nil
	}
}

// retool builds the tools and the inspector again, keeping the tool
// chosen, as after what they show changed.
func (e *Editor) retool() {
	if e.file == nil {
		return
	}
	chosen := e.tool.Name
	e.setTools(e.file)
	for _, t := range e.tools {
		if t.Name == chosen {
			e.chooseTool(t)
		}
	}
	e.showInspector()
}
