package marathon

import (
	"slices"
	"strings"
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

// TestSetFixedString: text round-trips through Mac OS Roman; an
// unchanged text keeps the bytes after its NUL; too long or foreign
// text is refused and changes nothing.
func TestSetFixedString(t *testing.T) {
	field := []byte("Old\x00junk\x00\x00")
	if err := SetFixedString(field, "Name", "Old"); err != nil || string(field) != "Old\x00junk\x00\x00" {
		t.Errorf("unchanged text: %q, %v", field, err)
	}
	if err := SetFixedString(field, "Name", "Pfhor’s"); err != nil || FixedString(field) != "Pfhor’s" || field[5] != 0xd5 || field[8] != 0 {
		t.Errorf("new text: %q, %v", field, err)
	}
	before := string(field)
	for _, s := range []string{"0123456789", "snow ☃", "a\x00b"} {
		if err := SetFixedString(field, "Name", s); err == nil || !strings.Contains(err.Error(), "Name") || string(field) != before {
			t.Errorf("%q: %v, field %q", s, err, field)
		}
	}
}
