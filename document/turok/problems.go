package turok

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/undo"
)

// A tally is what the problems of the map were found with: the step
// they were found after, each actor's TID, and how many actors carry
// each TID, so that a check after an edit of a few actors knows whether
// their targets changed for the others.
type tally struct {
	step    int
	tids    []int16
	carried map[int16]int
}

func tallyOf(m *codec.Map, step int) *tally {
	t := &tally{step: step, tids: make([]int16, len(m.Actors)), carried: map[int16]int{}}
	for i, a := range m.Actors {
		t.tids[i] = a.TID
		t.carried[a.TID]++
	}
	return t
}

// ProblemsAfter returns the map's problems after changes, the changes of
// the one step since they were last found: the same problems as
// Problems. When the step touched only actors, neither adding nor
// removing any, and the map had no errors, only those actors are checked
// again (their values, sector and target, and every actor's target when
// a TID came or went), their problems taking the place of their old ones;
// anything else checks the whole map.
func (d *Document) ProblemsAfter(changes []undo.Change) []codec.Problem {
	if d.checked {
		return d.problems
	}
	t := d.tally
	actors, ok := touchedActors(changes, len(d.Map.Actors))
	if !ok || t == nil || t.step != d.steps-1 || len(t.tids) != len(d.Map.Actors) ||
		slices.ContainsFunc(d.problems, func(p codec.Problem) bool { return p.Severity == "error" }) {
		return d.Problems()
	}
	targets := false // a TID came or went: every actor's target is checked again
	for _, i := range actors {
		if was, now := t.tids[i], d.Map.Actors[i].TID; was != now {
			t.carried[was]--
			if t.carried[was] == 0 {
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
	out := bin.Recheck(d.problems, string(KindActor), fresh)
	d.problems, d.checked, t.step = out, true, d.steps
	return out
}

// touchedActors lists, sorted, the actors changes touched; ok is false
// when they touched anything else, or actors came or went.
func touchedActors(changes []undo.Change, count int) (actors []int, ok bool) {
	for _, c := range changes {
		if c.Kind != KindActor || c.Indexes == nil {
			return nil, false
		}
		for _, i := range c.Indexes {
			if i < 0 || i >= count {
				return nil, false
			}
			actors = append(actors, i)
		}
	}
	slices.Sort(actors)
	return slices.Compact(actors), true
}
