package editor

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

// TestDeleteAsksAboutReferrers: pressing Delete on a System Shock object
// of the corpus archive
// that another names asks first, naming the referrer and its field;
// Cancel changes nothing; Delete deletes the object and clears the
// reference in one step, which one undo takes back to the original bytes.
func TestDeleteAsksAboutReferrers(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	e.Open(corpus.Path(t, "shock", "derelict", "archive.dat"))
	e.jobs.wait()
	d := scol.Document(e.file)
	if d == nil {
		t.Fatal("the corpus archive did not open")
	}
	l := d.Archive.Levels[e.level]
	var link scodec.Link
	for _, k := range l.Links() {
		if k.Field != scodec.FieldStateTrap && k.From != k.To {
			link = k
			break
		}
	}
	if link.To == 0 {
		t.Fatalf("no object of level %d names another", e.level)
	}
	original, _ := d.Bytes()
	e.SetSelection(refs(e.level, sdoc.KindObject, link.To))
	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("Delete on a referenced object asked nothing")
	}
	want := fmt.Sprintf("object %d's %s (object %d)", link.From, link.Field, link.To)
	if got := texts(top); !strings.Contains(got, want) {
		t.Fatalf("the question says %q, want it to name %q", got, want)
	}
	answer(t, e, "Cancel")
	if now, _ := d.Bytes(); !bytes.Equal(now, original) || undoSteps(e) != 0 || l.Objects[link.To].Active == 0 {
		t.Fatal("Cancel changed the file")
	}

	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	answer(t, e, "Delete")
	if l.Objects[link.To].Active != 0 || undoSteps(e) != 1 || len(l.LinksTo(link.To)) != 0 {
		t.Fatalf("Delete: object %d in use %d, %d steps, named by %v", link.To, l.Objects[link.To].Active, undoSteps(e), l.LinksTo(link.To))
	}
	shortcut(e, &fyne.ShortcutUndo{})
	if now, _ := d.Bytes(); !bytes.Equal(now, original) {
		t.Fatal("one undo does not give back the original bytes")
	}
}

// TestDeleteLineAsksAboutReferrers: deleting a Marathon line that takes
// a platform's polygon with it (merged into its neighbour, or both faces
// gone) names the switches and triggers that name that polygon, and one
// undo takes the deletion back to the original bytes.
func TestDeleteLineAsksAboutReferrers(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	e.Open(corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA"))
	e.jobs.wait()
	d := mcol.Document(e.file)
	if d == nil {
		t.Fatal("the corpus map did not open")
	}
	level := e.level
	l, _ := d.Level(level)
	line, named := -1, []document.Referrer(nil)
	for li := range l.Lines {
		found, err := d.Referrers(refs(level, mdoc.KindLine, li))
		if err != nil {
			t.Fatal(err)
		}
		if len(found) > 0 {
			line, named = li, found
			break
		}
	}
	if line < 0 {
		t.Fatalf("no line of level %d takes a polygon that a switch or trigger names", level)
	}
	original := bytes.Clone(doctest.Bytes(t, d))
	e.SetSelection(refs(level, mdoc.KindLine, line))
	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("Delete on line %d asked nothing", line)
	}
	if got := texts(top); !strings.Contains(got, named[0].String()) {
		t.Fatalf("the question says %q, want it to name %q", got, named[0].String())
	}
	answer(t, e, "Delete")
	if undoSteps(e) != 1 {
		t.Fatalf("Delete made %d steps, want 1", undoSteps(e))
	}
	shortcut(e, &fyne.ShortcutUndo{})
	if !bytes.Equal(doctest.Bytes(t, d), original) {
		t.Fatal("one undo does not give back the original bytes")
	}
}
