package marathon

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// newProblemCache returns the cache of d's problems. When the changes
// since a level was checked touched only objects of the level, neither
// adding nor removing any, and the level has no errors before or after
// them, only those objects are checked again (their placement in their
// polygons and their references); anything else checks the whole level.
func newProblemCache(d *Document) *document.ProblemCache[int] {
	return document.NewProblemCache(d.History, func(level int) ([]codec.Problem, int, error) {
		l, err := d.Level(level)
		if err != nil {
			return nil, 0, err
		}
		return levelProblems(d.File, l, int(d.File.Entries[level].Index)), len(l.Objects), nil
	}, d.recheck)
}

// recheck finds level's problems again after changes of objects alone,
// given previous, its problems before them, when the level had count
// objects then as now (see newProblemCache).
func (d *Document) recheck(level int, changes []undo.Change, previous []codec.Problem, count int) ([]codec.Problem, bool) {
	l, err := d.Level(level)
	if err != nil || count != len(l.Objects) {
		return nil, false
	}
	objects, ok := touchedObjects(level, changes, previous, len(l.Objects))
	if !ok {
		return nil, false
	}
	fresh := make(map[bin.Entity][]codec.Problem, len(objects))
	for _, i := range objects {
		e := bin.Entity{Kind: string(KindObject), Index: i}
		fresh[e] = []codec.Problem{} // an object checked clean loses its old problems
		if p, ok := l.ObjectPlacementProblem(level, i); ok {
			fresh[e] = append(fresh[e], p)
		}
		fresh[e] = append(fresh[e], l.RecordProblems(level, string(KindObject), i)...)
		if slices.ContainsFunc(fresh[e], func(p codec.Problem) bool { return p.Severity == "error" }) {
			return nil, false // an error can turn the check of derived data off
		}
	}
	return bin.Recheck(previous, fresh), true
}

// touchedObjects lists, sorted, the objects changes touched in level; ok
// is false when the changes touched anything else (or another level) or
// an object past count, or when previous holds an error.
func touchedObjects(level int, changes []undo.Change, previous []codec.Problem, count int) (objects []int, ok bool) {
	for _, c := range changes {
		if c.Level != level || c.Kind != KindObject {
			return nil, false
		}
		for _, i := range c.Indexes {
			if i < 0 || i >= count {
				return nil, false
			}
			objects = append(objects, i)
		}
	}
	for _, p := range previous {
		if p.Severity == "error" {
			return nil, false
		}
	}
	slices.Sort(objects)
	return slices.Compact(objects), true
}
