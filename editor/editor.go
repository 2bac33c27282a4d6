// Package editor is the Levelwright application: the main window, its
// menus and shortcuts, the panels around the viewport, and the file the
// user is working on.
package editor

import (
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// prefTheme is the preference key of the chosen theme.
const prefTheme = "theme"

// Editor is one main window and the file open in it.
type Editor struct {
	app fyne.App
	win fyne.Window

	path  string // the open file, "" for none
	game  document.Game
	dirty bool

	levelNames []string
	levels     *widget.List
	drawable   []scene.Level // the open file's levels, as levelNames lists them
	scene      *scene.Scene  // the level shown
	view       *viewport.View
	viewport   *fyne.Container
	inspector  *widget.Label
	status     *widget.Label
	themeItems map[themes.Name]*fyne.MenuItem
	modeItems  map[viewport.Mode]*fyne.MenuItem
	dialog     dialog.Dialog // the dialog on top, if any
}

// New builds the main window of a; Show it to display it.
func New(a fyne.App) *Editor {
	e := &Editor{app: a, win: a.NewWindow("Levelwright")}
	e.applyTheme(themes.Name(a.Preferences().StringWithFallback(prefTheme, string(themes.Dark))))
	e.win.SetMainMenu(e.mainMenu())
	e.win.SetContent(e.layout())
	e.win.Resize(fyne.NewSize(1280, 800))
	e.win.SetCloseIntercept(e.confirmClose)
	e.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		if len(uris) > 0 {
			e.Open(uris[0].Path())
		}
	})
	e.win.Canvas().SetOnTypedKey(e.typedKey)
	e.win.SetOnClosed(e.view.Close)
	e.updateTitle()
	return e
}

// UseOpenGL makes the viewport draw with OpenGL, as the running
// application does; without it (in tests) it draws in software.
func (e *Editor) UseOpenGL() { e.view.EnableGL() }

// quit closes the viewport's renderer, which must go before GLFW does,
// and quits.
func (e *Editor) quit() {
	e.view.Close()
	e.app.Quit()
}

// SetViewMode shows the level as a map or in 3D.
func (e *Editor) SetViewMode(m viewport.Mode) {
	e.view.SetMode(m)
	for mode, item := range e.modeItems {
		item.Checked = mode == m
	}
	if menu := e.win.MainMenu(); menu != nil {
		menu.Refresh()
	}
}

// typedKey handles the keys that no focused widget took: F1 for About,
// Escape to close the dialog on top.
func (e *Editor) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyF1:
		e.ShowAbout()
	case fyne.KeyEscape:
		if e.dialog != nil {
			e.dialog.Hide()
		}
	}
}

// show displays d as the editor's current dialog, the one Escape closes.
func (e *Editor) show(d dialog.Dialog) {
	e.dialog = d
	d.SetOnClosed(func() {
		if e.dialog == d {
			e.dialog = nil
		}
	})
	d.Show()
}

// showError shows err in a dialog that Escape closes.
func (e *Editor) showError(err error) { e.show(dialog.NewError(err, e.win)) }

// Window is the editor's main window.
func (e *Editor) Window() fyne.Window { return e.win }

// Title is what the window title should say: the file name, a mark when
// there are unsaved changes, and the application name.
func (e *Editor) Title() string {
	if e.path == "" {
		return "Levelwright"
	}
	mark := ""
	if e.dirty {
		mark = "*"
	}
	return fmt.Sprintf("%s%s — Levelwright", filepath.Base(e.path), mark)
}

// SetDirty records whether the open file has unsaved changes.
func (e *Editor) SetDirty(dirty bool) {
	e.dirty = dirty
	e.updateTitle()
}

// Open loads the file at path. A file that is not a level file, or that is
// damaged, leaves the current file open and shows an error dialog.
func (e *Editor) Open(path string) {
	data, err := os.ReadFile(path)
	var game document.Game
	var levels []scene.Level
	if err == nil {
		if game, err = document.Sniff(data); err == nil {
			levels, err = scene.File(data, game)
		}
		if err != nil {
			err = fmt.Errorf("%s: %w", path, err)
		}
	}
	if err != nil {
		e.showError(fmt.Errorf("cannot open this file:\n%w", err))
		return
	}
	e.path, e.game, e.dirty = path, game, false
	e.drawable, e.levelNames = levels, nil
	for _, l := range levels {
		e.levelNames = append(e.levelNames, l.Name)
	}
	e.levels.Refresh()
	e.status.SetText(fmt.Sprintf("%s file: %s", game, path))
	e.updateTitle()
	if len(levels) > 0 {
		e.levels.Select(0)
	}
}

// showLevel draws level i of the open file in the viewport.
func (e *Editor) showLevel(i int) {
	if i < 0 || i >= len(e.drawable) {
		return
	}
	e.scene = e.drawable[i].Build()
	e.view.SetList(&e.scene.List, e.scene.FlipY)
	e.viewport.Objects = []fyne.CanvasObject{e.view}
	e.viewport.Refresh()
	e.inspector.SetText("Nothing selected")
}

// showCursor puts the world point under the pointer in the status bar.
func (e *Editor) showCursor(p viewport.Vec2) {
	e.status.SetText(fmt.Sprintf("%s  x %.1f  y %.1f", filepath.Base(e.path), p.X, p.Y))
}

// showPick names the entity clicked in the inspector.
func (e *Editor) showPick(id viewport.ID) {
	if r, ok := e.scene.Ref(id); ok {
		e.inspector.SetText(fmt.Sprintf("%s %d", r.Kind, r.Index))
		return
	}
	e.inspector.SetText("Nothing selected")
}

func (e *Editor) updateTitle() { e.win.SetTitle(e.Title()) }

func (e *Editor) layout() fyne.CanvasObject {
	e.levels = widget.NewList(
		func() int { return len(e.levelNames) },
		func() fyne.CanvasObject { return widget.NewLabel("level name") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(e.levelNames[i]) },
	)
	e.levels.OnSelected = e.showLevel
	levelsPanel := container.NewBorder(panelHeading("Levels"), nil, nil, nil, e.levels)
	e.view = viewport.NewView()
	e.view.OnCursor, e.view.OnPick = e.showCursor, e.showPick

	background := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	hint := widget.NewLabelWithStyle("Open a level file with File > Open (Ctrl+O)", fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	e.viewport = container.NewStack(background, container.NewCenter(hint))

	e.inspector = widget.NewLabel("Nothing selected")
	e.inspector.Wrapping = fyne.TextWrapWord
	inspectorPanel := container.NewBorder(panelHeading("Inspector"), nil, nil, nil, container.NewVScroll(e.inspector))

	e.status = widget.NewLabel("Ready")
	statusBar := container.NewVBox(widget.NewSeparator(), e.status)

	right := container.NewHSplit(e.viewport, inspectorPanel)
	right.Offset = 0.78
	main := container.NewHSplit(levelsPanel, right)
	main.Offset = 0.18
	return container.NewBorder(nil, statusBar, nil, nil, main)
}

func panelHeading(text string) fyne.CanvasObject {
	return container.NewVBox(widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), widget.NewSeparator())
}

func (e *Editor) mainMenu() *fyne.MainMenu {
	open := e.shortcutItem("Open…", fyne.KeyO, e.showOpenDialog)
	quit := e.shortcutItem("Quit", fyne.KeyQ, func() { e.confirmClose() })
	quit.IsQuit = true
	file := fyne.NewMenu("File", open, fyne.NewMenuItemSeparator(), quit)

	undo := fyne.NewMenuItem("Undo", nil)
	undo.Disabled = true
	redo := fyne.NewMenuItem("Redo", nil)
	redo.Disabled = true
	edit := fyne.NewMenu("Edit", undo, redo)

	e.themeItems = map[themes.Name]*fyne.MenuItem{}
	var viewItems []*fyne.MenuItem
	for _, n := range themes.Names {
		item := fyne.NewMenuItem(n.Label(), func() { e.SetTheme(n) })
		e.themeItems[n] = item
		viewItems = append(viewItems, item)
	}
	e.markTheme()
	e.modeItems = map[viewport.Mode]*fyne.MenuItem{
		viewport.Map:   e.shortcutItem("Map (2D)", fyne.Key1, func() { e.SetViewMode(viewport.Map) }),
		viewport.Orbit: e.shortcutItem("3D Orbit", fyne.Key2, func() { e.SetViewMode(viewport.Orbit) }),
		viewport.Fly:   e.shortcutItem("3D Fly (W A S D Q E)", fyne.Key3, func() { e.SetViewMode(viewport.Fly) }),
	}
	e.modeItems[viewport.Map].Checked = true
	fit := e.shortcutItem("Fit Level in View", fyne.Key0, func() { e.view.Fit() })
	viewItems = append([]*fyne.MenuItem{e.modeItems[viewport.Map], e.modeItems[viewport.Orbit], e.modeItems[viewport.Fly], fit,
		fyne.NewMenuItemSeparator()}, viewItems...)
	view := fyne.NewMenu("View", viewItems...)

	about := fyne.NewMenuItem("About Levelwright (F1)", e.ShowAbout)
	help := fyne.NewMenu("Help", about)
	return fyne.NewMainMenu(file, edit, view, help)
}

// shortcutItem is a menu item with a Ctrl (Cmd on macOS) shortcut that also
// works from the keyboard: Fyne registers menu shortcuts only on macOS.
func (e *Editor) shortcutItem(label string, key fyne.KeyName, action func()) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, action)
	item.Shortcut = &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}
	e.win.Canvas().AddShortcut(item.Shortcut, func(fyne.Shortcut) { action() })
	return item
}

// SetTheme switches the application theme and remembers the choice.
func (e *Editor) SetTheme(n themes.Name) {
	e.app.Preferences().SetString(prefTheme, string(n))
	e.applyTheme(n)
	e.markTheme()
}

func (e *Editor) applyTheme(n themes.Name) { e.app.Settings().SetTheme(themes.Lookup(n)) }

func (e *Editor) markTheme() {
	current := themes.Name(e.app.Preferences().StringWithFallback(prefTheme, string(themes.Dark)))
	for n, item := range e.themeItems {
		item.Checked = n == current
	}
	if menu := e.win.MainMenu(); menu != nil {
		menu.Refresh()
	}
}

// ShowAbout shows the About dialog with the version from FyneApp.toml.
func (e *Editor) ShowAbout() {
	m := levelwright.AppMetadata()
	text := fmt.Sprintf("%s %s\n\nA level editor for System Shock, Marathon and Turok EX.\n\nViewport: %s", m.Name, m.Version, e.view.Renderer())
	e.show(dialog.NewInformation("About "+m.Name, text, e.win))
}

func (e *Editor) showOpenDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if r == nil {
			return
		}
		r.Close()
		e.Open(r.URI().Path())
	}, e.win)
	d.Resize(fyne.NewSize(900, 600))
	e.show(d)
}

// confirmClose quits at once when nothing is unsaved, else asks first.
func (e *Editor) confirmClose() {
	if !e.dirty {
		e.quit()
		return
	}
	e.show(dialog.NewConfirm("Unsaved changes", "Quit and lose the changes to "+filepath.Base(e.path)+"?", func(quit bool) {
		if quit {
			e.quit()
		}
	}, e.win))
}
