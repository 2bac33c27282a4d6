package physics

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/marathon"
)

// The names of Marathon 2 and Infinity's records, by index, as Aleph
// One's effects.h, projectiles.h and weapons.h number them (Infinity
// adds the last effects, the SMG bullet and the SMG); monsters are named
// as map objects name them.
var (
	EffectNames = []string{"Rocket explosion", "Rocket contrail", "Grenade explosion", "Grenade contrail",
		"Bullet ricochet", "Alien weapon ricochet", "Flamethrower burst", "Fighter blood splash", "Player blood splash",
		"Civilian blood splash", "Assimilated civilian blood splash", "Enforcer blood splash",
		"Compiler bolt minor detonation", "Compiler bolt major detonation", "Compiler bolt major contrail",
		"Fighter projectile detonation", "Fighter melee detonation", "Hunter projectile detonation", "Hunter spark",
		"Minor fusion detonation", "Major fusion detonation", "Major fusion contrail", "Fist detonation",
		"Minor defender detonation", "Major defender detonation", "Defender spark", "Trooper blood splash",
		"Water lamp breaking", "Lava lamp breaking", "Sewage lamp breaking", "Alien lamp breaking", "Metallic clang",
		"Teleport object in", "Teleport object out",
		"Small water splash", "Medium water splash", "Large water splash", "Large water emergence",
		"Small lava splash", "Medium lava splash", "Large lava splash", "Large lava emergence",
		"Small sewage splash", "Medium sewage splash", "Large sewage splash", "Large sewage emergence",
		"Small goo splash", "Medium goo splash", "Large goo splash", "Large goo emergence",
		"Minor hummer projectile detonation", "Major hummer projectile detonation", "Durandal hummer projectile detonation",
		"Hummer spark", "Cyborg projectile detonation", "Cyborg blood splash",
		"Minor fusion dispersal", "Major fusion dispersal", "Overloaded fusion dispersal",
		"Sewage yeti blood splash", "Sewage yeti projectile detonation", "Water yeti blood splash",
		"Lava yeti blood splash", "Lava yeti projectile detonation", "Yeti melee detonation",
		"Juggernaut spark", "Juggernaut missile contrail",
		"Small Jjaro splash", "Medium Jjaro splash", "Large Jjaro splash", "Large Jjaro emergence",
		"Civilian fusion blood splash", "Assimilated civilian fusion blood splash"}
	ProjectileNames = []string{"Rocket", "Grenade", "Pistol bullet", "Rifle bullet", "Shotgun bullet", "Staff",
		"Staff bolt", "Flamethrower burst", "Compiler bolt (minor)", "Compiler bolt (major)", "Alien weapon",
		"Fusion bolt (minor)", "Fusion bolt (major)", "Hunter", "Fist", "Armageddon sphere", "Armageddon electricity",
		"Juggernaut rocket", "Trooper bullet", "Trooper grenade", "Defender (minor)", "Defender (major)",
		"Juggernaut missile", "Energy drain (minor)", "Energy drain (major)", "Oxygen drain",
		"Hummer (minor)", "Hummer (major)", "Hummer (Durandal)", "Cyborg ball (minor)", "Cyborg ball (major)",
		"Ball", "Fusion dispersal (minor)", "Fusion dispersal (major)", "Fusion dispersal (overloaded)",
		"Yeti", "Sewage yeti", "Lava yeti", "SMG bullet"}
	WeaponNames = []string{"Fist", "Magnum pistol", "Fusion pistol", "Assault rifle", "Missile launcher",
		"Flamethrower", "Alien weapon", "Shotgun", "Ball", "Submachine gun"}
	// ConstantsNames name the player physics models.
	ConstantsNames = []string{"Walking", "Running"}
	// M1ConstantsNames name Marathon 1's: its first is an editor's.
	M1ConstantsNames = []string{"Editor", "Walking", "Running"}
)

// Name is the name of record i of the kind. Marathon 1 numbers its
// monsters, effects, projectiles and weapons its own way: those are
// named by kind and index.
func Name(k Kind, marathon1 bool, i int) string {
	var names []string
	switch {
	case k == KindConstants && marathon1:
		names = M1ConstantsNames
	case k == KindConstants:
		names = ConstantsNames
	case marathon1:
	case k == KindMonster:
		names = marathon.MonsterNames
	case k == KindEffect:
		names = EffectNames
	case k == KindProjectile:
		names = ProjectileNames
	case k == KindWeapon:
		names = WeaponNames
	}
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s %d", singular[k], i)
}

var singular = [KindCount]string{"Monster", "Effect", "Projectile", "Physics model", "Weapon"}

// FlagNames name the bits of the bit fields, by a field's flags tag
// (Aleph One's monster_definitions.h, projectile_definitions.h,
// effect_definitions.h, weapon_definitions.h and map.h).
var FlagNames = map[string][]string{
	"monster": {"omniscient", "flies", "alien", "major", "minor", "cannot be dropped", "floats", "cannot attack",
		"uses sniper ledges", "invisible", "subtly invisible", "kamikaze", "berserker", "enlarged",
		"delayed hard death", "fires symmetrically", "nuclear hard death", "cannot fire backwards",
		"can die in flames", "waits with clear shot", "tiny", "attacks immediately",
		"not afraid of water", "not afraid of sewage", "not afraid of lava", "not afraid of goo",
		"can teleport under media", "chooses weapons randomly", "bit 28", "bit 29", "bit 30", "bit 31"},
	"class": {"player", "human civilian", "madd", "possessed hummer", "defender", "fighter", "trooper", "hunter",
		"enforcer", "juggernaut", "hummer", "compiler", "cyborg", "assimilated civilian", "tick", "yeti"},
	"damages": DamageNames,
	"damage":  {"alien (less at lower difficulty)"},
	"projectile": {"guided", "stops when animation loops", "persistent", "alien", "affected by gravity",
		"no horizontal error", "no vertical error", "can toggle control panels", "positive vertical error",
		"melee", "persistent and virulent", "usually passes transparent sides", "sometimes passes transparent sides",
		"doubly affected by gravity", "rebounds from floor", "penetrates media", "becomes item on detonation",
		"bleeding", "horizontal wander", "vertical wander", "affected by half gravity",
		"penetrates media boundary", "passes through objects"},
	"effect": {"ends when animation loops", "ends when transfer animation loops", "sound only",
		"makes twin visible", "media effect"},
	"weapon": {"automatic", "disappears after use", "plays instant shell casing sound", "overloads",
		"random ammunition on pickup", "temporary powerup", "reloads in one hand", "fires out of phase",
		"fires under media", "triggers share ammunition", "secondary has angular flipping"},
}

// DamageNames name the damage types (map.h).
var DamageNames = []string{"explosion", "electrical staff", "projectile", "absorbed", "flame", "hound claws",
	"alien projectile", "hulk slap", "compiler bolt", "fusion bolt", "hunter bolt", "fist", "teleporter",
	"defender", "yeti claws", "yeti projectile", "crushing", "lava", "suffocation", "goo", "energy drain",
	"oxygen drain", "hummer bolt", "shotgun projectile"}

// SoundNames name the sounds of Marathon 2 and Infinity, by the index
// the physics' sound fields hold (Aleph One's SoundManagerEnums.h, sound
// codes: 215 of them). A Sounds file may hold more, which have numbers.
var SoundNames = []string{
	"startup", "teleport in", "teleport out", "body being crunched", "creak", "absorbed", "breathing",
	"oxygen warning", "suffocation", "energy refuel", "oxygen refuel", "can't toggle switch", "switch on",
	"switch off", "puzzle switch", "chip insertion", "pattern buffer", "destroy control panel", "adjust volume",
	"got powerup", "got item", "bullet ricochet", "metallic ricochet", "empty gun", "S'pht door opening",
	"S'pht door closing", "S'pht door obstructed", "S'pht platform starting", "S'pht platform stopping", "owl",
	"SMG firing", "SMG reloading", "heavy S'pht platform starting", "heavy S'pht platform stopping",
	"fist hitting", "magnum firing", "magnum reloading", "assault rifle firing", "grenade launcher firing",
	"grenade exploding", "grenade flyby", "fusion firing", "fusion exploding", "fusion flyby",
	"fusion charging", "rocket exploding", "rocket flyby", "rocket firing", "flamethrower", "body falling",
	"body exploding", "bullet hitting flesh", "fighter activate", "fighter wail", "fighter scream",
	"fighter chatter", "fighter attack", "fighter projectile hit", "fighter projectile flyby",
	"compiler attack", "compiler death", "compiler hit", "compiler projectile flyby", "compiler projectile hit",
	"cyborg moving", "cyborg attack", "cyborg hit", "cyborg death", "cyborg projectile bounce",
	"cyborg projectile hit", "cyborg projectile flyby", "hummer activate", "hummer start attack",
	"hummer attack", "hummer dying", "hummer death", "hummer projectile hit", "hummer projectile flyby",
	"human wail", "human scream", "human hit", "human chatter", "assimilated human chatter", "human trash talk",
	"human apology", "human activation", "human clear", "human stop shooting me", "human area secure",
	"kill the player", "water", "sewage", "lava", "goo", "under media", "wind", "waterfall", "siren", "fan",
	"S'pht door", "S'pht platform", "alien harmonics", "heavy S'pht platform", "light machinery",
	"heavy machinery", "transformer", "sparking transformer", "water drip", "walking in water", "exit water",
	"enter water", "small water splash", "medium water splash", "large water splash", "walking in lava",
	"enter lava", "exit lava", "small lava splash", "medium lava splash", "large lava splash",
	"walking in sewage", "exit sewage", "enter sewage", "small sewage splash", "medium sewage splash",
	"large sewage splash", "walking in goo", "exit goo", "enter goo", "small goo splash", "medium goo splash",
	"large goo splash", "major fusion firing", "major fusion charged", "assault rifle reloading",
	"assault rifle shell casings", "shotgun firing", "shotgun reloading", "ball bounce", "you are it",
	"got ball", "computer interface logon", "computer interface logout", "computer interface page",
	"heavy S'pht door", "heavy S'pht door opening", "heavy S'pht door closing", "heavy S'pht door open",
	"heavy S'pht door closed", "heavy S'pht door obstructed", "hunter activate", "hunter attack",
	"hunter dying", "hunter landing", "hunter exploding", "hunter projectile hit", "hunter projectile flyby",
	"enforcer activate", "enforcer attack", "enforcer projectile hit", "enforcer projectile flyby",
	"yeti melee attack", "yeti melee attack hit", "yeti projectile attack", "yeti sewage projectile hit",
	"yeti sewage projectile flyby", "yeti lava projectile hit", "yeti lava projectile flyby", "yeti dying",
	"machine binder", "machine bookpress", "machine puncher", "electric", "alarm", "night wind",
	"surface explosion", "underground explosion", "defender attack", "defender hit", "defender flyby",
	"defender being hit", "defender exploding", "tick chatter", "tick falling", "tick flapping",
	"tick exploding", "ceiling lamp exploding", "Pfhor platform starting", "Pfhor platform stopping",
	"Pfhor platform", "Pfhor door opening", "Pfhor door closing", "Pfhor door obstructed", "Pfhor door",
	"Pfhor switch off", "Pfhor switch on", "juggernaut firing", "juggernaut warning", "juggernaut exploding",
	"juggernaut preparing to fire", "enforcer exploding", "alien noise 1", "alien noise 2",
	"civilian fusion wail", "civilian fusion scream", "civilian fusion hit", "civilian fusion chatter",
	"assimilated civilian fusion chatter", "civilian fusion trash talk", "civilian fusion apology",
	"civilian fusion activation", "civilian fusion clear", "civilian fusion stop shooting me",
	"civilian fusion area secure", "civilian fusion kill the player",
}

// NameLists name the values of fields that may hold values beyond the
// names (loose enumerations), by a field's names tag.
var NameLists = map[string][]string{"sounds": SoundNames}

// ChoiceNames name the values of the enumerations, by a field's choices
// tag.
var ChoiceNames = map[string][]string{
	"damage":      DamageNames,
	"items":       marathon.ItemNames,
	"weaponclass": {"melee", "normal", "dual function", "two-fisted pistol", "multipurpose"},
}
