package editor

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/themes"
)

// prefGrid is the preference key of whether the map shows its grid.
const prefGrid = "showGrid"

// prefLegend is the preference key of whether the map shows its legend.
const prefLegend = "showLegend"

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
		e.grid.apply()
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
		for _, s := range append(g.Settings(host{e}), e.playtests.setting(g)) {
			form.Append(s.Label, s.Widget)
		}
	}
	// The rows scroll in a dialog no taller than the window, whose Close
	// button stays in sight however long the games' summaries are.
	d := dialog.NewCustom("Settings", "Close", container.NewVScroll(form), e.win)
	d.Resize(fyne.NewSize(640, min(form.MinSize().Height+120, e.win.Canvas().Size().Height-40)))
	e.dialogs.show(d)
}
