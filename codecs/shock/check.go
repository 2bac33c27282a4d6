package shock

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Problem is a validation finding.
type Problem = bin.Problem

type checker struct {
	l        *Level
	problems []Problem
}

func (c *checker) add(severity, kind string, index int, code, format string, args ...any) {
	c.problems = append(c.problems, Problem{Severity: severity, Level: c.l.Index, Kind: kind, Index: index, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Check walks the level's lists and links and reports what is
// inconsistent: broken or cyclic lists, used slots on free lists, objects
// whose cross-references miss their own tile, references to free slots,
// objects of types the game lacks or off the map, links to missing
// objects or to objects of the wrong kind (a door's other half, a block
// puzzle's state trap), tiles whose object chain does not lead back to
// them or whose textures are past the level's texture list, surveillance
// screens showing objects not in use, broken map notes, and objects in
// play inside walls, under floors or over ceilings (CheckPlacement).
func (l *Level) Check() []Problem {
	structure, whole := l.CheckStructure()
	if !whole {
		return structure
	}
	return append(append(structure, l.CheckTargets()...), l.CheckPlacement()...)
}

// CheckStructure is the first part of Check: the level's lists and
// cross-references, its tiles' textures and object chains, and its
// objects' types and places. whole is false when the level's tile map or
// cross-reference table is too broken to check anything further.
func (l *Level) CheckStructure() (problems []Problem, whole bool) {
	c := &checker{l: l}
	if int(l.Info.Width)*int(l.Info.Height) != len(l.Tiles) {
		c.add("error", "level", l.Index, "tile-count", "map info says %dx%d tiles, the tile map holds %d", l.Info.Width, l.Info.Height, len(l.Tiles))
		return c.problems, false
	}
	if len(l.Xrefs) == 0 {
		c.add("error", "level", l.Index, "no-xrefs", "the cross-reference table is empty; it needs at least its list head")
		return c.problems, false
	}
	c.checkObjectLists()
	for class := range NumClasses {
		c.checkClassTable(class)
	}
	c.checkXrefs()
	c.checkTiles()
	c.checkObjects()
	return c.problems, true
}

// CheckTargets is the second part of Check, which the objects' places do
// not change: links and puzzles, surveillance cameras, map notes. It
// depends on which objects are in use, their class, subclass, type and
// class entries, the class data, the surveillance tables and the notes.
func (l *Level) CheckTargets() []Problem {
	c := &checker{l: l}
	c.checkTargets()
	c.checkCameras()
	c.checkMapNotes()
	return c.problems
}

// walk follows a chain from head through next, stopping at 0, and reports
// an index out of range or a cycle. It returns the chain in order.
func (c *checker) walk(kind, list string, head int, n int, next func(int) int) []int {
	var chain []int
	seen := map[int]bool{}
	for i := head; i != 0; i = next(i) {
		if i < 0 || i >= n {
			c.add("error", kind, i, "list-out-of-range", "the %s list reaches slot %d, past the table's %d slots", list, i, n)
			break
		}
		if seen[i] {
			c.add("error", kind, i, "list-cycle", "the %s list comes back to slot %d", list, i)
			break
		}
		seen[i] = true
		chain = append(chain, i)
	}
	return chain
}

func (c *checker) checkObjectLists() {
	objs := c.l.Objects
	next := func(i int) int { return int(objs[i].Next) }
	used := c.walk("object", "used object", int(objs[0].Ref), len(objs), next)
	free := c.walk("object", "free object", int(objs[0].Next), len(objs), next)
	onUsed := map[int]bool{}
	prev := 0
	for _, i := range used {
		onUsed[i] = true
		if objs[i].Active == 0 {
			c.add("error", "object", i, "inactive-on-used-list", "object %d is on the used list but not active", i)
		}
		if int(objs[i].Prev) != prev {
			c.add("error", "object", i, "broken-prev-link", "object %d links back to %d, the used list reaches it from %d", i, objs[i].Prev, prev)
		}
		prev = i
	}
	for _, i := range free {
		if onUsed[i] {
			c.add("error", "object", i, "used-slot-on-free-list", "object %d is on both the used and the free list", i)
		} else if objs[i].Active != 0 {
			c.add("error", "object", i, "used-slot-on-free-list", "active object %d is on the free list", i)
		}
	}
	for i := 1; i < len(objs); i++ {
		if objs[i].Active != 0 && !onUsed[i] {
			c.add("error", "object", i, "active-not-on-used-list", "active object %d is not on the used list", i)
		}
	}
}

func (c *checker) checkClassTable(class int) {
	table := c.l.Classes[class]
	if len(table) == 0 {
		return
	}
	kind := "class-entry"
	next := func(i int) int { return int(table[i].Next) }
	used := c.walk(kind, ClassNames[class]+" used", int(table[0].ID), len(table), next)
	free := c.walk(kind, ClassNames[class]+" free", int(table[0].Next), len(table), next)
	onUsed := map[int]bool{}
	for _, i := range used {
		onUsed[i] = true
		id := int(table[i].Object())
		if id <= 0 || id >= len(c.l.Objects) || c.l.Objects[id].Active == 0 {
			c.add("error", kind, i, "entry-of-free-object", "%s entry %d belongs to object %d, which is not in use", ClassNames[class], i, id)
			continue
		}
		if o := c.l.Objects[id]; int(o.Class) != class || int(o.SpecID) != i {
			c.add("error", kind, i, "entry-object-mismatch", "%s entry %d names object %d, which is class %d entry %d", ClassNames[class], i, id, o.Class, o.SpecID)
		}
	}
	for _, i := range free {
		if onUsed[i] {
			c.add("error", kind, i, "used-slot-on-free-list", "%s entry %d is on both the used and the free list", ClassNames[class], i)
		}
	}
	for i, o := range c.l.Objects {
		if i > 0 && o.Active != 0 && int(o.Class) == class && !onUsed[int(o.SpecID)] {
			c.add("error", "object", i, "object-entry-not-used", "object %d uses %s entry %d, which is not on the used list", i, ClassNames[class], o.SpecID)
		}
	}
}

// checkXrefs follows each active object's circle of cross-references.
func (c *checker) checkXrefs() {
	xrefs := c.l.Xrefs
	free := c.walk("xref", "free cross-reference", int(xrefs[0].NextInTile), len(xrefs), func(i int) int { return int(xrefs[i].NextInTile) })
	onFree := map[int]bool{}
	for _, i := range free {
		onFree[i] = true
	}
	for id, o := range c.l.Objects {
		if id == 0 || o.Active == 0 || o.Ref == 0 {
			continue
		}
		ownTile := false
		seen := map[int]bool{}
		for r := int(o.Ref); ; {
			if r <= 0 || r >= len(xrefs) {
				c.add("error", "object", id, "xref-out-of-range", "object %d's cross-references reach %d, past the table", id, r)
				break
			}
			if seen[r] {
				c.add("error", "object", id, "xref-cycle", "object %d's cross-references loop back to %d without reaching its first", id, r)
				break
			}
			seen[r] = true
			x := xrefs[r]
			if onFree[r] {
				c.add("error", "xref", r, "free-xref-in-use", "object %d uses cross-reference %d, which is on the free list", id, r)
			}
			if int(x.Object) != id {
				c.add("error", "xref", r, "xref-object-mismatch", "cross-reference %d in object %d's circle names object %d", r, id, x.Object)
			}
			if int(x.TileX) == o.TileX() && int(x.TileY) == o.TileY() {
				ownTile = true
			}
			r = int(x.NextOfObject)
			if r == int(o.Ref) {
				break
			}
		}
		if !ownTile {
			c.add("error", "object", id, "xref-misses-own-tile", "object %d stands in tile (%d,%d), none of its cross-references does", id, o.TileX(), o.TileY())
		}
	}
}

// checkObjects checks that every object in use is a type the game
// defines, placed on the map.
func (c *checker) checkObjects() {
	for id, o := range c.l.Objects {
		if id == 0 || o.Active == 0 {
			continue
		}
		if code, reason := c.l.ObjectProblem(o); code != "" {
			c.add("error", "object", id, code, "object %d: %s", id, reason)
		}
	}
}

// checkTiles follows each tile's chain of objects and checks its
// texture slots against the level's texture list.
func (c *checker) checkTiles() {
	for i := range c.l.Tiles {
		c.checkTile(i)
	}
}

// checkTargets checks that every link names an object of the right kind
// in use, and that puzzles fit the game's panels.
func (c *checker) checkTargets() {
	objs := c.l.Objects
	for _, k := range c.l.Links() {
		if code, reason := c.l.LinkProblem(k); code != "" {
			c.add("error", "object", k.From, code, "%s", reason)
		}
	}
	for id := range objs {
		if code, reason := c.l.PuzzleProblem(id); code != "" {
			c.add("error", "object", id, code, "%s", reason)
		} else if reason := c.l.unsolvable(id); reason != "" {
			c.add("warning", "object", id, "puzzle-unsolvable", "%s", reason)
		}
	}
}

// PuzzleProblem says why object id, when it is a panel holding a puzzle,
// holds one the game cannot show: a block puzzle without its state trap
// or with cells past the panel, a wire puzzle with more wires or pins
// than the panel has or wire ends past its pins. A state trap that is
// not a trap is a link problem (LinkProblem). It is "" for every other
// object.
func (l *Level) PuzzleProblem(id int) (code, reason string) {
	f, kind, ok := l.puzzle(id)
	if !ok {
		return "", ""
	}
	if kind == PuzzleBlock {
		if uint16(f.P[1]) == 0 {
			return "block-puzzle-without-state", fmt.Sprintf("block puzzle panel %d names no state trap", id)
		}
		_, state, ok := l.StateTrap(f)
		if !ok {
			return "", "" // a link problem
		}
		if err := DecodeBlockPuzzle(f, state).Validate(); err != nil {
			return "bad-block-puzzle", fmt.Sprintf("block puzzle panel %d: %v", id, err)
		}
		return "", ""
	}
	if err := DecodeWirePuzzle(f).Validate(); err != nil {
		return "bad-wire-puzzle", fmt.Sprintf("wire puzzle panel %d: %v", id, err)
	}
	return "", ""
}

// puzzle reads object id's fixture data and puzzle kind when it is a
// panel holding a puzzle.
func (l *Level) puzzle(id int) (f Fixture, kind int, ok bool) {
	if id <= 0 || id >= len(l.Objects) {
		return Fixture{}, 0, false
	}
	o := l.Objects[id]
	if o.Active == 0 || o.Class != ClassFixture || int(o.SpecID) >= len(l.Classes[ClassFixture]) {
		return Fixture{}, 0, false
	}
	f = DecodeFixture(l.Classes[ClassFixture][o.SpecID].Data)
	kind, ok = PuzzlePanel(o, f)
	return f, kind, ok
}

// unsolvable says why object id's puzzle, one the game can show, cannot
// be solved from the state the level gives it; "" when it can, is
// solved, or is no puzzle.
func (l *Level) unsolvable(id int) string {
	f, kind, ok := l.puzzle(id)
	if !ok {
		return ""
	}
	if kind == PuzzleBlock {
		_, state, ok := l.StateTrap(f)
		if !ok {
			return ""
		}
		b := DecodeBlockPuzzle(f, state)
		if sol, err := b.Solve(); err == nil && !sol.Solvable && b.Solved == 0 {
			return fmt.Sprintf("block puzzle panel %d: no sequence of clicks carries charge from source to destination", id)
		}
		return ""
	}
	w := DecodeWirePuzzle(f)
	if sol, err := w.Solve(); err == nil && !sol.Solvable && w.Solved == 0 {
		return fmt.Sprintf("wire puzzle panel %d: the best arrangement scores %d, the target is %d", id, sol.Score, w.Score())
	}
	return ""
}
