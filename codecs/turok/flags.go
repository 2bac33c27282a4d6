package turok

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// FlagSet names the bits of a flag field, bit 0 first.
type FlagSet []string

// Names lists the names of the bits set in v, "bit N" for unnamed ones.
func (s FlagSet) Names(v uint32) []string {
	var out []string
	for bit := range 32 {
		if v&(1<<bit) == 0 {
			continue
		}
		if bit < len(s) {
			out = append(out, s[bit])
		} else {
			out = append(out, "bit "+strconv.Itoa(bit))
		}
	}
	return out
}

// The named flag sets of the map format.
var (
	ActorSpawnFlags1 = FlagSet{"Solid", "ProjectileAttack1", "Leader", "SnapToFloor", "ExplosionDeath",
		"ClimbWalls", "ProjectileAttack2", "NoRepeatExplosion", "DieOnExplosion", "Flocker", "SlowEnemy",
		"RandomResurrection", "RandomFeignDeath", "Kamikaze", "AvoidPlayers", "FloatInWaterOnDeath",
		"Teleport", "CastShadow", "TeleportWait", "UseStrongAttacks", "UseWeakAttacks", "Sniper",
		"MeltOnDeath", "AvoidWater", "Flying", "TeleportAvoidWater", "TeleportAvoidCliffs", "TriggerStuff",
		"CannotCauseAFight", "NoWallCollision", "ScreenShake", "RespawnAnimation"}
	ActorSpawnFlags2 = FlagSet{"DropExplosiveShells", "DropGrenade", "DropMediumHealth", "DropFullHealth",
		"DropUltraHealth", "DropSmallHealth", "DropLargeHealth", "DropMinigunAmmo", "DropMortalWound",
		"DropRockets", "DropShotgunShells", "DropEnergyCell", "DropLargeEnergyCell", "DropClip",
		"RemoveOnCompletion", "NoBlood", "HoldTriggerAnimation", "ProjectileAttack3", "ProjectileAttack4",
		"DropItemOnDamage", "NoAutomapDraw", "AlternateMoves", "AntiAliasingReduced", "AntiAliasingFull",
		"ProjectileAttack5", "ProjectileAttack6", "MortalWoundImpact", "StayInWater", "DeviceWarpDeath",
		"StoreWarpReturn", "ProjectileAttack7", "ProjectileAttack8"}
	ActorSpawnFlags3 = FlagSet{"ReturnWarp", "PlayTriggerAnimOnce", "RegenerateFromStart",
		"WalkInStraightLine", "KillOutsideOfView", "NoThinker", "AvoidPlayers2", "NoViolentDeath",
		"ProjectileAttack9", "ProjectileAttack10", "MakeSpawnAnimVisible", "NoDrawOnCamera"}
	SectorSetFlags = FlagSet{"Water", "Block", "Toggle", "Cliff", "Climb", "OneSided", "Ceiling", "Crawl",
		"EnterCrawl", "Hidden", "Entered", "Secret", "Restricted", "SlopeTest", "DeathPit", "Mapped",
		"Event", "Repeatable", "Teleport", "Damage", "DrawSky", "TeleportAir", "Lava", "EventSound",
		"AntiGravity", "Ladder", "Checkpoint", "SaveGame", "WarpReturn", "ShallowWater", "DrawSun",
		"StoreWarpReturn"}
	StaticMeshFlags = FlagSet{"Collide", "NoPolyCollision", "NoDrawCamera"}
	// SpeciesMask is unused by Turok EX; the Kex editor writes 255.
	SpeciesMask = FlagSet{"Raptor", "Human1", "SaberTiger", "Dimetrodon", "Triceratops", "Moschops",
		"Pteranodon", "Subterranean", "Leaper", "Alien", "Hulk", "Robot", "MantisBoss"}
)

// Mask is the value with the named bits set: the names Names gives,
// "bit N" included.
func (s FlagSet) Mask(names []string) (uint32, error) {
	var v uint32
	for _, name := range names {
		bit := slices.Index(s, name)
		if n, ok := strings.CutPrefix(name, "bit "); ok && bit < 0 {
			if b, err := strconv.Atoi(n); err == nil && b >= 0 && b < 32 {
				bit = b
			}
		}
		if bit < 0 {
			return 0, fmt.Errorf("no flag named %q", name)
		}
		v |= 1 << bit
	}
	return v, nil
}
