// Package document is the editable model shared by the three games: files,
// levels, stable entity handles, validation problems and safe saving.
package document

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"

	"github.com/levelwright/levelwright/codecs/bin"
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

// lgResSignature opens every System Shock resource file.
var lgResSignature = []byte("LG Res File v2\r\n")

// Sniff identifies the game of a level file from its container header and
// checks that the header's offsets fit the file. It reads nothing else.
func Sniff(data []byte) (Game, error) {
	switch {
	case bytes.HasPrefix(data, lgResSignature):
		return GameShock, sniffShock(data)
	case looksLikeKexArchive(data):
		return GameTurok, nil
	case looksLikeWad(data):
		return GameMarathon, nil
	}
	return GameUnknown, bin.Errorf(0, "", "an LG resource file, a Marathon wad or a Turok kexArchive")
}

// SniffFile is Sniff on a file, with the file name in the error.
func SniffFile(path string) (Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return GameUnknown, err
	}
	g, err := Sniff(data)
	if err != nil {
		return g, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

func sniffShock(data []byte) error {
	const headerSize = 128
	if len(data) < headerSize {
		return bin.Errorf(int64(len(data)), "header", "a 128-byte header, file ends early")
	}
	dir := int64(int32(binary.LittleEndian.Uint32(data[0x7c:])))
	if dir < headerSize || dir+6 > int64(len(data)) {
		return bin.Errorf(0x7c, "header", "a directory offset inside the file (%d bytes), got %d", len(data), dir)
	}
	return nil
}

// looksLikeKexArchive checks the root indexed archive: a small offset
// count, the first offset just past the 8-aligned header, offsets in order,
// and a last offset no more than the final padding past the end of file.
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
	return prev <= int64(len(data))+7
}

// looksLikeWad checks a Marathon wad header (big-endian), behind a
// MacBinary II header when one with a valid CRC is there.
func looksLikeWad(data []byte) bool {
	if wad.IsMacBinary(data) {
		dataFork := int(binary.BigEndian.Uint32(data[83:]))
		if 128+dataFork > len(data) {
			return false
		}
		data = data[128 : 128+dataFork]
	}
	if len(data) < 128 {
		return false
	}
	switch binary.BigEndian.Uint16(data) {
	case 0, 1, 2, 4:
	default:
		return false
	}
	dir := int64(int32(binary.BigEndian.Uint32(data[72:])))
	count := int16(binary.BigEndian.Uint16(data[76:]))
	return count > 0 && dir >= 128 && dir <= int64(len(data))
}
