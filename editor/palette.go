package editor

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/texpalette"
)

// palettePanel is the texture palette beside the view, for the files
// whose session (cur's) offers textures (game.TexturePalette): while it
// is open with a texture chosen, a click on a surface paints it, which
// the session does through host. Its menu item is one of menus; opening
// and closing it lays the view area out again (relayout).
type palettePanel struct {
	cur      *current
	status   *widget.Label
	menus    *menus
	host     game.Host
	relayout func()

	textures *texpalette.Palette
	box      *fyne.Container // the palette at its width, hidden when closed
	item     *fyne.MenuItem  // View > Texture palette
	keys     []int           // the session's key of each texture shown
}

// paletteWidth is how wide the palette panel is.
const paletteWidth = 300

// build makes the palette panel, closed.
func (p *palettePanel) build() {
	p.textures = texpalette.New()
	p.textures.OnChosen = func(i int) {
		if i >= 0 {
			p.status.SetText("Click a surface to paint it with " + p.name(i) + "; Escape to stop")
		}
	}
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(paletteWidth, 0))
	p.box = container.NewStack(width, container.NewBorder(panelHeading("Textures"), nil, nil, nil, p.textures))
	p.box.Hide()
}

// menuItem is View > Texture palette, which opens and closes it.
func (p *palettePanel) menuItem() *fyne.MenuItem {
	p.item = p.menus.shortcutItem("Texture Palette", fyne.KeyT, func() { p.Show(!p.box.Visible()) })
	p.item.Disabled = true
	return p.item
}

// session is the open file as a texture palette, if it is one.
func (p *palettePanel) session() (game.TexturePalette, bool) {
	tp, ok := p.cur.file.(game.TexturePalette)
	return tp, ok
}

// Show opens or closes the texture palette, for a file that has
// one.
func (p *palettePanel) Show(open bool) {
	if _, ok := p.session(); !ok {
		open = false
	}
	p.box.Hidden = !open
	p.item.Checked = open
	p.menus.refresh()
	if open {
		p.fill()
	}
	p.relayout()
}

// fill shows the textures of the level shown, or says what to set
// to see them, and offers the palette in the View menu when the open
// file has one.
func (p *palettePanel) fill() {
	tp, ok := p.session()
	if p.item.Disabled == ok {
		p.item.Disabled = !ok
		p.menus.refresh()
	}
	if !ok {
		if p.box.Visible() {
			p.Show(false)
		}
		p.textures.SetItems(nil)
		return
	}
	var textures []game.PaletteTexture
	if p.cur.scene != nil {
		textures = tp.PaletteTextures(p.cur.level)
	}
	items := make([]texpalette.Item, len(textures))
	p.keys = make([]int, len(textures))
	for i, t := range textures {
		items[i] = texpalette.Item{Name: t.Name, Group: t.Group, Picture: t.Picture}
		p.keys[i] = t.Key
	}
	p.textures.SetItems(items)
	p.textures.SetNote(p.note(len(items)))
}

// note says what to set in the Settings when there are no
// textures to show.
func (p *palettePanel) note(textures int) string {
	if textures > 0 {
		return ""
	}
	var files []string
	for _, f := range p.cur.game.DataFlags() {
		files = append(files, f.Usage)
	}
	if len(files) == 0 {
		return "This level has no textures to show."
	}
	return fmt.Sprintf("No textures to show: set %s in File > Settings….", strings.Join(files, " and "))
}

// name is the name of palette item i.
func (p *palettePanel) name(i int) string {
	return p.textures.Item(i).Name
}

// painting reports whether a click paints a texture: the palette is
// open with one chosen.
func (p *palettePanel) painting() bool {
	return p.box.Visible() && p.textures.Chosen() >= 0
}

// chosen is the session's key of the texture chosen, if one is.
func (p *palettePanel) chosen() (key int, ok bool) {
	if i := p.textures.Chosen(); i >= 0 && i < len(p.keys) {
		return p.keys[i], true
	}
	return 0, false
}

// apply paints the chosen texture on the surface under the pointer at
// (in the map, the entity's floor or ceiling); errors go to the status
// bar.
func (p *palettePanel) apply(at tool.Pointer) {
	tp, ok := p.session()
	r, found := p.cur.scene.Ref(at.ID)
	if !ok || !found {
		p.status.SetText("Nothing to paint there: click a surface")
		return
	}
	i := p.textures.Chosen()
	if err := tp.ApplyTexture(p.host, r, at.Hit, p.keys[i]); err != nil {
		p.status.SetText(err.Error())
		return
	}
	p.cur.file.History().BreakMerge()
	p.status.SetText(fmt.Sprintf("Painted %s with %s", game.Describe(p.cur.file, r), p.name(i)))
}
