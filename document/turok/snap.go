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
	loc := d.geo().locator
	floors := make([]float32, len(indexes))
	for k, i := range indexes {
		o := d.Map.Actors[i].Origin
		s := loc.SectorAt(o)
		if s < 0 {
			return fmt.Errorf("actor %d stands over no sector at (%g, %g): it has no floor to snap to", i, o.X, o.Y)
		}
		floors[k], _ = d.Map.FloorAt(s, o.X, o.Y)
	}
	k := 0 // editActors updates the actors in the order of indexes
	return d.editActors(indexes, "Snap "+describe("actor", indexes)+" to the floor", "", func(a *codec.Actor) {
		a.Origin.Z = floors[k]
		k++
	})
}
