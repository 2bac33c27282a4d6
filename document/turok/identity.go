package turok

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// removeLeftOutSets removes the sector sets that the text leaves out of
// a list shorter than the map's, paired by what they are
// (document.LeftOut) rather than by place, each as DeleteSectorSet
// removes one, so that the sectors of later sets are renumbered. A
// sector whose set the text leaves as the map had it keeps that set; if
// that set goes, the import is refused, naming the sector. A sector
// whose set the text changes takes the text's set, as the text numbers
// them. It returns how many sets it removed.
func (d *Document) removeLeftOutSets(r *imported) (int, error) {
	m := d.Map
	gone, err := document.LeftOut(m.SectorSets, r.sets)
	if err != nil || len(gone) == 0 {
		return 0, err
	}
	keep := -1 // the first set that stays
	for i := range m.SectorSets {
		if !slices.Contains(gone, i) {
			keep = i
			break
		}
	}
	before := slices.Clone(m.Sectors)
	var moving []int // off a set that goes, to the text's: through a set that stays
	for i, s := range before {
		if !slices.Contains(gone, int(s.Set)) {
			continue
		}
		if r.sectors[i].Set == s.Set || keep < 0 {
			return 0, fmt.Errorf("sectors[%d].Set: sector set %d, which the text leaves out: put the sector in another set", i, s.Set)
		}
		moving = append(moving, i)
	}
	if len(moving) > 0 {
		if err := d.EditSectors(moving, func(s *codec.Sector) { s.Set = uint16(keep) }); err != nil {
			return 0, err
		}
	}
	for _, i := range slices.Backward(gone) {
		if err := d.DeleteSectorSet(i); err != nil {
			return 0, err
		}
	}
	document.CarryUnchanged(&r.sectors, before, m.Sectors)
	return len(gone), nil
}
