package marathon

// Map object types: what an Object's Index numbers.
const (
	ObjectMonster = iota
	ObjectScenery
	ObjectItem
	ObjectPlayer
	ObjectGoal
	ObjectSound
)

// MonsterNames name the monster types of Marathon 2 and Infinity, by
// the index of a monster object.
var MonsterNames = []string{
	"Marine (player)", "Tick (energy)", "Tick (oxygen)", "Tick (kamikaze)",
	"Compiler (minor)", "Compiler (major)", "Compiler (minor, invisible)", "Compiler (major, invisible)",
	"Fighter (minor)", "Fighter (major)", "Fighter (minor, projectile)", "Fighter (major, projectile)",
	"Civilian (crew)", "Civilian (science)", "Civilian (security)", "Civilian (assimilated)",
	"Hummer (minor)", "Hummer (major)", "Hummer (big, minor)", "Hummer (big, major)", "Hummer (possessed)",
	"Cyborg (minor)", "Cyborg (major)", "Cyborg (flame, minor)", "Cyborg (flame, major)",
	"Enforcer (minor)", "Enforcer (major)", "Hunter (minor)", "Hunter (major)", "Trooper (minor)", "Trooper (major)",
	"Mother of all cyborgs", "Mother of all hunters", "Yeti (sewage)", "Yeti (water)", "Yeti (lava)",
	"Defender (minor)", "Defender (major)", "Juggernaut (minor)", "Juggernaut (major)",
	"Tiny fighter", "Tiny Bob", "Tiny yeti",
	"Vacuum civilian (crew)", "Vacuum civilian (science)", "Vacuum civilian (security)", "Vacuum civilian (assimilated)",
}

// ItemNames name the item types of Marathon 2 and Infinity, by the index
// of an item object.
var ItemNames = []string{
	"Fist", "Magnum pistol", "Magnum magazine", "Fusion pistol", "Fusion battery",
	"Assault rifle", "Assault rifle magazine", "Grenade magazine", "Missile launcher", "Missiles",
	"Invisibility", "Invincibility", "Infravision", "Alien weapon", "Alien weapon ammunition",
	"Flamethrower", "Flamethrower canister", "Extravision", "Oxygen",
	"Energy (single)", "Energy (double)", "Energy (triple)", "Shotgun", "Shotgun shells",
	"S'pht door key", "Uplink chip",
	"Ball (light blue)", "Ball (red)", "Ball (violet)", "Ball (yellow)", "Ball (brown)", "Ball (orange)", "Ball (blue)", "Ball (green)",
	"Submachine gun", "Submachine gun clip",
}

// OldItemNames name the item types of Marathon 1, by the index of an
// item object. The engine's item definitions are built in, not part of
// the physics, so Marathon 1 numbers its items as Marathon 2 does; these
// are the names Marathon 1 gives them, and it has none of the later ones.
var OldItemNames = []string{
	"Fists", ".44 Magnum", ".44 clip", "Zeus fusion pistol", "Fusion battery",
	"MA-75 assault rifle", "MA-75 clip", "MA-75 grenades", "SPNKR-X17 launcher", "SSM missiles",
	"Invisibility", "Invincibility", "Infravision", "Alien weapon", "Alien weapon ammunition",
	"TOZT-7 napalm unit", "Napalm canister", "Extravision", "Oxygen",
	"Energy (single)", "Energy (double)", "Energy (triple)", "Shotgun", "Shotgun shells",
	"S'pht door key", "Defense center repair chip",
}

// SceneryNames name the scenery types of Marathon 2 and Infinity, by
// the index of a scenery object: the engine's definitions for each set
// of textures, in order.
var SceneryNames = func() []string {
	var out []string
	for _, set := range []struct {
		name  string
		items []string
	}{
		{"lava", []string{"light dirt", "dark dirt", "bones", "bone", "ribs", "skull", "hanging light", "hanging light",
			"small cylinder", "large cylinder", "block", "block", "block"}},
		{"water", []string{"pistol clip", "short light", "long light", "siren", "rocks", "blood drops", "water thing",
			"gun", "Bob remains", "puddles", "big puddles", "security monitor", "alien supply can", "machine",
			"fighter's staff"}},
		{"sewage", []string{"stubby green light", "long green light", "junk", "big antenna", "big antenna",
			"alien supply can", "bones", "big bones", "Pfhor pieces", "Bob pieces", "Bob blood"}},
		{"alien", []string{"green light", "small alien light", "alien ceiling rod light", "bulbous yellow alien object",
			"square grey organic object", "Pfhor skeleton", "Pfhor mask", "green stuff", "hunter shield", "bones",
			"alien sludge"}},
		{"jjaro", []string{"short ceiling light", "long light", "weird rod", "Pfhor ship", "sun", "large glass container",
			"nub 1", "nub 2", "Lh'owon", "floor whip antenna", "ceiling whip antenna"}},
	} {
		for _, item := range set.items {
			out = append(out, set.name+": "+item)
		}
	}
	return out
}()

// AmbientSoundNames name the ambient sounds of Marathon 2 and Infinity,
// by the index of a sound source object or an ambient sound record.
var AmbientSoundNames = []string{"water", "sewage", "lava", "goo", "under liquid", "wind", "waterfall", "siren",
	"fan", "S'pht door", "S'pht platform", "heavy S'pht door", "heavy S'pht platform", "light machinery",
	"heavy machinery", "transformer", "sparking transformer", "machine binder", "machine bookpress",
	"machine puncher", "electric", "alarm", "night wind", "Pfhor door", "Pfhor platform", "alien noise 1",
	"alien noise 2", "alien harmonics"}

// RandomSoundNames name the random sounds of Marathon 2 and Infinity, by
// the index of a random sound record.
var RandomSoundNames = []string{"water drip", "surface explosion", "underground explosion", "owl", "creak"}

// ObjectNames are the names of the indexes of a map object type, or nil
// when the type's indexes have none here: player starts and goals, and
// Marathon 1's monsters, scenery and sounds, whose numbering its physics
// and sounds define.
func (l *Level) ObjectNames(typ int16) []string {
	switch {
	case typ == ObjectItem && l.marathon1:
		return OldItemNames
	case l.marathon1:
		return nil
	case typ == ObjectMonster:
		return MonsterNames
	case typ == ObjectItem:
		return ItemNames
	case typ == ObjectScenery:
		return SceneryNames
	case typ == ObjectSound:
		return AmbientSoundNames
	}
	return nil
}

// ObjectTypeNames name the map object types, by an Object's Type.
var ObjectTypeNames = []string{"Monster", "Scenery", "Item", "Player start", "Goal", "Sound source"}

// ObjectFlagNames name the bits of an Object's Flags; bit 0 makes a
// monster or item invisible until it teleports in, and a sound source
// follow its platform. The top four bits are the activation bias.
var ObjectFlagNames = []string{"invisible (or platform sound)", "hanging from ceiling", "blind", "deaf",
	"floats (or teleports out)", "network only"}

// ObjectActivationShift is where a monster's activation bias starts in
// an Object's Flags; ActivationBiasNames name its values.
const ObjectActivationShift = 12

// ActivationBiasNames name what a monster goes for when it is activated.
var ActivationBiasNames = []string{"player", "nearest hostile", "goal", "randomly"}

// PolygonTypeNames name the polygon types of Marathon 2 and Infinity.
var PolygonTypeNames = []string{"normal", "item impassable", "monster impassable", "hill", "base", "platform",
	"light on trigger", "platform on trigger", "light off trigger", "platform off trigger", "teleporter",
	"zone border", "goal", "visible monster trigger", "invisible monster trigger", "dual monster trigger",
	"item trigger", "must be explored", "automatic exit", "minor ouch", "major ouch", "glue", "glue trigger",
	"superglue"}

// OldPolygonTypeNames name the polygon types of Marathon 1, whose
// numbering differs from 3 on: the damage and glue types came where
// Marathon 2 has its network game types.
var OldPolygonTypeNames = []string{"normal", "item impassable", "monster impassable", "minor ouch", "major ouch",
	"platform", "light on trigger", "platform on trigger", "light off trigger", "platform off trigger",
	"teleporter", "glue", "glue trigger", "superglue", "must be explored", "automatic exit"}

// PolygonFlagNames name the bits of a Polygon's Flags.
var PolygonFlagNames = []string{14: "detached"}

// LineFlagNames name the bits of a Line's Flags.
var LineFlagNames = []string{8: "decorative", 9: "has transparent side", 10: "variable elevation", 11: "elevation",
	12: "landscape", 13: "transparent", 14: "solid"}

// SideTypeNames name how a side maps its textures, by a Side's Type.
var SideTypeNames = []string{"full", "high", "low", "composite", "split"}

// SideFlagNames name the bits of a Side's Flags.
var SideFlagNames = []string{"control panel on", "control panel", "repair switch", "uses an item",
	"must be lit", "can be destroyed", "only hit by projectiles", "item optional (Marathon 1)",
	"lit above half (Marathon 1)", 14: "editor dirty"}

// ControlPanelNames name the control panel types, by a Side's
// ControlPanelType: the game's panel definitions for each set of wall
// textures, in order.
var ControlPanelNames = func() []string {
	var out []string
	water := []string{"oxygen refuel", "shield refuel", "double shield refuel", "chip insertion", "light switch",
		"platform switch", "tag switch", "pattern buffer", "terminal", "wires"}
	for _, n := range water {
		out = append(out, "water: "+n)
	}
	for _, set := range []string{"lava", "sewage", "pfhor", "jjaro"} {
		for _, n := range []string{"shield refuel", "double shield refuel", "triple shield refuel", "light switch",
			"platform switch", "tag switch", "pattern buffer", "terminal", "oxygen refuel", "chip insertion", "wires"} {
			out = append(out, set+": "+n)
		}
	}
	return out
}()

// TransferModeNames name the transfer modes of textures on sides,
// floors, ceilings and liquids.
var TransferModeNames = []string{"normal", "fade out to black", "invisibility", "subtle invisibility", "pulsate",
	"wobble", "fast wobble", "static", "50% static", "landscape", "smear", "fade out static", "pulsating static",
	"fold in", "fold out", "horizontal slide", "fast horizontal slide", "vertical slide", "fast vertical slide",
	"wander", "fast wander", "big landscape", "reverse horizontal slide", "reverse fast horizontal slide",
	"reverse vertical slide", "reverse fast vertical slide", "2× scale", "4× scale"}

// LightPresetNames name a Light's Type: the preset it was made from.
var LightPresetNames = []string{"normal", "strobe", "liquid"}

// LightFlagNames name the bits of a Light's Flags.
var LightFlagNames = []string{"initially active", "slaved intensities", "stateless"}

// LightFunctionNames name a LightFunction's Function: how the intensity
// moves over the period.
var LightFunctionNames = []string{"constant", "linear", "smooth", "flicker", "random", "fluorescent"}

// LightStateNames name a Light's six Functions, in their order.
var LightStateNames = []string{"primary active", "secondary active", "becoming active", "primary inactive",
	"secondary inactive", "becoming inactive"}

// OldLightTypeNames name a Marathon 1 light's Type.
var OldLightTypeNames = []string{"normal", "rheostat", "fluorescent", "strobe", "flickers", "pulsates", "annoying",
	"energy efficient"}

// OldLightModeNames name a Marathon 1 light's Mode.
var OldLightModeNames = []string{"turning on", "on", "turning off", "off", "toggle"}

// MediaTypeNames name a liquid's Type.
var MediaTypeNames = []string{"water", "lava", "goo", "sewage", "jjaro"}

// MediaFlagNames name the bits of a liquid's Flags.
var MediaFlagNames = []string{"sound obstructed by floor"}

// PlatformTypeNames name a platform's Type: the preset of its sounds.
var PlatformTypeNames = []string{"S'pht door", "S'pht split door", "locked S'pht door", "S'pht platform",
	"noisy S'pht platform", "heavy S'pht door", "Pfhor door", "heavy S'pht platform", "Pfhor platform"}

// PlatformFlagNames name the bits of a platform's StaticFlags.
var PlatformFlagNames = []string{"initially active", "initially extended", "deactivates at each level",
	"deactivates at initial level", "activates adjacent when deactivating", "extends floor to ceiling",
	"comes from floor", "comes from ceiling", "causes damage", "does not activate parent", "activates only once",
	"activates light", "deactivates light", "player controllable", "monster controllable",
	"reverses when obstructed", "cannot be externally deactivated", "uses native polygon heights",
	"delays before activation", "activates adjacent when activating", "deactivates adjacent when activating",
	"deactivates adjacent when deactivating", "contracts slower", "activates adjacent at each level", "locked",
	"secret", "door", "floods (Marathon 1)"}
