package marathon

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/marathon/shapes"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// versions are the settings of each game version's Shapes file, with
// what to point them at.
var versions = []struct {
	name, key, hint string
}{
	mdoc.Marathon1: {"Marathon 1", "marathonShapesM1",
		"Marathon 1's own Shapes file keeps its collections as '.256' resources in its resource fork, which " +
			"Levelwright cannot read: choose a Shapes file in the Marathon 2 format, such as Shapes.shpA of " +
			"Aleph One's Marathon scenario."},
	mdoc.Marathon2: {"Marathon 2", "marathonShapesM2",
		"Choose Marathon 2's Shapes file (Shapes, or Shapes.shpA of Aleph One's Marathon 2 scenario)."},
	mdoc.Infinity: {"Marathon Infinity", "marathonShapesInfinity",
		"Choose Marathon Infinity's Shapes file (Shapes, or Shapes.shpA of Aleph One's Infinity scenario)."},
}

// scenarioShapes is the Shapes file beside the map at mapPath, as
// scenarios ship it: "Shapes.shpA" (Aleph One's name), "Shapes" (the
// original games'), or another *.shpA file; "" when there is none.
func scenarioShapes(mapPath string) string {
	if mapPath == "" {
		return ""
	}
	dir := filepath.Dir(mapPath)
	for _, name := range []string{"Shapes.shpA", "Shapes"} {
		if p := filepath.Join(dir, name); isFile(p) {
			return p
		}
	}
	others, _ := filepath.Glob(filepath.Join(dir, "*.shpA"))
	slices.Sort(others)
	for _, p := range others {
		if isFile(p) {
			return p
		}
	}
	return ""
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// shapesPath is the Shapes file that draws the map at mapPath, made for
// version v, and where it was found: the ShapesKey setting (render's
// --shapes) first, then the scenario's own beside the map, then the
// version's setting; "" when none is set.
func shapesPath(settings game.Settings, mapPath string, v mdoc.GameVersion) (path, from string) {
	if p := settings(ShapesKey); p != "" {
		return p, "--shapes"
	}
	if p := scenarioShapes(mapPath); p != "" {
		return p, "the scenario's own"
	}
	if p := settings(versions[v].key); p != "" {
		return p, versions[v].name + " setting"
	}
	return "", ""
}

// loadGraphics reads and decodes the Shapes file at path.
func loadGraphics(path string) (*graphics, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := shapes.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return newGraphics(path, f), nil
}

// Prepare reads the Shapes file that draws the map's textures (see
// shapesPath), and the Images file whatever became of it; the notice
// says why one could not be read, with the reader's error and where in
// the file it is.
func (f *session) Prepare(settings game.Settings) (notice string) {
	defer func() { notice = joinNotices(notice, f.prepareImages(settings)) }()
	f.gfx = nil
	path, from := shapesPath(settings, f.d.Path, f.d.GameVersion())
	if path == "" {
		return ""
	}
	g, err := loadGraphics(path)
	if err != nil {
		return fmt.Sprintf("the Shapes file (%s) could not be read, so textures are not drawn: %v", from, err)
	}
	f.gfx = g
	return ""
}

// reloadGameData reads the open Marathon file's Shapes and Images files
// again, as after a setting changed, and draws the level again with them.
func reloadGameData(h game.Host) {
	f, ok := h.Session().(*session)
	if !ok {
		return
	}
	if notice := f.Prepare(h.Preferences().String); notice != "" {
		h.ShowError(fmt.Errorf("%s", notice))
	}
	h.Retool()
}

// shapesSummary says what the Shapes file at path gave, or what was
// wrong with it.
func shapesSummary(path string) string {
	g, err := loadGraphics(path)
	if err != nil {
		return "cannot be read: " + err.Error()
	}
	return g.summary()
}

// shapesSettings are the Settings rows of the Shapes files: one for each
// game version, then the scenario's own beside the open map.
func shapesSettings(h game.Host) []game.Setting {
	var out []game.Setting
	for v := range versions {
		out = append(out, game.Setting{Label: versions[v].name + " Shapes", Widget: shapesSetting(h, mdoc.GameVersion(v))})
	}
	return append(out, game.Setting{Label: "Scenario's own Shapes", Widget: scenarioSetting(h)})
}

// shapesSetting is the row of version v's Shapes file: the file, buttons
// to choose or clear it, and what it gave.
func shapesSetting(h game.Host, v mdoc.GameVersion) fyne.CanvasObject {
	return game.PathSetting(h, versions[v].key, false, func(path string) string {
		if path == "" {
			return versions[v].hint
		}
		return shapesSummary(path)
	}, func() { reloadGameData(h) })
}

// scenarioSetting is the row of the Shapes file beside the open map,
// which draws it ahead of the version's: where it is and what it gave,
// or what to put there.
func scenarioSetting(h game.Host) fyne.CanvasObject {
	text := "No Marathon map is open."
	if path := h.Path(); path != "" {
		if p := scenarioShapes(path); p != "" {
			text = p + ": " + shapesSummary(p)
		} else {
			text = fmt.Sprintf("None beside the open map: a scenario's Shapes.shpA, Shapes or *.shpA in %s draws it "+
				"ahead of the game version's.", filepath.Dir(path))
		}
	}
	l := widget.NewLabel(strings.TrimSpace(text))
	l.Wrapping = fyne.TextWrapWord
	return l
}
