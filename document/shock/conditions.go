package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// ConditionField is one part of what a trap or fixture checks before it
// acts (its comparator), or how many times it goes off before it
// destroys itself, edited by name.
type ConditionField int

// The condition fields; NumConditionFields counts them.
const (
	ConditionReads    ConditionField = iota // 0: a quest bit, 1: a quest variable (codec.QuestVariableKinds)
	ConditionVariable                       // the quest bit or variable read
	ConditionOperator                       // codec.OperatorNames
	ConditionValue                          // what the variable is compared with
	ConditionMessage                        // the message shown when the check fails
	ConditionDestroyCount
	NumConditionFields
)

var conditionFieldNames = [NumConditionFields]string{"condition reads", "condition variable", "condition operator",
	"condition value", "message when the check fails", "destroy count"}

// String names the field as the inspector and the commands show it.
func (f ConditionField) String() string {
	if f < 0 || f >= NumConditionFields {
		return fmt.Sprintf("condition field %d", int(f))
	}
	return conditionFieldNames[f]
}

// ConditionFieldNamed is the field called name, if there is one.
func ConditionFieldNamed(name string) (ConditionField, bool) {
	for f, n := range conditionFieldNames {
		if n == name {
			return ConditionField(f), true
		}
	}
	return 0, false
}

// Range is the values the field holds.
func (f ConditionField) Range() (lo, hi int) {
	switch f {
	case ConditionReads:
		return 0, len(codec.QuestVariableKinds) - 1
	case ConditionVariable:
		return 0, 0xFFF
	case ConditionOperator:
		return 0, len(codec.OperatorNames) - 1
	}
	return 0, 255
}

// ValueNames are the names of the field's values 0, 1, ..., nil for a
// number.
func (f ConditionField) ValueNames() []string {
	switch f {
	case ConditionReads:
		return codec.QuestVariableKinds[:]
	case ConditionOperator:
		return codec.OperatorNames[:]
	}
	return nil
}

// Get returns the field's value in t.
func (f ConditionField) Get(t codec.Trap) int {
	c := t.Comparator
	switch f {
	case ConditionReads:
		return boolInt(c.IsQuestVariable())
	case ConditionVariable:
		return c.Variable()
	case ConditionOperator:
		return c.Operator()
	case ConditionValue:
		return c.Value()
	case ConditionMessage:
		return c.FailMessage()
	}
	return int(t.DestroyCount)
}

// Set stores v, which must be within the field's range, in t's field,
// leaving the other fields as they are.
func (f ConditionField) Set(t *codec.Trap, v int) {
	c := t.Comparator
	parts := [...]int{boolInt(c.IsQuestVariable()), c.Variable(), c.Operator(), c.Value(), c.FailMessage()}
	if f == ConditionDestroyCount {
		t.DestroyCount = uint8(v)
		return
	}
	parts[f] = v
	t.Comparator = codec.MakeComparator(parts[ConditionVariable], parts[ConditionReads] == 1, parts[ConditionOperator],
		parts[ConditionValue], parts[ConditionMessage])
}

// SetCondition sets one condition field of trap or fixture id, as one
// step; a value outside the field's range is refused, naming both.
func (d *Document) SetCondition(level, id int, field ConditionField, value int) error {
	if field < 0 || field >= NumConditionFields {
		return fmt.Errorf("no condition field %d", int(field))
	}
	if lo, hi := field.Range(); value < lo || value > hi {
		return fmt.Errorf("%s %d is outside %d-%d", field, value, lo, hi)
	}
	return d.editTrap(level, id, "Set "+field.String(), func(t *codec.Trap) error {
		field.Set(t, value)
		return nil
	})
}
