package shock

import (
	"errors"
	"fmt"
	"math"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// DropObject puts object id at (x, y) as a drag leaves it: as high over
// the floor there, at its exact position (slopes included), as it stood
// over the floor it left (never under it), so that an object resting on
// the floor rests on it again.
func (d *Document) DropObject(level, id int, x, y uint16) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if err := activeObject(l, id); err != nil {
		return err
	}
	o := l.Objects[id]
	above := max(0, float64(o.Z)-floorZ(l, o.X, o.Y))
	z := max(0, min(255, math.Round(floorZ(l, x, y)+above)))
	return d.MoveObject(level, id, x, y, uint8(z))
}

// floorZ is the floor's height at (x, y) in object z units; 0 off the
// map.
func floorZ(l *codec.Level, x, y uint16) float64 {
	tx, ty := int(x>>8), int(y>>8)
	if tx >= int(l.Info.Width) || ty >= int(l.Info.Height) {
		return 0
	}
	return l.Tile(tx, ty).FloorUnder(x, y) * codec.ObjectZPerStep
}

// standingNames say what Stand does, for its step's name.
var standingNames = [...]string{codec.OnFloor: "on the floor", codec.AtEyeLevel: "at eye level", codec.OnCeiling: "on the ceiling"}

// Stand puts the objects ids at s in their tiles, at their exact
// positions, as one step: their z is set so that they rest on the floor,
// face a standing player, or hang from the ceiling. Each object's size
// comes from data's objprop.dat (GameData.Pivot); without it, the
// object's centre is put there.
func (d *Document) Stand(level int, ids []int, s codec.Standing, data *GameData) error {
	if s < codec.OnFloor || s > codec.OnCeiling {
		return fmt.Errorf("no standing %d", s)
	}
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := activeObject(r.level, id); err != nil {
			r.Rollback()
			return err
		}
		o := r.object(id)
		z, ok := r.level.StandingZ(*o, data.Pivot(r.level, int(o.Class), int(o.Subclass), int(o.Type)), s)
		if !ok {
			r.Rollback()
			return fmt.Errorf("object %d is off the map", id)
		}
		o.Z = z
	}
	return r.Commit(fmt.Sprintf("Put %s %s", countObjects(ids), standingNames[s]), "")
}

// countObjects names ids for a step: "object 12", "3 objects".
func countObjects(ids []int) string {
	if len(ids) == 1 {
		return fmt.Sprintf("object %d", ids[0])
	}
	return fmt.Sprintf("%d objects", len(ids))
}

// ErrMisplaced is what a refused edit's error matches (errors.Is) when
// the edit would leave an object in play inside a wall, under the floor
// or over the ceiling, or a floor above its ceiling: places the game
// cannot show.
var ErrMisplaced = errors.New("misplaced")

// misplacedError says what is misplaced; it matches ErrMisplaced.
type misplacedError string

func (e misplacedError) Error() string        { return "refused: " + string(e) }
func (e misplacedError) Is(target error) bool { return target == ErrMisplaced }

// placementBefore is what object id's place was wrong for before an
// edit, "" when nothing or when id is out of play (codec.Level.InPlay).
func placementBefore(l *codec.Level, id int) string {
	// Where it stands first: whether it is in play reads every link.
	if reason, code := l.PlacementProblem(l.Objects[id]); code != "" && l.InPlay(id) {
		return reason
	}
	return ""
}

// verifyPlacement refuses the step under way (Verify) if it leaves object
// id, in use and in play, where it stands wrongly (inside a wall, under
// the floor, over the ceiling), unless it stood wrongly before (before,
// from placementBefore), so that an object already astray can still be
// moved. An import is not refused (Document.importing).
func (d *Document) verifyPlacement(l *codec.Level, id int, before string) error {
	return d.Verify(func() error {
		if d.importing || before != "" || l.Objects[id].Active == 0 {
			return nil
		}
		if reason, code := l.PlacementProblem(l.Objects[id]); code != "" && l.InPlay(id) {
			return misplacedError(fmt.Sprintf("object %d (%s): %s", id, codec.ClassNames[l.Objects[id].Class], reason))
		}
		return nil
	})
}

// A tileGuard remembers, before an edit changes some tiles, which of them
// already had a floor above the ceiling and which objects standing in
// them already stood wrongly, so that its check refuses only what the
// edit newly breaks.
type tileGuard struct {
	l        *codec.Level
	indexes  []int32
	floorBad map[int32]bool
	astray   map[int]bool // objects standing wrongly, by index
}

func newTileGuard(l *codec.Level, indexes []int32) *tileGuard {
	g := &tileGuard{l: l, indexes: indexes, floorBad: map[int32]bool{}, astray: map[int]bool{}}
	for _, i := range indexes {
		g.floorBad[i] = l.Tiles[i].FloorOverCeiling()
		for _, id := range g.standing(i) {
			if _, code := l.PlacementProblem(l.Objects[id]); code != "" {
				g.astray[id] = true
			}
		}
	}
	return g
}

// standing lists the objects in use whose position is in tile i.
func (g *tileGuard) standing(i int32) []int { return objectsIn(g.l, i) }

// objectsIn lists the objects in use whose position is in tile i, from
// the tile's chain of cross-references.
func objectsIn(l *codec.Level, i int32) []int {
	w := int(l.Info.Width)
	var ids []int
	for r, n := int(l.Tiles[i].ObjRef), 0; r != 0 && r < len(l.Xrefs) && n < len(l.Xrefs); r, n = int(l.Xrefs[r].NextInTile), n+1 {
		id := int(l.Xrefs[r].Object)
		if id < len(l.Objects) && l.Objects[id].Active != 0 && l.Objects[id].TileY()*w+l.Objects[id].TileX() == int(i) {
			ids = append(ids, id)
		}
	}
	return ids
}

// check refuses the tiles as tileAt gives them (the k-th of the guard's
// indexes) where one newly has a floor above its ceiling, outside
// cyberspace, or newly leaves an object in play standing wrongly.
func (g *tileGuard) check(tileAt func(k int) codec.Tile) error {
	w := int(g.l.Info.Width)
	for k, i := range g.indexes {
		t, x, y := tileAt(k), int(i)%w, int(i)/w
		if g.l.Info.Cyberspace == 0 && !g.floorBad[i] && t.FloorOverCeiling() {
			floor, ceiling := t.CornerHeights()
			return misplacedError(fmt.Sprintf("tile (%d,%d): its floor (corners %v) would be above its ceiling (%v)", x, y, floor, ceiling))
		}
		for _, id := range g.standing(i) {
			if g.astray[id] {
				continue
			}
			if reason, code := g.l.PlacementOn(g.l.Objects[id], t); code != "" && g.l.InPlay(id) {
				return misplacedError(fmt.Sprintf("tile (%d,%d): object %d (%s) would be misplaced: %s", x, y, id, codec.ClassNames[g.l.Objects[id].Class], reason))
			}
		}
	}
	return nil
}

// followTiles is the z that each object in play standing in the tiles
// indexes takes when they become after, so that it stays where it stood
// against them: as high over the floor at its exact position as before
// (slopes included), or, if it hung nearer the ceiling, as far under the
// ceiling. Objects whose z stays, doors and cyberspace levels, where
// heights place nothing, are left out.
func followTiles(l *codec.Level, indexes []int32, after []codec.Tile) map[int]uint8 {
	moves := map[int]uint8{}
	if l.Info.Cyberspace != 0 {
		return moves
	}
	for k, i := range indexes {
		for _, id := range objectsIn(l, i) {
			o := l.Objects[id]
			if o.Class == codec.ClassDoor || !l.InPlay(id) {
				continue
			}
			old, now := l.Tiles[i], after[k]
			floor, ceiling := old.FloorUnder(o.X, o.Y)*codec.ObjectZPerStep, old.CeilingOver(o.X, o.Y)*codec.ObjectZPerStep
			z := float64(o.Z)
			if z-floor <= ceiling-z {
				z += now.FloorUnder(o.X, o.Y)*codec.ObjectZPerStep - floor
			} else {
				z += now.CeilingOver(o.X, o.Y)*codec.ObjectZPerStep - ceiling
			}
			if z := uint8(max(0, min(255, math.Round(z)))); z != o.Z {
				moves[id] = z
			}
		}
	}
	return moves
}

// commitTiles commits the tile edit e, refused if it newly misplaces a
// floor or an object (guardTiles), with the objects standing in its
// tiles following their floor or ceiling (followTiles) in the same step.
// An import moves no object: its text says where each one stands.
func (d *Document) commitTiles(level int, l *codec.Level, e *document.CellEdit[*codec.Level, codec.Tile],
	describe func(cells int) string, mergeKey string) error {
	var moves map[int]uint8
	if !d.importing {
		indexes, after := e.Cells()
		moves = followTiles(l, indexes, after)
	}
	if len(moves) == 0 {
		if err := d.guardTiles(l, e); err != nil {
			return err
		}
		return e.Commit(describe, mergeKey)
	}
	what := fmt.Sprintf("%s, moving %s with them", describe(e.Len()), document.Count(len(moves), "object"))
	return d.Gesture(what, mergeKey, func() error {
		if err := d.guardTiles(l, e); err != nil {
			return err
		}
		if err := e.Commit(describe, mergeKey); err != nil {
			return err
		}
		r, err := d.begin(level)
		if err != nil {
			return err
		}
		for id, z := range moves {
			r.object(id).Z = z
		}
		return r.Commit(what, "")
	})
}

// guardTiles refuses the tile edit e, before its Commit, if it newly
// misplaces a floor or an object (tileGuard): at once, or at the end of
// the batch under way, on the tiles it then holds. An import is not
// refused (Document.importing).
func (d *Document) guardTiles(l *codec.Level, e *document.CellEdit[*codec.Level, codec.Tile]) error {
	if d.importing {
		return nil
	}
	indexes, after := e.Cells()
	g := newTileGuard(l, indexes)
	if !d.Batching() {
		return g.check(func(k int) codec.Tile { return after[k] })
	}
	return d.Verify(func() error { return g.check(func(k int) codec.Tile { return l.Tiles[indexes[k]] }) })
}
