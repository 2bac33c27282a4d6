package turok

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/turokmap"
	"github.com/levelwright/levelwright/undo"
)

// TestProblemsAfterRandomEdits: after each burst of one to three random
// steps (actor moves, some off every sector, TID and target changes,
// actors placed and deleted, vertex moves, floor heights, some steep,
// static mesh moves, sectors put in another set, sets' flags flipped,
// some of them exempting steep floors and some beyond the 16 bits
// sectors carry, draw orders, undos), the problems found are those of a
// whole check; after bursts of steps of actors (placements and deletions
// included), vertices, sectors and sets edited in place and meshes
// within their sections on a map without errors only what they touched
// was checked again (no whole check was made); the
// problems of an actor moved within its sector stay where they stood.
func TestProblemsAfterRandomEdits(t *testing.T) {
	d := fromMap("hills.map", turokmap.Hills(16))
	for _, names := range [][]string{{"Cliff"}, {"Secret", "Water"}, {"Ladder", "Mapped"}} {
		set := d.Map.SectorSets[0]
		var err error
		if set.Flags, err = codec.SectorSetFlags.Mask(names); err != nil {
			t.Fatal(err)
		}
		if _, err := d.AddSectorSet(set); err != nil {
			t.Fatal(err)
		}
	}
	// The flags the steps flip: one sectors carry, one that exempts steep
	// floors, one that does both and one beyond the 16 bits sectors carry
	// that exempts them too.
	var flips []uint32
	for _, name := range []string{"Secret", "Climb", "Cliff", "Ladder"} {
		bit, err := codec.SectorSetFlags.Mask([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		flips = append(flips, bit)
	}
	var changes []undo.Change
	d.History.OnChange(func(n undo.Notice) { changes = append(changes, n.Changes...) })
	previous := mustProblems(t, d)
	tallied := meshCounts(d.Map) // the meshes of each section at the last whole check
	rng := rand.New(rand.NewPCG(29, 2))
	const span = 16 * 64
	incremental := 0
	for burst := range 200 {
		changes = changes[:0]
		checks := d.problems.Checks()
		for range 1 + rng.IntN(3) {
			actor := rng.IntN(len(d.Map.Actors))
			var err error
			switch k := rng.IntN(20); {
			case k < 4:
				err = d.MoveActor(actor, codec.Vec3{X: rng.Float32()*span*1.2 - span*0.1, Y: rng.Float32() * span})
			case k < 7:
				err = d.EditActors([]int{actor, (actor + 1 + rng.IntN(len(d.Map.Actors)-1)) % len(d.Map.Actors)}, func(a *codec.Actor) {
					a.TID, a.TargetTID = int16(rng.IntN(4)), int16(rng.IntN(5)-1)
				})
			case k < 8:
				v := rng.IntN(len(d.Map.Vertices))
				to := d.Map.Vertices[v]
				to.Position.X += rng.Float32()*40 - 20
				err = d.MoveVertex(v, to)
			case k < 9:
				v := rng.IntN(len(d.Map.Vertices))
				err = d.SetVertexHeights([]int{v, (v + 1) % len(d.Map.Vertices)}, Floor, rng.Float32()*300)
			case k < 10:
				g := rng.IntN(d.Map.MeshCount())
				err = d.MoveMesh(g, codec.Vec3{X: rng.Float32() * span, Y: rng.Float32() * span})
			case k < 12: // a copy of an actor, at a new TID now and then
				a := d.Map.Actors[actor]
				a.Origin = codec.Vec3{X: rng.Float32()*span*1.2 - span*0.1, Y: rng.Float32() * span}
				a.TID, a.TargetTID = int16(rng.IntN(6)), int16(rng.IntN(6)-1)
				_, err = d.PlaceActor(a)
			case k < 13: // the actors after it renumbered
				err = d.DeleteActors([]int{actor})
			case k < 15: // a few sectors painted with a set, as the brush does
				s := rng.IntN(len(d.Map.Sectors))
				err = d.AssignSectorSet([]int{s, (s + 1 + rng.IntN(40)) % len(d.Map.Sectors)}, rng.IntN(len(d.Map.SectorSets)))
			case k < 17:
				flip := flips[rng.IntN(len(flips))]
				err = d.EditSectorSets([]int{rng.IntN(len(d.Map.SectorSets))}, func(s *codec.SectorSet) { s.Flags ^= flip })
			case k < 18:
				err = d.EditSectors([]int{rng.IntN(len(d.Map.Sectors))}, func(s *codec.Sector) { s.DrawOrder = int16(rng.IntN(9) - 4) })
			default:
				_, err = d.History.Undo()
			}
			if err != nil {
				t.Fatalf("burst %d: %v", burst, err)
			}
		}
		wasClean := !slices.ContainsFunc(previous, isError)
		sameMeshes := slices.Equal(meshCounts(d.Map), tallied)
		previous = mustProblems(t, d)
		got, want := sorted(previous), sorted(d.check())
		if !slices.Equal(got, want) {
			t.Fatalf("burst %d (%v): found again\n%v\nwant\n%v", burst, changes, got, want)
		}
		if d.problems.Checks() != checks {
			tallied = meshCounts(d.Map)
		}
		if rechecked(changes) && wasClean && sameMeshes {
			if d.problems.Checks() != checks {
				t.Errorf("burst %d (%v): the whole map was checked again", burst, changes)
			}
			incremental++
		}
	}
	if incremental < 60 {
		t.Errorf("%d of 200 bursts checked only what they touched", incremental)
	}
	// An actor moved within its sector leaves the list of a whole check
	// as it was, in its order: one set in the middle of a sector first,
	// whatever the bursts left it on.
	if err := d.MoveActor(0, codec.Vec3{X: span/2 + 20, Y: span/2 + 40}); err != nil {
		t.Fatal(err)
	}
	if err := d.EditActors([]int{0}, func(a *codec.Actor) { a.TargetTID = 0 }); err != nil {
		t.Fatal(err)
	}
	d.problems.Forget() // a whole check, whether or not the edit above changed anything
	before := slices.Clone(mustProblems(t, d))
	at := d.Map.Actors[0].Origin
	at.X++
	if err := d.MoveActor(0, at); err != nil {
		t.Fatal(err)
	}
	if after := mustProblems(t, d); !slices.Equal(after, before) || !slices.ContainsFunc(after, func(p codec.Problem) bool { return p.Kind == "actor" && p.Index == 0 }) {
		t.Errorf("a move within a sector: problems\n%v\nthen\n%v", before, after)
	}
}

// rechecked reports whether changes are of the kinds whose problems are
// found again alone: actors, vertices, sectors, sector sets, sections,
// grid bounds and the visibility tables, none but actors coming or
// going.
func rechecked(changes []undo.Change) bool {
	for _, c := range changes {
		if c.Kind != KindVisibility && c.Kind != KindActor &&
			(c.Indexes == nil || !slices.Contains([]document.Kind{KindVertex, KindSector, KindSectorSet, KindSection, KindGridBounds}, c.Kind)) {
			return false
		}
	}
	return true
}

// mustProblems is the map's problems.
func mustProblems(t testing.TB, d *Document) []codec.Problem {
	t.Helper()
	p, err := d.Problems(level)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func isError(p codec.Problem) bool { return p.Severity == "error" }

func sorted(ps []codec.Problem) []codec.Problem {
	return slices.SortedFunc(slices.Values(ps), func(a, b codec.Problem) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Code, b.Code), cmp.Compare(a.Message, b.Message))
	})
}
