package shock

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"

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
	return game.PathSetting(h, DataFolderKey, true, func(dir string) string {
		if dir == "" {
			return "Choose the game's DATA folder to see object names and textures."
		}
		g, err := sdoc.LoadGameData(dir)
		return gameDataSummary(g, err)
	}, func() { reloadGameData(h) })
}

// dataFiles are the game's files the editor reads, each with what the
// editor does without it.
var dataFiles = []struct{ name, without string }{
	{"cybstrng.res", "objects and textures go unnamed"},
	{"gamepal.res", "without the palette, textures and object pictures are not drawn"},
	{"texture.res", "tiles are coloured by texture number"},
	{"textprop.dat", "starfield ceilings are drawn as ceilings, not as sky"},
	{"objprop.dat", "which object picture is whose is not known, markers are not sized by radius and placed objects get no hit points"},
	{"objart.res", "objects are drawn as markers"},
}

// gameDataSummary says what a data folder gave: a line for each file
// read (what it gave: names, the palette, textures at each size, starfields,
// object pictures; or what was wrong with it), a line for each file
// missing saying what goes without it, and then what to point at.
func gameDataSummary(g *sdoc.GameData, err error) string {
	var lines []string
	read := map[string]bool{}
	for _, r := range g.Summary() {
		lines = append(lines, r.String())
		read[strings.ToLower(filepath.Base(r.Path))] = true
	}
	missing := 0
	for _, f := range dataFiles {
		if !read[f.name] {
			lines = append(lines, fmt.Sprintf("no %s: %s", f.name, f.without))
			missing++
		}
	}
	if err != nil && len(g.Summary()) == 0 {
		lines = append(lines, err.Error())
	}
	if missing > 0 {
		lines = append(lines, "Point at the game's DATA folder, which holds all of these files.")
	}
	return strings.Join(lines, "\n")
}
