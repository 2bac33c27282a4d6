package turok

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/turok"
)

// SnapActorsToFloor sets actors down on the floor under them (of the
// sector there whose floor is nearest each actor), as one step; their
// bounds move with them. It refuses an actor over no sector, naming it.
func (d *Document) SnapActorsToFloor(indexes []int) error {
	if err := checkIndexes("actor", indexes, len(d.Map.Actors)); err != nil {
		return err
	}
	floors, err := d.floorsUnder("actor", indexes, func(i int) codec.Vec3 { return d.Map.Actors[i].Origin })
	if err != nil {
		return err
	}
	k := 0 // editActors updates the actors in the order of indexes
	return d.editActors(indexes, "Snap "+describe("actor", indexes)+" to the floor", "", func(a *codec.Actor) {
		a.Origin.Z = floors[k]
		k++
	})
}

// SnapMeshesToFloor sets static meshes' origins on the floor under them,
// as SnapActorsToFloor does actors, as one step.
func (d *Document) SnapMeshesToFloor(indexes []int) error {
	if err := checkIndexes("static mesh", indexes, d.Map.MeshCount()); err != nil {
		return err
	}
	items := d.meshItems()
	floors, err := d.floorsUnder("static mesh", indexes, func(g int) codec.Vec3 { return items[g].mesh.Origin })
	if err != nil {
		return err
	}
	k := 0 // editMeshesAt updates the meshes in the order of indexes
	return d.editMeshesAt(indexes, "Snap "+describe("static mesh", indexes)+" to the floor", "", func(_ int, s *codec.StaticMesh) {
		s.Origin.Z = floors[k]
		k++
	}, false)
}

// floorsUnder are the heights of the floor under the origins of kind's
// records indexes (of the sector there whose floor is nearest each), in
// their order; it refuses one over no sector, naming it.
func (d *Document) floorsUnder(kind string, indexes []int, origin func(i int) codec.Vec3) ([]float32, error) {
	loc := d.geo().locator
	floors := make([]float32, len(indexes))
	for k, i := range indexes {
		o := origin(i)
		s := loc.SectorAt(o)
		if s < 0 {
			return nil, fmt.Errorf("%s %d stands over no sector at (%g, %g): it has no floor to snap to", kind, i, o.X, o.Y)
		}
		floors[k], _ = d.Map.FloorAt(s, o.X, o.Y)
	}
	return floors, nil
}
