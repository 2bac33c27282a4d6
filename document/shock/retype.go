package shock

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// trapFieldsSize is how many bytes a trap's fields take at the start of
// a trap's and a fixture's class data.
const trapFieldsSize = 22

// ChangeObjectKind makes object id an object of another class, subclass
// and type, as one step. Its base fields and place stay. Within its
// class it keeps its class data; moved to another class it takes a new
// entry of that class, filled from the level's default entry, and keeps
// only the trap fields when it goes from a trap to a fixture or back. A
// panel made from a kind that holds no puzzle drops kept parameters that
// would read as a puzzle the game cannot show.
// A kind the game does not define, a full class table, or a change that
// leaves a link the engine could not follow (a door's other half that is
// no longer a door, say) is refused.
func (d *Document) ChangeObjectKind(level, id int, class, subclass, typ uint8) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	l := r.level
	if err := objectEntry(l, id); err != nil {
		return err
	}
	o := l.Objects[id]
	if o.Class == class && o.Subclass == subclass && o.Type == typ {
		return fmt.Errorf("object %d is already %s subclass %d type %d", id, codec.ClassNames[class], subclass, typ)
	}
	next := o
	next.Class, next.Subclass, next.Type = class, subclass, typ
	if code, reason := l.ObjectProblem(next); code != "" {
		return fmt.Errorf("object %d: %s", id, reason)
	}
	if err := r.changeKind(id, class, subclass, typ); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("Make object %d a %s", id, codec.ClassNames[class]), "")
}

func (r *edit) changeKind(id int, class, subclass, typ uint8) error {
	l := r.level
	o := l.Objects[id]
	before, footprint := l.LinksFrom(id), r.footprint(id)
	wasBroken := slices.DeleteFunc(l.LinksTo(id), func(k codec.Link) bool { code, _ := l.LinkProblem(k); return code == "" })
	if o.Class != class {
		entry, err := r.allocEntry(int(class), id)
		if err != nil {
			return fmt.Errorf("object %d cannot become a %s: %w", id, codec.ClassNames[class], err)
		}
		data := r.entry(int(class), entry).Data
		copy(data, l.Defaults[class].Data)
		if isTrapLike(o.Class) && isTrapLike(class) {
			copy(data[:trapFieldsSize], l.Classes[o.Class][o.SpecID].Data)
		}
		r.freeEntry(int(o.Class), int(o.SpecID))
		r.object(id).SpecID = uint16(entry)
	}
	obj := r.object(id)
	wasPuzzle := codec.CanHoldPuzzle(*obj)
	obj.Class, obj.Subclass, obj.Type = class, subclass, typ
	r.dropStrayPuzzle(id, wasPuzzle)
	if !slices.Equal(footprint, r.footprint(id)) {
		r.unlinkTiles(id)
		if err := r.linkTiles(id); err != nil {
			return err
		}
	}
	if err := r.checkLinks(id, before); err != nil {
		return err
	}
	for _, k := range l.LinksTo(id) {
		if code, reason := l.LinkProblem(k); code != "" && !slices.Contains(wasBroken, k) {
			return fmt.Errorf("object %d cannot become a %s: %s", id, codec.ClassNames[class], reason)
		}
	}
	return nil
}

// isTrapLike reports whether class's data starts with a trap's fields.
func isTrapLike(class uint8) bool { return class == codec.ClassTrap || class == codec.ClassFixture }

// dropStrayPuzzle clears parameters 2-4 of object id, just made a panel
// that can hold a puzzle from a kind that could not (wasPuzzle false),
// when the parameters it kept read as a puzzle the game cannot show: they
// meant something else, and without them the panel holds no puzzle.
func (r *edit) dropStrayPuzzle(id int, wasPuzzle bool) {
	if code, _ := r.level.PuzzleProblem(id); wasPuzzle || code == "" {
		return
	}
	o := r.level.Objects[id]
	e := r.entry(int(o.Class), int(o.SpecID))
	f := codec.DecodeFixture(e.Data)
	f.P[1], f.P[2], f.P[3] = 0, 0, 0
	f.Encode(e.Data)
}
