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

func TestFlagSetMaskInvertsNames(t *testing.T) {
	for _, v := range []uint32{0, 1, 1<<0 | 1<<3, 0xFFFFFFFF, 0x8000_0400} {
		for _, set := range []FlagSet{SectorSetFlags, StaticMeshFlags, ActorSpawnFlags3} {
			got, err := set.Mask(set.Names(v))
			if err != nil || got != v {
				t.Errorf("Mask(Names(%#x)) = %#x, %v", v, got, err)
			}
		}
	}
	for _, bad := range []string{"Wet", "bit 32", "bit -1", "bit x"} {
		if _, err := SectorSetFlags.Mask([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
