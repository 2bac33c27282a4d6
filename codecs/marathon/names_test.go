package marathon

import (
	"slices"
	"testing"
)

// TestNameTables: each enumeration names exactly the values the engine
// defines, and no name is blank where a value is named.
func TestNameTables(t *testing.T) {
	for _, c := range []struct {
		name  string
		names []string
		want  int
	}{
		{"polygon types", PolygonTypeNames, PolygonTypes},
		{"Marathon 1 polygon types", OldPolygonTypeNames, 16},
		{"light functions", LightFunctionNames, LightFunctions},
		{"light states", LightStateNames, 6},
		{"liquid types", MediaTypeNames, MediaTypes},
		{"platform types", PlatformTypeNames, PlatformTypes},
		{"object types", ObjectTypeNames, ObjectTypes},
		{"monsters", MonsterNames, MonsterTypes},
		{"items", ItemNames, ItemTypes},
		{"Marathon 1 items", OldItemNames, 26},
		{"scenery", SceneryNames, SceneryTypes},
		{"ambient sounds", AmbientSoundNames, AmbientSoundTypes},
		{"random sounds", RandomSoundNames, RandomSoundTypes},
		{"control panels", ControlPanelNames, len(panelClasses)},
		{"transfer modes", TransferModeNames, 28},
		{"platform flags", PlatformFlagNames, 28},
	} {
		if len(c.names) != c.want {
			t.Errorf("%s: %d names, want %d", c.name, len(c.names), c.want)
		}
		for i, n := range c.names {
			if n == "" {
				t.Errorf("%s: value %d has no name", c.name, i)
			}
		}
	}
}

// TestPlatformFlagConstants: each named flag constant is the bit its
// name has in PlatformFlagNames.
func TestPlatformFlagConstants(t *testing.T) {
	for name, flag := range map[string]uint32{
		"initially extended": PlatformInitiallyExtended, "deactivates at each level": PlatformDeactivatesAtEachLevel,
		"extends floor to ceiling": PlatformExtendsFloorToCeiling, "comes from floor": PlatformComesFromFloor,
		"comes from ceiling": PlatformComesFromCeiling, "player controllable": PlatformPlayerControllable,
		"monster controllable": PlatformMonsterControllable, "reverses when obstructed": PlatformReversesWhenObstructed,
		"door": PlatformIsDoor,
	} {
		if i := slices.Index(PlatformFlagNames, name); i < 0 || flag != 1<<i {
			t.Errorf("%q: constant %#x, name at bit %d", name, flag, i)
		}
	}
}
