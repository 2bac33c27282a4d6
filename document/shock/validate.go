package shock

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// newProblemCache returns the cache of d's problems. Tile edits keep
// tiles' object chains, so after edits of tiles alone only those tiles
// are checked again; moves of objects (their cross-references and tiles)
// keep which objects are in use and what they are, so after them the
// level's structure is checked again and its links, puzzles, cameras and
// notes (CheckTargets) are kept; every other edit checks the level
// again.
func newProblemCache(d *Document) *document.ProblemCache[*checked] {
	return document.NewProblemCache(d.History, func(level int) ([]codec.Problem, *checked, error) {
		l, err := d.Level(level)
		if err != nil {
			return nil, nil, err
		}
		c := check(l)
		return c.problems, c, nil
	}, func(level int, changes []undo.Change, previous []codec.Problem, c *checked) ([]codec.Problem, bool) {
		l, err := d.Level(level)
		if err != nil {
			return nil, false
		}
		var tiles, placed []int
		moved := false
		for _, ch := range changes {
			switch {
			case ch.Indexes == nil:
				return nil, false
			case ch.Kind == KindTile:
				tiles = append(tiles, ch.Indexes...)
			case ch.Kind == KindObject:
				placed, moved = append(placed, ch.Indexes...), true
			case ch.Kind == KindXref:
				moved = true
			default:
				return nil, false
			}
		}
		if moved {
			return c.restructure(l, placed)
		}
		return retile(l, previous, tiles)
	})
}

// checked is what a whole check of a level found: its problems, and what
// a recheck after moves of objects keeps.
type checked struct {
	problems []codec.Problem
	targets  []codec.Problem // CheckTargets' part of problems; nil when the structure stopped the check
	whole    bool            // the check went as far as the targets
	objects  []identity      // each object's, when the targets were found
}

// identity is what an object's links, puzzles and notes depend on,
// besides class data: whether it is in use, and what it is.
type identity struct {
	active, class, subclass, kind uint8
	spec                          uint16
}

func identityOf(o codec.Object) identity {
	return identity{o.Active, o.Class, o.Subclass, o.Type, o.SpecID}
}

// Problems returns the validation problems of level, checking it again
// only when an edit since the last call can have changed them, and only
// what the edits reach where it can (see newProblemCache).
func (d *Document) Problems(level int) ([]codec.Problem, error) { return d.problems.Problems(level) }

// check checks level l whole.
func check(l *codec.Level) *checked {
	structure, whole := l.CheckStructure()
	c := &checked{problems: structure, whole: whole, objects: make([]identity, len(l.Objects))}
	if whole {
		c.targets = l.CheckTargets()
		c.problems = append(append(structure, c.targets...), l.CheckPlacement()...)
	}
	for i, o := range l.Objects {
		c.objects[i] = identityOf(o)
	}
	return c
}

// restructure finds the problems of level l again after objects moved
// (placed, those edited): its structure checked again, its targets kept.
// ok is false when an object edited changed what it is or whether it is
// in use, or the structure stops the check.
func (c *checked) restructure(l *codec.Level, placed []int) (problems []codec.Problem, ok bool) {
	if !c.whole || len(c.objects) != len(l.Objects) {
		return nil, false
	}
	for _, i := range placed {
		if i < 0 || i >= len(l.Objects) || identityOf(l.Objects[i]) != c.objects[i] {
			return nil, false
		}
	}
	structure, whole := l.CheckStructure()
	if !whole {
		return nil, false
	}
	return append(append(structure, c.targets...), l.CheckPlacement()...), true
}

// retile finds the problems of level l again after edits of tiles:
// previous, its problems before them, with the tiles' findings now in
// the place of their old ones and the objects' places checked again. ok is false when previous holds an error that
// stops the check before the tiles (the tile map's size, an empty
// cross-reference table) or a tile index is past the map.
func retile(l *codec.Level, previous []codec.Problem, tiles []int) (problems []codec.Problem, ok bool) {
	if slices.ContainsFunc(previous, func(p codec.Problem) bool {
		return p.Kind == string(KindLevel) && (p.Code == "tile-count" || p.Code == "no-xrefs")
	}) {
		return nil, false
	}
	tiles = slices.Compact(slices.Sorted(slices.Values(tiles)))
	if len(tiles) > 0 && (tiles[0] < 0 || tiles[len(tiles)-1] >= len(l.Tiles)) {
		return nil, false
	}
	fresh := make(map[bin.Entity][]codec.Problem, len(tiles))
	for _, i := range tiles {
		fresh[bin.Entity{Kind: string(KindTile), Index: i}] = l.TileProblems(i)
	}
	kept := slices.DeleteFunc(slices.Clone(previous), codec.IsPlacementProblem)
	return append(bin.Recheck(kept, fresh), l.CheckPlacement()...), true
}

// Errors lists the problems of severity "error" in every level.
func (d *Document) Errors() []codec.Problem {
	var errs []codec.Problem
	for i, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		p, _ := d.Problems(i)
		errs = append(errs, bin.Errors(p)...)
	}
	return errs
}
