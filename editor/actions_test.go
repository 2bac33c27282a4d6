package editor

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	mcol "github.com/levelwright/levelwright/editor/marathon"
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
// as one step; a Marathon file replaces the menu with its own, and takes
// the System Shock keys away.
func TestGameActionsMenu(t *testing.T) {
	e := openDemo(t, "shock")
	if got := menuTitles(e); !slices.Equal(got, []string{"File", "Edit", "System Shock", "Levels", "View", "Help"}) {
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
	if got := menuTitles(e); !slices.Equal(got, []string{"File", "Edit", "Marathon", "Levels", "View", "Help"}) {
		t.Fatalf("with a Marathon file open the menus are %q", got)
	}
	steps, _ = e.file.History().Steps()
	shortcut(e, ctrl(fyne.KeyC, fyne.KeyModifierShift))
	if s, _ := e.file.History().Steps(); s != steps {
		t.Errorf("Ctrl+Shift+C still acts on a Marathon file: %d steps", s-steps)
	}
	e.file.History().MarkSaved()
	for _, f := range Formats() {
		if f.Key() == "turok" {
			e.welcome.OpenDemo(f.Demo())
		}
	}
	e.jobs.wait()
	for _, item := range e.Window().MainMenu().Items[0].Items {
		if item.Label == "Save as Plain Map…" {
			t.Error("the File menu keeps Marathon's Save as Plain Map with a Turok file open")
		}
	}
}

// TestDeleteKeepingLinesMenu: the Marathon menu names Weland's polygon
// commands (Save as Plain Map is in the File menu), and its Ctrl+Shift+Delete deletes the selected polygon of
// the demo level keeping its lines, as one step that names it; Pave
// without a chosen texture says what it needs and changes nothing.
func TestDeleteKeepingLinesMenu(t *testing.T) {
	e := openDemo(t, "marathon")
	items := func(menu string) []string {
		var labels []string
		for _, m := range e.Window().MainMenu().Items {
			if m.Label == menu {
				for _, item := range m.Items {
					labels = append(labels, item.Label)
				}
			}
		}
		return labels
	}
	if labels, want := items("Marathon"), []string{"Delete Polygons, Keep Lines", "Texture Every Wall of the Selection",
		"Remove Every Use of the Chosen Texture", "Height Filter…"}; !slices.Equal(labels, want) {
		t.Fatalf("the Marathon menu holds %q, want %q", labels, want)
	}
	// Save as Plain Map writes the file in another form: it is in the File
	// menu after Save As, and goes with the file.
	file := items("File")
	if i := slices.Index(file, "Save as Plain Map…"); i < 1 || file[i-1] != "Save As…" {
		t.Fatalf("the File menu holds %q", file)
	}
	d := mcol.Document(e.file)
	l := d.Levels[e.level]
	polygons, lines := len(l.Polygons), len(l.Lines)
	pi := polygons / 2
	e.SetSelection(refs(e.level, mdoc.KindPolygon, pi))
	steps, _ := d.History.Steps()
	shortcut(e, ctrl(fyne.KeyDelete, fyne.KeyModifierShift))
	if s, _ := d.History.Steps(); s != steps+1 || len(l.Polygons) != polygons-1 || len(l.Lines) != lines {
		t.Fatalf("Ctrl+Shift+Delete: %d steps, %d polygons, %d lines; want 1, %d, %d", s-steps, len(l.Polygons), len(l.Lines), polygons-1, lines)
	}
	if label := d.History.UndoLabel(); !strings.HasPrefix(label, fmt.Sprintf("Undo Delete polygon %d, keep lines", pi)) {
		t.Errorf("the step is %q", label)
	}
	if len(e.selection) != 0 {
		t.Errorf("the deleted polygon is still selected: %v", e.selection)
	}
	e.SetSelection(refs(e.level, mdoc.KindPolygon, 0))
	shortcut(e, ctrl(fyne.KeyP, fyne.KeyModifierShift))
	if s, _ := d.History.Steps(); s != steps+1 || !strings.Contains(e.status.Text, "choose a texture") {
		t.Errorf("Pave with no texture chosen: %d steps, status %q", s-steps-1, e.status.Text)
	}
}
