package shock

import "fmt"

// Action is what a trap or fixture does when it goes off (trigger.c).
type Action uint8

// ActionNames are the 25 actions' names, by number.
var ActionNames = [...]string{
	"null", "teleport", "damage", "create object", "quest variable", "end game", "multi", "light",
	"sfx", "height", "terrain", "scheduler", "alternating split", "destroy object", "plot clock",
	"email", "expose", "instance", "animate", "hack", "texture", "AI", "bark", "monster", "transmogrify",
}

// Action numbers the editor refers to by name.
const (
	ActionNull     Action = 0
	ActionTeleport Action = 1
	ActionCreate   Action = 3
	ActionQuest    Action = 4
	ActionMulti    Action = 6
	ActionHeight   Action = 9
	ActionDestroy  Action = 13
	ActionEmail    Action = 15
	ActionHack     Action = 19
	NumActions            = len(ActionNames)
)

// String names the action, or gives its number when it has no name.
func (a Action) String() string {
	if int(a) < len(ActionNames) {
		return ActionNames[a]
	}
	return fmt.Sprintf("action %d", uint8(a))
}

// Comparator is the condition a trap checks before it acts: a quest
// variable or bit, an operator, a value, and the message shown on failure.
type Comparator uint32

// Comparison operators, bits 13-15 of a comparator (comparator_check in
// trigger.c). A comparator whose low 24 bits are all zero always passes.
const (
	OpEqual = iota
	OpLess
	OpLessEqual
	OpGreater
	OpGreaterEqual
	OpNotEqual
	OpRandom // passes when the value exceeds a random number below 255
)

// OperatorNames are the operators' symbols.
var OperatorNames = [8]string{"==", "<", "<=", ">", ">=", "!=", "random", "never"}

// Always reports whether the comparator has no condition.
func (c Comparator) Always() bool { return c&0xFFFFFF == 0 }

// Variable is the quest variable or bit the comparator reads.
func (c Comparator) Variable() int { return int(c & 0xFFF) }

// IsQuestVariable reports whether Variable is a quest variable rather than a quest bit.
func (c Comparator) IsQuestVariable() bool { return c&0x1000 != 0 }

// Operator is the comparison, one of OpEqual to OpRandom (7: never).
func (c Comparator) Operator() int { return int(c>>13) & 7 }

// Value is what the variable is compared with, 0 to 255.
func (c Comparator) Value() int { return int(c>>16) & 0xFF }

// FailMessage is the message shown when the check fails.
func (c Comparator) FailMessage() int { return int(c >> 24) }

// MakeComparator packs a comparator; questVariable picks a quest variable
// over a quest bit.
func MakeComparator(variable int, questVariable bool, operator, value, failMessage int) Comparator {
	c := Comparator(variable&0xFFF) | Comparator(operator&7)<<13 | Comparator(value&0xFF)<<16 | Comparator(failMessage&0xFF)<<24
	if questVariable {
		c |= 0x1000
	}
	return c
}

// String is the condition as text, such as "var 12 >= 3".
func (c Comparator) String() string {
	if c.Always() {
		return "always"
	}
	kind := "bit"
	if c.IsQuestVariable() {
		kind = "var"
	}
	return fmt.Sprintf("%s %d %s %d", kind, c.Variable(), OperatorNames[c.Operator()], c.Value())
}

// Param is a trap parameter as the game reads it: 0x1000|n reads quest
// variable n, 0x2000|n quest bit n, anything else is the literal value.
type Param uint32

// QuestVariable is the quest variable p reads, if it reads one.
func (p Param) QuestVariable() (n int, ok bool) { return int(p & 0xFFF), p&0xF000 == 0x1000 }

// QuestBit is the quest bit p reads, if it reads one.
func (p Param) QuestBit() (n int, ok bool) { return int(p & 0xFFF), p&0xF000 == 0x2000 }

// String is the parameter as text: var[n], bit[n] or the value.
func (p Param) String() string {
	if n, ok := p.QuestVariable(); ok {
		return fmt.Sprintf("var[%d]", n)
	}
	if n, ok := p.QuestBit(); ok {
		return fmt.Sprintf("bit[%d]", n)
	}
	return fmt.Sprint(uint32(p))
}

// TriggerTypeNames are the trigger types: the object types of trap
// subclass 0, which say what sets a trigger off.
var TriggerTypeNames = [...]string{"entry", "null", "floor", "player death", "deathwatch", "area entry",
	"area continuous", "AI hint", "level", "continuous", "repulsor", "ecology", "SHODAN"}

// TriggerTypeName names trigger type t.
func TriggerTypeName(t uint8) string {
	if int(t) < len(TriggerTypeNames) {
		return TriggerTypeNames[t]
	}
	return fmt.Sprintf("type %d", t)
}
