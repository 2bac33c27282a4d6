package shock

// SoundNames name the game's sound effects by the number a sound trap
// (p1) or a height trap (p4) plays (sfxlist.h in the game's source).
// Numbers the game gives no sound of its own are absent.
var SoundNames = map[uint32]string{
	0: "goggles", 1: "HUD click", 2: "static", 3: "metal door", 4: "pipe hits flesh", 5: "door", 6: "iris door",
	7: "grenade armed", 8: "camera explodes", 9: "maintenance ambience", 10: "computer node explodes", 11: "death 1",
	12: "attack 1", 14: "energy drain", 15: "terrain elevator loop", 16: "attack 9", 17: "assault rifle",
	18: "phaser", 19: "stun gun", 20: "shield 2", 21: "pipe hits metal", 22: "reload 1", 23: "reload 2",
	24: "pipe misses", 25: "nearby critter 4", 26: "power out", 27: "enter cyberspace", 28: "battery used",
	29: "rail gun", 30: "SHODAN", 31: "laser rapier hits", 32: "shield 1", 33: "video down",
	34: "laser rapier misses", 35: "MFD button", 36: "mechanical button", 37: "crate destroyed", 38: "flechette",
	39: "mini pistol", 40: "magnum", 41: "riot gun", 42: "shield down", 43: "grove ambience", 44: "explosion",
	45: "mag-pulse", 46: "attack 4", 47: "nearby critter 3", 48: "attack 5", 49: "death 2", 50: "death 3",
	51: "death 4", 52: "attack 6", 53: "death 5", 54: "death 6", 55: "attack 7", 56: "nearby critter 2",
	57: "monitor explodes", 58: "critter notices 1", 59: "critter notices 2", 60: "power surge", 61: "big button",
	62: "lever", 63: "attack 8", 64: "player hurt", 65: "Skorpion", 66: "grove jet", 67: "bulkhead door",
	68: "death 7", 69: "death 8", 70: "klaxon", 71: "button", 72: "force bridge", 73: "nearby critter 1",
	74: "critter notices 3", 75: "critter notices 4", 76: "keypad", 77: "MFD buzz", 78: "MFD success",
	79: "inventory button", 80: "inventory select", 81: "inventory add", 82: "inventory software", 83: "patch used",
	84: "zoom box", 85: "map zoom", 86: "dart pistol", 87: "sparking cable", 88: "death 9", 89: "metal spang",
	90: "grating door", 92: "video mail", 93: "death 10", 94: "blaster", 95: "ion beam", 96: "shield up",
	97: "plasma rifle", 98: "energy recharge", 99: "item dropped", 100: "critter notices 5", 101: "death 11",
	102: "surgery machine", 103: "teleport", 106: "rumble", 107: "e-mail", 109: "barrel destroyed",
}
