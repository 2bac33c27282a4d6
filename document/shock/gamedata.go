package shock

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
)

// The game's resource files that GameData reads, and their chunks.
const (
	stringsFile  = "cybstrng.res"
	paletteFile  = "gamepal.res"
	texturesFile = "texture.res"

	chunkObjectNames = 36 // cybstrng.res: object names, a block per type index
	chunkTextures32  = 77 // texture.res: 32x32 textures, a block per texture number
)

// GameData is what the editor shows from the game's own files when the
// user has them: object names, the palette and the textures. Any of it
// may be missing; a mission's own files override the game's.
type GameData struct {
	// Files are the files read, in the order read.
	Files []string

	names    [codec.NumObjectTypes]string
	palette  color.Palette
	textures map[int][]byte // texture number → its 32x32 bitmap
	images   map[int]image.Image
}

// LoadGameData reads cybstrng.res, gamepal.res and texture.res from each
// folder in turn (names in any letter case), each folder's non-empty
// entries overriding the ones before: give the game's data folder first,
// then the mission's. Folders without the files are skipped. A file that
// cannot be read is reported in the error, and the rest still loads.
func LoadGameData(dirs ...string) (*GameData, error) {
	g := &GameData{textures: map[int][]byte{}, images: map[int]image.Image{}}
	var errs []error
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		for _, name := range []string{stringsFile, paletteFile, texturesFile} {
			path, ok := findFile(dir, name)
			if !ok {
				continue
			}
			if err := g.read(path, name); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", path, err))
				continue
			}
			g.Files = append(g.Files, path)
		}
	}
	return g, errors.Join(errs...)
}

// findFile finds name in dir, in any letter case, as a DOS game's files
// may be named.
func findFile(dir, name string) (string, bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(e.Name(), name) {
			return filepath.Join(dir, e.Name()), true
		}
	}
	return "", false
}

// read takes what it uses from one resource file.
func (g *GameData) read(path, name string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	res, err := lgres.Parse(data)
	if err != nil {
		return err
	}
	switch name {
	case stringsFile:
		return eachBlock(res, chunkObjectNames, func(i int, b []byte) {
			if i < len(g.names) {
				g.names[i] = codec.DecodeString(b)
			}
		})
	case paletteFile:
		c := res.Chunk(codec.PaletteID)
		if c == nil {
			return bin.Errorf(res.DirectoryOffset(), "directory", "the palette, chunk %d", codec.PaletteID)
		}
		b, err := c.Data()
		if err != nil {
			return err
		}
		if g.palette, err = codec.DecodePalette(b); err != nil {
			return fmt.Errorf("chunk %d: %w", codec.PaletteID, err)
		}
		return nil
	default:
		return eachBlock(res, chunkTextures32, func(i int, b []byte) { g.textures[i] = b })
	}
}

// eachBlock calls f with each non-empty block of a compound chunk, if
// the file has it.
func eachBlock(res *lgres.File, id uint16, f func(i int, b []byte)) error {
	c := res.Chunk(id)
	if c == nil {
		return nil
	}
	blocks, err := c.Blocks()
	if err != nil {
		return err
	}
	for i, b := range blocks {
		if len(b) > 0 {
			f(i, b)
		}
	}
	return nil
}

// ObjectName is the game's name of an object type, or "" when no names
// were loaded or the type has none.
func (g *GameData) ObjectName(class, subclass, typ int) string {
	i, ok := codec.TypeIndex(class, subclass, typ)
	if g == nil || !ok {
		return ""
	}
	return g.names[i]
}

// TypeName names an object type: the game's name when it is loaded,
// otherwise the subclass's name and the type's number.
func (g *GameData) TypeName(class, subclass, typ int) string {
	if name := g.ObjectName(class, subclass, typ); name != "" {
		return name
	}
	if class >= 0 && class < codec.NumClasses && subclass >= 0 && subclass < len(codec.Subclasses[class]) {
		return fmt.Sprintf("%s %s %d", codec.Subclasses[class][subclass].Name, codec.ClassNames[class], typ)
	}
	return fmt.Sprintf("%d/%d/%d", class, subclass, typ)
}

// HasPalette reports whether textures can be drawn: they need the
// palette.
func (g *GameData) HasPalette() bool { return g != nil && g.palette != nil }

// NumTextures is how many textures were loaded.
func (g *GameData) NumTextures() int {
	if g == nil {
		return 0
	}
	return len(g.textures)
}

// Texture is texture number n drawn at 32x32, or nil without the palette
// or the texture.
func (g *GameData) Texture(n int) image.Image {
	if !g.HasPalette() {
		return nil
	}
	if img, ok := g.images[n]; ok {
		return img
	}
	b, ok := g.textures[n]
	if !ok {
		return nil
	}
	img, err := codec.DecodeBitmap(b, g.palette)
	if err != nil {
		g.images[n] = nil // a broken texture shows as none, and is not decoded again
		return nil
	}
	g.images[n] = img
	return img
}
