package shock

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
)

// DataFolderKey is the preference key of the System Shock data folder,
// where cybstrng.res, gamepal.res and texture.res are.
const DataFolderKey = "shockDataFolder"

// dataDirs are the folders whose game files name the objects and draw
// the textures of the System Shock file at path: the game's data folder
// from the settings, then the file's own folder, as a mission ships its
// own strings and textures beside its archive.
func dataDirs(settings game.Settings, path string) []string {
	return []string{settings(DataFolderKey), filepath.Dir(path)}
}

// reloadGameData reads the open System Shock file's game data again, as
// after the data folder changed, and rebuilds the tools and the
// inspector that show it.
func reloadGameData(h game.Host) {
	f, ok := h.Session().(*session)
	if !ok {
		return
	}
	var err error
	if f.data, err = sdoc.LoadGameData(dataDirs(h.Preferences().String, h.Path())...); err != nil {
		h.ShowError(fmt.Errorf("some game data could not be read:\n%w", err))
	}
	h.Retool()
}

// dataSetting is the settings row of the System Shock data folder: the
// folder, buttons to choose or clear it, and what it holds.
func dataSetting(h game.Host) fyne.CanvasObject {
	prefs := h.Preferences()
	folder := widget.NewLabel("")
	found := widget.NewLabel("")
	found.Wrapping = fyne.TextWrapWord
	show := func() {
		dir := prefs.String(DataFolderKey)
		if dir == "" {
			folder.SetText("(none)")
			found.SetText("Choose the game's DATA folder to see object names and textures.")
			return
		}
		folder.SetText(dir)
		g, err := sdoc.LoadGameData(dir)
		found.SetText(gameDataSummary(g, err))
	}
	set := func(dir string) {
		prefs.SetString(DataFolderKey, dir)
		show()
		reloadGameData(h)
	}
	choose := widget.NewButton("Choose…", func() {
		d := dialog.NewFolderOpen(func(uri fyne.ListableURI, err error) {
			if err == nil && uri != nil {
				set(uri.Path())
			}
		}, h.Window())
		h.Show(d)
	})
	clearFolder := widget.NewButton("Clear", func() { set("") })
	show()
	return container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(choose, clearFolder), folder), found)
}

// gameDataSummary says what a data folder gave: a line for each file
// read (what it gave, or what was wrong with it), and whether textures
// can be drawn.
func gameDataSummary(g *sdoc.GameData, err error) string {
	var lines []string
	for _, r := range g.Summary() {
		lines = append(lines, r.String())
	}
	if len(lines) == 0 {
		lines = append(lines, "no cybstrng.res, gamepal.res, texture.res, objprop.dat or objart.res here")
	} else if !g.HasPalette() {
		lines = append(lines, "no palette, so textures are not drawn")
	}
	if err != nil && len(g.Summary()) == 0 {
		lines = append(lines, err.Error())
	}
	return strings.Join(lines, "\n")
}
