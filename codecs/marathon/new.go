package marathon

import (
	"encoding/binary"

	"github.com/levelwright/levelwright/codecs/wad"
)

// Values new maps use.
const (
	worldOne       = 1024 // one world unit
	fixedOne       = 0x10000
	wallTexture    = 0x1105 // a wall of the water environment's collection
	floorTexture   = 0x1109
	ceilingTexture = 0x1110
	playerObject   = 3 // the map object type of a player start
	soloEntry      = 0x01
)

// NewLevel returns a small Marathon 2 level: two 2x2 world-unit rooms
// side by side, sharing an open line, walled with textured sides, lit by
// one light, with a player start in the first room. Its derived data is
// filled with the engine's formulas; its points are PNTS, so the engine
// recomputes the rest when it loads the map.
func NewLevel(name string) *Level {
	const w = 2 * worldOne
	l := &Level{Points: []Point{{0, 0}, {w, 0}, {2 * w, 0}, {2 * w, w}, {w, w}, {0, w}}}
	// Each polygon lists its endpoints clockwise (y grows southwards) and,
	// at the same place, the line leaving that endpoint.
	rooms := [2][4]uint16{{0, 1, 4, 5}, {1, 2, 3, 4}}
	lineIndex := map[[2]uint16]int{}
	for pi, room := range rooms {
		p := Polygon{VertexCount: 4, FloorTexture: floorTexture, CeilingTexture: ceilingTexture, CeilingHeight: worldOne,
			FirstObject: -1, Media: -1, MediaLight: 0, SoundSourceIndexes: -1, AmbientSound: -1, RandomSound: -1}
		for i := range p.Endpoints {
			p.Endpoints[i], p.Lines[i], p.Adjacent[i], p.Sides[i] = None, None, None, None
		}
		for v, a := range room {
			b := room[(v+1)%4]
			p.Endpoints[v] = a
			if li, ok := lineIndex[[2]uint16{b, a}]; ok { // the shared line, seen from the other room
				p.Lines[v] = uint16(li)
				l.Lines[li].CCWPoly = uint16(pi)
				continue
			}
			lineIndex[[2]uint16{a, b}] = len(l.Lines)
			p.Lines[v] = uint16(len(l.Lines))
			l.Lines = append(l.Lines, Line{Endpoints: [2]uint16{a, b}, ClockwisePoly: uint16(pi), CCWPoly: None,
				ClockwiseSide: None, CCWSide: None})
		}
		l.Polygons = append(l.Polygons, p)
	}
	for i := range l.Lines {
		line := &l.Lines[i]
		if line.CCWPoly != None {
			line.Flags = LineTransparent
			continue
		}
		line.Flags = LineSolid
		line.ClockwiseSide = uint16(len(l.Sides))
		l.Sides = append(l.Sides, Side{Primary: SideTexture{Texture: wallTexture}, Secondary: SideTexture{Texture: None},
			Transparent: SideTexture{Texture: None}, ControlPanelType: -1, ControlPanelPermutation: -1,
			Polygon: int16(line.ClockwisePoly), Line: int16(i)})
	}
	l.fillDerived()
	l.Lights = []Light{{Functions: [6]LightFunction{{Period: 1, Intensity: fixedOne}, {Period: 1, Intensity: fixedOne},
		{Period: 1, Intensity: fixedOne}, {Period: 1, Intensity: fixedOne}, {Period: 1, Intensity: fixedOne}, {Period: 1, Intensity: fixedOne}}}}
	start := l.Polygons[0].Center
	l.Objects = []Object{{Type: playerObject, Polygon: 0, X: start.X, Y: start.Y}}
	info := MapInfo{Physics: 1, EntryFlags: soloEntry}
	copy(info.Name[:], name)
	l.Info = []MapInfo{info}
	l.Placements = make([]Placement, 2*64)
	return l
}

// fillDerived sets every line's and polygon's derived fields.
func (l *Level) fillDerived() {
	for i := range l.Lines {
		l.UpdateLine(i)
	}
	for i := range l.Polygons {
		l.UpdatePolygon(i)
	}
}

// newMapChunks are the chunks of a new map, in the order written.
var newMapChunks = []string{"Minf", "PNTS", "LINS", "SIDS", "POLY", "LITE", "OBJS", "plac"}

// NewFile returns a Marathon 2 map file (wad version 2) holding NewLevel.
func NewFile(name string) *wad.File {
	f := wad.New(2, 1, name)
	e, _ := NewLevelEntry(f, 0, name)
	f.SetEntries([]*wad.Entry{e})
	return f
}

// NewLevelEntry returns a new entry of f, for SetEntries to list, holding
// NewLevel(name) and its directory record, and the level.
func NewLevelEntry(f *wad.File, index uint16, name string) (*wad.Entry, *Level) {
	e := f.NewEntry(index)
	l := NewLevel(name)
	for _, tag := range newMapChunks {
		data, _ := l.EncodeChunk(tag)
		e.SetChunk(tag, data)
	}
	e.AppData = l.DirectoryData(e.AppData)
	return e, l
}

// DirectoryDataSize is the size of the record that Marathon Infinity's
// map files keep after each directory entry (the header's AppDataSize):
// the level's mission, environment and entry point flags and its name,
// by which the engine lists the levels without loading them.
const DirectoryDataSize = 74

// DirectoryData is l's directory record, from its map info, to replace
// old, an entry's application data, when the file keeps records of that
// size; else old.
func (l *Level) DirectoryData(old []byte) []byte {
	if len(old) != DirectoryDataSize || len(l.Info) == 0 {
		return old
	}
	info := l.Info[0]
	d := make([]byte, DirectoryDataSize)
	binary.BigEndian.PutUint16(d, info.MissionFlags)
	binary.BigEndian.PutUint16(d[2:], info.EnvFlags)
	binary.BigEndian.PutUint32(d[4:], info.EntryFlags)
	copy(d[8:], info.Name[:])
	return d
}
