package marathon

import (
	"slices"
	"strings"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// TestFixes: a platform polygon without its record has a fix that gives
// it one, as one step after which the problem is gone; a switch aimed at
// nothing has none, nor a platform of a preprocessed map.
func TestFixes(t *testing.T) {
	f, h := newRecordsSession(t)
	d, l := f.d, f.d.Levels[0]
	l.Polygons[1].Type = mcodec.PolygonPlatform // as another editor leaves it
	find := func(code string) (mcodec.Problem, bool) {
		problems, err := d.Problems(0)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(problems, func(p mcodec.Problem) bool { return p.Code == code })
		if i < 0 {
			return mcodec.Problem{}, false
		}
		return problems[i], true
	}
	p, ok := find("platform-without-record")
	if !ok {
		t.Fatal("check misses the platform without a record")
	}
	fix := f.Fix(h, p)
	if fix == nil || !strings.Contains(fix.Label, "door") {
		t.Fatalf("no fix of %s", p.Message)
	}
	n := undoCount(d)
	if err := fix.Do(); err != nil {
		t.Fatal(err)
	}
	if _, still := find("platform-without-record"); still || undoCount(d) != n+1 || len(l.Platforms) != 1 {
		t.Errorf("after the fix: still reported %v, %d steps, %d platforms", still, undoCount(d)-n, len(l.Platforms))
	}
	if err := d.EditSides(0, []int{0}, func(s *mcodec.Side) {
		s.Flags |= mcodec.SideControlPanel
		s.ControlPanelType, s.ControlPanelPermutation = 5, -1
	}); err != nil {
		t.Fatal(err)
	}
	if p, ok := find("panel-aimed-at-nothing"); !ok || f.Fix(h, p) != nil {
		t.Errorf("a switch aimed at nothing: reported %v, fixed without a target", ok)
	}
	// A preprocessed map keeps its platforms run-time: none is added to
	// it, so neither a fix nor Make a door is offered.
	l.RunPlatforms = []mcodec.Platform{}
	if f.Fix(h, mcodec.Problem{Level: 0, Kind: "polygon", Index: 0, Code: "platform-without-record"}) != nil {
		t.Error("a fix that adds a platform record to a preprocessed map")
	}
	if _, ok := field(f.Inspect(h, mdoc.KindPolygon, []int{0}), "Polygon 0", "Platform"); ok {
		t.Error("Make a door on a preprocessed map")
	}
}
