// Package shockdata writes stand-ins for System Shock's own data files,
// for tests: the game's files cannot ship with the project. A copy is
// kept in the repository's testdata/shockdata (see Dir), for the tests
// of several packages and for trying the editor's game data settings
// without the game.
package shockdata

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/shock"
)

// Chunks of the files written, as the game has them.
const (
	ObjectNames = 36 // cybstrng.res: a name per object type
	Textures32  = 77 // texture.res: a 32x32 bitmap per texture
)

// NumTextures is how many textures Write writes.
const NumTextures = 273

// Write writes into dir CYBSTRNG.RES (in capitals, as on a DOS disk),
// naming object type i "type i"; gamepal.res, where colour i is grey
// level i; and texture.res, where texture n is a 32x32 square of colour
// TextureColour(n).
func Write(dir string) error {
	names := make([][]byte, shock.NumObjectTypes)
	for i := range names {
		names[i] = fmt.Appendf(nil, "type %d\x00", i)
	}
	pal := make([]byte, 768)
	for i := range pal {
		pal[i] = byte(i / 3)
	}
	textures := make([][]byte, NumTextures)
	for n := range textures {
		b := make([]byte, 28, 28+32*32)
		b[4] = shock.BitmapFlat
		binary.LittleEndian.PutUint16(b[8:], 32)
		binary.LittleEndian.PutUint16(b[10:], 32)
		binary.LittleEndian.PutUint16(b[12:], 32)
		for range 32 * 32 {
			b = append(b, TextureColour(n))
		}
		textures[n] = b
	}
	files := []struct {
		name      string
		id        uint16
		typ, flag uint8
		data      []byte
	}{
		{"CYBSTRNG.RES", ObjectNames, lgres.TypeString, lgres.FlagCompound, lgres.JoinBlocks(names)},
		{"gamepal.res", shock.PaletteID, lgres.TypePalette, 0, pal},
		{"texture.res", Textures32, lgres.TypeImage, lgres.FlagCompound, lgres.JoinBlocks(textures)},
	}
	for _, f := range files {
		res := lgres.New()
		if _, err := res.Add(f.id, f.typ, f.flag, f.data); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), res.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Dir is the copy of what Write writes kept in the repository's
// testdata/shockdata, for tests that only read it. This package's tests
// check that it is current; `go test ./internal/shockdata -update`
// writes it again.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "shockdata")
}

// TextureColour is the palette index that fills texture n: never 0,
// the transparent colour.
func TextureColour(n int) byte { return byte(n%255 + 1) }
