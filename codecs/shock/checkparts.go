package shock

import "fmt"

// checkCameras reports surveillance screens whose camera or surrogate
// names an object not in use: the game would aim a screen at, or blank
// it with, whatever later takes the slot.
func (c *checker) checkCameras() {
	for k, what := range [2]string{"camera", "surrogate"} {
		for screen, id := range c.l.Surveillance[k] {
			if id == 0 {
				continue
			}
			if int(id) >= len(c.l.Objects) || c.l.Objects[id].Active == 0 {
				c.add("error", "level", c.l.Index, CodeCameraMissing,
					"surveillance screen %d (chunk %d entry %d): its %s is object %d, which is not in use",
					screen, ChunkID(c.l.Index, ChunkSurveillance+k), screen, what, id)
			}
		}
	}
}

// checkMapNotes reports a notes buffer the game could not read (an end
// offset past the buffer, a last text without its NUL) and map note
// objects whose text offset is past the buffer, and warns of map note
// objects sharing one text: deleting either in the game deletes the text
// the other shows.
func (c *checker) checkMapNotes() {
	if _, err := DecodeMapNotes(c.l.MapNotes, c.l.MapNoteOffset); err != nil {
		c.add("error", "level", c.l.Index, CodeMapNotesBroken, "chunks %d/%d: %v",
			ChunkID(c.l.Index, ChunkMapNotes), ChunkID(c.l.Index, ChunkMapNoteOffset), err)
	}
	owners := map[uint32]int{}
	for id := range c.l.Objects {
		if reason := c.l.MapNoteProblem(id); reason != "" {
			c.add("error", "object", id, CodeMapNotesBroken, "%s", reason)
			continue
		}
		at, ok := c.l.NoteTextOffset(id)
		if !ok {
			continue
		}
		if first, shared := owners[at]; shared {
			c.add("warning", "object", id, CodeMapNoteShared,
				"map note %d names the text at offset %d, as map note %d does: deleting either note deletes the other's text",
				id, at, first)
			continue
		}
		owners[at] = id
	}
}

// MapNoteProblem says why object id, when it is a map note, names a text
// the game cannot read: its text offset (its trap data's fourth
// parameter) is past the notes buffer, and the game reads the text there
// unchecked. It is "" for every other object.
func (l *Level) MapNoteProblem(id int) string {
	if at, ok := l.NoteTextOffset(id); ok && uint64(at) >= uint64(len(l.MapNotes)) {
		return fmt.Sprintf("map note %d: its text is at offset %d, past the %d-byte notes buffer", id, at, len(l.MapNotes))
	}
	return ""
}

// NoteTextOffset is the text offset (its trap data's fourth parameter)
// of object id, and false when it is not an active map note with a class
// entry (entry 0 heads the class's list and is no object's).
func (l *Level) NoteTextOffset(id int) (uint32, bool) {
	if id <= 0 || id >= len(l.Objects) {
		return 0, false
	}
	o := l.Objects[id]
	if o.Active == 0 || [3]uint8{o.Class, o.Subclass, o.Type} != MapNoteTriple || o.SpecID == 0 || int(o.SpecID) >= len(l.Classes[o.Class]) {
		return 0, false
	}
	return DecodeTrap(l.Classes[o.Class][o.SpecID].Data).P[3], true
}

// Problem codes of the checks above.
const (
	CodeCameraMissing  = "camera-missing"
	CodeMapNotesBroken = "map-notes-broken"
	CodeMapNoteShared  = "map-note-shared"
)
