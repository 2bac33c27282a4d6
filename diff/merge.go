package diff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/levelwright/levelwright/document"
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
// entities added go after the base's, each side's together, in an order
// that does not depend on which side is ours. With base's Schema, the
// fields that name entities are merged by the entity they name, and
// written with its index in the merged list; a derived field that both
// sides changed takes either value, as the import derives it again.
// Merge(base, ours, theirs) is Merge(base, theirs, ours).
func Merge(base, ours, theirs File) (File, []Conflict) {
	if len(ours.Levels) != len(base.Levels) || len(theirs.Levels) != len(base.Levels) {
		return File{}, []Conflict{{Level: -1, Where: "levels", Ours: len(ours.Levels), Their: len(theirs.Levels),
			Why: fmt.Sprintf("the files have different numbers of levels (base %d)", len(base.Levels))}}
	}
	out := File{Many: ours.Many, Schema: base.Schema}
	var conflicts []Conflict
	for i, b := range base.Levels {
		m := merger{level: b.Number(i), schema: base.Schema}
		out.Levels = append(out.Levels, m.merge([3]Level{b, ours.Levels[i], theirs.Levels[i]}))
		conflicts = append(conflicts, m.conflicts...)
	}
	if len(conflicts) > 0 {
		return File{}, conflicts
	}
	return out, nil
}

// The versions of a level that a merge reads, by their place in its
// arrays.
const (
	inBase = iota
	inOurs
	inTheirs
)

// merger merges one level, gathering its conflicts.
type merger struct {
	level     int
	schema    document.ExportSchema
	conflicts []Conflict
	// numbers are, by version and list, the merged index of each of the
	// version's entities that the merge keeps; lens, the length of each
	// version's list. Lists of slots (entities with their own indexes)
	// have none: their indexes stay.
	numbers [3]map[string]map[int]int
	lens    [3]map[string]int
}

func (m *merger) conflict(where string, o, t any, why string) {
	m.conflicts = append(m.conflicts, Conflict{Level: m.level, Where: where, Ours: o, Their: t, Why: why})
}

// merge merges the three versions of a level (base, ours, theirs): its
// own fields as values, its entity lists as lists laid out first, so
// that every entity's merged index is known when the fields naming it
// are merged.
func (m *merger) merge(v [3]Level) Level {
	level := Level{}
	var lists []string
	for _, key := range document.SortedKeys(v[inBase], v[inOurs], v[inTheirs]) {
		bv, ov, tv := v[inBase][key], v[inOurs][key], v[inTheirs][key]
		if isEntityList(bv) && isEntityList(ov) && isEntityList(tv) {
			lists = append(lists, key)
		} else if value, ok := m.value("level fields: "+key, bv, ov, tv); ok && value != nil {
			level[key] = value
		}
	}
	pairs := [3]map[string][]document.Pair{}
	for k := range v {
		if k != inBase {
			pairs[k], _ = pairings(lists, v[inBase], v[k], m.schema)
		}
		m.numbers[k], m.lens[k] = map[string]map[int]int{}, map[string]int{}
	}
	layouts := map[string][]slot{}
	for _, list := range lists {
		var l [3][]any
		for k := range l {
			l[k] = entities(v[k], list)
			m.lens[k][list] = len(l[k])
		}
		layouts[list] = m.layout(list, l, pairs[inOurs][list], pairs[inTheirs][list])
		if !isKeyed(l[:]...) {
			for k := range l {
				m.numbers[k][list] = map[int]int{}
			}
			for at, s := range layouts[list] {
				for k, i := range s {
					if i >= 0 {
						m.numbers[k][list][i] = at
					}
				}
			}
		}
	}
	for _, list := range lists {
		level[list] = m.list(list, v, layouts[list])
	}
	return level
}

// A slot is one entity of a merged list: its place in each version's
// list (base, ours, theirs), -1 where that version has none.
type slot [3]int

// layout lays out a merged list from its three versions l: a list only
// one side changed, or both the same way, is that side's; otherwise
// entities pair with the base's (ours and theirs pair it so), then those
// either side added follow. An entity removed on one side and changed
// on the other conflicts.
func (m *merger) layout(name string, l [3][]any, withOurs, withTheirs []document.Pair) []slot {
	b, o, t := l[inBase], l[inOurs], l[inTheirs]
	switch {
	case document.EqualJSON(o, t):
		return sideLayout(withOurs, len(o), inOurs, inTheirs)
	case document.EqualJSON(b, t):
		return sideLayout(withOurs, len(o), inOurs, inBase)
	case document.EqualJSON(b, o):
		return sideLayout(withTheirs, len(t), inTheirs, inBase)
	}
	ours, theirs := counterparts(withOurs, len(b)), counterparts(withTheirs, len(b))
	var out []slot
	for i, bv := range b {
		oi, ti := ours.of[i], theirs.of[i]
		where := fmt.Sprintf("%s %d", name, entityIndex(b, i))
		switch {
		case oi < 0 && ti < 0:
		case oi < 0:
			if !document.EqualJSON(bv, t[ti]) {
				m.conflict(where, nil, t[ti], "removed by ours, changed by theirs")
			}
		case ti < 0:
			if !document.EqualJSON(bv, o[oi]) {
				m.conflict(where, o[oi], nil, "changed by ours, removed by theirs")
			}
		default:
			out = append(out, slot{i, oi, ti})
		}
	}
	if isKeyed(b, o, t) {
		return append(out, slotsAdded(o, t, ours.added, theirs.added)...)
	}
	return append(out, added(o, t, ours.added, theirs.added)...)
}

// sideLayout is the layout of a list that one side (of) changed: that
// side's list, n entities paired with the base's by pairs; the version
// same holds the list as the base or as that side.
func sideLayout(pairs []document.Pair, n, of, same int) []slot {
	out := make([]slot, n)
	for i := range out {
		out[i] = slot{-1, -1, -1}
		out[i][of] = i
	}
	for _, p := range pairs {
		if p.A >= 0 && p.B >= 0 {
			out[p.B][inBase] = p.A
		}
	}
	for i := range out {
		if same == inBase {
			out[i][inOurs+inTheirs-of] = out[i][inBase]
		} else {
			out[i][same] = i
		}
	}
	return out
}

// added lays out the entities that ours and theirs added to a list
// without indexes (at places oa of o and ta of t): the same entities
// added by both once, others each side's together, the side whose
// entities' text comes first first.
func added(o, t []any, oa, ta []int) []slot {
	ov, tv := pick(o, oa), pick(t, ta)
	var out []slot
	if document.EqualJSON(ov, tv) {
		for k := range oa {
			out = append(out, slot{-1, oa[k], ta[k]})
		}
		return out
	}
	first, second := inOurs, inTheirs
	if document.CanonicalJSON([]any{ov})[0] > document.CanonicalJSON([]any{tv})[0] {
		first, second = inTheirs, inOurs
		oa, ta = ta, oa
	}
	for _, i := range oa {
		s := slot{-1, -1, -1}
		s[first] = i
		out = append(out, s)
	}
	for _, i := range ta {
		s := slot{-1, -1, -1}
		s[second] = i
		out = append(out, s)
	}
	return out
}

// slotsAdded lays out the entities that ours and theirs added to a table
// of slots, by slot (both sides may fill one only with the same entity,
// which entity checks); the list stays in slot order.
func slotsAdded(o, t []any, oa, ta []int) []slot {
	bySlot := map[int]slot{}
	for _, i := range oa {
		bySlot[entityIndex(o, i)] = slot{-1, i, -1}
	}
	for _, i := range ta {
		n := entityIndex(t, i)
		s, ok := bySlot[n]
		if !ok {
			s = slot{-1, -1, -1}
		}
		s[inTheirs] = i
		bySlot[n] = s
	}
	var out []slot
	for _, n := range slices.Sorted(maps.Keys(bySlot)) {
		out = append(out, bySlot[n])
	}
	return out
}

// list merges the entities of a list laid out as slots, each as a value
// (entity), with the fields that name entities renamed to merged
// indexes.
func (m *merger) list(name string, v [3]Level, slots []slot) []any {
	out := []any{} // an empty list stays a list
	for _, s := range slots {
		var e [3]any
		where := ""
		for k, i := range s {
			if i < 0 {
				continue
			}
			list := entities(v[k], name)
			e[k] = m.renamed(k, name, list[i])
			if where == "" {
				where = fmt.Sprintf("%s %d", name, entityIndex(list, i))
			}
		}
		if value, ok := m.entity(where, name, e); ok {
			out = append(out, value)
		}
	}
	return out
}

// entity merges the versions e of an entity of list: one added by a side
// is that side's, by both alike once; one in base merges as a value,
// save its derived fields, which take the value of either side that
// changed them (derived). An entity that names one that the merge
// leaves out conflicts.
func (m *merger) entity(where, list string, e [3]any) (any, bool) {
	b, o, t := e[inBase], e[inOurs], e[inTheirs]
	var v any
	switch {
	case b == nil && o == nil:
		v = t
	case b == nil && t == nil:
		v = o
	case b == nil && !document.EqualJSON(o, t):
		m.conflict(where, o, t, "added by both sides differently")
		return nil, false
	case b == nil:
		v = o
	case len(m.schema.Derived[list]) == 0:
		var ok bool
		if v, ok = m.value(where, b, o, t); !ok {
			return nil, false
		}
	default:
		fields := m.schema.Derived[list]
		var ok bool
		if v, ok = m.value(where, without(b, fields), without(o, fields), without(t, fields)); !ok {
			return nil, false
		}
		for _, f := range fields {
			if d := derived(field(b, f), field(o, f), field(t, f)); d != nil {
				v.(map[string]any)[f] = d
			}
		}
	}
	for _, f := range slices.Sorted(maps.Keys(m.schema.References[list])) {
		if name, ok := removedIn(field(v, f)); ok {
			m.conflict(where, o, t, fmt.Sprintf("%s names %s, which the merge leaves out", f, name))
			return nil, false
		}
	}
	return v, true
}

// without is entity e without fields.
func without(e any, fields []string) any {
	out := maps.Clone(e.(map[string]any))
	for _, f := range fields {
		delete(out, f)
	}
	return out
}

// field is field f of entity e.
func field(e any, f string) any { return e.(map[string]any)[f] }

// derived merges a derived field: the value of the side that changed it,
// or where both did, the value whose text comes first, so that the
// choice does not depend on which side is ours.
func derived(b, o, t any) any {
	switch {
	case document.EqualJSON(o, t), document.EqualJSON(b, t):
		return o
	case document.EqualJSON(b, o):
		return t
	}
	if text := document.CanonicalJSON([]any{o, t}); text[0] <= text[1] {
		return o
	}
	return t
}

// removed marks, in a field renamed to merged indexes, an entity that
// the merge leaves out: the mark, the entity's list and its index.
const removed = "\x00removed "

// renamed is entity e of list in version k with the fields that name
// entities of lists without their own indexes renamed to the merged
// indexes of what they name (removed, where the merge leaves it out).
func (m *merger) renamed(k int, list string, e any) any {
	refs := m.schema.References[list]
	if len(refs) == 0 {
		return e
	}
	out := maps.Clone(e.(map[string]any))
	for f, target := range refs {
		if numbers, ok := m.numbers[k][target]; ok && out[f] != nil {
			out[f] = rename(out[f], numbers, m.lens[k][target], target)
		}
	}
	return out
}

// rename is v, a field's value (an index, or a list of them), with each
// index of an entity of target, which has n entities, replaced by its
// merged index, or marked as removed.
func rename(v any, numbers map[int]int, n int, target string) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = rename(item, numbers, n, target)
		}
		return out
	case json.Number:
		i, err := x.Int64()
		if err != nil || i < 0 || i >= int64(n) {
			return v // names nothing
		}
		if to, ok := numbers[int(i)]; ok {
			return json.Number(strconv.Itoa(to))
		}
		return removed + target + " " + x.String()
	}
	return v
}

// removedIn finds in v, a field's value, an index marked as naming a
// removed entity, and returns that entity's name.
func removedIn(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return strings.CutPrefix(x, removed)
	case []any:
		for _, item := range x {
			if name, ok := removedIn(item); ok {
				return name, true
			}
		}
	}
	return "", false
}

// value merges one value three ways: the side that changed it wins;
// objects that both sides changed merge key by key; other values that
// both changed differently conflict.
func (m *merger) value(where string, b, o, t any) (any, bool) {
	switch {
	case document.EqualJSON(o, t), document.EqualJSON(b, t):
		return o, true
	case document.EqualJSON(b, o):
		return t, true
	}
	bm, bok := b.(map[string]any)
	om, ook := o.(map[string]any)
	tm, tok := t.(map[string]any)
	if bok && ook && tok {
		out := map[string]any{}
		ok := true
		for _, k := range document.SortedKeys(bm, om, tm) {
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

// isKeyed reports whether every list's entities carry their own indexes.
func isKeyed(lists ...[]any) bool {
	for _, l := range lists {
		if _, ok := document.OwnIndexes(l); !ok && len(l) > 0 {
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

// counterparts is sides of the pairs of a base list of n entities with
// a side's.
func counterparts(pairs []document.Pair, n int) sides {
	s := sides{of: make([]int, n)}
	for i := range s.of {
		s.of[i] = -1
	}
	for _, p := range pairs {
		switch {
		case p.A < 0:
			s.added = append(s.added, p.B)
		case p.B >= 0:
			s.of[p.A] = p.B
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
