package editor

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	tcol "github.com/levelwright/levelwright/editor/turok"
)

// TestBurstFollowedOnce: steps done while a catch-up is queued (a burst
// within one turn of the main loop) leave the problems as they were
// until it runs; then they are followed together: the problems of every
// step are listed, and nothing is left to follow.
func TestBurstFollowedOnce(t *testing.T) {
	e, _ := openNewTurokMap(t)
	d := tcol.Document(e.file)
	before := slices.Clone(e.problemList)
	e.catching = true // as when the main loop has a catch-up queued
	const burst = 5
	for i := range burst {
		a := d.Map.Actors[0]
		a.Origin.X += float32(64 * (i + 1))
		a.TID, a.TargetTID = 0, 0 // targets TID 0: a warning
		if _, err := d.PlaceActor(a); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(e.problemList, before) || len(e.followed) == 0 {
		t.Fatalf("during the burst the problems changed to %v (%d changes waiting)", e.problemList, len(e.followed))
	}
	e.catchUp()
	tidZero := func(p bin.Problem) bool { return p.Code == "target-tid-zero" }
	placed := len(d.Map.Actors) - burst
	for i := placed; i < len(d.Map.Actors); i++ {
		if !slices.ContainsFunc(e.problemList, func(p bin.Problem) bool { return tidZero(p) && p.Index == i }) {
			t.Errorf("after the catch-up, actor %d's target of TID 0 is not listed: %v", i, e.problemList)
		}
	}
	if e.catching || e.followed != nil {
		t.Errorf("after the catch-up, %d changes wait (queued %v)", len(e.followed), e.catching)
	}
}
