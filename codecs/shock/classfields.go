package shock

import (
	"fmt"
	"slices"
)

// FieldKind says how a class field's value reads and which values it
// takes.
type FieldKind uint8

// Field kinds.
const (
	FieldNumber  FieldKind = iota // an unsigned number
	FieldSigned                   // a two's complement number
	FieldEnum                     // one of Choices
	FieldFlags                    // a bit set, bits named by Flags
	FieldObject                   // an object index of this level, 0 for none
	FieldBCD                      // a number in binary-coded decimal (keypad codes)
	FieldQuest                    // a literal, or 0x1000|n quest variable n, or 0x2000|n quest bit n
	FieldUnknown                  // bytes whose meaning is not known, kept as they are
)

// Choice is one named value of an enumerated field.
type Choice struct {
	Value int64
	Name  string
}

// ClassField is a named part of an object's class data (the bytes after
// its class entry's 6-byte prefix): Bits bits from Shift up of the
// little-endian number of Size bytes at Offset. Bits 0 means all of them.
type ClassField struct {
	Name    string
	Offset  uint8
	Size    uint8 // 1 to 4
	Shift   uint8
	Bits    uint8
	Kind    FieldKind
	Min     int64 // with Max, the valid range when narrower than the bits'
	Max     int64
	Choices []Choice // FieldEnum: the valid values; FieldNumber: names of values that mean something else
	Flags   []string // FieldFlags: the bits' names, from bit 0; "" for none
	Unit    string
	Text    GameText // FieldNumber: the game's string list the number indexes, if any
}

// Width is how many bits the field has.
func (f ClassField) Width() int {
	if f.Bits == 0 {
		return 8 * int(f.Size)
	}
	return int(f.Bits)
}

func (f ClassField) word(d []byte) uint32 {
	var w uint32
	for i := int(f.Size) - 1; i >= 0; i-- {
		w = w<<8 | uint32(d[int(f.Offset)+i])
	}
	return w
}

func (f ClassField) mask() uint32 { return uint32(uint64(1)<<f.Width()-1) << f.Shift }

// Get reads the field from class data d.
func (f ClassField) Get(d []byte) int64 {
	v := (f.word(d) & f.mask()) >> f.Shift
	if w := f.Width(); f.Kind == FieldSigned && v&(1<<(w-1)) != 0 {
		return int64(v) - 1<<w
	}
	return int64(v)
}

// Set writes v into the field of class data d, leaving every other bit
// as it is. v should have passed Check.
func (f ClassField) Set(d []byte, v int64) {
	w := f.word(d)&^f.mask() | uint32(v)<<f.Shift&f.mask()
	for i := range int(f.Size) {
		d[int(f.Offset)+i] = byte(w >> (8 * i))
	}
}

// Range is the lowest and highest value the field holds.
func (f ClassField) Range() (lo, hi int64) {
	if f.Min != 0 || f.Max != 0 {
		return f.Min, f.Max
	}
	w := f.Width()
	if f.Kind == FieldSigned {
		return -1 << (w - 1), 1<<(w-1) - 1
	}
	return 0, 1<<w - 1
}

// Check reports why v is not a value the engine could load into the
// field; the caller checks that an object field names an object.
func (f ClassField) Check(v int64) error {
	if lo, hi := f.Range(); v < lo || v > hi {
		return fmt.Errorf("%s: %d is out of range %d to %d", f.Name, v, lo, hi)
	}
	switch f.Kind {
	case FieldEnum:
		if !slices.ContainsFunc(f.Choices, func(c Choice) bool { return c.Value == v }) {
			return fmt.Errorf("%s: %d is not one of %s", f.Name, v, f.choiceList())
		}
	case FieldBCD:
		for n := v; n > 0; n >>= 4 {
			if n&0xF > 9 {
				return fmt.Errorf("%s: %#x is not binary-coded decimal (each hex digit 0 to 9)", f.Name, v)
			}
		}
	}
	return nil
}

func (f ClassField) choiceList() string {
	s := ""
	for i, c := range f.Choices {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%d (%s)", c.Value, c.Name)
	}
	return s
}

// Choice names value v of an enumerated field ("" when it has no name).
func (f ClassField) Choice(v int64) string {
	for _, c := range f.Choices {
		if c.Value == v {
			return c.Name
		}
	}
	return ""
}

// ClassRecord is an object's class data read field by field.
type ClassRecord struct {
	Fields []ClassField
	Values []int64
}

// DecodeClassRecord reads class data d of object o through its layout.
func DecodeClassRecord(o Object, d []byte) ClassRecord {
	r := ClassRecord{Fields: ClassLayout(o, d)}
	for _, f := range r.Fields {
		r.Values = append(r.Values, f.Get(d))
	}
	return r
}

// Encode writes the record's fields into class data d.
func (r ClassRecord) Encode(d []byte) {
	for i, f := range r.Fields {
		f.Set(d, r.Values[i])
	}
}

// Field finds the field named name.
func (r ClassRecord) Field(name string) (ClassField, int64, bool) {
	for i, f := range r.Fields {
		if f.Name == name {
			return f, r.Values[i], true
		}
	}
	return ClassField{}, 0, false
}

// SetClassValue sets the field named name of object o's class data d
// to v, unchecked (ClassField.Check says whether the game could use v),
// and reports whether o's layout has that field.
func SetClassValue(o Object, d []byte, name string, v int64) bool {
	f, _, ok := DecodeClassRecord(o, d).Field(name)
	if ok {
		f.Set(d, v)
	}
	return ok
}

// ClassLayout lays out object o's class data d field by field, by class,
// subclass and type (and for traps and fixtures by action and puzzle
// kind), after the archive notes and HackEd. Every bit of the data
// belongs to exactly one field: bytes of unknown meaning are "unknown"
// fields.
func ClassLayout(o Object, d []byte) []ClassField {
	var fields []ClassField
	if int(o.Class) < NumClasses {
		fields = classLayouts[o.Class](o, d)
	}
	return completeLayout(fields, len(d))
}

// completeLayout adds an unknown field for each run of bits no field
// covers: whole bytes in runs of up to 4, else the bits within a byte.
func completeLayout(fields []ClassField, n int) []ClassField {
	covered := make([]uint8, n)
	for _, f := range fields {
		m := f.mask()
		for i := range int(f.Size) {
			covered[int(f.Offset)+i] |= uint8(m >> (8 * i))
		}
	}
	for i := 0; i < n; {
		if covered[i] == 0 {
			j := i
			for j < n && j-i < 4 && covered[j] == 0 {
				j++
			}
			if j-i == 3 {
				j--
			}
			fields = append(fields, ClassField{Name: fmt.Sprintf("unknown %#02x", i), Offset: uint8(i), Size: uint8(j - i), Kind: FieldUnknown})
			i = j
			continue
		}
		for b := 0; b < 8; {
			if covered[i]>>b&1 != 0 {
				b++
				continue
			}
			e := b
			for e < 8 && covered[i]>>e&1 == 0 {
				e++
			}
			fields = append(fields, ClassField{Name: fmt.Sprintf("unknown %#02x bits %d-%d", i, b, e-1), Offset: uint8(i), Size: 1,
				Shift: uint8(b), Bits: uint8(e - b), Kind: FieldUnknown})
			b = e
		}
		i++
	}
	slices.SortStableFunc(fields, func(a, b ClassField) int {
		return int(a.Offset)*8 + int(a.Shift) - int(b.Offset)*8 - int(b.Shift)
	})
	return fields
}

func num(name string, off, size uint8) ClassField {
	return ClassField{Name: name, Offset: off, Size: size, Kind: FieldNumber}
}

func ranged(name string, off, size uint8, lo, hi int64) ClassField {
	return ClassField{Name: name, Offset: off, Size: size, Kind: FieldNumber, Min: lo, Max: hi}
}

// message is a byte numbering one of the game's strings.
func message(name string, off uint8, list GameText) ClassField {
	f := num(name, off, 1)
	f.Text = list
	return f
}

func object(name string, off, size uint8) ClassField {
	return ClassField{Name: name, Offset: off, Size: size, Kind: FieldObject, Min: 0, Max: 0xFFF}
}

func enum(name string, off, size uint8, choices ...Choice) ClassField {
	return ClassField{Name: name, Offset: off, Size: size, Kind: FieldEnum, Choices: choices}
}

func bitField(name string, off, size, shift, n uint8) ClassField {
	return ClassField{Name: name, Offset: off, Size: size, Shift: shift, Bits: n, Kind: FieldNumber}
}

func flags(name string, off, size uint8, names []string) ClassField {
	return ClassField{Name: name, Offset: off, Size: size, Kind: FieldFlags, Flags: names}
}

func choices(names ...string) []Choice {
	c := make([]Choice, len(names))
	for i, n := range names {
		c[i] = Choice{int64(i), n}
	}
	return c
}

// AccessNames names the bits of an access mask: a card's levels, and the
// level a door requires is one of these bit numbers.
var AccessNames = func() []string {
	names := []string{"none"}
	for i := 1; i <= 7; i++ {
		names = append(names, fmt.Sprintf("generic %d", i))
	}
	for i := 1; i <= 16; i++ {
		names = append(names, fmt.Sprintf("group %d", i))
	}
	for i := 1; i <= 7; i++ {
		names = append(names, fmt.Sprintf("personal %d", i))
	}
	// The game tests a door's level as 1 << level in a 32-bit mask
	// (objuse.c), so bit 31 is an access level too, with no card's name.
	return append(names, "bit 31")
}()

// forceColours name the colours of force doors and force bridges: the
// game draws them through the translucency table of that palette index
// (gameobj.c, extract_object_special_color), 247 to 255, and 0 in its
// default red (as HackEd names them).
var forceColours = []Choice{{0, "red (default)"}, {247, "grey, medium"}, {248, "grey, light"}, {249, "red, light"},
	{250, "green, light"}, {251, "blue, light"}, {252, "invisible"}, {253, "blue, medium"}, {254, "green, medium"},
	{255, "red, medium"}}

// AccessLockTrap is the access level no card grants: the door opens once
// the condition of the trap its lock names passes, and is then unlocked
// for good (objuse.c, COMPAR_ESC_ACCESS).
const AccessLockTrap = 255

// CritterMoodNames name a critter's primary AI state.
var CritterMoodNames = []string{"docile", "cautious", "hostile", "cautious (2)", "attacking", "sleeping", "tranquilized", "confused"}

// Field names other code refers to.
const (
	FieldAction       = "action"
	FieldDestroyCount = "destroy count"
	FieldAccess       = "access required"
	FieldLockVariable = "lock variable"
	FieldLockTrap     = "lock trap"
	FieldPuzzleKind   = "puzzle kind"
)

var classLayouts = [NumClasses]func(o Object, d []byte) []ClassField{
	ClassGun: func(Object, []byte) []ClassField {
		return []ClassField{num("ammo type or charge", 0, 1), num("ammo count or temperature", 1, 1)}
	},
	ClassAmmo:    func(Object, []byte) []ClassField { return nil },
	ClassPhysics: func(Object, []byte) []ClassField { return nil },
	ClassGrenade: func(Object, []byte) []ClassField {
		return []ClassField{enum("state", 2, 2, Choice{0, "inert"}, Choice{1, "thrown live"}, Choice{5, "landed live"}),
			{Name: "timer", Offset: 4, Size: 2, Kind: FieldNumber, Min: 0, Max: 32767, Unit: "ticks"}}
	},
	ClassDrug:     func(Object, []byte) []ClassField { return nil },
	ClassHardware: func(Object, []byte) []ClassField { return []ClassField{ranged("version", 0, 1, 0, 255)} },
	ClassSoftware: softwareLayout,
	ClassBigStuff: bigStuffLayout,
	ClassSmallStuff: func(o Object, _ []byte) []ClassField {
		return smallStuffLayout(o)
	},
	ClassFixture: fixtureLayout,
	ClassDoor: func(_ Object, d []byte) []ClassField {
		access := []Choice{}
		for i, n := range AccessNames {
			access = append(access, Choice{int64(i), n})
		}
		// The lock is the quest bit that locks the door, or with access
		// AccessLockTrap the trap whose condition opens it.
		lock := ranged(FieldLockVariable, 0, 2, 0, 0x1FF)
		if len(d) > 4 && d[4] == AccessLockTrap {
			lock = object(FieldLockTrap, 0, 2)
		}
		return []ClassField{
			lock,
			message("lock message", 2, DoorText),
			{Name: "force door colour", Offset: 3, Size: 1, Kind: FieldNumber, Choices: forceColours},
			enum(FieldAccess, 4, 1, append(access, Choice{AccessLockTrap, "the lock trap's condition"})...),
			// objuse.c schedules no close for 0 or NEVER_AUTOCLOSE_COOKIE
			// (255), and schedule.c drops a close already scheduled for 255.
			{Name: "auto close time", Offset: 5, Size: 1, Kind: FieldNumber, Unit: "half seconds",
				Choices: []Choice{{0, "never"}, {255, "never, not even a close under way"}}},
			object(FieldOtherHalf, 6, 2),
		}
	},
	ClassAnimating: func(Object, []byte) []ClassField {
		return []ClassField{num("start frame", 0, 1), num("end frame", 1, 1), num("owner", 2, 2)}
	},
	ClassTrap: func(o Object, d []byte) []ClassField { return trapLayout(o, d) },
	ClassContainer: func(o Object, _ []byte) []ClassField {
		fs := contents(0, 4)
		if o.Subclass == 0 {
			fs = append(fs, num("width", 8, 1), num("depth", 9, 1), num("height", 10, 1), // objgame.h: dim_x, dim_y, dim_z
				num("top texture", 11, 1), num("side texture", 12, 1))
		}
		return fs
	},
	ClassCritter: func(Object, []byte) []ClassField {
		return []ClassField{
			num("orientation (pending rotation)", 0, 4),
			num("forward velocity fraction", 4, 2),
			num("forward velocity", 6, 2),
			num("hastiness", 0x0A, 2),
			ranged("state timeout", 0x0C, 2, 0, 300),
			num("AI mode", 0x14, 1),
			enum("mood", 0x15, 1, choices(CritterMoodNames...)...),
			// objcrit.h: orders (ai.h AI_ORDERS_*, bit 7 the game's own) and
			// the posture being played (*_CRITTER_POSTURE).
			{Name: "orders", Offset: 0x16, Size: 1, Bits: 7, Kind: FieldNumber, Choices: choices("guard", "roam", "sleep", "patrol", "follow the highway", "guard without moving")},
			{Name: "posture", Offset: 0x17, Size: 1, Kind: FieldNumber, Choices: choices("standing", "moving", "attacking", "resting after an attack", "knocked back", "dying", "disrupted", "attacking (second)")},
			num("AI x", 0x18, 2),
			num("AI y", 0x1A, 2),
			num("AI z", 0x1C, 2),
			object("loot 1", 0x20, 2),
			object("loot 2", 0x22, 2),
		}
	},
}

// contents are n object slots of 2 bytes from off: what a container,
// corpse or briefcase holds.
func contents(off uint8, n int) []ClassField {
	fs := make([]ClassField, n)
	for i := range fs {
		fs[i] = object(fmt.Sprintf("contents %d", i+1), off+uint8(2*i), 2)
	}
	return fs
}

func softwareLayout(o Object, _ []byte) []ClassField {
	switch {
	case o.Subclass <= 1:
		return []ClassField{ranged("version", 0, 1, 1, 9)}
	case o.Subclass == 3 && o.Type == 0:
		return []ClassField{flags("games", 0, 1, []string{"ping", "eel zapper", "road", "botbounce", "15", "triop toe", "", "wing 0"})}
	case o.Subclass == 4 && o.Type <= 1:
		return []ClassField{bitField("text index", 1, 1, 0, 4), bitField("text level", 1, 1, 4, 4),
			enum("text kind", 2, 1, choices("email", "log", "data")...)}
	}
	return []ClassField{num("version", 0, 1)}
}

func bigStuffLayout(o Object, _ []byte) []ClassField {
	display := []ClassField{ranged("frame count", 0, 2, 0, 4),
		enum("loop", 2, 2, choices("forward", "forward and back", "backward", "forward and back (2)")...),
		enum("alternation", 4, 2, Choice{0, "none"}, Choice{3, "random"}),
		ranged("picture source", 6, 2, 0, 0x1FF), ranged("alternate source", 8, 2, 0, 0x1FF)}
	texture := []ClassField{ranged("texture", 6, 2, 0, 500)}
	// A control pedestal sets off the two objects in its data1 when used
	// (objuse.c: do_multi_stuff on its low and high halves).
	pedestal := []ClassField{object("trigger object 1", 2, 2), object("trigger object 2", 4, 2)}
	size := []ClassField{bitField("size x", 2, 1, 0, 4), bitField("size y", 2, 1, 4, 4), num("bridge height", 3, 1)}
	switch [2]uint8{o.Subclass, o.Type} {
	case [2]uint8{0, 6}, [2]uint8{0, 7}, [2]uint8{2, 6}, [2]uint8{2, 8}, [2]uint8{2, 9}:
		return display
	case [2]uint8{1, 2}:
		return []ClassField{object("cabinet object 1", 2, 2), object("cabinet object 2", 4, 2)}
	case [2]uint8{1, 5}, [2]uint8{1, 7}, [2]uint8{1, 8}, [2]uint8{4, 5}, [2]uint8{2, 7}:
		return texture
	case [2]uint8{2, 3}:
		return []ClassField{ranged("text", 0, 2, 0, 511), bitField("font face", 2, 1, 0, 4), bitField("font size", 2, 1, 4, 4), num("colour", 4, 1)}
	case [2]uint8{4, 0}, [2]uint8{5, 5}:
		return pedestal
	case [2]uint8{4, 3}:
		return []ClassField{enum("broken", 2, 1, Choice{0, "working"}, Choice{0xE7, "broken"}), num("broken message", 5, 1)}
	case [2]uint8{5, 4}:
		return []ClassField{enum("camera", 2, 1, choices("stationary", "panning")...)}
	case [2]uint8{5, 6}:
		return append([]ClassField{display[0]}, append(pedestal, display[3], display[4])...)
	case [2]uint8{7, 0}, [2]uint8{7, 1}:
		return append(size, num("top texture", 4, 1), num("side texture", 5, 1))
	case [2]uint8{7, 7}, [2]uint8{7, 8}, [2]uint8{7, 9}:
		return append(size, ClassField{Name: "force colour", Offset: 6, Size: 1, Kind: FieldNumber, Choices: forceColours})
	}
	return nil
}

func smallStuffLayout(o Object) []ClassField {
	access := flags("access", 2, 4, AccessNames)
	switch {
	case o.Subclass == 0 && o.Type == 2:
		return []ClassField{num("paper", 2, 1)}
	case o.Subclass == 0 && o.Type == 7, o.Subclass == 2 && o.Type <= 7:
		return contents(2, 4)
	case o.Subclass == 2 && (o.Type == 13 || o.Type == 14):
		return []ClassField{num("image", 2, 1)}
	case o.Subclass == 4:
		return []ClassField{access}
	case o.Subclass == 5:
		switch o.Type {
		case 1:
			return []ClassField{num("restoration", 2, 1)}
		case 2:
			return []ClassField{num("damage", 2, 1)}
		case 3:
			return []ClassField{access}
		case 6, 8:
			return []ClassField{num("text", 2, 1)}
		case 9:
			return []ClassField{num("size", 2, 1), num("height", 3, 1), num("colour", 6, 1)}
		}
	}
	return nil
}

// trapHead is the action, destroy count and comparator every trap and
// fixture starts with; the comparator is a condition (comparatorFields)
// or what the object's kind reads there instead.
func trapHead(o Object, d []byte) []ClassField {
	return append([]ClassField{enum(FieldAction, 0, 1, choices(ActionNames[:]...)...), num(FieldDestroyCount, 1, 1)},
		comparatorFields(o, d)...)
}

// Trigger types (trap subclass 0) whose comparator or parameters the game
// reads in their own way (trigger.h, otrip.h).
const (
	TriggerDeathwatch     = 4
	TriggerAreaEntry      = 5
	TriggerAreaContinuous = 6
	TriggerRepulsor       = 10
	TriggerEcology        = 11
)

// ComparatorIsCondition reports whether the game checks object o's
// comparator as a condition before it acts. It does not for deathwatch
// and area triggers, whose comparator says what they watch (trigger.c,
// check_deathwatch_triggers, check_entrance_triggers), for ecology
// triggers, which count objects with it (do_ecology_triggers), nor for
// receptacles and vending machines (trap_activate zeroes it).
func ComparatorIsCondition(o Object) bool {
	switch {
	case o.Class == ClassTrap && o.Subclass == 0:
		switch o.Type {
		case TriggerDeathwatch, TriggerAreaEntry, TriggerAreaContinuous, TriggerEcology:
			return false
		}
	case o.Class == ClassFixture:
		return o.Subclass != FixtureReceptacle && o.Subclass != FixtureVending
	}
	return true
}

// comparatorFields are the fields of the comparator (bytes 2-5) of
// object o with class data d: a condition, or what o's kind reads there
// instead (ComparatorIsCondition).
func comparatorFields(o Object, d []byte) []ClassField {
	triple := func(what string) []ClassField {
		return []ClassField{bitField(what+" class", 2, 4, 16, 8), bitField(what+" subclass", 2, 4, 8, 8), bitField(what+" type", 2, 4, 0, 8)}
	}
	switch {
	case ComparatorIsCondition(o):
		return []ClassField{bitField("condition variable", 2, 2, 0, 12),
			{Name: "condition reads", Offset: 2, Size: 2, Shift: 12, Bits: 1, Kind: FieldEnum, Choices: choices(QuestVariableKinds[:]...)},
			{Name: "condition operator", Offset: 2, Size: 2, Shift: 13, Bits: 3, Kind: FieldEnum, Choices: choices(OperatorNames[:]...)},
			num("condition value", 4, 1), message("condition fail message", 5, TrapText)}
	case o.Class == ClassFixture:
		return []ClassField{num("comparator (unused by the game)", 2, 4)}
	case o.Type == TriggerDeathwatch:
		// Bit 24 watches one object by id rather than every object of a
		// type; bit 25 goes off when a critter is defeated rather than
		// when the object is destroyed (objsim.c calls
		// check_deathwatch_triggers with really_dead set from
		// obj_destroy, clear for a defeated critter).
		fs := []ClassField{{Name: "watches", Offset: 5, Size: 1, Shift: 0, Bits: 1, Kind: FieldEnum, Choices: choices("every object of a type", "one object")},
			{Name: "sets off when", Offset: 5, Size: 1, Shift: 1, Bits: 1, Kind: FieldEnum, Choices: choices("it is destroyed", "a critter is defeated")}}
		if len(d) > 5 && d[5]&1 != 0 {
			return append(fs, object("watched object", 2, 2))
		}
		return append(fs, triple("watched")...)
	case o.Type == TriggerEcology:
		return append(triple("counted"), ClassField{Name: "sets off below", Offset: 5, Size: 1, Kind: FieldNumber, Unit: "objects"})
	}
	return []ClassField{{Name: "radius", Offset: 2, Size: 1, Kind: FieldNumber, Unit: "tiles"}, // area triggers
		{Name: "sets off", Offset: 3, Size: 1, Shift: 4, Bits: 1, Kind: FieldEnum, Choices: choices("inside the radius", "outside the radius")}}
}

// LevelNames name a level set's bits (KindLevels): "level 0" to
// "level 15".
var LevelNames = func() []string {
	names := make([]string, 16)
	for i := range names {
		names[i] = fmt.Sprintf("level %d", i)
	}
	return names
}()

// paramFields are a trap's parameter fields as class fields.
func paramFields(ps []ParamField) []ClassField {
	fs := make([]ClassField, len(ps))
	for i, p := range ps {
		fs[i] = ClassField{Name: p.Name, Offset: 6 + 4*p.Param, Size: 4, Shift: p.Shift, Bits: p.Bits, Text: p.Text()}
		switch p.Kind {
		case KindNumber, KindFlag:
			fs[i].Kind = FieldNumber
		case KindQuest:
			fs[i].Kind = FieldQuest
		case KindObject:
			fs[i].Kind = FieldObject
		case KindBCD:
			fs[i].Kind, fs[i].Max = FieldBCD, 0x999
		case KindLevels:
			fs[i].Kind, fs[i].Flags = FieldFlags, LevelNames
		}
	}
	return fs
}

func trapLayout(o Object, d []byte) []ClassField {
	return append(trapHead(o, d), paramFields(ParamLayout(o, DecodeTrap(d)))...)
}

// edgeCells name a block puzzle's source and destination codes: bits 3-4
// the edge (top, bottom, left, right), bits 0-2 the place along it.
var edgeCells = func() []Choice {
	var out []Choice
	for side, name := range []string{"top, column", "bottom, column", "left, row", "right, row"} {
		for k := range 8 {
			out = append(out, Choice{int64(side<<3 | k), fmt.Sprintf("%s %d", name, k+1)})
		}
	}
	return out
}()

// wireScoring names a wire puzzle's score algorithm (mfdpanel.c,
// wirepos_score): 0 scores each wire against every target, so that the
// wires look alike; any other value scores each wire against its own
// target, and the wires are coloured.
var wireScoring = []Choice{{0, "any wire to any target"}, {1, "each wire to its own"}}

// Puzzle kinds, bits 28-31 of a puzzle panel's p2.
var puzzleKinds = []Choice{{PuzzleWire, "wire"}, {PuzzleBlock, "block"}}

// chargeStation reports whether fixture o is an energy charge station,
// whose trap fields hold its charge, timing and trigger object.
func chargeStation(o Object) bool { return o.Subclass == FixtureTerminal && o.Type == 1 }

// antennaPanel reports whether fixture o is an antenna panel or a
// plastique antenna, whose trap fields name the objects it sets off and
// destroys.
func antennaPanel(o Object) bool {
	return o.Subclass == FixtureReceptacle && (o.Type == 3 || o.Type == 4)
}

func fixtureLayout(o Object, d []byte) []ClassField {
	access := ClassField{Name: "access level", Offset: 22, Size: 2, Kind: FieldSigned}
	f := DecodeFixture(d)
	if kind, ok := PuzzlePanel(o, f); ok {
		fs := append(trapHead(o, d), object("set off when solved", 6, 4),
			ClassField{Name: FieldPuzzleKind, Offset: 10, Size: 4, Shift: 28, Bits: 4, Kind: FieldEnum, Choices: puzzleKinds}, access)
		if kind == PuzzleBlock {
			source, dest := bitField("source", 14, 4, 4, 8), bitField("destination", 14, 4, 12, 8)
			source.Choices, dest.Choices = edgeCells, edgeCells
			return append(fs, object(FieldStateTrap, 10, 2), bitField("solved", 14, 4, 0, 4), source,
				dest, bitField("columns", 14, 4, 20, 4), bitField("rows", 14, 4, 24, 4),
				ClassField{Name: "control", Offset: 14, Size: 4, Shift: 28, Bits: 4, Kind: FieldEnum,
					Choices: choices("rook", "king", "bishop", "queen", "simple")})
		}
		score := bitField("score algorithm", 10, 4, 16, 4)
		score.Choices = wireScoring
		return append(fs, bitField("wires", 10, 4, 0, 4), bitField("pins", 10, 4, 4, 4), bitField("target score", 10, 4, 8, 8),
			score, bitField("solved", 10, 4, 20, 4),
			num("target positions", 14, 4), num("current positions", 18, 4))
	}
	switch {
	case chargeStation(o):
		return append(trapHead(o, d), ranged("energy", 6, 4, 0, 255),
			ClassField{Name: "recharge time", Offset: 10, Size: 4, Kind: FieldNumber, Min: 0, Max: 3600, Unit: "seconds"},
			object("trigger object", 14, 4), num("recharged at", 18, 4), access)
	case antennaPanel(o):
		return append(trapHead(o, d), object("trigger object 1", 6, 2), object("trigger object 2", 10, 2),
			object("destroy object", 14, 2), access)
	}
	return append(trapLayout(o, d), access)
}
