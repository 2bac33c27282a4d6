package shock

// Fields of links the checks look at: a block puzzle panel's link to its
// state trap, and a door's to its other half.
const (
	FieldStateTrap = "state trap"
	FieldOtherHalf = "other half"
)

// Link is an object naming another: a trap or fixture's target, a door's
// other half, a container's, corpse's or briefcase's contents, a
// critter's loot, a puzzle's object set off when solved or its state trap.
type Link struct {
	From, To int
	Field    string // the field of From that names To
}

// CanHoldPuzzle reports whether o is a panel that can hold a puzzle.
// Keypads, elevator panels, recharge stations and cyberjacks use their
// parameters for other things.
func CanHoldPuzzle(o Object) bool {
	return o.Class == ClassFixture && o.Subclass == FixturePanel && (o.Type < PanelRecharge || o.Type > PanelKeypad2)
}

// PuzzlePanel reports whether a panel object holds a puzzle, and which
// kind. A wire puzzle whose parameters are all zero is a panel without
// one.
func PuzzlePanel(o Object, f Fixture) (kind int, ok bool) {
	if !CanHoldPuzzle(o) {
		return 0, false
	}
	kind = PuzzleKind(f)
	switch kind {
	case PuzzleBlock:
		return kind, true
	case PuzzleWire:
		return kind, f.P[1]|f.P[2]|f.P[3] != 0
	}
	return kind, false
}

// StateTrap is the object a block puzzle panel keeps its cells in (the
// low 16 bits of its p2) and that object's trap fields; ok is false
// unless it is a trap in use with its class entry.
func (l *Level) StateTrap(panel Fixture) (id int, state Trap, ok bool) {
	id = int(uint16(panel.P[1]))
	if id <= 0 || id >= len(l.Objects) {
		return id, Trap{}, false
	}
	o := l.Objects[id]
	if o.Active == 0 || o.Class != ClassTrap || o.SpecID == 0 || int(o.SpecID) >= len(l.Classes[ClassTrap]) {
		return id, Trap{}, false
	}
	return id, DecodeTrap(l.Classes[ClassTrap][o.SpecID].Data), true
}

// Links lists every link of the level's active objects, in object order.
// Quest data that names an object only when the game runs is not a link.
func (l *Level) Links() []Link {
	var links []Link
	for id := range l.Objects {
		links = l.appendLinks(links, id)
	}
	return links
}

// LinksFrom lists the links of object id.
func (l *Level) LinksFrom(id int) []Link { return l.appendLinks(nil, id) }

// LinksTo lists the links that name object id.
func (l *Level) LinksTo(id int) []Link {
	var to []Link
	for _, k := range l.Links() {
		if k.To == id {
			to = append(to, k)
		}
	}
	return to
}

func (l *Level) appendLinks(links []Link, id int) []Link {
	if id <= 0 || id >= len(l.Objects) || l.Objects[id].Active == 0 {
		return links
	}
	o := l.Objects[id]
	if int(o.Class) >= NumClasses || int(o.SpecID) >= len(l.Classes[o.Class]) {
		return links
	}
	return appendObjectLinks(links, id, o, l.Classes[o.Class][o.SpecID].Data)
}

// ObjectLinks lists the links object id would have with base fields o and
// class data data: what an edit of either would make of them.
func ObjectLinks(id int, o Object, data []byte) []Link { return appendObjectLinks(nil, id, o, data) }

func appendObjectLinks(links []Link, id int, o Object, data []byte) []Link {
	objectFields(o, data, func(to uint32, field string, _ func()) {
		links = append(links, Link{id, int(to), field})
	})
	return links
}

// ClearLink sets the field of object k.From (base fields o, class data
// data) that names k.To to 0, the game's "no object" (OBJ_NULL), in
// data. It reports whether data held that link.
func ClearLink(o Object, data []byte, k Link) bool {
	found := false
	objectFields(o, data, func(to uint32, field string, clear func()) {
		if !found && int(to) == k.To && field == k.Field {
			clear()
			found = true
		}
	})
	return found
}

// objectFields calls visit with each field of an object (base fields o,
// class data data) that names an object: the object, the field's name,
// and a function that sets the field to 0 in data.
func objectFields(o Object, data []byte, visit func(to uint32, field string, clear func())) {
	add := func(to uint32, field string, clear func()) {
		if isObject(to) {
			visit(to, field, clear)
		}
	}
	// A door's other half, a container's, corpse's or briefcase's
	// contents, a critter's loot, a pedestal's trigger object, a charge
	// station's or antenna panel's objects.
	layoutLinks := func() {
		for _, f := range ClassLayout(o, data) {
			if f.Kind == FieldObject {
				add(uint32(f.Get(data)), f.Name, func() { f.Set(data, 0) })
			}
		}
	}
	switch o.Class {
	default:
		layoutLinks()
	case ClassFixture:
		f := DecodeFixture(data)
		if kind, ok := PuzzlePanel(o, f); ok {
			add(f.P[0], "set off when solved", func() { f.P[0] = 0; f.Encode(data) })
			if kind == PuzzleBlock {
				add(uint32(uint16(f.P[1])), FieldStateTrap, func() { f.P[1] &^= 0xFFFF; f.Encode(data) })
			}
			break
		}
		if chargeStation(o) || antennaPanel(o) {
			layoutLinks()
			break
		}
		fallthrough
	case ClassTrap:
		t := DecodeTrap(data)
		for _, f := range ParamLayout(o, t) {
			if f.Kind == KindObject {
				add(f.Get(t), f.Name, func() { f.Set(&t, 0); t.Encode(data) })
			}
		}
	}
}

// isObject reports whether a parameter's value is a literal object index
// (quest data, 0x1000 and up, is resolved only when the game runs).
func isObject(v uint32) bool { return v != 0 && v < 0x1000 }
