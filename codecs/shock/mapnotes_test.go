package shock

import (
	"bytes"
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
