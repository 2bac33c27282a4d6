package shock

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// DataField is an object field whose value decides how the object's class
// data reads, so that changing it can make a puzzle or a list of targets
// disappear.
type DataField int

const (
	// DataAction is a trap's or fixture's action (SetTrapAction): a new
	// action reads the parameters afresh, which it clears.
	DataAction DataField = iota
	// DataType is an object's type (SetObjectField with ObjectType): a
	// panel's type decides whether its parameters are a puzzle.
	DataType
	// DataAccess is a door's access level (SetClassField with
	// codec.FieldAccess): with codec.AccessLockTrap its lock names a
	// trap, otherwise a quest bit, and changing between them clears it.
	DataAccess
)

// Discards says what setting field of object id to value would take away,
// for a question before the edit: "the block puzzle (4x5) and its links
// to object 12 (set off when solved) and object 80 (state trap)". It is ""
// when the edit loses nothing or would be refused (the edit says why).
// What the edit takes is kept: choosing the old value again, as a later
// edit, or undoing the edit gives it back.
func (d *Document) Discards(level, id int, field DataField, value int) string {
	l, err := d.Level(level)
	if err != nil || objectEntry(l, id) != nil {
		return ""
	}
	o := l.Objects[id]
	data := l.Classes[o.Class][o.SpecID].Data
	after, afterData := o, slices.Clone(data)
	switch field {
	case DataAction:
		if value < 0 || value >= codec.NumActions || (o.Class != codec.ClassTrap && o.Class != codec.ClassFixture) {
			return ""
		}
		t := codec.DecodeTrap(data)
		if t.Action == codec.Action(value) {
			return ""
		}
		t.Action, t.P = codec.Action(value), d.setAside[d.handle(level, id)][codec.Action(value)]
		t.Encode(afterData)
	case DataType:
		if value < 0 || value > 255 {
			return ""
		}
		after.Type = uint8(value)
	case DataAccess:
		if o.Class != codec.ClassDoor || value < 0 || value > 255 {
			return ""
		}
		afterData[4] = uint8(value)
		clearChangedLock(o, data, afterData)
		if lock := int(data[0]) | int(data[1])<<8; lock != 0 && afterData[0]|afterData[1] == 0 && data[4] != codec.AccessLockTrap {
			return fmt.Sprintf("its lock, quest bit %d", lock)
		}
	default:
		return ""
	}
	var lost []string
	if what := lostReading(o, data, after, afterData); what != "" {
		lost = append(lost, what)
	}
	var gone []string
	afterLinks := codec.ObjectLinks(id, after, afterData)
	for _, k := range codec.ObjectLinks(id, o, data) {
		if !slices.Contains(afterLinks, k) {
			gone = append(gone, fmt.Sprintf("object %d (%s)", k.To, k.Field))
		}
	}
	switch len(gone) {
	case 0:
	case 1:
		lost = append(lost, "its link to "+gone[0])
	default:
		lost = append(lost, "its links to "+strings.Join(gone[:len(gone)-1], ", ")+" and "+gone[len(gone)-1])
	}
	return strings.Join(lost, " and ")
}

// lostReading names the puzzle, or the parameters, that object o with
// class data data holds and that after with afterData no longer does.
func lostReading(o codec.Object, data []byte, after codec.Object, afterData []byte) string {
	if o.Class != codec.ClassTrap && o.Class != codec.ClassFixture {
		return ""
	}
	t, afterTrap := codec.DecodeTrap(data), codec.DecodeTrap(afterData)
	if o.Class == codec.ClassFixture {
		f := codec.DecodeFixture(data)
		if kind, ok := codec.PuzzlePanel(o, f); ok {
			afterKind, afterOK := codec.PuzzlePanel(after, codec.DecodeFixture(afterData))
			if afterOK && afterKind == kind && afterTrap.P == t.P {
				return ""
			}
			if kind == codec.PuzzleBlock {
				b := codec.DecodeBlockPuzzle(f, codec.Trap{})
				return fmt.Sprintf("the block puzzle (%dx%d)", b.Rows, b.Cols)
			}
			w := codec.DecodeWirePuzzle(f)
			return fmt.Sprintf("the wire puzzle (%d wires, %d pins)", w.WireCount(), w.PinCount())
		}
	}
	if afterTrap.P == t.P || t.P == [4]uint32{} {
		return ""
	}
	var values []string
	for _, f := range codec.ParamLayout(o, t) {
		if v := f.Get(t); v != 0 {
			values = append(values, fmt.Sprintf("%s %d", f.Name, v))
		}
	}
	if len(values) == 0 {
		return fmt.Sprintf("the parameters of its %q action (p1-p4 %d, %d, %d, %d)", t.Action, t.P[0], t.P[1], t.P[2], t.P[3])
	}
	return fmt.Sprintf("the parameters of its %q action (%s)", t.Action, strings.Join(values, ", "))
}

// handle is object id's stable identity, which edits that renumber or
// delete and restore it keep.
func (d *Document) handle(level, id int) uuid.UUID {
	return d.Handles.Of(document.Ref{Level: level, Kind: KindObject, Index: id})
}

// SetTrapAction sets the action of trap or fixture id. Its parameters
// meant something else under the old action: they are set aside, and the
// parameters the object had when it last had the new action come back (or
// none), so that choosing the old action again restores a puzzle or a list
// of targets; that is refused while they name an object deleted since,
// and on a block puzzle's state trap, whose parameters are the puzzle's
// cells, and on a map note when its text offset would move. Ask Discards
// first.
func (d *Document) SetTrapAction(level, id int, action codec.Action) error {
	if int(action) >= codec.NumActions {
		return fmt.Errorf("action %d is outside 0-%d", action, codec.NumActions-1)
	}
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	data, err := trapData(r.level, id)
	if err != nil {
		return err
	}
	old := codec.DecodeTrap(data)
	if old.Action == action {
		return nil
	}
	if panel, ok := statePanel(r.level, id); ok {
		return fmt.Errorf("object %d keeps the cells of block puzzle panel %d in its parameters: its action stays %q (edit the panel's puzzle instead)", id, panel, old.Action)
	}
	key := d.handle(level, id)
	before := r.level.LinksFrom(id)
	t := old
	t.Action, t.P = action, d.setAside[key][action]
	after := bytes.Clone(data)
	t.Encode(after)
	if err := keepNoteOffset(r.level, id, after); err != nil {
		return err
	}
	o := r.level.Objects[id]
	copy(r.entry(int(o.Class), int(o.SpecID)).Data, after)
	// Parameters set aside may name an object deleted since.
	if err := r.checkLinks(id, before); err != nil {
		r.Rollback()
		return fmt.Errorf("the parameters object %d had under action %q: %w", id, action, err)
	}
	if err := r.Commit(fmt.Sprintf("Set action of object %d", id), ""); err != nil {
		return err
	}
	aside := d.setAside[key]
	if aside == nil {
		aside = map[codec.Action][4]uint32{}
		d.setAside[key] = aside
	}
	delete(aside, action)
	if old.P != [4]uint32{} {
		aside[old.Action] = old.P
	}
	return nil
}
