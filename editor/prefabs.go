package editor

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
)

// Prefab files: the copy of the entities (the clipboard's text) and its
// picture, under the data folder's prefabs/GAME.
const (
	prefabExt  = ".lwprefab"
	pictureExt = ".png"
	// prefabPicture is the side, in pixels, of a prefab's picture.
	prefabPicture = 128
)

// prefabs is the Edit menu's Save Selection as Prefab and Insert Prefab:
// a prefab is a copy of entities (game.Clipboard) kept as a file in a
// folder for each game, with a picture of them from the software
// renderer; inserting one pastes it at the view's centre, references
// remapped as a paste remaps them, in any file of the game.
type prefabs struct {
	cur       *current
	data      *dataFolder
	clipboard *clipboard
	dialogs   *dialogs
	status    *widget.Label
}

// items are the Edit menu's prefab commands.
func (p *prefabs) items() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Save Selection as Prefab…", p.dialogs.unlessDialogDo(p.askName)),
		fyne.NewMenuItem("Insert Prefab…", p.dialogs.unlessDialogDo(p.showBrowser)),
	}
}

// folder is the prefabs folder of the open file's game.
func (p *prefabs) folder() string {
	return filepath.Join(p.data.dir, "prefabs", p.cur.game.Format().Key())
}

// Save writes the selection as the prefab name, with its picture,
// replacing a prefab of that name.
func (p *prefabs) Save(name string) error {
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, `/\:*?"<>|`) || name != filepath.Base(name) {
		return fmt.Errorf("%q cannot name a file: use letters, digits, spaces", name)
	}
	gc, ok := p.clipboard.session()
	if !ok {
		return errors.New("this file's game does not copy its entities, so it keeps no prefabs")
	}
	if len(p.cur.selection) == 0 {
		return errors.New("select the entities to keep as a prefab first")
	}
	text, err := gc.Copy(p.cur.selection)
	if err != nil {
		return err
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, p.picture()); err != nil {
		return err
	}
	base := filepath.Join(p.folder(), name)
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return err
	}
	if err := document.ReplaceFile(base+pictureExt, pic.Bytes()); err != nil {
		return err
	}
	return document.ReplaceFile(base+prefabExt, []byte(text))
}

// picture draws the shown level's map about the selection.
func (p *prefabs) picture() image.Image {
	s := p.cur.scene
	lo, hi := display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, r := range p.cur.selection {
		if c, ok := s.Center(r); ok {
			lo, hi = display.Vec2{X: min(lo.X, c.X), Y: min(lo.Y, c.Y)}, display.Vec2{X: max(hi.X, c.X), Y: max(hi.Y, c.Y)}
		}
	}
	cam := s.Camera2D(prefabPicture, prefabPicture)
	if lo.X <= hi.X {
		margin := max(hi.X-lo.X, hi.Y-lo.Y, 1) / 4
		cam = cam.Fit(display.Vec2{X: lo.X - margin, Y: lo.Y - margin}, display.Vec2{X: hi.X + margin, Y: hi.Y + margin}, prefabPicture, prefabPicture)
	}
	return display.Render2D(&s.List, cam, prefabPicture, prefabPicture)
}

// Names are the open file's game's prefabs, sorted.
func (p *prefabs) Names() []string {
	entries, _ := os.ReadDir(p.folder()) // no folder: no prefabs
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), prefabExt); ok && !e.IsDir() {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Insert pastes the prefab name at the view's centre and selects it.
func (p *prefabs) Insert(name string) error {
	text, err := os.ReadFile(filepath.Join(p.folder(), name+prefabExt))
	if err != nil {
		return err
	}
	p.clipboard.pasteAt(string(text), p.clipboard.view.Camera().Center)
	return nil
}

// askName asks for the prefab's name and saves it, asking before it
// replaces one of that name.
func (p *prefabs) askName() {
	if p.cur.game == nil || len(p.cur.selection) == 0 {
		p.status.SetText("Select the entities to keep as a prefab first")
		return
	}
	entry := widget.NewEntry()
	entry.SetPlaceHolder("name")
	save := func(name string) {
		if err := p.Save(name); err != nil {
			p.dialogs.showError(err)
			return
		}
		p.status.SetText(fmt.Sprintf("Kept %s as the prefab %q", document.Count(len(p.cur.selection), "entity"), name))
	}
	d := dialog.NewForm("Save Selection as Prefab", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", entry)}, func(ok bool) {
		if !ok {
			return
		}
		name := strings.TrimSpace(entry.Text)
		if !slices.Contains(p.Names(), name) {
			save(name)
			return
		}
		p.dialogs.show(dialog.NewConfirm("Replace prefab?", fmt.Sprintf("A prefab named %q exists. Replace it?", name), func(yes bool) {
			if yes {
				save(name)
			}
		}, p.dialogs.win))
	}, p.dialogs.win)
	p.dialogs.show(d)
	p.dialogs.win.Canvas().Focus(entry)
}

// showBrowser shows the game's prefabs with their pictures and names;
// choosing one inserts it.
func (p *prefabs) showBrowser() {
	if p.cur.game == nil || p.cur.scene == nil {
		p.status.SetText("Open a level to insert a prefab into")
		return
	}
	names := p.Names()
	if len(names) == 0 {
		p.status.SetText(fmt.Sprintf("No %s prefabs yet: select entities and use Save Selection as Prefab", p.cur.game.Format().Name()))
		return
	}
	var d dialog.Dialog
	grid := widget.NewGridWrap(func() int { return len(names) }, func() fyne.CanvasObject {
		pic := canvas.NewImageFromImage(nil)
		pic.FillMode = canvas.ImageFillContain
		pic.SetMinSize(fyne.NewSize(prefabPicture, prefabPicture))
		return container.NewBorder(nil, widget.NewLabel(""), nil, nil, pic)
	}, func(i widget.GridWrapItemID, o fyne.CanvasObject) {
		c := o.(*fyne.Container)
		c.Objects[1].(*widget.Label).SetText(names[i])
		pic := c.Objects[0].(*canvas.Image)
		pic.File = filepath.Join(p.folder(), names[i]+pictureExt)
		pic.Refresh()
	})
	grid.OnSelected = func(i widget.GridWrapItemID) {
		d.Hide()
		if err := p.Insert(names[i]); err != nil {
			p.dialogs.showError(err)
		}
	}
	d = dialog.NewCustom("Insert Prefab", "Close", grid, p.dialogs.win)
	d.Resize(fyne.NewSize(640, 480))
	p.dialogs.show(d)
}
