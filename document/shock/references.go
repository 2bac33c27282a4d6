package shock

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// deletable are the kinds Delete takes.
var deletable = []document.Kind{KindObject, KindTile}

// Delete deletes the objects of refs, clearing what else names them
// (DeleteObjects), and fills the tiles of refs in (makes them solid), as
// one step. refs are of one level.
func (d *Document) Delete(refs []document.Ref) error {
	level, kinds, err := document.Deletable(refs, deletable...)
	if err != nil || len(refs) == 0 {
		return err
	}
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	return d.Batch("Delete "+document.Count(len(refs), "entity"), func() error {
		if err := d.DeleteObjects(level, kinds[KindObject]); err != nil {
			return err
		}
		var points []Point
		for _, i := range kinds[KindTile] {
			points = append(points, Point{X: i % int(l.Info.Width), Y: i / int(l.Info.Width)})
		}
		if len(points) == 0 {
			return nil
		}
		return d.SetTiles(level, points, TileShape, int(codec.ShapeSolid))
	})
}

// Referrers lists the references to the objects of refs from objects
// not among them and from the surveillance screens, in object order then
// screen order: what Delete clears. A screen's reference is from the
// level's properties (KindLevel), the screen its index. Tiles are named
// by nothing.
func (d *Document) Referrers(refs []document.Ref) ([]document.Referrer, error) {
	level, kinds, err := document.Deletable(refs, deletable...)
	if err != nil || len(refs) == 0 {
		return nil, err
	}
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	var out []document.Referrer
	for _, k := range referrers(l, kinds[KindObject]) {
		from := document.Ref{Level: level, Kind: KindObject, Index: k.From}
		if k.Screen >= 0 {
			from = document.Ref{Level: level, Kind: KindLevel, Index: k.Screen}
		}
		out = append(out, document.Referrer{From: from, To: document.Ref{Level: level, Kind: KindObject, Index: k.To}, Name: k.String()})
	}
	return out, nil
}

// A reference is a field, outside a set of objects to delete, that names
// one of them: another object's link, or a surveillance screen's camera
// or surrogate (Screen at least 0, Link.From 0, Link.Field "camera" or
// "camera surrogate").
type reference struct {
	codec.Link
	Screen int // the surveillance screen, -1 for an object's link
}

// referrers lists the references to objects ids of l from objects not
// among ids and from the surveillance screens, in object order then
// screen order: what DeleteObjects clears.
func referrers(l *codec.Level, ids []int) []reference {
	var out []reference
	for _, k := range l.Links() {
		if slices.Contains(ids, k.To) && !slices.Contains(ids, k.From) {
			out = append(out, reference{Link: k, Screen: -1})
		}
	}
	for k, what := range []string{"camera", "camera surrogate"} {
		for screen, o := range l.Surveillance[k] {
			if slices.Contains(ids, int(o)) {
				out = append(out, reference{Link: codec.Link{To: int(o), Field: what}, Screen: screen})
			}
		}
	}
	return out
}

// String names the reference for a question: "object 86's first object
// (object 87)", "surveillance screen 2's camera (object 40)".
func (r reference) String() string {
	if r.Screen >= 0 {
		return fmt.Sprintf("surveillance screen %d's %s (object %d)", r.Screen, r.Field, r.To)
	}
	return fmt.Sprintf("object %d's %s (object %d)", r.From, r.Field, r.To)
}

// DeleteObjects deletes objects ids of level as one step, and sets every
// field that names one of them from elsewhere (referrers) to 0, the
// game's "no object", so that no trigger, trap, container, door or
// camera is left naming a free slot, or a later object in it. A block
// puzzle's state trap is refused unless its panel goes too: the panel's
// cells are in it.
func (d *Document) DeleteObjects(level int, ids []int) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	l := r.level
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	if len(ids) == 0 {
		return nil
	}
	for _, id := range ids {
		if err := activeObject(l, id); err != nil {
			return err
		}
	}
	refs := referrers(l, ids)
	for _, k := range refs {
		if k.Screen < 0 && k.Field == codec.FieldStateTrap {
			return fmt.Errorf("object %d keeps the cells of block puzzle panel %d: delete the panel with it, or edit the panel's puzzle first", k.To, k.From)
		}
	}
	for _, k := range refs {
		if k.Screen >= 0 {
			continue // deleteObject clears the screens
		}
		o := l.Objects[k.From]
		codec.ClearLink(o, r.entry(int(o.Class), int(o.SpecID)).Data, k.Link)
	}
	for _, id := range ids {
		r.deleteObject(id)
	}
	what := fmt.Sprintf("object %d", ids[0])
	if len(ids) > 1 {
		what = fmt.Sprintf("%d objects", len(ids))
	}
	return r.Commit("Delete "+what, "")
}
