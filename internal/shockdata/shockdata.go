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
	ObjectNames  = 36   // cybstrng.res: a name per object type
	TextureNames = 2154 // cybstrng.res: a name per texture
	TrapMessages = 2151 // cybstrng.res: the messages traps show
	Messages     = 2161 // cybstrng.res: the game's messages, a locked door's from block 7
	Textures32   = 77   // texture.res: a 32x32 bitmap per texture
)

// NumTextures is how many textures Write writes.
const NumTextures = 273

// Write writes into dir CYBSTRNG.RES (in capitals, as on a DOS disk),
// naming object type i "type i", texture n TextureName(n), trap message n
// TrapMessage(n) and locked door message n DoorMessage(n); gamepal.res, where colour i is grey
// level i; texture.res, where texture n is a 32x32 square of colour
// TextureColour(n); objprop.dat, giving type i ExtraFrames(i) extra
// frames, HitPoints(i) and Radius(i); and objart.res, with the pictures of each type: world frames
// that are run-length encoded rectangles of ObjectFrameSize and
// ObjectColour (or, for types with EmptyPicture, one transparent pixel),
// and flat inventory pictures and editor icons of other sizes; and
// textprop.dat, whose textures with Starfield are starfields.
func Write(dir string) error {
	names := make([][]byte, shock.NumObjectTypes)
	for i := range names {
		names[i] = fmt.Appendf(nil, "type %d\x00", i)
	}
	texNames := make([][]byte, NumTextures)
	for n := range texNames {
		texNames[n] = append([]byte(TextureName(n)), 0)
	}
	trapTexts := make([][]byte, NumMessages)
	messages := make([][]byte, 7+NumMessages) // blocks 0-6 are other messages, left empty
	for n := range NumMessages {
		trapTexts[n] = append([]byte(TrapMessage(n)), 0)
		messages[7+n] = append([]byte(DoorMessage(n)), 0)
	}
	pal := make([]byte, 768)
	for i := range pal {
		pal[i] = byte(i / 3)
	}
	textures := make([][]byte, NumTextures)
	for n := range textures {
		textures[n] = flatBitmap(32, 32, TextureColour(n))
	}
	type chunk struct {
		id        uint16
		typ, flag uint8
		data      []byte
	}
	files := []struct {
		name   string
		chunks []chunk
	}{
		{"CYBSTRNG.RES", []chunk{{ObjectNames, lgres.TypeString, lgres.FlagCompound, lgres.JoinBlocks(names)},
			{TextureNames, lgres.TypeString, lgres.FlagCompound, lgres.JoinBlocks(texNames)},
			{TrapMessages, lgres.TypeString, lgres.FlagCompound, lgres.JoinBlocks(trapTexts)},
			{Messages, lgres.TypeString, lgres.FlagCompound, lgres.JoinBlocks(messages)}}},
		{"gamepal.res", []chunk{{shock.PaletteID, lgres.TypePalette, 0, pal}}},
		{"texture.res", []chunk{{Textures32, lgres.TypeImage, lgres.FlagCompound, lgres.JoinBlocks(textures)}}},
		{"objart.res", []chunk{{shock.ObjectArtID, lgres.TypeImage, lgres.FlagCompound, lgres.JoinBlocks(objectArt())}}},
	}
	for _, f := range files {
		res := lgres.New()
		for _, c := range f.chunks {
			if _, err := res.Add(c.id, c.typ, c.flag, c.data); err != nil {
				return err
			}
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), res.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "textprop.dat"), textureProps(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "objprop.dat"), objProps(), 0o644)
}

// textureProps is textprop.dat: the version, then an 11-byte record per
// texture whose byte 8, the starfield control, is 1 for the textures
// with Starfield.
func textureProps() []byte {
	const record, stars = 11, 8
	b := make([]byte, 4+NumTextures*record)
	binary.LittleEndian.PutUint32(b, 9)
	for n := range NumTextures {
		if Starfield(n) {
			b[4+n*record+stars] = 1
		}
	}
	return b
}

// NumMessages is how many trap messages and locked door messages Write
// writes.
const NumMessages = 16

// TrapMessage is the stand-in trap message n.
func TrapMessage(n int) string { return fmt.Sprintf("stand-in trap message %d", n) }

// DoorMessage is the stand-in message of a door locked with message n.
func DoorMessage(n int) string { return fmt.Sprintf("stand-in locked door %d", n) }

// TextureName is the stand-in name of texture n.
func TextureName(n int) string { return fmt.Sprintf("stand-in texture %d", n) }

// Starfield reports whether textprop.dat makes texture n a starfield:
// every 40th texture, from 39.
func Starfield(n int) bool { return n%40 == 39 }

// objProps is objprop.dat: the class tables of zeros, and the common
// properties with each type's extra frames, hit points and radius.
func objProps() []byte {
	p := shock.NewObjProps()
	for i := range p.Types {
		c := &p.Types[i].Common
		c.Bitmap = uint16(ExtraFrames(i)) << 12
		c.HitPoints = int16(HitPoints(i))
		c.Radius = uint8(Radius(i))
	}
	return p.Encode()
}

// HitPoints is the hit points objprop.dat gives type index i.
func HitPoints(i int) int { return 10 + i%90 }

// Radius is the physics radius objprop.dat gives type index i: 16 to 79.
func Radius(i int) int { return 16 + i%64 }

// objectArt is the blocks of objart.res's object art chunk.
func objectArt() [][]byte {
	blocks := [][]byte{flatBitmap(1, 1, 0)} // the picture of no type
	for i := range shock.NumObjectTypes {
		blocks = append(blocks, flatBitmap(6, 6, 255)) // inventory picture
		for f := range ExtraFrames(i) + 1 {
			if EmptyPicture(i) {
				blocks = append(blocks, flatBitmap(1, 1, 0))
				continue
			}
			w, h := ObjectFrameSize(i, f)
			blocks = append(blocks, rleBitmap(w, h, ObjectColour(i)))
		}
		blocks = append(blocks, flatBitmap(4, 4, 254)) // editor icon
	}
	return blocks
}

// bitmapHeader is an LG bitmap header of a type and size.
func bitmapHeader(typ byte, w, h int) []byte {
	b := make([]byte, 28)
	b[4] = typ
	binary.LittleEndian.PutUint16(b[8:], uint16(w))
	binary.LittleEndian.PutUint16(b[10:], uint16(h))
	binary.LittleEndian.PutUint16(b[12:], uint16(w))
	return b
}

// flatBitmap is a w x h bitmap of one colour, a byte per pixel.
func flatBitmap(w, h int, colour byte) []byte {
	b := bitmapHeader(shock.BitmapFlat, w, h)
	for range w * h {
		b = append(b, colour)
	}
	return b
}

// rleBitmap is a w x h bitmap of one colour, run-length encoded in runs
// of up to 255 pixels, then the end code.
func rleBitmap(w, h int, colour byte) []byte {
	b := bitmapHeader(shock.BitmapRLE, w, h)
	for left := w * h; left > 0; left -= 255 {
		b = append(b, 0, byte(min(left, 255)), colour)
	}
	return append(b, 0x80, 0, 0)
}

// ExtraFrames is how many world frames after the first objprop.dat
// gives type index i: 0 to 3.
func ExtraFrames(i int) int { return i % 4 }

// EmptyPicture reports whether type index i's world frames are a
// transparent pixel, as for things the game does not draw.
func EmptyPicture(i int) bool { return i%50 == 49 }

// ObjectFrameSize is the size of type index i's world frame f: its
// width tells the type, its height the frame.
func ObjectFrameSize(i, f int) (w, h int) { return 8 + i%32, 8 + f }

// ObjectColour is the palette index that fills type index i's world
// frames: never 0, the transparent colour, nor 254 or 255, the other
// pictures' colours.
func ObjectColour(i int) byte { return byte(i%253 + 1) }

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
