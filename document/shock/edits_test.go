package shock

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/randomedit"
)

// editor makes random edits of every kind to one level of a document,
// choosing arguments that keep the level free of errors: deleted
// objects are ones nothing links to, object parameters name objects in
// use.
type editor struct {
	t     testing.TB
	d     *Document
	level int
	rng   *rand.Rand
}

func (e *editor) l() *codec.Level { return e.d.Archive.Levels[e.level] }

func (e *editor) activeObjects(keep func(codec.Object) bool) []int {
	var ids []int
	for id, o := range e.l().Objects {
		if id > 0 && o.Active != 0 && keep(o) {
			ids = append(ids, id)
		}
	}
	return ids
}

func (e *editor) pick(ids []int) (int, bool) {
	if len(ids) == 0 {
		return 0, false
	}
	return ids[e.rng.IntN(len(ids))], true
}

// position is a random place in an open tile (or any tile when the
// level has none near).
func (e *editor) position() (uint16, uint16) {
	l := e.l()
	w, h := int(l.Info.Width), int(l.Info.Height)
	for range 50 {
		x, y := e.rng.IntN(w), e.rng.IntN(h)
		if l.Tile(x, y).Shape != codec.ShapeSolid {
			return uint16(x<<8 | e.rng.IntN(256)), uint16(y<<8 | e.rng.IntN(256))
		}
	}
	return uint16(e.rng.IntN(w<<8 - 1)), uint16(e.rng.IntN(h<<8 - 1))
}

// z is a height for an object at (x, y): mostly between the floor and
// the ceiling there, sometimes anywhere.
func (e *editor) z(x, y uint16) uint8 {
	l := e.l()
	if e.rng.IntN(8) == 0 || int(x>>8) >= int(l.Info.Width) || int(y>>8) >= int(l.Info.Height) {
		return uint8(e.rng.IntN(256))
	}
	t := l.Tile(int(x>>8), int(y>>8))
	lo, hi := int(math.Ceil(t.FloorUnder(x, y)*codec.ObjectZPerStep)), int(t.CeilingOver(x, y)*codec.ObjectZPerStep)
	if hi < lo {
		return uint8(max(0, min(255, lo)))
	}
	return uint8(max(0, min(255, lo+e.rng.IntN(hi-lo+1))))
}

// mayMisplace runs edit, which may be refused for misplacing a floor or
// an object (ErrMisplaced) with no step and no changed byte, and must
// otherwise succeed. The edits it runs change only the level's tiles,
// objects and cross-references, which a refusal must leave as they
// were. It reports whether the edit was made.
func (e *editor) mayMisplace(edit func() error) bool {
	e.t.Helper()
	l := e.l()
	steps, redo := e.d.History.Steps()
	tiles, objects, xrefs := slices.Clone(l.Tiles), slices.Clone(l.Objects), slices.Clone(l.Xrefs)
	err := edit()
	if err == nil {
		return true
	}
	if !errors.Is(err, ErrMisplaced) {
		e.t.Fatal(err)
	}
	if s, r := e.d.History.Steps(); s != steps || r != redo {
		e.t.Fatalf("refused edit (%v) left history %d/%d, was %d/%d", err, s, r, steps, redo)
	}
	if !slices.Equal(l.Tiles, tiles) || !slices.Equal(l.Objects, objects) || !slices.Equal(l.Xrefs, xrefs) {
		e.t.Fatalf("refused edit (%v) changed the level", err)
	}
	return false
}

func (e *editor) must(err error) {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
}

// refusedMapNote runs edit of object id, which must succeed unless the
// object is a map note: a map note's text offset set past the notes
// buffer is refused, with no step and no changed byte. It reports a
// refusal.
func (e *editor) refusedMapNote(id int, edit func() error) bool {
	e.t.Helper()
	if o := e.l().Objects[id]; [3]uint8{o.Class, o.Subclass, o.Type} == codec.MapNoteTriple {
		return e.refused(edit)
	}
	e.must(edit())
	return false
}

// levels is a document and the levels random edits are made on.
type levels struct {
	*Document
	in []int
}

// kind is a random edit kind of the document's levels: each edit makes
// an editor on one of them, chosen at random, and runs edit with it,
// which reports whether it made an edit (false when the level had
// nothing to make it on, or the document refused it as an answer, such
// as a full table, which editor.refused checked).
func kind(name string, edit func(e *editor) bool) randomedit.Kind[levels] {
	return randomedit.Kind[levels]{Name: name, Weight: 5, Edit: func(t testing.TB, x levels, rng *rand.Rand) error {
		if !edit(&editor{t: t, d: x.Document, level: x.in[rng.IntN(len(x.in))], rng: rng}) {
			return randomedit.ErrNothing
		}
		return nil
	}}
}

// refusal is a random edit kind with a reference or limit out of range,
// which must be refused with a message naming want. prepare returns the
// edit to refuse; ok is false when the level has nothing to try it on.
func refusal(name, want string, prepare func(e *editor) (edit func() error, ok bool)) randomedit.Kind[levels] {
	return randomedit.Kind[levels]{Name: name, Refused: true, Names: want, Weight: 3, Edit: func(t testing.TB, x levels, rng *rand.Rand) error {
		edit, ok := prepare(&editor{t: t, d: x.Document, level: x.in[rng.IntN(len(x.in))], rng: rng})
		if !ok {
			return randomedit.ErrNothing
		}
		return edit()
	}}
}

// editKinds are the kinds of random edit, choosing arguments that keep
// the level free of errors, and refusalKinds those the document must
// refuse.
var editKinds = []randomedit.Kind[levels]{
	kind("tiles", func(e *editor) bool {
		l, rng := e.l(), e.rng
		field := TileField(rng.IntN(int(numTileFields)))
		return e.mayMisplace(func() error {
			return e.d.SetTiles(e.level, e.points(), field, rng.IntN(min(tileLimit(l, field), 1<<20)+1))
		})
	}),
	kind("paste", func(e *editor) bool {
		w, h, rng := e.size()
		cw, ch := 1+rng.IntN(6), 1+rng.IntN(6)
		clip, err := e.d.CopyTiles(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, cw, ch)
		e.must(err)
		return e.mayMisplace(func() error { return e.d.PasteTiles(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, clip) })
	}),
	kind("paint", func(e *editor) bool {
		l, rng := e.l(), e.rng
		points := e.points()
		brush := Brush{}
		for range 1 + rng.IntN(4) {
			field := TileField(rng.IntN(int(numTileFields)))
			if field != TileFlags {
				brush[field] = rng.IntN(tileLimit(l, field) + 1)
			}
		}
		return e.mayMisplace(func() error { return e.d.PaintTiles(e.level, points, brush) })
	}),
	kind("region", func(e *editor) bool {
		w, h, rng := e.size()
		cw, ch := 1+rng.IntN(8), 1+rng.IntN(8)
		region, err := e.d.CopyRegion(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, cw, ch)
		e.must(err)
		// A full table or a link the engine could not follow is an answer.
		return !e.refused(func() error {
			_, err := e.d.PasteRegion(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, region, rng.IntN(2) == 0)
			return err
		})
	}),
	kind("level property", func(e *editor) bool {
		// Not Cyberspace, which turns off the texture checks the other
		// edits try (TestLeavingCyberspaceNeedsTexturesInTheList has it).
		p := LevelProperty(e.rng.IntN(int(Cyberspace)))
		_, hi := p.Range()
		e.must(e.d.SetLevelProperty(e.level, p, e.rng.IntN(hi+1)))
		return true
	}),
	kind("level texture", func(e *editor) bool {
		l := e.l()
		if len(l.Textures) == 0 {
			return false
		}
		e.must(e.d.SetLevelTexture(e.level, e.rng.IntN(len(l.Textures)), e.rng.IntN(codec.MaxTextures)))
		return true
	}),
	kind("create", func(e *editor) bool {
		rng := e.rng
		x, y := e.position()
		class := rng.IntN(codec.NumClasses)
		sub := rng.IntN(len(codec.Subclasses[class]))
		spec := ObjectSpec{Class: uint8(class), Subclass: uint8(sub), Type: uint8(rng.IntN(codec.Subclasses[class][sub].Types)),
			X: x, Y: y, Z: e.z(x, y), Heading: uint8(rng.IntN(256))}
		if rng.IntN(3) == 0 {
			spec = ObjectSpec{Class: codec.ClassFixture, Subclass: codec.FixturePanel, Type: 0, X: x, Y: y, Z: e.z(x, y)} // a puzzle panel
		}
		// A full table, or an object in a wall, is an answer, not a failure.
		return !e.refused(func() error { _, err := e.d.CreateObject(e.level, spec); return err })
	}),
	kind("move", func(e *editor) bool { return e.move(1) }),
	kind("drag", func(e *editor) bool { return e.move(2 + e.rng.IntN(5)) }),
	kind("delete", func(e *editor) bool {
		linked := e.linked()
		id, ok := e.pick(e.activeObjects(anyObject))
		if !ok || linked[id] {
			return false
		}
		e.must(e.d.DeleteObject(e.level, id))
		return true
	}),
	kind("duplicate", func(e *editor) bool {
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class != codec.ClassFixture || o.Subclass != codec.FixturePanel }))
		if !ok {
			return false
		}
		x, y := e.position()
		return !e.refused(func() error { _, err := e.d.DuplicateObject(e.level, id, x, y); return err })
	}),
	kind("object field", func(e *editor) bool {
		ids := e.activeObjects(anyObject)
		if len(ids) == 0 {
			return false
		}
		field := ObjectField(e.rng.IntN(int(NumObjectFields)))
		if field == ObjectType {
			return false // a panel's type decides whether it holds a puzzle
		}
		lo, hi := field.Range()
		return e.mayMisplace(func() error {
			return e.d.SetObjectField(e.level, ids[:1+e.rng.IntN(min(len(ids), 5))], field, lo+e.rng.IntN(hi-lo+1))
		})
	}),
	kind("class data", func(e *editor) bool {
		// Classes whose data names no object.
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool {
			return o.Class == codec.ClassGun || o.Class == codec.ClassAmmo || o.Class == codec.ClassDrug || o.Class == codec.ClassHardware
		}))
		if !ok {
			return false
		}
		data, err := e.d.ClassData(e.level, id)
		e.must(err)
		for i := range data {
			if e.rng.IntN(3) == 0 {
				data[i] = byte(e.rng.IntN(256))
			}
		}
		e.must(e.d.SetClassData(e.level, id, data))
		return true
	}),
	kind("class field", func(e *editor) bool {
		// Puzzles have their own edits, which keep them solvable.
		l, linked := e.l(), e.linked()
		id, ok := e.pick(slices.DeleteFunc(e.activeObjects(func(o codec.Object) bool { return !codec.CanHoldPuzzle(o) }),
			func(id int) bool { return linked[id] && l.Objects[id].Class == codec.ClassTrap }))
		if !ok {
			return false
		}
		rec, err := e.d.ClassRecord(e.level, id)
		e.must(err)
		if len(rec.Fields) == 0 {
			return false
		}
		i := e.rng.IntN(len(rec.Fields))
		v, ok := otherValue(e.rng, l, id, rec.Fields[i], rec.Values[i])
		return ok && !e.refusedMapNote(id, func() error { return e.d.SetClassField(e.level, id, rec.Fields[i].Name, v) })
	}),
	kind("trap action", func(e *editor) bool {
		id, ok := e.pick(e.activeObjects(trapOrFixture))
		if !ok || e.linked()[id] {
			return false // a puzzle's state trap keeps its cells in the parameters
		}
		// Parameters set aside under an action come back with it, unless
		// they name an object deleted since.
		return !e.refused(func() error { return e.d.SetTrapAction(e.level, id, codec.Action(e.rng.IntN(codec.NumActions))) })
	}),
	kind("trap param", func(e *editor) bool {
		linked := e.linked()
		traps := slices.DeleteFunc(e.activeObjects(class(codec.ClassTrap)), func(id int) bool {
			fields, err := e.d.ParamFields(e.level, id)
			e.must(err)
			return linked[id] || len(fields) == 0
		})
		id, ok := e.pick(traps)
		if !ok {
			return false
		}
		fields, err := e.d.ParamFields(e.level, id)
		e.must(err)
		f := fields[e.rng.IntN(len(fields))]
		v := uint32(e.rng.Uint64() & (1<<f.Bits - 1))
		if f.Kind == codec.KindObject {
			target, ok := e.pick(e.activeObjects(anyObject))
			if !ok || uint64(target) >= 1<<f.Bits {
				return false
			}
			v = uint32(target)
		}
		return !e.refusedMapNote(id, func() error { return e.d.SetTrapParam(e.level, id, f.Name, v) })
	}),
	kind("comparator", func(e *editor) bool {
		// A condition: a deathwatch trigger's comparator may name an
		// object, which a random one would leave not in use.
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return trapOrFixture(o) && codec.ComparatorIsCondition(o) }))
		if !ok {
			return false
		}
		rng := e.rng
		e.must(e.d.SetComparator(e.level, id, codec.MakeComparator(rng.IntN(4096), rng.IntN(2) == 0, rng.IntN(8), rng.IntN(256), rng.IntN(256))))
		return true
	}),
	kind("object kind", func(e *editor) bool {
		// Sometimes to a type one past the subclass's last, which must
		// be refused; a full class table refuses too.
		rng := e.rng
		id, ok := e.pick(e.activeObjects(anyObject))
		class := rng.IntN(codec.NumClasses)
		sub := rng.IntN(len(codec.Subclasses[class]))
		typ := rng.IntN(codec.Subclasses[class][sub].Types + 1)
		return ok && !e.refused(func() error { return e.d.ChangeObjectKind(e.level, id, uint8(class), uint8(sub), uint8(typ)) })
	}),
	kind("copy paste", func(e *editor) bool {
		// Copies of up to four objects pasted to a random place in the
		// level; the references they make outside the copies are
		// cleared. Into full tables the paste is refused.
		var ids []int
		for range 1 + e.rng.IntN(4) {
			if id, ok := e.pick(e.activeObjects(anyObject)); ok && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			return false
		}
		clip, err := e.d.CopyObjects(e.level, ids)
		e.must(err)
		x, y := e.position()
		cx, cy := clip.Center()
		return !e.refused(func() error { _, _, err := e.d.PasteObjects(e.level, clip, int(x)-cx, int(y)-cy); return err })
	}),
	kind("condition", func(e *editor) bool {
		id, ok := e.pick(e.activeObjects(trapOrFixture))
		if !ok {
			return false
		}
		o := e.l().Objects[id]
		var head []codec.ClassField
		for _, f := range headFields(o, e.l().Classes[o.Class][o.SpecID].Data) {
			if f.Kind != codec.FieldObject && f.Kind != codec.FieldUnknown {
				head = append(head, f)
			}
		}
		field := head[e.rng.IntN(len(head))]
		lo, hi := field.Range()
		e.must(e.d.SetClassField(e.level, id, field.Name, lo+e.rng.Int64N(hi-lo+1)))
		return true
	}),
	kind("camera", func(e *editor) bool {
		cams, err := e.d.Cameras(e.level)
		e.must(err)
		id, ok := e.pick(e.activeObjects(anyObject))
		if len(cams) == 0 || !ok {
			return false
		}
		e.must(e.d.SetCamera(e.level, e.rng.IntN(len(cams)), Camera{Object: id}))
		return true
	}),
	kind("wire puzzle", func(e *editor) bool {
		id, ok := e.pick(e.activeObjects(isPuzzlePanel))
		if ok {
			e.must(e.d.SetWirePuzzle(e.level, id, randomWirePuzzle(e.rng)))
		}
		return ok
	}),
	kind("block puzzle", func(e *editor) bool {
		id, ok := e.pick(e.activeObjects(isPuzzlePanel))
		// No room for a state trap is an answer.
		return ok && !e.refused(func() error { return e.d.SetBlockPuzzle(e.level, id, randomBlockPuzzle(e.rng)) })
	}),
}

var refusalKinds = []randomedit.Kind[levels]{
	refusal("bad texture", "texture list", func(e *editor) (func() error, bool) {
		l := e.l()
		wall, _, ok := l.TextureSlots()
		p := Point{e.rng.IntN(int(l.Info.Width)), e.rng.IntN(int(l.Info.Height))}
		return func() error { return e.d.SetTiles(e.level, []Point{p}, WallTexture, wall+e.rng.IntN(64-wall)) }, ok && wall < 64
	}),
	refusal("bad type", "not an object type of the game", func(e *editor) (func() error, bool) {
		c := e.rng.IntN(codec.NumClasses)
		x, y := e.position()
		spec := ObjectSpec{Class: uint8(c), Subclass: uint8(len(codec.Subclasses[c])), X: x, Y: y}
		return func() error { _, err := e.d.CreateObject(e.level, spec); return err }, true
	}),
	refusal("bad type", "not an object type of the game", func(e *editor) (func() error, bool) {
		id, ok := e.pick(e.activeObjects(anyObject))
		o := e.l().Objects[id]
		typ := codec.Subclasses[o.Class][o.Subclass].Types + e.rng.IntN(8)
		return func() error { return e.d.SetObjectField(e.level, []int{id}, ObjectType, typ) }, ok
	}),
	refusal("bad texture", "texture list", func(e *editor) (func() error, bool) {
		l := e.l()
		_, ceilingFloor, ok := l.TextureSlots()
		if !ok || ceilingFloor >= 32 {
			return nil, false
		}
		p := Point{e.rng.IntN(int(l.Info.Width)), e.rng.IntN(int(l.Info.Height))}
		brush := Brush{TileShape: int(codec.ShapeOpen), FloorTexture: ceilingFloor + e.rng.IntN(32-ceilingFloor)}
		return func() error { return e.d.PaintTiles(e.level, []Point{p}, brush) }, true
	}),
	refusal("bad texture", "is outside 0-", func(e *editor) (func() error, bool) {
		l := e.l()
		slot := e.rng.IntN(max(len(l.Textures), 1))
		return func() error { return e.d.SetLevelTexture(e.level, slot, codec.MaxTextures+e.rng.IntN(8)) }, len(l.Textures) > 0
	}),
	refusal("bad level property", "is outside 0-", func(e *editor) (func() error, bool) {
		p := LevelProperty(e.rng.IntN(int(NumLevelProperties)))
		_, hi := p.Range()
		return func() error { return e.d.SetLevelProperty(e.level, p, hi+1+e.rng.IntN(8)) }, true
	}),
	refusal("bad level property", "is outside 0-", func(e *editor) (func() error, bool) {
		p := LevelProperty(e.rng.IntN(int(NumLevelProperties)))
		return func() error { return e.d.SetLevelProperty(e.level, p, -1-e.rng.IntN(8)) }, true
	}),
	refusal("off the map", "outside the 64x64 map", func(e *editor) (func() error, bool) {
		x, _ := e.position()
		spec := ObjectSpec{Class: codec.ClassDrug, X: x, Y: uint16(64+e.rng.IntN(192)) << 8}
		return func() error { _, err := e.d.CreateObject(e.level, spec); return err }, true
	}),
	refusal("off the map", "outside the 64x64 map", func(e *editor) (func() error, bool) {
		id, ok := e.pick(e.activeObjects(anyObject))
		_, y := e.position()
		return func() error { return e.d.MoveObject(e.level, id, uint16(64+e.rng.IntN(192))<<8, y, 0) }, ok
	}),
	// A trap given an action whose parameters name an object, with one
	// not in use: the action is set in the same step, which the refusal
	// takes back with it.
	refusal("bad target", "not in use", func(e *editor) (func() error, bool) {
		return e.trapTargets(codec.ActionMulti, func(id int, gone uint32) error { return e.d.SetTrapParam(e.level, id, "second object", gone) })
	}),
	refusal("bad target", "not in use", func(e *editor) (func() error, bool) {
		return e.trapTargets(codec.ActionDestroy, func(id int, gone uint32) error {
			return e.d.SetTrapParams(e.level, id, [4]uint32{0, 0, gone, 0})
		})
	}),
	refusal("bad target", "not in use", func(e *editor) (func() error, bool) {
		id, ok := e.pick(e.activeObjects(class(codec.ClassDoor)))
		gone := e.gone()
		return e.setData(id, func(data []byte) { codec.SetClassValue(e.l().Objects[id], data, codec.FieldOtherHalf, int64(gone)) }), ok
	}),
	refusal("bad target", "not a door", func(e *editor) (func() error, bool) {
		id, ok := e.pick(e.activeObjects(class(codec.ClassDoor)))
		other, found := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class != codec.ClassDoor }))
		return e.setData(id, func(data []byte) { codec.SetClassValue(e.l().Objects[id], data, codec.FieldOtherHalf, int64(other)) }), ok && found
	}),
	refusal("bad target", "not in use", func(e *editor) (func() error, bool) {
		id, ok := e.pick(e.activeObjects(class(codec.ClassContainer)))
		gone, slot := e.gone(), e.rng.IntN(4)
		return e.setData(id, func(data []byte) {
			codec.SetClassValue(e.l().Objects[id], data, fmt.Sprintf("contents %d", slot+1), int64(gone))
		}), ok
	}),
	refusal("bad target", "not in use", func(e *editor) (func() error, bool) {
		id, ok := e.pick(e.activeObjects(isPuzzlePanel))
		w := randomWirePuzzle(e.rng)
		w.Frob = uint32(e.gone())
		return func() error { return e.d.SetWirePuzzle(e.level, id, w) }, ok
	}),
}

func class(c uint8) func(codec.Object) bool { return func(o codec.Object) bool { return o.Class == c } }

func trapOrFixture(o codec.Object) bool {
	return o.Class == codec.ClassTrap || o.Class == codec.ClassFixture
}

func isPuzzlePanel(o codec.Object) bool {
	return o.Class == codec.ClassFixture && o.Subclass == codec.FixturePanel && o.Type == 0
}

// size is the level's width and height, and the editor's random source.
func (e *editor) size() (w, h int, rng *rand.Rand) {
	return int(e.l().Info.Width), int(e.l().Info.Height), e.rng
}

// points is one to eight random tiles of the level.
func (e *editor) points() []Point {
	w, h, rng := e.size()
	points := make([]Point, 1+rng.IntN(8))
	for i := range points {
		points[i] = Point{rng.IntN(w), rng.IntN(h)}
	}
	return points
}

// move moves a random object to random places in steps, as a drag
// does, and reports whether the level had one.
func (e *editor) move(steps int) bool {
	id, ok := e.pick(e.activeObjects(anyObject))
	if !ok {
		return false
	}
	moved := false
	for range steps {
		x, y := e.position()
		moved = e.mayMisplace(func() error { return e.d.MoveObject(e.level, id, x, y, e.z(x, y)) }) || moved
	}
	e.d.History.BreakMerge()
	return moved
}

// gone is an object slot not in use: one past the table, the largest
// number a reference holds, or a free slot.
func (e *editor) gone() int {
	l := e.l()
	missing := []int{len(l.Objects), 0xFFF}
	if free := int(l.Objects[0].Next); free != 0 { // 0 when the table is full
		missing = append(missing, free)
	}
	return missing[e.rng.IntN(len(missing))]
}

// setData returns an edit that sets object id's class data to what
// change makes of it.
func (e *editor) setData(id int, change func(data []byte)) func() error {
	return func() error {
		data, err := e.d.ClassData(e.level, id)
		e.must(err)
		change(data)
		return e.d.SetClassData(e.level, id, data)
	}
}

// trapTargets returns an edit that, in one step, gives a random trap
// that no puzzle uses action and names with set an object not in use;
// ok is false when the level has no such trap.
func (e *editor) trapTargets(action codec.Action, set func(id int, gone uint32) error) (func() error, bool) {
	// Not a repulsor, whose parameters are its own whatever its action.
	id, ok := e.pick(e.activeObjects(func(o codec.Object) bool {
		return o.Class == codec.ClassTrap && (o.Subclass != 0 || o.Type != codec.TriggerRepulsor)
	}))
	if !ok || e.linked()[id] {
		return nil, false // a puzzle's state trap
	}
	gone := uint32(e.gone())
	return func() error {
		return e.d.Batch("Refused trap targets", func() error {
			if err := e.d.SetTrapAction(e.level, id, action); err != nil {
				return randomedit.ErrNothing // its parameters name an object deleted since
			}
			return set(id, gone)
		})
	}, true
}

func (e *editor) linked() map[int]bool {
	to := map[int]bool{}
	for _, k := range e.l().Links() {
		to[k.To] = true
	}
	return to
}

// refused runs edit and reports whether it was refused, failing the test
// when a refused edit left a history step or a changed byte.
func (e *editor) refused(edit func() error) bool {
	e.t.Helper()
	steps, redo := e.d.History.Steps()
	before := mustBytes(e.t, e.d)
	err := edit()
	if err == nil {
		return false
	}
	if s, r := e.d.History.Steps(); s != steps || r != redo {
		e.t.Fatalf("refused edit (%v) left history %d/%d, was %d/%d", err, s, r, steps, redo)
	}
	if !bytes.Equal(mustBytes(e.t, e.d), before) {
		e.t.Fatalf("refused edit (%v) changed the file", err)
	}
	return true
}

// badReference tries an edit with a reference or limit out of range,
// which must be refused with a message naming the valid range. It returns
// the kind of edit tried, or "" when the level had nothing to try it on.
func randomWirePuzzle(rng *rand.Rand) codec.WirePuzzle {
	wires := 1 + rng.IntN(codec.MaxWires)
	pins := wires + rng.IntN(codec.MaxPins-wires+1)
	side := func() [][2]int {
		l, r := rng.Perm(pins), rng.Perm(pins)
		pos := make([][2]int, wires)
		for i := range pos {
			pos[i] = [2]int{l[i], r[i]}
		}
		return pos
	}
	w := codec.WirePuzzle{Wires: uint8(wires), Pins: uint8(pins), TargetScore: uint8(1 + rng.IntN(255)), Algorithm: uint8(rng.IntN(2))}
	// Zero stands for the game's default layout: draw again.
	for w.Targets == 0 || w.Current == 0 {
		w.Targets, w.Current = codec.PackWirePositions(side()), codec.PackWirePositions(side())
		if pins == 1 {
			w.Pins, w.Wires = 2, 1
			pins = 2
		}
	}
	return w
}

func randomBlockPuzzle(rng *rand.Rand) codec.BlockPuzzle {
	rows, cols := 1+rng.IntN(codec.MaxBlockRows), 1+rng.IntN(codec.MaxBlockCols)
	b := codec.BlockPuzzle{Rows: uint8(rows), Cols: uint8(cols), Algorithm: uint8(rng.IntN(5)),
		Source: uint8(2<<3 | rng.IntN(rows)), Dest: uint8(3<<3 | rng.IntN(rows)), Cells: make([]uint8, rows*cols)}
	for i := range b.Cells {
		b.Cells[i] = []uint8{codec.CellEmpty, codec.CellOpen, codec.CellClosed, codec.CellFull, codec.CellGate}[rng.IntN(5)]
	}
	return b
}

// checkClean fails the test when the level has errors.
func checkClean(t testing.TB, d *Document, level int, after string) {
	t.Helper()
	p, err := d.Problems(level)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range p {
		if q.Severity == "error" {
			t.Fatalf("after %s: %s %d: %s: %s", after, q.Kind, q.Index, q.Code, q.Message)
		}
	}
}

// reloadMatches saves d and opens the bytes again: the reloaded document
// must hold the same levels and save to the same bytes.
func reloadMatches(t testing.TB, d *Document, after string) {
	t.Helper()
	saved := mustBytes(t, d)
	r, err := Load("reloaded", saved)
	if err != nil {
		t.Fatalf("after %s: the saved bytes do not open: %v", after, err)
	}
	if !bytes.Equal(mustBytes(t, r), saved) {
		t.Fatalf("after %s: the reloaded document saves to different bytes", after)
	}
	for i, l := range d.Archive.Levels {
		if !reflect.DeepEqual(l, r.Archive.Levels[i]) {
			t.Fatalf("after %s: level %d reloads differently", after, i)
		}
	}
}

// cleanAndReloading is a random edit run's check: every level edited
// has no errors, and every nth time the saved bytes reload to the same
// levels.
func cleanAndReloading(n int) func(t testing.TB, x levels, step randomedit.Step) {
	checks := 0
	return func(t testing.TB, x levels, step randomedit.Step) {
		for _, i := range x.in {
			checkClean(t, x.Document, i, step.String())
		}
		if checks++; checks%n == 0 {
			reloadMatches(t, x.Document, step.String())
		}
	}
}

// randomEdits is a run of n random edits of every kind on the levels in
// of d, the refused ones among them.
func randomEdits(t testing.TB, d *Document, in []int, n int, seed uint64) *randomedit.Run[levels] {
	return &randomedit.Run[levels]{Doc: levels{d, in}, History: d.History, Bytes: d.Bytes,
		Kinds: append(slices.Clone(editKinds), refusalKinds...), Edits: n, Seed: seed}
}

// TestRandomEditsUndoRedo: on a new archive and the corpus one, random
// edits of every kind, some undone and redone as they go, keep every
// level free of errors and save to bytes that reload to the same levels;
// edits with a reference or limit out of range are refused, leaving no
// step and no changed byte. Undoing all the steps gives back the
// original bytes, redoing them all the edited bytes. The new archive
// needs no corpus.
func TestRandomEditsUndoRedo(t *testing.T) {
	for _, c := range []struct {
		name string
		doc  func(testing.TB) *Document
	}{{"new", newDocument}, {"corpus", corpusDocument}} {
		t.Run(c.name, func(t *testing.T) {
			d := c.doc(t)
			// Big stuff reaches most of a tile around it: such objects
			// are referenced from up to four tiles.
			d.ObjectRadius = func(o codec.Object) int {
				if o.Class == codec.ClassBigStuff {
					return 200
				}
				return 0
			}
			var in []int
			for i, l := range d.Archive.Levels {
				if l != nil {
					in = append(in, i)
				}
			}
			run := randomEdits(t, d, in, 1100, 7)
			run.UndoEvery = 10
			run.Check = cleanAndReloading(60)
			done := run.Edit(t)
			for _, k := range run.Kinds {
				if done[k.Name] < 20 {
					t.Errorf("only %d edits of kind %q", done[k.Name], k.Name)
				}
			}
			if undone, redone := done[randomedit.Undo], done[randomedit.Redo]; undone < 50 || redone < 20 {
				t.Errorf("only %d steps undone and %d redone along the way", undone, redone)
			}
			t.Logf("edits by kind: %v; history %d bytes", done, d.History.Bytes())
			run.UndoRedoAll(t)
			for _, i := range in {
				checkClean(t, d, i, "redo")
			}
		})
	}
}
