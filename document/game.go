// Package document is the editable model shared by the three games: files,
// levels, stable entity handles, validation problems and safe saving.
package document

import (
	"bytes"
	"encoding/binary"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/codecs/wad"
)

// Game names the game a level file belongs to.
type Game int

// The games Levelwright edits.
const (
	GameUnknown Game = iota
	GameShock
	GameMarathon
	GameTurok
)

func (g Game) String() string {
	switch g {
	case GameShock:
		return "System Shock"
	case GameMarathon:
		return "Marathon"
	case GameTurok:
		return "Turok EX"
	}
	return "unknown"
}

// Sniff identifies the game of a level file and checks it through its
// codec, so that a damaged file gets that codec's error with its offset.
// A Turok map is recognised by its root archive's offsets.
func Sniff(data []byte) (Game, error) {
	if bytes.HasPrefix(data, []byte(lgres.Signature)) {
		_, err := lgres.Parse(data)
		return GameShock, err
	}
	if looksLikeKexArchive(data) {
		_, err := turok.Decode(data)
		return GameTurok, err
	}
	if _, err := wad.Parse(data); err == nil || wad.IsMacBinary(data) || hasWadVersion(data) {
		return GameMarathon, err
	}
	return GameUnknown, bin.Errorf(0, "", "an LG resource file, a Marathon wad or a Turok kexArchive")
}

// hasWadVersion reports whether data starts with a wad version number,
// so that a damaged wad is reported as one rather than as unknown.
func hasWadVersion(data []byte) bool {
	if len(data) < 2 {
		return false
	}
	switch binary.BigEndian.Uint16(data) {
	case 0, 1, 2, 4:
		return true
	}
	return false
}

// looksLikeKexArchive checks the root indexed archive's header: a small
// offset count, the first offset just past the 8-aligned header, offsets
// in order. The offsets may run past the end of a truncated file, which
// the Turok codec then reports with the offset where it ends.
func looksLikeKexArchive(data []byte) bool {
	if len(data) < 8 {
		return false
	}
	n := int64(binary.LittleEndian.Uint32(data))
	if n < 1 || n > 64 || 4+4*(n+1) > int64(len(data)) {
		return false
	}
	prev := (4 + 4*(n+1) + 7) &^ 7
	for i := int64(0); i <= n; i++ {
		off := int64(binary.LittleEndian.Uint32(data[4+4*i:]))
		if (i == 0 && off != prev) || off < prev {
			return false
		}
		prev = off
	}
	return true
}
