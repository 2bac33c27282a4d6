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

// ObjectNames are the names of the indexes of a map object type, or nil
// when the type's indexes have none here: scenery, player starts, goals
// and sounds, and all of Marathon 1, whose numbering differs.
func (l *Level) ObjectNames(typ int16) []string {
	if l.marathon1 {
		return nil
	}
	switch typ {
	case ObjectMonster:
		return MonsterNames
	case ObjectItem:
		return ItemNames
	}
	return nil
}
