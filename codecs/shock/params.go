package shock

import (
	"fmt"
	"slices"
)

// ParamKind says how a trap parameter field is read.
type ParamKind uint8

// Parameter kinds.
const (
	KindNumber ParamKind = iota // a literal number
	KindQuest                   // a literal, or 0x1000|n quest variable n, or 0x2000|n quest bit n
	KindObject                  // an object index (or quest data holding one)
	KindFlag                    // one bit
	KindBCD                     // a keypad code: three decimal digits, four bits each (or quest data holding one)
	KindLevels                  // a set of levels, bit n for level n
)

// ParamField is a named part of a trap's parameters p1..p4: Bits bits of
// P[Param] from Shift up.
type ParamField struct {
	Name  string
	Param uint8 // 0 for p1 ... 3 for p4
	Shift uint8
	Bits  uint8
	Kind  ParamKind
}

// Get reads the field from t.
func (f ParamField) Get(t Trap) uint32 {
	return t.P[f.Param] >> f.Shift & (1<<f.Bits - 1)
}

// Set writes v into the field of t, leaving the other bits as they are.
func (f ParamField) Set(t *Trap, v uint32) {
	mask := uint32(1<<f.Bits-1) << f.Shift
	t.P[f.Param] = t.P[f.Param]&^mask | v<<f.Shift&mask
}

func whole(name string, p uint8, kind ParamKind) ParamField { return ParamField{name, p, 0, 32, kind} }
func low(name string, p uint8, kind ParamKind) ParamField   { return ParamField{name, p, 0, 16, kind} }
func high(name string, p uint8, kind ParamKind) ParamField  { return ParamField{name, p, 16, 16, kind} }

// timedTarget is a multi-style target: an object and a delay in tenths
// of a second.
func timedTarget(n string, p uint8) []ParamField {
	return []ParamField{low(n+" object", p, KindObject), high(n+" delay", p, KindNumber)}
}

// ActionParams lays out each action's parameters, as trigger.c reads them.
// Parameters an action ignores are absent. A parameter the game reads
// through qdata_get, which takes a short, is its low 16 bits only.
var ActionParams = [NumActions][]ParamField{
	ActionNull: nil,
	ActionTeleport: {whole("tile x (0x4000+: keep)", 0, KindQuest), whole("tile y (0x4000+: keep)", 1, KindQuest),
		whole("height (0x4000+: keep)", 2, KindQuest), whole("level (0x1000+: this level)", 3, KindNumber)},
	2: {low("explosion damage", 0, KindQuest), low("damage", 1, KindQuest), {"heal instead", 1, 16, 1, KindFlag},
		{"damage type", 1, 24, 8, KindNumber}, low("energy drain", 2, KindQuest), {"add energy instead", 2, 16, 1, KindFlag},
		low("fatigue", 3, KindQuest), {"reduce fatigue instead", 3, 16, 1, KindFlag}},
	ActionCreate: {low("object to place", 0, KindObject), high("quest data for the clone's id", 0, KindNumber),
		whole("tile x (0x4000+: keep)", 1, KindQuest), whole("tile y (0x4000+: keep)", 2, KindQuest),
		whole("height (0x4000+: keep)", 3, KindQuest)},
	ActionQuest: {whole("quest variable or bit", 0, KindQuest), low("argument", 1, KindQuest),
		high("operation", 1, KindNumber),
		low("message when true", 2, KindQuest), low("message when false", 3, KindQuest)},
	5:           {low("cutscene", 0, KindQuest), low("alternate death", 1, KindQuest)},
	ActionMulti: append(append(append(timedTarget("first", 0), timedTarget("second", 1)...), timedTarget("third", 2)...), timedTarget("fourth", 3)...),
	7: {low("corner object A", 0, KindObject), high("corner object B", 0, KindObject),
		low("transition", 1, KindNumber), {"transition step", 1, 16, 12, KindNumber}, {"lit", 1, 28, 4, KindNumber},
		low("light mode", 2, KindNumber), {"ceiling only", 2, 16, 1, KindFlag},
		{"floor and ceiling", 2, 17, 1, KindFlag}, {"light 1", 3, 0, 8, KindNumber}, {"light 2", 3, 8, 8, KindNumber},
		{"light 3", 3, 16, 8, KindNumber}, {"light 4", 3, 24, 8, KindNumber}},
	8: {low("sound", 0, KindQuest), high("sound loops", 0, KindQuest), low("effect", 1, KindQuest),
		high("effect strength", 1, KindQuest), low("screen effect", 2, KindQuest), low("screen effect time (1/280 s)", 3, KindQuest)},
	ActionHeight: {low("tile x", 0, KindQuest), low("tile y", 1, KindQuest), low("floor height (0x100+: keep)", 2, KindQuest),
		high("ceiling height (0x100+: keep)", 2, KindQuest), high("sound", 3, KindNumber)},
	10: {low("tile x", 0, KindQuest), low("tile y", 1, KindQuest), whole("tile shape (0x4000+: keep)", 2, KindQuest),
		whole("slope (0x4000+: keep)", 3, KindQuest)},
	11: {low("object", 0, KindObject), low("delay (tenths of a second)", 1, KindQuest),
		whole("repeats (0xFFFF+: forever, 0x1000+: while quest bit)", 2, KindNumber), low("random extra delay", 3, KindQuest)},
	12: append(append(append(timedTarget("first", 0), timedTarget("second", 1)...), timedTarget("third", 2)...),
		whole("next target", 3, KindNumber)),
	ActionDestroy: {low("first victim", 0, KindObject), low("second victim", 1, KindObject),
		low("third victim", 2, KindObject), whole("message", 3, KindNumber)},
	14:          nil,
	ActionEmail: {low("email", 0, KindNumber), whole("delay (seconds)", 1, KindNumber)},
	16: {low("exposure", 0, KindQuest), {"reduce exposure instead", 0, 16, 1, KindFlag}, low("damage type", 1, KindQuest),
		low("duration", 2, KindQuest)},
	17: {low("first object", 0, KindObject), high("second object", 0, KindObject), whole("value 1 (-1: keep)", 1, KindNumber),
		whole("value 2 (-1: keep)", 2, KindNumber), whole("value 3 (-1: keep)", 3, KindNumber)},
	18: {low("first object", 0, KindObject), high("second object", 0, KindObject), whole("animation", 1, KindNumber),
		whole("when done", 2, KindNumber), whole("restart", 3, KindNumber)},
	ActionHack: {whole("hack", 0, KindNumber), whole("argument 1", 1, KindNumber), whole("argument 2", 2, KindNumber),
		whole("argument 3", 3, KindNumber)},
	20: {low("corner A, or tile x<<8|y", 0, KindQuest), high("corner B", 0, KindQuest),
		low("texture 1 to", 1, KindNumber), high("texture 1 from (0x1000+: any)", 1, KindNumber),
		low("texture 2 to", 2, KindNumber), high("texture 2 from (0x1000+: any)", 2, KindNumber),
		low("texture 3 to", 3, KindNumber), high("texture 3 from (0x1000+: any)", 3, KindNumber)},
	21: {low("critter (subclass<<8|type, or the object)", 0, KindNumber), {"loners only", 0, 16, 1, KindFlag},
		{"loners or not", 0, 17, 1, KindFlag}, {"one object", 0, 18, 1, KindFlag}, {"every critter", 0, 19, 1, KindFlag},
		low("area corner A (0: radius)", 1, KindNumber), high("area corner B or radius", 1, KindNumber),
		whole("mood", 2, KindQuest), whole("orders", 3, KindQuest)},
	22: {whole("speaker", 0, KindNumber), low("string", 1, KindQuest), whole("colour", 2, KindNumber), whole("HUD only", 3, KindNumber)},
	23: {whole("critter triple", 0, KindNumber), low("area corner A", 1, KindObject), high("area corner B", 1, KindObject),
		low("quantity", 2, KindQuest), {"keep a distance", 3, 0, 1, KindFlag}, {"out of sight", 3, 1, 1, KindFlag},
		{"in elevator zones too", 3, 2, 1, KindFlag}, {"anywhere", 3, 3, 1, KindFlag}},
	24: {whole("object", 0, KindObject), low("type A", 1, KindNumber), high("type B xor A", 1, KindNumber)},
}

// Action numbers whose parameters' meaning depends on their values.
const (
	actionLight   = 7
	actionMonster = 23
)

// hacksOnObject are the hack action's sub-codes (p1) whose p2 is the
// object they act on (trap_hack_func in trigger.c): repulsor toggle,
// reactor digit, reactor keypad, fixture frame, door, turn object,
// comparator and panel reference.
var hacksOnObject = []uint32{1, 2, 3, 4, 5, 7, 10, 14}

// lightRadial is the light trap's mode (p3) that lights a radius about
// the trap rather than the box between two corner objects.
const lightRadial = 3

// Params is the layout of the trap's action's parameters (nil for an
// unknown action). Most hacks act on the object p2 names. Light and
// monster traps name two corner objects,
// except when they cover a radius about the trap instead (trigger.c: a
// light trap of mode 3; a monster trap whose second corner is none):
// then the first corner is that radius, in tiles.
func (t Trap) Params() []ParamField {
	if int(t.Action) >= len(ActionParams) {
		return nil
	}
	fields := ActionParams[t.Action]
	if t.Action == ActionHack && slices.Contains(hacksOnObject, t.P[0]) {
		fields = slices.Clone(fields)
		fields[1] = whole("object", 1, KindObject)
		return fields
	}
	radius, kind := -1, KindNumber
	switch {
	case t.Action == actionLight && t.P[2] == lightRadial:
		radius, kind = 0, KindQuest // read through qdata_get
	case t.Action == actionMonster && t.P[1]>>16 == 0:
		radius = 1
	}
	if radius < 0 {
		return fields
	}
	fields = slices.Clone(fields)
	for i, f := range fields {
		if f.Param == uint8(radius) && f.Kind == KindObject {
			fields[i].Kind = kind
			if f.Shift == 0 {
				fields[i].Name = "radius (tiles)"
			}
		}
	}
	return fields
}

// ParamLayout is how object o's trap fields t read: a repulsor's, number
// pad's or elevator panel's own layout, none for a puzzle panel (its
// parameters are the puzzle), else its action's.
func ParamLayout(o Object, t Trap) []ParamField {
	if o.Class == ClassTrap && o.Subclass == 0 && o.Type == TriggerRepulsor {
		return repulsorParams
	}
	if o.Class == ClassFixture {
		if _, ok := PuzzlePanel(o, Fixture{Trap: t}); ok {
			return nil
		}
		if fields, ok := FixtureParams(o.Subclass, o.Type); ok {
			return fields
		}
	}
	return t.Params()
}

// repulsorParams are a repulsor's parameters, which the physics reads
// as it pushes what stands in its tile (faceobj.c,
// _face_secret_repulsor_hack): the heights it pushes between, 0 for no
// bound, in the physics' fixed-point heights, and which way it pushes.
// A repulsor-toggle hack flips p4.
var repulsorParams = []ParamField{whole("lower bound", 1, KindNumber), whole("upper bound", 2, KindNumber),
	whole("push", 3, KindNumber)}

// Panel types (fixture subclass 3) whose parameters are not an action's
// or a puzzle's (otrip.h: ELEPANEL1-3, KEYPAD1-2).
const (
	PanelElevator1 = 4
	PanelElevator2 = 5
	PanelElevator3 = 6
	PanelKeypad    = 7
	PanelKeypad2   = 8
)

// ElevatorPanel reports whether panel type typ is an elevator panel.
func ElevatorPanel(typ uint8) bool { return typ >= PanelElevator1 && typ <= PanelElevator3 }

// FixtureParams lays out the parameters of the fixtures that use p1..p4
// for their own data rather than an action, by subclass and type, as the
// game reads them (objuse.c):
//   - a keypad holds three codes, p1 to p3: the low half is the code,
//     the high half the object a right code sets off; a wrong code sets
//     off p4's low half and shows message p4's high half;
//   - an elevator panel holds the panels to arrive at on the levels it
//     reaches, in the order of those levels: p1's high half, then its low
//     half, then p2's and p3's; p4's low half is the levels it reaches,
//     its high half the levels its buttons show. The panels are objects
//     of other levels: numbers here, not links.
//
// Other fixtures act through their Action's layout (ok false).
func FixtureParams(subclass, typ uint8) (fields []ParamField, ok bool) {
	switch {
	case subclass != FixturePanel:
		return nil, false
	case typ == PanelKeypad || typ == PanelKeypad2:
		for p := range uint8(3) {
			n := fmt.Sprint(p + 1)
			fields = append(fields, low("code "+n, p, KindBCD), high("code "+n+" sets off", p, KindObject))
		}
		return append(fields, low("wrong code sets off", 3, KindObject), high("wrong code message", 3, KindQuest)), true
	case ElevatorPanel(typ):
		for p := range uint8(3) {
			fields = append(fields, high(fmt.Sprintf("arrival panel %d", 2*p+1), p, KindNumber),
				low(fmt.Sprintf("arrival panel %d", 2*p+2), p, KindNumber))
		}
		return append(fields, low("levels reached", 3, KindLevels), high("levels shown", 3, KindLevels)), true
	}
	return nil, false
}
