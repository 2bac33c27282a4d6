package turok

import (
	"fmt"
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// A tally is what the map's problems were found with, and what was
// edited since: the actors then, and how many actors carried each TID,
// so that a check after edits of a few actors knows which changed and
// whether their targets changed for the others, and how many static
// meshes each grid section held, which number them; the actors, vertices
// and sections edited since, the sectors and sector sets edited in
// place since (their set, draw order and flags: sectors and sets that
// come or go change their tables' length, which counts as something
// else), whether the actor table changed its length and whether anything
// else was edited.
type tally struct {
	then     []codec.Actor
	carried  map[int16]int
	meshes   []int // by section
	actors   []int // edited since
	vertices []int
	sections []int
	sectors  []int
	sets     []int
	resized  bool // actors came or went since
	other    bool // something else was edited since
}

// newProblemCache returns the cache of d's problems: a whole check
// tallies the map, and edits are rechecked where they allow it (see
// recheck).
func newProblemCache(d *Document) *document.ProblemCache[*tally] {
	return document.NewProblemCache(d.History, func(l int) ([]codec.Problem, *tally, error) {
		if l != level {
			return nil, nil, fmt.Errorf("the map has no level %d", l)
		}
		return d.check(), tallyOf(d.Map), nil
	}, func(_ int, changes []undo.Change, previous []codec.Problem, t *tally) ([]codec.Problem, bool) {
		t.note(changes)
		return d.recheck(t, previous)
	})
}

func tallyOf(m *codec.Map) *tally {
	t := &tally{then: slices.Clone(m.Actors), carried: map[int16]int{}, meshes: meshCounts(m)}
	for _, a := range m.Actors {
		t.carried[a.TID]++
	}
	return t
}

func meshCounts(m *codec.Map) []int {
	n := make([]int, len(m.Sections))
	for i, s := range m.Sections {
		n[i] = len(s.Meshes)
	}
	return n
}

// note records the changes of a step done or undone. Edits of vertices
// (moves, heights) change them, the actors and meshes that get another
// sector, grid bounds and the visibility tables' staleness.
func (t *tally) note(changes []undo.Change) {
	for _, c := range changes {
		switch {
		case c.Kind == KindVisibility: // the whole map's problems are found again anyway
		case c.Kind == KindActor && c.Indexes == nil:
			t.resized = true
		case c.Indexes == nil:
			t.other = true
		case c.Kind == KindActor:
			t.actors = append(t.actors, c.Indexes...)
		case c.Kind == KindVertex:
			t.vertices = append(t.vertices, c.Indexes...)
		case c.Kind == KindSection || c.Kind == KindGridBounds:
			t.sections = append(t.sections, c.Indexes...)
		case c.Kind == KindSector:
			t.sectors = append(t.sectors, c.Indexes...)
		case c.Kind == KindSectorSet:
			t.sets = append(t.sets, c.Indexes...)
		default:
			t.other = true
		}
	}
}

// recheck finds the map's problems again after edits of actors,
// vertices, sectors and sector sets in place, static meshes in their
// sections and grid bounds alone, and actors added or removed, on a map
// without errors: only what they touched is checked again, their
// problems taking the place of their old ones. That is the actors
// edited, added or removed (their values, sector and target, and every
// actor's target when a TID came or went), the vertices edited and the
// sectors that use them, the sectors edited (their set and flags; their
// corners and links stay, and no actor's or mesh's problems depend on
// the rest), the sector sets edited and the sectors in them (whose flags
// and floors' slopes are checked against the set's flags), the sections
// edited and their meshes, and the map's own problems, in previous, the
// problems before the edits t noted. ok is false when the edits or the
// map do not allow it.
func (d *Document) recheck(t *tally, previous []codec.Problem) (problems []codec.Problem, ok bool) {
	m := d.Map
	if t.other || !t.resized && len(t.then) != len(m.Actors) || !slices.Equal(t.meshes, meshCounts(m)) ||
		slices.ContainsFunc(previous, func(p codec.Problem) bool { return p.Severity == "error" }) {
		return nil, false
	}
	actors, vertices, sections := t.edited(m.Actors), sortedIn(t.vertices, len(m.Vertices)), sortedIn(t.sections, len(m.Sections))
	sectors, sets := sortedIn(t.sectors, len(m.Sectors)), sortedIn(t.sets, len(m.SectorSets))
	if actors == nil || vertices == nil || sections == nil || sectors == nil || sets == nil {
		return nil, false
	}
	loc, retargeted := d.geo().locator, t.retargeted(d.Map.Actors, actors)
	fresh := map[bin.Entity][]codec.Problem{}
	// Sectors are checked again by the thousand (a set's), nearly all
	// without problems before or after: such a sector changes nothing in
	// the list, and is left out of fresh.
	hadProblems, checked := map[int]bool{}, make([]bool, len(m.Sectors))
	for _, p := range previous {
		if p.Kind == string(KindSector) {
			hadProblems[p.Index] = true
		}
	}
	checkSector := func(s int) {
		if checked[s] {
			return
		}
		checked[s] = true
		if problems := m.SectorProblems(s); len(problems) > 0 || hadProblems[s] {
			fresh[bin.Entity{Kind: string(KindSector), Index: s}] = problems
		}
	}
	carried := t.carriedTIDs()
	for _, i := range retargeted {
		if i < len(m.Actors) {
			fresh[bin.Entity{Kind: string(KindActor), Index: i}] = m.ActorProblems(i, carried, loc)
		} else {
			fresh[bin.Entity{Kind: string(KindActor), Index: i}] = nil // removed
		}
	}
	for _, v := range vertices {
		fresh[bin.Entity{Kind: string(KindVertex), Index: v}] = m.VertexProblems(v)
		for _, s := range d.geo().sectorsOf[v] {
			checkSector(int(s))
		}
	}
	for _, s := range sectors {
		checkSector(s)
	}
	if len(sets) > 0 {
		for _, set := range sets {
			fresh[bin.Entity{Kind: string(KindSectorSet), Index: set}] = m.SectorSetProblems(set)
		}
		for s, sector := range m.Sectors {
			if _, in := slices.BinarySearch(sets, int(sector.Set)); in {
				checkSector(s)
			}
		}
	}
	for _, p := range previous { // the count of sectors with stale links is the whole map's, which these edits keep
		e := bin.Entity{Kind: p.Kind, Index: p.Index}
		if _, rechecked := fresh[e]; rechecked && p.Code == "stale-derived-data" {
			fresh[e] = append(fresh[e], p)
		}
	}
	first := 0
	for si := range m.Sections {
		if _, edited := slices.BinarySearch(sections, si); edited {
			for j := range m.Sections[si].Meshes {
				fresh[bin.Entity{Kind: string(KindMesh), Index: first + j}] = nil
			}
			fresh[bin.Entity{Kind: string(KindSection), Index: si}] = nil
			for _, p := range m.SectionProblems(si, first, loc) {
				e := bin.Entity{Kind: p.Kind, Index: p.Index}
				fresh[e] = append(fresh[e], p)
			}
		}
		first += len(m.Sections[si].Meshes)
	}
	fresh[bin.Entity{Kind: "map", Index: 0}] = append(m.MapProblems(), d.mapProblems()...)
	t.actors, t.vertices, t.sections, t.sectors, t.sets, t.resized = t.actors[:0], t.vertices[:0], t.sections[:0], t.sectors[:0], t.sets[:0], false
	return bin.Recheck(previous, fresh), true
}

// sortedIn sorts and compacts indexes, or is nil when one is past n.
func sortedIn(indexes []int, n int) []int {
	out := slices.Compact(slices.Sorted(slices.Values(indexes)))
	if len(out) > 0 && (out[0] < 0 || out[len(out)-1] >= n) {
		return nil
	}
	if out == nil {
		out = []int{}
	}
	return out
}

// edited is the actors to check again, sorted: those edited in place
// and, when actors came or went, those that differ from the tally's, the
// ones added and the ones removed (past the end of actors). It is nil
// when an actor edited in place is past the end without a change of
// length.
func (t *tally) edited(actors []codec.Actor) []int {
	if !t.resized {
		return sortedIn(t.actors, len(actors))
	}
	n := min(len(t.then), len(actors))
	var out []int
	for _, i := range t.actors {
		if i < n {
			out = append(out, i)
		}
	}
	for i := range n {
		if t.then[i] != actors[i] {
			out = append(out, i)
		}
	}
	for i := n; i < max(len(t.then), len(actors)); i++ {
		out = append(out, i)
	}
	return sortedIn(out, max(len(t.then), len(actors)))
}

// retargeted counts the TIDs of the actors edited, added or removed,
// takes them from now, the map's actors, into the tally's, and is the actors whose problems
// are to be found again: those, or every actor and those removed when a
// TID came or went (their targets may have changed).
func (t *tally) retargeted(now []codec.Actor, actors []int) []int {
	all := false
	count := func(tid int16, by int) {
		if t.carried[tid] += by; t.carried[tid] == 0 {
			delete(t.carried, tid)
			all = true
		} else if by > 0 && t.carried[tid] == 1 {
			all = true
		}
	}
	for _, i := range actors {
		switch {
		case i >= len(now): // removed
			count(t.then[i].TID, -1)
		case i >= len(t.then): // added
			count(now[i].TID, 1)
		case t.then[i].TID != now[i].TID:
			count(t.then[i].TID, -1)
			count(now[i].TID, 1)
		}
	}
	removed := max(len(t.then)-len(now), 0)
	n := min(len(t.then), len(now))
	for _, i := range actors {
		if i < n {
			t.then[i] = now[i]
		}
	}
	t.then = append(t.then[:n], now[n:]...)
	if !all {
		return actors
	}
	every := make([]int, len(now), len(now)+removed)
	for i := range every {
		every[i] = i
	}
	for i := len(now); i < len(now)+removed; i++ {
		every = append(every, i)
	}
	return every
}

// carriedTIDs are the TIDs some actor carries.
func (t *tally) carriedTIDs() map[int16]bool {
	carried := make(map[int16]bool, len(t.carried))
	for tid := range t.carried {
		carried[tid] = true
	}
	return carried
}
