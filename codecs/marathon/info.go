package marathon

import (
	"bytes"
	"fmt"
	"slices"
)

// The names of a level's map info (Minf) and item placement (plac), as
// Aleph One defines them (map.h, player.h, placement.cpp).

// EnvironmentNames name a Marathon 2 or Infinity level's Environment:
// the set of wall textures and scenery it loads (walls 1 to 5).
var EnvironmentNames = []string{"Water", "Lava", "Sewage", "Jjaro", "Pfhor"}

// OldEnvironmentNames name a Marathon 1 level's Environment, after the
// levels of Marathon 1 that use each: 1 and 2 the Marathon's own decks,
// 3 the S'pht levels, 5 the Pfhor ship. Marathon 1 uses no other.
var OldEnvironmentNames = []string{1: "Marathon (1)", 2: "Marathon (2)", 3: "S'pht", 5: "Pfhor ship"}

// LandscapeNames name a Marathon 2 or Infinity level's Landscape: the
// landscape collection (27 on) its sky shows. Marathon 1 (and a level
// with the "plays Marathon 1 music" environment flag) keeps its song
// number in the field instead.
var LandscapeNames = []string{"Lh'owon day", "Lh'owon night", "Lh'owon moon", "Outer space"}

// PhysicsModelNames name a level's Physics: the editor's model and
// earth gravity both give the game's physics; the engine stops on any
// other value.
var PhysicsModelNames = []string{"Editor", "Earth gravity"}

// MissionFlagNames name the bits of a level's MissionFlags. Marathon 1
// files keep exploration, rescue and repair in bits 1, 4 and 3, which
// Aleph One moves to its Marathon 1 bits when it loads them.
var MissionFlagNames = []string{"extermination", "exploration", "retrieval", "repair", "rescue",
	"exploration (Marathon 1)", "rescue (Marathon 1)", "repair (Marathon 1)"}

// EnvironmentFlagNames name the bits of a level's EnvFlags; bits 4 to 10
// are Aleph One's Marathon 1 compatibility settings, which it sets
// itself on Marathon 1 files.
var EnvironmentFlagNames = []string{"vacuum", "magnetic", "rebellion", "low gravity", "glue (Marathon 1)",
	"lava floor (Marathon 1)", "rebellion (Marathon 1)", "plays Marathon 1 music", "terminals stop time",
	"Marathon 1 activation ranges", "Marathon 1 weapons"}

// EnvironmentFlagMusic is the EnvFlags bit that makes the Landscape
// field a song number.
const EnvironmentFlagMusic = 1 << 7

// EntryPointNames name the bits of a level's EntryFlags: the game types
// it can be played in.
var EntryPointNames = []string{"solo", "co-operative", "every man for himself", "kill the man with the ball",
	"king of the hill", "defense", "rugby", "capture the flag"}

// PlacementFlagNames name the bits of a Placement's Flags.
var PlacementFlagNames = []string{"reappears in a random place"}

// Placement entries: the items' 64, then the monsters' 64.
const (
	PlacementTypes      = 64
	FirstMonsterPlacing = PlacementTypes
)

// The physics models the engine accepts.
const physicsModels = 2

// infoRefs reports the map info values the engine stops on: a physics
// model other than the editor's and earth gravity (physics.cpp asserts
// on any other each tick).
func infoRefs(r *refs, m *MapInfo) {
	r.ref("physics-model", "Physics", int(m.Physics), physicsModels, false, "a physics model")
}

// placementRefs reports counts the engine cannot use: its own check of
// the placement data (placement.cpp) calls a negative initial, minimum
// or maximum count bad, and a random count below -1 (which is
// "unlimited") places nothing.
func placementRefs(r *refs, p *Placement) {
	for _, c := range []struct {
		field string
		v     int16
	}{{"Initial", p.Initial}, {"Minimum", p.Minimum}, {"Maximum", p.Maximum}} {
		if c.v < 0 {
			r.errorf("placement-count", "%s %d is negative (0 to 32767)", c.field, c.v)
		}
	}
	if p.RandomCount < -1 {
		r.errorf("placement-count", "RandomCount %d is below -1 (0 to 32767, or -1 for unlimited)", p.RandomCount)
	}
}

// PlacementWarnings are what the engine accepts in placement entry i
// but does not do as the numbers say: a minimum above the maximum (the
// engine keeps the minimum), and any count for the player's own type
// (monster 0), whose entry the engine clears.
func PlacementWarnings(i int, p Placement) []string {
	var out []string
	if p.Minimum > p.Maximum {
		out = append(out, "the minimum is above the maximum: the engine keeps the minimum and never adds a random one")
	}
	if i == FirstMonsterPlacing && p != (Placement{}) {
		out = append(out, "the engine clears the player's own entry: these numbers do nothing")
	}
	return out
}

// FixedString is the text of a fixed-size string field (a level's name,
// an annotation): its Mac OS Roman bytes up to the first NUL.
func FixedString(b []byte) string {
	b, _, _ = bytes.Cut(b, []byte{0})
	return macRoman(b)
}

// SetFixedString writes s into a fixed-size string field in Mac OS
// Roman, NUL-terminated, the rest zeroed. Text the field holds already
// is left as it is, bytes after its NUL included; text longer than the
// field holds, or with characters Mac OS Roman lacks, is refused and
// changes nothing.
func SetFixedString(field []byte, label, s string) error {
	if FixedString(field) == s {
		return nil
	}
	out := make([]byte, 0, len(field))
	for _, r := range s {
		c, ok := macRomanByte(r)
		if !ok {
			return fmt.Errorf("%s: %q has no Mac OS Roman character", label, r)
		}
		out = append(out, c)
	}
	if len(out) >= len(field) {
		return fmt.Errorf("%s: %d characters, at most %d fit", label, len(out), len(field)-1)
	}
	clear(field)
	copy(field, out)
	return nil
}

// macRomanByte is r's Mac OS Roman byte; NUL and the characters Mac OS
// Roman lacks have none.
func macRomanByte(r rune) (byte, bool) {
	if r > 0 && r < 0x80 {
		return byte(r), true
	}
	if i := slices.Index(macRomanHigh, r); i >= 0 {
		return byte(0x80 + i), true
	}
	return 0, false
}
