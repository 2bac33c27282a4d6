package marathon

import (
	"testing"

	"github.com/levelwright/levelwright/diff"
)

// TestDiffPairsAcrossADeletion: deleting one polygon of a real map in the
// middle of its list (with its lines, sides, endpoints and objects)
// renumbers thousands of entities and the fields naming them; the diff
// reports the polygon removed, what went with it removed, and changed
// only the entities that really changed: its neighbours, whose lines and
// sides no longer have it on the other side.
func TestDiffPairsAcrossADeletion(t *testing.T) {
	d := openCorpus(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	before, err := diff.Read(d.AsDoc())
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	victim := len(l.Polygons) / 2
	neighbours := map[int]bool{}
	for _, n := range l.Polygons[victim].Adjacent[:l.Polygons[victim].VertexCount] {
		if n >= 0 {
			neighbours[int(n)] = true
		}
	}
	if err := d.DeletePolygons(0, []int{victim}); err != nil {
		t.Fatal(err)
	}
	after, err := diff.Read(d.AsDoc())
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, c := range diff.Compare(before, after) {
		counts[c.List+" "+c.Change]++
		if c.List == "polygons" && c.Change == "changed" && !neighbours[c.Index+btoi(c.Index >= victim)] {
			t.Errorf("polygon %d (now %d) changed, which was not beside polygon %d: %v", c.Index+btoi(c.Index >= victim), c.Index, victim, c)
		}
	}
	if counts["polygons removed"] != 1 || counts["polygons added"] != 0 {
		t.Errorf("polygons: %v", counts)
	}
	if counts["polygons changed"] > len(neighbours) {
		t.Errorf("%d polygons changed, %d neighbours", counts["polygons changed"], len(neighbours))
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	// The polygon's own lines, sides, endpoints and objects, and its
	// neighbours' lines and sides: a few dozen, not thousands.
	if total > 100 {
		t.Errorf("%d changes: %v", total, counts)
	}
	t.Log(counts)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
