package marathon

import (
	"slices"
	"testing"
)

// TestPlacementWarnings: the engine's quirks in what it accepts are
// warned of, and counts it follows are not.
func TestPlacementWarnings(t *testing.T) {
	cases := []struct {
		name  string
		entry int
		p     Placement
		want  int
	}{
		{"in order", 3, Placement{Initial: 2, Minimum: 1, Maximum: 4, RandomCount: -1, RandomChance: 100}, 0},
		{"initial above maximum", 3, Placement{Initial: 9, Minimum: 1, Maximum: 4}, 0},
		{"minimum above maximum", 3, Placement{Minimum: 5, Maximum: 4}, 1},
		{"the player's entry", FirstMonsterPlacing, Placement{Initial: 1, Maximum: 1}, 1},
		{"the player's entry empty", FirstMonsterPlacing, Placement{}, 0},
		{"both", FirstMonsterPlacing, Placement{Minimum: 2}, 2},
	}
	for _, c := range cases {
		if got := PlacementWarnings(c.entry, c.p); len(got) != c.want {
			t.Errorf("%s: %q, want %d warnings", c.name, got, c.want)
		}
	}
}

// TestCorpusInfoIsNamed: every corpus level's environment, landscape
// (Marathon 2 and later) and physics model has a name here.
func TestCorpusInfoIsNamed(t *testing.T) {
	levels := append(marathon1Levels(t), NewLevel("named"))
	for i, l := range levels {
		m := l.Info[0]
		envs := EnvironmentNames
		if l.Marathon1() {
			envs = OldEnvironmentNames
		}
		if int(m.Environment) >= len(envs) || envs[m.Environment] == "" {
			t.Errorf("level %d: environment %d has no name", i, m.Environment)
		}
		if !l.Marathon1() && int(m.Landscape) >= len(LandscapeNames) {
			t.Errorf("level %d: landscape %d has no name", i, m.Landscape)
		}
		if !slices.Contains([]int16{0, 1}, m.Physics) {
			t.Errorf("level %d: physics model %d", i, m.Physics)
		}
	}
}
