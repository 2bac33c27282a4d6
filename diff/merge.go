package diff

import (
	"fmt"
	"slices"
)

// A Conflict is a change that the two sides made differently: the same
// field of the same entity changed both ways, or an entity changed on one
// side and removed on the other.
type Conflict struct {
	Level int    `json:"level"`
	Where string `json:"where"` // "objects 12.x", "level fields: gravity"
	Ours  any    `json:"ours"`
	Their any    `json:"theirs"`
	Why   string `json:"why"`
}

// String is the conflict as a line for people.
func (c Conflict) String() string {
	return fmt.Sprintf("level %d: %s: %s (ours %s, theirs %s)", c.Level, c.Where, c.Why, show(c.Ours), show(c.Their))
}

// Merge applies to base both ours' and theirs' changes to it: a field
// one side changed takes that side's value, an entity one side added or
// removed is added or removed. It returns the merged levels, or the
// conflicts, in which case the levels are not to be used. Where both
// sides changed a list of entities without their own indexes, the
// entities added go after the base's, ours first.
func Merge(base, ours, theirs File) (File, []Conflict) {
	if len(ours.Levels) != len(base.Levels) || len(theirs.Levels) != len(base.Levels) {
		return File{}, []Conflict{{Level: -1, Where: "levels", Ours: len(ours.Levels), Their: len(theirs.Levels),
			Why: fmt.Sprintf("the files have different numbers of levels (base %d)", len(base.Levels))}}
	}
	out := File{Many: ours.Many}
	var conflicts []Conflict
	for i, b := range base.Levels {
		m := merger{level: b.Number(i)}
		level := Level{}
		for _, key := range keys(b, ours.Levels[i], theirs.Levels[i]) {
			bv, ov, tv := b[key], ours.Levels[i][key], theirs.Levels[i][key]
			if isEntityList(bv) && isEntityList(ov) && isEntityList(tv) {
				level[key] = m.list(key, bv.([]any), ov.([]any), tv.([]any))
			} else if v, ok := m.value("level fields: "+key, bv, ov, tv); ok && v != nil {
				level[key] = v
			}
		}
		out.Levels = append(out.Levels, level)
		conflicts = append(conflicts, m.conflicts...)
	}
	if len(conflicts) > 0 {
		return File{}, conflicts
	}
	return out, nil
}

// merger merges one level, gathering its conflicts.
type merger struct {
	level     int
	conflicts []Conflict
}

func (m *merger) conflict(where string, o, t any, why string) {
	m.conflicts = append(m.conflicts, Conflict{Level: m.level, Where: where, Ours: o, Their: t, Why: why})
}

// value merges one value three ways: the side that changed it wins;
// objects that both sides changed merge key by key; other values that
// both changed differently conflict.
func (m *merger) value(where string, b, o, t any) (any, bool) {
	switch {
	case equal(o, t), equal(b, t):
		return o, true
	case equal(b, o):
		return t, true
	}
	bm, bok := b.(map[string]any)
	om, ook := o.(map[string]any)
	tm, tok := t.(map[string]any)
	if bok && ook && tok {
		out := map[string]any{}
		ok := true
		for _, k := range keys(bm, om, tm) {
			v, fine := m.value(where+"."+k, bm[k], om[k], tm[k])
			ok = ok && fine
			if v != nil {
				out[k] = v
			}
		}
		return out, ok
	}
	m.conflict(where, o, t, "changed both ways")
	return nil, false
}

// list merges an entity list: a list only one side changed, or both
// the same way, is that side's; otherwise entities pair with the base's
// (by their own index, or by place around what is unchanged), then each
// merges as a value; one removed on one side and changed on the other
// conflicts.
func (m *merger) list(name string, b, o, t []any) []any {
	switch {
	case equal(o, t), equal(b, t):
		return o
	case equal(b, o):
		return t
	}
	withOurs, withTheirs := counterparts(b, o), counterparts(b, t)
	keyed := isKeyed(b, o, t)
	out := []any{} // an empty list stays a list
	for i, bv := range b {
		oi, ti := withOurs.of[i], withTheirs.of[i]
		where := fmt.Sprintf("%s %d", name, entityIndex(b, i))
		switch {
		case oi < 0 && ti < 0:
		case oi < 0:
			if !equal(bv, t[ti]) {
				m.conflict(where, nil, t[ti], "removed by ours, changed by theirs")
			}
		case ti < 0:
			if !equal(bv, o[oi]) {
				m.conflict(where, o[oi], nil, "changed by ours, removed by theirs")
			}
		default:
			if v, ok := m.value(where, bv, o[oi], t[ti]); ok {
				out = append(out, v)
			}
		}
	}
	added := append(pick(o, withOurs.added), pick(t, withTheirs.added)...)
	if !keyed {
		return append(out, added...)
	}
	// Entities of a table of slots: both sides may fill the same slot
	// only with the same entity; the list stays in slot order.
	bySlot := map[int]any{}
	for _, v := range added {
		slot := entityIndex([]any{v}, 0)
		if was, ok := bySlot[slot]; ok && !equal(was, v) {
			m.conflict(fmt.Sprintf("%s %d", name, slot), was, v, "added by both sides differently")
		}
		bySlot[slot] = v
	}
	for _, v := range bySlot {
		out = append(out, v)
	}
	slices.SortFunc(out, func(x, y any) int { return entityIndex([]any{x}, 0) - entityIndex([]any{y}, 0) })
	return out
}

// isKeyed reports whether every list's entities carry their own indexes.
func isKeyed(lists ...[]any) bool {
	for _, l := range lists {
		if _, ok := indexes(l); !ok && len(l) > 0 {
			return false
		}
	}
	return true
}

// sides is how a side's list pairs with the base's: the side's place of
// each base entity (-1 when removed), and the places of its additions.
type sides struct {
	of    []int
	added []int
}

func counterparts(base, side []any) sides {
	s := sides{of: make([]int, len(base))}
	for i := range s.of {
		s.of[i] = -1
	}
	for _, p := range align(base, side) {
		switch {
		case p.a < 0:
			s.added = append(s.added, p.b)
		case p.b >= 0:
			s.of[p.a] = p.b
		}
	}
	return s
}

func pick(list []any, places []int) []any {
	out := make([]any, len(places))
	for i, p := range places {
		out[i] = list[p]
	}
	return out
}
