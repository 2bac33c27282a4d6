package shock

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestDoorOpenClose opens and closes every door of the corpus: each is
// one step that changes only the door's frame byte, reads back as the
// position set, and undoes to the original bytes.
func TestDoorOpenClose(t *testing.T) {
	d := corpusDocument(t)
	original := mustBytes(t, d)
	doors, partly := 0, 0
	chunks := map[int][]byte{}
	for level, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for id, o := range l.Objects {
			if id == 0 || o.Active == 0 || o.Class != codec.ClassDoor {
				continue
			}
			doors++
			if chunks[level] == nil {
				chunks[level] = bytes.Join(levelChunks(l), nil)
			}
			pos, err := d.DoorPosition(level, id, nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := codec.DoorPositionAt(int(o.Frame), codec.DoorOpenFrame); pos != want {
				t.Errorf("level %d door %d at frame %d: position %v, want %v", level, id, o.Frame, pos, want)
			}
			if pos == codec.DoorPartlyOpen {
				partly++
			}
			for _, open := range []bool{pos != codec.DoorOpen, pos == codec.DoorOpen} {
				steps, _ := d.History.Steps()
				if err := d.SetDoorOpen(level, id, open, nil); err != nil {
					t.Fatalf("level %d door %d: open %v: %v", level, id, open, err)
				}
				if after, _ := d.History.Steps(); after != steps+1 {
					t.Fatalf("level %d door %d: open %v made %d steps", level, id, open, after-steps)
				}
				want, frame := codec.DoorClosed, uint8(0)
				if open {
					want, frame = codec.DoorOpen, codec.DoorOpenFrame
				}
				if got, _ := d.DoorPosition(level, id, nil); got != want || l.Objects[id].Frame != frame {
					t.Errorf("level %d door %d: open %v gives %v at frame %d", level, id, open, got, l.Objects[id].Frame)
				}
				if diff := bytesChanged(bytes.Join(levelChunks(l), nil), chunks[level]); diff > 1 {
					t.Errorf("level %d door %d: open %v changed %d bytes", level, id, open, diff)
				}
			}
			for range 2 {
				if _, err := d.History.Undo(); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(mustBytes(t, d), original) {
				t.Fatalf("level %d door %d: undo does not give back the original", level, id)
			}
		}
	}
	if doors == 0 || partly == 0 {
		t.Fatalf("the corpus has %d doors, %d partly open; the test needs both", doors, partly)
	}
}

// bytesChanged counts the bytes that differ between a and b, and those
// one has past the other's end.
func bytesChanged(a, b []byte) int {
	n := 0
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			n++
		}
	}
	return n + max(len(a), len(b)) - min(len(a), len(b))
}

// TestDoorOpenRefused: opening what is not a door in use leaves no step.
func TestDoorOpenRefused(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	notDoor := -1
	for id, o := range l.Objects {
		if id > 0 && o.Active != 0 && o.Class != codec.ClassDoor {
			notDoor = id
			break
		}
	}
	original := mustBytes(t, d)
	for _, id := range []int{notDoor, 0, len(l.Objects)} {
		if err := d.SetDoorOpen(level, id, true, nil); err == nil {
			t.Errorf("opening object %d was not refused", id)
		}
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), original) {
		t.Errorf("refused opens left %d steps or changed bytes", steps)
	}
}
