package editor

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/texpalette"
)

// palettePanel is the texture palette beside the view, for the files
// whose session offers textures (game.TexturePalette): while it is open
// with a texture chosen, a click on a surface paints it.
type palettePanel struct {
	palette     *texpalette.Palette
	paletteBox  *fyne.Container // the palette at its width, hidden when closed
	paletteItem *fyne.MenuItem  // View > Texture palette
	paletteKeys []int           // the session's key of each texture shown
}

// paletteWidth is how wide the palette panel is.
const paletteWidth = 300

// paletteView builds the palette panel, closed.
func (e *Editor) paletteView() fyne.CanvasObject {
	e.palette = texpalette.New()
	e.palette.OnChosen = func(i int) {
		if i >= 0 {
			e.status.SetText("Click a surface to paint it with " + e.paletteName(i) + "; Escape to stop")
		}
	}
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(paletteWidth, 0))
	e.paletteBox = container.NewStack(width, container.NewBorder(panelHeading("Textures"), nil, nil, nil, e.palette))
	e.paletteBox.Hide()
	return e.paletteBox
}

// paletteMenuItem is View > Texture palette, which opens and closes it.
func (e *Editor) paletteMenuItem() *fyne.MenuItem {
	e.paletteItem = e.shortcutItem("Texture Palette", fyne.KeyT, func() { e.ShowPalette(!e.paletteBox.Visible()) })
	e.paletteItem.Disabled = true
	return e.paletteItem
}

// texturePalette is the open file as a texture palette, if it is one.
func (e *Editor) texturePalette() (game.TexturePalette, bool) {
	tp, ok := e.file.(game.TexturePalette)
	return tp, ok
}

// ShowPalette opens or closes the texture palette, for a file that has
// one.
func (e *Editor) ShowPalette(open bool) {
	if _, ok := e.texturePalette(); !ok {
		open = false
	}
	e.paletteBox.Hidden = !open
	e.paletteItem.Checked = open
	e.refreshMenu()
	if open {
		e.fillPalette()
	}
	e.viewArea.Refresh()
}

// fillPalette shows the textures of the level shown, or says what to set
// to see them, and offers the palette in the View menu when the open
// file has one.
func (e *Editor) fillPalette() {
	tp, ok := e.texturePalette()
	if e.paletteItem.Disabled == ok {
		e.paletteItem.Disabled = !ok
		e.refreshMenu()
	}
	if !ok {
		if e.paletteBox.Visible() {
			e.ShowPalette(false)
		}
		e.palette.SetItems(nil)
		return
	}
	var textures []game.PaletteTexture
	if e.scene != nil {
		textures = tp.PaletteTextures(e.level)
	}
	items := make([]texpalette.Item, len(textures))
	e.paletteKeys = make([]int, len(textures))
	for i, t := range textures {
		items[i] = texpalette.Item{Name: t.Name, Group: t.Group, Picture: t.Picture}
		e.paletteKeys[i] = t.Key
	}
	e.palette.SetItems(items)
	e.palette.SetNote(e.paletteNote(len(items)))
}

// paletteNote says what to set in the Settings when there are no
// textures to show.
func (e *Editor) paletteNote(textures int) string {
	if textures > 0 {
		return ""
	}
	var files []string
	for _, f := range e.game.DataFlags() {
		files = append(files, f.Usage)
	}
	if len(files) == 0 {
		return "This level has no textures to show."
	}
	return fmt.Sprintf("No textures to show: set %s in File > Settings….", strings.Join(files, " and "))
}

// paletteName is the name of palette item i.
func (e *Editor) paletteName(i int) string {
	return e.palette.Item(i).Name
}

// painting reports whether a click paints a texture: the palette is
// open with one chosen.
func (e *Editor) painting() bool {
	return e.paletteBox.Visible() && e.palette.Chosen() >= 0
}

// applyTexture paints the chosen texture on the surface under p (in the
// map, the entity's floor or ceiling); errors go to the status bar.
func (e *Editor) applyTexture(p tool.Pointer) {
	tp, ok := e.texturePalette()
	r, found := e.scene.Ref(p.ID)
	if !ok || !found {
		e.status.SetText("Nothing to paint there: click a surface")
		return
	}
	i := e.palette.Chosen()
	if err := tp.ApplyTexture(host{e}, r, p.Hit, e.paletteKeys[i]); err != nil {
		e.status.SetText(err.Error())
		return
	}
	e.file.History().BreakMerge()
	e.status.SetText(fmt.Sprintf("Painted %s with %s", game.Describe(e.file, r), e.paletteName(i)))
}
