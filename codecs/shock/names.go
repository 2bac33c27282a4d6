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
)

// paramValueNames are the enumerations among the trap parameters, by the
// parameter's name.
var paramValueNames = map[string][]string{
	"operation":   QuestOperationNames,
	"light mode":  LightModeNames,
	"next target": NextTargetNames,
	"hack":        HackNames,
	"push":        {"up", "down"},
}

// ValueNames are the names of the values 0, 1, ... of an enumerated
// parameter, nil for one that is not an enumeration.
func (f ParamField) ValueNames() []string { return paramValueNames[f.Name] }
