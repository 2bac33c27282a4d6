package shock

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestProblemsAfterRandomEdits: after each of many random steps on the
// Derelict's level 1 (tiles painted and set, among them tiles whose
// floor texture is past a texture list shortened, objects moved, their
// hit points set, undos), the problems found are those of a whole check,
// and most steps (all but undos of others) were checked for what they
// reached alone, the level's checked state kept.
func TestProblemsAfterRandomEdits(t *testing.T) {
	d, err := Open(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	const level = 1
	l := d.Archive.Levels[level]
	w, h := int(l.Info.Width), int(l.Info.Height)
	l.Textures = l.Textures[:min(len(l.Textures), 24)] // a shorter list, as another tool might write it
	_, slots, _ := l.TextureSlots()
	rng := rand.New(rand.NewPCG(29, 3))
	var bad []Point // tiles with a floor texture past the list
	for range 20 {
		p := Point{X: rng.IntN(w), Y: rng.IntN(h)}
		tl := l.Tile(p.X, p.Y)
		tl.SetTextures(tl.WallTexture(), tl.CeilingTexture(), slots+rng.IntN(32-slots))
		bad = append(bad, p)
	}
	var objects []int
	for i, o := range l.Objects {
		if i > 0 && o.Active != 0 {
			objects = append(objects, i)
		}
	}
	// An object written, as another tool might, in a tile none of its
	// cross-references is for: an error until it is moved.
	stray := objects[0]
	l.Objects[stray].X = uint16((int(l.Objects[stray].X)/256+1)%w*256 + 128)
	if _, err := d.Problems(level); err != nil {
		t.Fatal(err)
	}
	kept := 0
	for step := range 200 {
		d.History.BreakMerge()
		switch k := rng.IntN(10); {
		case k < 3:
			err = d.PaintTiles(level, []Point{{X: rng.IntN(w), Y: rng.IntN(h)}, {X: rng.IntN(w), Y: rng.IntN(h)}},
				Brush{TileShape: rng.IntN(int(codec.ShapeRidgeSW) + 1), FloorHeight: rng.IntN(16)})
		case k < 6:
			err = d.SetTiles(level, []Point{bad[rng.IntN(len(bad))]}, FloorTexture, rng.IntN(slots))
		case k < 8:
			id := objects[rng.IntN(len(objects))]
			if rng.IntN(3) == 0 {
				id = stray
			}
			o := l.Objects[id]
			err = d.MoveObject(level, id, uint16(rng.IntN(w*256)), uint16(rng.IntN(h*256)), o.Z)
		case k < 9:
			err = d.SetObjectField(level, []int{objects[rng.IntN(len(objects))]}, ObjectHP, rng.IntN(100))
		default:
			_, err = d.History.Undo()
		}
		if errors.Is(err, ErrMisplaced) {
			err = nil // a refused move: no step, the problems as they were
		}
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		checks := d.problems.Checks()
		got, err := d.Problems(level)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := sorted(got), sorted(l.Check()); !slices.Equal(got, want) {
			t.Fatalf("step %d: found\n%v\nwant\n%v", step, got, want)
		}
		if d.problems.Checks() == checks {
			kept++
		}
	}
	if kept < 150 {
		t.Errorf("%d of 200 steps checked only what they reached, want most", kept)
	}
}

func sorted(ps []codec.Problem) []codec.Problem {
	return slices.SortedFunc(slices.Values(ps), func(a, b codec.Problem) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Code, b.Code), cmp.Compare(a.Message, b.Message))
	})
}
