package shock

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
)

// Global chunks of an archive.
const (
	ChunkArchiveName = 4000 // the archive's or saved game's name
	ChunkGameState   = 4001 // the player's state
)

// Archive is a level archive: its resource file and the decoded levels.
type Archive struct {
	Res    *lgres.File
	Levels [MaxLevels]*Level // nil where the archive has no such level

	written map[uint16][]byte // each level chunk's data as last decoded or encoded
}

// Parse reads an archive's bytes: the resource file and its levels.
func Parse(data []byte) (*Archive, error) {
	res, err := lgres.Parse(data)
	if err != nil {
		return nil, err
	}
	return Decode(res)
}

// Decode decodes every level of a resource file. A level is present when
// its map version chunk is; then all 52 of its chunks must be.
func Decode(res *lgres.File) (*Archive, error) {
	a := &Archive{Res: res, written: map[uint16][]byte{}}
	for level := range MaxLevels {
		if res.Chunk(ChunkID(level, ChunkMapVersion)) == nil {
			continue
		}
		chunks := map[int][]byte{}
		for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
			c := res.Chunk(ChunkID(level, k))
			if c == nil {
				return nil, bin.Errorf(res.DirectoryOffset(), fmt.Sprintf("level %d", level),
					"chunk %d in the directory, with the level's other %d chunks", ChunkID(level, k), LastLevelChunk-FirstLevelChunk)
			}
			data, err := c.Data()
			if err != nil {
				return nil, fmt.Errorf("level %d: %w", level, err)
			}
			chunks[k] = data
			a.written[c.ID] = data
		}
		l, err := DecodeLevel(level, chunks)
		if err != nil {
			return nil, err
		}
		a.Levels[level] = l
	}
	return a, nil
}

// Name is the archive's name (chunk 4000) up to its NUL.
func (a *Archive) Name() string {
	c := a.Res.Chunk(ChunkArchiveName)
	if c == nil {
		return ""
	}
	data, err := c.Data()
	if err != nil {
		return ""
	}
	return DecodeString(data)
}

// DecodeString reads a NUL-terminated string of the game's text, one byte a
// character (Latin-1).
func DecodeString(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		if c == 0 {
			break
		}
		s.WriteRune(rune(c))
	}
	return s.String()
}

// Encode writes the levels back into the resource file: a chunk whose
// encoding changed gets its new data; the others keep their bytes.
func (a *Archive) Encode() error {
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
			id := ChunkID(l.Index, k)
			data := l.EncodeChunk(k)
			if bytes.Equal(data, a.written[id]) {
				continue
			}
			if err := a.Res.Chunk(id).SetData(data); err != nil {
				return err
			}
			a.written[id] = data
		}
	}
	return nil
}
