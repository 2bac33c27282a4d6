package shock

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// editor makes random edits of every kind to one level of a document,
// choosing arguments that keep the level free of errors: deleted
// objects are ones nothing links to, object parameters name objects in
// use.
type editor struct {
	t     *testing.T
	d     *Document
	level int
	rng   *rand.Rand
	kinds map[string]int // edits done, by kind
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

var editKinds = []string{"tiles", "paint", "paste", "region", "level property", "level texture", "create", "move", "drag", "delete", "duplicate", "object field",
	"class data", "class field", "trap action", "trap param", "comparator", "condition", "object kind", "copy paste", "wire puzzle", "block puzzle", "camera"}

// refusalKinds are the kinds of edit badReference tries.
var refusalKinds = []string{"bad texture", "bad type", "off the map", "bad target", "bad level property"}

// edit does one random edit of a random kind.
func (e *editor) edit() {
	if e.rng.IntN(4) == 0 {
		if kind := e.badReference(); kind != "" {
			e.kinds[kind]++
		}
		return
	}
	kind := editKinds[e.rng.IntN(len(editKinds))]
	if e.do(kind) {
		e.kinds[kind]++
	}
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
func (e *editor) badReference() string {
	l, rng := e.l(), e.rng
	free := int(l.Objects[0].Next) // a free slot, or 0 when the table is full
	missing := []int{len(l.Objects), 0xFFF}
	if free != 0 {
		missing = append(missing, free)
	}
	gone := missing[rng.IntN(len(missing))]
	x, y := e.position()
	pickObject := func(keep func(codec.Object) bool) (int, bool) { return e.pick(e.activeObjects(keep)) }
	class := func(c uint8) func(codec.Object) bool { return func(o codec.Object) bool { return o.Class == c } }
	// setData returns an edit that sets object id's class data to what
	// change makes of it.
	setData := func(id int, change func(data []byte)) func() error {
		return func() error {
			data, err := e.d.ClassData(e.level, id)
			e.must(err)
			change(data)
			return e.d.SetClassData(e.level, id, data)
		}
	}
	cases := []struct {
		kind, want string
		// prepare makes the edits that set the scene, if any, and
		// returns the edit to refuse; ok is false when the level has
		// nothing to try it on.
		prepare func() (edit func() error, ok bool)
	}{
		{"bad texture", "texture list", func() (func() error, bool) {
			wall, _, ok := l.TextureSlots()
			p := Point{rng.IntN(int(l.Info.Width)), rng.IntN(int(l.Info.Height))}
			return func() error { return e.d.SetTiles(e.level, []Point{p}, WallTexture, wall+rng.IntN(64-wall)) }, ok && wall < 64
		}},
		{"bad type", "not an object type of the game", func() (func() error, bool) {
			c := rng.IntN(codec.NumClasses)
			spec := ObjectSpec{Class: uint8(c), Subclass: uint8(len(codec.Subclasses[c])), X: x, Y: y}
			return func() error { _, err := e.d.CreateObject(e.level, spec); return err }, true
		}},
		{"bad type", "not an object type of the game", func() (func() error, bool) {
			id, ok := pickObject(func(codec.Object) bool { return true })
			o := l.Objects[id]
			typ := codec.Subclasses[o.Class][o.Subclass].Types + rng.IntN(8)
			return func() error { return e.d.SetObjectField(e.level, []int{id}, ObjectType, typ) }, ok
		}},
		{"bad texture", "texture list", func() (func() error, bool) {
			_, ceilingFloor, ok := l.TextureSlots()
			if !ok || ceilingFloor >= 32 {
				return nil, false
			}
			p := Point{rng.IntN(int(l.Info.Width)), rng.IntN(int(l.Info.Height))}
			brush := Brush{TileShape: int(codec.ShapeOpen), FloorTexture: ceilingFloor + rng.IntN(32-ceilingFloor)}
			return func() error { return e.d.PaintTiles(e.level, []Point{p}, brush) }, true
		}},
		{"bad texture", "is outside 0-", func() (func() error, bool) {
			slot := rng.IntN(max(len(l.Textures), 1))
			return func() error { return e.d.SetLevelTexture(e.level, slot, codec.MaxTextures+rng.IntN(8)) }, len(l.Textures) > 0
		}},
		{"bad level property", "is outside 0-", func() (func() error, bool) {
			p := LevelProperty(rng.IntN(int(NumLevelProperties)))
			_, hi := p.Range()
			return func() error { return e.d.SetLevelProperty(e.level, p, hi+1+rng.IntN(8)) }, true
		}},
		{"bad level property", "is outside 0-", func() (func() error, bool) {
			p := LevelProperty(rng.IntN(int(NumLevelProperties)))
			return func() error { return e.d.SetLevelProperty(e.level, p, -1-rng.IntN(8)) }, true
		}},
		{"off the map", "outside the 64x64 map", func() (func() error, bool) {
			spec := ObjectSpec{Class: codec.ClassDrug, X: x, Y: uint16(64+rng.IntN(192)) << 8}
			return func() error { _, err := e.d.CreateObject(e.level, spec); return err }, true
		}},
		{"off the map", "outside the 64x64 map", func() (func() error, bool) {
			id, ok := pickObject(func(codec.Object) bool { return true })
			return func() error { return e.d.MoveObject(e.level, id, uint16(64+rng.IntN(192))<<8, y, 0) }, ok
		}},
		{"bad target", "not in use", func() (func() error, bool) {
			id, ok := pickObject(class(codec.ClassTrap))
			if !ok || e.linked()[id] || e.d.SetTrapAction(e.level, id, codec.ActionMulti) != nil {
				return nil, false // a state trap, or its parameters name an object deleted since
			}
			return func() error { return e.d.SetTrapParam(e.level, id, "second object", uint32(gone)) }, true
		}},
		{"bad target", "not in use", func() (func() error, bool) {
			id, ok := pickObject(class(codec.ClassTrap))
			if !ok || e.linked()[id] || e.d.SetTrapAction(e.level, id, codec.ActionDestroy) != nil {
				return nil, false
			}
			return func() error { return e.d.SetTrapParams(e.level, id, [4]uint32{0, 0, uint32(gone), 0}) }, true
		}},
		{"bad target", "not in use", func() (func() error, bool) {
			id, ok := pickObject(class(codec.ClassDoor))
			return setData(id, func(data []byte) { codec.SetClassValue(e.l().Objects[id], data, codec.FieldOtherHalf, int64(gone)) }), ok
		}},
		{"bad target", "not a door", func() (func() error, bool) {
			id, ok := pickObject(class(codec.ClassDoor))
			other, found := pickObject(func(o codec.Object) bool { return o.Class != codec.ClassDoor })
			return setData(id, func(data []byte) { codec.SetClassValue(e.l().Objects[id], data, codec.FieldOtherHalf, int64(other)) }), ok && found
		}},
		{"bad target", "not in use", func() (func() error, bool) {
			id, ok := pickObject(class(codec.ClassContainer))
			return setData(id, func(data []byte) {
				codec.SetClassValue(e.l().Objects[id], data, fmt.Sprintf("contents %d", 1+rng.IntN(4)), int64(gone))
			}), ok
		}},
		{"bad target", "not in use", func() (func() error, bool) {
			id, ok := pickObject(func(o codec.Object) bool {
				return o.Class == codec.ClassFixture && o.Subclass == codec.FixturePanel && o.Type == 0
			})
			w := randomWirePuzzle(rng)
			w.Frob = uint32(gone)
			return func() error { return e.d.SetWirePuzzle(e.level, id, w) }, ok
		}},
	}
	c := cases[rng.IntN(len(cases))]
	edit, ok := c.prepare()
	if !ok {
		return ""
	}
	var err error
	if !e.refused(func() error { err = edit(); return err }) || !strings.Contains(err.Error(), c.want) {
		e.t.Fatalf("%s: got %v, want a refusal naming %q", c.kind, err, c.want)
	}
	return c.kind
}

func (e *editor) linked() map[int]bool {
	to := map[int]bool{}
	for _, k := range e.l().Links() {
		to[k.To] = true
	}
	return to
}

func (e *editor) do(kind string) bool {
	l, rng := e.l(), e.rng
	w, h := int(l.Info.Width), int(l.Info.Height)
	switch kind {
	case "tiles":
		field := TileField(rng.IntN(int(numTileFields)))
		points := make([]Point, 1+rng.IntN(8))
		for i := range points {
			points[i] = Point{rng.IntN(w), rng.IntN(h)}
		}
		e.must(e.d.SetTiles(e.level, points, field, rng.IntN(min(tileLimit(l, field), 1<<20)+1)))
	case "paste":
		cw, ch := 1+rng.IntN(6), 1+rng.IntN(6)
		clip, err := e.d.CopyTiles(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, cw, ch)
		e.must(err)
		e.must(e.d.PasteTiles(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, clip))
	case "paint":
		points := make([]Point, 1+rng.IntN(8))
		for i := range points {
			points[i] = Point{rng.IntN(w), rng.IntN(h)}
		}
		brush := Brush{}
		for range 1 + rng.IntN(4) {
			field := TileField(rng.IntN(int(numTileFields)))
			if field != TileFlags {
				brush[field] = rng.IntN(tileLimit(l, field) + 1)
			}
		}
		e.must(e.d.PaintTiles(e.level, points, brush))
	case "region":
		cw, ch := 1+rng.IntN(8), 1+rng.IntN(8)
		region, err := e.d.CopyRegion(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, cw, ch)
		e.must(err)
		if e.refused(func() error {
			return e.d.PasteRegion(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, region)
		}) {
			return false // a full table or a link the engine could not follow is an answer
		}
	case "level property":
		// Not Cyberspace, which turns off the texture checks the other
		// edits try (TestLeavingCyberspaceNeedsTexturesInTheList has it).
		p := LevelProperty(rng.IntN(int(Cyberspace)))
		_, hi := p.Range()
		e.must(e.d.SetLevelProperty(e.level, p, rng.IntN(hi+1)))
	case "level texture":
		if len(l.Textures) == 0 {
			return false
		}
		e.must(e.d.SetLevelTexture(e.level, rng.IntN(len(l.Textures)), rng.IntN(codec.MaxTextures)))
	case "create":
		x, y := e.position()
		class := rng.IntN(codec.NumClasses)
		sub := rng.IntN(len(codec.Subclasses[class]))
		spec := ObjectSpec{Class: uint8(class), Subclass: uint8(sub), Type: uint8(rng.IntN(codec.Subclasses[class][sub].Types)),
			X: x, Y: y, Z: uint8(rng.IntN(256)), Heading: uint8(rng.IntN(256))}
		if rng.IntN(3) == 0 {
			spec = ObjectSpec{Class: codec.ClassFixture, Subclass: codec.FixturePanel, Type: 0, X: x, Y: y} // a puzzle panel
		}
		if e.refused(func() error { _, err := e.d.CreateObject(e.level, spec); return err }) {
			return false // a full table is an answer, not a failure
		}
	case "move", "drag":
		id, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true }))
		if !ok {
			return false
		}
		steps := 1
		if kind == "drag" {
			steps = 2 + rng.IntN(5)
		}
		for range steps {
			x, y := e.position()
			e.must(e.d.MoveObject(e.level, id, x, y, uint8(rng.IntN(256))))
		}
		e.d.History.BreakMerge()
	case "delete":
		linked := e.linked()
		id, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true }))
		if !ok || linked[id] {
			return false
		}
		e.must(e.d.DeleteObject(e.level, id))
	case "duplicate":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class != codec.ClassFixture || o.Subclass != codec.FixturePanel }))
		if !ok {
			return false
		}
		x, y := e.position()
		if e.refused(func() error { _, err := e.d.DuplicateObject(e.level, id, x, y); return err }) {
			return false
		}
	case "object field":
		ids := e.activeObjects(func(codec.Object) bool { return true })
		if len(ids) == 0 {
			return false
		}
		field := ObjectField(rng.IntN(int(NumObjectFields)))
		if field == ObjectType {
			return false // a panel's type decides whether it holds a puzzle
		}
		lo, hi := field.Range()
		e.must(e.d.SetObjectField(e.level, ids[:1+rng.IntN(min(len(ids), 5))], field, lo+rng.IntN(hi-lo+1)))
	case "class data":
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
			if rng.IntN(3) == 0 {
				data[i] = byte(rng.IntN(256))
			}
		}
		e.must(e.d.SetClassData(e.level, id, data))
	case "class field":
		// Puzzles have their own edits, which keep them solvable.
		linked := e.linked()
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
		i := rng.IntN(len(rec.Fields))
		v, ok := otherValue(rng, l, id, rec.Fields[i], rec.Values[i])
		if !ok {
			return false
		}
		if e.refusedMapNote(id, func() error { return e.d.SetClassField(e.level, id, rec.Fields[i].Name, v) }) {
			return false
		}
	case "trap action":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap || o.Class == codec.ClassFixture }))
		if !ok || e.linked()[id] {
			return false // a puzzle's state trap keeps its cells in the parameters
		}
		// Parameters set aside under an action come back with it, unless
		// they name an object deleted since.
		if e.refused(func() error { return e.d.SetTrapAction(e.level, id, codec.Action(rng.IntN(codec.NumActions))) }) {
			return false
		}
	case "trap param":
		linked := e.linked()
		traps := slices.DeleteFunc(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap }), func(id int) bool {
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
		f := fields[rng.IntN(len(fields))]
		v := uint32(rng.Uint64() & (1<<f.Bits - 1))
		if f.Kind == codec.KindObject {
			target, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true }))
			if !ok || uint64(target) >= 1<<f.Bits {
				return false
			}
			v = uint32(target)
		}
		if e.refusedMapNote(id, func() error { return e.d.SetTrapParam(e.level, id, f.Name, v) }) {
			return false
		}
	case "comparator":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap || o.Class == codec.ClassFixture }))
		if !ok {
			return false
		}
		e.must(e.d.SetComparator(e.level, id, codec.MakeComparator(rng.IntN(4096), rng.IntN(2) == 0, rng.IntN(8), rng.IntN(256), rng.IntN(256))))
	case "object kind":
		// Sometimes to a type one past the subclass's last, which must
		// be refused; a full class table refuses too.
		id, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true }))
		class := rng.IntN(codec.NumClasses)
		sub := rng.IntN(len(codec.Subclasses[class]))
		typ := rng.IntN(codec.Subclasses[class][sub].Types + 1)
		if !ok || e.refused(func() error { return e.d.ChangeObjectKind(e.level, id, uint8(class), uint8(sub), uint8(typ)) }) {
			return false
		}
	case "copy paste":
		// Copies of up to four objects pasted to a random place in the
		// level; the references they make outside the copies are
		// cleared. Into full tables the paste is refused.
		var ids []int
		for range 1 + rng.IntN(4) {
			if id, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true })); ok && !slices.Contains(ids, id) {
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
		if e.refused(func() error { _, _, err := e.d.PasteObjects(e.level, clip, int(x)-cx, int(y)-cy); return err }) {
			return false
		}
	case "condition":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap || o.Class == codec.ClassFixture }))
		if !ok {
			return false
		}
		field := ConditionField(rng.IntN(int(NumConditionFields)))
		lo, hi := field.Range()
		e.must(e.d.SetCondition(e.level, id, field, lo+rng.IntN(hi-lo+1)))
	case "camera":
		cams, err := e.d.Cameras(e.level)
		e.must(err)
		id, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true }))
		if len(cams) == 0 || !ok {
			return false
		}
		e.must(e.d.SetCamera(e.level, rng.IntN(len(cams)), Camera{Object: id}))
	case "wire puzzle", "block puzzle":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool {
			return o.Class == codec.ClassFixture && o.Subclass == codec.FixturePanel && o.Type == 0
		}))
		if !ok {
			return false
		}
		if kind == "wire puzzle" {
			e.must(e.d.SetWirePuzzle(e.level, id, randomWirePuzzle(rng)))
		} else if e.refused(func() error { return e.d.SetBlockPuzzle(e.level, id, randomBlockPuzzle(rng)) }) {
			return false // no room for a state trap
		}
	}
	return true
}

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
func checkClean(t *testing.T, d *Document, level int, after string) {
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
func reloadMatches(t *testing.T, d *Document, after string) {
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

// TestRandomEditsUndoRedo: on the corpus archive and a new one, 1,500
// random edits of every kind, some undone and redone as they go, keep
// every level free of errors and save to bytes that reload to the same
// levels; edits with a reference or limit out of range are refused,
// leaving no step and no changed byte. Undoing all the steps gives back
// the original bytes, redoing them all the edited bytes.
func TestRandomEditsUndoRedo(t *testing.T) {
	for _, c := range []struct {
		name string
		doc  func(testing.TB) *Document
	}{{"corpus", corpusDocument}, {"new", newDocument}} {
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
			original := mustBytes(t, d)
			rng := rand.New(rand.NewPCG(7, uint64(len(original))))
			var levels []int
			for i, l := range d.Archive.Levels {
				if l != nil {
					levels = append(levels, i)
				}
			}
			kinds := map[string]int{}
			undone, redone := 0, 0
			for n := range 1500 {
				level := levels[rng.IntN(len(levels))]
				switch r := rng.IntN(20); {
				case r == 0:
					for range 1 + rng.IntN(3) {
						ok, err := d.History.Undo()
						if err != nil {
							t.Fatal(err)
						}
						undone += boolInt(ok)
					}
					fallthrough // and redo some at once, before an edit drops them
				case r == 1:
					for range 1 + rng.IntN(3) {
						ok, err := d.History.Redo()
						if err != nil {
							t.Fatal(err)
						}
						redone += boolInt(ok)
					}
				default:
					e := &editor{t: t, d: d, level: level, rng: rng, kinds: kinds}
					e.edit()
				}
				for _, i := range levels {
					checkClean(t, d, i, fmt.Sprintf("step %d", n))
				}
				if n%60 == 59 {
					reloadMatches(t, d, fmt.Sprintf("step %d", n))
				}
			}
			for _, k := range append(editKinds, refusalKinds...) {
				if kinds[k] < 20 {
					t.Errorf("only %d edits of kind %q", kinds[k], k)
				}
			}
			if undone < 50 || redone < 20 {
				t.Errorf("only %d steps undone and %d redone along the way", undone, redone)
			}
			t.Logf("edits by kind: %v; %d undone, %d redone; history %d bytes", kinds, undone, redone, d.History.Bytes())
			// Steps undone along the way and not redone would come back
			// with RedoAll below: redo them first.
			if _, err := d.History.RedoAll(); err != nil {
				t.Fatal(err)
			}
			edited := mustBytes(t, d)
			steps, err := d.History.UndoAll()
			if err != nil {
				t.Fatal(err)
			}
			if got := mustBytes(t, d); !bytes.Equal(got, original) {
				t.Fatalf("undoing %d steps does not give back the original bytes", steps)
			}
			if redone, err := d.History.RedoAll(); err != nil || redone != steps {
				t.Fatalf("redid %d of %d steps: %v", redone, steps, err)
			}
			if got := mustBytes(t, d); !bytes.Equal(got, edited) {
				t.Fatalf("redoing %d steps does not give back the edited bytes", steps)
			}
			for _, i := range levels {
				checkClean(t, d, i, "redo")
			}
		})
	}
}
