package turok

import (
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestImportRemovesSetsByIdentity: a sector set no sector uses, left
// out of the middle of the export, is removed, and every sector keeps
// its set (set 2 is now set 1); a set still used, left out, is refused,
// naming a sector in it.
func TestImportRemovesSetsByIdentity(t *testing.T) {
	d := openCorpus(t, "plain16.map")
	if len(d.Map.SectorSets) < 3 {
		t.Fatalf("%d sector sets, the test needs 3", len(d.Map.SectorSets))
	}
	var inOne []int
	for i, s := range d.Map.Sectors {
		if s.Set == 1 {
			inOne = append(inOne, i)
		}
	}
	if err := d.EditSectors(inOne, func(s *codec.Sector) { s.Set = 0 }); err != nil {
		t.Fatal(err)
	}
	was := slices.Clone(d.Map.Sectors)
	sets := slices.Clone(d.Map.SectorSets)
	mj := jsontest.RoundTrip(t, d.Export())
	mj.SectorSets = slices.Delete(mj.SectorSets, 1, 2)
	edits, err := d.Import(mj)
	if err != nil {
		t.Fatal(err)
	}
	if edits != 1 || len(d.Map.SectorSets) != len(sets)-1 || d.Map.SectorSets[1] != sets[2] {
		t.Fatalf("%d edits, %d sets (want 1 edit, %d sets, set 1 the old set 2)", edits, len(d.Map.SectorSets), len(sets)-1)
	}
	for i, s := range d.Map.Sectors {
		want := was[i].Set
		if want > 1 {
			want--
		}
		if s.Set != want {
			t.Errorf("sector %d: set %d, want %d (was %d)", i, s.Set, want, was[i].Set)
		}
	}
	used := jsontest.RoundTrip(t, d.Export())
	used.SectorSets = used.SectorSets[1:] // set 0 holds sectors
	if _, err := d.Import(used); err == nil || !strings.Contains(err.Error(), "which the text leaves out") {
		t.Errorf("a used set left out: %v", err)
	}
}
