package marathon

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/undo"
)

// ProblemsAfter returns level's problems after changes, given previous,
// its problems before them: the same problems as Problems. When the
// changes touched only objects of the level, neither adding nor removing
// any, and the level has no errors before or after them, only those
// objects are checked again (their placement in their polygons and their
// references); anything else checks the whole level.
func (d *Document) ProblemsAfter(level int, changes []undo.Change, previous []codec.Problem) ([]codec.Problem, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	objects, ok := touchedObjects(level, changes, previous, len(l.Objects))
	if checked, known := d.objects[level]; !ok || !known || checked != len(l.Objects) {
		return d.Problems(level)
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
			return d.Problems(level) // an error can turn the check of derived data off
		}
	}
	out := bin.Recheck(previous, fresh)
	d.problems[level], d.objects[level] = out, len(l.Objects)
	return out, nil
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
