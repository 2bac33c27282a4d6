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
