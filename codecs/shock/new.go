package shock

import "github.com/levelwright/levelwright/codecs/lgres"

// Sizes of the chunks a new level holds as bytes or fixed records.
const (
	gameStateSize   = 1397 // chunk 4001 in the DOS game
	levelDataSize   = 94
	mapNotesSize    = 2048
	physicsSize     = 48
	pathCount       = 16
	animCount       = 64
	textureSlots    = 54
	surveillanceLen = 8
	heightSemCount  = 16
	texAnimCount    = 4
)

// rawLevelChunks are the chunks the original archive stores uncompressed;
// every other level chunk is LZW-compressed.
var rawLevelChunks = map[int]bool{
	ChunkMapVersion: true, ChunkObjectVersion: true, ChunkSchedule: true, ChunkTextures: true,
	ChunkMiscVersion: true, ChunkUnused41: true, ChunkMapNoteOffset: true, ChunkUsedPaths: true, ChunkAnimCounter: true,
}

// NewLevel returns an empty level: a 64x64 map of solid tiles with a
// walled 8x8 room in the middle, and object tables whose lists are empty
// with every slot on the free list.
func NewLevel(index int) *Level {
	l := EmptyLevel(index)
	l.Info.Cyberspace = 0
	for y := 28; y < 36; y++ {
		for x := 28; x < 36; x++ {
			t := l.Tile(x, y)
			t.Shape = ShapeOpen
			t.SetFloor(4, 0, false)
			t.SetCeiling(16, 0, false)
			t.SetTextures(1, 2, 3)
		}
	}
	return l
}

// EmptyLevel returns the level HackEd's Clear Level leaves in slot index:
// a 64x64 map of solid tiles, cyberspace in the slots the game's
// cyberspace levels use (10, 14 and 15), and object tables whose lists
// are empty with every slot on the free list.
func EmptyLevel(index int) *Level {
	l := &Level{
		Index: index, MapVersion: 11, ObjectVersion: 27, MiscVersion: 13, objectSize: 27,
		Info:             MapInfo{Width: 64, Height: 64, XShift: 6, YShift: 6, ZShift: 3},
		Tiles:            make([]Tile, 64*64),
		Schedule:         make([]ScheduleEvent, 1),
		Textures:         make([]uint16, textureSlots),
		Objects:          make([]Object, ObjectCount),
		Xrefs:            make([]Xref, XrefCount),
		Unused41:         make([]byte, 1),
		TextureAnims:     make([]TextureAnim, texAnimCount),
		Surveillance:     [2][]uint16{make([]uint16, surveillanceLen), make([]uint16, surveillanceLen)},
		LevelData:        make([]byte, levelDataSize),
		MapNotes:         make([]byte, mapNotesSize),
		PlayerPhysics:    make([]byte, physicsSize),
		Paths:            make([]Path, pathCount),
		Anims:            make([]AnimEntry, animCount),
		HeightSemaphores: make([]HeightSemaphore, heightSemCount),
	}
	// The scale fields the original archive holds (16384 at 0x24, 2048 at 0x2C).
	l.Info.Rest[12], l.Info.Rest[20] = 0x40, 0x08
	// Level data as the original starts it: its own size, then -1 and two flags.
	copy(l.LevelData, []byte{levelDataSize, 0, 0, 0, 0xFF, 0xFF, 0, 2, 2})
	for i := range l.Textures {
		l.Textures[i] = uint16(i)
	}
	for i := range l.Tiles {
		l.Tiles[i] = Tile{Shape: ShapeSolid, SubClip: 0xFF}
	}
	if index == 10 || index > 13 {
		l.Info.Cyberspace = 1
	}
	chainFree(len(l.Objects), func(i, next int) { l.Objects[i].Next = uint16(next) })
	chainFree(len(l.Xrefs), func(i, next int) { l.Xrefs[i].NextInTile = uint16(next) })
	for class, size := range ClassTableSizes {
		table := make([]ClassEntry, size.Count)
		for i := range table {
			table[i].Data = make([]byte, size.Size-6)
		}
		chainFree(len(table), func(i, next int) { table[i].Next = uint16(next) })
		l.Classes[class] = table
		l.Defaults[class] = ClassEntry{Data: make([]byte, size.Size-6)}
	}
	return l
}

// chainFree links slots 1..n-1 into a free list headed by slot 0.
func chainFree(n int, link func(i, next int)) {
	for i := 0; i < n; i++ {
		next := i + 1
		if next == n {
			next = 0
		}
		link(i, next)
	}
}

// NewArchive returns a resource file holding one new level (see NewLevel)
// and the global chunks, compressed as the original archive is.
func NewArchive(level int) (*lgres.File, error) {
	f := lgres.New()
	name := make([]byte, 40)
	copy(name, "New level | Levelwright")
	if _, err := f.Add(ChunkArchiveName, lgres.TypeMap, 0, name); err != nil {
		return nil, err
	}
	if _, err := f.Add(ChunkGameState, lgres.TypeMap, lgres.FlagLZW, make([]byte, gameStateSize)); err != nil {
		return nil, err
	}
	l := NewLevel(level)
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		flags := uint8(lgres.FlagLZW)
		if rawLevelChunks[k] {
			flags = 0
		}
		if _, err := f.Add(ChunkID(level, k), lgres.TypeMap, flags, l.EncodeChunk(k)); err != nil {
			return nil, err
		}
	}
	return f, nil
}
