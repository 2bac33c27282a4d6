package shock

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
)

// objprop.dat (shock-specs.txt section 4) is a flat file: the version,
// then for each class in class order a table of the class's generic
// properties, an entry per object type of the class, followed by a table
// per subclass of that subclass's specific properties, an entry per type
// of the subclass; and last the common properties, an entry of
// CommonPropSize bytes per object type in type-index order.

// GenericPropSizes is the size of each class's generic property entry
// (shock-specs.txt 4.0-4.14).
var GenericPropSizes = [NumClasses]int{2, 14, 1, 15, 22, 9, 5, 2, 2, 1, 1, 2, 1, 3, 75}

// SpecificPropSizes is the size of each subclass's specific property
// entry, in the order of Subclasses. The vending machines (9/4) have
// none. Where shock-specs.txt and HackEd differ (the critters' 14/0-14/2
// tables and the feedback trap's 12/1), HackEd's sizes are used, which read the
// game's file (the spec's offsets from 4.13 on are a byte short).
var SpecificPropSizes = [NumClasses][]int{
	ClassGun:        {1, 1, 16, 13, 13, 18},
	ClassAmmo:       {1, 1, 1, 1, 1, 1, 1},
	ClassPhysics:    {20, 6, 1},
	ClassGrenade:    {1, 3},
	ClassDrug:       {1},
	ClassHardware:   {1, 1},
	ClassSoftware:   {1, 1, 1, 1, 1},
	ClassBigStuff:   {1, 1, 1, 1, 1, 1, 1, 1},
	ClassSmallStuff: {1, 1, 1, 1, 1, 6, 1, 2},
	ClassFixture:    {1, 1, 1, 1, 0, 1},
	ClassDoor:       {1, 1, 1, 1, 1},
	ClassAnimating:  {1, 1, 1},
	ClassTrap:       {1, 2, 1},
	ClassContainer:  {1, 1, 1, 1, 1, 1, 1},
	ClassCritter:    {3, 1, 1, 6, 1},
}

// ObjPropVersion is the version objprop.dat opens with, the only one
// the game reads; CommonPropSize is the size of a common properties
// entry.
const (
	ObjPropVersion = objPropVersion
	CommonPropSize = commonPropSize
)

// ObjPropSize is the size of objprop.dat for the tables above.
func ObjPropSize() int {
	n := 4 + NumObjectTypes*CommonPropSize
	for c := range NumClasses {
		for s, sub := range Subclasses[c] {
			n += sub.Types * (GenericPropSizes[c] + SpecificPropSizes[c][s])
		}
	}
	return n
}

// CommonProps are the properties every object type has (shock-specs.txt
// 4.15; field names after HackEd).
type CommonProps struct {
	Mass          int32 // in units of 100 g
	HitPoints     int16
	Armour        uint8
	RenderType    uint8
	PhysicsModel  uint8
	Hardness      uint8
	Pep           uint8
	Radius        uint8 // physics radius (the game's physics_xr)
	PhysicsY      uint8
	PhysicsZ      uint8
	Resistances   uint32 // vulnerabilities (byte 0) and special vulnerabilities (byte 1)
	Defence       uint8
	Toughness     uint8
	Flags         uint16
	MFDID         uint16
	Bitmap        uint16 // bits 12-14: extra world frames
	DestroyEffect uint8
}

// DecodeCommonProps reads a common properties entry of CommonPropSize bytes.
func DecodeCommonProps(d []byte) CommonProps {
	return CommonProps{
		Mass: int32(le.Uint32(d)), HitPoints: int16(le.Uint16(d[4:])), Armour: d[6], RenderType: d[7],
		PhysicsModel: d[8], Hardness: d[9], Pep: d[10], Radius: d[11], PhysicsY: d[12], PhysicsZ: d[13],
		Resistances: le.Uint32(d[14:]), Defence: d[18], Toughness: d[19], Flags: le.Uint16(d[20:]),
		MFDID: le.Uint16(d[22:]), Bitmap: le.Uint16(d[24:]), DestroyEffect: d[26],
	}
}

// Encode writes the entry into d, CommonPropSize bytes.
func (p CommonProps) Encode(d []byte) {
	le.PutUint32(d, uint32(p.Mass))
	le.PutUint16(d[4:], uint16(p.HitPoints))
	d[6], d[7], d[8], d[9], d[10], d[11], d[12], d[13] = p.Armour, p.RenderType, p.PhysicsModel, p.Hardness, p.Pep, p.Radius, p.PhysicsY, p.PhysicsZ
	le.PutUint32(d[14:], p.Resistances)
	d[18], d[19] = p.Defence, p.Toughness
	le.PutUint16(d[20:], p.Flags)
	le.PutUint16(d[22:], p.MFDID)
	le.PutUint16(d[24:], p.Bitmap)
	d[26] = p.DestroyEffect
}

// ExtraFrames is how many world frames the type has after its first.
func (p CommonProps) ExtraFrames() int { return int(p.Bitmap>>12) & 7 }

// TypeProps are one object type's properties: its common ones and the
// raw bytes of its class's generic entry and its subclass's specific
// entry, read by name with PropFields.
type TypeProps struct {
	Common   CommonProps
	Generic  []byte
	Specific []byte
}

// ObjProps is objprop.dat: the properties of every object type, in
// type-index order (TypeIndex). Every entry's bytes are its own copy.
type ObjProps struct {
	Types [NumObjectTypes]TypeProps
}

// NewObjProps is an objprop.dat of zeros.
func NewObjProps() *ObjProps {
	p := &ObjProps{}
	i := 0
	for c := range NumClasses {
		for s, sub := range Subclasses[c] {
			for range sub.Types {
				p.Types[i] = TypeProps{Generic: make([]byte, GenericPropSizes[c]), Specific: make([]byte, SpecificPropSizes[c][s])}
				i++
			}
		}
	}
	return p
}

// NewObjPropBytes is the bytes of an objprop.dat of zeros.
func NewObjPropBytes() []byte { return NewObjProps().Encode() }

// DecodeObjProps reads objprop.dat. It must be exactly ObjPropSize
// bytes at ObjPropVersion; errors name the offset.
func DecodeObjProps(b []byte) (*ObjProps, error) {
	if want := ObjPropSize(); len(b) != want {
		return nil, bin.Errorf(int64(min(len(b), want)), "tables", "%d bytes (the version, the class tables and %d common entries), got %d", want, NumObjectTypes, len(b))
	}
	if v := binary.LittleEndian.Uint32(b); v != ObjPropVersion {
		return nil, bin.Errorf(0, "header", "version %d, got %d", ObjPropVersion, v)
	}
	p := &ObjProps{}
	at := 4
	first := 0 // type index of the class's first type
	for c := range NumClasses {
		i := first
		for _, sub := range Subclasses[c] {
			for range sub.Types {
				p.Types[i].Generic = clone(b[at : at+GenericPropSizes[c]])
				at += GenericPropSizes[c]
				i++
			}
		}
		i = first
		for s, sub := range Subclasses[c] {
			for range sub.Types {
				p.Types[i].Specific = clone(b[at : at+SpecificPropSizes[c][s]])
				at += SpecificPropSizes[c][s]
				i++
			}
		}
		first = i
	}
	for i := range p.Types {
		p.Types[i].Common = DecodeCommonProps(b[at:])
		at += CommonPropSize
	}
	return p, nil
}

// clone copies b, keeping an empty entry non-nil.
func clone(b []byte) []byte { return append([]byte{}, b...) }

// Encode writes objprop.dat; every entry must keep the size its table
// gives it.
func (p *ObjProps) Encode() []byte {
	b := binary.LittleEndian.AppendUint32(make([]byte, 0, ObjPropSize()), ObjPropVersion)
	first := 0
	for c := range NumClasses {
		n := 0
		for _, sub := range Subclasses[c] {
			n += sub.Types
		}
		for _, t := range p.Types[first : first+n] {
			b = append(b, t.Generic...)
		}
		for _, t := range p.Types[first : first+n] {
			b = append(b, t.Specific...)
		}
		first += n
	}
	for _, t := range p.Types {
		var e [CommonPropSize]byte
		t.Common.Encode(e[:])
		b = append(b, e[:]...)
	}
	return b
}

// PropField is a named field of a property entry: a little-endian
// integer of Size bytes (1, 2 or 4) at Offset.
type PropField struct {
	Name   string
	Offset int
	Size   int
	Signed bool
}

// Range is the field's lowest and highest value.
func (f PropField) Range() (lo, hi int64) {
	bits := uint(8 * f.Size)
	if f.Signed {
		return -1 << (bits - 1), 1<<(bits-1) - 1
	}
	return 0, 1<<bits - 1
}

// Get reads the field from an entry.
func (f PropField) Get(d []byte) int64 {
	var u uint64
	for i := f.Size - 1; i >= 0; i-- {
		u = u<<8 | uint64(d[f.Offset+i])
	}
	if f.Signed && u>>(8*f.Size-1) != 0 {
		return int64(u) - 1<<(8*f.Size)
	}
	return int64(u)
}

// Set writes v into the field of an entry, refusing a value out of the
// field's range.
func (f PropField) Set(d []byte, v int64) error {
	if lo, hi := f.Range(); v < lo || v > hi {
		return fmt.Errorf("%s must be %d to %d, got %d", f.Name, lo, hi, v)
	}
	for i := range f.Size {
		d[f.Offset+i] = byte(v >> (8 * i))
	}
	return nil
}

// CommonPropFields are the fields of a common properties entry.
var CommonPropFields = []PropField{
	{"mass", 0, 4, true}, {"hit points", 4, 2, true}, {"armour", 6, 1, false}, {"render type", 7, 1, false},
	{"physics model", 8, 1, false}, {"hardness", 9, 1, false}, {"pep", 10, 1, false}, {"radius", 11, 1, false},
	{"physics y", 12, 1, false}, {"physics z", 13, 1, false}, {"resistances", 14, 4, false}, {"defence", 18, 1, false},
	{"toughness", 19, 1, false}, {"flags", 20, 2, false}, {"MFD id", 22, 2, false}, {"bitmap", 24, 2, false},
	{"destroy effect", 26, 1, false},
}

// weaponFields are the common weapon information that opens several
// weapon entries (shock-specs.txt 4.0).
var weaponFields = []PropField{
	{"damage", 0, 2, true}, {"offence", 2, 1, false}, {"damage type", 3, 1, false},
	{"special damage", 4, 1, false}, {"armour penetration", 7, 1, false},
}

// weapon is the common weapon information followed by more fields.
func weapon(more ...PropField) []PropField { return append(slices.Clone(weaponFields), more...) }

// attackFields are a critter attack's fields, at offset at.
func attackFields(prefix string, at int) []PropField {
	fs := []PropField{{"damage type", 0, 1, false}, {"special damage", 1, 1, false}, {"damage modifier", 4, 2, false},
		{"offence", 6, 1, false}, {"penetration", 7, 1, false}, {"attack mass", 8, 1, false}, {"attack velocity", 9, 2, false},
		{"accuracy", 11, 1, false}, {"range", 12, 1, false}, {"reload time", 13, 2, false}, {"projectile", 17, 4, false}}
	for i := range fs {
		fs[i].Name = prefix + " " + fs[i].Name
		fs[i].Offset += at
	}
	return fs
}

// colourFields are a cyberspace colour scheme.
var colourFields = []PropField{{"colour 0", 0, 1, false}, {"colour 1", 1, 1, false}, {"colour 2", 2, 1, false},
	{"alternate colour 0", 3, 1, false}, {"alternate colour 1", 4, 1, false}, {"alternate colour 2", 5, 1, false}}

// genericFields are the known fields of each class's generic entry.
var genericFields = [NumClasses][]PropField{
	ClassGun:     {{"fire rate", 0, 1, false}, {"clip types", 1, 1, false}},
	ClassAmmo:    weapon(PropField{"rounds per clip", 8, 1, false}, PropField{"bullet mass", 9, 1, false}, PropField{"bullet speed", 10, 2, true}, PropField{"range", 12, 1, false}, PropField{"recoil", 13, 1, false}),
	ClassPhysics: {{"flags", 0, 1, false}},
	ClassGrenade: weapon(PropField{"touchiness", 8, 1, false}, PropField{"blast radius", 9, 1, false},
		PropField{"blast core range", 10, 1, false}, PropField{"blast damage", 11, 1, false}, PropField{"attack mass", 12, 1, false}, PropField{"flags", 13, 1, false}),
	ClassAnimating: {{"frame time", 0, 1, false}, {"flags", 1, 1, false}},
	ClassCritter: append(append(attackFields("primary", 1), attackFields("secondary", 0x16)...),
		PropField{"perception", 0x2b, 1, false}, PropField{"defence", 0x2c, 1, false}, PropField{"projectile height", 0x2d, 1, true},
		PropField{"flags", 0x2e, 1, false}, PropField{"animation speed", 0x3b, 1, false}, PropField{"corpse", 0x41, 4, false},
		PropField{"treasure type", 0x48, 1, false}, PropField{"hit effect", 0x49, 1, false}, PropField{"attack key frame", 0x4a, 1, false}),
}

// specificFields are the known fields of the subclasses' specific
// entries, by class and subclass.
var specificFields = map[[2]int][]PropField{
	{ClassGun, 2}: weapon(PropField{"projectile speed", 8, 1, false}, PropField{"projectile", 9, 4, false}),
	{ClassGun, 3}: weapon(PropField{"energy use", 8, 1, false}, PropField{"attack mass", 9, 1, false}, PropField{"range", 10, 1, false}, PropField{"attack speed", 11, 2, true}),
	{ClassGun, 4}: weapon(PropField{"maximum charge", 8, 1, false}, PropField{"attack mass", 9, 1, false}, PropField{"range", 10, 1, false}, PropField{"attack speed", 11, 2, true}),
	{ClassGun, 5}: weapon(PropField{"maximum charge", 8, 1, false}, PropField{"attack mass", 9, 1, false}, PropField{"attack speed", 10, 2, true},
		PropField{"projectile speed", 12, 1, false}, PropField{"projectile", 13, 4, false}, PropField{"flags", 17, 1, false}),
	{ClassPhysics, 1}:    colourFields,
	{ClassGrenade, 1}:    {{"minimum time", 0, 1, false}, {"maximum time", 1, 1, false}, {"random factor", 2, 1, false}},
	{ClassSmallStuff, 5}: colourFields,
	{ClassAnimating, 2}:  {{"explosion frame", 0, 1, false}},
	{ClassCritter, 3}:    colourFields,
}

// PropFields are the fields of a class's generic entry and of a
// subclass's specific entry: the named ones, then every byte no named
// field covers, as "byte N", so that a form reaches every byte.
func PropFields(class, subclass int) (generic, specific []PropField) {
	return cover(genericFields[class], GenericPropSizes[class]), cover(specificFields[[2]int{class, subclass}], SpecificPropSizes[class][subclass])
}

// cover adds to fields a one-byte field for each byte of a size-byte
// entry that none covers.
func cover(fields []PropField, size int) []PropField {
	covered := make([]bool, size)
	out := append([]PropField{}, fields...)
	for _, f := range fields {
		for i := range f.Size {
			covered[f.Offset+i] = true
		}
	}
	for i, c := range covered {
		if !c {
			out = append(out, PropField{fmt.Sprintf("byte %d", i), i, 1, false})
		}
	}
	return out
}
