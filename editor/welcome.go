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

// welcomePage fills the viewport while no file is open (cur's file is
// nil) with what to start from: the demo levels (written to the data
// folder before they open), the unsaved work kept there to recover, and
// the recent files; open opens a file.
type welcomePage struct {
	cur      *current
	data     *dataFolder
	recent   *recentFiles
	viewport *fyne.Container
	dialogs  *dialogs
	open     func(path string)
}

// Show fills the viewport area, while no file is open, with what
// to start from: the demo levels, unsaved work to recover, recent files.
func (w *welcomePage) Show() {
	if w.cur.file != nil {
		return
	}
	var demos []fyne.CanvasObject
	for _, f := range Formats() {
		demos = append(demos, w.demoCard(f.Demo()))
	}
	page := container.NewVBox(
		widget.NewLabelWithStyle("Welcome to Levelwright", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		widget.NewLabel("Explore a demo level, built by Levelwright itself, or open a level file with File > Open (Ctrl+O)."),
		container.NewGridWithColumns(3, demos...),
	)
	if rs := w.data.Recoveries(); len(rs) > 0 {
		page.Add(panelHeading("Recover unsaved work"))
		for _, r := range rs {
			text := fmt.Sprintf("%s, autosaved at %s", r.Path, r.Time.Local().Format("15:04 on 2 Jan"))
			page.Add(container.NewBorder(nil, nil, nil,
				container.NewHBox(widget.NewButton("Recover", func() { w.open(r.Path) }),
					widget.NewButton("Discard", func() { w.data.discardRecovery(r.Path); w.Show() })),
				widget.NewLabel(text)))
		}
	}
	if recent := w.recent.list(); len(recent) > 0 {
		page.Add(panelHeading("Recent files"))
		for _, p := range recent {
			b := widget.NewButton(p, func() { w.open(p) })
			b.Alignment = widget.ButtonAlignLeading
			page.Add(b)
		}
	}
	w.viewport.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(page))}
	w.viewport.Refresh()
}

// demoCard shows a demo level's picture, its title and a button that
// opens it.
func (w *welcomePage) demoCard(d document.Demo) fyne.CanvasObject {
	var picture fyne.CanvasObject = widget.NewLabel("(no picture)")
	if img, err := thumbnail(d); err == nil {
		raster := canvas.NewImageFromImage(img)
		raster.FillMode = canvas.ImageFillContain
		raster.SetMinSize(thumbnailSize)
		picture = raster
	}
	title := widget.NewLabel(d.Title)
	title.Wrapping = fyne.TextWrapWord
	open := widget.NewButton("Open demo", func() { w.OpenDemo(d) })
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
func (w *welcomePage) OpenDemo(d document.Demo) {
	path := filepath.Join(w.data.dir, "demos", d.FileName)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		data, err := d.Build()
		if err == nil {
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
				err = document.ReplaceFile(path, data)
			}
		}
		if err != nil {
			w.dialogs.showError(fmt.Errorf("cannot write the demo level:\n%w", err))
			return
		}
	}
	w.open(path)
}
