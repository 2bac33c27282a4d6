package editor

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	tcol "github.com/levelwright/levelwright/editor/turok"
)

// TestBurstFollowedOnce: steps done while a catch-up is queued (a burst
// within one turn of the main loop) leave the problems as they were
// until it runs; then they are followed together: the problems of every
// step are listed, and nothing is left to follow.
func TestBurstFollowedOnce(t *testing.T) {
	e, _ := openNewTurokMap(t)
	d := tcol.Document(e.file)
	before := slices.Clone(e.problems.list)
	e.follower.catching = true // as when the main loop has a catch-up queued
	const burst = 5
	for i := range burst {
		a := d.Map.Actors[0]
		a.Origin.X += float32(64 * (i + 1))
		a.TID, a.TargetTID = 0, 0 // targets TID 0: a warning
		if _, err := d.PlaceActor(a); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(e.problems.list, before) || len(e.follower.followed) == 0 {
		t.Fatalf("during the burst the problems changed to %v (%d changes waiting)", e.problems.list, len(e.follower.followed))
	}
	e.follower.catchUp()
	tidZero := func(p bin.Problem) bool { return p.Code == "target-tid-zero" }
	placed := len(d.Map.Actors) - burst
	for i := placed; i < len(d.Map.Actors); i++ {
		if !slices.ContainsFunc(e.problems.list, func(p bin.Problem) bool { return tidZero(p) && p.Index == i }) {
			t.Errorf("after the catch-up, actor %d's target of TID 0 is not listed: %v", i, e.problems.list)
		}
	}
	if e.follower.catching || e.follower.followed != nil {
		t.Errorf("after the catch-up, %d changes wait (queued %v)", len(e.follower.followed), e.follower.catching)
	}
}

// TestBurstLinksFollow: a burst's catch-up places again the links of
// the entities every one of its steps drew again, not only the last's:
// an actor that another targets moved, then another actor, and the
// link's line ends where the first now stands.
func TestBurstLinksFollow(t *testing.T) {
	e, _ := openNewTurokMap(t)
	d := tcol.Document(e.file)
	place := func(a tcodec.Actor) int {
		i, err := d.PlaceActor(a)
		if err != nil {
			t.Fatal(err)
		}
		return i
	}
	a := d.Map.Actors[0]
	a.TID, a.TargetTID = 0, 0
	a.Origin.X += 64
	other := place(a)
	a.TID = 7
	a.Origin.X += 64
	target := place(a)
	a.TID, a.TargetTID = 0, 7
	a.Origin.X += 64
	place(a)
	if len(e.links) != 1 || e.links[0].refs[1] != (document.Ref{Kind: tdoc.KindActor, Index: target}) {
		t.Fatalf("links %v, want one to actor %d", e.links, target)
	}
	e.follower.catching = true // as when the main loop has a catch-up queued
	for _, i := range []int{target, other} {
		to := d.Map.Actors[i].Origin
		to.Y += 128
		if err := d.MoveActor(i, to); err != nil {
			t.Fatal(err)
		}
	}
	e.follower.catchUp()
	at, _ := e.scene.Center(document.Ref{Kind: tdoc.KindActor, Index: target})
	if l := e.links[0]; !l.drawn || l.line[1] != at {
		t.Errorf("after the catch-up the link runs %v (drawn %v), want to %v", l.line, l.drawn, at)
	}
}
