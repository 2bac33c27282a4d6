package editor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/script"
)

const (
	// prefRecentScripts is the preference key of the recently run
	// scripts, newest first.
	prefRecentScripts = "recentScripts"
	maxRecentScripts  = 10
)

// scripts are File > Run Script…: the Script panel, over dialogs, that
// runs Lua scripts over cur's file off the main thread, as one of jobs,
// and the scripts run lately, which prefs keep.
type scripts struct {
	prefs   fyne.Preferences
	cur     *current
	jobs    *jobs
	dialogs *dialogs
	status  *widget.Label
	stop    context.CancelCauseFunc // while a script runs: stops it
}

// errStopped is why a script stopped with Stop stopped.
var errStopped = errors.New("the Stop button was pressed")

// menuItem is File > Run Script, which shows the Script panel.
func (sc *scripts) menuItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Run Script…", sc.Show)
}

// Recent lists the scripts run lately, newest first.
func (sc *scripts) Recent() []string {
	return sc.prefs.StringList(prefRecentScripts)
}

// Run starts the Lua script at path over the open file, on the shown
// level, as one undo step (see docs/scripting.md), off the main thread,
// and puts it first in the recent scripts. progress hears, on the main
// thread, how far it has gone; done, there too, what it printed and what
// it changed, or its error (then nothing changed). Stop stops it.
func (sc *scripts) Run(path string, progress func(script.Progress), done func(output string, err error)) {
	fail := func(err error) { done("", err) }
	s, ok := sc.cur.file.(game.Scriptable)
	if !ok {
		fail(errors.New("this file's game runs no scripts"))
		return
	}
	d, ok := s.ScriptDoc().(script.Doc)
	if !ok {
		fail(errors.New("this file has no levels a script can edit"))
		return
	}
	src, err := script.ReadSource(path)
	if err != nil {
		fail(err)
		return
	}
	path = absolute(path)
	recent := slices.DeleteFunc(sc.Recent(), func(p string) bool { return p == path })
	recent = append([]string{path}, recent...)
	sc.prefs.SetStringList(prefRecentScripts, recent[:min(len(recent), maxRecentScripts)])

	ctx, stop := context.WithCancelCause(context.Background())
	sc.stop = stop
	// The document is the script's until it ends: the history tells
	// the window of the run's step on the main thread, after it.
	history := d.Recorder().History
	history.Deliver = fyne.Do
	var out bytes.Buffer
	var res script.Result
	opt := script.Options{Game: sc.cur.game.Format().Key(), Level: sc.cur.level, Console: &out, Context: ctx,
		Progress: func(p script.Progress) { fyne.Do(func() { progress(p) }) }}
	sc.jobs.busy("", func() (err error) {
		res, err = script.Run(d, filepath.Base(path), src, opt)
		return err
	}, func(err error) {
		history.Deliver = nil
		sc.stop = nil
		stop(nil)
		if err == nil {
			if n := res.Total(); n > 0 {
				fmt.Fprintf(&out, "changed %d entities, one step for Edit > Undo\n", n)
			} else {
				out.WriteString("changed nothing\n")
			}
		}
		done(out.String(), err)
	})
}

// Stop stops the script that runs, if any: it fails, changing nothing.
func (sc *scripts) Stop() {
	if sc.stop != nil {
		sc.stop(errStopped)
	}
}

// running reports whether a script runs.
func (sc *scripts) running() bool { return sc.stop != nil }

// scriptDialog is the Script panel's dialog: while a script runs,
// closing it (Escape) stops the script instead, so that the panel stays
// over the window until the document is the window's again.
type scriptDialog struct {
	dialog.Dialog
	sc *scripts
}

// Hide closes the panel, or stops the script that runs.
func (d scriptDialog) Hide() {
	if d.sc.running() {
		d.sc.Stop()
		return
	}
	d.Dialog.Hide()
}

// progressText says how far a run has gone.
func progressText(p script.Progress) string {
	commits := "commits"
	if p.Commits == 1 {
		commits = "commit"
	}
	return fmt.Sprintf("Running: %d Lua steps, %.1f s, %d %s", p.Steps, p.Elapsed.Seconds(), p.Commits, commits)
}

// Show shows the Script panel: the path of a script, empty to start
// with, typed, chosen from the recent ones or from a file dialog, a
// button (or Enter) to run it over the open file, its progress while it
// runs with a button to stop it, and its output.
func (sc *scripts) Show() {
	if _, ok := sc.cur.file.(game.Scriptable); !ok {
		sc.status.SetText("Open a level file to run a script over it")
		return
	}
	output := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	output.Wrapping = fyne.TextWrapWord
	state := widget.NewLabel("")
	chosen := widget.NewSelectEntry(sc.Recent())
	chosen.SetPlaceHolder("Path of a script (.lua): type it, or choose a recent one or Open…")
	var run, stop, closing *widget.Button
	open := widget.NewButton("Open…", func() {
		sc.dialogs.openFile(sc.folder(), []string{".lua"}, chosen.SetText).Show()
	})
	idle := func() {
		for _, b := range []*widget.Button{open, closing} {
			b.Enable()
		}
		stop.Disable()
		chosen.OnChanged(chosen.Text)
	}
	runChosen := func() {
		path := strings.TrimSpace(chosen.Text)
		if path == "" || sc.running() {
			return
		}
		for _, b := range []*widget.Button{open, run, closing} {
			b.Disable()
		}
		stop.Enable()
		output.SetText("")
		state.SetText("Running…")
		sc.Run(path, func(p script.Progress) { state.SetText(progressText(p)) }, func(text string, err error) {
			if err != nil {
				text += "error: " + err.Error() + "\n"
			}
			state.SetText("")
			output.SetText(text)
			chosen.SetOptions(sc.Recent())
			idle()
			// Off the entry, Escape closes the panel and Ctrl+Z then
			// undoes the run, not the typing of the path.
			sc.dialogs.win.Canvas().Unfocus()
		})
	}
	run = widget.NewButton("Run", runChosen)
	run.Importance = widget.HighImportance
	stop = widget.NewButton("Stop", sc.Stop)
	chosen.OnSubmitted = func(string) { runChosen() }
	chosen.OnChanged = func(s string) {
		if strings.TrimSpace(s) == "" || sc.running() {
			run.Disable()
		} else {
			run.Enable()
		}
	}
	var d scriptDialog
	closing = widget.NewButton("Close", func() { d.Hide() })
	idle() // the path starts empty: a script runs only once chosen

	top := container.NewBorder(nil, state, nil, container.NewHBox(open, run, stop), chosen)
	panel := container.NewBorder(top, container.NewHBox(layout.NewSpacer(), closing), nil, nil, container.NewVScroll(output))
	d = scriptDialog{dialog.NewCustomWithoutButtons("Script", panel, sc.dialogs.win), sc}
	d.Resize(fyne.NewSize(720, 480))
	sc.dialogs.show(d)
	sc.dialogs.win.Canvas().Focus(chosen)
}

// folder is where the Script panel's file dialog starts: the
// folder of the script run last, else that of the open file.
func (sc *scripts) folder() string {
	if recent := sc.Recent(); len(recent) > 0 {
		return filepath.Dir(recent[0])
	}
	return filepath.Dir(absolute(sc.cur.path))
}
