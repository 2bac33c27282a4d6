package shock

// Subclass is one subclass of an object class: its name and how many
// object types it holds.
type Subclass struct {
	Name  string
	Types int
}

// Subclasses lists each class's subclasses in subclass order, as the
// game's object property tables define them. Every object in a level
// has a class, a subclass and a type within it (a "triple").
var Subclasses = [NumClasses][]Subclass{
	ClassGun:        {{"pistol", 5}, {"automatic", 2}, {"special", 2}, {"hand-to-hand", 2}, {"beam", 3}, {"beam projectile", 2}},
	ClassAmmo:       {{"pistol", 2}, {"needle", 2}, {"magnum", 3}, {"rifle", 2}, {"flechette", 2}, {"automatic", 2}, {"projectile", 2}},
	ClassPhysics:    {{"tracer", 6}, {"slow", 16}, {"camera", 2}},
	ClassGrenade:    {{"direct", 5}, {"timed", 3}},
	ClassDrug:       {{"stats", 7}},
	ClassHardware:   {{"goggles", 5}, {"hardware", 10}},
	ClassSoftware:   {{"offense", 7}, {"defense", 3}, {"one-shot", 4}, {"misc", 5}, {"data", 3}},
	ClassBigStuff:   {{"electronic", 9}, {"furnishing", 10}, {"on the wall", 11}, {"light", 4}, {"lab gear", 9}, {"techno", 8}, {"decor", 16}, {"terrain", 10}},
	ClassSmallStuff: {{"useless", 8}, {"broken", 10}, {"corpse-like", 15}, {"gear", 6}, {"cards", 12}, {"cyber", 12}, {"on the wall", 9}, {"plot", 8}},
	ClassFixture:    {{"control", 9}, {"receptacle", 7}, {"terminal", 3}, {"panel", 11}, {"vending", 2}, {"cyber", 3}},
	ClassDoor:       {{"normal", 10}, {"doorway", 9}, {"force", 7}, {"elevator", 5}, {"special", 10}},
	ClassAnimating:  {{"object", 9}, {"transitory", 11}, {"explosion", 14}},
	ClassTrap:       {{"trigger", 13}, {"feedback", 1}, {"secret", 5}},
	ClassContainer:  {{"actual", 3}, {"waste", 3}, {"liquid", 4}, {"mutant corpse", 8}, {"robot corpse", 13}, {"cyborg corpse", 7}, {"other corpse", 8}},
	ClassCritter:    {{"mutant", 9}, {"robot", 12}, {"cyborg", 7}, {"cyberspace", 7}, {"plot", 2}},
}

// NumObjectTypes is how many object types (triples) the game defines.
const NumObjectTypes = 476

// TypeIndex is the position of a class, subclass and type in the game's
// list of object types, the order of its property tables and of the
// object names in cybstrng.res. It reports false for a triple the game
// does not define.
func TypeIndex(class, subclass, typ int) (int, bool) {
	if class < 0 || class >= NumClasses || subclass < 0 || subclass >= len(Subclasses[class]) ||
		typ < 0 || typ >= Subclasses[class][subclass].Types {
		return 0, false
	}
	index := typ
	for c := range class {
		for _, s := range Subclasses[c] {
			index += s.Types
		}
	}
	for _, s := range Subclasses[class][:subclass] {
		index += s.Types
	}
	return index, true
}
