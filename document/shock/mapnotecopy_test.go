package shock

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// noteCopies are the ways of copying map note object id of level within
// the document, each returning the copy's index.
var noteCopies = map[string]func(t *testing.T, d *Document, level, id int) int{
	"duplicate": func(t *testing.T, d *Document, level, id int) int {
		c, err := d.DuplicateObject(level, id, 0x0980, 0x0980)
		if err != nil {
			t.Fatal(err)
		}
		return c
	},
	"paste": func(t *testing.T, d *Document, level, id int) int {
		ids, _, err := d.PasteObjects(level, clipOf(t, d, level, id), 0x0400, 0)
		if err != nil {
			t.Fatal(err)
		}
		return ids[0]
	},
	"region": func(t *testing.T, d *Document, level, id int) int {
		before := noteObjects(t, d, level)
		o := d.Archive.Levels[level].Objects[id]
		region, err := d.CopyRegion(level, Point{int(o.X >> 8), int(o.Y >> 8)}, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.PasteRegion(level, Point{20, 20}, region, false); err != nil {
			t.Fatal(err)
		}
		for _, n := range noteObjects(t, d, level) {
			if !slices.Contains(before, n) {
				return n
			}
		}
		t.Fatal("the region's paste made no map note")
		return 0
	},
}

// clipOf copies object id of level through clipboard text.
func clipOf(t *testing.T, d *Document, level, id int) ObjectClip {
	t.Helper()
	c, err := d.CopyObjects(level, []int{id})
	if err != nil {
		t.Fatal(err)
	}
	text, err := c.Text()
	if err != nil {
		t.Fatal(err)
	}
	c, err = ParseObjectClip(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// noteObjects lists the map note objects of level's notes.
func noteObjects(t *testing.T, d *Document, level int) []int {
	t.Helper()
	var ids []int
	for _, n := range mapNoteTexts(t, d, level) {
		ids = append(ids, n.Object)
	}
	return ids
}

// TestMapNoteCopyOwnsText: a duplicated, pasted or region-pasted map note
// gets its own copy of the text at the end of the buffer in the same
// step; deleting the original or the copy leaves the other's text, and
// undo gives back every byte.
func TestMapNoteCopyOwnsText(t *testing.T) {
	for how, copyNote := range noteCopies {
		for _, deleteCopy := range []bool{false, true} {
			d := newDocument(t)
			level := firstLevel(d)
			original := mustBytes(t, d)
			a, err := d.AddMapNote(level, 0x0580, 0x0780, "DOOR CODE 451")
			if err != nil {
				t.Fatal(err)
			}
			b, err := d.AddMapNote(level, 0x0680, 0x0780, "ammo")
			if err != nil {
				t.Fatal(err)
			}
			steps, _ := d.History.Steps()
			c := copyNote(t, d, level, a)
			if s, _ := d.History.Steps(); s != steps+1 {
				t.Errorf("%s: %d steps after the copy, want %d", how, s, steps+1)
			}
			want := []MapNote{{a, 0, "DOOR CODE 451"}, {b, 14, "ammo"}, {c, 19, "DOOR CODE 451"}}
			if got := mapNoteTexts(t, d, level); !slices.Equal(got, want) {
				t.Fatalf("%s: after the copy %v, want %v", how, got, want)
			}
			gone, kept := a, c
			if deleteCopy {
				gone, kept = c, a
			}
			if err := d.DeleteMapNote(level, gone); err != nil {
				t.Fatal(err)
			}
			want = []MapNote{{b, 0, "ammo"}, {c, 5, "DOOR CODE 451"}}
			if deleteCopy {
				want = []MapNote{{a, 0, "DOOR CODE 451"}, {b, 14, "ammo"}}
			}
			if got := mapNoteTexts(t, d, level); !slices.Equal(got, want) {
				t.Errorf("%s: after deleting %d, %v, want %v (note %d keeping its text)", how, gone, got, want, kept)
			}
			if _, err := d.History.UndoAll(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(mustBytes(t, d), original) {
				t.Errorf("%s: undoing every step does not give back the file", how)
			}
		}
	}
}

// TestMapNotePasteIntoOtherArchive: the clipboard carries a note's text,
// which its paste into another archive's level appends to that buffer.
func TestMapNotePasteIntoOtherArchive(t *testing.T) {
	src, dst := newDocument(t), newDocument(t)
	level := firstLevel(src)
	if _, err := src.AddMapNote(level, 0x0580, 0x0780, "ammo"); err != nil {
		t.Fatal(err)
	}
	a, err := src.AddMapNote(level, 0x0680, 0x0780, "reactor key")
	if err != nil {
		t.Fatal(err)
	}
	clip := clipOf(t, src, level, a)
	x, err := dst.AddMapNote(level, 0x0580, 0x0780, "x")
	if err != nil {
		t.Fatal(err)
	}
	ids, _, err := dst.PasteObjects(level, clip, 0, 0x0100)
	if err != nil {
		t.Fatal(err)
	}
	want := []MapNote{{x, 0, "x"}, {ids[0], 2, "reactor key"}}
	if got := mapNoteTexts(t, dst, level); !slices.Equal(got, want) {
		t.Errorf("the other archive's notes: %v, want %v", got, want)
	}
}

// TestMapNoteClipWithoutText: clipboard text naming a map note without a
// text, or a text on another object, is not a clip.
func TestMapNoteClipWithoutText(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	a, err := d.AddMapNote(level, 0x0580, 0x0780, "ammo")
	if err != nil {
		t.Fatal(err)
	}
	c, err := d.CopyObjects(level, []int{a})
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(o *ClipObject){
		"no text":    func(o *ClipObject) { o.NoteText = "" },
		"bad text":   func(o *ClipObject) { o.NoteText = "tab\there" },
		"not a note": func(o *ClipObject) { o.Type = 0 },
	} {
		bad := c
		bad.Objects = slices.Clone(c.Objects)
		edit(&bad.Objects[0])
		text, err := bad.Text()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseObjectClip(text); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// fillNotes adds notes to level until its buffer has free bytes left,
// and returns the first note added, whose text is "first".
func fillNotes(t *testing.T, d *Document, level, free int) int {
	t.Helper()
	first, err := d.AddMapNote(level, 0x0580, 0x0780, "first")
	if err != nil {
		t.Fatal(err)
	}
	l := d.Archive.Levels[level]
	for left := len(l.MapNotes) - int(l.MapNoteOffset); left > free; left = len(l.MapNotes) - int(l.MapNoteOffset) {
		if _, err := d.AddMapNote(level, 0x0580, 0x0880, strings.Repeat("f", min(left-free-1, codec.MaxMapNoteLength))); err != nil {
			t.Fatal(err)
		}
	}
	return first
}

// TestMapNoteCopyIntoFullBuffer: a copy of a note whose text the buffer
// has no room for is refused, with a message, no step and no changed byte.
func TestMapNoteCopyIntoFullBuffer(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	first := fillNotes(t, d, level, 5) // "first" takes 6
	clip := clipOf(t, d, level, first)
	region, err := d.CopyRegion(level, Point{5, 7}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	for name, edit := range map[string]func() error{
		"duplicate": func() error { _, err := d.DuplicateObject(level, first, 0x0980, 0x0980); return err },
		"paste":     func() error { _, _, err := d.PasteObjects(level, clip, 0x0400, 0); return err },
		"region":    func() error { _, err := d.PasteRegion(level, Point{20, 20}, region, false); return err },
	} {
		err := edit()
		if err == nil || !strings.Contains(err.Error(), "buffer is full") {
			t.Errorf("%s: got %v, want a refusal saying the buffer is full", name, err)
		}
		if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), before) {
			t.Errorf("%s: the refused copy left a step or changed bytes", name)
		}
	}
}

// TestMapNoteOffsetEditsRefused: action and parameter edits that would
// move a map note's text offset are refused, saying to edit or delete the
// note, with no step and no changed byte; one keeping the offset is done.
func TestMapNoteOffsetEditsRefused(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	if _, err := d.AddMapNote(level, 0x0580, 0x0780, "ammo"); err != nil {
		t.Fatal(err)
	}
	note, err := d.AddMapNote(level, 0x0680, 0x0780, "reactor key")
	if err != nil {
		t.Fatal(err)
	}
	trap, err := d.Trap(level, note)
	if err != nil {
		t.Fatal(err)
	}
	data, err := d.ClassData(level, note)
	if err != nil {
		t.Fatal(err)
	}
	moved := bytes.Clone(data)
	changed := trap
	changed.P[3] = 0
	changed.Encode(moved)
	var p4 string
	for _, f := range codec.DecodeClassRecord(d.Archive.Levels[level].Objects[note], data).Fields {
		if f.Offset == 18 && p4 == "" { // p4 starts after action, destroy count, comparator and p1-p3
			p4 = f.Name
		}
	}
	if p4 == "" {
		t.Fatal("the map note's class layout has no field at p4")
	}
	other := codec.Action((int(trap.Action) + 1) % codec.NumActions)
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	for name, edit := range map[string]func() error{
		"action": func() error { return d.SetTrapAction(level, note, other) },
		"action field": func() error {
			return d.SetClassField(level, note, codec.FieldAction, int64(other))
		},
		"parameters": func() error { return d.SetTrapParams(level, note, [4]uint32{}) },
		"class data": func() error { return d.SetClassData(level, note, moved) },
		"p4 field":   func() error { return d.SetClassField(level, note, p4, 0) },
	} {
		err := edit()
		if err == nil || !strings.Contains(err.Error(), "edit the note's text or delete the note") {
			t.Errorf("%s: got %v, want a refusal saying to edit or delete the note", name, err)
		}
		if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), before) {
			t.Errorf("%s: the refused edit left a step or changed bytes", name)
		}
	}
	kept := trap.P
	kept[0] = 7
	if err := d.SetTrapParams(level, note, kept); err != nil {
		t.Errorf("an edit keeping the text offset: %v", err)
	}
	if got := mapNoteTexts(t, d, level); got[1].Object != note || got[1].Text != "reactor key" {
		t.Errorf("notes after an edit keeping the offset: %v", got)
	}
}

// TestMapNoteSharedText: in a file where two map note objects name one
// text, editing an earlier text moves both offsets, and deleting one of
// them keeps the text for the other.
func TestMapNoteSharedText(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	a, err := d.AddMapNote(level, 0x0580, 0x0780, "ammo")
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.AddMapNote(level, 0x0680, 0x0780, "key")
	if err != nil {
		t.Fatal(err)
	}
	c, err := d.AddMapNote(level, 0x0780, 0x0780, "spare")
	if err != nil {
		t.Fatal(err)
	}
	l := d.Archive.Levels[level]
	o := l.Objects[c]
	trap := codec.DecodeTrap(l.Classes[o.Class][o.SpecID].Data)
	trap.P[3] = 5 // "key", as written elsewhere
	trap.Encode(l.Classes[o.Class][o.SpecID].Data)
	if err := d.EditMapNote(level, a, "ammo cache"); err != nil {
		t.Fatal(err)
	}
	if got := [2]uint32{noteOffset(l, b), noteOffset(l, c)}; got != [2]uint32{11, 11} {
		t.Fatalf("after growing the first text the sharing notes name %v, want 11 and 11", got)
	}
	if err := d.DeleteMapNote(level, b); err != nil {
		t.Fatal(err)
	}
	notes := mapNoteTexts(t, d, level)
	if len(notes) != 3 || notes[1] != (MapNote{c, 11, "key"}) {
		t.Errorf("after deleting one of the sharing notes: %v, want note %d keeping \"key\" at 11", notes, c)
	}
}
