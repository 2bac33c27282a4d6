package editor

import (
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/corpus"
)

// bareFields are the fields, by game, that the inspector shows as bare
// whole numbers on the corpus levels, each reviewed: indexes, tags and
// values the games' documents give no unit or names for (see each
// column's inspector for why).
var bareFields = map[string][]string{
	// Trap arguments, conditions and messages index game strings, sounds
	// and variables the game data does not name; frames, hit points and
	// timers are counts; shade, music and texture offset are marked "??"
	// in the format documents; a wall texture slot past the level's list
	// has no texture to name.
	"shock": {"object: argument 1", "object: argument 2", "object: argument 3", "object: condition value",
		"object: condition variable", "object: destroy count", "object: fine x (1/256 tile)", "object: fine y (1/256 tile)", "object: frame", "object: hit points", "object: instance flags", "object: make info",
		"object: condition fail message", "object: comparator (unused by the game)", "object: physics", "object: repeats (0xFFFF+: forever, 0x1000+: while quest bit)",
		"object: sound", "object: tile x", "object: tile y", "object: time left", "tile: ceiling shade (0-15)", "tile: floor shade (0-15)", "tile: music",
		"tile: texture offset", "tile: wall texture (slot)",
		// An elevator panel's arrival panels are object numbers of the
		// levels it reaches, which are not loaded beside this one.
		"object: arrival panel 1", "object: arrival panel 2", "object: arrival panel 3", "object: arrival panel 4",
		"object: arrival panel 5", "object: arrival panel 6",
		// Class properties: message and variable indexes, texture slots,
		// sizes and heights in the game's own steps, counts (damage,
		// version), critters' AI states and coordinates, velocities and
		// timers in the game's fixed-point steps and ticks, which the
		// format documents give no scale for.
		"object: AI x", "object: AI y", "object: AI z", "object: access level", "object: bridge height",
		"object: broken message", "object: damage", "object: force door colour", "object: forward velocity",
		"object: forward velocity fraction", "object: hastiness", "object: lock message", "object: lock variable",
		"object: orientation (pending rotation)", "object: AI mode", "object: side texture",
		"object: size x", "object: size y", "object: state timeout", "object: tertiary state", "object: timer (ticks)",
		"object: top texture", "object: version"},
	// Indexes of other records, tags, and permutations that number a
	// polygon, platform, tag or terminal; Marathon 1's monster and
	// scenery indexes (no source names them) and its unnamed polygon
	// flags.
	"marathon": {"annotation: Polygon", "line: Clockwise polygon", "line: Clockwise side", "line: Control panel permutation",
		"line: Control panel permutation (tag)", "line: Control panel permutation (terminal)", "line: Counterclockwise polygon",
		"line: Counterclockwise side", "line: First endpoint", "line: Line", "line: Polygon", "line: Second endpoint",
		"object: Index", "object: Polygon", "object: Volume (0-255), or minus a light", "polygon: Flags", "polygon: Permutation",
		"polygon: Permutation (destination polygon)", "polygon: Permutation (platform polygon)", "polygon: Permutation (platform)",
		"polygon: Polygon", "polygon: Tag"},
	// Counts (health, chances, regenerations), TIDs and tags, indexes
	// of sectors, vertices, textures and sector sets, and values whose
	// meaning depends on the actor type or is undocumented for Turok EX.
	"turok": {"actor: AttackChance", "actor: Health", "actor: MaxRegenerations", "actor: Params1", "actor: Params2",
		"actor: Sector", "actor: TID", "actor: TargetTID", "actor: Texture", "actor: TriggerAnim", "actor: Type number",
		"actor: Variant", "mesh: CullBits", "mesh: Sector", "mesh: Texture", "sector: Ambience (sound number)", "sector: Automap colour (number)",
		"sector: Checkpoint ID (arg 3)", "sector: Cull bits", "sector: DrawOrder", "sector: Floor damage (hit points) (arg 5)",
		"sector: Floor damage rate (arg 6)", "sector: Floor impact (number)", "sector: Links[0]", "sector: Links[1]", "sector: Links[2]",
		"sector: Music (track number)", "sector: Set", "sector: Tag ID (arg 4)", "sector: Vertices[0]", "sector: Vertices[1]",
		"sector: Vertices[2]", "sector: Wall impact (number)", "sector: Warp ID (arg 1)", "sector: Warp level or event sound (arg 2)"},
}

// TestInspectorShowsUnitsAndNames walks every corpus level of every game,
// shows a few entities of each kind in the inspector, and lists the
// fields shown as bare whole numbers: anything beyond the reviewed list
// fails.
func TestInspectorShowsUnitsAndNames(t *testing.T) {
	files := corpus.Files(t)
	for _, f := range Formats() {
		found := map[string]bool{}
		for _, path := range files {
			e := newTestEditor(t)
			e.files.load(path, path, false)
			e.jobs.wait()
			if e.file == nil || e.game.Format() != f {
				continue
			}
			for i := range e.levels.drawable {
				e.showLevel(i)
				inf := math.Inf(1)
				byKind := map[document.Kind][]document.Ref{}
				for _, r := range e.scene.Within(display.Vec2{X: -inf, Y: -inf}, display.Vec2{X: inf, Y: inf}) {
					if len(byKind[r.Kind]) < 12 {
						byKind[r.Kind] = append(byKind[r.Kind], r)
					}
				}
				for kind, refs := range byKind {
					for _, r := range refs {
						for _, sec := range e.file.Inspect(host{e}, kind, []int{r.Index}) {
							for _, fl := range sec.Fields {
								if n := fl.Number; n != nil && n.Whole && n.Unit == nil {
									found[string(kind)+": "+fl.Label] = true
								}
							}
						}
					}
				}
			}
		}
		t.Logf("%s: %q", f.Key(), slices.Sorted(maps.Keys(found)))
		for label := range found {
			if !slices.Contains(bareFields[f.Key()], label) {
				t.Errorf("%s: %q is shown as a bare number and is not on the reviewed list", f.Key(), label)
			}
		}
	}
}
