package bin

import (
	"cmp"
	"maps"
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
	for _, e := range slices.SortedFunc(maps.Keys(fresh), func(a, b Entity) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Index, b.Index))
	}) {
		if !placed[e] {
			out = append(out, fresh[e]...)
		}
	}
	return out
}
