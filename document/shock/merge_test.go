package shock

import (
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/internal/reach"
)

// activeObjects are the ids of level's active objects, slot 0 (the
// list head) left out.
func activeObjects(d *Document, level int) []int {
	l, _ := d.Level(level)
	var out []int
	for id, o := range l.Objects {
		if id > 0 && o.Active != 0 {
			out = append(out, id)
		}
	}
	return out
}

// demoLevel is the demo archive's level.
const demoLevel = 1

// mergeChoices are the edits that TestMergePairs pairs, on demoLevel:
// objects turned and moved, tile textures and level properties. Objects
// made on both sides are left out: each side takes the first free slot,
// the same one, which the merge reports as a conflict.
var mergeChoices = map[string]reach.Choice[*Document]{
	"heading": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		ids := activeObjects(d, demoLevel)
		id, heading := ids[reach.Half(rng, len(ids), side)], rng.IntN(256)
		return func(d *Document) error { return d.SetObjectField(demoLevel, []int{id}, ObjectHeading, heading) }
	},
	"object z": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		ids := activeObjects(d, demoLevel)
		id := ids[reach.Half(rng, len(ids), side)]
		l, _ := d.Level(demoLevel)
		o := l.Objects[id]
		return func(d *Document) error { return d.MoveObject(demoLevel, id, o.X, o.Y, o.Z^1) }
	},
	"tile texture": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		l, _ := d.Level(demoLevel)
		field := []TileField{WallTexture, CeilingTexture, FloorTexture}[rng.IntN(3)]
		p, value := Point{reach.Half(rng, int(l.Info.Width), side), rng.IntN(int(l.Info.Height))}, rng.IntN(tileLimit(l, field)+1)
		return func(d *Document) error { return d.SetTiles(demoLevel, []Point{p}, field, value) }
	},
	"level property": func(t testing.TB, d *Document, rng *rand.Rand, side int) func(*Document) error {
		p := LevelProperty(reach.Half(rng, int(Cyberspace), side))
		_, hi := p.Range()
		value := rng.IntN(hi + 1)
		return func(d *Document) error { return d.SetLevelProperty(demoLevel, p, value) }
	},
}

// TestMergePairs: random pairs of edits merge the same both ways, and
// the merge holds both.
// It runs on the demo archive, whose export is a sixth of the corpus
// archive's, so that the many imports a merge makes take seconds.
func TestMergePairs(t *testing.T) {
	data, err := demo()
	if err != nil {
		t.Fatal(err)
	}
	open := func(t testing.TB) *Document {
		d, err := Load("demo.dat", data)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	reach.Pairs(t, Format, open, (*Document).AsDoc, mergeChoices, 8, 46)
}
