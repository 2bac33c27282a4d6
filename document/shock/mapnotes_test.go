package shock

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
)

// mapNoteTexts lists level's notes.
func mapNoteTexts(t *testing.T, d *Document, level int) []MapNote {
	t.Helper()
	notes, err := d.MapNotes(level)
	if err != nil {
		t.Fatal(err)
	}
	return notes
}

// TestMapNoteAddEditDelete: each command is one step; the buffer holds
// the texts packed in order, each note object names its text's offset,
// deleting moves the later texts down, and undo gives back every byte.
func TestMapNoteAddEditDelete(t *testing.T) {
	for name, d := range map[string]*Document{"new": newDocument(t), "corpus": corpusDocument(t)} {
		t.Run(name, func(t *testing.T) {
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
			want := []MapNote{{a, 0, "DOOR CODE 451"}, {b, 14, "ammo"}}
			if got := mapNoteTexts(t, d, level); !slices.Equal(got, want) {
				t.Fatalf("after adding: %v, want %v", got, want)
			}
			l := d.Archive.Levels[level]
			if l.MapNoteOffset != 19 || !bytes.HasPrefix(l.MapNotes, []byte("DOOR CODE 451\x00ammo\x00")) {
				t.Fatalf("buffer %q end %d", l.MapNotes[:24], l.MapNoteOffset)
			}
			if err := d.EditMapNote(level, a, "CODE 4"); err != nil {
				t.Fatal(err)
			}
			want = []MapNote{{a, 0, "CODE 4"}, {b, 7, "ammo"}}
			if got := mapNoteTexts(t, d, level); !slices.Equal(got, want) || l.MapNoteOffset != 12 {
				t.Fatalf("after editing: %v end %d, want %v end 12", got, l.MapNoteOffset, want)
			}
			if err := d.DeleteMapNote(level, a); err != nil {
				t.Fatal(err)
			}
			want = []MapNote{{b, 0, "ammo"}}
			if got := mapNoteTexts(t, d, level); !slices.Equal(got, want) || l.MapNoteOffset != 5 {
				t.Fatalf("after deleting: %v end %d, want %v end 5", got, l.MapNoteOffset, want)
			}
			if l.Objects[a].Active != 0 {
				t.Error("the deleted note's object is still active")
			}
			if steps, _ := d.History.Steps(); steps != 4 {
				t.Errorf("%d steps, want 4", steps)
			}
			if _, err := d.History.UndoAll(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(mustBytes(t, d), original) {
				t.Error("undoing every step does not give back the file")
			}
		})
	}
}

// TestMapNoteRefusals: texts the game cannot show, a full buffer and an
// object that is no map note are refused with no step and no changed byte.
func TestMapNoteRefusals(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	note, err := d.AddMapNote(level, 0x0580, 0x0780, "x")
	if err != nil {
		t.Fatal(err)
	}
	l := d.Archive.Levels[level]
	// Fill the buffer to within 3 bytes of its end.
	filler := strings.Repeat("f", codec.MaxMapNoteLength)
	for free := len(l.MapNotes) - int(l.MapNoteOffset); free > codec.MaxMapNoteLength+1+3; free -= codec.MaxMapNoteLength + 1 {
		if _, err := d.AddMapNote(level, 0x0580, 0x0880, filler); err != nil {
			t.Fatal(err)
		}
	}
	for free := len(l.MapNotes) - int(l.MapNoteOffset); free > 3; free = len(l.MapNotes) - int(l.MapNoteOffset) {
		if _, err := d.AddMapNote(level, 0x0580, 0x0880, strings.Repeat("g", min(free-4, codec.MaxMapNoteLength))); err != nil {
			t.Fatal(err)
		}
	}
	if free := len(l.MapNotes) - int(l.MapNoteOffset); free != 3 {
		t.Fatalf("%d bytes free, want 3", free)
	}
	before := mustBytes(t, d)
	beforeSteps, _ := d.History.Steps()
	for name, edit := range map[string]func() error{
		"empty":      func() error { return d.EditMapNote(level, note, "") },
		"too long":   func() error { return d.EditMapNote(level, note, strings.Repeat("a", 40)) },
		"tab":        func() error { _, err := d.AddMapNote(level, 0x0580, 0x0780, "a\tb"); return err },
		"non-ASCII":  func() error { return d.EditMapNote(level, note, "café") },
		"full add":   func() error { _, err := d.AddMapNote(level, 0x0580, 0x0780, "abc"); return err },
		"full edit":  func() error { return d.EditMapNote(level, note, "xyz12") },
		"not a note": func() error { return d.DeleteMapNote(level, 0) },
	} {
		if err := edit(); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if steps, _ := d.History.Steps(); steps != beforeSteps || !bytes.Equal(mustBytes(t, d), before) {
			t.Errorf("%s: the refused edit left a step or changed bytes", name)
		}
	}
	// The last 3 bytes still take a 2-character text, and an edit growing by 3.
	if err := d.EditMapNote(level, note, "xyzw"); err != nil {
		t.Errorf("an edit that exactly fills the buffer: %v", err)
	}
}

// TestMapNoteWithoutTextRefused: a map note made by creating an object or
// changing one's kind takes the default trap data, whose text offset can
// be past the notes buffer (the game would read out of bounds); both are
// refused with no step, while AddMapNote gives the note its text.
func TestMapNoteWithoutTextRefused(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	defaults := codec.DecodeTrap(l.Defaults[codec.ClassTrap].Data)
	defaults.P[3] = codec.MapNotesSize
	defaults.Encode(l.Defaults[codec.ClassTrap].Data)
	x, y := uint16(20<<8|0x80), uint16(20<<8|0x80)
	spec := ObjectSpec{Class: codec.MapNoteTriple[0], Subclass: codec.MapNoteTriple[1], Type: codec.MapNoteTriple[2], X: x, Y: y}
	other := -1
	for id, o := range l.Objects {
		if id > 0 && o.Active != 0 && o.Class == codec.ClassCritter {
			other = id
			break
		}
	}
	before := mustBytes(t, d)
	for what, edit := range map[string]func() error{
		"create":      func() error { _, err := d.CreateObject(level, spec); return err },
		"change kind": func() error { return d.ChangeObjectKind(level, other, spec.Class, spec.Subclass, spec.Type) },
	} {
		err := edit()
		if err == nil || !strings.Contains(err.Error(), "Add map note") {
			t.Errorf("%s: a map note without text gave %v, want a refusal naming Add map note", what, err)
		}
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
		t.Errorf("refused map notes left %d steps or changed bytes", steps)
	}
	id, err := d.AddMapNote(level, x, y, "reactor key")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := d.Problems(level); len(bin.Errors(p)) != 0 {
		t.Errorf("an added map note %d leaves errors: %v", id, bin.Errors(p))
	}
}
