package game

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// PathSetting is a Settings row for a game data file (or, with folder
// set, a folder) kept in the preference key: the path, Choose… and
// Clear buttons, and describe's line for the path ("" asks what to
// point at). A change stores the path, then calls changed, which reads
// the game data again.
func PathSetting(h Host, key string, folder bool, describe func(path string) string, changed func()) fyne.CanvasObject {
	prefs := h.Preferences()
	shown := widget.NewLabel("")
	found := widget.NewLabel("")
	found.Wrapping = fyne.TextWrapWord
	show := func() {
		path := prefs.String(key)
		shown.SetText(path)
		if path == "" {
			shown.SetText("(none)")
		}
		found.SetText(describe(path))
	}
	set := func(path string) {
		prefs.SetString(key, path)
		show()
		changed()
	}
	choose := widget.NewButton("Choose…", func() {
		if folder {
			h.Show(dialog.NewFolderOpen(func(uri fyne.ListableURI, err error) {
				if err == nil && uri != nil {
					set(uri.Path())
				}
			}, h.Window()))
			return
		}
		h.Show(dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err == nil && r != nil {
				r.Close()
				set(r.URI().Path())
			}
		}, h.Window()))
	})
	clear := widget.NewButton("Clear", func() { set("") })
	show()
	return container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(choose, clear), shown), found)
}
