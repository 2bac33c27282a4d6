package shock

import (
	"fmt"
	"slices"

	"github.com/levelwright/levelwright/codecs/lgres"
)

// SlotState is what an archive holds in one level slot: the level, nil
// for none, and the chunks of the slot's range, by chunk number.
// RestoreSlot gives it back whole, so that an archive whose level was
// replaced writes its original bytes again.
type SlotState struct {
	slot   int
	level  *Level
	chunks map[int]*lgres.Chunk
}

// Slot is what the archive holds in slot now.
func (a *Archive) Slot(slot int) SlotState {
	s := SlotState{slot: slot, level: a.Levels[slot], chunks: map[int]*lgres.Chunk{}}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		if c := a.Res.Chunk(ChunkID(slot, k)); c != nil {
			s.chunks[k] = c
		}
	}
	return s
}

// RestoreSlot makes s what its slot holds: its chunks in the places of
// those the slot holds, or after the last chunk, and the slot's other
// chunks gone.
func (a *Archive) RestoreSlot(s SlotState) error {
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		id := ChunkID(s.slot, k)
		i := slices.IndexFunc(a.Res.Chunks, func(c *lgres.Chunk) bool { return c.ID == id })
		c, keep := s.chunks[k]
		switch {
		case !keep && i >= 0:
			a.Res.Chunks = slices.Delete(a.Res.Chunks, i, i+1)
			delete(a.written, id)
			continue
		case !keep:
			continue
		case i >= 0:
			a.Res.Chunks[i] = c
		default:
			a.Res.Chunks = append(a.Res.Chunks, c)
		}
		data, err := c.Data() // what the chunk holds, which Encode compares the level's encoding with
		if err != nil {
			return fmt.Errorf("level %d: %w", s.slot, err)
		}
		a.written[id] = data
	}
	a.Levels[s.slot] = s.level
	return nil
}

// CopyLevel returns a copy of l that is level index: the same chunks,
// decoded afresh.
func CopyLevel(l *Level, index int) (*Level, error) {
	chunks := map[int][]byte{}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		chunks[k] = l.EncodeChunk(k)
	}
	return DecodeLevel(index, chunks)
}

// FilledSlot is the slot state that holds l in its slot (its Index),
// with new chunks for every chunk of the slot's range: of the type and
// compression of the chunks the slot holds now, else of those of level
// like (-1 for none), else as the original archive stores a new level's.
func (a *Archive) FilledSlot(l *Level, like int) (SlotState, error) {
	if l.Index < 0 || l.Index >= MaxLevels {
		return SlotState{}, fmt.Errorf("a level slot from 0 to %d, got %d", MaxLevels-1, l.Index)
	}
	s := SlotState{slot: l.Index, level: l, chunks: map[int]*lgres.Chunk{}}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		id := ChunkID(l.Index, k)
		typ, flags := uint8(lgres.TypeMap), uint8(lgres.FlagLZW)
		if rawLevelChunks[k] {
			flags = 0
		}
		model := a.Res.Chunk(id)
		if model == nil && like >= 0 && like < MaxLevels {
			model = a.Res.Chunk(ChunkID(like, k))
		}
		if model != nil {
			typ, flags = model.Type, model.Flags
			if model.Compress {
				flags |= lgres.FlagLZW
			}
		}
		c, err := lgres.NewChunk(id, typ, flags, l.EncodeChunk(k))
		if err != nil {
			return SlotState{}, err
		}
		s.chunks[k] = c
	}
	return s, nil
}
