package marathon

import (
	"math/rand/v2"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/reach"
)

// mergeChoices are the edits that TestMergePairs pairs: heights that add
// the sides their walls need, objects turned and added, lights changed
// added and deleted, side textures and annotations.
var mergeChoices = map[string]reach.Choice[*Document]{
	"heights": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		pi, raise := reach.Half(rng, len(d.mustLevel(0).Polygons), side), int16(64*(1+rng.IntN(8)))
		return func(d *Document) error {
			return d.EditPolygons(0, []int{pi}, func(p *codec.Polygon) {
				if raise%128 == 0 {
					p.CeilingHeight += raise
				} else {
					p.FloorHeight -= raise
				}
			})
		}
	},
	"turn object": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		oi, facing := reach.Half(rng, len(d.mustLevel(0).Objects), side), int16(rng.IntN(512))
		return func(d *Document) error { return d.RotateObject(0, oi, facing) }
	},
	"add object": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		o := d.mustLevel(0).Objects[reach.Half(rng, len(d.mustLevel(0).Objects), side)]
		o.Facing = int16(rng.IntN(512))
		return func(d *Document) error { _, err := d.PlaceObject(0, o); return err }
	},
	"light": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		li, phase := reach.Half(rng, len(d.mustLevel(0).Lights), side), int16(1+rng.IntN(100))
		return func(d *Document) error {
			return d.EditLights(0, []int{li}, func(l *codec.Light) { l.Phase += phase })
		}
	},
	"add light": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		l := d.mustLevel(0).Lights[reach.Half(rng, len(d.mustLevel(0).Lights), side)]
		l.Phase += int16(1 + rng.IntN(100))
		return func(d *Document) error { _, err := d.AddLight(0, l); return err }
	},
	// A light deleted from the middle of the list, which renumbers the
	// lights after it: the merge is imported by identity.
	"delete light": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		li := reach.Half(rng, len(d.mustLevel(0).Lights), side)
		return func(d *Document) error { return d.DeleteLight(0, li) }
	},
	"side texture": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		si, dx := reach.Half(rng, len(d.mustLevel(0).Sides), side), int16(1+rng.IntN(64))
		return func(d *Document) error {
			return d.EditSides(0, []int{si}, func(s *codec.Side) { s.Primary.X += dx })
		}
	},
	"add annotation": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		n := d.mustLevel(0).Notes[reach.Half(rng, len(d.mustLevel(0).Notes), side)]
		n.Text[0] = byte('A' + rng.IntN(26))
		return func(d *Document) error { _, err := d.AddNote(0, n); return err }
	},
}

// TestMergePairs: random pairs of edits merge the same both ways, and
// the merge holds both.
func TestMergePairs(t *testing.T) {
	open := func(t testing.TB) *Document { return openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA") }
	reach.Pairs(t, Format, open, func(d *Document) document.Doc { return d.AsDoc() }, mergeChoices, 16, 46)
}

// TestMergeAddedSidesBothWays: ours raises polygon 10's ceiling, which
// adds one side, theirs lowers polygon 4's floor, which adds four; the
// merge, either way, is the same file, with the five sides, each named
// by the line and polygon it is on.
func TestMergeAddedSidesBothWays(t *testing.T) {
	open := func() *Document { return openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA") }
	base := open()
	version := func(path string, d *Document) diff.Version {
		data := doctest.Bytes(t, d)
		levels, err := diff.Read(d.AsDoc())
		if err != nil {
			t.Fatal(err)
		}
		return diff.Version{Path: path, Data: data, Levels: levels}
	}
	ours, theirs := open(), open()
	if err := ours.EditPolygons(0, []int{10}, func(p *codec.Polygon) { p.CeilingHeight += 512 }); err != nil {
		t.Fatal(err)
	}
	if err := theirs.EditPolygons(0, []int{4}, func(p *codec.Polygon) { p.FloorHeight += 512 }); err != nil {
		t.Fatal(err)
	}
	b, o, th := version("base", base), version("ours", ours), version("theirs", theirs)
	added := len(ours.mustLevel(0).Sides) + len(theirs.mustLevel(0).Sides) - 2*len(base.mustLevel(0).Sides)
	merged, _, conflicts, err := diff.MergeFiles(Format, b, o, th)
	if err != nil || len(conflicts) > 0 {
		t.Fatal(err, conflicts)
	}
	swapped, _, conflicts, err := diff.MergeFiles(Format, b, th, o)
	if err != nil || len(conflicts) > 0 {
		t.Fatal(err, conflicts)
	}
	if i := document.FirstDifference(merged, swapped); i >= 0 {
		t.Fatalf("the two merges differ at byte %d", i)
	}
	d, err := Load("merged", merged)
	if err != nil {
		t.Fatal(err)
	}
	l := d.mustLevel(0)
	if got := len(l.Sides) - len(base.mustLevel(0).Sides); got != added || added != 5 {
		t.Fatalf("%d sides added, want %d (5)", got, added)
	}
	for li, line := range l.Lines {
		for _, s := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if s != codec.None && int(l.Sides[s].Line) != li {
				t.Errorf("line %d names side %d, which is on line %d", li, s, l.Sides[s].Line)
			}
		}
	}
}
