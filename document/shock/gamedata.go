package shock

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
)

// The game's files that GameData reads, in the order read, and the
// chunks of cybstrng.res it reads.
const (
	stringsFile      = "cybstrng.res"
	paletteFile      = "gamepal.res"
	texturesFile     = "texture.res"
	texturePropsFile = "textprop.dat"
	propsFile        = "objprop.dat"
	artFile          = "objart.res"

	chunkObjectNames  = 36   // cybstrng.res: object names, a block per type index
	chunkTextureNames = 2154 // cybstrng.res: texture names, a block per texture number (the game's RES_texnames)
	chunkTrapTexts    = 2151 // cybstrng.res: the messages traps show, a block per number (RES_traps)
	chunkMessages     = 2161 // cybstrng.res: the game's messages (RES_messages)
	firstDoorText     = 7    // the block of chunkMessages that is a locked door's message 0 (REF_STR_DoorLocked)
)

// gameFiles are the files LoadGameData looks for in each folder.
var gameFiles = []string{stringsFile, paletteFile, texturesFile, texturePropsFile, propsFile, artFile}

// GameData is what the editor shows from the game's own files when the
// user has them: object and texture names, the palette, the textures at
// each size, which textures are starfields, and the objects' pictures. Any of it may be missing; a mission's own
// files override the game's.
type GameData struct {
	// Files are the files that gave something, in the order read.
	Files []string

	reports   []FileReport
	names     [codec.NumObjectTypes]string
	texNames  map[int]string                    // texture number → the game's name
	texts     map[codec.GameText]map[int]string // a string list's number → the game's string
	stars     map[int]bool                      // texture numbers the game draws as starfields; nil without textprop.dat
	palette   color.Palette
	textures  map[int]*textureSizes
	extra     *[codec.NumObjectTypes]int // world frames after the first, from objprop.dat
	props     *codec.ObjProps            // objprop.dat; nil without it
	propsPath string                     // the objprop.dat read
	art       []*image.Paletted          // the object art chunk's blocks, nil where damaged
	artAt     int64                      // where the object art chunk is in its file
	layout    *codec.ObjectArt           // which blocks are whose; nil unless art and extra agree
}

// textureSizes is one texture at each of codec.TextureSizes, nil where
// a file has no picture of that size.
type textureSizes [len(codec.TextureSizes)]*image.Paletted

// FileReport says what one file gave, for the Settings.
type FileReport struct {
	Path string
	Gave string // what the editor took from it; "" for nothing
	Err  error  // what was wrong with it, naming the offset; nil when nothing was
}

// String is the report as a line: the file's name, what it gave and
// what was wrong.
func (r FileReport) String() string {
	parts := []string{filepath.Base(r.Path)}
	if r.Gave != "" {
		parts = append(parts, r.Gave)
	}
	if r.Err != nil {
		parts = append(parts, r.Err.Error())
	}
	return strings.Join(parts, ": ")
}

// LoadGameData reads cybstrng.res, gamepal.res, texture.res,
// textprop.dat, objprop.dat and objart.res from each folder in turn (names in any letter case),
// each folder's entries overriding the ones before: give the game's data
// folder first, then the mission's. Folders without the files are
// skipped. What each file gave, or what was wrong with it, is in
// Summary; the errors are also returned, and the rest still loads.
func LoadGameData(dirs ...string) (*GameData, error) {
	g := &GameData{textures: map[int]*textureSizes{}, texNames: map[int]string{}, texts: map[codec.GameText]map[int]string{}}
	var errs []error
	art := -1 // the report of the objart.res in use
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		for _, name := range gameFiles {
			path, ok := findFile(dir, name)
			if !ok {
				continue
			}
			gave, err := g.read(path, name)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", path, err))
			}
			if gave != "" {
				g.Files = append(g.Files, path)
				if name == artFile {
					art = len(g.reports)
				}
			}
			g.reports = append(g.reports, FileReport{Path: path, Gave: gave, Err: err})
		}
	}
	if art >= 0 {
		if err := g.placeArt(&g.reports[art]); err != nil {
			errs = append(errs, err)
		}
	}
	for _, t := range g.textures {
		for _, img := range t {
			if img != nil {
				img.Palette = g.palette
			}
		}
	}
	for _, img := range g.art {
		if img != nil {
			img.Palette = g.palette
		}
	}
	return g, errors.Join(errs...)
}

// placeArt works out which object art block is whose from objprop.dat's
// frame counts, noting in r, objart.res's report, when it cannot.
func (g *GameData) placeArt(r *FileReport) error {
	if g.extra == nil {
		r.Gave += "; without objprop.dat, which picture is whose is not known"
		return nil
	}
	layout := codec.NewObjectArt(*g.extra)
	if layout.Blocks != len(g.art) {
		err := bin.Errorf(g.artAt, fmt.Sprintf("chunk %d", codec.ObjectArtID),
			"%d pictures for objprop.dat's frame counts, got %d", layout.Blocks, len(g.art))
		r.Err = errors.Join(r.Err, err)
		return fmt.Errorf("%s: %w", r.Path, err)
	}
	g.layout = layout
	return nil
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

// read takes what it uses from one file and says what that was.
func (g *GameData) read(path, name string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	switch name {
	case propsFile:
		props, err := codec.DecodeObjProps(data)
		if err != nil {
			return "", err
		}
		var extra [codec.NumObjectTypes]int
		for i, t := range props.Types {
			extra[i] = t.Common.ExtraFrames()
		}
		g.extra, g.props, g.propsPath = &extra, props, path
		return fmt.Sprintf("the frame counts of %d object types", len(extra)), nil
	case texturePropsFile:
		return g.readTextureProps(data)
	}
	res, err := lgres.Parse(data)
	if err != nil {
		return "", err
	}
	switch name {
	case stringsFile:
		return g.readStrings(res)
	case paletteFile:
		c := res.Chunk(codec.PaletteID)
		if c == nil {
			return "", bin.Errorf(res.DirectoryOffset(), "directory", "the palette, chunk %d", codec.PaletteID)
		}
		b, err := c.Data()
		if err != nil {
			return "", err
		}
		if g.palette, err = codec.DecodePalette(b); err != nil {
			return "", fmt.Errorf("chunk %d: %w", codec.PaletteID, err)
		}
		return "the palette", nil
	case texturesFile:
		return g.readTextures(res)
	default:
		return g.readArt(res)
	}
}

// readStrings takes the object and texture names from cybstrng.res,
// saying how many of each it gave.
func (g *GameData) readStrings(res *lgres.File) (string, error) {
	objects, textures, messages := 0, 0, 0
	err := errors.Join(eachBlock(res, chunkObjectNames, func(i int, b []byte) {
		if i < len(g.names) {
			g.names[i] = codec.DecodeString(b)
			objects++
		}
	}), eachBlock(res, chunkTextureNames, func(i int, b []byte) {
		if name := codec.DecodeString(b); name != "" && i < codec.MaxTextures {
			g.texNames[i] = name
			textures++
		}
	}), eachBlock(res, chunkTrapTexts, func(i int, b []byte) {
		messages += g.addText(codec.TrapText, i, b)
	}), eachBlock(res, chunkMessages, func(i int, b []byte) {
		if i >= firstDoorText {
			messages += g.addText(codec.DoorText, i-firstDoorText, b)
		}
	}))
	var gave []string
	if objects > 0 {
		gave = append(gave, fmt.Sprintf("%d object names", objects))
	}
	if textures > 0 {
		gave = append(gave, fmt.Sprintf("%d texture names", textures))
	}
	if messages > 0 {
		gave = append(gave, fmt.Sprintf("%d messages", messages))
	}
	return strings.Join(gave, ", "), err
}

// addText keeps string n of list kind when block b holds one, saying
// how many it kept (0 or 1).
func (g *GameData) addText(kind codec.GameText, n int, b []byte) int {
	text := codec.DecodeString(b)
	if text == "" {
		return 0
	}
	if g.texts[kind] == nil {
		g.texts[kind] = map[int]string{}
	}
	g.texts[kind][n] = text
	return 1
}

// readTextureProps takes from textprop.dat which textures the game draws
// as starfields.
func (g *GameData) readTextureProps(data []byte) (string, error) {
	p, err := codec.DecodeTextureProps(data)
	if err != nil {
		return "", err
	}
	g.stars = map[int]bool{}
	for n, t := range p.Textures[:min(len(p.Textures), codec.MaxTextures)] {
		if t.Starfield != 0 {
			g.stars[n] = true
		}
	}
	return fmt.Sprintf("the properties of %d textures (%d starfields)", len(p.Textures), len(g.stars)), nil
}

// readTextures takes the textures of every size from texture.res. A
// texture the file has at any size replaces all of that texture's
// pictures read before, so that a mission's texture is not mixed with
// the game's.
func (g *GameData) readTextures(res *lgres.File) (string, error) {
	found := map[int]*textureSizes{}
	add := func(n, size int, img *image.Paletted) {
		if found[n] == nil {
			found[n] = &textureSizes{}
		}
		found[n][slices.Index(codec.TextureSizes[:], size)] = img
	}
	var errs []error
	for _, c := range res.Chunks {
		size, n, ok := codec.TextureChunk(c.ID)
		if !ok {
			continue
		}
		imgs, err := decodeBlocks(c, size)
		if err != nil {
			errs = append(errs, err)
		}
		if n >= 0 { // a chunk per texture
			if len(imgs) > 0 && imgs[0] != nil {
				add(n, size, imgs[0])
			}
			continue
		}
		for n, img := range imgs {
			if img != nil && n < codec.MaxTextures {
				add(n, size, img)
			}
		}
	}
	var counts [len(codec.TextureSizes)]int
	for n, t := range found {
		g.textures[n] = t
		for i, img := range t {
			if img != nil {
				counts[i]++
			}
		}
	}
	if len(found) == 0 {
		return "", errors.Join(errs...)
	}
	var sizes []string
	for i := len(counts) - 1; i >= 0; i-- {
		if counts[i] > 0 {
			sizes = append(sizes, fmt.Sprintf("%d at %dx%[2]d", counts[i], codec.TextureSizes[i]))
		}
	}
	return fmt.Sprintf("%d textures (%s)", len(found), strings.Join(sizes, ", ")), errors.Join(errs...)
}

// readArt takes the object pictures from objart.res, replacing any read
// before.
func (g *GameData) readArt(res *lgres.File) (string, error) {
	c := res.Chunk(codec.ObjectArtID)
	if c == nil {
		return "", bin.Errorf(res.DirectoryOffset(), "directory", "the object art, chunk %d", codec.ObjectArtID)
	}
	art, err := decodeBlocks(c, 0)
	if art == nil {
		return "", err
	}
	g.art, g.artAt = art, c.Offset()
	good := 0
	for _, img := range art {
		if img != nil {
			good++
		}
	}
	return fmt.Sprintf("%d object pictures", good), err
}

// decodeBlocks decodes each non-empty block of a compound chunk as a
// bitmap, of size x size pixels unless size is 0. A block that does not
// decode is left nil, and the error names the first such block's place
// in the file and how many more there are. It returns nil when the chunk
// itself cannot be read.
func decodeBlocks(c *lgres.Chunk, size int) ([]*image.Paletted, error) {
	blocks, err := c.Blocks()
	if err != nil {
		return nil, err
	}
	data, err := c.Data()
	if err != nil {
		return nil, err
	}
	imgs := make([]*image.Paletted, len(blocks))
	var first error
	bad := 0
	for i, b := range blocks {
		if len(b) == 0 {
			continue
		}
		img, err := codec.DecodeBitmap(b, nil)
		if err == nil && size > 0 && (img.Rect.Dx() != size || img.Rect.Dy() != size) {
			err = bin.Errorf(8, "bitmap", "a %dx%d texture, got %dx%d", size, size, img.Rect.Dx(), img.Rect.Dy())
		}
		if err != nil {
			if bad == 0 {
				first = blockError(c, data, i, err)
			}
			bad++
			continue
		}
		imgs[i] = img
	}
	if bad > 1 {
		first = fmt.Errorf("%w (and %d more blocks that do not decode)", first, bad-1)
	}
	return imgs, first
}

// blockError places err, an error at an offset in block i of chunk c
// whose unpacked data is data, in the file: at the file offset for a
// chunk stored raw, at the offset in the unpacked chunk for one stored
// compressed.
func blockError(c *lgres.Chunk, data []byte, i int, err error) error {
	where := fmt.Sprintf("chunk %d block %d", c.ID, i)
	var be *bin.Error
	if !errors.As(err, &be) {
		return fmt.Errorf("%s: %w", where, err)
	}
	at := int64(binary.LittleEndian.Uint32(data[2+4*i:])) + be.Offset
	if c.Compressed() {
		where += " (offset in the unpacked chunk)"
	} else {
		at += c.Offset()
	}
	return bin.Errorf(at, where+": "+be.Where, "%s", be.Expected)
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

// Summary says what each file read gave, or what was wrong with it, in
// the order read.
func (g *GameData) Summary() []FileReport {
	if g == nil {
		return nil
	}
	return g.reports
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

// TextureName is the game's name of texture number n, or "" when
// cybstrng.res gave none.
func (g *GameData) TextureName(n int) string {
	if g == nil {
		return ""
	}
	return g.texNames[n]
}

// Text is string n of the game's list kind (a trap's message, a locked
// door's), or "" when cybstrng.res gave none.
func (g *GameData) Text(kind codec.GameText, n int) string {
	if g == nil {
		return ""
	}
	return g.texts[kind][n]
}

// ObjectProps is the properties objprop.dat gives an object type, and
// whether the data has objprop.dat and the type.
func (g *GameData) ObjectProps(class, subclass, typ int) (codec.TypeProps, bool) {
	i, ok := codec.TypeIndex(class, subclass, typ)
	if g == nil || g.props == nil || !ok {
		return codec.TypeProps{}, false
	}
	return g.props.Types[i], true
}

// Pivot is how far an object of the type stands over its lowest point
// in level l (codec.Level.Pivot), by its size in objprop.dat; 0, its
// centre on the floor, without the file.
func (g *GameData) Pivot(l *codec.Level, class, subclass, typ int) float64 {
	if props, ok := g.ObjectProps(class, subclass, typ); ok {
		return l.Pivot(&props.Common)
	}
	return l.Pivot(nil)
}

// Props is the objprop.dat read and its path; nil without one.
func (g *GameData) Props() (*codec.ObjProps, string) {
	if g == nil {
		return nil, ""
	}
	return g.props, g.propsPath
}

// Starfield reports whether the game draws texture number n as a
// starfield, the space seen through the station's windows: false
// without textprop.dat.
func (g *GameData) Starfield(n int) bool { return g != nil && g.stars[n] }

// HasPalette reports whether textures can be drawn: they need the
// palette.
func (g *GameData) HasPalette() bool { return g != nil && g.palette != nil }

// NumTextures is how many textures were loaded, at any size.
func (g *GameData) NumTextures() int {
	if g == nil {
		return 0
	}
	return len(g.textures)
}

// TextureAt is texture n at size x size pixels, or at the largest size
// loaded when it has no picture of that size or size is 0. It reports
// false without the palette or the texture.
func (g *GameData) TextureAt(n, size int) (image.Image, bool) {
	if !g.HasPalette() || g.textures[n] == nil {
		return nil, false
	}
	t := g.textures[n]
	if i := slices.Index(codec.TextureSizes[:], size); i >= 0 && t[i] != nil {
		return t[i], true
	}
	for i := len(t) - 1; i >= 0; i-- {
		if t[i] != nil {
			return t[i], true
		}
	}
	return nil, false
}

// Texture is texture number n at 32x32 (or its largest size when it has
// no 32x32 picture), or nil without the palette or the texture.
func (g *GameData) Texture(n int) image.Image {
	img, _ := g.TextureAt(n, 32)
	return img
}

// ObjectPicture is the first frame the game draws of an object type in
// the level, from objart.res. It reports false without the palette,
// objart.res, objprop.dat's frame counts to find the picture, or
// anything to draw (a wholly transparent frame).
func (g *GameData) ObjectPicture(class, subclass, typ int) (image.Image, bool) {
	i, ok := codec.TypeIndex(class, subclass, typ)
	if !ok || !g.HasPalette() || g.layout == nil {
		return nil, false
	}
	b, _ := g.layout.World(i, 0)
	img := g.art[b]
	if img == nil || !slices.ContainsFunc(img.Pix, func(p uint8) bool { return p != 0 }) {
		return nil, false
	}
	return img, true
}
