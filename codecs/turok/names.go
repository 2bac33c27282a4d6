package turok

import (
	"maps"
	"slices"
	"strconv"
)

// PlayerType is the actor type of the player's start.
const PlayerType = 0

// ActorTypes names the actor types of Turok: Dinosaur Hunter that the
// remaster keeps from the original game (the type numbers of Iguana's
// level data, as svkaiser's KPFGen converter lists them). A mod's own
// types are defined by its game data and have no name here.
var ActorTypes = map[int32]string{
	PlayerType: "Turok (player)",

	1: "Raptor", 2: "Grunt", 4: "Dinosaur", 5: "Rider", 8: "Sandworm", 9: "Stalker", 10: "Alien",
	11: "Purlin", 12: "Mech", 14: "Fish", 15: "Sewer crab", 16: "Killer plant", 20: "Animal",
	21: "Insect", 2001: "Turret",

	1000: "Mantis (boss)", 1001: "T-Rex (boss)", 1002: "Campaigner (boss)", 1003: "Hunter (boss)",
	1004: "Hummer (boss)",

	100: "Knife", 102: "Bow", 103: "Pistol", 104: "Rifle", 105: "Pulse rifle", 106: "Shotgun",
	107: "Auto shotgun", 108: "Minigun", 109: "Grenade launcher", 110: "Alien weapon",
	111: "Fusion cannon", 112: "Missile launcher", 113: "Accelerator", 114: "Chronoscepter",

	300: "Door", 301: "Dynamic object", 302: "Mantis statue", 303: "Lift", 305: "Mantis wall",
	308: "Laser wall", 309: "Destructible", 310: "Mover", 313: "Logo", 314: "Tech light",
	317: "Portal", 318: "Gate key panel", 319: "Water (dynamic) 1", 320: "Water (dynamic) 2",
	321: "Portal gate", 322: "Arrow", 323: "Mantis key", 325: "Key plaque", 327: "Animated texture",
	329: "Custom dynamic object", 331: "Tech door",

	400: "Small health", 402: "Health", 403: "Full health", 404: "Ultra health", 405: "Mask",
	406: "Backpack", 407: "Spiritual invincibility", 409: "Pistol pickup", 410: "Assault rifle pickup",
	411: "Shotgun pickup", 412: "Auto shotgun pickup", 413: "Minigun pickup",
	414: "Grenade launcher pickup", 415: "Pulse rifle pickup", 416: "Alien weapon pickup",
	417: "Rocket launcher pickup", 418: "Accelerator pickup", 419: "Fusion cannon pickup",
	420: "Quiver (tek arrows)", 421: "Arrows", 422: "Quiver", 423: "Clip", 424: "Box of clips",
	425: "Shells", 426: "Box of shells", 427: "Explosive shells", 428: "Box of explosive shells",
	429: "Minigun ammo", 430: "Grenade", 431: "Box of grenades", 432: "Small energy cell",
	433: "Energy cell", 434: "Rocket", 436: "Fusion cell", 437: "Armor", 438: "Life force (1)",
	439: "Life force (10)", 440: "Key 1", 441: "Key 2", 442: "Key 3", 443: "Key 4", 444: "Key 5",
	445: "Key 6", 446: "Final key 1", 447: "Chronoscepter piece 1", 449: "Final key 2",
	450: "Chronoscepter piece 2", 451: "Chronoscepter piece 3", 452: "Chronoscepter piece 4",
	453: "Chronoscepter piece 5", 454: "Chronoscepter piece 6", 455: "Chronoscepter piece 7",
	456: "Chronoscepter piece 8",

	600: "Mini portal", 800: "Water",
}

// ActorTypeName is the name of actor type t, or "type N" for a type
// with no name here.
func ActorTypeName(t int32) string {
	if name, ok := ActorTypes[t]; ok {
		return name
	}
	return "type " + strconv.Itoa(int(t))
}

// ActorTypeNumbers lists the named actor types in ascending order.
func ActorTypeNumbers() []int32 { return slices.Sorted(maps.Keys(ActorTypes)) }

// SectorSetArgs names a sector set's six arguments, Args[0] first, by
// what the game uses them for (the Turok EX modding guide's kWorld
// page: "typical arg usage").
var SectorSetArgs = [6]string{"Warp ID", "Warp level or event sound", "Checkpoint ID", "Tag ID",
	"Floor damage (hit points)", "Floor damage rate"}
