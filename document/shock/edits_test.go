package shock

import (
	"bytes"
	"fmt"
	"math/rand/v2"
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

var editKinds = []string{"tiles", "paste", "create", "move", "drag", "delete", "duplicate", "object field",
	"class data", "trap action", "trap param", "comparator", "wire puzzle", "block puzzle"}

// edit does one random edit of a random kind.
func (e *editor) edit() {
	kind := editKinds[e.rng.IntN(len(editKinds))]
	if e.do(kind) {
		e.kinds[kind]++
	}
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
		e.must(e.d.SetTiles(e.level, points, field, rng.IntN(min(tileFieldLimits[field], 1<<20)+1)))
	case "paste":
		cw, ch := 1+rng.IntN(6), 1+rng.IntN(6)
		clip, err := e.d.CopyTiles(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, cw, ch)
		e.must(err)
		e.must(e.d.PasteTiles(e.level, Point{rng.IntN(w - cw + 1), rng.IntN(h - ch + 1)}, clip))
	case "create":
		x, y := e.position()
		class := uint8(rng.IntN(codec.NumClasses))
		spec := ObjectSpec{Class: class, Subclass: uint8(rng.IntN(3)), Type: uint8(rng.IntN(4)), X: x, Y: y, Z: uint8(rng.IntN(256)), Heading: uint8(rng.IntN(256))}
		if rng.IntN(3) == 0 {
			spec = ObjectSpec{Class: codec.ClassFixture, Subclass: codec.FixturePanel, Type: 0, X: x, Y: y} // a puzzle panel
		}
		if _, err := e.d.CreateObject(e.level, spec); err != nil {
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
		if _, err := e.d.DuplicateObject(e.level, id, x, y); err != nil {
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
			return o.Class == codec.ClassGun || o.Class == codec.ClassAmmo || o.Class == codec.ClassDrug || o.Class == codec.ClassCritter
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
	case "trap action":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap }))
		if !ok || e.linked()[id] {
			return false // a puzzle's state trap keeps its cells in the parameters
		}
		e.must(e.d.SetTrapAction(e.level, id, codec.Action(rng.IntN(codec.NumActions))))
	case "trap param":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap }))
		if !ok || e.linked()[id] {
			return false
		}
		fields, err := e.d.ParamFields(e.level, id)
		e.must(err)
		if len(fields) == 0 {
			return false
		}
		f := fields[rng.IntN(len(fields))]
		v := uint32(rng.Uint64() & (1<<f.Bits - 1))
		if f.Kind == codec.KindObject {
			target, ok := e.pick(e.activeObjects(func(codec.Object) bool { return true }))
			if !ok || uint64(target) >= 1<<f.Bits {
				return false
			}
			v = uint32(target)
		}
		e.must(e.d.SetTrapParam(e.level, id, f.Name, v))
	case "comparator":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool { return o.Class == codec.ClassTrap || o.Class == codec.ClassFixture }))
		if !ok {
			return false
		}
		e.must(e.d.SetComparator(e.level, id, codec.MakeComparator(rng.IntN(4096), rng.IntN(2) == 0, rng.IntN(8), rng.IntN(256), rng.IntN(256))))
	case "wire puzzle", "block puzzle":
		id, ok := e.pick(e.activeObjects(func(o codec.Object) bool {
			return o.Class == codec.ClassFixture && o.Subclass == codec.FixturePanel && o.Type == 0
		}))
		if !ok {
			return false
		}
		if kind == "wire puzzle" {
			e.must(e.d.SetWirePuzzle(e.level, id, randomWirePuzzle(rng)))
		} else if err := e.d.SetBlockPuzzle(e.level, id, randomBlockPuzzle(rng)); err != nil {
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

// TestRandomEditsUndoRedo: on the corpus archive and a new one, 1,200
// random edits of every kind keep every level free of errors; undoing
// them all gives back the original bytes, redoing them all the edited
// bytes.
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
			for n := range 1200 {
				e := &editor{t: t, d: d, level: levels[rng.IntN(len(levels))], rng: rng, kinds: kinds}
				e.edit()
				checkClean(t, d, e.level, fmt.Sprintf("edit %d", n))
			}
			for _, k := range editKinds {
				if kinds[k] < 20 {
					t.Errorf("only %d edits of kind %q", kinds[k], k)
				}
			}
			t.Logf("edits by kind: %v; history %d bytes", kinds, d.History.Bytes())
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
