// Package marathon is the typed model of Marathon map entries: every map
// chunk of a wad entry decoded into records that encode back to the same
// bytes. Unknown tags and physics chunks stay raw, in their order.
package marathon

import (
	"strconv"
	"strings"
)

// None is the "no index" value of optional 16-bit indexes.
const None = 0xFFFF

// Point is a map position in world units (1024 per world unit).
type Point struct{ X, Y int16 }

// InWU writes p in world units (1024 steps each), as the editor shows
// positions: "(1.5, -2) WU", to the thousandth.
func (p Point) InWU() string { return "(" + WU(p.X) + ", " + WU(p.Y) + ") WU" }

// SurfaceTextures calls visit with the texture of every surface of l:
// the floors and ceilings of its polygons, then the primary, secondary
// and transparent textures of its sides (None included).
func (l *Level) SurfaceTextures(visit func(d uint16)) {
	for _, p := range l.Polygons {
		visit(p.FloorTexture)
		visit(p.CeilingTexture)
	}
	for _, s := range l.Sides {
		visit(s.Primary.Texture)
		visit(s.Secondary.Texture)
		visit(s.Transparent.Texture)
	}
}

// WU writes v, in steps, as world units to the thousandth, trailing
// zeros dropped: 1536 is "1.5".
func WU(v int16) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(float64(v)/1024, 'f', 3, 64), "0"), ".")
}

// Endpoint is an EPNT record: a point with its derived flags, heights and
// supporting polygon.
type Endpoint struct {
	Flags            uint16
	HighestFloor     int16
	LowestCeiling    int16
	Position         Point
	TransformedSpare Point // the engine's transformed position; zero in files
	SupportPolygon   int16
}

// Line is a LINS record.
type Line struct {
	Endpoints                [2]uint16
	Flags                    uint16
	Length                   int16
	HighestFloor, LowestCeil int16
	ClockwiseSide, CCWSide   uint16
	ClockwisePoly, CCWPoly   uint16
	Unused                   [12]byte
}

// SideTexture is a texture and its offset on a side.
type SideTexture struct {
	X, Y    int16
	Texture uint16
}

// Side is a SIDS record. AmbientDelta comes first here, unlike in the
// file, so that the struct has no padding.
type Side struct {
	AmbientDelta                    int32
	Type, Flags                     uint16
	Primary, Secondary, Transparent SideTexture
	ExclusionZone                   [4]Point
	ControlPanelType                int16
	ControlPanelPermutation         int16
	PrimaryTransfer                 int16
	SecondaryTransfer               int16
	TransparentTransfer             int16
	Polygon, Line                   int16
	PrimaryLight                    int16
	SecondaryLight                  int16
	TransparentLight                int16
	Unused                          [2]byte
}

// Polygon is a POLY record (128 bytes in every generation; Marathon 1's
// types differ, its later fields are unused).
type Polygon struct {
	Type, Flags         uint16
	Permutation         int16
	VertexCount         uint16
	Endpoints           [8]uint16
	Lines               [8]uint16
	FloorTexture        uint16
	CeilingTexture      uint16
	FloorHeight         int16
	CeilingHeight       int16
	FloorLight          int16
	CeilingLight        int16
	Area                int32
	FirstObject         int16
	FirstExclusionZone  int16
	LineExclusionZones  int16
	PointExclusionZones int16
	FloorTransfer       int16
	CeilingTransfer     int16
	Adjacent            [8]uint16
	FirstNeighbor       int16
	NeighborCount       int16
	Center              Point
	Sides               [8]uint16
	FloorOrigin         Point
	CeilingOrigin       Point
	Media               int16
	MediaLight          int16
	SoundSourceIndexes  int16
	AmbientSound        int16
	RandomSound         int16
	Unused              [2]byte
}

// Object is an OBJS record: a map object placement.
type Object struct {
	Type, Index int16
	Facing      int16
	Polygon     int16
	X, Y, Z     int16
	Flags       uint16
}

// Note is a NOTE record: a map annotation.
type Note struct {
	Type     int16
	Location Point
	Polygon  int16
	Text     [64]byte
}

// MapInfo is the Minf record.
type MapInfo struct {
	Environment  int16
	Physics      int16
	Landscape    int16 // or the music, in Marathon 1
	MissionFlags uint16
	EnvFlags     uint16
	Unused       [8]byte
	Name         [66]byte // raw bytes: a NUL may be followed by more
	EntryFlags   uint32
}

// Placement is a plac record: how many of an item or monster appear.
type Placement struct {
	Flags                                  uint16
	Initial, Minimum, Maximum, RandomCount int16
	RandomChance                           uint16
}

// StaticPlatform is a plat record.
type StaticPlatform struct {
	Type, Speed, Delay           int16
	MaximumHeight, MinimumHeight int16
	StaticFlags                  uint32
	Polygon                      int16
	Tag                          int16
	Unused                       [14]byte
}

// Platform is a PLAT record: a platform in its run-time form, as saved
// games and preprocessed maps carry it (140 bytes).
type Platform struct {
	Type                           int16
	StaticFlags                    uint32
	Speed, Delay                   int16
	MinimumFloor, MaximumFloor     int16
	MinimumCeiling, MaximumCeiling int16
	Polygon                        int16
	DynamicFlags                   uint16
	FloorHeight, CeilingHeight     int16
	TicksUntilRestart              int16
	EndpointOwners                 [8]EndpointOwners
	Parent                         int16
	Tag                            int16
	Unused                         [44]byte
}

// EndpointOwners are the polygons and lines that share one of a platform
// polygon's endpoints, as ranges of the iidx array.
type EndpointOwners struct {
	FirstPolygon, PolygonCount int16
	FirstLine, LineCount       int16
}

// Media is a medi record: a liquid.
type Media struct {
	Type, Flags      uint16
	LightIndex       int16
	CurrentDirection int16
	CurrentMagnitude int16
	Low, High        int16
	Origin           Point
	Height           int16
	MinimumLight     int32
	Texture          uint16
	TransferMode     int16
	Unused           [4]byte
}

// AmbientSound is an ambi record.
type AmbientSound struct {
	Flags  uint16
	Index  int16
	Volume int16
	Unused [10]byte
}

// RandomSound is a bonk record.
type RandomSound struct {
	Flags                     uint16
	Index                     int16
	Volume, DeltaVolume       int16
	Period, DeltaPeriod       int16
	Direction, DeltaDirection int16
	Pitch, DeltaPitch         int32
	Phase                     int16
	Unused                    [6]byte
}

// LightFunction is one of a light's six intensity functions.
type LightFunction struct {
	Function                  int16
	Period, DeltaPeriod       int16
	Intensity, DeltaIntensity int32
}

// Light is a LITE record of Marathon 2 and later (100 bytes).
type Light struct {
	Type, Flags uint16
	Phase       int16
	Functions   [6]LightFunction // primary, secondary, becoming active; the same inactive
	Tag         int16
	Unused      [8]byte
}

// OldLight is a Marathon 1 LITE record (32 bytes).
type OldLight struct {
	Flags, Type, Mode uint16
	Phase             int16
	Minimum, Maximum  int32
	Period            int16
	Intensity         int32
	Unused            [10]byte
}
