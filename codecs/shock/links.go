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
// Elevator panels and keypads use their parameters for other things.
func CanHoldPuzzle(o Object) bool {
	return o.Class == ClassFixture && o.Subclass == FixturePanel && (o.Type < PanelElevator1 || o.Type > PanelKeypad2)
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
	objectFields(o, data, func(to uint32, field string, _ func(uint32)) {
		links = append(links, Link{id, int(to), field})
	})
	return links
}

// ClearLink sets the field of object k.From (base fields o, class data
// data) that names k.To to 0, the game's "no object" (OBJ_NULL), in
// data. It reports whether data held that link.
func ClearLink(o Object, data []byte, k Link) bool {
	found := false
	objectFields(o, data, func(to uint32, field string, set func(uint32)) {
		if !found && int(to) == k.To && field == k.Field {
			set(0)
			found = true
		}
	})
	return found
}

// RemapLinks sets each field of an object (base fields o, class data
// data) that names an object to what to returns for it and the field's
// name: what a paste does to the links of the objects it copies.
func RemapLinks(o Object, data []byte, to func(v uint32, field string) uint32) {
	objectFields(o, data, func(v uint32, field string, set func(uint32)) { set(to(v, field)) })
}

// objectFields calls visit with each field of an object (base fields o,
// class data data) that its class layout says names an object and that
// holds one: the object, the field's name, and a function that sets the
// field in data.
func objectFields(o Object, data []byte, visit func(to uint32, field string, set func(uint32))) {
	for _, f := range ClassLayout(o, data) {
		if v := uint32(f.Get(data)); f.Kind == FieldObject && isObject(v) {
			visit(v, f.Name, func(to uint32) { f.Set(data, int64(to)) })
		}
	}
}

// isObject reports whether a parameter's value is a literal object index
// (quest data, 0x1000 and up, is resolved only when the game runs).
func isObject(v uint32) bool { return v != 0 && v < 0x1000 }
