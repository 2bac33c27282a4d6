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
func dataDirs(prefs fyne.Preferences, path string) []string {
	return []string{prefs.String(DataFolderKey), filepath.Dir(path)}
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
	if f.data, err = sdoc.LoadGameData(dataDirs(h.Preferences(), h.Path())...); err != nil {
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

// gameDataSummary says what a data folder gave: names, palette,
// textures, or why not.
func gameDataSummary(g *sdoc.GameData, err error) string {
	var parts []string
	if len(g.Files) == 0 {
		parts = append(parts, "no cybstrng.res, gamepal.res or texture.res here")
	} else {
		names := make([]string, len(g.Files))
		for i, f := range g.Files {
			names[i] = filepath.Base(f)
		}
		parts = append(parts, "read "+strings.Join(names, ", "))
		parts = append(parts, fmt.Sprintf("%d textures", g.NumTextures()))
		if !g.HasPalette() {
			parts = append(parts, "no palette, so textures are not drawn")
		}
	}
	if err != nil {
		parts = append(parts, err.Error())
	}
	return strings.Join(parts, "; ")
}
