package shock

import (
	"bytes"
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// The notes buffer and its end offset as the change recorder sees them.
var (
	mapNotesValue = &document.Value[*codec.Level, []byte]{Kind: KindLevel,
		Size: func(b []byte) int { return len(b) }, Field: func(l *codec.Level) *[]byte { return &l.MapNotes },
		Same: bytes.Equal, Clone: bytes.Clone}
	mapNoteEndValue = &document.Value[*codec.Level, uint32]{Kind: KindLevel,
		Size: func(uint32) int { return 4 }, Field: func(l *codec.Level) *uint32 { return &l.MapNoteOffset },
		Same: func(a, b uint32) bool { return a == b }}
)

// MapNote is one of a level's automap notes: its text and the map note
// object (class 12/2/3) that places it, or -1 when no object refers to it.
type MapNote struct {
	Object int
	Offset int // of the text in the notes buffer
	Text   string
}

// MapNotes lists level's notes in buffer order.
func (d *Document) MapNotes(level int) ([]MapNote, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	n, err := decodeMapNotes(l)
	if err != nil {
		return nil, err
	}
	owners := mapNoteObjects(l)
	notes := make([]MapNote, len(n.Texts))
	for i, at := range n.Offsets() {
		owner, ok := owners[at]
		if !ok {
			owner = -1
		}
		notes[i] = MapNote{Object: owner, Offset: int(at), Text: n.Texts[i]}
	}
	return notes, nil
}

func decodeMapNotes(l *codec.Level) (codec.MapNotes, error) {
	n, err := codec.DecodeMapNotes(l.MapNotes, l.MapNoteOffset)
	if err != nil {
		return n, fmt.Errorf("level %d (chunks %d/%d): %w", l.Index,
			codec.ChunkID(l.Index, codec.ChunkMapNotes), codec.ChunkID(l.Index, codec.ChunkMapNoteOffset), err)
	}
	return n, nil
}

// isMapNote reports whether object id is an active map note object with
// a class entry.
func isMapNote(l *codec.Level, id int) bool {
	_, ok := l.NoteTextOffset(id)
	return ok
}

// mapNoteObjects maps each text offset to the map note object naming it.
func mapNoteObjects(l *codec.Level) map[uint32]int {
	owners := map[uint32]int{}
	for id := range l.Objects {
		if isMapNote(l, id) {
			owners[noteOffset(l, id)] = id
		}
	}
	return owners
}

// AddMapNote places a map note object at (x, y) with text, as one step,
// and returns the object's index. It is refused when text is not one the
// game could show or the notes buffer has no room for it.
func (d *Document) AddMapNote(level int, x, y uint16, text string) (int, error) {
	return d.addMapNoteIn(level, 0, x, y, text)
}

// addMapNoteIn adds a map note as AddMapNote does, in slot want when that
// is free.
func (d *Document) addMapNoteIn(level, want int, x, y uint16, text string) (int, error) {
	r, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	id, err := r.createObjectIn(want, ObjectSpec{Class: codec.MapNoteTriple[0], Subclass: codec.MapNoteTriple[1],
		Type: codec.MapNoteTriple[2], X: x, Y: y})
	if err != nil {
		r.Rollback()
		return 0, err
	}
	if err := r.addNoteText(id, text); err != nil {
		r.Rollback()
		return 0, err
	}
	return id, r.Commit(fmt.Sprintf("Add map note %d", id), "")
}

// EditMapNote gives map note object id the text, as one step.
func (d *Document) EditMapNote(level, id int, text string) error {
	l, n, i, err := d.mapNoteText(level, id)
	if err != nil {
		return err
	}
	if n.Texts[i] == text {
		return nil
	}
	if err := checkNoteRoom(l, n, len(n.Texts[i])+1, text); err != nil {
		return err
	}
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	r.shiftNotesAfter(n.Offsets()[i], len(text)-len(n.Texts[i]))
	n.Texts[i] = text
	if err := r.writeMapNotes(n); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("Edit map note %d", id), "")
}

// DeleteMapNote deletes map note object id and its text, as one step;
// the texts after it move down, as the game packs them. A text another
// map note object also names (as files written elsewhere may have) stays
// for that one.
func (d *Document) DeleteMapNote(level, id int) error {
	l, n, i, err := d.mapNoteText(level, id)
	if err != nil {
		return err
	}
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if !sharesNoteText(l, id) {
		r.shiftNotesAfter(n.Offsets()[i], -(len(n.Texts[i]) + 1))
		n.Texts = append(n.Texts[:i], n.Texts[i+1:]...)
		if err := r.writeMapNotes(n); err != nil {
			r.Rollback()
			return err
		}
	}
	r.deleteObject(id)
	return r.Commit(fmt.Sprintf("Delete map note %d", id), "")
}

// mapNoteText finds the text map note object id names.
func (d *Document) mapNoteText(level, id int) (*codec.Level, codec.MapNotes, int, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, codec.MapNotes{}, 0, err
	}
	n, i, err := findNoteText(l, id)
	return l, n, i, err
}

// findNoteText decodes l's notes and finds the index of the text map note
// object id names.
func findNoteText(l *codec.Level, id int) (codec.MapNotes, int, error) {
	if !isMapNote(l, id) {
		return codec.MapNotes{}, 0, fmt.Errorf("level %d object %d is not a map note (class 12/2/3)", l.Index, id)
	}
	n, err := decodeMapNotes(l)
	if err != nil {
		return codec.MapNotes{}, 0, err
	}
	at := noteOffset(l, id)
	for i, start := range n.Offsets() {
		if start == at {
			return n, i, nil
		}
	}
	return codec.MapNotes{}, 0, fmt.Errorf("level %d map note %d names offset %d, where no note text starts", l.Index, id, at)
}

// noteOffset is the text offset of map note object id.
func noteOffset(l *codec.Level, id int) uint32 {
	at, _ := l.NoteTextOffset(id)
	return at
}

// sharesNoteText reports whether another map note object names the text
// map note object id names.
func sharesNoteText(l *codec.Level, id int) bool {
	at := noteOffset(l, id)
	for other := range l.Objects {
		if other != id && isMapNote(l, other) && noteOffset(l, other) == at {
			return true
		}
	}
	return false
}

// copiedNoteText is the text a copy of object id takes with it: its
// note's text when it is a map note, else "". A copy of a map note gets
// its own copy of the text (addNoteText), for two notes sharing one text
// would lose it when either is deleted.
func copiedNoteText(l *codec.Level, id int) (string, error) {
	if !isMapNote(l, id) {
		return "", nil
	}
	n, i, err := findNoteText(l, id)
	if err != nil {
		return "", fmt.Errorf("copying map note %d: %w", id, err)
	}
	return n.Texts[i], nil
}

// keepNoteOffset refuses giving object id the class data after when id
// is a map note and after moves its text offset: the offset belongs to
// the note's text, which the map note commands keep.
func keepNoteOffset(l *codec.Level, id int, after []byte) error {
	if !isMapNote(l, id) {
		return nil
	}
	at := noteOffset(l, id)
	if to := codec.DecodeTrap(after).P[3]; to != at {
		return fmt.Errorf("object %d is a map note: its action and parameters stay, for its p4 is the offset of its text "+
			"in the level's notes buffer (%d; this edit would make it %d); edit the note's text or delete the note instead", id, at, to)
	}
	return nil
}

// checkNoteRoom refuses text, taking the place of freed bytes of the
// buffer, when the game could not show it or the buffer cannot hold it.
func checkNoteRoom(l *codec.Level, n codec.MapNotes, freed int, text string) error {
	if err := codec.CheckMapNoteText(text); err != nil {
		return err
	}
	if free := len(l.MapNotes) - n.Used() + freed; len(text)+1 > free {
		return fmt.Errorf("level %d's map notes buffer is full: the text needs %d bytes, %d are free",
			l.Index, len(text)+1, free)
	}
	return nil
}

// setNoteOffset points map note object id at a text offset.
func (r *edit) setNoteOffset(id int, at uint32) {
	o := r.level.Objects[id]
	e := r.entry(int(o.Class), int(o.SpecID))
	t := codec.DecodeTrap(e.Data)
	t.P[3] = at
	t.Encode(e.Data)
}

// addNoteText appends text to the notes buffer as the text of the new
// map note object id, refusing a text the game could not show or one the
// buffer has no room for.
func (r *edit) addNoteText(id int, text string) error {
	n, err := decodeMapNotes(r.level)
	if err != nil {
		return err
	}
	if err := checkNoteRoom(r.level, n, 0, text); err != nil {
		return err
	}
	r.setNoteOffset(id, uint32(n.Used()))
	n.Texts = append(n.Texts, text)
	return r.writeMapNotes(n)
}

// shiftNotesAfter moves the offset of every map note past at by delta.
func (r *edit) shiftNotesAfter(at uint32, delta int) {
	for id := range r.level.Objects {
		if isMapNote(r.level, id) {
			if start := noteOffset(r.level, id); start > at {
				r.setNoteOffset(id, uint32(int(start)+delta))
			}
		}
	}
}

// writeMapNotes encodes n into the level's buffer and end offset.
func (r *edit) writeMapNotes(n codec.MapNotes) error {
	buf, end, err := n.Encode(len(r.level.MapNotes))
	if err != nil {
		return fmt.Errorf("level %d: %w", r.Level, err)
	}
	document.TouchValue(r.Edit, mapNotesValue)
	document.TouchValue(r.Edit, mapNoteEndValue)
	r.level.MapNotes, r.level.MapNoteOffset = buf, end
	return nil
}
