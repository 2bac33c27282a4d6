package editor

import (
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/shapestest"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// useShockData makes the stand-in game data folder the setting, as the
// Settings' folder chooser does.
func useShockData(t *testing.T, e *Editor) {
	e.app.Preferences().SetString(scol.DataFolderKey, shockdata.Dir())
	e.file.Prepare(e.app.Preferences().String)
	e.retool()
}

// TestShockObjectPalette: with the game's names, the place tool finds a
// type by name and places it, and the inspector names it; without them,
// types are named by subclass and number.
func TestShockObjectPalette(t *testing.T) {
	e := openDemo(t, "shock")
	l := scol.Document(e.file).Archive.Levels[e.level]
	typeInView(e, fyne.KeyO)
	// Without game data, types are named by subclass and number.
	find(t, e.tools.options, "type choice", func(s *widget.Select) bool { return s.Selected == "0 electronic big stuff 0" })

	useShockData(t, e)
	if e.tools.chosen.Name != "Place object" {
		t.Fatalf("reloading the game data left the %q tool", e.tools.chosen.Name)
	}
	search := find(t, e.tools.options, "search", func(s *widget.Entry) bool { return s.PlaceHolder == "Find a type by name" })
	test.Type(search, "type 258")
	clickInView(e, display.Vec2{X: 31.5, Y: 30.5}, 0)
	if len(e.selection) != 1 {
		t.Fatalf("placing selected %v", e.selection)
	}
	o := l.Objects[e.selection[0].Index]
	if o.Class != scodec.ClassSmallStuff || o.Subclass != 7 || o.Type != 2 {
		t.Fatalf("placed %d/%d/%d, want type 258, small stuff 7/2", o.Class, o.Subclass, o.Type)
	}
	find(t, e.inspector.box, "object name", func(l *widget.Label) bool { return l.Text == "type 258" })
}

// TestShockTextureChooser: with the game's palette and textures, the
// paint tool shows the texture in its slot, and the chooser sets a slot.
func TestShockTextureChooser(t *testing.T) {
	e := openDemo(t, "shock")
	useShockData(t, e)
	l := scol.Document(e.file).Archive.Levels[e.level]
	typeInView(e, fyne.KeyT)
	thumb := find(t, e.tools.options, "texture picture", func(i *canvas.Image) bool { return i.ScaleMode == canvas.ImageScalePixels })
	want := func(slot int) color.Color {
		c := shockdata.TextureColour(int(l.Textures[slot]))
		return color.NRGBA{c, c, c, 255}
	}
	if thumb.Image == nil || thumb.Image.At(5, 5) != want(0) {
		t.Fatalf("wall texture slot 0 shows %v, want texture %d", thumb.Image, l.Textures[0])
	}
	test.Tap(button(t, e.tools.options, "…"))
	grid := find(t, e.Window().Canvas().Overlays().Top(), "texture grid", func(*widget.GridWrap) bool { return true })
	if n := grid.Length(); n != len(l.Textures) {
		t.Fatalf("the chooser shows %d slots, want the level's %d", n, len(l.Textures))
	}
	grid.Select(3)
	wall := find(t, e.tools.options, "wall texture entry", func(en *widget.Entry) bool { return en.Text == "3" })
	if wall == nil || thumb.Image.At(5, 5) != want(3) {
		t.Fatalf("choosing slot 3 shows %v", thumb.Image.At(5, 5))
	}
	if e.Window().Canvas().Overlays().Top() != nil {
		t.Error("the chooser stays open after a choice")
	}
}

// TestShockDataFolderRedraws: setting the data folder draws the shown
// level again with the game's textures, in the draw mode, from the camera
// and with the selection the user had; the map used to keep asking for the
// folder until another level was shown.
func TestShockDataFolderRedraws(t *testing.T) {
	e := openDemo(t, "shock")
	if err := e.legend.SetDrawMode("Texture"); err != nil {
		t.Fatal(err)
	}
	asks := func() bool { return strings.Contains(e.scene.Mode().Legend.Title, "set the data folder") }
	if !asks() {
		t.Fatalf("without data the Texture legend says %q", e.scene.Mode().Legend.Title)
	}
	cameras := e.view.Cameras()
	cameras.Map.Scale *= 2
	e.view.SetCameras(cameras)
	tile := []document.Ref{{Level: e.level, Kind: sdoc.KindTile, Index: 65}}
	e.SetSelection(tile)

	useShockData(t, e)
	if e.scene.ModeName() != "Texture" || asks() {
		t.Fatalf("with data the map is in mode %q, its legend saying %q", e.scene.ModeName(), e.scene.Mode().Legend.Title)
	}
	textured := slices.ContainsFunc(e.scene.List.Polygons, func(p display.Polygon) bool { return p.Texture != 0 })
	if !textured {
		t.Error("with data no floor is drawn textured")
	}
	if got := e.view.Cameras(); got != cameras {
		t.Errorf("the camera went from %+v to %+v", cameras, got)
	}
	if !slices.Equal(e.selection, tile) {
		t.Errorf("the selection went from %v to %v", tile, e.selection)
	}
}

// TestMarathonShapesSettingRedraws: with the Texture mode shown, a
// change of the Shapes settings draws the level's floors from the Shapes
// file at once, and the legend names the file.
func TestMarathonShapesSettingRedraws(t *testing.T) {
	e := openDemo(t, "marathon")
	if err := e.legend.SetDrawMode("Texture"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "generated.shpA")
	if err := os.WriteFile(path, shapestest.ForLevel(mcol.Document(e.file).Levels[e.level]), 0o644); err != nil {
		t.Fatal(err)
	}
	e.app.Preferences().SetString(mcol.ShapesKey, path)
	e.ShowSettings()
	// Any Marathon row's change reads the game data again: Clear on the
	// last one (the Images file's, which its summary follows).
	var clear, last *widget.Button
	for _, o := range test.LaidOutObjects(e.Window().Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "Images file") {
			clear = last
			break
		}
		if b, ok := o.(*widget.Button); ok && b.Text == "Clear" {
			last = b
		}
	}
	if clear == nil {
		t.Fatal("no Clear button in the Settings")
	}
	test.Tap(clear)
	find(t, e.legend.box, "legend title naming the Shapes file", func(l *widget.Label) bool {
		return strings.Contains(l.Text, "generated.shpA")
	})
	textured := 0
	for _, p := range e.scene.List.Polygons {
		if p.Texture != 0 {
			textured++
		}
	}
	if textured == 0 {
		t.Error("no polygon textured after the Shapes file was read")
	}
}
