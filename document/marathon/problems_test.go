package marathon

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/undo"
)

// TestProblemsAfterRandomEdits makes random edits (objects moved, turned,
// placed and deleted, polygons moved, undone and redone) on the largest
// corpus maps, and after each compares Problems, found again for what
// the step reached where it can, with a full check of the level.
func TestProblemsAfterRandomEdits(t *testing.T) {
	for _, parts := range [][]string{{"marathon", "m1", "Map.scen"}, {"marathon", "jp", "Apotheosis", "Cracks-in-the-Pleasuredome.sceA"}} {
		t.Run(parts[len(parts)-1], func(t *testing.T) {
			d := openCorpus(t, parts...)
			level := -1
			for i := range d.Levels {
				if p, err := d.Problems(i); err == nil && len(bin.Errors(p)) == 0 && len(d.Levels[i].Objects) > 0 {
					level = i
					break
				}
			}
			if level < 0 {
				t.Fatal("no level without errors: the incremental check would never run")
			}
			l := d.Levels[level]
			if _, err := d.Problems(level); err != nil {
				t.Fatal(err)
			}
			steps := 0
			d.History.OnChange(func(n undo.Notice) {
				got, err := d.Problems(level)
				if err != nil {
					t.Fatal(err)
				}
				want := l.Check(int(d.File.Entries[level].Index))
				if !sameProblems(got, want) {
					t.Fatalf("after %v %s: incremental problems\n%v\nfull check\n%v", n.Event, n.Description, got, want)
				}
				steps++
			})
			rng := rand.New(rand.NewPCG(29, uint64(len(l.Objects))))
			for range 150 {
				o := rng.IntN(len(l.Objects))
				var err error
				switch rng.IntN(7) {
				case 0, 1:
					p := l.PolygonCenter(rng.IntN(len(l.Polygons)))
					err = d.MoveObject(level, o, codec.Point{X: p.X + int16(rng.IntN(64)), Y: p.Y})
				case 2:
					err = d.RotateObject(level, o, int16(rng.IntN(512)))
				case 3:
					at := l.Objects[o]
					at.Facing = 0
					_, err = d.PlaceObject(level, at)
				case 4:
					err = d.DeleteObjects(level, []int{o})
				case 5:
					_, err = d.History.Undo()
				case 6:
					_, err = d.History.Redo()
				}
				if err != nil {
					t.Logf("refused: %v", err) // a refused edit leaves no step to check
				}
				d.History.BreakMerge()
			}
			if steps < 100 {
				t.Fatalf("only %d steps were checked", steps)
			}
		})
	}
}

// sameProblems reports whether a and b list the same problems, in any
// order.
func sameProblems(a, b []codec.Problem) bool {
	order := func(p, q codec.Problem) int {
		return cmp.Or(cmp.Compare(p.Kind, q.Kind), cmp.Compare(p.Index, q.Index), cmp.Compare(p.Code, q.Code), cmp.Compare(p.Message, q.Message))
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, order)
	slices.SortFunc(b, order)
	return slices.Equal(a, b)
}
