package editor

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	scol "github.com/levelwright/levelwright/editor/shock"
)

// menuTitles are the main menu's titles.
func menuTitles(e *Editor) []string {
	var out []string
	for _, m := range e.Window().MainMenu().Items {
		out = append(out, m.Label)
	}
	return out
}

// TestGameActionsMenu: a System Shock file brings its game's menu after
// Edit, whose Ctrl+Shift+C hangs the selected object from the ceiling
// as one step; a Marathon file, whose game has no actions of its own,
// takes the menu and its keys away.
func TestGameActionsMenu(t *testing.T) {
	e := openDemo(t, "shock")
	if got := menuTitles(e); !slices.Equal(got, []string{"File", "Edit", "System Shock", "View", "Help"}) {
		t.Fatalf("menus %q", got)
	}
	d := scol.Document(e.file)
	l := d.Archive.Levels[e.level]
	id := -1
	for i, o := range l.Objects {
		if i > 0 && o.Active != 0 && o.Class != scodec.ClassTrap {
			id = i
			break
		}
	}
	if id < 0 {
		t.Fatal("the demo level has no object")
	}
	e.SetSelection(refs(e.level, sdoc.KindObject, id))
	before := l.Objects[id].Z
	steps, _ := d.History.Steps()
	shortcut(e, ctrl(fyne.KeyC, fyne.KeyModifierShift))
	if s, _ := d.History.Steps(); s != steps+1 || l.Objects[id].Z <= before {
		t.Fatalf("Ctrl+Shift+C: z %d (was %d), %d steps", l.Objects[id].Z, before, s-steps)
	}

	d.History.MarkSaved() // nothing to ask about when the next file replaces it
	for _, f := range Formats() {
		if f.Key() == "marathon" {
			e.welcome.OpenDemo(f.Demo())
		}
	}
	e.jobs.wait()
	if got := menuTitles(e); !slices.Equal(got, []string{"File", "Edit", "Marathon", "View", "Help"}) {
		t.Fatalf("with a Marathon file open the menus are %q", got)
	}
	steps, _ = e.file.History().Steps()
	shortcut(e, ctrl(fyne.KeyC, fyne.KeyModifierShift))
	if s, _ := e.file.History().Steps(); s != steps {
		t.Errorf("Ctrl+Shift+C still acts on a Marathon file: %d steps", s-steps)
	}
}
