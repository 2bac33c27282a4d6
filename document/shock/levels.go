package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// putLevel makes l the level of its slot, as one undo step named
// description, its chunks in the form of those of level like where the
// slot has none (-1: none).
func (d *Document) putLevel(l *codec.Level, like int, description string) error {
	after, err := d.Archive.FilledSlot(l, like)
	if err != nil {
		return err
	}
	return d.Record(&document.LevelsStep[codec.SlotState]{Before: d.Archive.Slot(l.Index), After: after, Set: d.Archive.RestoreSlot,
		Description: description, Levels: []int{l.Index}})
}

// slot checks that slot is one of the archive's level slots.
func slot(slot int) error {
	if slot < 0 || slot >= codec.MaxLevels {
		return fmt.Errorf("a level slot from 0 to %d, got %d", codec.MaxLevels-1, slot)
	}
	return nil
}

// CopyLevelInto puts a copy of level from into slot (every chunk of the
// level's range, numbered for the slot), in place of the level there, as
// one undo step.
func (d *Document) CopyLevelInto(from, to int) error {
	l, err := d.Level(from)
	if err != nil {
		return err
	}
	if err := slot(to); err != nil {
		return err
	}
	if from == to {
		return fmt.Errorf("level %d into its own slot: choose another slot", from)
	}
	c, err := codec.CopyLevel(l, to)
	if err != nil {
		return err
	}
	return d.putLevel(c, from, fmt.Sprintf("Copy level %d into slot %d", from, to))
}

// ClearLevel makes the level of slot empty, as HackEd's Clear Level does
// (see codec.EmptyLevel), as one undo step.
func (d *Document) ClearLevel(at int) error {
	if err := slot(at); err != nil {
		return err
	}
	return d.putLevel(codec.EmptyLevel(at), -1, fmt.Sprintf("Clear level %d", at))
}

// LevelSize is the bytes of level i's chunks, unpacked.
func (d *Document) LevelSize(i int) (int, error) {
	l, err := d.Level(i)
	if err != nil {
		return 0, err
	}
	n := 0
	for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
		n += len(l.EncodeChunk(k))
	}
	return n, nil
}

// LevelList lists the archive's levels with the bytes of their chunks,
// unpacked.
func (d doc) LevelList() ([]document.LevelInfo, error) {
	var out []document.LevelInfo
	for i, l := range d.d.Archive.Levels {
		if l == nil {
			continue
		}
		size, err := d.d.LevelSize(i)
		if err != nil {
			return nil, err
		}
		out = append(out, document.LevelInfo{Index: i, Name: fmt.Sprintf("Level %d", i), Size: size})
	}
	return out, nil
}

// LevelOperations are an archive's: copy a level into another slot, and
// clear a level.
func (d doc) LevelOperations() []document.LevelOperation {
	return []document.LevelOperation{
		{Name: "copy-into", Args: "N SLOT", Help: "copy level N into level slot SLOT (0-15), over what it holds", Count: [2]int{2, 2},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args, "N", "SLOT")
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("copied level %d into slot %d", n[0], n[1]), d.d.CopyLevelInto(n[0], n[1])
			}},
		{Name: "clear", Args: "N", Help: "make level N empty, as HackEd's Clear Level does", Count: [2]int{1, 1},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args, "N")
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("cleared level %d", n[0]), d.d.ClearLevel(n[0])
			}},
	}
}
