package editor

import (
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
)

const (
	// prefRecent is the preference key of the recently opened files,
	// newest first.
	prefRecent = "recentFiles"
	maxRecent  = 10
)

// recentFiles are the files opened lately, kept in prefs and listed
// under File > Open Recent (one of menus), where choosing one opens it.
type recentFiles struct {
	prefs fyne.Preferences
	menus *menus
	open  func(path string)
}

// list lists the files opened lately, newest first.
func (r *recentFiles) list() []string {
	return r.prefs.StringList(prefRecent)
}

// remember puts path first in the recent files.
func (r *recentFiles) remember(path string) { r.set(path, true) }

// forget takes path off the recent files.
func (r *recentFiles) forget(path string) { r.set(path, false) }

// set takes path off the recent files and, when first is set, puts it
// back on top.
func (r *recentFiles) set(path string, first bool) {
	path = absolute(path)
	recent := slices.DeleteFunc(r.list(), func(p string) bool { return p == path })
	if first {
		recent = append([]string{path}, recent...)
	}
	r.prefs.SetStringList(prefRecent, recent[:min(len(recent), maxRecent)])
	r.fillMenu()
}

// absolute is path made absolute where it can be, so that a file has one
// name in the recent files and in the recovery folder.
func absolute(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// fillMenu lists the recent files under File > Open Recent.
func (r *recentFiles) fillMenu() {
	var items []*fyne.MenuItem
	for _, p := range r.list() {
		items = append(items, fyne.NewMenuItem(p, func() { r.open(p) }))
	}
	if len(items) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		items = append(items, none)
	}
	r.menus.recentItem.ChildMenu = fyne.NewMenu("", items...)
	r.menus.refresh()
}
