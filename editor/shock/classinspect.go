package shock

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// halfSeconds shows a door's auto close time.
var halfSeconds = &propgrid.Unit{Name: "s", Per: 2}

// classSections are object id's class properties by name
// (scodec.ClassLayout), each edited through SetClassField: numbers in
// their range, enumerations by name, bit sets as check boxes, keypad
// codes as their digits, references as the target's name with Pick.
// Bytes of unknown meaning are left out, and so are a trap's or
// fixture's action, destroy count, comparator and parameters, which have
// their own sections.
func (f *session) classSections(h game.Host, level, id int) []inspect.Section {
	rec, err := f.d.ClassRecord(level, id)
	if err != nil {
		return nil
	}
	o := f.d.Archive.Levels[level].Objects[id]
	shown := map[string]bool{scodec.FieldAction: true}
	if params, err := f.d.ParamFields(level, id); err == nil {
		for _, p := range params {
			shown[p.Name] = true
		}
	}
	var fields []propgrid.Field
	for i, field := range rec.Fields {
		trapPart := (o.Class == scodec.ClassTrap || o.Class == scodec.ClassFixture) && inHead(field) ||
			field.Name == scodec.FieldPuzzleKind // the Puzzle section's
		if field.Kind == scodec.FieldUnknown || shown[field.Name] || trapPart {
			continue
		}
		fields = append(fields, f.classField(h, level, id, field, rec.Values[i]))
	}
	if o.Class == scodec.ClassDoor {
		fields = append(fields, f.doorStateField(level, id))
	}
	if len(fields) == 0 {
		return nil
	}
	return []inspect.Section{{Title: "Properties of the " + scodec.ClassNames[o.Class], Fields: fields}}
}

// classField is one class field of object id in the inspector.
func (f *session) classField(h game.Host, level, id int, field scodec.ClassField, v int64) propgrid.Field {
	set := func(x int64) error { return f.d.SetClassField(level, id, field.Name, x) }
	if field.Name == scodec.FieldAccess {
		set = func(x int64) error {
			return h.AskBeforeDiscarding(f.d.Discards(level, id, sdoc.DataAccess, int(x)),
				func() error { return f.d.SetClassField(level, id, field.Name, x) })
		}
	}
	lo, hi := field.Range()
	switch field.Kind {
	case scodec.FieldObject:
		return f.referenceField(h, level, fmt.Sprintf("%s of object %d", field.Name, id), field.Name, uint32(v), uint32(hi),
			func(x uint32) error { return set(int64(x)) })
	case scodec.FieldEnum:
		var names []string
		index := -1
		for k, c := range field.Choices {
			names = append(names, c.Name)
			if c.Value == v {
				index = k
			}
		}
		if index < 0 { // a value the game does not name: shown, kept until changed
			index = len(names)
			names = append(names, fmt.Sprintf("%d (unnamed)", v))
		}
		return propgrid.Field{Label: field.Name, Choice: &propgrid.Choice{Options: names, Index: index, Set: func(k int) error {
			if k >= len(field.Choices) {
				return set(v)
			}
			return set(field.Choices[k].Value)
		}}}
	case scodec.FieldFlags:
		names := make([]string, field.Width())
		for b := range names {
			names[b] = fmt.Sprintf("bit %d", b)
			if b < len(field.Flags) && field.Flags[b] != "" {
				names[b] = field.Flags[b]
			}
		}
		return bitsField(field.Name, names, v, set)
	case scodec.FieldBCD:
		return bcdField(field.Name, v, set)
	case scodec.FieldQuest:
		return propgrid.Field{Label: field.Name, Text: &propgrid.Text{Value: f.questText(uint32(v)), Set: func(s string) error {
			n, err := f.parseQuest(s)
			if err != nil || int64(n) > hi {
				return fmt.Errorf("%s: %q is not var[0-4095], bit[0-4095], a quest name or a number from 0 to %d", field.Name, s, hi)
			}
			return set(int64(n))
		}}}
	}
	var unit *propgrid.Unit
	if field.Unit == "half seconds" {
		unit = halfSeconds
	}
	label := field.Name
	if unit == nil && field.Unit != "" {
		label += " (" + field.Unit + ")"
	}
	if len(field.Choices) > 0 {
		return namedNumberField(label, field, unit, v, set)
	}
	if field.Text != scodec.NoText {
		return f.gameTextField(field, v, set)
	}
	return propgrid.Field{Label: label, Number: &propgrid.Number{Value: float64(v), Whole: true, Min: float64(lo), Max: float64(hi),
		Unit: unit, Set: func(x float64) error { return set(int64(x)) }}}
}

// namedNumberField shows a number some of whose values mean something
// else (a door's auto close time of 0 or 255: never) by their names, the
// others in unit; a name or a number typed back sets it.
func namedNumberField(label string, field scodec.ClassField, unit *propgrid.Unit, v int64, set func(int64) error) propgrid.Field {
	per, suffix := 1.0, ""
	if unit != nil {
		per, suffix = unit.Per, " "+unit.Name
	}
	shown := strconv.FormatFloat(float64(v)/per, 'f', -1, 64) + suffix
	var names []string
	for _, c := range field.Choices {
		names = append(names, c.Name)
		if c.Value == v {
			shown = c.Name
		}
	}
	lo, hi := field.Range()
	return propgrid.Field{Label: label, Text: &propgrid.Text{Value: shown, Set: func(s string) error {
		s = strings.TrimSpace(s)
		for _, c := range field.Choices {
			if strings.EqualFold(s, c.Name) {
				return set(c.Value)
			}
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, suffix)), 64)
		n := int64(math.Round(x * per))
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("%s: %q is not %s or a number from %g to %g%s", label, s, strings.Join(names, ", "), float64(lo)/per, float64(hi)/per, suffix)
		}
		return set(n)
	}}}
}

// doorStateField shows whether door id is closed or open and opens or
// closes it; a door caught part way keeps its frame until changed.
func (f *session) doorStateField(level, id int) propgrid.Field {
	pos, _ := f.d.DoorPosition(level, id, f.data)
	names := []string{scodec.DoorClosed.String(), scodec.DoorOpen.String()}
	index := 0
	switch pos {
	case scodec.DoorOpen:
		index = 1
	case scodec.DoorPartlyOpen:
		index = len(names)
		names = append(names, fmt.Sprintf("%s (frame %d)", pos, f.d.Archive.Levels[level].Objects[id].Frame))
	}
	return propgrid.Field{Label: "state", Choice: &propgrid.Choice{Options: names, Index: index, Set: func(k int) error {
		if k > 1 {
			return nil
		}
		return f.d.SetDoorOpen(level, id, k == 1, f.data)
	}}}
}

// parseReference reads an object reference as typed: a number, "object
// 123" (what the field shows), or the name of the one object of that type
// in the level ("small crate").
func (f *session) parseReference(level int, s string) (uint64, error) {
	s = strings.TrimSpace(s)
	number := strings.TrimSpace(strings.TrimPrefix(strings.SplitN(s, ":", 2)[0], "object"))
	if n, err := strconv.ParseUint(number, 0, 32); err == nil {
		return n, nil
	}
	var found []int
	for i, o := range f.d.Archive.Levels[level].Objects {
		if i > 0 && o.Active != 0 && strings.EqualFold(f.typeName(int(o.Class), int(o.Subclass), int(o.Type)), s) {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		return 0, fmt.Errorf("no object of the level is called %q", s)
	case 1:
		return uint64(found[0]), nil
	}
	return 0, fmt.Errorf("%d objects are called %q (objects %v): type the number or pick one", len(found), s, found[:min(len(found), 5)])
}

// bitsField edits a bit set, each bit named by names, as boxes.
func bitsField(label string, names []string, v int64, set func(int64) error) propgrid.Field {
	return propgrid.Field{Label: label, Flags: &propgrid.Flags{Names: names, Value: uint64(v), Set: func(bit int, on bool) error {
		if on {
			return set(v | 1<<bit)
		}
		return set(v &^ (1 << bit))
	}}}
}

// bcdField edits a keypad code, stored as binary-coded decimal: shown
// and typed as its decimal digits.
func bcdField(label string, v int64, set func(int64) error) propgrid.Field {
	return propgrid.Field{Label: label, Text: &propgrid.Text{Value: fmt.Sprintf("%x", v), Set: func(s string) error {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 16, 64)
		if err != nil {
			return fmt.Errorf("%s: %q is not a code of decimal digits", label, s)
		}
		return set(n)
	}}}
}
