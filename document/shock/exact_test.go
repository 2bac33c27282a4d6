package shock

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestExportMapNoteBytes: a map note whose bytes are not UTF-8 (the
// game's own code page) is exported as its bytes and comes back byte
// for byte; the export imports to the same file.
func TestExportMapNoteBytes(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	if _, err := d.AddMapNote(level, 20<<8, 20<<8, "KEY"); err != nil {
		t.Fatal(err)
	}
	l := d.Archive.Levels[level]
	at := bytes.Index(l.MapNotes, []byte("KEY\x00"))
	l.MapNotes[at+1] = 0xc9 // É in Latin-1
	before := mustBytes(t, d)
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(lj)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(text, []byte(`"text":{"bytes_hex":"4bc959"}`)) {
		t.Errorf("the export does not give the note's bytes: %s", text[bytes.Index(text, []byte(`"map_notes"`)):])
	}
	var back LevelJSON
	if err := json.Unmarshal(text, &back); err != nil {
		t.Fatal(err)
	}
	if n := back.MapNotes[len(back.MapNotes)-1]; n.Text != "K\xc9Y" {
		t.Errorf("the note read back is %q", n.Text)
	}
	if rep, err := d.Import(back); err != nil || rep.Steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
		t.Errorf("importing the export: %+v, %v", rep, err)
	}
}
