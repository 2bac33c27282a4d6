package editor

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// menus are the menu items that change with the file and the settings,
// and the shortcuts the menu items give the window.
type menus struct {
	win        fyne.Window
	dialogs    *dialogs // the standard shortcuts wait while one is on top
	undoItem   *fyne.MenuItem
	redoItem   *fyne.MenuItem
	recentItem *fyne.MenuItem
	themeItems map[themes.Name]*fyne.MenuItem
	modeItems  map[viewport.Mode]*fyne.MenuItem
	// gameMenu is the open file's game's own actions (game.Actor), after
	// Edit; nil when it has none. fileItems are those of them in the File
	// menu (game.Action's File).
	gameMenu  *fyne.Menu
	fileItems []*fyne.MenuItem
	// levelsMenu is the open file's level actions (game.LevelManager);
	// nil when it has none.
	levelsMenu *fyne.Menu
	// bindings are the menu commands with keys, in the order made
	// (shortcuts.go); prefs keeps the keys the user gave them.
	bindings []*keyBinding
	prefs    fyne.Preferences
}

// setLevelActions shows the open file's level actions in a Levels menu
// after the game's own (or Edit), replacing those of the file before;
// an action the file does not allow is disabled, its label saying why.
// run does one.
func (m *menus) setLevelActions(actions []game.LevelAction, run func(game.LevelAction)) {
	main := m.win.MainMenu()
	if main == nil {
		return
	}
	main.Items = slices.DeleteFunc(main.Items, func(menu *fyne.Menu) bool { return menu == m.levelsMenu })
	m.levelsMenu = nil
	var items []*fyne.MenuItem
	for _, a := range actions {
		item := fyne.NewMenuItem(a.Label, m.dialogs.unlessDialogDo(func() { run(a) }))
		if a.Unavailable != "" {
			item.Label += " (" + a.Unavailable + ")"
			item.Disabled = true
		}
		items = append(items, item)
	}
	if len(items) > 0 {
		m.levelsMenu = fyne.NewMenu("Levels", items...)
		at := slices.Index(main.Items, m.gameMenu) + 1 // after the game's menu
		if m.gameMenu == nil {
			at = min(2, len(main.Items)) // after File and Edit
		}
		main.Items = slices.Insert(main.Items, at, m.levelsMenu)
	}
	m.win.SetMainMenu(main)
}

// setGameActions shows the actions of the open file's game, named title,
// in a menu of their own after Edit (those marked File in the File menu,
// after Save As), replacing those of the file before; run does one.
func (m *menus) setGameActions(title string, actions []game.Action, run func(game.Action)) {
	if m.gameMenu != nil {
		for _, item := range m.gameMenu.Items {
			if item.Shortcut != nil {
				m.win.Canvas().RemoveShortcut(item.Shortcut)
			}
		}
		m.bindings = slices.DeleteFunc(m.bindings, func(b *keyBinding) bool { return slices.Contains(m.gameMenu.Items, b.item) })
	}
	main := m.win.MainMenu()
	if main == nil {
		return
	}
	main.Items = slices.DeleteFunc(main.Items, func(menu *fyne.Menu) bool { return menu == m.gameMenu })
	file := main.Items[0]
	file.Items = slices.DeleteFunc(file.Items, func(item *fyne.MenuItem) bool { return slices.Contains(m.fileItems, item) })
	m.gameMenu, m.fileItems = nil, nil
	var items []*fyne.MenuItem
	for _, a := range actions {
		if a.File {
			m.fileItems = append(m.fileItems, fyne.NewMenuItem(a.Label, m.dialogs.unlessDialogDo(func() { run(a) })))
			continue
		}
		item := fyne.NewMenuItem(a.Label, m.dialogs.unlessDialogDo(func() { run(a) }))
		if a.Key != "" {
			mod := fyne.KeyModifierShortcutDefault
			if a.Shift {
				mod |= fyne.KeyModifierShift
			}
			m.bind(item, &desktop.CustomShortcut{KeyName: a.Key, Modifier: mod}, m.dialogs.unlessDialogDo(func() { run(a) }))
		}
		items = append(items, item)
	}
	at := slices.IndexFunc(file.Items, func(item *fyne.MenuItem) bool { return item.Label == "Save As…" }) + 1
	file.Items = slices.Insert(file.Items, at, m.fileItems...)
	if len(items) > 0 {
		m.gameMenu = fyne.NewMenu(title, items...)
		main.Items = slices.Insert(main.Items, min(2, len(main.Items)), m.gameMenu) // after File and Edit
	}
	m.win.SetMainMenu(main)
}

// shortcutItem is a menu item with a Ctrl (Cmd on macOS) shortcut, with
// any extra modifiers, that also works from the keyboard: Fyne registers
// menu shortcuts only on macOS.
func (m *menus) shortcutItem(label string, key fyne.KeyName, action func(), extra ...fyne.KeyModifier) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, action)
	mod := fyne.KeyModifierShortcutDefault
	for _, x := range extra {
		mod |= x
	}
	m.bind(item, &desktop.CustomShortcut{KeyName: key, Modifier: mod}, action)
	return item
}

// standardItem is a menu item for one of the shortcuts that Fyne turns
// into its standard ones (Ctrl+Z into fyne.ShortcutUndo, ...): the menu
// shows Ctrl+key, and the shortcut acts on the document when no text
// entry has the focus (a focused entry takes it, for its own text).
func (m *menus) standardItem(label string, key fyne.KeyName, standard fyne.Shortcut, action func()) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, action)
	item.Shortcut = &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}
	m.win.Canvas().AddShortcut(standard, m.dialogs.unlessDialog(action))
	m.bindings = append(m.bindings, &keyBinding{item: item, action: action, first: item.Shortcut.(*desktop.CustomShortcut), fixed: true})
	return item
}

// refresh shows the menu items' new labels and marks.
func (m *menus) refresh() {
	if menu := m.win.MainMenu(); menu != nil {
		menu.Refresh()
	}
}

// updateHistory names the steps that Undo and Redo would take in h, the
// open file's history (nil for none).
func (m *menus) updateHistory(h *undo.Stack) {
	m.undoItem.Label, m.undoItem.Disabled = "Undo", true
	m.redoItem.Label, m.redoItem.Disabled = "Redo", true
	if h != nil {
		undos, redos := h.Steps()
		m.undoItem.Disabled, m.redoItem.Disabled = undos == 0, redos == 0
		if undos > 0 {
			m.undoItem.Label = h.UndoLabel()
		}
		if redos > 0 {
			m.redoItem.Label = h.RedoLabel()
		}
	}
	m.refresh()
}

// markMode checks the view mode shown, mode.
func (m *menus) markMode(mode viewport.Mode) {
	for each, item := range m.modeItems {
		item.Checked = each == mode
	}
	m.refresh()
}

// markTheme checks the theme chosen, current.
func (m *menus) markTheme(current themes.Name) {
	for n, item := range m.themeItems {
		item.Checked = n == current
	}
	m.refresh()
}
