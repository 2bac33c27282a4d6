package turok

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/turok"
)

// SectorSetUse counts, for each sector set, the sectors in it.
func (d *Document) SectorSetUse() []int {
	use := make([]int, len(d.Map.SectorSets))
	for _, s := range d.Map.Sectors {
		if int(s.Set) < len(use) {
			use[s.Set]++
		}
	}
	return use
}

// DuplicateSectorSet adds a copy of sector set i, used by no sector yet,
// and returns its index.
func (d *Document) DuplicateSectorSet(i int) (int, error) {
	if err := checkIndex("sector set", i, len(d.Map.SectorSets)); err != nil {
		return 0, err
	}
	if err := roomFor("sector set", len(d.Map.SectorSets), 1); err != nil {
		return 0, err
	}
	return addRecord(d, sectorSetsTable, d.Map.SectorSets[i], fmt.Sprintf("Duplicate sector set %d as", i))
}

// SectorAt is the sector under p (nearest p in height where sectors
// overlap), or -1, found with the document's geometry index.
func (d *Document) SectorAt(p codec.Vec3) int { return d.geo().locator.SectorAt(p) }
