package marathon

import (
	"slices"
	"strings"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// TestReferrersNamePlatformSwitches: before a platform's polygon goes,
// the window is told which switches and triggers the delete clears.
func TestReferrersNamePlatformSwitches(t *testing.T) {
	s, _ := openCorpus(t, "marathon", "jp", "Excalibar", "Back-to-the-Future-IV.sceA")
	l := s.(*session).d.Levels[0]
	target := -1
	for _, side := range l.Sides {
		if class, ok := mcodec.ControlPanel(side); ok && class == mcodec.PanelPlatformSwitch && side.Polygon != side.ControlPanelPermutation {
			target = int(side.ControlPanelPermutation)
			break
		}
	}
	if target < 0 {
		t.Fatal("no platform switch")
	}
	refs := []document.Ref{{Level: 0, Kind: mdoc.KindPolygon, Index: target}}
	names := game.Referrers(s, refs)
	found, err := s.(*session).d.Referrers(refs)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 || len(names) != len(found) {
		t.Fatalf("polygon %d: %d referrers named, %d found", target, len(names), len(found))
	}
	for _, r := range found {
		if !slices.Contains(names, r.String()) {
			t.Errorf("the names %q leave out %s", names, r)
		}
	}
	if !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "platform switch (polygon ") }) {
		t.Errorf("the names %q hold no platform switch", names)
	}
}
