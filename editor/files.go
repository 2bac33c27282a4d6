package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/savepath"
)

// fileJobs open, save and revert the window's file. They install the
// file they open, and ask what to do with everything its replacement
// would lose (the background jobs, the bound windows, the unsaved
// changes), so they reach the whole Editor, e.
type fileJobs struct {
	e *Editor
	// backedUp are the paths whose original a save of this session has
	// kept as FILE.bak: later saves of them keep the backup as it is.
	backedUp map[string]bool
}

// Open loads the file at path, with a progress bar when that takes a
// while. A file that is not a level file, or that is damaged, leaves the
// current file open and shows an error dialog. When an autosave of
// unsaved work on the file is kept, it asks whether to recover it.
func (fj *fileJobs) Open(path string) {
	if fj.e.jobs.working {
		return
	}
	fj.unlessLosing("open "+filepath.Base(path), func() { fj.offerRecovery(path) })
}

// unlessLosing runs then at once when nothing is unsaved; else it asks
// first whether to stop the jobs running for the file, then about what
// the windows bound to the file hold, then about the file: Save (then
// runs then once the save has succeeded), Discard (the unsaved changes
// and their autosave) or Cancel.
func (fj *fileJobs) unlessLosing(what string, then func()) {
	fj.e.background.unlessLose(what, func() {
		fj.e.windows.unlessLose(what, func() { fj.unlessFileLoses(what, then) })
	})
}

// unlessFileLoses runs then at once when the open file has no unsaved
// changes; else it asks first, as unlessLosing does.
func (fj *fileJobs) unlessFileLoses(what string, then func()) {
	if !fj.e.dirty {
		then()
		return
	}
	msg := widget.NewLabel(fmt.Sprintf("%s has unsaved changes.\nSave them before you %s?", filepath.Base(fj.e.path), what))
	d := dialog.NewCustomWithoutButtons("Unsaved changes", msg, fj.e.win)
	save := widget.NewButton("Save", func() {
		d.Hide()
		fj.saveTo(fj.e.path, then)
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Discard", func() {
		d.Hide()
		fj.e.data.discardRecovery(fj.e.path)
		then()
	})
	discard.Importance = widget.DangerImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.Hide), discard, save})
	fj.e.dialogs.show(d)
}

// offerRecovery opens path, first asking whether to recover its
// autosave when one is kept.
func (fj *fileJobs) offerRecovery(path string) {
	if r, ok := fj.e.data.recovery(path); ok {
		msg := fmt.Sprintf("Levelwright closed before the changes to %s were saved.\nRecover the work autosaved at %s?",
			filepath.Base(path), r.Time.Local().Format("15:04 on 2 Jan"))
		fj.e.dialogs.show(dialog.NewConfirm("Recover unsaved work", msg, func(yes bool) {
			if yes {
				fj.load(path, r.data, true)
				return
			}
			fj.e.data.discardRecovery(path)
			fj.load(path, path, false)
		}, fj.e.win))
		return
	}
	fj.load(path, path, false)
}

// load opens the document at path from the bytes of the file from (the
// file itself, or its autosave when recovered is set).
func (fj *fileJobs) load(path, from string, recovered bool) {
	var g game.Game
	var f game.Session
	var notice string
	prefs := fj.e.app.Preferences()
	fj.e.jobs.busy("Opening "+filepath.Base(path), func() error {
		document.SweepTemporaries(path) // left by a save that was killed
		data, err := document.ReadLevelFile(from)
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
				fj.e.recent.forget(path) // gone: no use offering it again
			}
			fj.e.dialogs.showError(fmt.Errorf("cannot open this file:\n%w", err))
			return
		}
		if fj.e.file != nil && fj.e.path != path {
			fj.e.data.discardRecovery(fj.e.path) // the user chose to lose that work
		}
		fj.e.install(path, g, f)
		if notice != "" {
			fj.e.status.SetText(notice)
		}
		if recovered {
			f.History().MarkUnsaved()
			fj.e.status.SetText("Recovered the autosaved work on " + path + "; save to keep it")
		}
		fj.e.recent.remember(path)
	})
}

// Save writes the open file in place, with a progress bar when that
// takes a while: atomically, keeping the original as FILE.bak the first
// time in the session.
func (fj *fileJobs) Save() { fj.saveTo(fj.e.path, nil) }

// SaveAs writes the open file to path, which it is from then on.
func (fj *fileJobs) SaveAs(path string) { fj.saveTo(path, nil) }

// saveTo encodes the document now, marks it saved (edits made while it
// is written come after the save point), and writes it in the
// background; then, if set, runs once the file is written. A failed write
// leaves the document unsaved.
func (fj *fileJobs) saveTo(path string, then func()) {
	if fj.e.file == nil || fj.e.jobs.working {
		return
	}
	data, err := fj.e.file.Bytes()
	if err != nil {
		fj.e.dialogs.showError(fmt.Errorf("cannot save %s:\n%w", path, err))
		return
	}
	h, old := fj.e.file.History(), fj.e.path
	h.MarkSaved()
	write := document.WriteFile
	if fj.backedUp[path] {
		write = document.ReplaceFile
	}
	fj.e.jobs.busy("Saving "+filepath.Base(path), func() error {
		return write(path, data)
	}, func(err error) {
		if err != nil {
			h.MarkUnsaved()
			fj.e.dialogs.showError(fmt.Errorf("cannot save %s:\n%w", path, err))
			return
		}
		fj.backedUp[path] = true
		keepUnstored(fj.e.app.Preferences(), fj.e.file, data)
		fj.e.data.discardRecovery(old)
		fj.e.path = path
		fj.e.updateTitle()
		fj.e.status.SetText("Saved " + path)
		if path != old {
			fj.e.recent.remember(path)
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
func (fj *fileJobs) showSaveDialog() {
	if fj.e.file == nil {
		return
	}
	d := savepath.New(filepath.Dir(absolute(fj.e.path)), filepath.Base(fj.e.path), fj.e.win, fj.confirmSaveAs)
	fj.e.dialogs.show(d)
}

// confirmSaveAs saves to path, asking first when that replaces a file
// other than the open one.
func (fj *fileJobs) confirmSaveAs(path string) {
	if sameFile(path, fj.e.path) {
		fj.SaveAs(path)
		return
	}
	savepath.ConfirmReplace(path, document.BackupSuffix, fj.e.win, fj.e.dialogs.show, func() { fj.SaveAs(path) })
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// Revert reads the file again from disk, after asking when there are
// unsaved changes.
func (fj *fileJobs) Revert() {
	if fj.e.file == nil || fj.e.jobs.working {
		return
	}
	fj.unlessLosing("revert", func() { fj.load(fj.e.path, fj.e.path, false) })
}
