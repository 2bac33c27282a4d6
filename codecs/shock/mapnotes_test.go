package shock

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestMapNotesCorpusRoundTrip: every corpus level's notes buffer and end
// offset decode and encode to the same bytes.
func TestMapNotesCorpusRoundTrip(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	levels := 0
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		levels++
		n, err := DecodeMapNotes(l.MapNotes, l.MapNoteOffset)
		if err != nil {
			t.Fatalf("level %d: %v", l.Index, err)
		}
		buf, end, err := n.Encode(len(l.MapNotes))
		if err != nil {
			t.Fatalf("level %d: %v", l.Index, err)
		}
		if !bytes.Equal(buf, l.MapNotes) || end != l.MapNoteOffset {
			t.Errorf("level %d: notes re-encode differently (end %d, was %d)", l.Index, end, l.MapNoteOffset)
		}
	}
	if levels == 0 {
		t.Fatal("the corpus archive has no levels")
	}
}

// TestMapNotesBuffers decodes buffers built from the format (texts packed
// with NULs, stale bytes after the end) and encodes them back.
func TestMapNotesBuffers(t *testing.T) {
	full := strings.Repeat("x", MapNotesSize-1) + "\x00"
	for _, c := range []struct {
		name   string
		used   string
		tail   string
		texts  []string
		starts []uint32
	}{
		{"empty", "", "", nil, []uint32{}},
		{"one", "RADIATION\x00", "", []string{"RADIATION"}, []uint32{0}},
		{"two with stale tail", "a\x00door code 451\x00", "old\x00", []string{"a", "door code 451"}, []uint32{0, 2}},
		{"full", full, "", []string{full[:MapNotesSize-1]}, []uint32{0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			buf := make([]byte, MapNotesSize)
			copy(buf, c.used)
			copy(buf[len(c.used):], c.tail)
			n, err := DecodeMapNotes(buf, uint32(len(c.used)))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(n.Texts, c.texts) || !slices.Equal(n.Offsets(), c.starts) {
				t.Errorf("texts %q at %v, want %q at %v", n.Texts, n.Offsets(), c.texts, c.starts)
			}
			out, end, err := n.Encode(MapNotesSize)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, buf) || end != uint32(len(c.used)) {
				t.Errorf("re-encoded to end %d and different bytes", end)
			}
		})
	}
}

// TestMapNotesErrors: an end past the buffer, an unterminated text and
// texts too long for the buffer are errors.
func TestMapNotesErrors(t *testing.T) {
	buf := make([]byte, 8)
	copy(buf, "abc")
	if _, err := DecodeMapNotes(buf, 9); err == nil || !strings.Contains(err.Error(), "past the 8-byte buffer") {
		t.Errorf("end past the buffer: %v", err)
	}
	if _, err := DecodeMapNotes(buf, 2); err == nil || !strings.Contains(err.Error(), "no terminating NUL") {
		t.Errorf("unterminated: %v", err)
	}
	if _, _, err := (MapNotes{Texts: []string{"12345678"}}).Encode(8); err == nil {
		t.Error("9 bytes encoded into 8")
	}
}

// TestCheckMapNoteText: the game's editor takes 1-39 printable characters.
func TestCheckMapNoteText(t *testing.T) {
	for text, ok := range map[string]bool{"HELLO": true, strings.Repeat("a", 39): true, "": false,
		strings.Repeat("a", 40): false, "tab\there": false, "é": false, "~ !": true} {
		if err := CheckMapNoteText(text); (err == nil) != ok {
			t.Errorf("%q: %v, want ok %v", text, err, ok)
		}
	}
}

// TestCheckMapNoteShared: two map note objects naming one text are
// reported once, as a warning on the second naming the first; notes with
// texts of their own are not.
func TestCheckMapNoteShared(t *testing.T) {
	for _, shared := range []bool{true, false} {
		l := corpusLevel(t)
		copy(l.MapNotes, "one\x00two\x00")
		l.MapNoteOffset = 8
		var notes []int
		for id, o := range l.Objects {
			if id > 0 && o.Active != 0 && o.Class == ClassTrap && o.Subclass == 0 && len(notes) < 2 {
				notes = append(notes, id)
			}
		}
		if len(notes) < 2 {
			t.Fatal("the corpus level has fewer than two traps")
		}
		for i, id := range notes {
			l.Objects[id].Subclass, l.Objects[id].Type = MapNoteTriple[1], MapNoteTriple[2]
			e := &l.Classes[ClassTrap][l.Objects[id].SpecID]
			trap := DecodeTrap(e.Data)
			trap.P[3] = 0
			if !shared && i == 1 {
				trap.P[3] = 4
			}
			trap.Encode(e.Data)
		}
		var found []Problem
		for _, p := range l.Check() {
			if p.Code == CodeMapNoteShared {
				found = append(found, p)
			}
		}
		if !shared {
			if len(found) != 0 {
				t.Errorf("notes with texts of their own reported as sharing: %+v", found)
			}
			continue
		}
		if len(found) != 1 {
			t.Fatalf("%d shared-text reports, want 1: %+v", len(found), found)
		}
		p := found[0]
		first := fmt.Sprintf("map note %d", notes[0])
		if p.Severity != "warning" || p.Kind != "object" || p.Index != notes[1] || !strings.Contains(p.Message, first) {
			t.Errorf("got %+v, want a warning on object %d naming %s", p, notes[1], first)
		}
	}
}
