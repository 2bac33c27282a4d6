package shock

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/undo"
)

// validator keeps each level's problems and the tiles edited since they
// were found. Tile edits keep tiles' object chains, so after edits of
// tiles alone a level's problems are found again for those tiles; every
// other edit checks the level again.
type validator struct {
	problems map[int][]codec.Problem
	tiles    map[int][]int // by level: tiles edited since its problems were found
}

func (v *validator) notice(n undo.Notice) {
	for _, c := range n.Changes {
		if _, known := v.problems[c.Level]; !known {
			continue
		}
		if c.Kind != KindTile || c.Indexes == nil {
			delete(v.problems, c.Level)
			delete(v.tiles, c.Level)
			continue
		}
		v.tiles[c.Level] = append(v.tiles[c.Level], c.Indexes...)
	}
}

// Problems returns the validation problems of level, checking it again
// only when an edit since the last call can have changed them: only the
// tiles edited after edits of tiles alone.
func (d *Document) Problems(level int) ([]codec.Problem, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	v := d.validator
	p, ok := v.problems[level]
	if ok && len(v.tiles[level]) > 0 {
		p, ok = retile(l, p, v.tiles[level])
	}
	if !ok {
		p = l.Check()
	}
	v.problems[level] = p
	delete(v.tiles, level)
	return p, nil
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
