// Package shock is the typed model of System Shock level archives
// (archive.dat and saved games): every level chunk decoded to records that
// encode back to the same bytes, on top of codecs/lgres. What is not
// understood yet stays as raw bytes inside its record.
package shock

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Level chunk numbers: level L's chunk k has id 4000 + 100*L + k.
const (
	ChunkMapVersion    = 2
	ChunkObjectVersion = 3
	ChunkMapInfo       = 4
	ChunkTiles         = 5
	ChunkSchedule      = 6
	ChunkTextures      = 7
	ChunkObjects       = 8
	ChunkXrefs         = 9
	ChunkClassTables   = 10 // to 24, one per class
	ChunkDefaults      = 25 // to 39, one default entry per class
	ChunkMiscVersion   = 40
	ChunkUnused41      = 41
	ChunkTextureAnims  = 42
	ChunkSurveillance  = 43 // and 44
	ChunkLevelData     = 45
	ChunkMapNotes      = 46
	ChunkMapNoteOffset = 47
	ChunkPlayerPhysics = 48
	ChunkPaths         = 49
	ChunkUsedPaths     = 50
	ChunkAnims         = 51
	ChunkAnimCounter   = 52
	ChunkHeightSems    = 53

	FirstLevelChunk = ChunkMapVersion
	LastLevelChunk  = ChunkHeightSems
	MaxLevels       = 16
)

// ChunkID is the resource id of level's chunk k.
func ChunkID(level, k int) uint16 { return uint16(4000 + 100*level + k) }

// Sizes of the fixed records.
const (
	ObjectCount         = 872
	XrefCount           = 1600
	scheduleEventSize   = 8
	textureAnimSize     = 7
	pathSize            = 28
	animEntrySize       = 15
	heightSemaphoreSize = 4
	mapInfoSize         = 58
)

// Level is one level's 52 chunks, decoded.
type Level struct {
	Index            int
	MapVersion       uint32
	ObjectVersion    uint32
	Info             MapInfo
	Tiles            []Tile // row by row from the south, Info.Width per row
	Schedule         []ScheduleEvent
	Textures         []uint16 // texture numbers the tile map's slots refer to
	Objects          []Object
	Xrefs            []Xref
	Classes          [NumClasses][]ClassEntry
	Defaults         [NumClasses]ClassEntry
	MiscVersion      uint32
	Unused41         []byte
	TextureAnims     []TextureAnim
	Surveillance     [2][]uint16 // camera objects, and what each screen shows
	LevelData        []byte
	MapNotes         []byte
	MapNoteOffset    uint32
	PlayerPhysics    []byte
	Paths            []Path
	UsedPaths        uint16
	Anims            []AnimEntry
	AnimCounter      uint16
	HeightSemaphores []HeightSemaphore

	objectSize int // 27, or 28 in Enhanced Edition saves
}

// MapInfo is chunk 4: the map's size and scales.
type MapInfo struct {
	Width, Height  uint32
	XShift, YShift uint32
	ZShift         uint32 // log2 of the height units per tile
	MapPointer     uint32 // a pointer when loaded, meaningless on disk
	Cyberspace     uint8
	Rest           [33]uint8
}

// ScheduleEvent is an entry of the level's event queue (trap and height
// events: timestamp, type, then two words whose meaning depends on type).
type ScheduleEvent struct {
	Timestamp uint16
	Type      uint16
	Data      [4]uint8
}

// TextureAnim is one of the level's animated texture groups: the textures
// whose properties (textprop.dat) name the group play its frames in turn.
// The derelict levels' groups run 4 frames every 15 or 20 ticks.
type TextureAnim struct {
	Speed         uint16 // time each frame shows
	TimeRemainder uint16 // time left on the current frame, kept by the game
	CurrentFrame  uint8
	Frames        uint8 // frames in the group; 0 for an unused group
	Flags         uint8 // TextureAnimFlagNames
}

// TextureAnimFlagNames name a texture animation's flag bits (effect.c,
// textmaps.h): bit 0 plays the frames forward and back rather than
// starting over, bit 7 says the game is playing them backward now.
var TextureAnimFlagNames = []string{"bit 0: forward and back", "bit 1", "bit 2", "bit 3", "bit 4", "bit 5", "bit 6",
	"bit 7: playing backward now"}

// Path is an AI path entry (not decoded yet).
type Path struct{ Raw [pathSize]uint8 }

// AnimEntry is an animation list entry (not decoded yet).
type AnimEntry struct{ Raw [animEntrySize]uint8 }

// HeightSemaphore guards a tile whose floor or ceiling is moving.
type HeightSemaphore struct {
	X, Y     uint8
	FloorKey uint8 // bit 0: floor (else ceiling); bits 1-7: key
	InUse    uint8
}

// chunkError is a decoding failure in one of level's chunks.
func chunkError(level, k int, offset int64, format string, args ...any) error {
	return bin.Errorf(offset, fmt.Sprintf("level %d chunk %d", level, ChunkID(level, k)), format, args...)
}

// DecodeLevel decodes a level from its chunks' data, indexed by chunk
// number (2 to 53).
func DecodeLevel(index int, chunks map[int][]byte) (*Level, error) {
	l := &Level{Index: index}
	for k := FirstLevelChunk; k <= LastLevelChunk; k++ {
		b, ok := chunks[k]
		if !ok {
			return nil, chunkError(index, k, 0, "the chunk's data, it is missing")
		}
		if err := l.decodeChunk(k, b); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// records checks that b holds whole records of size and returns how many.
func (l *Level) records(k int, b []byte, size int, what string) (int, error) {
	if len(b)%size != 0 {
		return 0, chunkError(l.Index, k, int64(len(b)-len(b)%size), "%s of %d bytes each, %d bytes left over", what, size, len(b)%size)
	}
	return len(b) / size, nil
}

func (l *Level) exact(k int, b []byte, size int, what string) error {
	if len(b) != size {
		return chunkError(l.Index, k, int64(min(len(b), size)), "%s of %d bytes, got %d", what, size, len(b))
	}
	return nil
}

func (l *Level) decodeChunk(k int, b []byte) error {
	var err error
	switch {
	case k == ChunkMapVersion, k == ChunkObjectVersion, k == ChunkMiscVersion, k == ChunkMapNoteOffset:
		if err := l.exact(k, b, 4, "a 32-bit number"); err != nil {
			return err
		}
		*l.word32(k) = le.Uint32(b)
	case k == ChunkUsedPaths, k == ChunkAnimCounter:
		if err := l.exact(k, b, 2, "a 16-bit number"); err != nil {
			return err
		}
		*l.word16(k) = le.Uint16(b)
	case k == ChunkMapInfo:
		if err := l.exact(k, b, mapInfoSize, "map info"); err != nil {
			return err
		}
		l.Info = MapInfo{Width: le.Uint32(b), Height: le.Uint32(b[4:]), XShift: le.Uint32(b[8:]), YShift: le.Uint32(b[12:]),
			ZShift: le.Uint32(b[16:]), MapPointer: le.Uint32(b[20:]), Cyberspace: b[24]}
		copy(l.Info.Rest[:], b[25:])
	case k == ChunkTiles:
		l.Tiles, err = decodeRecords(l, k, b, TileSize, "tiles", decodeTile)
	case k == ChunkSchedule:
		l.Schedule, err = decodeRecords(l, k, b, scheduleEventSize, "schedule events", func(e []byte) ScheduleEvent {
			return ScheduleEvent{Timestamp: le.Uint16(e), Type: le.Uint16(e[2:]), Data: [4]uint8{e[4], e[5], e[6], e[7]}}
		})
	case k == ChunkTextures, k == ChunkSurveillance, k == ChunkSurveillance+1:
		*l.words(k), err = decodeRecords(l, k, b, 2, "16-bit numbers", le.Uint16)
	case k == ChunkObjects:
		return l.decodeObjects(k, b)
	case k == ChunkXrefs:
		l.Xrefs, err = decodeRecords(l, k, b, XrefSize, "cross-references", decodeXref)
	case k >= ChunkClassTables && k < ChunkClassTables+NumClasses:
		return l.decodeClassTable(k, b)
	case k >= ChunkDefaults && k < ChunkDefaults+NumClasses:
		class := k - ChunkDefaults
		if err := l.exact(k, b, ClassTableSizes[class].Size, "a default "+ClassNames[class]+" entry"); err != nil {
			return err
		}
		l.Defaults[class] = decodeClassEntry(append([]byte(nil), b...))
	case k == ChunkTextureAnims:
		l.TextureAnims, err = decodeRecords(l, k, b, textureAnimSize, "texture animations", func(r []byte) TextureAnim {
			return TextureAnim{Speed: le.Uint16(r), TimeRemainder: le.Uint16(r[2:]), CurrentFrame: r[4], Frames: r[5], Flags: r[6]}
		})
	case k == ChunkPaths:
		l.Paths, err = decodeRecords(l, k, b, pathSize, "paths", func(r []byte) (p Path) {
			copy(p.Raw[:], r)
			return p
		})
	case k == ChunkAnims:
		l.Anims, err = decodeRecords(l, k, b, animEntrySize, "animations", func(r []byte) (a AnimEntry) {
			copy(a.Raw[:], r)
			return a
		})
	case k == ChunkHeightSems:
		l.HeightSemaphores, err = decodeRecords(l, k, b, heightSemaphoreSize, "height semaphores", func(h []byte) HeightSemaphore {
			return HeightSemaphore{h[0], h[1], h[2], h[3]}
		})
	default:
		*l.raw(k) = append([]byte(nil), b...)
	}
	return err
}

// decodeRecords decodes b, the data of the level's chunk k, as whole
// records of size bytes each (what names them in an error).
func decodeRecords[T any](l *Level, k int, b []byte, size int, what string, decode func([]byte) T) ([]T, error) {
	n, err := l.records(k, b, size, what)
	if err != nil {
		return nil, err
	}
	out := make([]T, n)
	for i := range out {
		out[i] = decode(b[i*size : (i+1)*size])
	}
	return out, nil
}

// decodeObjects decodes the master object table, chunk k, whose entries
// are 27 bytes or, in the Enhanced Edition, 28.
func (l *Level) decodeObjects(k int, b []byte) error {
	switch len(b) {
	case ObjectCount * 27:
		l.objectSize = 27
	case ObjectCount * 28:
		l.objectSize = 28
	default:
		return chunkError(l.Index, k, 0, "%d objects of 27 or 28 bytes, got %d bytes", ObjectCount, len(b))
	}
	l.Objects = make([]Object, ObjectCount)
	for i := range l.Objects {
		l.Objects[i] = decodeObject(b[i*l.objectSize:], l.objectSize)
	}
	return nil
}

// decodeClassTable decodes chunk k, the table of one object class.
func (l *Level) decodeClassTable(k int, b []byte) error {
	class := k - ChunkClassTables
	size := ClassTableSizes[class].Size
	n, err := l.records(k, b, size, ClassNames[class]+" entries")
	if err != nil {
		return err
	}
	// One copy of the table backs every entry's Data.
	backing := append([]byte(nil), b...)
	l.Classes[class] = make([]ClassEntry, n)
	for i := range l.Classes[class] {
		l.Classes[class][i] = decodeClassEntry(backing[i*size : (i+1)*size : (i+1)*size])
	}
	return nil
}

// EncodeChunk encodes chunk k of the level.
func (l *Level) EncodeChunk(k int) []byte {
	switch {
	case k == ChunkMapVersion, k == ChunkObjectVersion, k == ChunkMiscVersion, k == ChunkMapNoteOffset:
		return le.AppendUint32(nil, *l.word32(k))
	case k == ChunkUsedPaths, k == ChunkAnimCounter:
		return le.AppendUint16(nil, *l.word16(k))
	case k == ChunkMapInfo:
		i := l.Info
		b := make([]byte, 0, mapInfoSize)
		for _, v := range []uint32{i.Width, i.Height, i.XShift, i.YShift, i.ZShift, i.MapPointer} {
			b = le.AppendUint32(b, v)
		}
		return append(append(b, i.Cyberspace), i.Rest[:]...)
	case k == ChunkTiles:
		return encodeRecords(l.Tiles, TileSize, Tile.encode)
	case k == ChunkSchedule:
		return encodeRecords(l.Schedule, scheduleEventSize, func(e ScheduleEvent, b []byte) {
			le.PutUint16(b, e.Timestamp)
			le.PutUint16(b[2:], e.Type)
			copy(b[4:], e.Data[:])
		})
	case k == ChunkTextures, k == ChunkSurveillance, k == ChunkSurveillance+1:
		return encodeRecords(*l.words(k), 2, func(w uint16, b []byte) { le.PutUint16(b, w) })
	case k == ChunkObjects:
		return encodeRecords(l.Objects, l.objectSize, func(o Object, b []byte) { o.encode(b, l.objectSize) })
	case k == ChunkXrefs:
		return encodeRecords(l.Xrefs, XrefSize, Xref.encode)
	case k >= ChunkClassTables && k < ChunkClassTables+NumClasses:
		class := k - ChunkClassTables
		return encodeRecords(l.Classes[class], ClassTableSizes[class].Size, ClassEntry.encode)
	case k >= ChunkDefaults && k < ChunkDefaults+NumClasses:
		class := k - ChunkDefaults
		b := make([]byte, ClassTableSizes[class].Size)
		l.Defaults[class].encode(b)
		return b
	case k == ChunkTextureAnims:
		return encodeRecords(l.TextureAnims, textureAnimSize, func(a TextureAnim, b []byte) {
			le.PutUint16(b, a.Speed)
			le.PutUint16(b[2:], a.TimeRemainder)
			b[4], b[5], b[6] = a.CurrentFrame, a.Frames, a.Flags
		})
	case k == ChunkPaths:
		return encodeRecords(l.Paths, pathSize, func(p Path, b []byte) { copy(b, p.Raw[:]) })
	case k == ChunkAnims:
		return encodeRecords(l.Anims, animEntrySize, func(a AnimEntry, b []byte) { copy(b, a.Raw[:]) })
	case k == ChunkHeightSems:
		return encodeRecords(l.HeightSemaphores, heightSemaphoreSize, func(h HeightSemaphore, b []byte) {
			b[0], b[1], b[2], b[3] = h.X, h.Y, h.FloorKey, h.InUse
		})
	}
	return append([]byte(nil), *l.raw(k)...)
}

// encodeRecords encodes records of size bytes each, one after another.
func encodeRecords[T any](records []T, size int, encode func(T, []byte)) []byte {
	b := make([]byte, len(records)*size)
	for i, r := range records {
		encode(r, b[i*size:(i+1)*size])
	}
	return b
}

func (l *Level) word32(k int) *uint32 {
	switch k {
	case ChunkMapVersion:
		return &l.MapVersion
	case ChunkObjectVersion:
		return &l.ObjectVersion
	case ChunkMiscVersion:
		return &l.MiscVersion
	}
	return &l.MapNoteOffset
}

func (l *Level) word16(k int) *uint16 {
	if k == ChunkUsedPaths {
		return &l.UsedPaths
	}
	return &l.AnimCounter
}

func (l *Level) words(k int) *[]uint16 {
	if k == ChunkTextures {
		return &l.Textures
	}
	return &l.Surveillance[k-ChunkSurveillance]
}

// raw is the field of a chunk kept as bytes.
func (l *Level) raw(k int) *[]byte {
	switch k {
	case ChunkUnused41:
		return &l.Unused41
	case ChunkLevelData:
		return &l.LevelData
	case ChunkMapNotes:
		return &l.MapNotes
	}
	return &l.PlayerPhysics
}

// Tile returns the tile at (x, y), y counted from the south.
func (l *Level) Tile(x, y int) *Tile { return &l.Tiles[y*int(l.Info.Width)+x] }
