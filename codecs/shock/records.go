package shock

import "encoding/binary"

var le = binary.LittleEndian

// TileSize is the size of one tile map record.
const TileSize = 16

// Tile is one cell of the tile map. Floor and Ceiling pack a height (bits
// 0-4), a rotation (5-6) and a hazard flag (7); the ceiling height counts
// down from the top. TexMap packs the wall (0-5), ceiling (6-10) and floor
// (11-15) texture slots. Flags is flag1..flag4, least significant first.
type Tile struct {
	Shape      TileShape
	Floor      uint8
	Ceiling    uint8
	Slope      uint8 // "param": how far the slope rises, in height units
	ObjRef     uint16
	TexMap     uint16
	Flags      uint32
	SubClip    uint8
	ClearSolid uint8
	FlickQClip uint8
	TempLight  uint8
}

// TileShape is a tile's geometry.
type TileShape uint8

// Tile shapes: solid and open, four diagonals named by their open corner,
// four slopes by the side they rise towards, four valleys and four ridges.
const (
	ShapeSolid TileShape = iota
	ShapeOpen
	ShapeDiagonalSE
	ShapeDiagonalSW
	ShapeDiagonalNW
	ShapeDiagonalNE
	ShapeSlopeN
	ShapeSlopeE
	ShapeSlopeS
	ShapeSlopeW
	ShapeValleySE
	ShapeValleySW
	ShapeValleyNW
	ShapeValleyNE
	ShapeRidgeNW
	ShapeRidgeNE
	ShapeRidgeSE
	ShapeRidgeSW
)

// ShapeNames names the tile shapes, in their numbering.
var ShapeNames = [...]string{"solid", "open", "diagonal SE", "diagonal SW", "diagonal NW", "diagonal NE",
	"slope N", "slope E", "slope S", "slope W", "valley SE", "valley SW", "valley NW", "valley NE",
	"ridge NW", "ridge NE", "ridge SE", "ridge SW"}

// Tile flag bits.
const (
	FlagOffsetMask    = 0x0000001F // vertical texture offset
	FlagUseAdjacent   = 0x00000100 // walls use the adjacent tiles' textures
	FlagDeconstructed = 0x00000200
	FlagSlopeMask     = 0x00000C00 // SlopeControl
	FlagPeril         = 0x00001000 // the music plays its peril theme here
	FlagMusicMask     = 0x0000E000 // the music zone
	FlagFloorShade    = 0x000F0000
	FlagCeilingShade  = 0x0F000000
	FlagVisited       = 0x80000000
)

// SlopeControl says which of floor and ceiling slope, and how.
type SlopeControl uint8

// Slope controls.
const (
	SlopeBothSame SlopeControl = iota
	SlopeBothOpposite
	SlopeFloorOnly
	SlopeCeilingOnly
)

// FloorHeight is the floor's height step, 0 to 31.
func (t Tile) FloorHeight() int { return int(t.Floor & 0x1F) }

// FloorRotation is the floor texture's rotation in quarter turns, 0 to 3.
func (t Tile) FloorRotation() int { return int(t.Floor>>5) & 3 }

// FloorHazard reports whether the floor's hazard flag is set.
func (t Tile) FloorHazard() bool { return t.Floor&0x80 != 0 }

// CeilingHeight is the ceiling's height, 0 to 31, counted down from the top.
func (t Tile) CeilingHeight() int { return int(t.Ceiling & 0x1F) }

// CeilingRotation is the ceiling texture's rotation in quarter turns, 0 to 3.
func (t Tile) CeilingRotation() int { return int(t.Ceiling>>5) & 3 }

// CeilingHazard reports whether the ceiling's hazard flag is set.
func (t Tile) CeilingHazard() bool { return t.Ceiling&0x80 != 0 }

// WallTexture is the wall's texture slot, 0 to 63.
func (t Tile) WallTexture() int { return int(t.TexMap & 0x3F) }

// CeilingTexture is the ceiling's texture slot, 0 to 31.
func (t Tile) CeilingTexture() int { return int(t.TexMap>>6) & 0x1F }

// FloorTexture is the floor's texture slot, 0 to 31.
func (t Tile) FloorTexture() int { return int(t.TexMap >> 11) }

// SlopeControl says which of floor and ceiling slope, and how.
func (t Tile) SlopeControl() SlopeControl { return SlopeControl(t.Flags >> 10 & 3) }

// Music is the tile's music zone (FlagMusicMask), 0 to 7: mapflags.h
// keeps it in bits 13-15, beside the peril bit (12).
func (t Tile) Music() int { return int(t.Flags>>13) & 7 }

// FloorShade is the floor's light level, 0 to 15.
func (t Tile) FloorShade() int { return int(t.Flags>>16) & 0xF }

// CeilingShade is the ceiling's light level, 0 to 15.
func (t Tile) CeilingShade() int { return int(t.Flags>>24) & 0xF }

// TextureOffset is the wall texture's vertical offset (FlagOffsetMask).
func (t Tile) TextureOffset() int { return int(t.Flags & FlagOffsetMask) }

// SetFloor sets the floor's height (0-31), rotation (0-3) and hazard flag.
func (t *Tile) SetFloor(height, rotation int, hazard bool) {
	t.Floor = packLevel(height, rotation, hazard)
}

// SetCeiling sets the ceiling's height (0-31, down from the top), rotation
// and hazard flag.
func (t *Tile) SetCeiling(height, rotation int, hazard bool) {
	t.Ceiling = packLevel(height, rotation, hazard)
}

func packLevel(height, rotation int, hazard bool) uint8 {
	v := uint8(height&0x1F) | uint8(rotation&3)<<5
	if hazard {
		v |= 0x80
	}
	return v
}

// SetTextures sets the wall (0-63), ceiling and floor (0-31) texture slots.
func (t *Tile) SetTextures(wall, ceiling, floor int) {
	t.TexMap = uint16(wall&0x3F) | uint16(ceiling&0x1F)<<6 | uint16(floor&0x1F)<<11
}

// SetFlagField sets the bits of Flags under mask to v (shifted into place).
func (t *Tile) SetFlagField(mask uint32, v uint32) {
	shift := uint(0)
	for mask>>shift&1 == 0 {
		shift++
	}
	t.Flags = t.Flags&^mask | v<<shift&mask
}

func decodeTile(b []byte) Tile {
	return Tile{
		Shape: TileShape(b[0]), Floor: b[1], Ceiling: b[2], Slope: b[3],
		ObjRef: le.Uint16(b[4:]), TexMap: le.Uint16(b[6:]), Flags: le.Uint32(b[8:]),
		SubClip: b[12], ClearSolid: b[13], FlickQClip: b[14], TempLight: b[15],
	}
}

func (t Tile) encode(b []byte) {
	b[0], b[1], b[2], b[3] = byte(t.Shape), t.Floor, t.Ceiling, t.Slope
	le.PutUint16(b[4:], t.ObjRef)
	le.PutUint16(b[6:], t.TexMap)
	le.PutUint32(b[8:], t.Flags)
	b[12], b[13], b[14], b[15] = t.SubClip, t.ClearSolid, t.FlickQClip, t.TempLight
}

// Object is an entry of the master object table. Slot 0 is the list head:
// its Ref heads the used list and Next the free list.
type Object struct {
	Active   uint8
	Class    uint8
	Subclass uint8
	Pad      uint8 // the Enhanced Edition's 28-byte entries have a byte here
	SpecID   uint16
	Ref      uint16 // first cross-reference
	Next     uint16
	Prev     uint16
	X, Y     uint16 // tile in the high byte, position in the tile in the low
	Z        uint8
	Pitch    uint8
	Heading  uint8
	Bank     uint8
	Physics  uint8
	Type     uint8
	HP       int16
	MakeInfo uint8
	Frame    uint8
	TimeLeft uint8
	InstFlag uint8
}

// TileX is the column of the tile the object stands in.
func (o Object) TileX() int { return int(o.X >> 8) }

// TileY is the row of the tile the object stands in.
func (o Object) TileY() int { return int(o.Y >> 8) }

func decodeObject(b []byte, size int) Object {
	o := Object{Active: b[0], Class: b[1], Subclass: b[2]}
	if size == 28 {
		o.Pad = b[3]
		b = b[1:]
	}
	o.SpecID, o.Ref, o.Next, o.Prev = le.Uint16(b[3:]), le.Uint16(b[5:]), le.Uint16(b[7:]), le.Uint16(b[9:])
	o.X, o.Y = le.Uint16(b[11:]), le.Uint16(b[13:])
	o.Z, o.Pitch, o.Heading, o.Bank, o.Physics, o.Type = b[15], b[16], b[17], b[18], b[19], b[20]
	o.HP = int16(le.Uint16(b[21:]))
	o.MakeInfo, o.Frame, o.TimeLeft, o.InstFlag = b[23], b[24], b[25], b[26]
	return o
}

func (o Object) encode(b []byte, size int) {
	b[0], b[1], b[2] = o.Active, o.Class, o.Subclass
	if size == 28 {
		b[3] = o.Pad
		b = b[1:]
	}
	le.PutUint16(b[3:], o.SpecID)
	le.PutUint16(b[5:], o.Ref)
	le.PutUint16(b[7:], o.Next)
	le.PutUint16(b[9:], o.Prev)
	le.PutUint16(b[11:], o.X)
	le.PutUint16(b[13:], o.Y)
	b[15], b[16], b[17], b[18], b[19], b[20] = o.Z, o.Pitch, o.Heading, o.Bank, o.Physics, o.Type
	le.PutUint16(b[21:], uint16(o.HP))
	b[23], b[24], b[25], b[26] = o.MakeInfo, o.Frame, o.TimeLeft, o.InstFlag
}

// XrefSize is the size of a cross-reference entry.
const XrefSize = 10

// Xref ties an object to one tile it covers. NextInTile chains the objects
// of a tile; NextOfObject chains an object's tiles in a circle.
type Xref struct {
	TileX, TileY uint16
	Object       uint16
	NextInTile   uint16
	NextOfObject uint16
}

func decodeXref(b []byte) Xref {
	return Xref{le.Uint16(b), le.Uint16(b[2:]), le.Uint16(b[4:]), le.Uint16(b[6:]), le.Uint16(b[8:])}
}

func (x Xref) encode(b []byte) {
	le.PutUint16(b, x.TileX)
	le.PutUint16(b[2:], x.TileY)
	le.PutUint16(b[4:], x.Object)
	le.PutUint16(b[6:], x.NextInTile)
	le.PutUint16(b[8:], x.NextOfObject)
}

// ClassEntry is an entry of a class table: the 6-byte prefix and the class
// data. Slot 0 is the list head: ID heads the used list, Next the free one.
type ClassEntry struct {
	ID   uint16 // object index; the top bit is a flag
	Next uint16
	Prev uint16
	Data []byte // the class's own fields; see the typed views
}

// Object is the object index the entry belongs to, without the flag bit.
func (e ClassEntry) Object() uint16 { return e.ID & 0x7FFF }

// decodeClassEntry reads an entry; its Data is b's tail, not a copy.
func decodeClassEntry(b []byte) ClassEntry {
	return ClassEntry{ID: le.Uint16(b), Next: le.Uint16(b[2:]), Prev: le.Uint16(b[4:]), Data: b[6:]}
}

func (e ClassEntry) encode(b []byte) {
	le.PutUint16(b, e.ID)
	le.PutUint16(b[2:], e.Next)
	le.PutUint16(b[4:], e.Prev)
	copy(b[6:], e.Data)
}
