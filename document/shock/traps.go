package shock

import (
	"bytes"
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// trapData returns the class data of object id when it is a trap (class
// 12) or a fixture (class 9), whose data starts with a trap's fields.
func trapData(l *codec.Level, id int) ([]byte, error) {
	if err := objectEntry(l, id); err != nil {
		return nil, err
	}
	o := l.Objects[id]
	if o.Class != codec.ClassTrap && o.Class != codec.ClassFixture {
		return nil, fmt.Errorf("object %d is a %s, not a trap or fixture", id, codec.ClassNames[o.Class])
	}
	return l.Classes[o.Class][o.SpecID].Data, nil
}

// Trap returns the trap fields of trap or fixture id.
func (d *Document) Trap(level, id int) (codec.Trap, error) {
	l, err := d.Level(level)
	if err != nil {
		return codec.Trap{}, err
	}
	data, err := trapData(l, id)
	if err != nil {
		return codec.Trap{}, err
	}
	return codec.DecodeTrap(data), nil
}

// editTrap changes trap or fixture id's trap fields through edit, as one
// step, refusing links to objects the engine could not follow and a move
// of a map note's text offset.
func (d *Document) editTrap(level, id int, description string, edit func(*codec.Trap) error) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if _, err := trapData(r.level, id); err != nil {
		return err
	}
	o := r.level.Objects[id]
	before := r.level.LinksFrom(id)
	e := r.entry(int(o.Class), int(o.SpecID))
	t := codec.DecodeTrap(e.Data)
	if err := edit(&t); err != nil {
		r.Rollback()
		return err
	}
	after := bytes.Clone(e.Data)
	t.Encode(after)
	if err := keepNoteOffset(r.level, id, after); err != nil {
		r.Rollback()
		return err
	}
	copy(e.Data, after)
	if err := r.checkLinks(id, before); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("%s of object %d", description, id), "")
}

// ParamFields is the layout of object id's parameters (codec.ParamLayout).
func (d *Document) ParamFields(level, id int) ([]codec.ParamField, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	data, err := trapData(l, id)
	if err != nil {
		return nil, err
	}
	return codec.ParamLayout(l.Objects[id], codec.DecodeTrap(data)), nil
}

// SetTrapParam sets the parameter field named name of trap or fixture id.
func (d *Document) SetTrapParam(level, id int, name string, value uint32) error {
	fields, err := d.ParamFields(level, id)
	if err != nil {
		return err
	}
	for _, f := range fields {
		if f.Name != name {
			continue
		}
		if f.Bits < 32 && value >= 1<<f.Bits {
			return fmt.Errorf("%s: %d does not fit in %d bits", name, value, f.Bits)
		}
		return d.editTrap(level, id, "Set "+name, func(t *codec.Trap) error {
			f.Set(t, value)
			return nil
		})
	}
	return fmt.Errorf("object %d has no parameter %q", id, name)
}

// SetTrapParams sets p1..p4 of trap or fixture id at once.
func (d *Document) SetTrapParams(level, id int, p [4]uint32) error {
	return d.editTrap(level, id, "Set parameters", func(t *codec.Trap) error {
		t.P = p
		return nil
	})
}

// SetComparator sets the condition trap or fixture id checks.
func (d *Document) SetComparator(level, id int, c codec.Comparator) error {
	return d.editTrap(level, id, "Set condition", func(t *codec.Trap) error {
		t.Comparator = c
		return nil
	})
}

// Links lists every link of a level (see codec.Level.Links).
func (d *Document) Links(level int) ([]codec.Link, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	return l.Links(), nil
}
