package shock

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"

	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// InspectLevel is the inspector's section when nothing is selected: the
// shown level's properties (gravity, hazards, height shift, cyberspace),
// each change one step.
func (f *session) InspectLevel(h game.Host) []inspect.Section {
	level := h.Level()
	if _, err := f.d.Level(level); err != nil {
		return nil
	}
	var fields []propgrid.Field
	for p := range sdoc.NumLevelProperties {
		v, err := f.d.LevelPropertyValue(level, p)
		if err != nil {
			continue // a short chunk of an old file: the property is not there to edit
		}
		set := func(v int) error { return f.d.SetLevelProperty(level, p, v) }
		_, hi := p.Range()
		switch {
		case p == sdoc.Gravity:
			fields = append(fields, propgrid.Field{Label: p.String(), Choice: &propgrid.Choice{Options: sdoc.GravityNames[:], Index: v, Set: set}})
		case hi == 1:
			fields = append(fields, propgrid.Field{Label: p.String(), Flags: &propgrid.Flags{Names: []string{"yes"}, Value: uint64(v),
				Set: func(_ int, on bool) error { return set(boolInt(on)) }}})
		default:
			fields = append(fields, propgrid.Field{Label: p.String(), Number: &propgrid.Number{Value: float64(v), Whole: true,
				Min: 0, Max: float64(hi), Unit: f.levelPropertyUnit(level, p), Set: func(v float64) error { return set(int(v)) }}})
		}
	}
	fields = append(fields, f.cameraFields(h, level)...)
	fields = append(fields, f.textureAnimFields(level)...)
	fields = append(fields, f.mapNoteFields(level)...)
	fields = append(fields, propgrid.Field{Label: "texture list", Action: &propgrid.Action{Label: "Edit…", Do: func() {
		f.textureListDialog(h, level)
	}}})
	return []inspect.Section{{Title: fmt.Sprintf("Level %d", level), Fields: fields}}
}

// Units of the level's hazards as the game reads them (gamesys.c,
// check_hazard_regions): a hazard reaches its height in eighths of a
// tile above the floor; biohazard as gravity is in quarters of the
// normal, which the HUD shows as a percentage (hud.c).
var (
	eighthTiles    = &propgrid.Unit{Name: "tiles", Per: 8}
	gravityPercent = &propgrid.Unit{Name: "% gravity", Per: 4.0 / 100}
	perHazardLevel = &propgrid.Unit{Name: "exposure per hazard level", Per: 1}
)

// levelPropertyUnit is the unit level property p is shown in: hazard
// heights in tiles; radiation and biohazard damage as the exposure each
// level of a tile's hazard gives, or biohazard as the gravity it sets
// where the level says so.
func (f *session) levelPropertyUnit(level int, p sdoc.LevelProperty) *propgrid.Unit {
	switch p {
	case sdoc.BiohazardHeight, sdoc.RadiationHeight:
		return eighthTiles
	case sdoc.Biohazard:
		if gravity, _ := f.d.LevelPropertyValue(level, sdoc.BiohazardIsGravity); gravity != 0 {
			return gravityPercent
		}
		return perHazardLevel
	case sdoc.Radiation:
		return perHazardLevel
	}
	return nil
}

// textureListDialog shows the slots of the level's texture list; choosing
// a slot chooses, among the game's textures, the one it holds.
func (f *session) textureListDialog(h game.Host, level int) {
	l := f.d.Archive.Levels[level]
	var grid *widget.GridWrap
	grid = f.textureGrid(len(l.Textures), func(i int) int { return int(l.Textures[i]) }, func(i int) string {
		n := int(l.Textures[i])
		return fmt.Sprintf("%d: %d %s", i, n, f.data.TextureName(n))
	})
	grid.OnSelected = func(slot widget.GridWrapItemID) {
		grid.UnselectAll()
		f.chooseGameTexture(h, func(n int) {
			if err := f.d.SetLevelTexture(level, slot, n); err != nil {
				h.Status(err.Error())
			}
			grid.Refresh()
		})
	}
	d := dialog.NewCustom(fmt.Sprintf("Level %d's texture list", level), "Close", grid, h.Window())
	d.Resize(fyne.NewSize(720, 520))
	h.Show(d)
}

// chooseGameTexture shows the game's textures (all the numbers a level's
// list takes, with their pictures and names when the game data has them);
// choosing one calls set with its number.
func (f *session) chooseGameTexture(h game.Host, set func(int)) {
	var d dialog.Dialog
	grid := f.textureGrid(scodec.MaxTextures, func(n int) int { return n }, func(n int) string {
		return fmt.Sprintf("%d %s", n, f.data.TextureName(n))
	})
	grid.OnSelected = func(n widget.GridWrapItemID) {
		set(n)
		d.Hide()
	}
	d = dialog.NewCustom("Choose a texture", "Cancel", grid, h.Window())
	d.Resize(fyne.NewSize(720, 520))
	h.Show(d)
}

// textureGrid is a grid of count items, each the picture of texture
// number(i) and the text label(i).
func (f *session) textureGrid(count int, number func(int) int, label func(int) string) *widget.GridWrap {
	return widget.NewGridWrap(func() int { return count },
		func() fyne.CanvasObject {
			img := canvas.NewImageFromImage(nil)
			img.FillMode, img.ScaleMode = canvas.ImageFillContain, canvas.ImageScalePixels
			img.SetMinSize(fyne.NewSize(64, 64))
			return container.NewVBox(img, widget.NewLabel("00: 000 texture name"))
		},
		func(i widget.GridWrapItemID, item fyne.CanvasObject) {
			parts := item.(*fyne.Container).Objects
			img := parts[0].(*canvas.Image)
			img.Image = f.data.Texture(number(i))
			img.Refresh()
			parts[1].(*widget.Label).SetText(label(i))
		})
}

// cameraFields are the level's surveillance screens: each screen's camera
// object (whose heading and pitch aim it) and its surrogate, by name,
// typed or picked in the map (referenceField); none for 0.
func (f *session) cameraFields(h game.Host, level int) []propgrid.Field {
	cams, err := f.d.Cameras(level)
	if err != nil {
		return nil
	}
	last := uint32(len(f.d.Archive.Levels[level].Objects) - 1)
	var fields []propgrid.Field
	for screen, c := range cams {
		set := func(update func(*sdoc.Camera, int)) func(uint32) error {
			return func(v uint32) error {
				next := c
				update(&next, int(v))
				return f.d.SetCamera(level, screen, next)
			}
		}
		camera, surrogate := fmt.Sprintf("screen %d camera", screen), fmt.Sprintf("screen %d surrogate", screen)
		fields = append(fields,
			f.referenceField(h, level, camera, camera, uint32(c.Object), last, set(func(c *sdoc.Camera, v int) { c.Object = v })),
			f.referenceField(h, level, surrogate, surrogate, uint32(c.Surrogate), last, set(func(c *sdoc.Camera, v int) { c.Surrogate = v })))
	}
	return fields
}
