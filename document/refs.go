package document

import (
	"fmt"
	"slices"
	"strings"
)

// A Referrer is a reference that a game's Delete clears: the field of
// From, an entity kept, that names To, an entity deleted.
type Referrer struct {
	From, To Ref
	// Name says it in the question asked before the delete: "object 86's
	// first object (object 87)".
	Name string
}

// String is the referrer's Name.
func (r Referrer) String() string { return r.Name }

// Deletable checks that refs, the entities a game's Delete is given,
// are of one level and of kinds, the kinds the game deletes, and sorts
// their indexes by kind.
func Deletable(refs []Ref, kinds ...Kind) (level int, indexes map[Kind][]int, err error) {
	indexes = map[Kind][]int{}
	for _, r := range refs {
		if !slices.Contains(kinds, r.Kind) {
			names := make([]string, len(kinds))
			for i, k := range kinds {
				names[i] = string(k)
			}
			return 0, nil, fmt.Errorf("cannot delete a %s here; select %s", r.Kind, strings.Join(names, ", "))
		}
		if r.Level != refs[0].Level {
			return 0, nil, fmt.Errorf("%s %d is on level %d and %s %d on level %d: delete the entities of one level at a time",
				refs[0].Kind, refs[0].Index, refs[0].Level, r.Kind, r.Index, r.Level)
		}
		indexes[r.Kind] = append(indexes[r.Kind], r.Index)
	}
	if len(refs) > 0 {
		level = refs[0].Level
	}
	return level, indexes, nil
}
