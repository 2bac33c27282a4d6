package marathon

import (
	"fmt"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
)

// marathonPolygonTypes names the polygon types of Marathon 2 and later.
var marathonPolygonTypes = []string{"normal", "item impassable", "monster impassable", "hill", "base", "platform",
	"light on trigger", "platform on trigger", "light off trigger", "platform off trigger", "teleporter",
	"zone border", "goal", "visible monster trigger", "invisible monster trigger", "dual monster trigger",
	"item trigger", "must be explored", "automatic exit", "minor ouch", "major ouch", "glue", "glue trigger",
	"superglue"}

// marathonLineFlags names the line flags the user sets; the others
// (landscape, elevation, variable elevation, has transparent side)
// follow the geometry and the platforms, as the engine computes them.
var marathonLineFlags = []string{13: "transparent", 14: "solid"}

var marathonObjectFlags = []string{"invisible (or platform sound)", "hanging from ceiling", "blind", "deaf", "floats",
	"network only"}

// polygonSpecs hides the fields the editor derives from the geometry.
func polygonSpecs(m1 bool) inspect.Specs {
	s := inspect.Specs{}
	for _, f := range []string{"VertexCount", "Area", "FirstObject", "FirstExclusionZone", "LineExclusionZones",
		"PointExclusionZones", "FirstNeighbor", "NeighborCount", "Center.X", "Center.Y", "SoundSourceIndexes"} {
		s[f] = inspect.FieldSpec{Hidden: true}
	}
	for i := range 8 {
		for _, f := range []string{"Endpoints", "Lines", "Adjacent", "Sides"} {
			s[fmt.Sprintf("%s[%d]", f, i)] = inspect.FieldSpec{Hidden: true}
		}
	}
	if !m1 {
		s["Type"] = inspect.FieldSpec{Choices: marathonPolygonTypes}
	}
	return s
}

var lineSpecs = inspect.Specs{
	"Endpoints[0]": {ReadOnly: true}, "Endpoints[1]": {ReadOnly: true}, "Length": {ReadOnly: true},
	"HighestFloor": {ReadOnly: true}, "LowestCeil": {ReadOnly: true}, "ClockwiseSide": {ReadOnly: true},
	"CCWSide": {ReadOnly: true}, "ClockwisePoly": {ReadOnly: true}, "CCWPoly": {ReadOnly: true},
	"Flags": {Flags: marathonLineFlags},
}

var sideSpecs = func() inspect.Specs {
	s := inspect.Specs{"Polygon": {ReadOnly: true}, "Line": {ReadOnly: true}}
	for i := range 4 {
		s[fmt.Sprintf("ExclusionZone[%d].X", i)] = inspect.FieldSpec{Hidden: true}
		s[fmt.Sprintf("ExclusionZone[%d].Y", i)] = inspect.FieldSpec{Hidden: true}
	}
	return s
}()

var objectSpecs = inspect.Specs{"Type": {Choices: marathonObjectTypes}, "Polygon": {ReadOnly: true}, "Flags": {Flags: marathonObjectFlags}}

// Inspect is the inspector's sections for the selected entities of kind.
func (f *session) Inspect(h game.Host, kind document.Kind, indexes []int) []inspect.Section {
	level := h.Level()
	l := f.d.Levels[level]
	var out []inspect.Section
	switch kind {
	case mdoc.KindPolygon:
		out = append(out, inspect.Section{Title: inspect.Title(kind, indexes), Fields: inspect.RecordFields(inspect.Pick(l.Polygons, indexes), polygonSpecs(l.Marathon1()),
			func(u func(*mcodec.Polygon)) error { return f.d.EditPolygons(level, indexes, u) })})
		if ps := inspect.Pick(l.Polygons, indexes); len(ps) == 1 && len(indexes) == 1 {
			out = append(out, f.polygonParts(level, ps[0], indexes[0])...)
		}
	case mdoc.KindLine:
		out = append(out, inspect.Section{Title: inspect.Title(kind, indexes), Fields: inspect.RecordFields(inspect.Pick(l.Lines, indexes), lineSpecs,
			func(u func(*mcodec.Line)) error { return f.d.EditLines(level, indexes, u) })})
		if lines := inspect.Pick(l.Lines, indexes); len(lines) == 1 && len(indexes) == 1 {
			line := lines[0]
			for _, s := range []struct {
				name string
				side uint16
			}{{"clockwise", line.ClockwiseSide}, {"counterclockwise", line.CCWSide}} {
				if int(s.side) < len(l.Sides) {
					sides := []int{int(s.side)}
					out = append(out, inspect.Section{Title: fmt.Sprintf("Side %d (%s)", s.side, s.name), Fields: inspect.RecordFields(inspect.Pick(l.Sides, sides), sideSpecs,
						func(u func(*mcodec.Side)) error { return f.d.EditSides(level, sides, u) })})
				}
			}
		}
	case mdoc.KindObject:
		heading := inspect.Title(kind, indexes)
		if objs := inspect.Pick(l.Objects, indexes); len(objs) == 1 && len(indexes) == 1 {
			if names := l.ObjectNames(objs[0].Type); objs[0].Index >= 0 && int(objs[0].Index) < len(names) {
				heading += ": " + names[objs[0].Index]
			}
		}
		out = append(out, inspect.Section{Title: heading, Fields: inspect.RecordFields(inspect.Pick(l.Objects, indexes), objectSpecs,
			func(u func(*mcodec.Object)) error {
				return inspect.BatchEach(f.d.Batch, fmt.Sprintf("Edit %d objects", len(indexes)), indexes, func(i int) error {
					return f.d.EditObject(level, i, u)
				})
			})})
	}
	return out
}

// polygonParts are the sections of what a polygon uses: its lights, its
// liquid and its platform.
func (f *session) polygonParts(level int, p mcodec.Polygon, pi int) []inspect.Section {
	l := f.d.Levels[level]
	var out []inspect.Section
	for _, light := range []struct {
		name  string
		index int16
	}{{"floor", p.FloorLight}, {"ceiling", p.CeilingLight}} {
		i := []int{int(light.index)}
		switch {
		case light.index >= 0 && int(light.index) < len(l.Lights):
			out = append(out, inspect.Section{Title: fmt.Sprintf("Light %d (%s)", light.index, light.name), Fields: inspect.RecordFields(inspect.Pick(l.Lights, i), inspect.Specs{},
				func(u func(*mcodec.Light)) error { return f.d.EditLights(level, i, u) })})
		case light.index >= 0 && int(light.index) < len(l.OldLights):
			out = append(out, inspect.Section{Title: fmt.Sprintf("Light %d (%s)", light.index, light.name), Fields: inspect.RecordFields(inspect.Pick(l.OldLights, i), inspect.Specs{},
				func(u func(*mcodec.OldLight)) error { return f.d.EditOldLights(level, i, u) })})
		}
	}
	if m := []int{int(p.Media)}; p.Media >= 0 && int(p.Media) < len(l.Media) {
		out = append(out, inspect.Section{Title: fmt.Sprintf("Liquid %d", p.Media), Fields: inspect.RecordFields(inspect.Pick(l.Media, m), inspect.Specs{},
			func(u func(*mcodec.Media)) error { return f.d.EditMedia(level, m, u) })})
	}
	for i, pl := range l.Platforms {
		if int(pl.Polygon) == pi {
			ps := []int{i}
			out = append(out, inspect.Section{Title: fmt.Sprintf("Platform %d", i), Fields: inspect.RecordFields(inspect.Pick(l.Platforms, ps), inspect.Specs{"Polygon": {ReadOnly: true}},
				func(u func(*mcodec.StaticPlatform)) error { return f.d.EditPlatforms(level, ps, u) })})
		}
	}
	return out
}
