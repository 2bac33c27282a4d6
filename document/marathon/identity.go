package marathon

import (
	"slices"

	"github.com/levelwright/levelwright/document"
)

// removeByIdentity removes from the level, in e, the records that the
// text leaves out of a list of lights, liquids, sounds or annotations
// shorter than the level's: the two lists pair by what their records
// are (document.Align, as diff pairs them), and each of the level's
// records that pairs with none goes as DeleteLight and its kin delete
// one: what names a later record is renumbered, what names it cleared
// (or, where it cannot be, the import is refused, naming it). Then a
// field of the text's polygons, sides and liquids that the text leaves
// as the level had it follows the removal (it keeps naming the record
// it named); one the text changed names the text's record at that
// index. It returns how many records it removed.
func (lj *LevelJSON) removeByIdentity(e *edit) (int, error) {
	before := *e.l
	before.Polygons, before.Sides, before.Media = slices.Clone(e.l.Polygons), slices.Clone(e.l.Sides), slices.Clone(e.l.Media)
	n := 0
	for _, remove := range []func() (int, error){
		func() (int, error) { return removeLeftOut(e, lightsTable, lj.Lights, lightReferences) },
		func() (int, error) { return removeLeftOut(e, oldLightsTable, lj.OldLights, lightReferences) },
		func() (int, error) { return removeLeftOut(e, mediaTable, lj.Media, mediaReferences) },
		func() (int, error) { return removeLeftOut(e, ambientTable, lj.Ambient, ambientReferences) },
		func() (int, error) { return removeLeftOut(e, randomTable, lj.Random, randomReferences) },
		func() (int, error) {
			return removeLeftOut(e, notesTable, lj.Notes, func(*edit) []reference { return nil })
		},
	} {
		k, err := remove()
		if err != nil {
			return n, err
		}
		n += k
	}
	if n > 0 {
		// The text's lists may be the level's own (an export not
		// decoded from text): carry into copies.
		lj.Polygons, lj.Sides, lj.Media = slices.Clone(lj.Polygons), slices.Clone(lj.Sides), slices.Clone(lj.Media)
		document.CarryUnchanged(&lj.Polygons, before.Polygons, e.l.Polygons)
		document.CarryUnchanged(&lj.Sides, before.Sides, e.l.Sides)
		if len(e.l.Media) == len(before.Media) { // liquids pair by place unless some went
			document.CarryUnchanged(&lj.Media, before.Media, e.l.Media)
		}
	}
	return n, nil
}

// removeLeftOut removes from t in e the records that want, when shorter,
// leaves out (document.LeftOut), the last first; references are what
// names a record of t.
func removeLeftOut[T any](e *edit, t *table[T], want []T, references func(*edit) []reference) (int, error) {
	gone, err := document.LeftOut(*t.Slice(e.l), want)
	if err != nil {
		return 0, err
	}
	for _, i := range slices.Backward(gone) {
		if err := removeRecord(e, t, i, references); err != nil {
			return 0, err
		}
	}
	return len(gone), nil
}
