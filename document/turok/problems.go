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
// targets changed for the others, and how many static meshes each grid
// section held, which number them; the actors, vertices and sections
// edited since, and whether anything else was.
type tally struct {
	tids     []int16
	carried  map[int16]int
	meshes   []int // by section
	actors   []int // edited since
	vertices []int
	sections []int
	other    bool // something else was edited since
}

func tallyOf(m *codec.Map) *tally {
	t := &tally{tids: make([]int16, len(m.Actors)), carried: map[int16]int{}, meshes: meshCounts(m)}
	for i, a := range m.Actors {
		t.tids[i] = a.TID
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
		case c.Indexes == nil:
			t.other = true
		case c.Kind == KindActor:
			t.actors = append(t.actors, c.Indexes...)
		case c.Kind == KindVertex:
			t.vertices = append(t.vertices, c.Indexes...)
		case c.Kind == KindSection || c.Kind == KindGridBounds:
			t.sections = append(t.sections, c.Indexes...)
		default:
			t.other = true
		}
	}
}

// recheck finds the map's problems again after edits of actors,
// vertices, static meshes in their sections and grid bounds alone,
// neither adding nor removing any, on a map without errors: only what
// they touched is checked again, their problems taking the place of
// their old ones. That is the actors edited (their values, sector and
// target, and every actor's target when a TID came or went), the
// vertices edited and the sectors that use them, the sections edited and
// their meshes, and the map's own problems. ok is false when the edits
// or the map do not allow it.
func (d *Document) recheck() (problems []codec.Problem, ok bool) {
	t, m := d.tally, d.Map
	if t == nil || t.other || len(t.tids) != len(m.Actors) || !slices.Equal(t.meshes, meshCounts(m)) ||
		slices.ContainsFunc(d.problems, func(p codec.Problem) bool { return p.Severity == "error" }) {
		return nil, false
	}
	actors, vertices, sections := sortedIn(t.actors, len(m.Actors)), sortedIn(t.vertices, len(m.Vertices)), sortedIn(t.sections, len(m.Sections))
	if actors == nil || vertices == nil || sections == nil {
		return nil, false
	}
	fresh := map[bin.Entity][]codec.Problem{}
	loc, retargeted := d.geo().locator, d.retargeted(actors)
	carried := t.carriedTIDs()
	for _, i := range retargeted {
		fresh[bin.Entity{Kind: string(KindActor), Index: i}] = m.ActorProblems(i, carried, loc)
	}
	for _, v := range vertices {
		fresh[bin.Entity{Kind: string(KindVertex), Index: v}] = m.VertexProblems(v)
		for _, s := range d.geo().sectorsOf[v] {
			fresh[bin.Entity{Kind: string(KindSector), Index: int(s)}] = m.SectorProblems(int(s))
		}
	}
	for _, p := range d.problems { // the count of sectors with stale links is the whole map's, which these edits keep
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
	t.actors, t.vertices, t.sections = t.actors[:0], t.vertices[:0], t.sections[:0]
	return bin.Recheck(d.problems, fresh), true
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

// retargeted counts the TIDs of the actors edited, and is the actors
// whose problems are to be found again: those, or every actor when a TID
// came or went (their targets may have changed).
func (d *Document) retargeted(actors []int) []int {
	t, all := d.tally, false
	for _, i := range actors {
		if was, now := t.tids[i], d.Map.Actors[i].TID; was != now {
			if t.carried[was]--; t.carried[was] == 0 {
				delete(t.carried, was)
				all = true
			}
			if t.carried[now]++; t.carried[now] == 1 {
				all = true
			}
			t.tids[i] = now
		}
	}
	if !all {
		return actors
	}
	every := make([]int, len(d.Map.Actors))
	for i := range every {
		every[i] = i
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
