package shock

import (
	"fmt"
	"testing"

	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TestInspectLevelEditsTextureAnims: the level section has every texture
// animation group's fields; a field edits its group as one step and a
// refused value leaves no step.
func TestInspectLevelEditsTextureAnims(t *testing.T) {
	f, h := derelict(t)
	byLabel := map[string]propgrid.Field{}
	for _, s := range f.InspectLevel(h) {
		for _, field := range s.Fields {
			byLabel[field.Label] = field
		}
	}
	for group := range f.d.Archive.Levels[h.level].TextureAnims {
		for field := range sdoc.NumTextureAnimFields {
			if _, ok := byLabel[fmt.Sprintf("animation %d %s", group, field)]; !ok {
				t.Errorf("no field for group %d %s", group, field)
			}
		}
	}
	speed := byLabel["animation 1 speed"]
	if speed.Number == nil {
		t.Fatal("animation 1 speed is not a number field")
	}
	steps := undoSteps(f)
	if err := speed.Number.Set(30); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.d.TextureAnimValue(h.level, 1, sdoc.AnimSpeed); v != 30 || undoSteps(f) != steps+1 {
		t.Errorf("speed %d after setting 30, %d steps (want %d)", v, undoSteps(f), steps+1)
	}
	if err := byLabel["animation 0 current frame"].Number.Set(1); err == nil || undoSteps(f) != steps+1 {
		t.Errorf("a frame past an unused group's frames: %v, %d steps", err, undoSteps(f))
	}
	// The flags are named bits: turning "forward and back" off clears
	// bit 0 alone.
	flags := byLabel["animation 1 flags"].Flags
	if flags == nil || flags.Names[0] != "bit 0: forward and back" {
		t.Fatalf("animation 1 flags: %+v", flags)
	}
	before, _ := f.d.TextureAnimValue(h.level, 1, sdoc.AnimFlags)
	if err := flags.Set(0, false); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.d.TextureAnimValue(h.level, 1, sdoc.AnimFlags); v != before&^1 {
		t.Errorf("flags %#x after clearing bit 0 of %#x", v, before)
	}
}
