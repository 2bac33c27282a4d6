package marathon

import (
	"math/rand/v2"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/reach"
)

// mergeChoices are the edits that TestMergePairs pairs: heights that add
// the sides their walls need, objects turned and added, lights changed
// and added, side textures and annotations.
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
	reach.Pairs(t, Format, open, func(d *Document) document.Doc { return d.AsDoc() }, mergeChoices, 12, 46)
}
