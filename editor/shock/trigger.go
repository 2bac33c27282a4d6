package shock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// comparatorEnd is where a trap's or fixture's head ends: the action
// (byte 0), the destroy count (byte 1) and the comparator (bytes 2-5).
const comparatorEnd = 6

// inHead reports whether field is one of the destroy count's and the
// comparator's, which the Condition section shows.
func inHead(field scodec.ClassField) bool {
	return field.Offset >= 1 && field.Offset < comparatorEnd && field.Name != scodec.FieldAction
}

// conditionSection shows what a trap, trigger or fixture checks before
// it acts, as its class layout names the comparator's fields (a
// condition on a quest bit or variable, or what a deathwatch, area or
// ecology trigger watches), and its destroy count, each edited through
// SetClassField.
func (f *session) conditionSection(h game.Host, level, id int) []inspect.Section {
	rec, err := f.d.ClassRecord(level, id)
	if err != nil {
		return nil
	}
	// What the comparator holds first, "condition reads" before the
	// variable it reads, then the destroy count.
	var fields, last []propgrid.Field
	for i, field := range rec.Fields {
		switch {
		case !inHead(field) || field.Kind == scodec.FieldUnknown:
		case field.Name == conditionVariable:
			fields = append(fields, f.conditionVariableField(level, id))
		case field.Name == conditionReads:
			fields = append([]propgrid.Field{f.classField(h, level, id, field, rec.Values[i])}, fields...)
		case field.Name == scodec.FieldDestroyCount:
			last = append(last, f.classField(h, level, id, field, rec.Values[i]))
		default:
			fields = append(fields, f.classField(h, level, id, field, rec.Values[i]))
			if what, ok := strings.CutSuffix(field.Name, " type"); ok {
				fields = append(fields, f.tripleName(what, rec)...)
			}
		}
	}
	fields = append(fields, last...)
	title := "Condition"
	if !scodec.ComparatorIsCondition(f.d.Archive.Levels[level].Objects[id]) {
		title = "What sets it off"
	}
	return []inspect.Section{{Title: title, Fields: fields}}
}

// tripleName names the object type that the fields "what class", "what
// subclass" and "what type" of rec say (the type a deathwatch trigger
// watches, an ecology trigger counts), read-only after them; nothing
// when rec lacks one of them.
func (f *session) tripleName(what string, rec scodec.ClassRecord) []propgrid.Field {
	var triple [3]int
	for k, part := range []string{" class", " subclass", " type"} {
		i := slices.IndexFunc(rec.Fields, func(c scodec.ClassField) bool { return c.Name == what+part })
		if i < 0 {
			return nil
		}
		triple[k] = int(rec.Values[i])
	}
	return []propgrid.Field{{Label: what, Text: &propgrid.Text{Value: f.typeName(triple[0], triple[1], triple[2])}}}
}

// The class fields of the quest bit or variable a condition reads, and
// of which of the two it reads.
const (
	conditionVariable = "condition variable"
	conditionReads    = "condition reads"
)

// conditionVariableField shows the quest bit or variable a condition
// reads by its number and the mission's name for it; typing a name sets
// both the number and whether it is a bit or a variable, in one step.
func (f *session) conditionVariableField(level, id int) propgrid.Field {
	trap, err := f.d.Trap(level, id)
	if err != nil {
		return propgrid.Field{Label: conditionVariable, Text: &propgrid.Text{Value: err.Error()}}
	}
	c := trap.Comparator
	shown := strconv.Itoa(c.Variable())
	if name := f.names.Name(c.IsQuestVariable(), c.Variable()); name != "" {
		shown += " (" + name + ")"
	}
	return propgrid.Field{Label: conditionVariable, Text: &propgrid.Text{Value: shown, Set: func(s string) error {
		isVar, n, ok := f.names.Lookup(s)
		if !ok {
			number, _, _ := strings.Cut(strings.TrimSpace(s), " (")
			v, err := strconv.ParseUint(number, 0, 12)
			if err != nil {
				return fmt.Errorf("%s: %q is not a number from 0 to 4095 or a quest name of %s", conditionVariable, s, sdoc.QuestNamesFile)
			}
			isVar, n = c.IsQuestVariable(), int(v)
		}
		return f.d.SetComparator(level, id, scodec.MakeComparator(n, isVar, c.Operator(), c.Value(), c.FailMessage()))
	}}}
}
