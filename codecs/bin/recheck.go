package bin

import (
	"maps"
	"slices"
)

// Recheck is a list of problems after some entities of one kind were
// checked again: previous with each such entity's problems replaced by
// fresh[index] where its first problem stood, or appended (in index
// order) for an entity that had none. An entity in fresh with no
// problems now loses its old ones. A list whose problems did not change
// comes back equal to previous, so that a view of it need not be filled
// again.
func Recheck(previous []Problem, kind string, fresh map[int][]Problem) []Problem {
	out := make([]Problem, 0, len(previous))
	placed := make(map[int]bool, len(fresh))
	for _, p := range previous {
		now, rechecked := fresh[p.Index]
		switch {
		case p.Kind != kind || !rechecked:
			out = append(out, p)
		case !placed[p.Index]:
			out = append(out, now...)
			placed[p.Index] = true
		}
	}
	for _, i := range slices.Sorted(maps.Keys(fresh)) {
		if !placed[i] {
			out = append(out, fresh[i]...)
		}
	}
	return out
}
