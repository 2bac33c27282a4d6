package marathon

import (
	"fmt"
	"math"
	"slices"
)

// The engine's limits, as Aleph One defines them (map.h, lightsource.h,
// media.h, platforms.h, monsters.h, items.h, scenery_definitions.h,
// SoundManagerEnums.h, shape_descriptors.h).
const (
	// MaxRecords is the most records of a kind a level can hold: the
	// engine loads every count into a 16-bit signed integer and indexes
	// records with one.
	MaxRecords = math.MaxInt16

	PolygonTypes      = 24 // normal ... superglue
	LightFunctions    = 6  // constant, linear, smooth, flicker, random, fluorescent
	MediaTypes        = 5  // water, lava, goo, sewage, Jjaro
	PlatformTypes     = 9  // S'pht door ... Pfhor platform
	ObjectTypes       = 6  // monster, scenery, item, player, goal, sound source
	MonsterTypes      = 47 // the monster definitions
	ItemTypes         = 36 // the item definitions
	SceneryTypes      = 61 // the scenery definitions
	AmbientSoundTypes = 28 // the ambient sound definitions
	RandomSoundTypes  = 5  // the random sound definitions
	Collections       = 32 // shape collections; a descriptor's collection byte must name one

	// MaxTerminalBytes is the most bytes one terminal can take in a term
	// chunk: its length is stored in 16 bits.
	MaxTerminalBytes = math.MaxUint16
)

// Polygon types whose permutation names another entity.
const (
	polygonLightOnTrigger     = 6
	polygonPlatformOnTrigger  = 7
	polygonLightOffTrigger    = 8
	polygonPlatformOffTrigger = 9
	// polygonTeleporter's permutation is the polygon it teleports to, or
	// -1-n for level n of the file (the same type in Marathon 1).
	polygonTeleporter = 10
)

// TeleporterProblems reports the teleporters of the level, level of its
// file, that lead to a level the file lacks (levels lists the file's
// levels): the engine finds no level to go to.
func (l *Level) TeleporterProblems(level int, levels []int) []Problem {
	var out []Problem
	for i, p := range l.Polygons {
		if p.Type != polygonTeleporter || p.Permutation >= 0 || slices.Contains(levels, -1-int(p.Permutation)) {
			continue
		}
		r := &refs{level: level, kind: "polygon", index: i}
		r.warnf("teleporter-aimed-at-nothing", "it is a teleporter to level %d, which the file lacks (it has %d levels)", -1-int(p.Permutation), len(levels))
		out = append(out, r.out...)
	}
	return out
}

// ValidTexture reports whether shape descriptor d is "none" or names a
// shape of a collection the engine loads (its collection byte, colour
// table bits included, below Collections).
func ValidTexture(d uint16) bool { return d == None || d>>8 < Collections }

// refs collects a record's problems.
type refs struct {
	level int
	kind  string
	index int
	out   []Problem
}

func (r *refs) errorf(code, format string, args ...any) {
	r.out = append(r.out, Problem{Severity: "error", Level: r.level, Kind: r.kind, Index: r.index, Code: code,
		Message: fmt.Sprintf("%s %d: ", r.kind, r.index) + fmt.Sprintf(format, args...)})
}

func (r *refs) warnf(code, format string, args ...any) {
	r.out = append(r.out, Problem{Severity: "warning", Level: r.level, Kind: r.kind, Index: r.index, Code: code,
		Message: fmt.Sprintf("%s %d: ", r.kind, r.index) + fmt.Sprintf(format, args...)})
}

// ref reports field's value v when it is not an index below n (or -1,
// when none is allowed).
func (r *refs) ref(code, field string, v int, n int, noneOK bool, of string) {
	if noneOK && v == -1 || v >= 0 && v < n {
		return
	}
	r.errorf(code, "%s %d is not %s (%s)", field, v, of, validRange(n, noneOK))
}

func (r *refs) texture(field string, d uint16) {
	if !ValidTexture(d) {
		r.errorf("texture-collection", "%s 0x%04X names collection %d, which is not a shape collection (0 to %d, or 65535 for none)",
			field, d, d>>8, Collections-1)
	}
}

// validRange describes indexes below n, with -1 for none when noneOK.
func validRange(n int, noneOK bool) string {
	s := fmt.Sprintf("0 to %d", n-1)
	if n == 0 {
		s = "the level has none"
	}
	if noneOK {
		s += ", or -1 for none"
	}
	return s
}

// LightCount is the number of lights of either generation.
func (l *Level) LightCount() int { return len(l.Lights) + len(l.OldLights) }

// RecordProblems reports the references and values of record i of kind
// (see recordKinds) that the engine would crash on or could not store.
func (l *Level) RecordProblems(level int, kind string, i int) []Problem {
	r := &refs{level: level, kind: kind, index: i}
	switch kind {
	case "polygon":
		l.polygonRefs(r, &l.Polygons[i])
	case "line":
		l.lineRefs(r, &l.Lines[i])
	case "side":
		l.sideRefs(r, &l.Sides[i])
	case "object":
		objectRefs(r, &l.Objects[i])
	case "light":
		if l.Lights != nil {
			for k, f := range l.Lights[i].Functions {
				r.ref("light-function", fmt.Sprintf("Functions[%d].Function", k), int(f.Function), LightFunctions, false, "a lighting function")
			}
		}
	case "liquid":
		m := &l.Media[i]
		r.ref("liquid-type", "Type", int(m.Type), MediaTypes, false, "a liquid type")
		r.ref("light-out-of-range", "LightIndex", int(m.LightIndex), l.LightCount(), false, "a light")
		r.texture("Texture", m.Texture)
	case "ambient-sound":
		r.ref("sound-type", "Index", int(l.Ambient[i].Index), AmbientSoundTypes, true, "an ambient sound")
	case "random-sound":
		r.ref("sound-type", "Index", int(l.Random[i].Index), RandomSoundTypes, true, "a random sound")
	case "platform":
		p := &l.Platforms[i]
		l.platformRefs(r, p.Type, p.Polygon)
	case "run-platform":
		r.kind = "platform"
		p := &l.RunPlatforms[i]
		l.platformRefs(r, p.Type, p.Polygon)
	case "info":
		infoRefs(r, &l.Info[i])
	case "placement":
		placementRefs(r, &l.Placements[i])
	case "terminal":
		if n := l.Terminals[i].EncodedSize(); n > MaxTerminalBytes {
			r.errorf("terminal-too-long", "its groups, faces and text take %d bytes, at most %d fit", n, MaxTerminalBytes)
		}
		l.terminalRefs(r, &l.Terminals[i])
	}
	return r.out
}

func (l *Level) platformRefs(r *refs, typ, polygon int16) {
	r.ref("platform-type", "Type", int(typ), PlatformTypes, false, "a platform type")
	r.ref("polygon-out-of-range", "Polygon", int(polygon), len(l.Polygons), false, "a polygon")
}

func (l *Level) polygonRefs(r *refs, p *Polygon) {
	lights := l.LightCount()
	r.ref("polygon-type", "Type", int(p.Type), PolygonTypes, false, "a polygon type")
	r.ref("light-out-of-range", "FloorLight", int(p.FloorLight), lights, false, "a light")
	r.ref("light-out-of-range", "CeilingLight", int(p.CeilingLight), lights, false, "a light")
	r.texture("FloorTexture", p.FloorTexture)
	r.texture("CeilingTexture", p.CeilingTexture)
	if p.FloorHeight > p.CeilingHeight && p.Type != PolygonPlatform { // a platform sets its polygon's heights
		r.errorf("floor-above-ceiling", "FloorHeight %d is above CeilingHeight %d", p.FloorHeight, p.CeilingHeight)
	}
	if p.Type == polygonTeleporter && p.Permutation >= 0 && int(p.Permutation) >= len(l.Polygons) {
		r.errorf("teleporter-aimed-at-nothing", "it is a teleporter to polygon %d, which the level lacks (%s)", p.Permutation, validRange(len(l.Polygons), false))
	}
	if l.marathon1 {
		return // Marathon 1 polygons have no liquids or sounds: the engine ignores those fields
	}
	r.ref("liquid-out-of-range", "Media", int(p.Media), len(l.Media), true, "a liquid")
	if p.Media != -1 {
		r.ref("light-out-of-range", "MediaLight", int(p.MediaLight), lights, false, "a light")
	}
	r.ref("sound-out-of-range", "AmbientSound", int(p.AmbientSound), len(l.Ambient), true, "an ambient sound")
	r.ref("sound-out-of-range", "RandomSound", int(p.RandomSound), len(l.Random), true, "a random sound")
	switch p.Type {
	case polygonLightOnTrigger, polygonLightOffTrigger:
		r.ref("light-out-of-range", "Permutation", int(p.Permutation), lights, false, "a light")
	case polygonPlatformOnTrigger, polygonPlatformOffTrigger:
		r.ref("polygon-out-of-range", "Permutation", int(p.Permutation), len(l.Polygons), false, "a polygon")
	case PolygonPlatform:
		if !l.PlatformRecordOf(r.index) {
			r.errorf("platform-without-record", "it is a platform, but no platform record names it; the engine makes platforms from their records (new_platform), so it has none and reads another's (permutation %d)", p.Permutation)
		}
	}
}

// Static platform flags the checks and the editor use (PlatformFlagNames).
const (
	PlatformInitiallyActive        = 1 << 0
	PlatformInitiallyExtended      = 1 << 1
	PlatformDeactivatesAtEachLevel = 1 << 2
	PlatformExtendsFloorToCeiling  = 1 << 5
	PlatformComesFromFloor         = 1 << 6
	PlatformComesFromCeiling       = 1 << 7
	PlatformPlayerControllable     = 1 << 13
	PlatformMonsterControllable    = 1 << 14
	PlatformReversesWhenObstructed = 1 << 15
	PlatformUsesNativeHeights      = 1 << 17
	PlatformIsDoor                 = 1 << 26
)

// ClosingPlatform is the static record of polygon pi (platformOf) when
// it is a platform that closes floor to ceiling (a door); ok is false
// otherwise.
func (l *Level) ClosingPlatform(pi int) (p StaticPlatform, ok bool) {
	if l.Polygons[pi].Type != PolygonPlatform {
		return p, false
	}
	p, ok = l.platformOf(pi)
	return p, ok && p.StaticFlags&(PlatformExtendsFloorToCeiling|PlatformIsDoor) != 0
}

// PlatformRecordOf reports whether a platform record of the level, static
// or running, is polygon pi's.
func (l *Level) PlatformRecordOf(pi int) bool {
	_, ok := l.platformOf(pi)
	return ok
}

// platformOf is the static record of polygon pi's platform: a static
// one, else a preprocessed map's run-time one as static.
func (l *Level) platformOf(pi int) (StaticPlatform, bool) {
	for _, p := range l.Platforms {
		if int(p.Polygon) == pi {
			return p, true
		}
	}
	for i := range l.RunPlatforms {
		if int(l.RunPlatforms[i].Polygon) == pi {
			return l.RunPlatforms[i].Static(), true
		}
	}
	return StaticPlatform{}, false
}

func (l *Level) lineRefs(r *refs, line *Line) {
	if line.Flags&LineSolid == 0 && (line.ClockwisePoly == None || line.CCWPoly == None) {
		r.errorf("open-to-void", "it is not solid but has no polygon on one side (Flags 0x%04X, polygons %d and %d); a line on the edge of the map must be solid",
			line.Flags, int16(line.ClockwisePoly), int16(line.CCWPoly))
	}
	// A door (a platform that closes floor to ceiling) shows its face to
	// the polygons beside it whenever it is closed; the engine draws the
	// face only where it has a side.
	for face, owner := range [2]uint16{line.ClockwisePoly, line.CCWPoly} {
		other, side := [2]uint16{line.CCWPoly, line.ClockwisePoly}[face], [2]uint16{line.ClockwiseSide, line.CCWSide}[face]
		if !l.marathon1 && int(owner) < len(l.Polygons) && int(other) < len(l.Polygons) && side == None &&
			l.Polygons[owner].Type != PolygonPlatform {
			if _, closes := l.ClosingPlatform(int(other)); !closes {
				continue
			}
			r.warnf("platform-face-without-side", "polygon %d's face toward platform polygon %d has no side: the engine draws the platform see-through from there", owner, other)
		}
	}
}

func (l *Level) sideRefs(r *refs, s *Side) {
	lights := l.LightCount()
	r.texture("Primary.Texture", s.Primary.Texture)
	r.texture("Secondary.Texture", s.Secondary.Texture)
	r.texture("Transparent.Texture", s.Transparent.Texture)
	r.ref("light-out-of-range", "PrimaryLight", int(s.PrimaryLight), lights, false, "a light")
	r.ref("light-out-of-range", "SecondaryLight", int(s.SecondaryLight), lights, false, "a light")
	r.ref("light-out-of-range", "TransparentLight", int(s.TransparentLight), lights, false, "a light")
	// A switch aimed at nothing does nothing when used: a warning, so that
	// a switch can be made before its target is chosen.
	target := int(s.ControlPanelPermutation)
	switch class, _ := ControlPanel(*s); {
	case s.Flags&SideControlPanel == 0:
	case (class == PanelLightSwitch || class == PanelPlatformSwitch) && target == -1:
		r.warnf("panel-aimed-at-nothing", "its switch has no target (ControlPanelPermutation -1): using it does nothing")
	case class == PanelLightSwitch:
		r.ref("panel-target", "ControlPanelPermutation", target, lights, false, "a light")
	case class == PanelPlatformSwitch:
		r.ref("panel-target", "ControlPanelPermutation", target, len(l.Polygons), false, "a polygon")
		if target >= 0 && target < len(l.Polygons) && l.Polygons[target].Type != PolygonPlatform {
			r.warnf("panel-target-not-platform", "its platform switch targets polygon %d, which is no platform: using it does nothing", target)
		}
	}
}

func objectRefs(r *refs, o *Object) {
	var n int
	var of string
	switch o.Type {
	case ObjectMonster:
		n, of = MonsterTypes, "a monster type"
	case ObjectScenery:
		n, of = SceneryTypes, "a scenery type"
	case ObjectItem:
		n, of = ItemTypes, "an item type"
	case ObjectSound:
		n, of = AmbientSoundTypes, "an ambient sound"
	case ObjectPlayer, ObjectGoal:
		return // a team bit field, a goal number: any value
	default:
		r.ref("object-type", "Type", int(o.Type), ObjectTypes, false, "an object type")
		return
	}
	r.ref("object-index", "Index", int(o.Index), n, false, of)
}

// CountProblems reports tables with more records than the engine loads.
func (l *Level) CountProblems(level int) []Problem {
	var out []Problem
	for _, c := range []struct {
		kind string
		n    int
	}{{"endpoint", len(l.Endpoints) + len(l.Points)}, {"line", len(l.Lines)}, {"side", len(l.Sides)},
		{"polygon", len(l.Polygons)}, {"object", len(l.Objects)}, {"light", l.LightCount()}, {"annotation", len(l.Notes)},
		{"platform", len(l.Platforms) + len(l.RunPlatforms)}, {"liquid", len(l.Media)}, {"ambient-sound", len(l.Ambient)},
		{"random-sound", len(l.Random)}, {"terminal", len(l.Terminals)}, {"map-index", len(l.Exclusions)}} {
		if c.n > MaxRecords {
			out = append(out, Problem{Severity: "error", Level: level, Kind: c.kind, Index: MaxRecords, Code: "too-many-records",
				Message: fmt.Sprintf("the level has %d %ss, the engine loads at most %d", c.n, c.kind, MaxRecords)})
		}
	}
	return out
}

// recordKinds are the kinds RecordProblems checks, with their counts:
// "run-platform" is a platform of a preprocessed map (PLAT).
func (l *Level) recordKinds() []struct {
	kind string
	n    int
} {
	return []struct {
		kind string
		n    int
	}{{"polygon", len(l.Polygons)}, {"line", len(l.Lines)}, {"side", len(l.Sides)}, {"object", len(l.Objects)},
		{"light", len(l.Lights)}, {"liquid", len(l.Media)}, {"ambient-sound", len(l.Ambient)},
		{"random-sound", len(l.Random)}, {"platform", len(l.Platforms)}, {"run-platform", len(l.RunPlatforms)},
		{"terminal", len(l.Terminals)}, {"info", len(l.Info)}, {"placement", len(l.Placements)}}
}

// ReferenceProblems reports, for every record, the references and
// values that the engine would crash on or could not store, and the
// tables with more records than it loads (CountProblems).
func (l *Level) ReferenceProblems(level int) []Problem {
	out := l.CountProblems(level)
	for _, k := range l.recordKinds() {
		for i := range k.n {
			out = append(out, l.RecordProblems(level, k.kind, i)...)
		}
	}
	return out
}
