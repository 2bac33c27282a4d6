package turok

import (
	"bytes"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/internal/doctest"
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
			reread, err := Load(name, doctest.Bytes(t, d))
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

// TestSightJob: tables computed for the map as it was are applied as
// one step when the map has not changed since, and refused, changing
// nothing, when an edit or an undo came between.
func TestSightJob(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	v := d.Map.Vertices[40]
	v.Position.Z += 200
	for _, between := range []struct {
		name string
		edit func() error
	}{
		{"a vertex move", func() error { return d.MoveVertex(40, v) }},
		{"an undo", func() error { _, err := d.History.Undo(); return err }},
	} {
		job, err := d.SightJob()
		if err != nil {
			t.Fatal(err)
		}
		tables := job.Run()
		if err := between.edit(); err != nil {
			t.Fatal(err)
		}
		before := doctest.Bytes(t, d)
		undoSteps, _ := d.History.Steps()
		if _, err := d.ApplySight(job, tables); err == nil {
			t.Errorf("tables computed before %s were applied", between.name)
		}
		if now, _ := d.History.Steps(); now != undoSteps || !bytes.Equal(doctest.Bytes(t, d), before) {
			t.Errorf("the refused tables after %s changed the map or the history", between.name)
		}
	}
	job, err := d.SightJob()
	if err != nil {
		t.Fatal(err)
	}
	steps, _ := d.History.Steps()
	if _, err := d.ApplySight(job, job.Run()); err != nil {
		t.Fatal(err)
	}
	if now, _ := d.History.Steps(); now != steps+1 || !bytes.Equal(d.Map.Visibility.Data, d.Map.SightVisibility().Data) {
		t.Errorf("applying fresh tables: %d steps, tables as computed %v", now-steps, bytes.Equal(d.Map.Visibility.Data, d.Map.SightVisibility().Data))
	}
}
