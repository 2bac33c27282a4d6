package turok

import (
	"math/rand/v2"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/reach"
)

// mergeChoices are the edits that TestMergePairs pairs: actors changed,
// moved, turned and added, vertex heights and sector sets.
var mergeChoices = map[string]reach.Choice[*Document]{
	"actor health": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		i, health := reach.Half(rng, len(d.Map.Actors), side), int16(1+rng.IntN(100))
		return func(d *Document) error { return d.EditActors([]int{i}, func(a *codec.Actor) { a.Health += health }) }
	},
	"move actor": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		i := reach.Half(rng, len(d.Map.Actors), side)
		to := jitter(rng, d.Map.Actors[i].Origin, 16)
		return func(d *Document) error { return d.MoveActor(i, to) }
	},
	"turn actor": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		i := reach.Half(rng, len(d.Map.Actors), side)
		yaw := d.Map.Actors[i].Yaw + float32(rng.Float64())
		return func(d *Document) error { return d.RotateActor(i, yaw) }
	},
	"place actor": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		a := d.Map.Actors[reach.Half(rng, len(d.Map.Actors), side)]
		a.Health = int16(1 + rng.IntN(100))
		return func(d *Document) error { _, err := d.PlaceActor(a); return err }
	},
	"vertex height": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		v, field, h := reach.Half(rng, len(d.Map.Vertices), side), HeightField(rng.IntN(2)), float32(rng.IntN(257)-128)
		return func(d *Document) error { return d.SetVertexHeights([]int{v}, field, h) }
	},
	"sector set": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		i, water := reach.Half(rng, len(d.Map.SectorSets), side), float32(rng.IntN(65)-32)
		return func(d *Document) error {
			return d.EditSectorSets([]int{i}, func(s *codec.SectorSet) { s.WaterHeight += water })
		}
	},
}

// TestMergePairs: random pairs of edits merge the same both ways, and
// the merge holds both.
func TestMergePairs(t *testing.T) {
	open := func(t testing.TB) *Document { return openCorpus(t, "plain16.map") }
	reach.Pairs(t, Format, open, (*Document).AsDoc, mergeChoices, 12, 46)
}
