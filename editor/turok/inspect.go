package turok

import (
	"fmt"
	"maps"
	"slices"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

var turokSectorSpecs = inspect.Specs{"Vertices[0]": {ReadOnly: true}, "Vertices[1]": {ReadOnly: true}, "Vertices[2]": {ReadOnly: true},
	"Links[0]": {ReadOnly: true}, "Links[1]": {ReadOnly: true}, "Links[2]": {ReadOnly: true}}

var turokActorSpecs = inspect.Specs{
	"SpawnFlags1": {Flags: tcodec.ActorSpawnFlags1}, "SpawnFlags2": {Flags: tcodec.ActorSpawnFlags2},
	"SpawnFlags3": {Flags: tcodec.ActorSpawnFlags3}, "SpeciesMask": {Flags: tcodec.SpeciesMask},
	"Sector": {ReadOnly: true},
}

// Inspect is the inspector's sections for the selected entities of kind.
func (f *session) Inspect(h game.Host, kind document.Kind, indexes []int) []inspect.Section {
	m := f.d.Map
	switch kind {
	case tdoc.KindSector:
		sp := turokSectorSpecs
		if !m.LongSectors { // 16-byte sectors hold no draw order
			sp = maps.Clone(sp)
			sp["DrawOrder"] = inspect.FieldSpec{Hidden: true}
		}
		out := []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: inspect.RecordFields(inspect.Pick(m.Sectors, indexes), sp,
			func(u func(*tcodec.Sector)) error { return f.d.EditSectors(indexes, u) })}}
		sets := []int{}
		for _, s := range inspect.Pick(m.Sectors, indexes) {
			if !slices.Contains(sets, int(s.Set)) {
				sets = append(sets, int(s.Set))
			}
		}
		out = append(out, inspect.Section{Title: fmt.Sprintf("Sector set %v", sets), Fields: inspect.RecordFields(inspect.Pick(m.SectorSets, sets),
			inspect.Specs{"Flags": {Flags: tcodec.SectorSetFlags}},
			func(u func(*tcodec.SectorSet)) error { return f.d.EditSectorSets(sets, u) })})
		return out
	case tdoc.KindActor:
		out := []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: inspect.RecordFields(inspect.Pick(m.Actors, indexes), turokActorSpecs,
			func(u func(*tcodec.Actor)) error { return f.d.EditActors(indexes, u) })}}
		out[0].Fields = append(out[0].Fields, propgrid.Field{Label: "target", Action: &propgrid.Action{Label: "Pick target actor",
			Do: func() {
				h.PickTarget("click the actor to target", tdoc.KindActor, func(target int) error {
					tid := m.Actors[target].TID
					if tid < 0 {
						return fmt.Errorf("actor %d has no TID to target; give it one first", target)
					}
					return f.d.EditActors(indexes, func(a *tcodec.Actor) { a.TargetTID = tid })
				})
			}}})
		return out
	case tdoc.KindMesh:
		var meshes []tcodec.StaticMesh
		for _, s := range m.Sections {
			meshes = append(meshes, s.Meshes...)
		}
		return []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: inspect.RecordFields(inspect.Pick(meshes, indexes), inspect.Specs{},
			func(u func(*tcodec.StaticMesh)) error { return f.d.EditMeshes(indexes, u) })}}
	}
	return nil
}
