package shock

import (
	"strconv"
	"testing"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TestInspectLevelEditsProperties: with nothing selected the inspector
// shows every level property by name; its fields edit the level as one
// step each and refuse a value out of range with no step.
func TestInspectLevelEditsProperties(t *testing.T) {
	f, h := derelict(t)
	byLabel := map[string]propgrid.Field{}
	for _, s := range f.InspectLevel(h) {
		for _, field := range s.Fields {
			byLabel[field.Label] = field
		}
	}
	for p := range sdoc.NumLevelProperties {
		if _, ok := byLabel[p.String()]; !ok {
			t.Errorf("no field %q in %v", p, byLabel)
		}
	}
	if list, ok := byLabel["texture list"]; !ok || list.Action == nil {
		t.Error("no texture list button")
	}
	value := func(p sdoc.LevelProperty) int {
		v, err := f.d.LevelPropertyValue(h.level, p)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	steps := undoSteps(f)
	if err := byLabel[sdoc.Gravity.String()].Choice.Set(2); err != nil || value(sdoc.Gravity) != 2 {
		t.Errorf("gravity set to zero: %v, now %d", err, value(sdoc.Gravity))
	}
	if err := byLabel[sdoc.Radiation.String()].Number.Set(17); err != nil || value(sdoc.Radiation) != 17 {
		t.Errorf("radiation set to 17: %v, now %d", err, value(sdoc.Radiation))
	}
	if err := byLabel[sdoc.Cyberspace.String()].Flags.Set(0, true); err != nil || value(sdoc.Cyberspace) != 1 {
		t.Errorf("cyberspace set: %v, now %d", err, value(sdoc.Cyberspace))
	}
	if got := undoSteps(f); got != steps+3 {
		t.Errorf("three edits made %d steps", got-steps)
	}
	if err := byLabel[sdoc.HeightShift.String()].Number.Set(9); err == nil {
		t.Error("height shift 9 accepted")
	}
	if got := undoSteps(f); got != steps+3 {
		t.Error("a refused edit made a step")
	}
	camera := firstObject(t, f.d.Archive.Levels[h.level], scodec.ClassBigStuff)
	if err := byLabel["screen 2 camera"].Text.Set(strconv.Itoa(camera)); err != nil {
		t.Fatal(err)
	}
	if cams, _ := f.d.Cameras(h.level); cams[2].Object != camera {
		t.Errorf("screen 2's camera is %d, want %d", cams[2].Object, camera)
	}
	// The surrogate is picked in the map: the next object clicked.
	byLabel["screen 2 surrogate"].Action.Do()
	if h.picked == nil {
		t.Fatal("Pick waits for no click")
	}
	if err := h.picked(camera); err != nil {
		t.Fatal(err)
	}
	if cams, _ := f.d.Cameras(h.level); cams[2].Surrogate != camera {
		t.Errorf("screen 2's surrogate is %d, want %d", cams[2].Surrogate, camera)
	}
}

// TestLevelHazardUnits: hazard heights show in tiles (eighths stored),
// and biohazard shows as gravity in percent where the level makes it
// gravity, else as exposure per hazard level.
func TestLevelHazardUnits(t *testing.T) {
	f, h := derelict(t)
	unitOf := func(p sdoc.LevelProperty) *propgrid.Unit {
		for _, s := range f.InspectLevel(h) {
			for _, field := range s.Fields {
				if field.Label == p.String() && field.Number != nil {
					return field.Number.Unit
				}
			}
		}
		t.Fatalf("no number field %q", p)
		return nil
	}
	if u := unitOf(sdoc.RadiationHeight); u.Name != "tiles" || u.Show(4) != 0.5 {
		t.Errorf("radiation height 4 shows as %v %v, want 0.5 tiles", u.Show(4), u.Name)
	}
	for _, c := range []struct { // gravity last: the check below reads it
		gravity int
		want    string
	}{{0, "exposure per hazard level"}, {1, "% gravity"}} {
		if err := f.d.SetLevelProperty(h.level, sdoc.BiohazardIsGravity, c.gravity); err != nil {
			t.Fatal(err)
		}
		if u := unitOf(sdoc.Biohazard); u.Name != c.want {
			t.Errorf("biohazard is gravity %d: unit %q, want %q", c.gravity, u.Name, c.want)
		}
	}
	if u := unitOf(sdoc.Biohazard); u.Show(4) != 100 {
		t.Errorf("biohazard gravity 4 shows %v %%, want 100 (the HUD's)", u.Show(4))
	}
}
