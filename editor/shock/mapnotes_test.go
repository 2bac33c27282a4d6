package shock

import (
	"strconv"
	"testing"

	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TestInspectLevelListsMapNotes: the level section lists each map note
// by its object; setting the text edits it, emptying it deletes the note,
// each as one step, and a text the game cannot show is refused.
func TestInspectLevelListsMapNotes(t *testing.T) {
	f, h := derelict(t)
	a, err := f.d.AddMapNote(h.level, 0x0580, 0x0780, "AMMO HERE")
	if err != nil {
		t.Fatal(err)
	}
	field := func(label string) (propgrid.Field, bool) {
		for _, s := range f.InspectLevel(h) {
			for _, field := range s.Fields {
				if field.Label == label {
					return field, true
				}
			}
		}
		return propgrid.Field{}, false
	}
	label := "map note " + strconv.Itoa(a)
	note, ok := field(label)
	if !ok || note.Text == nil || note.Text.Value != "AMMO HERE" {
		t.Fatalf("field %q: %+v, %v", label, note, ok)
	}
	steps := undoSteps(f)
	if err := note.Text.Set("a\tb"); err == nil || undoSteps(f) != steps {
		t.Errorf("a tab accepted (%v) or made a step", err)
	}
	if err := note.Text.Set("GUNS"); err != nil || undoSteps(f) != steps+1 {
		t.Fatalf("edit: %v, %d steps", err, undoSteps(f)-steps)
	}
	if note, _ := field(label); note.Text == nil || note.Text.Value != "GUNS" {
		t.Errorf("after the edit the field shows %+v", note.Text)
	}
	if err := note.Text.Set(""); err != nil || undoSteps(f) != steps+2 {
		t.Fatalf("delete: %v, %d steps", err, undoSteps(f)-steps)
	}
	if _, ok := field(label); ok {
		t.Error("the deleted note is still listed")
	}
}
