package editor

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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

// scriptItem is File > Run Script, which shows the Script panel.
func (e *Editor) scriptItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Run Script…", e.ShowScripts)
}

// RecentScripts lists the scripts run lately, newest first.
func (e *Editor) RecentScripts() []string {
	return e.app.Preferences().StringList(prefRecentScripts)
}

// RunScript runs the Lua script at path over the open file, on the
// shown level, as one undo step (see docs/scripting.md), and puts it
// first in the recent scripts. It returns what the script printed, and
// what it changed; on an error nothing changed.
func (e *Editor) RunScript(path string) (string, error) {
	s, ok := e.file.(game.Scriptable)
	if !ok {
		return "", errors.New("this file's game runs no scripts")
	}
	d, ok := s.ScriptDoc().(script.Doc)
	if !ok {
		return "", errors.New("this file has no levels a script can edit")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	path = absolute(path)
	recent := slices.DeleteFunc(e.RecentScripts(), func(p string) bool { return p == path })
	recent = append([]string{path}, recent...)
	e.app.Preferences().SetStringList(prefRecentScripts, recent[:min(len(recent), maxRecentScripts)])
	var out bytes.Buffer
	res, err := script.Run(d, filepath.Base(path), src, script.Options{Game: e.game.Format().Key(), Level: e.level, Console: &out})
	if err != nil {
		return out.String(), err
	}
	if n := res.Total(); n > 0 {
		fmt.Fprintf(&out, "changed %d entities, one step for Edit > Undo\n", n)
	} else {
		out.WriteString("changed nothing\n")
	}
	return out.String(), nil
}

// ShowScripts shows the Script panel: the path of a script, empty to
// start with, typed, chosen from the recent ones or from a file dialog, a button (or Enter)
// to run it over the open file, and its output.
func (e *Editor) ShowScripts() {
	if _, ok := e.file.(game.Scriptable); !ok {
		e.status.SetText("Open a level file to run a script over it")
		return
	}
	output := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	output.Wrapping = fyne.TextWrapWord
	chosen := widget.NewSelectEntry(e.RecentScripts())
	chosen.SetPlaceHolder("Path of a script (.lua): type it, or choose a recent one or Open…")
	runChosen := func() {
		path := strings.TrimSpace(chosen.Text)
		if path == "" {
			return
		}
		text, err := e.RunScript(path)
		if err != nil {
			text += "error: " + err.Error() + "\n"
		}
		output.SetText(text)
		chosen.SetOptions(e.RecentScripts())
		// Off the entry, Escape closes the panel and Ctrl+Z then undoes
		// the run, not the typing of the path.
		e.win.Canvas().Unfocus()
	}
	run := widget.NewButton("Run", runChosen)
	run.Importance = widget.HighImportance
	chosen.OnSubmitted = func(string) { runChosen() }
	chosen.OnChanged = func(s string) {
		if strings.TrimSpace(s) == "" {
			run.Disable()
		} else {
			run.Enable()
		}
	}
	run.Disable() // the path starts empty: a script runs only once chosen

	open := widget.NewButton("Open…", func() {
		e.dialogs.openFile(e.scriptFolder(), []string{".lua"}, chosen.SetText).Show()
	})
	top := container.NewBorder(nil, nil, nil, container.NewHBox(open, run), chosen)
	panel := container.NewBorder(top, nil, nil, nil, container.NewVScroll(output))
	d := dialog.NewCustom("Script", "Close", panel, e.win)
	d.Resize(fyne.NewSize(720, 480))
	e.dialogs.show(d)
	e.win.Canvas().Focus(chosen)
}

// scriptFolder is where the Script panel's file dialog starts: the
// folder of the script run last, else that of the open file.
func (e *Editor) scriptFolder() string {
	if recent := e.RecentScripts(); len(recent) > 0 {
		return filepath.Dir(recent[0])
	}
	return filepath.Dir(absolute(e.path))
}
