package marathon

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// platformSphtPlatform is the platform type of a S'pht lift, whose
// sounds a lift makes (PlatformTypeNames).
const platformSphtPlatform = 3

// NewLift is the platform "Make a lift" makes: Weland's S'pht platform
// (platform type 3) at its usual speed (one world unit in 60 ticks) and
// delay (60 ticks), moving at once and for ever from its highest place,
// rising from the floor and reversing when obstructed, between the
// heights the engine finds (-1).
var NewLift = codec.StaticPlatform{Type: platformSphtPlatform, Speed: 1024 / 60, Delay: 60, MinimumHeight: -1, MaximumHeight: -1,
	StaticFlags: codec.PlatformInitiallyActive | codec.PlatformInitiallyExtended | codec.PlatformComesFromFloor |
		codec.PlatformReversesWhenObstructed}

// AddsPlatforms reports whether the editor adds platform records to l:
// a Marathon 2 or later level that stores static platform records, not
// a Marathon 1 level (whose platforms the engine makes from polygon
// types) nor a preprocessed one (which stores run-time platforms).
func AddsPlatforms(l *codec.Level) bool { return !l.Marathon1() && l.RunPlatforms == nil }

// DeletePlatform deletes platform record i: its polygon becomes a normal
// one, and the switches and triggers aimed at that polygon are cleared
// (they would toggle nothing), as one step.
func (d *Document) DeletePlatform(level, i int) error {
	return deleteRecord(d, level, platformsTable, i, platformReferences(i))
}

// platformReferences are what names platform record i: the platform
// polygons (their permutation is their record), of which i's own
// becomes a normal polygon, and the switches and triggers aimed at i's
// polygon.
func platformReferences(i int) func(e *edit) []reference {
	return func(e *edit) []reference {
		document.Touch(e.Edit, polygonsTable)
		document.Touch(e.Edit, sidesTable)
		var out []reference
		own := -1
		if i >= 0 && i < len(e.l.Platforms) {
			own = int(e.l.Platforms[i].Polygon)
		}
		for pi := range e.l.Polygons {
			p := &e.l.Polygons[pi]
			if p.Type != codec.PolygonPlatform {
				continue
			}
			out = append(out, reference{owner: fmt.Sprintf("polygon %d's platform", pi), field: &p.Permutation, aimed: pi == own, clear: func() {
				p.Type, p.Permutation = polygonNormal, 0
				e.polygonChanged(pi)
			}})
		}
		for _, r := range permutationReferences(e.l, KindPolygon) {
			r.aimed = int(*r.field) == own && own >= 0
			if r.aimed {
				out = append(out, r)
			}
		}
		return out
	}
}

// recordReferences are the fields that name record i of kind (a light,
// liquid, platform, ambient or random sound, terminal); ok is false for
// another kind.
func recordReferences(kind document.Kind, i int) (refs func(e *edit) []reference, ok bool) {
	switch kind {
	case KindLight:
		return lightReferences, true
	case KindLiquid:
		return mediaReferences, true
	case KindAmbientSound:
		return ambientReferences, true
	case KindRandomSound:
		return randomReferences, true
	case KindPlatform:
		return platformReferences(i), true
	case KindTerminal:
		return terminalReferences, true
	}
	return nil, false
}

// RecordUsers names what uses record i of kind (KindLight, KindLiquid,
// KindPlatform, KindAmbientSound, KindRandomSound or KindTerminal), all
// of which DeleteRecord clears; the error says why DeleteRecord would
// refuse it (a polygon lit by the light, say).
func (d *Document) RecordUsers(level int, kind document.Kind, i int) ([]string, error) {
	e, err := d.begin(level) // never committed: it only reads the references
	if err != nil {
		return nil, err
	}
	refs, ok := recordReferences(kind, i)
	if !ok {
		return nil, fmt.Errorf("a %s is no record this editor deletes", kind)
	}
	found := refs(e)
	if err := refuseKept(kind, i, found); err != nil {
		return nil, err
	}
	var out []string
	for _, r := range found {
		if r.names(i) {
			out = append(out, r.owner)
		}
	}
	return out, nil
}

// DeleteRecord deletes record i of kind, clearing what uses it
// (RecordUsers), as one step. Only the last terminal can go
// (DeleteTerminal).
func (d *Document) DeleteRecord(level int, kind document.Kind, i int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	switch kind {
	case KindLight:
		return d.DeleteLight(level, i)
	case KindLiquid:
		return d.DeleteMedia(level, i)
	case KindAmbientSound:
		return d.DeleteAmbientSound(level, i)
	case KindRandomSound:
		return d.DeleteRandomSound(level, i)
	case KindPlatform:
		return d.DeletePlatform(level, i)
	case KindTerminal:
		if i != len(l.Terminals)-1 {
			return fmt.Errorf("only the last terminal (%d) can be deleted: control panels name terminals by their place", len(l.Terminals)-1)
		}
		return d.DeleteTerminal(level)
	}
	return fmt.Errorf("a %s is no record this editor deletes", kind)
}

// GiveRecord gives platform polygon pi, which no platform record names,
// a record of the engine's door (NewDoor), and the rooms beside it the
// sides that show the door, as one step: the engine makes platforms from
// their records.
func (d *Document) GiveRecord(level, pi int) (int, error) {
	l, err := d.Level(level)
	if err != nil {
		return 0, err
	}
	if !AddsPlatforms(l) {
		return 0, fmt.Errorf("level %d keeps its platforms in a form this editor does not add to", level)
	}
	if pi < 0 || pi >= len(l.Polygons) || l.Polygons[pi].Type != codec.PolygonPlatform || l.PlatformRecordOf(pi) {
		return 0, fmt.Errorf("level %d: polygon %d is no platform without a record", level, pi)
	}
	var index int
	err = d.Batch(fmt.Sprintf("Give polygon %d a platform record", pi), func() error {
		door := NewDoor
		door.Polygon = int16(pi)
		if index, err = addRecord(d, level, platformsTable, door); err != nil {
			return err
		}
		if err := d.EditPolygons(level, []int{pi}, func(q *codec.Polygon) { q.Permutation = int16(index) }); err != nil {
			return err
		}
		p := l.Polygons[pi]
		lines := make([]int, min(p.VertexCount, 8))
		for k := range lines {
			lines[k] = int(p.Lines[k])
		}
		return d.addMissingSides(level, lines, fmt.Sprintf("Add the sides of polygon %d", pi))
	})
	return index, err
}

// AddMissingSides gives each face of line li that shows a wall and has
// no side one, textured like the polygon's other walls or else from the
// level's environment, and each side of the line the type its wall
// needs, as one step.
func (d *Document) AddMissingSides(level, li int) error {
	return d.addMissingSides(level, []int{li}, fmt.Sprintf("Add the sides of line %d", li))
}

// addMissingSides is AddMissingSides for lines, as the step description
// names.
func (d *Document) addMissingSides(level int, lines []int, description string) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	for _, li := range lines {
		if li < 0 || li >= len(e.l.Lines) {
			return fmt.Errorf("level %d has no line %d", level, li)
		}
		e.fixSides(li)
	}
	return e.Commit(description, "")
}
