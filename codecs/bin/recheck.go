package bin

import (
	"cmp"
	"slices"
)

// An Entity is what a problem is about: its kind and index.
type Entity struct {
	Kind  string
	Index int
}

// Recheck is a list of problems after some entities were checked again:
// previous with each such entity's problems replaced by fresh[entity]
// where its first problem stood, or appended (in the order of kind and
// index) for an entity that had none. An entity in fresh with no
// problems now loses its old ones. A list whose problems did not change
// comes back equal to previous, so that a view of it need not be filled
// again.
func Recheck(previous []Problem, fresh map[Entity][]Problem) []Problem {
	out := make([]Problem, 0, len(previous))
	placed := make(map[Entity]bool, len(fresh))
	for _, p := range previous {
		e := Entity{p.Kind, p.Index}
		now, rechecked := fresh[e]
		switch {
		case !rechecked:
			out = append(out, p)
		case !placed[e]:
			out = append(out, now...)
			placed[e] = true
		}
	}
	// Only the entities that had no problems and have some now are
	// appended: the others append nothing, and need no sorting.
	var added []Entity
	for e, now := range fresh {
		if len(now) > 0 && !placed[e] {
			added = append(added, e)
		}
	}
	slices.SortFunc(added, func(a, b Entity) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Index, b.Index))
	})
	for _, e := range added {
		out = append(out, fresh[e]...)
	}
	return out
}
