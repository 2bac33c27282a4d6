package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// The state trap a new block puzzle gets: a trigger of the "null" type,
// which nothing sets off.
const (
	stateTrapSubclass = 0
	stateTrapType     = 1
)

// puzzlePanel checks that id is a panel that can hold a puzzle and
// returns its fixture data.
func puzzlePanel(l *codec.Level, id int) (codec.Fixture, error) {
	if err := objectEntry(l, id); err != nil {
		return codec.Fixture{}, err
	}
	o := l.Objects[id]
	if !codec.CanHoldPuzzle(o) {
		return codec.Fixture{}, fmt.Errorf("object %d is not a panel that holds puzzles", id)
	}
	return codec.DecodeFixture(l.Classes[o.Class][o.SpecID].Data), nil
}

// panelPuzzle returns level's panel id when it holds a puzzle of kind.
func (d *Document) panelPuzzle(level, id, kind int) (*codec.Level, codec.Fixture, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, codec.Fixture{}, err
	}
	f, err := puzzlePanel(l, id)
	if err != nil {
		return nil, codec.Fixture{}, err
	}
	if codec.PuzzleKind(f) != kind {
		return nil, codec.Fixture{}, fmt.Errorf("panel %d holds no %s puzzle", id, [...]string{codec.PuzzleWire: "wire", codec.PuzzleBlock: "block"}[kind])
	}
	return l, f, nil
}

// WirePuzzle returns the wire puzzle of panel id.
func (d *Document) WirePuzzle(level, id int) (codec.WirePuzzle, error) {
	_, f, err := d.panelPuzzle(level, id, codec.PuzzleWire)
	if err != nil {
		return codec.WirePuzzle{}, err
	}
	return codec.DecodeWirePuzzle(f), nil
}

// BlockPuzzle returns the block puzzle of panel id, cells included.
func (d *Document) BlockPuzzle(level, id int) (codec.BlockPuzzle, error) {
	l, f, err := d.panelPuzzle(level, id, codec.PuzzleBlock)
	if err != nil {
		return codec.BlockPuzzle{}, err
	}
	_, state, ok := l.StateTrap(f)
	if !ok {
		return codec.BlockPuzzle{}, fmt.Errorf("block puzzle panel %d has no state trap", id)
	}
	return codec.DecodeBlockPuzzle(f, state), nil
}

// recordPanel starts recording an edit of level and returns puzzle
// panel id's fixture.
func (d *Document) recordPanel(level, id int) (*edit, codec.Fixture, error) {
	r, err := d.begin(level)
	if err != nil {
		return nil, codec.Fixture{}, err
	}
	f, err := puzzlePanel(r.level, id)
	return r, f, err
}

// SetWirePuzzle makes panel id hold w, as one step. A block puzzle it
// held before gives up its state trap when nothing else names it.
func (d *Document) SetWirePuzzle(level, id int, w codec.WirePuzzle) error {
	if err := w.Validate(); err != nil {
		return err
	}
	r, f, err := d.recordPanel(level, id)
	if err != nil {
		return err
	}
	if codec.PuzzleKind(f) == codec.PuzzleBlock {
		r.dropStateTrap(id, f)
	}
	w.Encode(&f)
	if err := r.writeFixture(id, f); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("Set wire puzzle of panel %d", id), "")
}

// SetBlockPuzzle makes panel id hold b, as one step. When the panel has
// no state trap yet, or its state trap's action reads its parameters as
// objects, a new one is created at the panel's position; b's StateTrap is
// ignored in favour of the panel's own.
func (d *Document) SetBlockPuzzle(level, id int, b codec.BlockPuzzle) error {
	if err := b.Validate(); err != nil {
		return err
	}
	r, f, err := d.recordPanel(level, id)
	if err != nil {
		return err
	}
	state, ok := 0, false
	if codec.PuzzleKind(f) == codec.PuzzleBlock {
		var t codec.Trap
		state, t, ok = r.level.StateTrap(f)
		// A trap given an action that reads objects while the puzzle was
		// set aside is a trap of its own now: the cells go to a new one.
		ok = ok && !readsObjects(r.level.Objects[state], t)
	}
	if !ok {
		panel := r.level.Objects[id]
		state, err = r.createObject(ObjectSpec{Class: codec.ClassTrap, Subclass: stateTrapSubclass, Type: stateTrapType, X: panel.X, Y: panel.Y, Z: panel.Z})
		if err != nil {
			r.Rollback()
			return err
		}
	}
	b.StateTrap = uint16(state)
	e := r.entry(codec.ClassTrap, int(r.level.Objects[state].SpecID))
	t := codec.DecodeTrap(e.Data)
	b.Encode(&f, &t)
	t.Encode(e.Data)
	if err := r.writeFixture(id, f); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("Set block puzzle of panel %d", id), "")
}

// writeFixture writes panel id's fixture data, refusing links to objects
// the engine could not follow that the panel did not have before.
func (r *edit) writeFixture(id int, f codec.Fixture) error {
	before := r.level.LinksFrom(id)
	o := r.level.Objects[id]
	f.Encode(r.entry(int(o.Class), int(o.SpecID)).Data)
	return r.checkLinks(id, before)
}

// dropStateTrap deletes the state trap of block puzzle panel id unless
// another object links to it.
func (r *edit) dropStateTrap(id int, f codec.Fixture) {
	state, _, ok := r.level.StateTrap(f)
	if !ok {
		return
	}
	for _, k := range r.level.LinksTo(state) {
		if k.From != id {
			return
		}
	}
	r.deleteObject(state)
}

// readsObjects reports whether trap or fixture o with trap fields t reads
// an object from its parameters, which a block puzzle's cells would turn
// into links to objects at random.
func readsObjects(o codec.Object, t codec.Trap) bool {
	for _, f := range codec.ParamLayout(o, t) {
		if f.Kind == codec.KindObject {
			return true
		}
	}
	return false
}

// statePanel returns the block puzzle panel that keeps its cells in trap
// id, if any.
func statePanel(l *codec.Level, id int) (panel int, ok bool) {
	for _, k := range l.LinksTo(id) {
		if k.Field == codec.FieldStateTrap {
			return k.From, true
		}
	}
	return 0, false
}
