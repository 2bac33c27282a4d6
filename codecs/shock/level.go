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

// TextureAnim is a texture animation entry (not decoded yet).
type TextureAnim struct{ Raw [textureAnimSize]uint8 }

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
		n, err := l.records(k, b, TileSize, "tiles")
		if err != nil {
			return err
		}
		l.Tiles = make([]Tile, n)
		for i := range l.Tiles {
			l.Tiles[i] = decodeTile(b[i*TileSize:])
		}
	case k == ChunkSchedule:
		n, err := l.records(k, b, scheduleEventSize, "schedule events")
		if err != nil {
			return err
		}
		l.Schedule = make([]ScheduleEvent, n)
		for i := range l.Schedule {
			e := b[i*scheduleEventSize:]
			l.Schedule[i] = ScheduleEvent{Timestamp: le.Uint16(e), Type: le.Uint16(e[2:]), Data: [4]uint8{e[4], e[5], e[6], e[7]}}
		}
	case k == ChunkTextures, k == ChunkSurveillance, k == ChunkSurveillance+1:
		n, err := l.records(k, b, 2, "16-bit numbers")
		if err != nil {
			return err
		}
		words := make([]uint16, n)
		for i := range words {
			words[i] = le.Uint16(b[2*i:])
		}
		*l.words(k) = words
	case k == ChunkObjects:
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
	case k == ChunkXrefs:
		n, err := l.records(k, b, XrefSize, "cross-references")
		if err != nil {
			return err
		}
		l.Xrefs = make([]Xref, n)
		for i := range l.Xrefs {
			l.Xrefs[i] = decodeXref(b[i*XrefSize:])
		}
	case k >= ChunkClassTables && k < ChunkClassTables+NumClasses:
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
	case k >= ChunkDefaults && k < ChunkDefaults+NumClasses:
		class := k - ChunkDefaults
		if err := l.exact(k, b, ClassTableSizes[class].Size, "a default "+ClassNames[class]+" entry"); err != nil {
			return err
		}
		l.Defaults[class] = decodeClassEntry(append([]byte(nil), b...))
	case k == ChunkTextureAnims:
		n, err := l.records(k, b, textureAnimSize, "texture animations")
		if err != nil {
			return err
		}
		l.TextureAnims = make([]TextureAnim, n)
		for i := range l.TextureAnims {
			copy(l.TextureAnims[i].Raw[:], b[i*textureAnimSize:])
		}
	case k == ChunkPaths:
		n, err := l.records(k, b, pathSize, "paths")
		if err != nil {
			return err
		}
		l.Paths = make([]Path, n)
		for i := range l.Paths {
			copy(l.Paths[i].Raw[:], b[i*pathSize:])
		}
	case k == ChunkAnims:
		n, err := l.records(k, b, animEntrySize, "animations")
		if err != nil {
			return err
		}
		l.Anims = make([]AnimEntry, n)
		for i := range l.Anims {
			copy(l.Anims[i].Raw[:], b[i*animEntrySize:])
		}
	case k == ChunkHeightSems:
		n, err := l.records(k, b, heightSemaphoreSize, "height semaphores")
		if err != nil {
			return err
		}
		l.HeightSemaphores = make([]HeightSemaphore, n)
		for i := range l.HeightSemaphores {
			h := b[i*heightSemaphoreSize:]
			l.HeightSemaphores[i] = HeightSemaphore{h[0], h[1], h[2], h[3]}
		}
	default:
		*l.raw(k) = append([]byte(nil), b...)
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
		b := make([]byte, len(l.Tiles)*TileSize)
		for i, t := range l.Tiles {
			t.encode(b[i*TileSize:])
		}
		return b
	case k == ChunkSchedule:
		b := make([]byte, 0, len(l.Schedule)*scheduleEventSize)
		for _, e := range l.Schedule {
			b = le.AppendUint16(le.AppendUint16(b, e.Timestamp), e.Type)
			b = append(b, e.Data[:]...)
		}
		return b
	case k == ChunkTextures, k == ChunkSurveillance, k == ChunkSurveillance+1:
		words := *l.words(k)
		b := make([]byte, 0, 2*len(words))
		for _, w := range words {
			b = le.AppendUint16(b, w)
		}
		return b
	case k == ChunkObjects:
		b := make([]byte, len(l.Objects)*l.objectSize)
		for i, o := range l.Objects {
			o.encode(b[i*l.objectSize:], l.objectSize)
		}
		return b
	case k == ChunkXrefs:
		b := make([]byte, len(l.Xrefs)*XrefSize)
		for i, x := range l.Xrefs {
			x.encode(b[i*XrefSize:])
		}
		return b
	case k >= ChunkClassTables && k < ChunkClassTables+NumClasses:
		class := k - ChunkClassTables
		size := ClassTableSizes[class].Size
		b := make([]byte, len(l.Classes[class])*size)
		for i, e := range l.Classes[class] {
			e.encode(b[i*size : (i+1)*size])
		}
		return b
	case k >= ChunkDefaults && k < ChunkDefaults+NumClasses:
		class := k - ChunkDefaults
		b := make([]byte, ClassTableSizes[class].Size)
		l.Defaults[class].encode(b)
		return b
	case k == ChunkTextureAnims:
		b := make([]byte, 0, len(l.TextureAnims)*textureAnimSize)
		for _, a := range l.TextureAnims {
			b = append(b, a.Raw[:]...)
		}
		return b
	case k == ChunkPaths:
		b := make([]byte, 0, len(l.Paths)*pathSize)
		for _, p := range l.Paths {
			b = append(b, p.Raw[:]...)
		}
		return b
	case k == ChunkAnims:
		b := make([]byte, 0, len(l.Anims)*animEntrySize)
		for _, a := range l.Anims {
			b = append(b, a.Raw[:]...)
		}
		return b
	case k == ChunkHeightSems:
		b := make([]byte, 0, len(l.HeightSemaphores)*heightSemaphoreSize)
		for _, h := range l.HeightSemaphores {
			b = append(b, h.X, h.Y, h.FloorKey, h.InUse)
		}
		return b
	}
	return append([]byte(nil), *l.raw(k)...)
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
