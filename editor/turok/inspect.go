package turok

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

var turokSectorSpecs = inspect.Specs{"Vertices[0]": {ReadOnly: true}, "Vertices[1]": {ReadOnly: true}, "Vertices[2]": {ReadOnly: true},
	"Links[0]": {ReadOnly: true}, "Links[1]": {ReadOnly: true}, "Links[2]": {ReadOnly: true},
	"Flags": {Hidden: true}} // its set's, shown by name in sectorFlags

// turokActorSpecs hide the fields shown as actorFields shows them, and
// give the position, bounds and sizes (the step height, the format's
// "collision dead height", and the collision sizes) in world units and
// the trigger delay in seconds.
var turokActorSpecs = inWorldUnits(inspect.Specs{
	"SpawnFlags1": {Flags: tcodec.ActorSpawnFlags1}, "SpawnFlags2": {Flags: tcodec.ActorSpawnFlags2},
	"SpawnFlags3": {Flags: tcodec.ActorSpawnFlags3}, "SpeciesMask": {Flags: tcodec.SpeciesMask},
	"Sector": {ReadOnly: true}, "Type": {Hidden: true}, "Yaw": {Hidden: true}, "SightFOV": {Hidden: true},
	"Health": {Hidden: true}, "SightRange": {Hidden: true}, "LoudRange": {Hidden: true}, "QuietRange": {Hidden: true},
	"AttackRange": {Hidden: true}, "FlyHeight": {Hidden: true}, "MeleeRange": {Hidden: true}, "LeashRadius": {Hidden: true},
	"StepHeight": {Unit: worldUnits}, "CollisionWidth": {Unit: worldUnits}, "CollisionWall": {Unit: worldUnits},
	"CollisionHeight": {Unit: worldUnits}, "TriggerDelay": {Unit: seconds},
})

// turokMeshSpecs name a static mesh's flags, give its position, bounds
// and collision cylinder in world units and hide its quaternion, shown
// as yaw, pitch and roll.
var turokMeshSpecs = inWorldUnits(inspect.Specs{"Flags": {Flags: tcodec.StaticMeshFlags},
	"CollisionRadius": {Unit: worldUnits}, "CollisionHigh": {Unit: worldUnits},
	"Rotation[0]": {Hidden: true}, "Rotation[1]": {Hidden: true}, "Rotation[2]": {Hidden: true}, "Rotation[3]": {Hidden: true}})

// inWorldUnits is sp with the coordinates of a record's Origin,
// BoundsMin and BoundsMax (actors' and static meshes') in world units.
func inWorldUnits(sp inspect.Specs) inspect.Specs {
	for _, vector := range []string{"Origin", "BoundsMin", "BoundsMax"} {
		for _, axis := range []string{"X", "Y", "Z"} {
			sp[vector+"."+axis] = inspect.FieldSpec{Unit: worldUnits}
		}
	}
	return sp
}

// maxDegrees is the largest angle a float32 of radians holds, in degrees.
const maxDegrees = math.MaxFloat32 * 180 / math.Pi

// An actor's angles (radians in the map) in degrees, any the map can
// hold (the engine takes any turn, and maps hold yaws of several turns),
// and its health as a number from 0 up.
var (
	actorYaw = angle("Yaw", -maxDegrees, maxDegrees, func(a *tcodec.Actor) *float32 { return &a.Yaw })
	actorFOV = angle("SightFOV", 0, maxDegrees, func(a *tcodec.Actor) *float32 { return &a.SightFOV })
	health   = wholeNumber("Health", 0, math.MaxInt16,
		func(a tcodec.Actor) float64 { return float64(a.Health) }, func(a *tcodec.Actor, v float64) { a.Health = int16(v) })
	// actorRanges are the ranges an actor holds squared, in the record's
	// order.
	actorRanges = []derived[tcodec.Actor]{
		squaredDistance("SightRange", func(a *tcodec.Actor) *float32 { return &a.SightRange }),
		squaredDistance("LoudRange", func(a *tcodec.Actor) *float32 { return &a.LoudRange }),
		squaredDistance("QuietRange", func(a *tcodec.Actor) *float32 { return &a.QuietRange }),
		squaredDistance("AttackRange", func(a *tcodec.Actor) *float32 { return &a.AttackRange }),
		squaredDistance("FlyHeight", func(a *tcodec.Actor) *float32 { return &a.FlyHeight }),
		squaredDistance("MeleeRange", func(a *tcodec.Actor) *float32 { return &a.MeleeRange }),
		squaredDistance("LeashRadius", func(a *tcodec.Actor) *float32 { return &a.LeashRadius }),
	}
	typeNumber = wholeNumber("Type number", 0, math.MaxInt32,
		func(a tcodec.Actor) float64 { return float64(a.Type) }, func(a *tcodec.Actor, v float64) { a.Type = int32(v) })
)

// Inspect is the inspector's sections for the selected entities of kind.
func (f *session) Inspect(h game.Host, kind document.Kind, indexes []int) []inspect.Section {
	m := f.d.Map
	switch kind {
	case tdoc.KindVertex:
		return f.inspectVertices(h, indexes)
	case tdoc.KindSector:
		sp := turokSectorSpecs
		if !m.LongSectors { // 16-byte sectors hold no draw order
			sp = maps.Clone(sp)
			sp["DrawOrder"] = inspect.FieldSpec{Hidden: true}
		}
		sectors := inspect.Pick(m.Sectors, indexes)
		fields := inspect.RecordFields(sectors, sp, func(u func(*tcodec.Sector)) error { return f.d.EditSectors(indexes, u) })
		out := []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: insertAfter(fields, "Set", sectorFlags(sectors))}}
		sets := []int{}
		for _, s := range inspect.Pick(m.Sectors, indexes) {
			if !slices.Contains(sets, int(s.Set)) {
				sets = append(sets, int(s.Set))
			}
		}
		out = append(out, inspect.Section{Title: fmt.Sprintf("Sector set %v", sets), Fields: setFields(h, inspect.Pick(m.SectorSets, sets),
			func(u func(*tcodec.SectorSet)) error { return f.d.EditSectorSets(sets, u) })})
		return out
	case tdoc.KindActor:
		fields := actorFields(inspect.Pick(m.Actors, indexes), func(u func(*tcodec.Actor)) error { return f.d.EditActors(indexes, u) })
		fields = insertAfter(fields, "Origin Z", snapToFloor(h, func() error { return f.d.SnapActorsToFloor(indexes) }))
		fields = insertAfter(fields, "TargetTID", propgrid.Field{Label: "target", Action: &propgrid.Action{Label: "Pick target actor",
			Do: func() {
				h.PickTarget("click the actor to target", tdoc.KindActor, func(target int) error {
					return f.d.TargetActor(indexes, target)
				})
			}}})
		return []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: fields}}
	case tdoc.KindMesh:
		fields := meshFields(inspect.Pick(meshes(m), indexes), func(u func(*tcodec.StaticMesh)) error { return f.d.EditMeshes(indexes, u) })
		fields = insertAfter(fields, "Origin Z", snapToFloor(h, func() error { return f.d.SnapMeshesToFloor(indexes) }))
		return []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: fields}}
	}
	return nil
}

// insertAfter puts extra after the field labelled label (at the end
// when there is none).
func insertAfter(fields []propgrid.Field, label string, extra ...propgrid.Field) []propgrid.Field {
	i := slices.IndexFunc(fields, func(f propgrid.Field) bool { return f.Label == label })
	if i < 0 {
		return append(fields, extra...)
	}
	return slices.Insert(fields, i+1, extra...)
}

// sectorFlags names the flags sectors copy from their set, read-only:
// they are set on the set.
func sectorFlags(sectors []tcodec.Sector) propgrid.Field {
	t := &propgrid.Text{Value: flagNames(tcodec.SectorSetFlags, uint32(sectors[0].Flags))}
	for _, s := range sectors {
		t.Mixed = t.Mixed || s.Flags != sectors[0].Flags
	}
	return propgrid.Field{Label: "Flags (its set's)", Text: t}
}

// flagNames lists the names of the bits set in v, or "none".
func flagNames(set tcodec.FlagSet, v uint32) string {
	if v == 0 {
		return "none"
	}
	return strings.Join(set.Names(v), ", ")
}

// actorFields are the fields of actors, those a modder commonly sets
// first (see actorFirst): the type by name and number, the angles in
// degrees, the ranges as distances, the health from 0 up, the flags by
// name.
func actorFields(actors []tcodec.Actor, edit func(func(*tcodec.Actor)) error) []propgrid.Field {
	fields := inspect.RecordFields(actors, turokActorSpecs, edit)
	if len(actors) == 0 {
		return fields
	}
	derived := []propgrid.Field{actorType(actors, edit), typeNumber.field(actors, edit), actorYaw.field(actors, edit),
		health.field(actors, edit), actorFOV.field(actors, edit)}
	for _, r := range actorRanges {
		derived = append(derived, r.field(actors, edit))
	}
	return commonFirst(append(derived, fields...), actorFirst)
}

// actorType is the choice of the actors' type among the named ones (and
// the type they have, when it has no name).
func actorType(actors []tcodec.Actor, edit func(func(*tcodec.Actor)) error) propgrid.Field {
	types := tcodec.ActorTypeNumbers()
	t := actors[0].Type
	mixed := slices.ContainsFunc(actors, func(a tcodec.Actor) bool { return a.Type != t })
	if !mixed && !slices.Contains(types, t) {
		types = append(types, t)
	}
	options := make([]string, len(types))
	for i, n := range types {
		options[i] = fmt.Sprintf("%s (%d)", tcodec.ActorTypeName(n), n)
	}
	index := -1
	if !mixed {
		index = slices.Index(types, t)
	}
	return propgrid.Field{Label: "Type", Choice: &propgrid.Choice{Options: options, Index: index,
		Set: func(i int) error { return edit(func(a *tcodec.Actor) { a.Type = types[i] }) }}}
}

// meshFields are the fields of static meshes: the rotation as yaw, pitch
// and roll in degrees, the flags by name.
func meshFields(meshes []tcodec.StaticMesh, edit func(func(*tcodec.StaticMesh)) error) []propgrid.Field {
	fields := inspect.RecordFields(meshes, turokMeshSpecs, edit)
	if len(meshes) == 0 {
		return fields
	}
	var angles []propgrid.Field
	for _, a := range meshAngles {
		angles = append(angles, a.field(meshes, edit))
	}
	return insertAfter(fields, "Scale Z", angles...)
}
