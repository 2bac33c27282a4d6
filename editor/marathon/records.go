package marathon

import (
	"fmt"
	"strings"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// New records, as the polygon inspector's New buttons make them: a
// light of the normal preset, initially active, whose every function is
// full and constant (the light of a new map), a liquid of water filling the lower half of
// the polygon's height in the polygon's floor light, sounds at full
// volume (256, Aleph One's MAXIMUM_SOUND_VOLUME), a random sound every
// ten seconds at its own pitch.
var (
	newLight = mcodec.Light{Flags: 1, Functions: func() (fs [6]mcodec.LightFunction) { // initially active
		for i := range fs {
			fs[i] = mcodec.LightFunction{Period: 1, Intensity: 0x10000}
		}
		return fs
	}()}
	newAmbientSound = mcodec.AmbientSound{Volume: 256}
	newRandomSound  = mcodec.RandomSound{Volume: 256, Period: 300, Pitch: 0x10000}
)

// newMedia is a new liquid of water, lit by light, filling the lower
// half of the heights from floor to ceiling, its texture from origin.
func newMedia(light, floor, ceiling int16, origin mcodec.Point) mcodec.Media {
	half := floor + (ceiling-floor)/2
	return mcodec.Media{LightIndex: light, Low: floor, High: half, Height: half, Origin: origin}
}

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
				err := f.d.Batch(fmt.Sprintf("New %s for %s", lowerFirst(r.label), document.Count(len(indexes), "polygon")), func() error {
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

// platformField makes the one polygon at indexes a platform, as one
// step: a door that opens when used (mdoc.NewDoor) or a lift
// (mdoc.NewLift); nil for a polygon that already is one, or on a level
// whose platforms the editor does not add to.
func (f *session) platformField(h game.Host, level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	if len(indexes) != 1 || l.Polygons[indexes[0]].Type == mcodec.PolygonPlatform || !mdoc.AddsPlatforms(l) {
		return nil
	}
	var out []propgrid.Field
	for _, p := range []struct {
		label, action string
		platform      mcodec.StaticPlatform
	}{{"Platform", "Make a door", mdoc.NewDoor}, {"Platform (lift)", "Make a lift", mdoc.NewLift}} {
		out = append(out, propgrid.Field{Label: p.label, Action: &propgrid.Action{Label: p.action, Do: func() {
			if _, err := f.d.AddPlatform(level, indexes[0], p.platform); err != nil {
				h.ShowError(err)
			}
		}}})
	}
	return out
}

// polygonTargets give the permutation of platform triggers and
// teleporters a Pick button: the next polygon clicked in the map becomes
// the target of the polygons at indexes, as one step.
func (f *session) polygonTargets(h game.Host, level int, indexes []int, fields []propgrid.Field) {
	for _, label := range []string{platformPolygonPermutation, teleporterPermutation} {
		pickPolygon(h, fields, label, func(pi int) error {
			return f.d.EditPolygons(level, indexes, func(p *mcodec.Polygon) { p.Permutation = int16(pi) })
		})
	}
}

// sideTargets give a platform switch's permutation a Pick button (the
// next polygon clicked is the platform it toggles) and a terminal's a New
// button (a new terminal the panel shows, in the same step), each for
// the sides at indexes.
func (f *session) sideTargets(h game.Host, level int, indexes []int, fields []propgrid.Field) []propgrid.Field {
	aim := func(target int) func(*mcodec.Side) {
		return func(s *mcodec.Side) { s.ControlPanelPermutation = int16(target) }
	}
	pickPolygon(h, fields, panelPlatformPermutation, func(pi int) error { return f.d.EditSides(level, indexes, aim(pi)) })
	for k := range fields {
		if fields[k].Label != panelTerminalPermutation {
			continue
		}
		fields[k].Action = &propgrid.Action{Label: "New", Do: func() {
			err := f.d.Batch("New terminal for "+document.Count(len(indexes), "control panel"), func() error {
				i, err := f.d.AddTerminal(level, newTerminal())
				if err != nil {
					return err
				}
				return f.d.EditSides(level, indexes, aim(i))
			})
			if err != nil {
				h.ShowError(err)
			}
		}}
	}
	return fields
}

// pickPolygon gives the field labelled label a Pick button that makes
// the next polygon clicked in the map the target set sets.
func pickPolygon(h game.Host, fields []propgrid.Field, label string, set func(pi int) error) {
	for k := range fields {
		if fields[k].Label == label {
			fields[k].Action = &propgrid.Action{Label: "Pick", Do: func() {
				h.PickTarget("click the polygon for the "+strings.ToLower(label), mdoc.KindPolygon, set)
			}}
		}
	}
}

// lowerFirst is s with its first letter in lower case.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}
