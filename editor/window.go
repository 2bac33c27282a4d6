package editor

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// prefTheme is the preference key of the chosen theme.
const prefTheme = "theme"

// menus are the menu items that change with the file and the settings.
type menus struct {
	undoItem   *fyne.MenuItem
	redoItem   *fyne.MenuItem
	recentItem *fyne.MenuItem
	themeItems map[themes.Name]*fyne.MenuItem
	modeItems  map[viewport.Mode]*fyne.MenuItem
}

// New builds the main window of a; Show it to display it.
func New(a fyne.App) *Editor {
	e := &Editor{app: a, win: a.NewWindow("Levelwright"), fileJobs: fileJobs{dataDir: a.Storage().RootURI().Path()}}
	e.applyTheme(themes.Name(a.Preferences().StringWithFallback(prefTheme, string(themes.Dark))))
	e.win.SetMainMenu(e.mainMenu())
	e.fillRecentMenu()
	e.win.SetContent(e.layout())
	e.win.Resize(fyne.NewSize(1280, 800))
	e.win.SetCloseIntercept(e.confirmClose)
	e.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		if len(uris) > 0 {
			e.Open(uris[0].Path())
		}
	})
	e.win.Canvas().SetOnTypedKey(e.typedKey)
	e.win.SetOnClosed(func() {
		e.endAutosave()
		e.view.Close()
	})
	e.updateTitle()
	return e
}

// UseOpenGL makes the viewport draw with OpenGL, as the running
// application does; without it (in tests) it draws in software.
func (e *Editor) UseOpenGL() { e.view.EnableGL() }

// quit stops the autosaves, closes the viewport's renderer, which must
// go before GLFW does, and quits.
func (e *Editor) quit() {
	e.endAutosave()
	e.sweepScratch()
	e.view.Close()
	e.app.Quit()
}

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

func (e *Editor) updateTitle() { e.win.SetTitle(e.Title()) }

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

// functionKey does what F1 (About) and F5 (Playtest) do wherever the
// keyboard is, and reports whether ev was one of them.
func (e *Editor) functionKey(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyF1:
		e.ShowAbout()
	case fyne.KeyF5:
		e.Playtest()
	default:
		return false
	}
	return true
}

// typedKey handles the keys that no focused widget took: the function
// keys, Escape to close the dialog on top, and the tools' keys.
func (e *Editor) typedKey(ev *fyne.KeyEvent) {
	if e.functionKey(ev) {
		return
	}
	switch ev.Name {
	case fyne.KeyEscape:
		if e.dialog != nil {
			e.dialog.Hide()
			return
		}
		e.toolKey(ev)
	default:
		if e.dialog == nil { // a dialog's keys are not the map's
			e.toolKey(ev)
		}
	}
}

// layout lays the panels out around the viewport, with the status bar
// below.
func (e *Editor) layout() fyne.CanvasObject {
	levels := e.levelsView()
	e.view = viewport.NewView()
	e.view.OnCursor, e.view.OnPick, e.view.OnKey = e.showCursor, e.click, e.toolKey
	e.view.OnCursor3D, e.view.OnHover, e.view.OnLeave = e.showCursor3D, e.hover, e.pointerLeft
	e.view.OnGrab, e.view.OnDrag, e.view.OnDrop = e.press, e.dragTo, e.releaseDrag
	e.view.OnPick3D, e.view.OnGrab3D, e.view.OnDrag3D = e.click3D, e.press3D, e.drag3D
	e.viewport = container.NewStack()
	side := container.NewVSplit(e.inspectorView(), e.problemsView())
	side.Offset = 0.5

	e.status = widget.NewLabel("Ready")
	e.jobsBar = container.NewVBox()
	statusBar := container.NewVBox(widget.NewSeparator(), e.jobsBar, e.status)

	e.viewArea = container.NewBorder(e.toolArea(), e.compareView(), nil, e.paletteView(), container.NewStack(e.viewport, e.legendOverlay()))
	right := container.NewHSplit(e.viewArea, side)
	right.Offset = 0.78
	main := container.NewHSplit(levels, right)
	main.Offset = 0.18
	return container.NewBorder(nil, statusBar, nil, nil, main)
}

func panelHeading(text string) fyne.CanvasObject {
	return container.NewVBox(widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), widget.NewSeparator())
}

func (e *Editor) mainMenu() *fyne.MainMenu {
	open := e.shortcutItem("Open…", fyne.KeyO, e.showOpenDialog)
	save := e.shortcutItem("Save", fyne.KeyS, e.Save)
	saveAs := e.shortcutItem("Save As…", fyne.KeyS, e.showSaveDialog, fyne.KeyModifierShift)
	revert := fyne.NewMenuItem("Revert", e.Revert)
	e.recentItem = fyne.NewMenuItem("Open Recent", nil)
	settings := fyne.NewMenuItem("Settings…", e.ShowSettings)
	compare := fyne.NewMenuItem("Compare with…", e.showCompareDialog)
	playtest := fyne.NewMenuItem("Playtest", e.Playtest)
	playtest.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyF5}
	quit := e.shortcutItem("Quit", fyne.KeyQ, func() { e.confirmClose() })
	quit.IsQuit = true
	file := fyne.NewMenu("File", open, e.recentItem, save, saveAs, revert, fyne.NewMenuItemSeparator(), compare, playtest, e.scriptItem(), settings, fyne.NewMenuItemSeparator(), quit)

	e.undoItem = e.standardItem("Undo", fyne.KeyZ, &fyne.ShortcutUndo{}, e.Undo)
	e.redoItem = e.standardItem("Redo", fyne.KeyY, &fyne.ShortcutRedo{}, e.Redo)
	e.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ,
		Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, e.unlessDialog(e.Redo))
	e.undoItem.Disabled, e.redoItem.Disabled = true, true
	selectAll := e.standardItem("Select All", fyne.KeyA, &fyne.ShortcutSelectAll{}, e.SelectAll)
	remove := fyne.NewMenuItem("Delete", e.DeleteSelection)
	remove.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyDelete}
	deselect := fyne.NewMenuItem("Select None", func() { e.SetSelection(nil) })
	deselect.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
	history := e.shortcutItem("History…", fyne.KeyH, e.ShowHistory)
	edit := fyne.NewMenu("Edit", append([]*fyne.MenuItem{e.undoItem, e.redoItem, history, fyne.NewMenuItemSeparator()},
		append(e.clipboardItems(), fyne.NewMenuItemSeparator(), selectAll, deselect, remove)...)...)

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
	viewItems = append(append([]*fyne.MenuItem{e.modeItems[viewport.Map], e.modeItems[viewport.Orbit], e.modeItems[viewport.Fly], fit,
		fyne.NewMenuItemSeparator()}, append(e.viewMenuItems(), e.paletteMenuItem(), e.entityListItem())...), append([]*fyne.MenuItem{fyne.NewMenuItemSeparator()}, viewItems...)...)
	view := fyne.NewMenu("View", viewItems...)

	about := fyne.NewMenuItem("About Levelwright (F1)", e.ShowAbout)
	help := fyne.NewMenu("Help", about)
	return fyne.NewMainMenu(file, edit, view, help)
}

// shortcutItem is a menu item with a Ctrl (Cmd on macOS) shortcut, with
// any extra modifiers, that also works from the keyboard: Fyne registers
// menu shortcuts only on macOS.
func (e *Editor) shortcutItem(label string, key fyne.KeyName, action func(), extra ...fyne.KeyModifier) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, action)
	mod := fyne.KeyModifierShortcutDefault
	for _, m := range extra {
		mod |= m
	}
	item.Shortcut = &desktop.CustomShortcut{KeyName: key, Modifier: mod}
	e.win.Canvas().AddShortcut(item.Shortcut, func(fyne.Shortcut) { action() })
	return item
}

// standardItem is a menu item for one of the shortcuts that Fyne turns
// into its standard ones (Ctrl+Z into fyne.ShortcutUndo, ...): the menu
// shows Ctrl+key, and the shortcut acts on the document when no text
// entry has the focus (a focused entry takes it, for its own text).
func (e *Editor) standardItem(label string, key fyne.KeyName, standard fyne.Shortcut, action func()) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, action)
	item.Shortcut = &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}
	e.win.Canvas().AddShortcut(standard, e.unlessDialog(action))
	return item
}

// unlessDialog is a shortcut's handler that runs action unless a dialog
// is on top: the document's edits wait until it is closed.
func (e *Editor) unlessDialog(action func()) func(fyne.Shortcut) {
	return func(fyne.Shortcut) {
		if e.dialog == nil {
			action()
		}
	}
}

// refreshMenu shows the menu items' new labels and marks.
func (e *Editor) refreshMenu() {
	if menu := e.win.MainMenu(); menu != nil {
		menu.Refresh()
	}
}

// updateHistoryItems names the steps that Undo and Redo would take.
func (e *Editor) updateHistoryItems() {
	e.undoItem.Label, e.undoItem.Disabled = "Undo", true
	e.redoItem.Label, e.redoItem.Disabled = "Redo", true
	if e.file != nil {
		h := e.file.History()
		undos, redos := h.Steps()
		e.undoItem.Disabled, e.redoItem.Disabled = undos == 0, redos == 0
		if undos > 0 {
			e.undoItem.Label = h.UndoLabel()
		}
		if redos > 0 {
			e.redoItem.Label = h.RedoLabel()
		}
	}
	e.refreshMenu()
}

// SetViewMode shows the level as a map or in 3D.
func (e *Editor) SetViewMode(m viewport.Mode) {
	e.view.SetMode(m)
	for mode, item := range e.modeItems {
		item.Checked = mode == m
	}
	e.refreshMenu()
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
	e.refreshMenu()
}

// ShowAbout shows the About dialog with the version from FyneApp.toml.
func (e *Editor) ShowAbout() {
	m := levelwright.AppMetadata()
	var names []string
	for _, f := range Formats() {
		names = append(names, f.Name())
	}
	text := fmt.Sprintf("%s %s\n\nA level editor for %s.\n\nViewport: %s", m.Name, m.Version, andList(names), e.view.Renderer())
	e.show(dialog.NewInformation("About "+m.Name, text, e.win))
}

// andList joins items as "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func (e *Editor) showOpenDialog() { e.show(e.openFileDialog("", nil, e.Open)) }

// openFileDialog is a file dialog that gives chosen the path of the file
// chosen, starting in the folder dir ("" for the dialog's own) and
// listing only the files of extensions when there are any.
func (e *Editor) openFileDialog(dir string, extensions []string, chosen func(path string)) *dialog.FileDialog {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if r == nil {
			return
		}
		r.Close()
		chosen(r.URI().Path())
	}, e.win)
	if len(extensions) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(extensions))
	}
	if dir != "" {
		if folder, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(folder)
		}
	}
	d.Resize(fyne.NewSize(900, 600))
	return d
}

// confirmClose quits at once when nothing is unsaved, else asks first.
func (e *Editor) confirmClose() { e.unlessLosing("quit", e.quit) }
