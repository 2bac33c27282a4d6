package marathon

import (
	"fmt"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// New records, as the polygon inspector's New buttons make them: a
// light of the normal preset whose every function is full and constant
// (the light of a new map), a liquid of water filling the lower half of
// the polygon's height in the polygon's floor light, sounds at full
// volume (256, Aleph One's MAXIMUM_SOUND_VOLUME), a random sound every
// ten seconds at its own pitch.
var (
	newLight = mcodec.Light{Functions: func() (fs [6]mcodec.LightFunction) {
		for i := range fs {
			fs[i] = mcodec.LightFunction{Period: 1, Intensity: 0x10000}
		}
		return fs
	}()}
	newAmbientSound = mcodec.AmbientSound{Volume: 256}
	newRandomSound  = mcodec.RandomSound{Volume: 256, Period: 300, Pitch: 0x10000}
)

// newRecordActions give the polygon fields that name a light, a liquid or
// a sound a New button: it adds such a record and makes the polygons at
// indexes use it, as one step.
func (f *session) newRecordActions(h game.Host, level int, indexes []int, fields []propgrid.Field) {
	first := f.d.Levels[level].Polygons[indexes[0]]
	for _, r := range polygonRecords {
		for k := range fields {
			if fields[k].Label != r.label || fields[k].Action != nil {
				continue
			}
			fields[k].Action = &propgrid.Action{Label: "New", Do: func() {
				err := f.d.Batch(fmt.Sprintf("New %s for %d polygons", lowerFirst(r.label), len(indexes)), func() error {
					i, err := r.add(f.d, level, first)
					if err != nil {
						return err
					}
					return f.d.EditPolygons(level, indexes, func(p *mcodec.Polygon) { *r.field(p) = int16(i) })
				})
				if err != nil {
					h.ShowError(err)
				}
			}}
		}
	}
}

// platformField makes the one polygon at indexes a platform (a door that
// opens when used, mdoc.NewDoor), as one step; nil for a polygon that
// already is one.
func (f *session) platformField(h game.Host, level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	if len(indexes) != 1 || l.Polygons[indexes[0]].Type == mcodec.PolygonPlatform {
		return nil
	}
	return []propgrid.Field{{Label: "Platform", Action: &propgrid.Action{Label: "Make a door", Do: func() {
		if _, err := f.d.AddPlatform(level, indexes[0], mdoc.NewDoor); err != nil {
			h.ShowError(err)
		}
	}}}}
}

// lowerFirst is s with its first letter in lower case.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}
