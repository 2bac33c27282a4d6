package turok

import (
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
)

// TestRebuildVisibilityCorpus: on the corpus maps with visibility
// tables, the rebuild keeps the tables' shape, changes some bits (the
// stored tables do not follow the terrain) and leaves the written map
// with no error and the problems it had (the corpus maps carry warnings
// of their own); it logs how many bits changed.
func TestRebuildVisibilityCorpus(t *testing.T) {
	for _, name := range []string{"debugpad-short.map", "kex18-vis.map"} {
		t.Run(name, func(t *testing.T) {
			d := openCorpus(t, name)
			before := d.Map.Check()
			stored := *d.Map.Visibility
			meshes := d.Map.MeshCount()
			changed, err := d.RebuildVisibility()
			if err != nil {
				t.Fatal(err)
			}
			v := d.Map.Visibility
			if v.Stride != stored.Stride || v.Count != stored.Count {
				t.Errorf("rebuilt tables are %d rows of %d bytes, stored %d of %d", v.Count, v.Stride, stored.Count, stored.Stride)
			}
			if changed == 0 || changed != codec.ChangedBits(&stored, v, meshes) {
				t.Errorf("%d bits reported changed, %d differ", changed, codec.ChangedBits(&stored, v, meshes))
			}
			reread, err := Load(name, d.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			after := reread.Map.Check()
			for _, p := range after {
				if p.Severity == "error" {
					t.Errorf("after the rebuild: %v", p)
				}
			}
			if !slices.Equal(after, before) {
				t.Errorf("the rebuild changed the problems: %d before, %d after", len(before), len(after))
			}
			seen := 0
			for r := range int(v.Count) {
				for c := range meshes {
					if v.Visible(r, c) {
						seen++
					}
				}
			}
			t.Logf("%s: %d of %d bits changed; %d of %d sector-mesh pairs visible after the rebuild",
				name, changed, int(v.Count)*meshes, seen, int(v.Count)*meshes)
		})
	}
}
