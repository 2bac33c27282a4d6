package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/savepath"
)

const (
	// prefRecent is the preference key of the recently opened files,
	// newest first.
	prefRecent = "recentFiles"
	maxRecent  = 10
	// prefAutosave is the preference key of the autosave interval in
	// seconds; 0 turns autosave off.
	prefAutosave    = "autosaveSeconds"
	defaultAutosave = 60
)

// fileJobs are the loads, saves and autosaves of the open file.
type fileJobs struct {
	dataDir   string // where autosaves are kept
	edits     int    // steps done, undone or redone since the file was opened
	autosaved int    // edits at the last autosave
	// stopAutosave, closed when the window closes, stops the autosaves
	// StartAutosave began; nil before.
	stopAutosave chan struct{}
}

// RecentFiles lists the files opened lately, newest first.
func (e *Editor) RecentFiles() []string {
	return e.app.Preferences().StringList(prefRecent)
}

// remember puts path first in the recent files.
func (e *Editor) remember(path string) { e.setRecent(path, true) }

// forget takes path off the recent files.
func (e *Editor) forget(path string) { e.setRecent(path, false) }

// setRecent takes path off the recent files and, when first is set,
// puts it back on top.
func (e *Editor) setRecent(path string, first bool) {
	path = absolute(path)
	recent := slices.DeleteFunc(e.RecentFiles(), func(p string) bool { return p == path })
	if first {
		recent = append([]string{path}, recent...)
	}
	e.app.Preferences().SetStringList(prefRecent, recent[:min(len(recent), maxRecent)])
	e.fillRecentMenu()
}

// absolute is path made absolute where it can be, so that a file has one
// name in the recent files and in the recovery folder.
func absolute(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// fillRecentMenu lists the recent files under File > Open Recent.
func (e *Editor) fillRecentMenu() {
	var items []*fyne.MenuItem
	for _, p := range e.RecentFiles() {
		items = append(items, fyne.NewMenuItem(p, func() { e.Open(p) }))
	}
	if len(items) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		items = append(items, none)
	}
	e.menus.recentItem.ChildMenu = fyne.NewMenu("", items...)
	e.menus.refresh()
}

// Open loads the file at path, with a progress bar when that takes a
// while. A file that is not a level file, or that is damaged, leaves the
// current file open and shows an error dialog. When an autosave of
// unsaved work on the file is kept, it asks whether to recover it.
func (e *Editor) Open(path string) {
	if e.jobs.working {
		return
	}
	e.unlessLosing("open "+filepath.Base(path), func() { e.offerRecovery(path) })
}

// unlessLosing runs then at once when nothing is unsaved; else it asks
// first whether to stop the jobs running for the file, then about what
// the windows bound to the file hold, then about the file: Save (then
// runs then once the save has succeeded), Discard (the unsaved changes
// and their autosave) or Cancel.
func (e *Editor) unlessLosing(what string, then func()) {
	e.unlessJobsLose(what, func() {
		e.unlessWindowsLose(what, func() { e.unlessFileLoses(what, then) })
	})
}

// unlessFileLoses runs then at once when the open file has no unsaved
// changes; else it asks first, as unlessLosing does.
func (e *Editor) unlessFileLoses(what string, then func()) {
	if !e.dirty {
		then()
		return
	}
	msg := widget.NewLabel(fmt.Sprintf("%s has unsaved changes.\nSave them before you %s?", filepath.Base(e.path), what))
	d := dialog.NewCustomWithoutButtons("Unsaved changes", msg, e.win)
	save := widget.NewButton("Save", func() {
		d.Hide()
		e.saveTo(e.path, then)
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Discard", func() {
		d.Hide()
		e.discardRecovery(e.path)
		then()
	})
	discard.Importance = widget.DangerImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.Hide), discard, save})
	e.dialogs.show(d)
}

// offerRecovery opens path, first asking whether to recover its
// autosave when one is kept.
func (e *Editor) offerRecovery(path string) {
	if r, ok := e.recovery(path); ok {
		msg := fmt.Sprintf("Levelwright closed before the changes to %s were saved.\nRecover the work autosaved at %s?",
			filepath.Base(path), r.Time.Local().Format("15:04 on 2 Jan"))
		e.dialogs.show(dialog.NewConfirm("Recover unsaved work", msg, func(yes bool) {
			if yes {
				e.load(path, r.data, true)
				return
			}
			e.discardRecovery(path)
			e.load(path, path, false)
		}, e.win))
		return
	}
	e.load(path, path, false)
}

// load opens the document at path from the bytes of the file from (the
// file itself, or its autosave when recovered is set).
func (e *Editor) load(path, from string, recovered bool) {
	var g game.Game
	var f game.Session
	var notice string
	prefs := e.app.Preferences()
	e.jobs.busy("Opening "+filepath.Base(path), func() error {
		document.SweepTemporaries(path) // left by a save that was killed
		data, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		if g, err = sniff(data); err != nil {
			return fmt.Errorf("%s: %w", from, err)
		}
		if f, err = g.Open(path, data); err != nil {
			return fmt.Errorf("%s: %w", from, err)
		}
		restoreUnstored(prefs, f, data)
		notice = f.Prepare(prefs.String)
		return nil
	}, func(err error) {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				e.forget(path) // gone: no use offering it again
			}
			e.dialogs.showError(fmt.Errorf("cannot open this file:\n%w", err))
			return
		}
		if e.file != nil && e.path != path {
			e.discardRecovery(e.path) // the user chose to lose that work
		}
		e.install(path, g, f)
		if notice != "" {
			e.status.SetText(notice)
		}
		if recovered {
			f.History().MarkUnsaved()
			e.status.SetText("Recovered the autosaved work on " + path + "; save to keep it")
		}
		e.remember(path)
	})
}

// Save writes the open file in place, with a progress bar when that
// takes a while: atomically, keeping the original as FILE.bak the first
// time.
func (e *Editor) Save() { e.saveTo(e.path, nil) }

// SaveAs writes the open file to path, which it is from then on.
func (e *Editor) SaveAs(path string) { e.saveTo(path, nil) }

// saveTo encodes the document now, marks it saved (edits made while it
// is written come after the save point), and writes it in the
// background; then, if set, runs once the file is written. A failed write
// leaves the document unsaved.
func (e *Editor) saveTo(path string, then func()) {
	if e.file == nil || e.jobs.working {
		return
	}
	data, err := e.file.Bytes()
	if err != nil {
		e.dialogs.showError(fmt.Errorf("cannot save %s:\n%w", path, err))
		return
	}
	h, old := e.file.History(), e.path
	h.MarkSaved()
	e.jobs.busy("Saving "+filepath.Base(path), func() error {
		return document.WriteFile(path, data)
	}, func(err error) {
		if err != nil {
			h.MarkUnsaved()
			e.dialogs.showError(fmt.Errorf("cannot save %s:\n%w", path, err))
			return
		}
		keepUnstored(e.app.Preferences(), e.file, data)
		e.discardRecovery(old)
		e.path = path
		e.updateTitle()
		e.status.SetText("Saved " + path)
		if path != old {
			e.remember(path)
		}
		if then != nil {
			then()
		}
	})
}

// showSaveDialog asks where to save the open file, starting in its
// folder with its name. The dialog only chooses the path: nothing is
// written until the user confirms replacing a file other than the open
// one.
func (e *Editor) showSaveDialog() {
	if e.file == nil {
		return
	}
	d := savepath.New(filepath.Dir(absolute(e.path)), filepath.Base(e.path), e.win, e.confirmSaveAs)
	e.dialogs.show(d)
}

// confirmSaveAs saves to path, asking first when that replaces a file
// other than the open one.
func (e *Editor) confirmSaveAs(path string) {
	if _, err := os.Stat(path); err != nil || sameFile(path, e.path) {
		e.SaveAs(path)
		return
	}
	msg := fmt.Sprintf("%s already exists in %s.\nReplace it? Its current contents will be kept as %s.",
		filepath.Base(path), filepath.Dir(path), filepath.Base(path)+document.BackupSuffix)
	c := dialog.NewConfirm("Replace file?", msg, func(yes bool) {
		if yes {
			e.SaveAs(path)
		}
	}, e.win)
	c.SetConfirmText("Replace")
	c.SetDismissText("Cancel")
	c.SetConfirmImportance(widget.DangerImportance)
	e.dialogs.show(c)
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// Revert reads the file again from disk, after asking when there are
// unsaved changes.
func (e *Editor) Revert() {
	if e.file == nil || e.jobs.working {
		return
	}
	e.unlessLosing("revert", func() { e.load(e.path, e.path, false) })
}
