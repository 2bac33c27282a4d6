package editor

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/query"
)

// TestFind: Ctrl+F asks for a query; Enter goes to its first match and
// Next to the others in turn; Select All selects every match; Replace
// sets a field on every match as one step, which undo takes back; Select
// Similar selects the objects of the first selected one's type.
func TestFind(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	d := openMarathon(t, e, "marathon", "eternal", "Aaron-Eternal.sceA")
	l := d.Levels[e.level]
	item := -1 // the first item (object type 2)
	var want []int
	for i, o := range l.Objects {
		if o.Type == 2 && item < 0 {
			item = i
		}
		if o.Type == 2 && o.Index == l.Objects[max(item, 0)].Index {
			want = append(want, i)
		}
	}
	if len(want) < 2 {
		t.Fatalf("%d objects like object %d", len(want), item)
	}

	shortcut(e, ctrl(fyne.KeyF, 0))
	entry, ok := e.Window().Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatal("Ctrl+F did not ask for a query")
	}
	text := "objects Type=2 and Index=" + strconv.Itoa(int(l.Objects[item].Index))
	test.Type(entry, text)
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	first := document.Ref{Kind: mdoc.KindObject, Index: want[0]}
	if len(e.selection) != 1 || e.selection[0] != first {
		t.Fatalf("Enter selected %v, want %v", e.selection, first)
	}
	answer(t, e, "Next")
	if len(e.selection) != 1 || e.selection[0].Index != want[1] {
		t.Fatalf("Next selected %v, want object %d", e.selection, want[1])
	}
	answer(t, e, "Select All")
	if len(e.selection) != len(want) {
		t.Fatalf("Select All selected %d, want %d", len(e.selection), len(want))
	}

	steps, _ := d.History.Steps()
	facing := l.Objects[want[0]].Facing
	if _, err := e.finder.Replace("Facing", strconv.Itoa(int(facing)+64)); err != nil {
		t.Fatal(err)
	}
	l = d.Levels[e.level]
	for _, i := range want {
		if l.Objects[i].Facing != facing+64 {
			t.Errorf("object %d faces %d, want %d", i, l.Objects[i].Facing, facing+64)
		}
	}
	if n, _ := d.History.Steps(); n != steps+1 || !strings.HasPrefix(d.History.UndoLabel(), "Undo Set Facing to") {
		t.Errorf("Replace made %d steps, the last %q", n-steps, d.History.UndoLabel())
	}
	if _, err := e.finder.Replace("Nothing", "1"); err == nil || !strings.Contains(err.Error(), "no field Nothing") {
		t.Errorf("a field the objects lack: %v", err)
	}
	e.Undo()
	if l = d.Levels[e.level]; l.Objects[want[0]].Facing != facing {
		t.Errorf("undo left object %d facing %d", want[0], l.Objects[want[0]].Facing)
	}
	e.dialogs.hideTop()

	e.SetSelection([]document.Ref{{Kind: mdoc.KindObject, Index: want[1]}})
	e.finder.SelectSimilar()
	if len(e.selection) != len(want) {
		t.Errorf("Select Similar selected %d, want %d (%s)", len(e.selection), len(want), e.status.Text)
	}
	if _, err := query.Parse(e.finder.text); err != nil || !strings.Contains(e.finder.text, "Index=") {
		t.Errorf("Select Similar ran %q (%v)", e.finder.text, err)
	}
}

// TestEntityListOfExport: for a game whose column lists no entities of
// its own (Marathon), View > Entity List lists the export's entities, a
// list at a time, by index and kind, and choosing one goes to it.
func TestEntityListOfExport(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	d := openMarathon(t, e, "marathon", "eternal", "Aaron-Eternal.sceA")
	e.ShowEntityList()
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no entity list: %s", e.status.Text)
	}
	var choice *widget.Select
	var list *widget.List
	for _, o := range test.LaidOutObjects(top) {
		switch w := o.(type) {
		case *widget.Select:
			choice = w
		case *widget.List:
			list = w
		}
	}
	if choice == nil || list == nil {
		t.Fatal("the entity list has no list to choose and show")
	}
	choice.SetSelected("objects")
	if n := list.Length(); n != len(d.Levels[e.level].Objects) {
		t.Fatalf("%d rows for %d objects", n, len(d.Levels[e.level].Objects))
	}
	list.Select(3)
	if want := (document.Ref{Kind: mdoc.KindObject, Index: 3}); len(e.selection) != 1 || e.selection[0] != want {
		t.Errorf("choosing row 3 selected %v", e.selection)
	}
}

// TestFindEveryGame: Find searches the shown level of a file of each
// game, exported alone.
func TestFindEveryGame(t *testing.T) {
	for _, c := range []struct {
		path  []string
		level int
		query string
	}{
		{[]string{"turok", "kex18-vis.map"}, 0, "actors TID>0"},
		{[]string{"shock", "derelict", "archive.dat"}, 1, "objects class=12"},
	} {
		e := newTestEditor(t)
		path := corpus.Path(t, c.path...)
		e.files.load(path, path, false)
		e.jobs.wait()
		e.showLevel(c.level)
		found, err := e.finder.find(c.query)
		if err != nil || found == 0 || len(e.finder.matches) == 0 {
			t.Errorf("%s: %s found %d (%d drawn): %v", c.path, c.query, found, len(e.finder.matches), err)
		}
	}
}
