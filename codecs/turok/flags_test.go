package turok

import (
	"slices"
	"testing"
)

func TestFlagSetNames(t *testing.T) {
	if got := SectorSetFlags.Names(1<<0 | 1<<14); !slices.Equal(got, []string{"Water", "DeathPit"}) {
		t.Errorf("sector set flags: %v", got)
	}
	if got := StaticMeshFlags.Names(1<<0 | 1<<3); !slices.Equal(got, []string{"Collide", "bit 3"}) {
		t.Errorf("static mesh flags: %v", got)
	}
	for name, set := range map[string]FlagSet{"spawn 1": ActorSpawnFlags1, "spawn 2": ActorSpawnFlags2, "sector set": SectorSetFlags} {
		if len(set) != 32 {
			t.Errorf("%s names %d bits, want 32", name, len(set))
		}
	}
	if len(ActorSpawnFlags3) != 12 || len(SpeciesMask) != 13 {
		t.Errorf("spawn flags 3 name %d bits, species %d", len(ActorSpawnFlags3), len(SpeciesMask))
	}
}
