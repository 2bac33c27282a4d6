package reach

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
)

// A Choice chooses, with rng, one edit of d, a document as it opens, and
// returns it, to be made on that document or on one another edit has
// already changed. Side is 0 for ours, 1 for theirs: each side chooses
// what it edits among its own half of the entities (even or odd
// indexes), so that the two sides' edits never change the same field.
type Choice[D any] func(t testing.TB, d D, rng *rand.Rand, side int) func(D) error

// Pairs checks merge on random pairs of edits, rounds of them, chosen
// with a generator seeded with seed: ours makes one edit of choices (each
// kind in turn), theirs another (a kind chosen at random), and the merge of the two both ways (diff.MergeFiles)
// must give the same file, without conflicts or refusals; the merged
// file must have no check error that none of base, ours and theirs has,
// and must hold both sides' edits: its export must not differ from that
// of the file with both edits made one after the other.
func Pairs[D any](t *testing.T, game document.Format, open func(testing.TB) D, asDoc func(D) document.Doc, choices map[string]Choice[D], rounds int, seed uint64) {
	names := slices.Sorted(maps.Keys(choices))
	base := version(t, "base", asDoc(open(t)))
	for round := range rounds {
		rng := rand.New(rand.NewPCG(seed, uint64(round)))
		kinds := [2]string{names[round%len(names)], names[rng.IntN(len(names))]} // ours tries every kind in turn
		t.Run(fmt.Sprintf("%d %s+%s", round, kinds[0], kinds[1]), func(t *testing.T) {
			both := open(t)
			var sides [2]diff.Version
			for side, kind := range kinds {
				d := open(t)
				edit := choices[kind](t, d, rng, side)
				if err := edit(d); err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				if err := edit(both); err != nil {
					t.Fatalf("%s after the other edit: %v", kind, err)
				}
				sides[side] = version(t, []string{"ours", "theirs"}[side], asDoc(d))
			}
			merged, _, conflicts, err := diff.MergeFiles(game, base, sides[0], sides[1])
			if err != nil || len(conflicts) > 0 {
				t.Fatalf("merge: %v %v", err, conflicts)
			}
			swapped, _, conflicts, err := diff.MergeFiles(game, base, sides[1], sides[0])
			if err != nil || len(conflicts) > 0 {
				t.Fatalf("merge with ours and theirs swapped: %v %v", err, conflicts)
			}
			if i := document.FirstDifference(merged, swapped); i >= 0 {
				t.Fatalf("the merges of ours and theirs and of theirs and ours differ at byte %d", i)
			}
			newErrors(t, game, merged, base, sides[0], sides[1])
			d, err := game.Open("merged", merged)
			if err != nil {
				t.Fatal(err)
			}
			if changes := diff.Compare(read(t, asDoc(both)), read(t, d)); len(changes) > 0 {
				t.Errorf("the merge differs from both edits made one after the other: %v", changes)
			}
		})
	}
}

// version is d as a file of a merge named path.
// Half is an index below n chosen with rng among side's half (even
// indexes for 0, odd for 1), -1 when there is none.
func Half(rng *rand.Rand, n, side int) int {
	if n <= side {
		return -1
	}
	i := rng.IntN(n)&^1 | side
	if i >= n {
		i -= 2
	}
	return i
}

func version(t *testing.T, path string, d document.Doc) diff.Version {
	t.Helper()
	return diff.Version{Path: path, Data: fileOf(t, d), Levels: read(t, d)}
}

// newErrors fails for each check error of merged that none of versions
// has (by its message).
func newErrors(t *testing.T, game document.Format, merged []byte, versions ...diff.Version) {
	t.Helper()
	known := map[string]bool{}
	for _, v := range versions {
		for _, p := range checkErrors(t, game, v.Data) {
			known[p.Message] = true
		}
	}
	for _, p := range checkErrors(t, game, merged) {
		if !known[p.Message] {
			t.Errorf("check of the merge: %s %d: %s", p.Kind, p.Index, p.Message)
		}
	}
}

func checkErrors(t *testing.T, game document.Format, data []byte) []bin.Problem {
	t.Helper()
	problems, err := game.Check(data)
	if err != nil {
		t.Fatal(err)
	}
	return bin.Errors(problems)
}
