package shock

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/undo"
)

// validator keeps each level's problems and what was edited since they
// were found, to find them again for that alone where it can: tile edits
// keep tiles' object chains, so after edits of tiles alone only those
// tiles are checked again; moves of objects (their cross-references and
// tiles) keep which objects are in use and what they are, so after them
// the level's structure is checked again and its links, puzzles, cameras
// and notes (CheckTargets) are kept; every other edit checks the level
// again.
type validator struct {
	levels map[int]*checked
}

// checked is a level's problems and what was edited since they were
// found.
type checked struct {
	problems []codec.Problem
	targets  []codec.Problem // CheckTargets' part of problems; nil when the structure stopped the check
	whole    bool            // the check went as far as the targets
	objects  []identity      // each object's, when the targets were found
	tiles    []int           // tiles edited since
	placed   []int           // objects edited since
	moved    bool            // objects or cross-references were edited since
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

func (v *validator) notice(n undo.Notice) {
	for _, c := range n.Changes {
		l, known := v.levels[c.Level]
		switch {
		case !known:
		case c.Indexes == nil:
			delete(v.levels, c.Level)
		case c.Kind == KindTile:
			l.tiles = append(l.tiles, c.Indexes...)
		case c.Kind == KindObject:
			l.placed, l.moved = append(l.placed, c.Indexes...), true
		case c.Kind == KindXref:
			l.moved = true
		default:
			delete(v.levels, c.Level)
		}
	}
}

// Problems returns the validation problems of level, checking it again
// only when an edit since the last call can have changed them, and only
// what the edits reach where it can (see validator).
func (d *Document) Problems(level int) ([]codec.Problem, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	c, ok := d.validator.levels[level]
	switch {
	case !ok:
	case c.moved:
		ok = c.restructure(l)
	case len(c.tiles) > 0:
		c.problems, ok = retile(l, c.problems, c.tiles)
	}
	if !ok {
		c = check(l)
		d.validator.levels[level] = c
	}
	c.tiles, c.placed, c.moved = c.tiles[:0], c.placed[:0], false
	return c.problems, nil
}

// check checks level l whole.
func check(l *codec.Level) *checked {
	structure, whole := l.CheckStructure()
	c := &checked{problems: structure, whole: whole, objects: make([]identity, len(l.Objects))}
	if whole {
		c.targets = l.CheckTargets()
		c.problems = append(structure, c.targets...)
	}
	for i, o := range l.Objects {
		c.objects[i] = identityOf(o)
	}
	return c
}

// restructure finds the problems of level l again after objects moved:
// its structure checked again, its targets kept. It is false when an
// object edited since changed what it is or whether it is in use, or
// the structure stops the check.
func (c *checked) restructure(l *codec.Level) bool {
	if !c.whole || len(c.objects) != len(l.Objects) {
		return false
	}
	for _, i := range c.placed {
		if i < 0 || i >= len(l.Objects) || identityOf(l.Objects[i]) != c.objects[i] {
			return false
		}
	}
	structure, whole := l.CheckStructure()
	if !whole {
		return false
	}
	c.problems = append(structure, c.targets...)
	return true
}

// retile finds the problems of level l again after edits of tiles:
// previous, its problems before them, with the tiles' findings now in
// the place of their old ones. ok is false when previous holds an error that
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
	out := bin.Recheck(previous, fresh)
	return out, true
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
