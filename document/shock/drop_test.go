package shock

import (
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestDropObjectKeepsHeightAboveFloor: a dropped object stands above the
// floor where it lands by as much as it stood above the floor it left,
// and never under a floor.
func TestDropObjectKeepsHeightAboveFloor(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	floor := func(x, y, h int) {
		if err := d.SetTiles(level, []Point{{x, y}}, FloorHeight, h); err != nil {
			t.Fatal(err)
		}
	}
	floor(30, 30, 2)
	floor(32, 30, 10)
	floor(34, 30, 0)
	id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassSmallStuff, Subclass: 0, Type: 0, X: 30<<8 | 0x80, Y: 30<<8 | 0x80, Z: 2<<3 + 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		x     int
		wantZ int
	}{{32, 10<<3 + 5}, {34, 5}, {30, 2<<3 + 5}} {
		if err := d.DropObject(level, id, uint16(step.x<<8|0x80), 30<<8|0x80); err != nil {
			t.Fatal(err)
		}
		if got := int(l.Objects[id].Z); got != step.wantZ {
			t.Errorf("dropped on tile (%d,30): z %d, want %d", step.x, got, step.wantZ)
		}
	}
	checkClean(t, d, level, "the drops")
}
