package editor

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/docs"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// prefTheme is the preference key of the chosen theme.
const prefTheme = "theme"

// New builds the main window of a; Show it to display it.
func New(a fyne.App) *Editor {
	e := &Editor{app: a, win: a.NewWindow("Levelwright")}
	e.parts()
	e.applyTheme(chosenTheme(a.Preferences()))
	e.win.SetMainMenu(e.mainMenu())
	e.recent.fillMenu()
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
		e.autosaver.end()
		e.view.Close()
	})
	e.updateTitle()
	return e
}

// parts builds the view, the status bar and the window's parts, each
// given what it needs of the others.
func (e *Editor) parts() {
	prefs, cur := e.app.Preferences(), &e.current
	e.view = viewport.NewView()
	e.status = widget.NewLabel("Ready")
	e.dialogs = &dialogs{win: e.win}
	e.menus = &menus{win: e.win, dialogs: e.dialogs, prefs: prefs}
	e.jobs = &jobs{win: e.win}
	e.levels = newLevelsPanel(e.showLevel)
	e.problems = newProblemsPanel(e.showProblem, e.fixOf, e.dialogs.showError)
	e.grid = &mapGrid{prefs: prefs, cur: cur, view: e.view, dialogs: e.dialogs, changed: func() { e.legend.show() }}
	e.legend = &legendPanel{cur: cur, view: e.view, grid: e.grid, menus: e.menus, prefs: prefs, layersChanged: e.showLinks}
	e.legend.build()
	e.inspector = &inspectorPanel{cur: cur, host: host{e}, status: e.status, selectRefs: e.SetSelection}
	e.palette = &palettePanel{cur: cur, status: e.status, menus: e.menus, host: host{e}, relayout: func() { e.viewArea.Refresh() }}
	e.palette.build()
	e.clipboard = &clipboard{cur: cur, system: e.app.Clipboard(), view: e.view, status: e.status, dialogs: e.dialogs,
		menus: e.menus, grid: e.grid, selectRefs: e.SetSelection}
	e.compare = &comparePanel{cur: cur, dialogs: e.dialogs, jobs: e.jobs, status: e.status, view: e.view, levels: e.levels,
		setViewMode: e.SetViewMode, selectRefs: e.SetSelection, goTo: e.clipboard.GoTo}
	e.compare.build()
	e.finder = &finder{cur: cur, dialogs: e.dialogs, menus: e.menus, status: e.status, selectRefs: e.SetSelection, goTo: e.clipboard.GoTo}
	e.manual = &manual{app: e.app, fsys: docs.FS, status: e.status}
	e.tools = &toolBox{cur: cur, status: e.status, cancelGesture: e.cancelGesture, relayout: func() { e.viewArea.Refresh() },
		manual: e.manual}
	e.files = &fileJobs{e: e, backedUp: map[string]bool{}}
	e.recent = &recentFiles{prefs: prefs, menus: e.menus, open: e.Open}
	e.data = &dataFolder{dir: e.app.Storage().RootURI().Path(), status: e.status}
	e.prefabs = &prefabs{cur: cur, data: e.data, clipboard: e.clipboard, dialogs: e.dialogs, status: e.status}
	e.autosaver = &autosaver{prefs: prefs, cur: cur, jobs: e.jobs, data: e.data, status: e.status}
	e.viewport = container.NewStack()
	e.welcome = &welcomePage{cur: cur, data: e.data, recent: e.recent, viewport: e.viewport, dialogs: e.dialogs, open: e.Open}
	e.windows = &fileWindows{cur: cur, dialogs: e.dialogs, save: e.files.Save}
	e.background = &backgroundJobs{cur: cur, jobs: e.jobs, status: e.status, dialogs: e.dialogs, bar: container.NewVBox()}
	e.playtests = &playtests{prefs: prefs, cur: cur, jobs: e.jobs, dialogs: e.dialogs, status: e.status}
	e.scripts = &scripts{prefs: prefs, cur: cur, jobs: e.jobs, dialogs: e.dialogs, status: e.status}
	e.follower = &followUp{cur: cur, caughtUp: func(reached []document.Ref, wholly bool) {
		e.followProblems(reached, wholly)
		e.inspector.clearErrors()
		e.inspector.show()
	}}
}

// UseOpenGL makes the viewport draw with OpenGL, as the running
// application does; without it (in tests) it draws in software.
func (e *Editor) UseOpenGL() { e.view.EnableGL() }

// quit stops the autosaves, closes the viewport's renderer, which must
// go before GLFW does, and quits.
func (e *Editor) quit() {
	e.autosaver.end()
	e.playtests.sweep()
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

// functionKey does what F1 (About), F5 (Playtest) and F6 (Playtest
// from Here) do wherever the keyboard is, and reports whether ev was one
// of them.
func (e *Editor) functionKey(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyF1:
		e.ShowAbout()
	case fyne.KeyF5:
		e.playtests.Run()
	case fyne.KeyF6:
		e.playtestFromHere()
	default:
		return false
	}
	return true
}

// playtestFromHere playtests with the player start at the map point
// last under the pointer (the view's centre before the pointer was over
// the map), or in 3D at the point the view looks at.
func (e *Editor) playtestFromHere() {
	if e.scene == nil {
		e.status.SetText("Open a level to playtest")
		return
	}
	at := e.view.Camera().Center
	switch {
	case e.view.Mode() != viewport.Map:
		at = e.scene.MapPoint(e.view.Cameras().Space.Target)
	case e.clipboard.pointed:
		at = e.clipboard.pointer
	}
	e.playtests.RunFrom(at)
}

// typedKey handles the keys that no focused widget took: the function
// keys, Escape to close the dialog on top, and the tools' keys.
func (e *Editor) typedKey(ev *fyne.KeyEvent) {
	if e.functionKey(ev) {
		return
	}
	switch ev.Name {
	case fyne.KeyEscape:
		if !e.dialogs.hideTop() {
			e.toolKey(ev)
		}
	default:
		if e.dialogs.top == nil { // a dialog's keys are not the map's
			e.toolKey(ev)
		}
	}
}

// layout lays the panels out around the viewport, with the status bar
// below.
func (e *Editor) layout() fyne.CanvasObject {
	e.view.OnCursor, e.view.OnPick, e.view.OnKey = e.showCursor, e.click, e.toolKey
	e.view.OnCursor3D, e.view.OnHover, e.view.OnLeave = e.showCursor3D, e.hover, e.pointerLeft
	e.view.OnGrab, e.view.OnDrag, e.view.OnDrop = e.press, e.dragTo, e.releaseDrag
	e.view.OnPick3D, e.view.OnGrab3D, e.view.OnDrag3D = e.click3D, e.press3D, e.drag3D
	side := container.NewVSplit(e.inspector.content(), e.problems.content())
	side.Offset = 0.5

	statusBar := container.NewVBox(widget.NewSeparator(), e.background.bar, e.status)

	top := e.tools.content()
	e.viewArea = container.New(toolbarFirst{border: layout.NewBorderLayout(top, e.compare.box, nil, e.palette.box), rows: e.tools.rows},
		top, e.compare.box, e.palette.box, container.NewStack(e.viewport, e.legend.area, e.tools.tipArea()))
	right := container.NewHSplit(e.viewArea, side)
	right.Offset = 0.70
	main := container.NewHSplit(e.levels.content(), right)
	main.Offset = 0.15
	return container.NewBorder(nil, statusBar, nil, nil, main)
}

func panelHeading(text string) fyne.CanvasObject {
	return container.NewVBox(widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), widget.NewSeparator())
}

func (e *Editor) mainMenu() *fyne.MainMenu {
	m := e.menus
	open := m.shortcutItem("Open…", fyne.KeyO, e.showOpenDialog)
	save := m.shortcutItem("Save", fyne.KeyS, e.files.Save)
	saveAs := m.shortcutItem("Save As…", fyne.KeyS, e.files.showSaveDialog, fyne.KeyModifierShift)
	revert := fyne.NewMenuItem("Revert", e.files.Revert)
	m.recentItem = fyne.NewMenuItem("Open Recent", nil)
	settings := fyne.NewMenuItem("Settings…", e.ShowSettings)
	compare := fyne.NewMenuItem("Compare with…", e.compare.showDialog)
	exportOBJ := fyne.NewMenuItem("Export OBJ…", e.showExportOBJ)
	playtest := fyne.NewMenuItem("Playtest", e.playtests.Run)
	playtest.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyF5}
	playtestHere := fyne.NewMenuItem("Playtest from Here", e.playtestFromHere)
	playtestHere.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyF6}
	quit := m.shortcutItem("Quit", fyne.KeyQ, func() { e.confirmClose() })
	quit.IsQuit = true
	file := fyne.NewMenu("File", open, m.recentItem, save, saveAs, revert, fyne.NewMenuItemSeparator(), exportOBJ, compare, playtest, playtestHere, e.scripts.menuItem(), settings, fyne.NewMenuItemSeparator(), quit)

	m.undoItem = m.standardItem("Undo", fyne.KeyZ, &fyne.ShortcutUndo{}, e.Undo)
	m.redoItem = m.standardItem("Redo", fyne.KeyY, &fyne.ShortcutRedo{}, e.Redo)
	e.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ,
		Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, e.dialogs.unlessDialog(e.Redo))
	m.undoItem.Disabled, m.redoItem.Disabled = true, true
	selectAll := m.standardItem("Select All", fyne.KeyA, &fyne.ShortcutSelectAll{}, e.SelectAll)
	remove := fyne.NewMenuItem("Delete", e.DeleteSelection)
	remove.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyDelete}
	deselect := fyne.NewMenuItem("Select None", func() { e.SetSelection(nil) })
	deselect.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
	history := m.shortcutItem("History…", fyne.KeyH, func() { showHistory(&e.current, e.dialogs) })
	edit := fyne.NewMenu("Edit", append([]*fyne.MenuItem{m.undoItem, m.redoItem, history, fyne.NewMenuItemSeparator()},
		append(append(append(e.clipboard.items(), e.prefabs.items()...), e.finder.items()...), fyne.NewMenuItemSeparator(), selectAll, deselect, remove)...)...)

	m.themeItems = map[themes.Name]*fyne.MenuItem{}
	var viewItems []*fyne.MenuItem
	for _, n := range themes.Names {
		item := fyne.NewMenuItem(n.Label(), func() { e.SetTheme(n) })
		m.themeItems[n] = item
		viewItems = append(viewItems, item)
	}
	m.markTheme(chosenTheme(e.app.Preferences()))
	m.modeItems = map[viewport.Mode]*fyne.MenuItem{
		viewport.Map:   m.shortcutItem("Map (2D)", fyne.Key1, func() { e.SetViewMode(viewport.Map) }),
		viewport.Orbit: m.shortcutItem("3D Orbit", fyne.Key2, func() { e.SetViewMode(viewport.Orbit) }),
		viewport.Fly:   m.shortcutItem("3D Fly (W A S D Q E)", fyne.Key3, func() { e.SetViewMode(viewport.Fly) }),
	}
	m.modeItems[viewport.Map].Checked = true
	fit := m.shortcutItem("Fit Level in View", fyne.Key0, func() { e.view.Fit() })
	frame := fyne.NewMenuItem("Frame Selection in 3D (F)", func() {
		if e.view.Mode() == viewport.Map {
			e.SetViewMode(viewport.Orbit)
		}
		e.view.Frame3D()
	})
	viewItems = append(append([]*fyne.MenuItem{m.modeItems[viewport.Map], m.modeItems[viewport.Orbit], m.modeItems[viewport.Fly], fit, frame,
		fyne.NewMenuItemSeparator()}, append(e.legend.menuItems(), e.palette.menuItem(), e.entityListItem())...), append([]*fyne.MenuItem{fyne.NewMenuItemSeparator()}, viewItems...)...)
	view := fyne.NewMenu("View", viewItems...)

	about := fyne.NewMenuItem("About Levelwright (F1)", e.ShowAbout)
	keys := fyne.NewMenuItem("Keyboard Shortcuts…", m.showShortcuts)
	manual := fyne.NewMenuItem("Manual", func() { e.manual.Show("", "") })
	help := fyne.NewMenu("Help", manual, keys, about)
	return fyne.NewMainMenu(file, edit, view, help)
}

// SetViewMode shows the level as a map or in 3D.
func (e *Editor) SetViewMode(m viewport.Mode) {
	e.view.SetMode(m)
	if e.scene != nil {
		// The 3D items take the states they waited for while the
		// map alone was shown.
		e.view.Update(e.scene.SetFlat(m == viewport.Map))
	}
	e.menus.markMode(m)
}

// SetTheme switches the application theme and remembers the choice.
func (e *Editor) SetTheme(n themes.Name) {
	e.app.Preferences().SetString(prefTheme, string(n))
	e.applyTheme(n)
	e.menus.markTheme(chosenTheme(e.app.Preferences()))
}

func (e *Editor) applyTheme(n themes.Name) { e.app.Settings().SetTheme(themes.Lookup(n)) }

// chosenTheme is the theme prefs name.
func chosenTheme(prefs fyne.Preferences) themes.Name {
	return themes.Name(prefs.StringWithFallback(prefTheme, string(themes.Dark)))
}

// ShowAbout shows the About dialog with the version from FyneApp.toml.
func (e *Editor) ShowAbout() {
	m := levelwright.AppMetadata()
	var names []string
	for _, f := range Formats() {
		names = append(names, f.Name())
	}
	text := fmt.Sprintf("%s %s\n\nA level editor for %s.\n\nViewport: %s", m.Name, m.Version, andList(names), e.view.Renderer())
	e.dialogs.show(dialog.NewInformation("About "+m.Name, text, e.win))
}

// andList joins items as "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func (e *Editor) showOpenDialog() { e.dialogs.show(e.dialogs.openFile("", nil, e.Open)) }

// confirmClose quits at once when nothing is unsaved, else asks first.
func (e *Editor) confirmClose() { e.files.unlessLosing("quit", e.quit) }
