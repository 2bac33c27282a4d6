package shock

import (
	"bytes"
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// ClassRecord reads object id's class data field by field
// (codec.ClassLayout).
func (d *Document) ClassRecord(level, id int) (codec.ClassRecord, error) {
	l, err := d.Level(level)
	if err != nil {
		return codec.ClassRecord{}, err
	}
	if err := objectEntry(l, id); err != nil {
		return codec.ClassRecord{}, err
	}
	o := l.Objects[id]
	return codec.DecodeClassRecord(o, l.Classes[o.Class][o.SpecID].Data), nil
}

// SetClassField sets the class field named name of object id to value as
// one step, changing only that field's bits; a trap's or fixture's action
// is set through SetTrapAction, which sets its parameters aside. It refuses a value out of
// the field's range, not one of its choices, or naming an object not in
// use (or of the wrong class: a door's other half is a door), and one
// that would move a map note's text offset.
func (d *Document) SetClassField(level, id int, name string, value int64) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if err := objectEntry(r.level, id); err != nil {
		return err
	}
	o := r.level.Objects[id]
	f, _, ok := codec.DecodeClassRecord(o, r.level.Classes[o.Class][o.SpecID].Data).Field(name)
	if !ok {
		return fmt.Errorf("%s %d has no field %q", codec.ClassNames[o.Class], id, name)
	}
	if err := f.Check(value); err != nil {
		return fmt.Errorf("%s %d: %w", codec.ClassNames[o.Class], id, err)
	}
	if f.Kind == codec.FieldObject && value != 0 && value < 0x1000 {
		if n := len(r.level.Objects); int(value) >= n || r.level.Objects[value].Active == 0 {
			return fmt.Errorf("%s %d: %s: object %d is not in use (the field takes 0 or an object in use, 1-%d)",
				codec.ClassNames[o.Class], id, name, value, n-1)
		}
	}
	if f.Name == codec.FieldAction {
		// The parameters meant something else under the old action.
		return d.SetTrapAction(level, id, codec.Action(value))
	}
	after := bytes.Clone(r.level.Classes[o.Class][o.SpecID].Data)
	f.Set(after, value)
	clearChangedLock(o, r.level.Classes[o.Class][o.SpecID].Data, after)
	if err := keepNoteOffset(r.level, id, after); err != nil {
		return err
	}
	before := r.level.LinksFrom(id)
	copy(r.entry(int(o.Class), int(o.SpecID)).Data, after)
	if err := r.checkLinks(id, before); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("Set %s of object %d", name, id), "")
}

// clearChangedLock clears the lock of door o (bytes 0-1) in its new class
// data after when the edit from data changes what the lock is: a quest
// bit, or with access codec.AccessLockTrap a trap (Discards says so
// before the edit).
func clearChangedLock(o codec.Object, data, after []byte) {
	if o.Class == codec.ClassDoor && (data[4] == codec.AccessLockTrap) != (after[4] == codec.AccessLockTrap) {
		after[0], after[1] = 0, 0
	}
}
