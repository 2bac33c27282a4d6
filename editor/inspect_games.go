package editor

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	scodec "github.com/levelwright/levelwright/codecs/shock"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// pick returns the records of items at indexes.
func pick[T any](items []T, indexes []int) []T {
	out := make([]T, 0, len(indexes))
	for _, i := range indexes {
		if i >= 0 && i < len(items) {
			out = append(out, items[i])
		}
	}
	return out
}

// batchEach runs edit for every index as one undo step.
func batchEach(batch func(string, func() error) error, description string, indexes []int, edit func(i int) error) error {
	return batch(description, func() error {
		for _, i := range indexes {
			if err := edit(i); err != nil {
				return err
			}
		}
		return nil
	})
}

// Marathon

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
func polygonSpecs(m1 bool) specs {
	s := specs{}
	for _, f := range []string{"VertexCount", "Area", "FirstObject", "FirstExclusionZone", "LineExclusionZones",
		"PointExclusionZones", "FirstNeighbor", "NeighborCount", "Center.X", "Center.Y", "SoundSourceIndexes"} {
		s[f] = fieldSpec{hidden: true}
	}
	for i := range 8 {
		for _, f := range []string{"Endpoints", "Lines", "Adjacent", "Sides"} {
			s[fmt.Sprintf("%s[%d]", f, i)] = fieldSpec{hidden: true}
		}
	}
	if !m1 {
		s["Type"] = fieldSpec{choices: marathonPolygonTypes}
	}
	return s
}

var lineSpecs = specs{
	"Endpoints[0]": {readOnly: true}, "Endpoints[1]": {readOnly: true}, "Length": {readOnly: true},
	"HighestFloor": {readOnly: true}, "LowestCeil": {readOnly: true}, "ClockwiseSide": {readOnly: true},
	"CCWSide": {readOnly: true}, "ClockwisePoly": {readOnly: true}, "CCWPoly": {readOnly: true},
	"Flags": {flags: marathonLineFlags},
}

var sideSpecs = func() specs {
	s := specs{"Polygon": {readOnly: true}, "Line": {readOnly: true}}
	for i := range 4 {
		s[fmt.Sprintf("ExclusionZone[%d].X", i)] = fieldSpec{hidden: true}
		s[fmt.Sprintf("ExclusionZone[%d].Y", i)] = fieldSpec{hidden: true}
	}
	return s
}()

var objectSpecs = specs{"Type": {choices: marathonObjectTypes}, "Polygon": {readOnly: true}, "Flags": {flags: marathonObjectFlags}}

func (f *marathonFile) inspect(e *Editor, kind string, indexes []int) []section {
	level := e.level
	l := f.d.Levels[level]
	var out []section
	switch kind {
	case "polygon":
		out = append(out, section{title(kind, indexes), recordFields(pick(l.Polygons, indexes), polygonSpecs(l.Marathon1()),
			func(u func(*mcodec.Polygon)) error { return f.d.EditPolygons(level, indexes, u) })})
		if ps := pick(l.Polygons, indexes); len(ps) == 1 && len(indexes) == 1 {
			out = append(out, f.polygonParts(level, ps[0], indexes[0])...)
		}
	case "line":
		out = append(out, section{title(kind, indexes), recordFields(pick(l.Lines, indexes), lineSpecs,
			func(u func(*mcodec.Line)) error { return f.d.EditLines(level, indexes, u) })})
		if lines := pick(l.Lines, indexes); len(lines) == 1 && len(indexes) == 1 {
			line := lines[0]
			for _, s := range []struct {
				name string
				side uint16
			}{{"clockwise", line.ClockwiseSide}, {"counterclockwise", line.CCWSide}} {
				if int(s.side) < len(l.Sides) {
					sides := []int{int(s.side)}
					out = append(out, section{fmt.Sprintf("Side %d (%s)", s.side, s.name), recordFields(pick(l.Sides, sides), sideSpecs,
						func(u func(*mcodec.Side)) error { return f.d.EditSides(level, sides, u) })})
				}
			}
		}
	case "object":
		heading := title(kind, indexes)
		if objs := pick(l.Objects, indexes); len(objs) == 1 && len(indexes) == 1 {
			if names := l.ObjectNames(objs[0].Type); objs[0].Index >= 0 && int(objs[0].Index) < len(names) {
				heading += ": " + names[objs[0].Index]
			}
		}
		out = append(out, section{heading, recordFields(pick(l.Objects, indexes), objectSpecs,
			func(u func(*mcodec.Object)) error {
				return batchEach(f.d.Batch, fmt.Sprintf("Edit %d objects", len(indexes)), indexes, func(i int) error {
					return f.d.EditObject(level, i, u)
				})
			})})
	}
	return out
}

// polygonParts are the sections of what a polygon uses: its lights, its
// liquid and its platform.
func (f *marathonFile) polygonParts(level int, p mcodec.Polygon, pi int) []section {
	l := f.d.Levels[level]
	var out []section
	for _, light := range []struct {
		name  string
		index int16
	}{{"floor", p.FloorLight}, {"ceiling", p.CeilingLight}} {
		i := []int{int(light.index)}
		switch {
		case light.index >= 0 && int(light.index) < len(l.Lights):
			out = append(out, section{fmt.Sprintf("Light %d (%s)", light.index, light.name), recordFields(pick(l.Lights, i), specs{},
				func(u func(*mcodec.Light)) error { return f.d.EditLights(level, i, u) })})
		case light.index >= 0 && int(light.index) < len(l.OldLights):
			out = append(out, section{fmt.Sprintf("Light %d (%s)", light.index, light.name), recordFields(pick(l.OldLights, i), specs{},
				func(u func(*mcodec.OldLight)) error { return f.d.EditOldLights(level, i, u) })})
		}
	}
	if m := []int{int(p.Media)}; p.Media >= 0 && int(p.Media) < len(l.Media) {
		out = append(out, section{fmt.Sprintf("Liquid %d", p.Media), recordFields(pick(l.Media, m), specs{},
			func(u func(*mcodec.Media)) error { return f.d.EditMedia(level, m, u) })})
	}
	for i, pl := range l.Platforms {
		if int(pl.Polygon) == pi {
			ps := []int{i}
			out = append(out, section{fmt.Sprintf("Platform %d", i), recordFields(pick(l.Platforms, ps), specs{"Polygon": {readOnly: true}},
				func(u func(*mcodec.StaticPlatform)) error { return f.d.EditPlatforms(level, ps, u) })})
		}
	}
	return out
}

// title names a selection of one kind: "Polygon 3" or "4 polygons".
func title(kind string, indexes []int) string {
	if len(indexes) == 1 {
		return fmt.Sprintf("%s%s %d", string(kind[0]-'a'+'A'), kind[1:], indexes[0])
	}
	return fmt.Sprintf("%d %ss", len(indexes), kind)
}

// System Shock

func (f *shockFile) inspect(e *Editor, kind string, indexes []int) []section {
	level := e.level
	l := f.d.Archive.Levels[level]
	switch kind {
	case "tile":
		return []section{{title(kind, indexes), f.tileFields(level, l, indexes)}}
	case "object":
		out := []section{{title(kind, indexes), f.objectFields(e, level, l, indexes)}}
		if len(indexes) == 1 {
			out = append(out, f.objectParts(e, level, indexes[0])...)
		}
		return out
	}
	return nil
}

// tileFields edits the tiles' typed fields through SetTiles.
func (f *shockFile) tileFields(level int, l *scodec.Level, indexes []int) []propgrid.Field {
	w := int(l.Info.Width)
	points := make([]sdoc.Point, len(indexes))
	for k, i := range indexes {
		points[k] = sdoc.Point{X: i % w, Y: i / w}
	}
	var out []propgrid.Field
	for field := sdoc.TileShape; field <= sdoc.CeilingShade; field++ {
		values := make([]int, len(indexes))
		for k, i := range indexes {
			values[k] = field.Get(l.Tiles[i])
		}
		lo, hi := field.Range()
		set := func(v int) error { return f.d.SetTiles(level, points, field, v) }
		pf := propgrid.Field{Label: field.String()}
		if field == sdoc.TileShape {
			pf.Choice = &propgrid.Choice{Options: scodec.ShapeNames[:], Index: common(values), Set: set}
		} else {
			pf.Number = &propgrid.Number{Value: float64(values[0]), Mixed: !allSame(values), Whole: true,
				Min: float64(lo), Max: float64(hi), Set: func(v float64) error { return set(int(v)) }}
		}
		out = append(out, pf)
	}
	return out
}

// objectFields edits the objects' base fields through SetObjectField.
func (f *shockFile) objectFields(e *Editor, level int, l *scodec.Level, ids []int) []propgrid.Field {
	classes := mapIDs(ids, func(i int) int { return int(l.Objects[i].Class) })
	triples := mapIDs(ids, func(i int) int { o := l.Objects[i]; return int(o.Class)<<16 | int(o.Subclass)<<8 | int(o.Type) })
	first := l.Objects[ids[0]]
	out := []propgrid.Field{
		{Label: "object", Text: &propgrid.Text{Value: f.data.TypeName(int(first.Class), int(first.Subclass), int(first.Type)), Mixed: !allSame(triples)}},
		{Label: "class", Text: &propgrid.Text{Value: scodec.ClassNames[classes[0]], Mixed: !allSame(classes)}},
	}
	// Read-only: the class and subclass change by deleting and creating,
	// the position by moving.
	for _, fixed := range []struct {
		label string
		get   func(o scodec.Object) int
	}{
		{"subclass", func(o scodec.Object) int { return int(o.Subclass) }},
		{"x (256ths of a tile)", func(o scodec.Object) int { return int(o.X) }},
		{"y (256ths of a tile)", func(o scodec.Object) int { return int(o.Y) }},
	} {
		values := mapIDs(ids, func(i int) int { return fixed.get(l.Objects[i]) })
		out = append(out, propgrid.Field{Label: fixed.label, Number: &propgrid.Number{Value: float64(values[0]), Mixed: !allSame(values)}})
	}
	for field := sdoc.ObjectType; field < sdoc.NumObjectFields; field++ {
		values := mapIDs(ids, func(i int) int { return field.Get(l.Objects[i]) })
		lo, hi := field.Range()
		out = append(out, propgrid.Field{Label: field.String(), Number: &propgrid.Number{Value: float64(values[0]), Mixed: !allSame(values),
			Whole: true, Min: float64(lo), Max: float64(hi),
			Set: func(v float64) error {
				edit := func() error { return f.d.SetObjectField(level, ids, field, int(v)) }
				if field != sdoc.ObjectType {
					return edit()
				}
				var lost []string
				for _, id := range ids {
					if what := f.d.Discards(level, id, sdoc.DataType, int(v)); what != "" {
						lost = append(lost, fmt.Sprintf("object %d: %s", id, what))
					}
				}
				return e.askBeforeDiscarding(strings.Join(lost, "\n"), edit)
			}}})
	}
	return out
}

// objectParts are the sections of a trap or trigger's action and of a
// puzzle panel.
func (f *shockFile) objectParts(e *Editor, level, id int) []section {
	var out []section
	if trap, err := f.d.Trap(level, id); err == nil {
		out = append(out, section{"Action", f.trapFields(e, level, id, trap)})
	}
	if _, err := f.d.WirePuzzle(level, id); err == nil {
		out = append(out, section{"Wire puzzle", []propgrid.Field{{Label: "puzzle",
			Action: &propgrid.Action{Label: "Edit wire puzzle…", Do: func() { e.editWirePuzzle(f, level, id) }}}}})
	}
	if _, err := f.d.BlockPuzzle(level, id); err == nil {
		out = append(out, section{"Block puzzle", []propgrid.Field{{Label: "puzzle",
			Action: &propgrid.Action{Label: "Edit block puzzle…", Do: func() { e.editBlockPuzzle(f, level, id) }}}}})
	}
	return out
}

// trapFields is a trap's action, as a choice, and its parameters as the
// action names them; object parameters get a picker that takes the
// next object clicked in the map.
func (f *shockFile) trapFields(e *Editor, level, id int, trap scodec.Trap) []propgrid.Field {
	out := []propgrid.Field{{Label: "action", Choice: &propgrid.Choice{Options: scodec.ActionNames[:], Index: int(trap.Action),
		Set: func(i int) error {
			return e.askBeforeDiscarding(f.d.Discards(level, id, sdoc.DataAction, i),
				func() error { return f.d.SetTrapAction(level, id, scodec.Action(i)) })
		}}}}
	for _, p := range trap.Params() {
		field := propgrid.Field{Label: p.Name, Number: &propgrid.Number{Value: float64(p.Get(trap)), Whole: true,
			Min: 0, Max: float64(uint64(1)<<p.Bits - 1),
			Set: func(v float64) error { return f.d.SetTrapParam(level, id, p.Name, uint32(v)) }}}
		if p.Kind == scodec.KindObject {
			field.Action = &propgrid.Action{Label: "Pick", Do: func() {
				e.pickTarget(fmt.Sprintf("click the object for %s of object %d", p.Name, id), "object", func(target int) error {
					return f.d.SetTrapParam(level, id, p.Name, uint32(target))
				})
			}}
		}
		out = append(out, field)
	}
	return out
}

// Turok

var turokSectorSpecs = specs{"Vertices[0]": {readOnly: true}, "Vertices[1]": {readOnly: true}, "Vertices[2]": {readOnly: true},
	"Links[0]": {readOnly: true}, "Links[1]": {readOnly: true}, "Links[2]": {readOnly: true}}

var turokActorSpecs = specs{
	"SpawnFlags1": {flags: tcodec.ActorSpawnFlags1}, "SpawnFlags2": {flags: tcodec.ActorSpawnFlags2},
	"SpawnFlags3": {flags: tcodec.ActorSpawnFlags3}, "SpeciesMask": {flags: tcodec.SpeciesMask},
	"Sector": {readOnly: true},
}

func (f *turokFile) inspect(e *Editor, kind string, indexes []int) []section {
	m := f.d.Map
	switch kind {
	case "sector":
		sp := turokSectorSpecs
		if !m.LongSectors { // 16-byte sectors hold no draw order
			sp = maps.Clone(sp)
			sp["DrawOrder"] = fieldSpec{hidden: true}
		}
		out := []section{{title(kind, indexes), recordFields(pick(m.Sectors, indexes), sp,
			func(u func(*tcodec.Sector)) error { return f.d.EditSectors(indexes, u) })}}
		sets := []int{}
		for _, s := range pick(m.Sectors, indexes) {
			if !slices.Contains(sets, int(s.Set)) {
				sets = append(sets, int(s.Set))
			}
		}
		out = append(out, section{fmt.Sprintf("Sector set %v", sets), recordFields(pick(m.SectorSets, sets),
			specs{"Flags": {flags: tcodec.SectorSetFlags}},
			func(u func(*tcodec.SectorSet)) error { return f.d.EditSectorSets(sets, u) })})
		return out
	case "actor":
		out := []section{{title(kind, indexes), recordFields(pick(m.Actors, indexes), turokActorSpecs,
			func(u func(*tcodec.Actor)) error { return f.d.EditActors(indexes, u) })}}
		out[0].fields = append(out[0].fields, propgrid.Field{Label: "target", Action: &propgrid.Action{Label: "Pick target actor",
			Do: func() {
				e.pickTarget("click the actor to target", "actor", func(target int) error {
					tid := m.Actors[target].TID
					if tid < 0 {
						return fmt.Errorf("actor %d has no TID to target; give it one first", target)
					}
					return f.d.EditActors(indexes, func(a *tcodec.Actor) { a.TargetTID = tid })
				})
			}}})
		return out
	case "mesh":
		var meshes []tcodec.StaticMesh
		for _, s := range m.Sections {
			meshes = append(meshes, s.Meshes...)
		}
		return []section{{title(kind, indexes), recordFields(pick(meshes, indexes), specs{},
			func(u func(*tcodec.StaticMesh)) error { return f.d.EditMeshes(indexes, u) })}}
	}
	return nil
}

// common is the value all of values hold, or -1.
func common(values []int) int {
	if allSame(values) {
		return values[0]
	}
	return -1
}

func allSame(values []int) bool {
	for _, v := range values[1:] {
		if v != values[0] {
			return false
		}
	}
	return true
}

func mapIDs(ids []int, f func(int) int) []int {
	out := make([]int, len(ids))
	for k, i := range ids {
		out[k] = f(i)
	}
	return out
}
