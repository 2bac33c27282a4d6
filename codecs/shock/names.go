package shock

// Names of the values that tile fields, comparators and trap parameters
// hold, for the editor to show by name.

// HeightSteps is how many height units the map's vertical span holds: a
// tile's floor is stored as its height above the bottom, its ceiling as
// its depth below the top, so that a ceiling's height above the bottom
// is HeightSteps minus the stored value.
const HeightSteps = 32

// CeilingAbove is the height above the bottom of a ceiling stored as
// depth below the top (CeilingHeight), 1 to 32.
func CeilingAbove(depth int) int { return HeightSteps - depth }

// CeilingDepth is the stored ceiling (depth below the top) of a ceiling
// at height above the bottom.
func CeilingDepth(height int) int { return HeightSteps - height }

// SlopeControlNames name the slope controls, by number.
var SlopeControlNames = [...]string{"floor and ceiling, same direction", "floor and ceiling, opposite directions",
	"floor only", "ceiling only"}

// RotationNames name the floor and ceiling texture rotations, in quarter
// turns.
var RotationNames = [...]string{"0°", "90°", "180°", "270°"}

// TileFlagNames name the tile flag bits that are flags of their own (the
// other bits pack the texture offset, slope control, music and shades).
var TileFlagNames = [32]string{8: "walls use adjacent textures", 9: "deconstructed", 12: "peril", 31: "visited (automap)"}

// QuestVariableKinds name bit 12 of a comparator: what Variable reads.
var QuestVariableKinds = [...]string{"quest bit", "quest variable"}

// Value names of the trap parameters that are enumerations, by the
// parameter's name in ActionParams.
var (
	// QuestOperationNames: the quest action's operation on a quest
	// variable; on a quest bit the first three clear, set and toggle it.
	QuestOperationNames = []string{"set (bit: clear)", "add (bit: set)", "subtract (bit: toggle)", "multiply", "divide", "modulo"}
	// LightModeNames: how the light action spreads over its area.
	LightModeNames = []string{"plain", "east-west", "north-south", "radial"}
	// NextTargetNames: which target an alternating split sets off next.
	NextTargetNames = []string{"first", "second", "third"}
	// HackNames: the hack action's sub-codes (0 does nothing).
	HackNames = []string{"none", "repulsor toggle", "reactor digit", "reactor keypad", "fixture frame", "door",
		"game over", "turn object", "armageddon", "SHODAN conquer", "comparator", "plotware", "area spew",
		"diego", "panel reference", "earth destroyed", "multi transmogrify"}

	// EffectNames: the sound action's effect on the player (trap_sfx_func
	// in trigger.c).
	EffectNames = []string{"none", "power surge", "shake", "fake ending", "teleport flash", "blood static"}
	// ScreenEffectNames: the sound action's effect on the screen.
	ScreenEffectNames = []string{"none", "white flash", "red flash", "static", "vertical roll"}
)

// paramValueNames are the enumerations among the trap parameters, by the
// parameter's name.
var paramValueNames = map[string][]string{
	"operation":     QuestOperationNames,
	"light mode":    LightModeNames,
	"next target":   NextTargetNames,
	"hack":          HackNames,
	"push":          {"up", "down"},
	"effect":        EffectNames,
	"screen effect": ScreenEffectNames,
}

// ValueNames are the names of the values 0, 1, ... of an enumerated
// parameter, nil for one that is not an enumeration.
func (f ParamField) ValueNames() []string { return paramValueNames[f.Name] }

// BarkSpeakerNames name the bark action's speakers that are not objects
// (trap_bark_func: -1 SHODAN, -2 Diego, 0 no one), stored in 32 bits.
var BarkSpeakerNames = map[uint32]string{0: "no one", 0xFFFFFFFF: "SHODAN", 0xFFFFFFFE: "Diego"}

// paramSparseNames are the parameters some of whose values have names,
// by the parameter's name: sounds, and the bark action's speakers.
var paramSparseNames = map[string]map[uint32]string{
	"sound":   SoundNames,
	"speaker": BarkSpeakerNames,
}

// NamedValues are the values of parameter f that have names of their own
// when f is not an enumeration (ValueNames): a sound's, a speaker's; nil
// for none.
func (f ParamField) NamedValues() map[uint32]string { return paramSparseNames[f.Name] }

// GameText says which of the game's string lists (in cybstrng.res) a
// number indexes.
type GameText uint8

// The string lists numbers index.
const (
	NoText GameText = iota
	// TrapText: the messages traps, conditions and keypads show, chunk
	// 2151 (RES_traps, REF_STR_TrapZeroMessage + n).
	TrapText
	// DoorText: a locked door's message, chunk 2161 from block 7
	// (REF_STR_DoorLocked + n in objuse.c).
	DoorText
)

// paramTexts are the parameters that number a game string, by name.
var paramTexts = map[string]GameText{
	"message when true": TrapText, "message when false": TrapText, "message": TrapText,
	"string": TrapText, "wrong code message": TrapText,
}

// Text is the string list parameter f numbers, NoText for none.
func (f ParamField) Text() GameText { return paramTexts[f.Name] }
