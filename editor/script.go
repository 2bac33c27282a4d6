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

// scripts are File > Run Script…: the Script panel, over dialogs, that
// runs Lua scripts over cur's file, and the scripts run lately, which
// prefs keep.
type scripts struct {
	prefs   fyne.Preferences
	cur     *current
	dialogs *dialogs
	status  *widget.Label
}

// menuItem is File > Run Script, which shows the Script panel.
func (sc *scripts) menuItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Run Script…", sc.Show)
}

// Recent lists the scripts run lately, newest first.
func (sc *scripts) Recent() []string {
	return sc.prefs.StringList(prefRecentScripts)
}

// Run runs the Lua script at path over the open file, on the
// shown level, as one undo step (see docs/scripting.md), and puts it
// first in the recent scripts. It returns what the script printed, and
// what it changed; on an error nothing changed.
func (sc *scripts) Run(path string) (string, error) {
	s, ok := sc.cur.file.(game.Scriptable)
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
	recent := slices.DeleteFunc(sc.Recent(), func(p string) bool { return p == path })
	recent = append([]string{path}, recent...)
	sc.prefs.SetStringList(prefRecentScripts, recent[:min(len(recent), maxRecentScripts)])
	var out bytes.Buffer
	res, err := script.Run(d, filepath.Base(path), src, script.Options{Game: sc.cur.game.Format().Key(), Level: sc.cur.level, Console: &out})
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

// Show shows the Script panel: the path of a script, empty to
// start with, typed, chosen from the recent ones or from a file dialog, a button (or Enter)
// to run it over the open file, and its output.
func (sc *scripts) Show() {
	if _, ok := sc.cur.file.(game.Scriptable); !ok {
		sc.status.SetText("Open a level file to run a script over it")
		return
	}
	output := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	output.Wrapping = fyne.TextWrapWord
	chosen := widget.NewSelectEntry(sc.Recent())
	chosen.SetPlaceHolder("Path of a script (.lua): type it, or choose a recent one or Open…")
	runChosen := func() {
		path := strings.TrimSpace(chosen.Text)
		if path == "" {
			return
		}
		text, err := sc.Run(path)
		if err != nil {
			text += "error: " + err.Error() + "\n"
		}
		output.SetText(text)
		chosen.SetOptions(sc.Recent())
		// Off the entry, Escape closes the panel and Ctrl+Z then undoes
		// the run, not the typing of the path.
		sc.dialogs.win.Canvas().Unfocus()
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
		sc.dialogs.openFile(sc.folder(), []string{".lua"}, chosen.SetText).Show()
	})
	top := container.NewBorder(nil, nil, nil, container.NewHBox(open, run), chosen)
	panel := container.NewBorder(top, nil, nil, nil, container.NewVScroll(output))
	d := dialog.NewCustom("Script", "Close", panel, sc.dialogs.win)
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
