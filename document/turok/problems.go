package turok

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/undo"
)

// A tally is what the map's problems were found with, and what was
// edited since: each actor's TID then and how many actors carried each
// TID, so that a check after edits of a few actors knows whether their
// targets changed for the others; the actors edited since, and whether
// anything else was.
type tally struct {
	tids    []int16
	carried map[int16]int
	actors  []int // edited since
	other   bool  // something else than actors was edited since
}

func tallyOf(m *codec.Map) *tally {
	t := &tally{tids: make([]int16, len(m.Actors)), carried: map[int16]int{}}
	for i, a := range m.Actors {
		t.tids[i] = a.TID
		t.carried[a.TID]++
	}
	return t
}

// note records the changes of a step done or undone.
func (t *tally) note(changes []undo.Change) {
	for _, c := range changes {
		if c.Kind != KindActor || c.Indexes == nil {
			t.other = true
			continue
		}
		t.actors = append(t.actors, c.Indexes...)
	}
}

// recheck finds the map's problems again after edits of actors alone,
// neither adding nor removing any, on a map without errors: only those
// actors are checked again (their values, sector and target, and every
// actor's target when a TID came or went), their problems taking the
// place of their old ones. ok is false when the edits or the map do not
// allow it.
func (d *Document) recheck() (problems []codec.Problem, ok bool) {
	t := d.tally
	if t == nil || t.other || len(t.tids) != len(d.Map.Actors) ||
		slices.ContainsFunc(d.problems, func(p codec.Problem) bool { return p.Severity == "error" }) {
		return nil, false
	}
	actors := slices.Compact(slices.Sorted(slices.Values(t.actors)))
	if len(actors) > 0 && (actors[0] < 0 || actors[len(actors)-1] >= len(d.Map.Actors)) {
		return nil, false
	}
	targets := false // a TID came or went: every actor's target is checked again
	for _, i := range actors {
		if was, now := t.tids[i], d.Map.Actors[i].TID; was != now {
			if t.carried[was]--; t.carried[was] == 0 {
				delete(t.carried, was)
				targets = true
			}
			if t.carried[now]++; t.carried[now] == 1 {
				targets = true
			}
			t.tids[i] = now
		}
	}
	if targets {
		actors = make([]int, len(d.Map.Actors))
		for i := range actors {
			actors[i] = i
		}
	}
	carried := make(map[int16]bool, len(t.carried))
	for tid := range t.carried {
		carried[tid] = true
	}
	loc, fresh := d.geo().locator, make(map[int][]codec.Problem, len(actors))
	for _, i := range actors {
		fresh[i] = d.Map.ActorProblems(i, carried, loc)
	}
	t.actors = t.actors[:0]
	return bin.Recheck(d.problems, string(KindActor), fresh), true
}
