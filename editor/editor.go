// Package editor is the Levelwright application: the main window, its
// menus and shortcuts, the panels around the viewport, and the file the
// user is working on.
package editor

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// prefTheme is the preference key of the chosen theme.
const prefTheme = "theme"

// Editor is one main window and the file open in it.
type Editor struct {
	app fyne.App
	win fyne.Window

	path  string    // the open file, "" for none
	game  game.Game // the open file's game, nil for none
	dirty bool
	file  game.Session // the open file's document, nil for none

	levelNames        []string
	levels            *widget.List
	drawable          []scene.Level // the open file's levels, as levelNames lists them
	level             int           // the file's index of the level shown
	scene             *scene.Scene  // the level shown
	view              *viewport.View
	selection         []document.Ref     // the entities selected, where they are now
	selected          document.Selection // the same entities by handle, which edits renumber
	shown             map[int]levelState // how each level was left, by file index
	tools             []*tool.Tool       // the common tools, then the game's
	tool              *tool.Tool         // the tool chosen
	dragging          bool               // a tool drags in the map
	toolbar           *fyne.Container    // a button per tool
	toolOptions       *fyne.Container    // the chosen tool's options
	toolOptionsScroll *container.Scroll
	toolbarScroll     *container.Scroll
	grid              *viewport.Grid // the shown level's grid, which the settings may hide

	problemList     []bin.Problem
	problems        *widget.List
	undoItem        *fyne.MenuItem
	redoItem        *fyne.MenuItem
	viewport        *fyne.Container
	inspectorBox    *fyne.Container // the inspector's sections
	inspectorScroll *container.Scroll
	viewArea        *fyne.Container // the toolbar, the tool's options and the viewport
	problem         *widget.Label   // the problem chosen in the Problems panel, over the inspector
	picking         *picker         // a target picker waiting for a click, if any
	status          *widget.Label
	themeItems      map[themes.Name]*fyne.MenuItem
	modeItems       map[viewport.Mode]*fyne.MenuItem
	dialog          dialog.Dialog // the dialog on top, if any
	recentItem      *fyne.MenuItem

	dataDir   string         // where autosaves are kept
	jobs      sync.WaitGroup // the loads and saves under way
	working   bool           // whether a load or save is under way
	edits     int            // steps done, undone or redone since the file was opened
	autosaved int            // edits at the last autosave
}

// New builds the main window of a; Show it to display it.
func New(a fyne.App) *Editor {
	e := &Editor{app: a, win: a.NewWindow("Levelwright"), dataDir: a.Storage().RootURI().Path()}
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
	e.refreshMenu()
}

// refreshMenu shows the menu items' new labels and marks.
func (e *Editor) refreshMenu() {
	if menu := e.win.MainMenu(); menu != nil {
		menu.Refresh()
	}
}

// typedKey handles the keys that no focused widget took: F1 for About,
// Escape to close the dialog on top, and the tools' keys.
func (e *Editor) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyF1:
		e.ShowAbout()
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

// levelState is what the user left a level showing: the view's cameras
// and the selection, given back when they switch to it again.
type levelState struct {
	cameras   viewport.Cameras
	selection []document.Ref
}

// install makes f, the document of the file at path, the open file.
func (e *Editor) install(path string, g game.Game, f game.Session) {
	e.path, e.game, e.file, e.dirty = path, g, f, false
	e.edits, e.autosaved = 0, 0
	e.scene, e.selection, e.shown = nil, nil, map[int]levelState{}
	e.selected.Clear()
	e.setTools(f)
	f.History().OnChange(e.historyChanged)
	e.drawable, e.levelNames = f.Levels(), nil
	for _, l := range e.drawable {
		e.levelNames = append(e.levelNames, l.Name)
	}
	e.levels.UnselectAll()
	e.levels.Refresh()
	e.status.SetText(fmt.Sprintf("%s file: %s", g.Format().Name(), path))
	e.updateTitle()
	e.updateHistoryItems()
	if len(e.drawable) > 0 {
		e.levels.Select(0)
	}
}

// showLevel draws level i of the open file in the viewport, as the user
// left it if they saw it before.
func (e *Editor) showLevel(i int) {
	if i < 0 || i >= len(e.drawable) {
		return
	}
	if e.scene != nil {
		e.shown[e.level] = levelState{e.view.Cameras(), e.selection}
	}
	if e.tool != nil && e.tool.Cancel != nil {
		e.tool.Cancel()
	}
	e.level = e.drawable[i].Index
	e.scene = e.drawable[i].Build()
	e.grid = e.scene.List.Grid
	e.hideGridIfOff()
	e.view.SetList(&e.scene.List, e.scene.FlipY)
	e.viewport.Objects = []fyne.CanvasObject{e.view}
	e.viewport.Refresh()
	state, seen := e.shown[e.level]
	if seen {
		e.view.SetCameras(state.cameras)
	}
	if e.tool.LevelShown != nil {
		e.tool.LevelShown()
	}
	e.SetSelection(state.selection)
	e.refreshProblems()
}

// historyChanged follows a step done, undone or redone, or a save: the
// viewport redraws what changed, and the title, the Edit menu and the
// problems follow.
func (e *Editor) historyChanged(n undo.Notice) {
	if e.scene != nil && len(n.Changes) > 0 {
		changes := e.scene.Update(n.Changes)
		if changes.All {
			e.hideGridIfOff() // the scene was built again, with its grid
		}
		e.view.Update(changes)
	}
	if n.Event != undo.Saved {
		e.edits++
		e.followSelection()
	}
	e.SetDirty(n.Dirty)
	e.updateHistoryItems()
	// A drag sends a step for every pointer move; the level is checked
	// again when it ends (drop), not at each of them.
	if n.Event != undo.Saved && !e.dragging {
		e.refreshProblems()
		e.showInspector()
	}
}

// Undo takes back the last step.
func (e *Editor) Undo() { e.step(func(h *undo.Stack) (bool, error) { return h.Undo() }) }

// Redo does the last step taken back again.
func (e *Editor) Redo() { e.step(func(h *undo.Stack) (bool, error) { return h.Redo() }) }

func (e *Editor) step(f func(*undo.Stack) (bool, error)) {
	if e.file == nil {
		return
	}
	if _, err := f(e.file.History()); err != nil {
		e.showError(err)
	}
}

// updateHistoryItems names the steps that Undo and Redo would take.
func (e *Editor) updateHistoryItems() {
	e.undoItem.Label, e.undoItem.Disabled = "Undo", true
	e.redoItem.Label, e.redoItem.Disabled = "Redo", true
	if e.file != nil {
		h := e.file.History()
		undos, redos := h.Steps()
		e.undoItem.Label, e.undoItem.Disabled = h.UndoLabel(), undos == 0
		e.redoItem.Label, e.redoItem.Disabled = h.RedoLabel(), redos == 0
	}
	e.refreshMenu()
}

// refreshLinks draws the shown level's links to targets.
func (e *Editor) refreshLinks() {
	var lines [][2]viewport.Vec2
	if e.file != nil && e.scene != nil {
		for _, l := range e.file.Links(e.level) {
			a, okA := e.scene.Center(l[0])
			b, okB := e.scene.Center(l[1])
			if okA && okB && a != b {
				lines = append(lines, [2]viewport.Vec2{a, b})
			}
		}
	}
	e.view.ShowLinks(lines)
}

// refreshProblems lists the shown level's validation problems and draws
// its links again.
func (e *Editor) refreshProblems() {
	e.refreshLinks()
	e.problemList = nil
	if e.file != nil && e.scene != nil {
		e.problemList = bin.Guard(e.level, "level", func() []bin.Problem { return e.file.Problems(e.level) })
	}
	e.problems.UnselectAll()
	e.problems.Refresh()
}

// SetSelection selects the entities refs of the shown level: the
// viewport marks them and the inspector shows them.
func (e *Editor) SetSelection(refs []document.Ref) {
	e.selection = refs
	e.selected.Clear()
	if e.file != nil {
		for _, r := range refs {
			e.selected.Add(e.file.Handles().Of(r))
		}
	}
	if e.scene == nil {
		return
	}
	e.view.Update(e.scene.Select(refs...))
	e.showInspector()
}

// SelectAll selects every entity of the shown level.
func (e *Editor) SelectAll() {
	if e.scene == nil {
		return
	}
	inf := math.Inf(1)
	e.SetSelection(e.scene.Within(viewport.Vec2{X: -inf, Y: -inf}, viewport.Vec2{X: inf, Y: inf}))
}

// followSelection finds the selected entities again after a step: where
// an edit moved them to, without those it deleted (or whose creation it
// undid).
func (e *Editor) followSelection() {
	if e.file == nil || e.selected.Len() == 0 {
		return
	}
	now := e.selected.Refs(e.file.Handles())
	if slices.Equal(now, e.selection) {
		return
	}
	e.selection = now
	if e.scene != nil {
		e.view.Update(e.scene.Select(now...))
	}
}

// DeleteSelection deletes the selected entities as one undo step.
func (e *Editor) DeleteSelection() {
	if e.file == nil || len(e.selection) == 0 {
		return
	}
	if err := e.file.Remove(e.selection); err != nil {
		e.showError(err)
		return
	}
	e.SetSelection(nil)
}

// showInspector shows forms for the selection: for several kinds at
// once, buttons that narrow it to one kind.
func (e *Editor) showInspector() {
	e.problem.Hide()
	if len(e.selection) == 0 || e.file == nil {
		e.showSections([]inspect.Section{{Title: "Nothing selected"}})
		return
	}
	kinds := game.ByKind(e.selection)
	if len(kinds) > 1 {
		box := container.NewVBox(widget.NewLabel(fmt.Sprintf("%d entities selected", len(e.selection))))
		for _, kind := range slices.Sorted(maps.Keys(kinds)) {
			box.Add(widget.NewButton(fmt.Sprintf("Only the %d %ss", len(kinds[kind]), kind), func() {
				e.SetSelection(slices.DeleteFunc(slices.Clone(e.selection), func(r document.Ref) bool { return r.Kind != kind }))
			}))
		}
		e.setInspector(box)
		return
	}
	kind := e.selection[0].Kind
	sections := e.file.Inspect(host{e}, kind, kinds[kind])
	if len(sections) == 0 {
		sections = []inspect.Section{{Title: inspect.Title(kind, kinds[kind])}}
	}
	e.showSections(sections)
}

// A picker waits for a click on an entity of a kind in the map, then
// sets a target to it.
type picker struct {
	kind string
	set  func(index int) error
}

// pickTarget makes the next click in the map, on an entity of kind,
// the target that set sets; Escape gives up.
func (e *Editor) pickTarget(prompt, kind string, set func(index int) error) {
	e.picking = &picker{kind, set}
	e.status.SetText("Pick a target: " + prompt + " (Escape to give up)")
}

// pick takes a click for the target picker; it reports whether one was
// waiting.
func (e *Editor) pick(id viewport.ID) bool {
	p := e.picking
	if p == nil {
		return false
	}
	r, ok := e.scene.Ref(id)
	if !ok || r.Kind != p.kind {
		e.status.SetText(fmt.Sprintf("Pick a target: that is not a %s; click one, or Escape to give up", p.kind))
		return true
	}
	e.picking = nil
	if err := p.set(r.Index); err != nil {
		e.showError(err)
		return true
	}
	e.status.SetText(fmt.Sprintf("Target set to %s %d", r.Kind, r.Index))
	return true
}

// showProblem selects the entity of problem i and centres the map on it.
func (e *Editor) showProblem(i int) {
	if i < 0 || i >= len(e.problemList) || e.scene == nil {
		return
	}
	p := e.problemList[i]
	r := document.Ref{Level: e.level, Kind: p.Kind, Index: p.Index}
	e.SetSelection([]document.Ref{r})
	if at, ok := e.scene.Center(r); ok {
		e.SetViewMode(viewport.Map)
		e.view.CenterOn(at)
	}
	e.problem.SetText(fmt.Sprintf("%s: %s", p.Severity, p.Message))
	e.problem.Show()
}

// showCursor puts the world point under the pointer in the status bar,
// and tells the tool.
func (e *Editor) showCursor(p viewport.Vec2) {
	if e.tool != nil && e.tool.Hover != nil {
		e.tool.Hover(p)
	}
	e.status.SetText(fmt.Sprintf("%s  x %.1f  y %.1f", filepath.Base(e.path), p.X, p.Y))
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
	e.view.OnCursor, e.view.OnPick, e.view.OnKey = e.showCursor, e.click, e.toolKey
	e.view.OnGrab, e.view.OnDrag, e.view.OnDrop = e.press, e.dragTo, e.releaseDrag

	e.viewport = container.NewStack()

	e.inspectorBox = container.NewStack(widget.NewLabel("Nothing selected"))
	e.inspectorScroll = container.NewScroll(e.inspectorBox) // both ways: a wide form must not narrow the viewport
	e.problem = widget.NewLabel("")
	e.problem.Wrapping, e.problem.Importance = fyne.TextWrapWord, widget.WarningImportance
	e.problem.Hide()
	inspectorPanel := container.NewBorder(container.NewVBox(panelHeading("Inspector"), e.problem), nil, nil, nil,
		e.inspectorScroll)
	e.problems = widget.NewList(
		func() int { return len(e.problemList) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("warning polygon 1234: a problem")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p := e.problemList[i]
			o.(*widget.Label).SetText(fmt.Sprintf("%s %s %d: %s", p.Severity, p.Kind, p.Index, p.Code))
		},
	)
	e.problems.OnSelected = e.showProblem
	problemsPanel := container.NewBorder(panelHeading("Problems"), nil, nil, nil, e.problems)
	side := container.NewVSplit(inspectorPanel, problemsPanel)
	side.Offset = 0.5

	e.status = widget.NewLabel("Ready")
	statusBar := container.NewVBox(widget.NewSeparator(), e.status)

	e.viewArea = container.NewBorder(e.toolArea(), nil, nil, nil, e.viewport)
	right := container.NewHSplit(e.viewArea, side)
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
	save := e.shortcutItem("Save", fyne.KeyS, e.Save)
	saveAs := e.shortcutItem("Save As…", fyne.KeyS, e.showSaveDialog, fyne.KeyModifierShift)
	revert := fyne.NewMenuItem("Revert", e.Revert)
	e.recentItem = fyne.NewMenuItem("Open Recent", nil)
	settings := fyne.NewMenuItem("Settings…", e.ShowSettings)
	quit := e.shortcutItem("Quit", fyne.KeyQ, func() { e.confirmClose() })
	quit.IsQuit = true
	file := fyne.NewMenu("File", open, e.recentItem, save, saveAs, revert, fyne.NewMenuItemSeparator(), settings, fyne.NewMenuItemSeparator(), quit)

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
	edit := fyne.NewMenu("Edit", e.undoItem, e.redoItem, history, fyne.NewMenuItemSeparator(), selectAll, deselect, remove)

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
func (e *Editor) confirmClose() { e.unlessLosing("quit", e.quit) }

// andList joins items as "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
