package marathon

import (
	"testing"

	"fyne.io/fyne/v2/test"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// TestNewRecordsFromThePolygonInspector: on a new map, the polygon
// inspector's New buttons add a light, a liquid, an ambient and a random
// sound, each used by the polygon from the same step, which undo takes
// back whole; Make a door makes the polygon a platform of the engine's
// door flags, and the room beside it gets the side that shows the door;
// the saved map checks clean.
func TestNewRecordsFromThePolygonInspector(t *testing.T) {
	test.NewTempApp(t)
	d, err := mdoc.Load("new.sceA", mcodec.NewFile("Records").Bytes())
	if err != nil {
		t.Fatal(err)
	}
	f := &session{d: d}
	l := d.Levels[0]
	h := errorHost{levelHost: levelHost{level: 0}, t: t}
	press := func(label string) {
		t.Helper()
		fl, ok := field(f.Inspect(h, mdoc.KindPolygon, []int{1}), "Polygon 1", label)
		if !ok || fl.Action == nil {
			t.Fatalf("polygon 1 shows no %q button", label)
		}
		fl.Action.Do()
	}
	for _, c := range []struct {
		label string
		count func() int
		uses  func(p mcodec.Polygon) int16
	}{
		{"Floor light", func() int { return len(l.Lights) }, func(p mcodec.Polygon) int16 { return p.FloorLight }},
		{"Liquid", func() int { return len(l.Media) }, func(p mcodec.Polygon) int16 { return p.Media }},
		{"Ambient sound", func() int { return len(l.Ambient) }, func(p mcodec.Polygon) int16 { return p.AmbientSound }},
		{"Random sound", func() int { return len(l.Random) }, func(p mcodec.Polygon) int16 { return p.RandomSound }},
	} {
		before, steps := c.count(), undoCount(d)
		press(c.label)
		if c.count() != before+1 || int(c.uses(l.Polygons[1])) != before || undoCount(d) != steps+1 {
			t.Fatalf("%s New: %d records (was %d), polygon uses %d, %d steps", c.label, c.count(), before, c.uses(l.Polygons[1]), undoCount(d)-steps)
		}
	}
	if m := l.Media[0]; m.Low != l.Polygons[1].FloorHeight || m.High <= m.Low || m.High > l.Polygons[1].CeilingHeight {
		t.Errorf("the new liquid spans %d to %d in a polygon from %d to %d", m.Low, m.High, l.Polygons[1].FloorHeight, l.Polygons[1].CeilingHeight)
	}
	if _, err := d.History.Undo(); err != nil || len(l.Random) != 0 || l.Polygons[1].RandomSound != -1 {
		t.Fatalf("undo left %d random sounds, polygon's %d (%v)", len(l.Random), l.Polygons[1].RandomSound, err)
	}
	press("Platform")
	if p := l.Polygons[1]; p.Type != mcodec.PolygonPlatform || len(l.Platforms) != 1 || int(p.Permutation) != 0 {
		t.Fatalf("Make a door: polygon type %d, %d platforms", p.Type, len(l.Platforms))
	}
	if flags := l.Platforms[0].StaticFlags; flags&(1<<26) == 0 || flags&(1<<13) == 0 {
		t.Errorf("the door's flags %#x are not a player's door", flags)
	}
	if errs := d.Errors(); len(errs) != 0 {
		t.Errorf("the map has errors: %v", errs)
	}
	// The room beside the door shows the door's face: its face of the
	// line between them has a side, which the engine draws.
	for li, line := range l.Lines {
		if line.ClockwisePoly == 0 && line.CCWPoly == 1 && line.ClockwiseSide == mcodec.None ||
			line.CCWPoly == 0 && line.ClockwisePoly == 1 && line.CCWSide == mcodec.None {
			t.Errorf("line %d: polygon 0's face toward the door has no side", li)
		}
	}
	for _, p := range l.Check(0) {
		if p.Code == "platform-face-without-side" {
			t.Errorf("check: %s", p.Message)
		}
	}
}

// undoCount is how many steps d's history can undo.
func undoCount(d *mdoc.Document) int {
	n, _ := d.History.Steps()
	return n
}

// errorHost fails the test with an error the inspector would show.
type errorHost struct {
	levelHost
	t *testing.T
}

func (h errorHost) ShowError(err error) { h.t.Fatalf("shown: %v", err) }

// TestPanelTypeMakesAControlPanel: choosing a wall's control panel type
// sets the flag that makes the engine read it as a panel, in the same
// step; choosing none clears it.
func TestPanelTypeMakesAControlPanel(t *testing.T) {
	test.NewTempApp(t)
	d, err := mdoc.Load("new.sceA", mcodec.NewFile("Panel").Bytes())
	if err != nil {
		t.Fatal(err)
	}
	f := &session{d: d}
	l := d.Levels[0]
	choose := func(option int) {
		t.Helper()
		fl, ok := field(f.Inspect(levelHost{level: 0}, mdoc.KindSide, []int{0}), "Side 0", "Control panel type")
		if !ok || fl.Choice == nil {
			t.Fatal("side 0 shows no control panel type choice")
		}
		if err := fl.Choice.Set(option); err != nil {
			t.Fatal(err)
		}
	}
	steps := undoCount(d)
	choose(1 + 5) // after "none": panel type 5
	if s := l.Sides[0]; s.ControlPanelType != 5 || s.Flags&mcodec.SideControlPanel == 0 || undoCount(d) != steps+1 {
		t.Fatalf("panel type %d, flags %#x, %d steps", s.ControlPanelType, s.Flags, undoCount(d)-steps)
	}
	choose(0) // none
	if s := l.Sides[0]; s.ControlPanelType != -1 || s.Flags&mcodec.SideControlPanel != 0 {
		t.Fatalf("none: panel type %d, flags %#x", s.ControlPanelType, s.Flags)
	}
}
