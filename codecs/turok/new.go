package turok

// Defaults of a new map.
const (
	newMapCells      = 4   // the terrain is newMapCells x newMapCells squares
	newMapCellSize   = 256 // world units per square
	newMapCeiling    = 512 // ceiling height above the floor
	playerStartType  = 0   // the actor type of the player's start
	defaultSkyMatter = "skies/skyMaterials/sky_brown"
)

// NewMap returns a small valid map: a flat square terrain of triangular
// sectors in one sector set, one empty grid section over it, a player
// start actor in the middle, no static meshes and no visibility tables.
// It is written with the Kex editor's 18-byte sectors.
func NewMap() *Map { return NewTerrain(newMapCells, newMapCellSize) }

// NewTerrain returns a map like NewMap's over a terrain of cells x cells
// squares of cellSize units, each two sectors: 2*cells*cells sectors,
// which must stay below NoLink.
func NewTerrain(cells int, cellSize float32) *Map {
	m := &Map{
		Version:      1,
		SunDirection: Vec3{0.3, -0.5, 0.8},
		SunColor:     [4]float32{1, 1, 1, 1},
		AmbientColor: [4]float32{0.25, 0.25, 0.25, 1},
		SkyMaterial:  defaultSkyMatter,
		Dialect:      Dialect{LongSectors: true},
		SectorSets: []SectorSet{{FogColor: [4]uint8{40, 40, 60, 255}, WaterColor: [4]uint8{0, 80, 160, 200},
			FogZFar: 4096, WaterZFar: 2048, SkyHeight: 1024, BlendLength: 64, CullBits: 255}},
	}
	n := cells
	for y := range n + 1 {
		for x := range n + 1 {
			m.Vertices = append(m.Vertices, Vertex{Position: Vec3{float32(x) * cellSize, float32(y) * cellSize, 0}, Height: newMapCeiling})
		}
	}
	for y := range n {
		for x := range n {
			a := uint16(y*(n+1) + x) // the square's corners, counterclockwise from (x, y)
			b, c, d := a+1, a+uint16(n)+2, a+uint16(n)+1
			m.Sectors = append(m.Sectors, Sector{Vertices: [3]uint16{a, b, c}}, Sector{Vertices: [3]uint16{a, c, d}})
		}
	}
	for i, links := range m.EdgeLinks() {
		m.Sectors[i].Links = links
	}
	size := float32(n) * cellSize
	m.GridWidth, m.GridHeight = 1, 1
	m.GridMin, m.GridMax = []XY{{0, 0}}, []XY{{size, size}}
	m.Sections = []Section{{}}
	start := Actor{Type: playerStartType, Origin: Vec3{size / 2, size / 2, 0}, Scale: Vec3{1, 1, 1},
		BoundsMin: Vec3{size/2 - 20, size/2 - 20, 0}, BoundsMax: Vec3{size/2 + 20, size/2 + 20, 80},
		SpeciesMask: 255, Health: 100, TargetTID: -1, Variant: -1}
	start.Sector = int32(m.Locator().SectorAt(start.Origin))
	m.Actors = []Actor{start}
	return m
}
