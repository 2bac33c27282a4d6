package shock

import (
	"bytes"
	"fmt"
)

// Map notes are the player's automap annotations. Chunk 46 holds their
// texts, NUL-terminated and packed from the start of a 2048-byte buffer;
// chunk 47 holds the offset just past the last one. Each note belongs to a
// map note object (class 12/2/3), whose trap data's fourth parameter is
// the offset of its text in the buffer.
const (
	// MapNotesSize is the size of the notes buffer (chunk 46).
	MapNotesSize = 2048
	// MaxMapNoteLength is the longest text the game's map note editor takes.
	MaxMapNoteLength = 39
)

// MapNoteTriple is the class, subclass and type of a map note object.
var MapNoteTriple = [3]uint8{uint8(ClassTrap), 2, 3}

// MapNotes is the typed view of chunks 46 and 47.
type MapNotes struct {
	Texts []string // in buffer order
	// Tail is the bytes after the used part, which the game leaves as
	// they were when it deletes a note; kept so that the buffer round-trips.
	Tail []byte
}

// DecodeMapNotes reads the notes buffer and the offset of its end.
func DecodeMapNotes(buf []byte, end uint32) (MapNotes, error) {
	if uint64(end) > uint64(len(buf)) {
		return MapNotes{}, fmt.Errorf("map notes end at offset %d, past the %d-byte buffer", end, len(buf))
	}
	used := buf[:end]
	if len(used) > 0 && used[len(used)-1] != 0 {
		return MapNotes{}, fmt.Errorf("map notes: the text before offset %d has no terminating NUL", end)
	}
	var n MapNotes
	for len(used) > 0 {
		i := bytes.IndexByte(used, 0)
		n.Texts = append(n.Texts, string(used[:i]))
		used = used[i+1:]
	}
	n.Tail = bytes.Clone(buf[end:])
	return n, nil
}

// Offsets returns the buffer offset of each text.
func (n MapNotes) Offsets() []uint32 {
	offsets := make([]uint32, len(n.Texts))
	at := uint32(0)
	for i, t := range n.Texts {
		offsets[i] = at
		at += uint32(len(t)) + 1
	}
	return offsets
}

// Used is the number of bytes the texts take, with their NULs.
func (n MapNotes) Used() int {
	used := 0
	for _, t := range n.Texts {
		used += len(t) + 1
	}
	return used
}

// Encode writes the buffer and the offset of its end. The buffer is the
// texts followed by the tail, cut or zero-filled to size bytes.
func (n MapNotes) Encode(size int) ([]byte, uint32, error) {
	used := n.Used()
	if used > size {
		return nil, 0, fmt.Errorf("map notes take %d bytes, more than the %d-byte buffer", used, size)
	}
	buf := make([]byte, size)
	at := 0
	for _, t := range n.Texts {
		at += copy(buf[at:], t) + 1
	}
	copy(buf[at:], n.Tail)
	return buf, uint32(used), nil
}

// CheckMapNoteText refuses a text the game's map note editor could not
// have made: empty, longer than MaxMapNoteLength, or with a character
// outside printable ASCII.
func CheckMapNoteText(text string) error {
	if text == "" {
		return fmt.Errorf("map note text is empty")
	}
	if len(text) > MaxMapNoteLength {
		return fmt.Errorf("map note text is %d characters, more than %d", len(text), MaxMapNoteLength)
	}
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < 0x20 || c > 0x7E {
			return fmt.Errorf("map note text has character %q at %d; the game shows printable ASCII (0x20-0x7E)", c, i)
		}
	}
	return nil
}
