package marathon

import (
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestImportRemovesByIdentity: light 0 left out of an export is removed,
// one edit, and the polygons and sides keep their lights (light 12 is
// now light 11), the ones that used light 0 taking the first light
// left; a polygon whose light the text changes takes the text's light,
// numbered as the text numbers them.
func TestImportRemovesByIdentity(t *testing.T) {
	d := openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	was := jsontest.RoundTrip(t, *d.mustLevel(0))
	lj, err := d.Export(0)
	if err != nil {
		t.Fatal(err)
	}
	lj = jsontest.RoundTrip(t, lj)
	lj.Lights = lj.Lights[1:]
	changed := slices.IndexFunc(lj.Polygons, func(p codec.Polygon) bool { return p.FloorLight > 1 })
	lj.Polygons[changed].FloorLight = 1 // the text's light 1: the level's light 2
	edits, err := d.Import(lj)
	if err != nil {
		t.Fatal(err)
	}
	if edits != 2 {
		t.Errorf("%d edits, want 2 (the light removed, polygon %d's light)", edits, changed)
	}
	l := d.mustLevel(0)
	if len(l.Lights) != len(was.Lights)-1 {
		t.Fatalf("%d lights, want %d", len(l.Lights), len(was.Lights)-1)
	}
	light := func(old int16) int16 { return max(old-1, 0) }
	for pi, p := range l.Polygons {
		w := was.Polygons[pi]
		want := [3]int16{light(w.FloorLight), light(w.CeilingLight), light(w.MediaLight)}
		if pi == changed {
			want[0] = 1
		}
		if got := [3]int16{p.FloorLight, p.CeilingLight, p.MediaLight}; got != want {
			t.Errorf("polygon %d: lights %v, want %v (was %v)", pi, got, want, [3]int16{w.FloorLight, w.CeilingLight, w.MediaLight})
		}
	}
	for si, s := range l.Sides {
		w := was.Sides[si]
		if s.PrimaryLight != light(w.PrimaryLight) || s.SecondaryLight != light(w.SecondaryLight) {
			t.Errorf("side %d: lights %d %d, want %d %d", si, s.PrimaryLight, s.SecondaryLight, light(w.PrimaryLight), light(w.SecondaryLight))
		}
	}
	if l.Lights[11] != was.Lights[12] {
		t.Error("light 11 is not the old light 12")
	}
}
