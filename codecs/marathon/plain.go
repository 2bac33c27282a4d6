package marathon

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/wad"
)

// Plain reports whether the level is a plain map, which the engine
// preprocesses when it loads it: points rather than endpoints, platforms
// as static records, no map indexes.
func (l *Level) Plain() bool {
	return l.Endpoints == nil && l.RunPlatforms == nil && l.Exclusions == nil
}

// Side types whose primary texture a moving ceiling slides (map.h).
const (
	sideFull  = 0
	sideHigh  = 1
	sideSplit = 4
)

// MakePlain turns a preprocessed level into a plain one, as Aleph One's
// level export writes a level (build_export_wad in game_wad.cpp):
//   - the endpoints become plain points;
//   - each run-time platform becomes its static record (Static), and a
//     ceiling that is not where it starts has the textures it slides
//     moved back to the start (adjust_platform_sides), since the engine
//     builds the platform at its start;
//   - a line between two polygons whose elevation a platform varies is
//     written open (neither variable nor solid, transparent), as the
//     engine finds it before building the platforms; one on the edge of
//     the map (Marathon 1 maps mark some) only loses the variable flag
//     and stays a wall, where Aleph One's export would open it to the
//     void;
//   - polygons name no first object;
//   - the map indexes (iidx) go.
//
// The engine recomputes all of it when it loads the plain map.
func (l *Level) MakePlain() {
	for i := range l.RunPlatforms {
		p := &l.RunPlatforms[i]
		if p.StaticFlags&PlatformComesFromCeiling == 0 {
			continue
		}
		start := p.MaximumCeiling
		if p.StaticFlags&PlatformInitiallyExtended != 0 {
			start = p.MinimumCeiling
		}
		l.slidePlatformSides(p, start-p.CeilingHeight)
	}
	if l.RunPlatforms != nil {
		l.Platforms = make([]StaticPlatform, len(l.RunPlatforms))
		for i := range l.RunPlatforms {
			l.Platforms[i] = l.RunPlatforms[i].Static()
		}
	}
	if l.Endpoints != nil {
		l.Points = make([]Point, len(l.Endpoints))
		for i, e := range l.Endpoints {
			l.Points[i] = e.Position
		}
	}
	for i := range l.Lines {
		l.Lines[i].Flags = l.openedLine(i)
	}
	for i := range l.Polygons {
		l.Polygons[i].FirstObject = -1
	}
	l.Endpoints, l.RunPlatforms, l.Exclusions = nil, nil, nil
}

// openedLine is line i's flags as a plain map stores them (MakePlain).
func (l *Level) openedLine(i int) uint16 {
	line := &l.Lines[i]
	switch {
	case line.Flags&LineVariableElevation == 0:
		return line.Flags
	case line.ClockwisePoly == None || line.CCWPoly == None:
		return line.Flags &^ LineVariableElevation
	}
	return line.Flags&^(LineVariableElevation|LineSolid) | LineTransparent
}

// slidePlatformSides moves the textures of platform p's polygon's walls
// as its ceiling moves by delta: the face of the platform seen from each
// neighbour up, the shaft it slides against down (adjust_platform_sides).
func (l *Level) slidePlatformSides(p *Platform, delta int16) {
	poly := l.polygon(uint16(p.Polygon))
	if delta == 0 || p.Polygon < 0 || poly == nil {
		return
	}
	for k := range min(int(poly.VertexCount), 8) {
		if int(poly.Lines[k]) >= len(l.Lines) {
			continue
		}
		line := &l.Lines[poly.Lines[k]]
		if a := poly.Adjacent[k]; a != None {
			face := line.CCWSide
			if a == line.ClockwisePoly {
				face = line.ClockwiseSide
			}
			if s := l.side(face); s != nil && (s.Type == sideFull || s.Type == sideHigh || s.Type == sideSplit) {
				s.Primary.Y += delta
			}
		}
		if s := l.side(poly.Sides[k]); s != nil && (s.Type == sideFull || s.Type == sideHigh || s.Type == sideSplit) {
			s.Primary.Y -= delta
		}
	}
}

// runTimeChunks are the chunks of a preprocessed map or a saved game that
// hold run-time state, which a plain map leaves out (tags.h): besides the
// endpoints, the run-time platforms and the map indexes, the player,
// world, objects, automap, monsters, effects, projectiles, weapons,
// terminal and Lua states and the saved game's description.
var runTimeChunks = []string{"EPNT", "PLAT", "iidx", "plyr", "dwol", "mobj", "alin", "apol", "mOns", "fx  ", "bang",
	"cint", "slua", "SMET", "SIMG"}

// MakePlainFile turns every preprocessed level of a wad file into a plain
// one (MakePlain), in place: in each such entry the points take the
// endpoints' place, the static platforms the run-time ones', and the
// run-time chunks go; every other chunk stays as it is, embedded physics,
// scripts and patches included. A Marathon 1 file's "weap" chunk is its
// weapons' physics; in a later file it is saved weapon state and goes.
// It returns the indexes of the entries it converted: none when every
// level is plain already.
func MakePlainFile(f *wad.File) ([]int, error) {
	levels, err := DecodeFile(f)
	if err != nil {
		return nil, err
	}
	drop := runTimeChunks
	if f.Header.DataVersion != 0 {
		drop = append(slices.Clone(drop), "weap")
	}
	var converted []int
	for i, e := range f.Entries {
		l := levels[i]
		if len(l.Polygons) == 0 || l.Plain() {
			continue
		}
		l.MakePlain()
		e.ReplaceChunk("EPNT", "PNTS", encodeRecords[Point](l.Points, 4))
		if l.Platforms != nil {
			e.ReplaceChunk("PLAT", "plat", encodeRecords[StaticPlatform](l.Platforms, 32))
		}
		for _, tag := range drop {
			e.RemoveChunk(tag)
		}
		l.Encode(e)
		converted = append(converted, i)
	}
	return converted, nil
}
