package shock

// Class numbers of the object classes, the order of the 15 class tables.
const (
	ClassGun = iota
	ClassAmmo
	ClassPhysics
	ClassGrenade
	ClassDrug
	ClassHardware
	ClassSoftware
	ClassBigStuff
	ClassSmallStuff
	ClassFixture
	ClassDoor
	ClassAnimating
	ClassTrap
	ClassContainer
	ClassCritter
	NumClasses
)

// ClassNames are the classes' names, by class number.
var ClassNames = [NumClasses]string{"gun", "ammo", "physics", "grenade", "drug", "hardware", "software",
	"big stuff", "small stuff", "fixture", "door", "animating", "trap", "container", "critter"}

// ClassTableSizes are each class table's slot count and entry size in the
// original game's levels.
var ClassTableSizes = [NumClasses]struct{ Count, Size int }{
	{16, 8}, {32, 6}, {32, 40}, {32, 12}, {32, 6}, {8, 7}, {16, 9},
	{176, 16}, {128, 16}, {64, 30}, {64, 14}, {32, 10}, {160, 28}, {64, 21}, {64, 46},
}

// Gun is class 0's data: the loaded ammunition.
type Gun struct {
	AmmoType  uint8
	AmmoCount uint8
}

// DecodeGun reads a gun entry's data.
func DecodeGun(d []byte) Gun { return Gun{d[0], d[1]} }

// Encode writes g into a gun entry's data.
func (g Gun) Encode(d []byte) { d[0], d[1] = g.AmmoType, g.AmmoCount }

// Door is class 10's data.
type Door struct {
	Locked    int16 // quest variable that locks it, 0 for none
	Message   uint8 // string shown when locked
	Cosmetic  uint8
	Access    uint8 // access level required
	AutoClose uint8 // seconds, 0 for never
	OtherHalf uint16
}

// DecodeDoor reads a door entry's data.
func DecodeDoor(d []byte) Door {
	return Door{int16(le.Uint16(d)), d[2], d[3], d[4], d[5], le.Uint16(d[6:])}
}

// Encode writes door into a door entry's data.
func (door Door) Encode(d []byte) {
	le.PutUint16(d, uint16(door.Locked))
	d[2], d[3], d[4], d[5] = door.Message, door.Cosmetic, door.Access, door.AutoClose
	le.PutUint16(d[6:], door.OtherHalf)
}

// Container is class 13's data: up to four objects inside, and for crates
// the size (0 for the model's default) and textures.
type Container struct {
	Contents [4]uint16
	Width    uint8
	Height   uint8
	Depth    uint8
	Top      uint8 // texture, 0 for the default
	Side     uint8 // texture, 0 for the default
	Extra    [2]uint8
}

// DecodeContainer reads a container entry's data.
func DecodeContainer(d []byte) Container {
	c := Container{Width: d[8], Height: d[9], Depth: d[10], Top: d[11], Side: d[12], Extra: [2]uint8{d[13], d[14]}}
	for i := range c.Contents {
		c.Contents[i] = le.Uint16(d[2*i:])
	}
	return c
}

// Encode writes c into a container entry's data.
func (c Container) Encode(d []byte) {
	for i, id := range c.Contents {
		le.PutUint16(d[2*i:], id)
	}
	d[8], d[9], d[10], d[11], d[12], d[13], d[14] = c.Width, c.Height, c.Depth, c.Top, c.Side, c.Extra[0], c.Extra[1]
}

// SmallStuff is class 8's data. For access cards, Access is the bit set of
// access levels the card grants.
type SmallStuff struct {
	Data1  uint16
	Access uint16
	Rest   [6]uint8
}

// DecodeSmallStuff reads a small-stuff entry's data.
func DecodeSmallStuff(d []byte) SmallStuff {
	s := SmallStuff{Data1: le.Uint16(d), Access: le.Uint16(d[2:])}
	copy(s.Rest[:], d[4:])
	return s
}

// Encode writes s into a small-stuff entry's data.
func (s SmallStuff) Encode(d []byte) {
	le.PutUint16(d, s.Data1)
	le.PutUint16(d[2:], s.Access)
	copy(d[4:], s.Rest[:])
}

// BigStuff is class 7's data, read differently by object type: screens
// (frames, loop, start frame), words (text, font, colour) and bridges
// (size, height, textures). The views below name those fields.
type BigStuff struct {
	Raw [10]uint8
}

// DecodeBigStuff reads a big-stuff entry's data.
func DecodeBigStuff(d []byte) BigStuff {
	var b BigStuff
	copy(b.Raw[:], d)
	return b
}

// Encode writes b into a big-stuff entry's data.
func (b BigStuff) Encode(d []byte) { copy(d, b.Raw[:]) }

// Screen views a screen's fields: frame count, loop flag and start frame
// (248-255 pick a surveillance camera; above 255 the low 7 bits are a
// text message).
func (b BigStuff) Screen() (frames, loop, startFrame uint16) {
	return le.Uint16(b.Raw[0:]), le.Uint16(b.Raw[2:]), le.Uint16(b.Raw[6:])
}

// Words views a word decal's text, font and colour.
func (b BigStuff) Words() (text, font, colour uint16) {
	return le.Uint16(b.Raw[0:]), le.Uint16(b.Raw[2:]), le.Uint16(b.Raw[4:])
}

// Bridge views a bridge's size (x and y, 4 per tile, 0 for the model's),
// height, and top and side textures (bit 7: from the level's textures).
func (b BigStuff) Bridge() (sizeX, sizeY, height, top, side uint8) {
	return b.Raw[2] & 0xF, b.Raw[2] >> 4, b.Raw[3], b.Raw[4], b.Raw[5]
}

// Animating is class 11's data.
type Animating struct {
	StartFrame uint8
	EndFrame   uint8
	Owner      uint16
}

// DecodeAnimating reads an animating entry's data.
func DecodeAnimating(d []byte) Animating { return Animating{d[0], d[1], le.Uint16(d[2:])} }

// Encode writes a into an animating entry's data.
func (a Animating) Encode(d []byte) {
	d[0], d[1] = a.StartFrame, a.EndFrame
	le.PutUint16(d[2:], a.Owner)
}

// Trap is class 12's data (triggers and traps), and the first part of
// class 9's (fixtures: switches, panels, terminals...).
type Trap struct {
	Action       Action
	DestroyCount uint8
	Comparator   Comparator
	P            [4]uint32
}

// DecodeTrap reads a trap entry's data.
func DecodeTrap(d []byte) Trap {
	t := Trap{Action: Action(d[0]), DestroyCount: d[1], Comparator: Comparator(le.Uint32(d[2:]))}
	for i := range t.P {
		t.P[i] = le.Uint32(d[6+4*i:])
	}
	return t
}

// Encode writes t into a trap or fixture entry's data.
func (t Trap) Encode(d []byte) {
	d[0], d[1] = byte(t.Action), t.DestroyCount
	le.PutUint32(d[2:], uint32(t.Comparator))
	for i, p := range t.P {
		le.PutUint32(d[6+4*i:], p)
	}
}

// Fixture is class 9's data: a trap's fields and the access level.
type Fixture struct {
	Trap
	AccessLevel int16
}

// Fixture subclasses.
const (
	FixtureControl = iota
	FixtureReceptacle
	FixtureTerminal
	FixturePanel
	FixtureVending
	FixtureCyber
)

// DecodeFixture reads a fixture entry's data.
func DecodeFixture(d []byte) Fixture {
	return Fixture{DecodeTrap(d), int16(le.Uint16(d[22:]))}
}

// Encode writes f into a fixture entry's data.
func (f Fixture) Encode(d []byte) {
	f.Trap.Encode(d)
	le.PutUint16(d[22:], uint16(f.AccessLevel))
}
