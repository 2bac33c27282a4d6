package marathon

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// polygonAt returns the polygon containing pt, trying hint first; -1
// when pt is in none.
func (e *edit) polygonAt(pt codec.Point, hint int) int {
	if hint >= 0 && hint < len(e.l.Polygons) && e.l.Contains(hint, pt) {
		return hint
	}
	for pi := range e.l.Polygons {
		if e.l.Contains(pi, pt) {
			return pi
		}
	}
	return -1
}

// place puts o in the polygon that contains its position, trying the
// one it names first.
func (e *edit) place(o *codec.Object) error {
	pi := e.polygonAt(codec.Point{X: o.X, Y: o.Y}, int(o.Polygon))
	if pi < 0 {
		return fmt.Errorf("X, Y (%d,%d) is in no polygon", o.X, o.Y)
	}
	o.Polygon = int16(pi)
	return nil
}

// PlaceObject adds an object (monster, item, scenery, player start or
// sound source) in the polygon that contains its position, and returns
// its index.
func (d *Document) PlaceObject(level int, o codec.Object) (int, error) {
	e, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	o.Polygon = -1
	if err := e.place(&o); err != nil {
		return 0, fmt.Errorf("level %d: %w", level, err)
	}
	document.Touch(e.Edit, objectsTable)
	i := len(e.l.Objects)
	e.l.Objects = append(e.l.Objects, o)
	e.Born[KindObject] = append(e.Born[KindObject], i)
	return i, e.Commit(fmt.Sprintf("Place object %d", i), "")
}

// MoveObject moves object i to at, into the polygon that contains it.
// The moves of one object merge into one step until BreakMerge.
func (d *Document) MoveObject(level, i int, at codec.Point) error {
	return d.editObject(level, i, fmt.Sprintf("Move object %d", i), fmt.Sprintf("move object %d/%d", level, i),
		func(o *codec.Object) { o.X, o.Y = at.X, at.Y })
}

// RotateObject sets object i's facing (512 to a turn). The turns of one
// object merge into one step until BreakMerge.
func (d *Document) RotateObject(level, i int, facing int16) error {
	return d.editObject(level, i, fmt.Sprintf("Rotate object %d", i), fmt.Sprintf("rotate object %d/%d", level, i),
		func(o *codec.Object) { o.Facing = facing })
}

// EditObject changes object i's fields with update; the object stays in
// the polygon that contains its position.
func (d *Document) EditObject(level, i int, update func(*codec.Object)) error {
	return d.editObject(level, i, fmt.Sprintf("Edit object %d", i), "", update)
}

func (d *Document) editObject(level, i int, description, mergeKey string, update func(*codec.Object)) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	if i < 0 || i >= len(e.l.Objects) {
		return fmt.Errorf("level %d has no object %d", level, i)
	}
	o := e.l.Objects[i]
	update(&o)
	if err := e.place(&o); err != nil {
		return fmt.Errorf("object %d: %w", i, err)
	}
	document.TouchAt(e.Edit, objectsTable, i)
	e.l.Objects[i] = o
	return e.Commit(description, mergeKey)
}

// DeleteObjects deletes objects; those after them move down.
func (d *Document) DeleteObjects(level int, objects []int) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	drop := map[int]bool{}
	for _, i := range objects {
		if i < 0 || i >= len(e.l.Objects) {
			return fmt.Errorf("level %d has no object %d", level, i)
		}
		drop[i] = true
	}
	document.Touch(e.Edit, objectsTable)
	to := renumberOf(len(e.l.Objects), drop)
	e.l.Objects = filter(e.l.Objects, drop)
	moves := map[int]int{}
	for from, at := range to {
		if from != at {
			moves[from] = at
		}
	}
	e.Renumber = append(e.Renumber, document.Renumbering{Kind: KindObject, Moves: moves})
	return e.Commit(fmt.Sprintf("Delete %d objects", len(objects)), "")
}
