package editor

import (
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
)

// thumbnailSize is the size of a demo level's picture on the welcome page.
var thumbnailSize = fyne.NewSize(240, 150)

// ShowWelcome fills the viewport area, while no file is open, with what
// to start from: the demo levels, unsaved work to recover, recent files.
func (e *Editor) ShowWelcome() {
	if e.file != nil {
		return
	}
	var demos []fyne.CanvasObject
	for _, f := range Formats() {
		demos = append(demos, e.demoCard(f.Demo()))
	}
	page := container.NewVBox(
		widget.NewLabelWithStyle("Welcome to Levelwright", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		widget.NewLabel("Explore a demo level, built by Levelwright itself, or open a level file with File > Open (Ctrl+O)."),
		container.NewGridWithColumns(3, demos...),
	)
	if rs := e.Recoveries(); len(rs) > 0 {
		page.Add(panelHeading("Recover unsaved work"))
		for _, r := range rs {
			text := fmt.Sprintf("%s, autosaved at %s", r.Path, r.Time.Local().Format("15:04 on 2 Jan"))
			page.Add(container.NewBorder(nil, nil, nil,
				container.NewHBox(widget.NewButton("Recover", func() { e.Open(r.Path) }),
					widget.NewButton("Discard", func() { e.discardRecovery(r.Path); e.ShowWelcome() })),
				widget.NewLabel(text)))
		}
	}
	if recent := e.RecentFiles(); len(recent) > 0 {
		page.Add(panelHeading("Recent files"))
		for _, p := range recent {
			b := widget.NewButton(p, func() { e.Open(p) })
			b.Alignment = widget.ButtonAlignLeading
			page.Add(b)
		}
	}
	e.viewport.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(page))}
	e.viewport.Refresh()
}

// demoCard shows a demo level's picture, its title and a button that
// opens it.
func (e *Editor) demoCard(d document.Demo) fyne.CanvasObject {
	var picture fyne.CanvasObject = widget.NewLabel("(no picture)")
	if img, err := thumbnail(d); err == nil {
		raster := canvas.NewImageFromImage(img)
		raster.FillMode = canvas.ImageFillContain
		raster.SetMinSize(thumbnailSize)
		picture = raster
	}
	title := widget.NewLabel(d.Title)
	title.Wrapping = fyne.TextWrapWord
	open := widget.NewButton("Open demo", func() { e.OpenDemo(d) })
	return container.NewBorder(picture, open, nil, nil, title)
}

// thumbnail draws a demo's first level as the map view shows it.
func thumbnail(d document.Demo) (image.Image, error) {
	data, err := d.Build()
	if err != nil {
		return nil, err
	}
	levels, _, err := Levels(d.FileName, data, nil)
	if err != nil {
		return nil, err
	}
	if len(levels) == 0 {
		return nil, errors.New("no level to draw")
	}
	s := levels[0].Build()
	w, h := int(thumbnailSize.Width), int(thumbnailSize.Height)
	return display.Render2D(&s.List, s.Camera2D(w, h), w, h), nil
}

// OpenDemo opens demo d from the editor's folder, writing it there first
// if it is not there yet: saved changes to a demo are kept.
func (e *Editor) OpenDemo(d document.Demo) {
	path := filepath.Join(e.dataDir, "demos", d.FileName)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		data, err := d.Build()
		if err == nil {
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
				err = document.ReplaceFile(path, data)
			}
		}
		if err != nil {
			e.dialogs.showError(fmt.Errorf("cannot write the demo level:\n%w", err))
			return
		}
	}
	e.Open(path)
}
