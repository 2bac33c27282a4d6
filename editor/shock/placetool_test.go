package shock

import (
	"strings"
	"testing"

	scodec "github.com/levelwright/levelwright/codecs/shock"
)

// TestPlaceSearchMatchesWords: the place tool's search names types as
// the inspector does, matches words, says what it matched, and changes
// nothing when nothing matches.
func TestPlaceSearchMatchesWords(t *testing.T) {
	f, _ := derelict(t)
	p := f.newTypePalette()
	got := p.find(f.typeName, "Null Trigger")
	if c, s, ty := p.triple(); c != scodec.ClassTrap || s != 0 || ty != 1 || !strings.Contains(got, "null trigger (12/0/1)") {
		t.Fatalf("\"Null Trigger\" chose %d/%d/%d and said %q", c, s, ty, got)
	}
	if got := p.find(f.typeName, "trig"); !strings.Contains(got, "matches") {
		t.Errorf("\"trig\" said %q, want it to count its matches", got)
	}
	before := [3]int{}
	before[0], before[1], before[2] = p.triple()
	if got := p.find(f.typeName, "no such thing"); !strings.Contains(got, `no type is named "no such thing"`) {
		t.Errorf("a search that matches nothing said %q", got)
	}
	if c, s, ty := p.triple(); [3]int{c, s, ty} != before {
		t.Errorf("a search that matches nothing changed the type to %d/%d/%d", c, s, ty)
	}
}
