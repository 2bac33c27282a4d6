package shock

import (
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// conditionFields edit what a trap, trigger or fixture checks before it
// acts, field by field through SetCondition: what it reads (a quest bit
// or variable) and the operator by name, the variable, the value, the
// message shown when the check fails, and its destroy count.
func (f *session) conditionFields(level, id int) []propgrid.Field {
	trap, err := f.d.Trap(level, id)
	if err != nil {
		return nil
	}
	var out []propgrid.Field
	for field := sdoc.ConditionReads; field < sdoc.NumConditionFields; field++ {
		v := field.Get(trap)
		set := func(x int) error { return f.d.SetCondition(level, id, field, x) }
		if names := field.ValueNames(); names != nil {
			out = append(out, propgrid.Field{Label: field.String(), Choice: &propgrid.Choice{Options: names, Index: v, Set: set}})
			continue
		}
		lo, hi := field.Range()
		out = append(out, propgrid.Field{Label: field.String(), Number: &propgrid.Number{Value: float64(v), Whole: true,
			Min: float64(lo), Max: float64(hi), Set: func(x float64) error { return set(int(x)) }}})
	}
	return out
}
