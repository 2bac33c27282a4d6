package shock

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// The camera and surrogate lists as the change recorder sees them.
var surveillanceValues = func() (v [2]*document.Value[*codec.Level, []uint16]) {
	for k := range v {
		v[k] = &document.Value[*codec.Level, []uint16]{Kind: KindLevel,
			Size: func(s []uint16) int { return 2 * len(s) }, Field: func(l *codec.Level) *[]uint16 { return &l.Surveillance[k] },
			Same: slices.Equal[[]uint16], Clone: slices.Clone[[]uint16]}
	}
	return v
}()

// clearCameras sets to 0 every camera and surrogate that is object id,
// which is being deleted.
func (r *edit) clearCameras(id int) {
	for k, v := range surveillanceValues {
		for i, o := range r.level.Surveillance[k] {
			if int(o) == id {
				document.TouchValue(r.Edit, v)
				r.level.Surveillance[k][i] = 0
			}
		}
	}
}

// A Camera is one of a level's surveillance screens (chunks 43 and 44):
// the object whose view the screen's texture shows, aimed by its heading
// and pitch, and the object whose destruction also blanks the screen; 0
// for none.
type Camera struct{ Object, Surrogate int }

// Cameras lists level's surveillance screens.
func (d *Document) Cameras(level int) ([]Camera, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	objs, surrogates := l.Surveillance[0], l.Surveillance[1]
	cams := make([]Camera, min(len(objs), len(surrogates)))
	for i := range cams {
		cams[i] = Camera{int(objs[i]), int(surrogates[i])}
	}
	return cams, nil
}

// SetCamera sets surveillance screen of level to c, as one step. Each of
// c's objects is 0 or an object in use.
func (d *Document) SetCamera(level, screen int, c Camera) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if n := min(len(l.Surveillance[0]), len(l.Surveillance[1])); screen < 0 || screen >= n {
		return fmt.Errorf("surveillance screen %d is outside 0-%d", screen, n-1)
	}
	for _, o := range []struct {
		what string
		id   int
	}{{"camera", c.Object}, {"camera surrogate", c.Surrogate}} {
		if o.id == 0 {
			continue
		}
		if err := activeObject(l, o.id); err != nil {
			return fmt.Errorf("surveillance screen %d's %s: %w", screen, o.what, err)
		}
	}
	before := Camera{int(l.Surveillance[0][screen]), int(l.Surveillance[1][screen])}
	if before == c {
		return nil
	}
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	document.TouchValue(e.Edit, surveillanceValues[0])
	document.TouchValue(e.Edit, surveillanceValues[1])
	l.Surveillance[0][screen], l.Surveillance[1][screen] = uint16(c.Object), uint16(c.Surrogate)
	return e.Commit(fmt.Sprintf("Set surveillance screen %d of level %d", screen, level), "")
}
