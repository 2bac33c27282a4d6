package shock

// Chunks of texture.res (shock-specs.txt 2.1.1, "Chunks containing
// textures"): the 16x16 and 32x32 textures are blocks of one compound
// chunk each, block n for texture n; the 64x64 and 128x128 ones have a
// chunk per texture, whose block 0 is the bitmap.
const (
	Textures16ID    = 76
	Textures32ID    = 77
	Textures64Base  = 707
	Textures128Base = 1000
)

// MaxTextures bounds the texture numbers read: the game has 273, a
// mission may add more (the Derelict's 16x16 and 32x32 chunks hold 293
// blocks), and 293 is as many as the 64x64 ids hold before the 128x128
// ones begin.
const MaxTextures = Textures128Base - Textures64Base

// TextureSizes are the sizes, in pixels each way, at which texture.res
// holds textures, smallest first.
var TextureSizes = [...]int{16, 32, 64, 128}

// TextureChunk reports which texture size a chunk of texture.res holds
// and, for a chunk per texture, the texture number (-1 for the compound
// chunks, whose block n is texture n). It reports false for other
// chunks.
func TextureChunk(id uint16) (size, n int, ok bool) {
	switch {
	case id == Textures16ID:
		return 16, -1, true
	case id == Textures32ID:
		return 32, -1, true
	case id >= Textures64Base && id < Textures64Base+MaxTextures:
		return 64, int(id - Textures64Base), true
	case id >= Textures128Base && id < Textures128Base+MaxTextures:
		return 128, int(id - Textures128Base), true
	}
	return 0, 0, false
}

// ObjectArtID is the chunk of objart.res holding the object pictures
// (the game's RES_bmObjectIcons, 0x546). Block 0 is a picture of no
// type; then each object type in type-index order has its inventory
// picture, its world frames (the first and ExtraFrames more) and its
// editor icon.
const ObjectArtID = 1350

// objPropVersion opens objprop.dat; commonPropSize is the size of an
// object type's entry in the file's last table, the properties every
// type has (shock-specs.txt 4.15).
const (
	objPropVersion = 45
	commonPropSize = 27
)

// ObjectArt is where each object type's pictures are in the object art
// chunk, given the types' extra frames.
type ObjectArt struct {
	first [NumObjectTypes]int // block of each type's inventory picture
	extra [NumObjectTypes]int
	// Blocks is how many blocks the chunk has for these frame counts.
	Blocks int
}

// NewObjectArt lays out the object art chunk for the types' extra
// frames, as the game's loader walks it.
func NewObjectArt(extra [NumObjectTypes]int) *ObjectArt {
	a := &ObjectArt{extra: extra}
	next := 1 // block 0 belongs to no type
	for i, e := range extra {
		a.first[i] = next
		next += 3 + e // inventory picture, 1+e world frames, editor icon
	}
	a.Blocks = next
	return a
}

// World is the block of type index i's world frame f, and whether the
// type has that frame.
func (a *ObjectArt) World(i, f int) (int, bool) {
	return a.first[i] + 1 + f, f >= 0 && f <= a.extra[i]
}
