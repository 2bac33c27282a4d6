package marathon

import "github.com/levelwright/levelwright/document"

// ExportSchema says which fields of the export name entities of other
// lists (a line's endpoints, sides and polygons; a polygon's lines,
// neighbours, lights, liquid and sounds), so that a diff pairs entities
// across a deletion that renumbers them, and which the engine derives
// from the geometry (offsets into the map indexes, areas, centres, line
// lengths and heights, exclusion zones), which a diff leaves out: a map
// saved plain stores them as 0, and an edit that derives them anew is
// not a change of the user's. A polygon's permutation names an entity
// only for some types, so it is compared as a number.
func (d doc) ExportSchema() document.ExportSchema {
	lights := "lights"
	if d.d.GameVersion() == Marathon1 {
		lights = "old_lights"
	}
	return document.ExportSchema{
		References: map[string]map[string]string{
			"lines": {"Endpoints": "endpoints", "ClockwiseSide": "sides", "CCWSide": "sides",
				"ClockwisePoly": "polygons", "CCWPoly": "polygons"},
			"sides": {"Polygon": "polygons", "Line": "lines",
				"PrimaryLight": lights, "SecondaryLight": lights, "TransparentLight": lights},
			"polygons": {"Endpoints": "endpoints", "Lines": "lines", "Sides": "sides", "Adjacent": "polygons",
				"FloorLight": lights, "CeilingLight": lights, "MediaLight": lights, "Media": "liquids",
				"AmbientSound": "ambient_sounds", "RandomSound": "random_sounds", "FirstObject": "objects"},
			"objects":     {"Polygon": "polygons"},
			"annotations": {"Polygon": "polygons"},
			"platforms":   {"Polygon": "polygons"},
			"liquids":     {"LightIndex": lights},
		},
		Derived: map[string][]string{
			"polygons": {"FirstExclusionZone", "FirstNeighbor", "SoundSourceIndexes", "LineExclusionZones", "PointExclusionZones",
				"NeighborCount", "Area", "Center"},
			"lines": {"Length", "HighestFloor", "LowestCeil"},
			"sides": {"ExclusionZone"},
		},
	}
}
