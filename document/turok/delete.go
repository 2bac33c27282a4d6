package turok

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levelwright/levelwright/document"
)

// deletable are the kinds Delete takes.
var deletable = []document.Kind{KindActor, KindMesh, KindSector, KindVertex}

// Delete deletes the actors, static meshes and sectors of refs, and with
// a vertex the sectors it is a corner of, as one step: DeleteActors
// (which leaves the actors that targeted them targeting nothing:
// Referrers), DeleteMeshes and DeleteSectors. A map is one level: refs
// are of level 0.
func (d *Document) Delete(refs []document.Ref) error {
	kinds, err := d.deleted(refs)
	if err != nil || len(refs) == 0 {
		return err
	}
	n := 0
	for _, indexes := range kinds {
		n += len(indexes)
	}
	steps := []struct {
		kind   document.Kind
		delete func([]int) error
	}{{KindActor, d.DeleteActors}, {KindMesh, d.DeleteMeshes}, {KindSector, d.DeleteSectors}}
	return d.Batch("Delete "+document.Count(n, "entity"), func() error {
		for _, s := range steps {
			if len(kinds[s.kind]) > 0 {
				if err := s.delete(kinds[s.kind]); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// Referrers lists, in actor order, the actors kept whose target TID only
// actors of refs carry, which Delete leaves targeting nothing; each
// names the first actor of refs that carries it.
func (d *Document) Referrers(refs []document.Ref) ([]document.Referrer, error) {
	kinds, err := d.deleted(refs)
	if err != nil {
		return nil, err
	}
	actors := kinds[KindActor]
	if len(actors) == 0 {
		return nil, nil
	}
	if err := checkIndexes("actor", actors, len(d.Map.Actors)); err != nil {
		return nil, err
	}
	var out []document.Referrer
	for _, i := range d.targetReferrers(actors) {
		tid := d.Map.Actors[i].TargetTID
		to := slices.IndexFunc(actors, func(k int) bool { return d.Map.Actors[k].TID == tid })
		out = append(out, document.Referrer{From: document.Ref{Kind: KindActor, Index: i},
			To: document.Ref{Kind: KindActor, Index: actors[to]}, Name: fmt.Sprintf("actor %d's target (TID %d)", i, tid)})
	}
	return out, nil
}

// deleted checks refs for Delete and sorts their indexes by kind, the
// vertices replaced by the sectors they are corners of. Vertices none of
// which is a sector's corner are refused, as then there is nothing to
// delete.
func (d *Document) deleted(refs []document.Ref) (map[document.Kind][]int, error) {
	level, kinds, err := document.Deletable(refs, deletable...)
	if err != nil {
		return nil, err
	}
	if level != 0 {
		return nil, fmt.Errorf("a Turok map has one level, 0: it has no level %d to delete from", level)
	}
	vertices := kinds[KindVertex]
	if len(vertices) == 0 {
		return kinds, nil
	}
	for _, v := range vertices {
		if err := checkIndex("vertex", v, len(d.Map.Vertices)); err != nil {
			return nil, err
		}
	}
	delete(kinds, KindVertex)
	sectors, cornered := kinds[KindSector], false
	for i, sec := range d.Map.Sectors {
		if slices.ContainsFunc(sec.Vertices[:], func(v uint16) bool { return slices.Contains(vertices, int(v)) }) {
			cornered = true
			if !slices.Contains(sectors, i) {
				sectors = append(sectors, i)
			}
		}
	}
	if !cornered {
		what := describe("vertex", vertices)
		return nil, fmt.Errorf("%s: no sector has a corner there, so there is nothing to delete", strings.ToUpper(what[:1])+what[1:])
	}
	kinds[KindSector] = sectors
	return kinds, nil
}
