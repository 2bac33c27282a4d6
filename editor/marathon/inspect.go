package marathon

import (
	"fmt"
	"maps"
	"slices"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// userLineFlags are the line flags the user sets; computedLineFlags are
// those that follow the geometry and the platforms, as the engine
// computes them, shown but not set.
var (
	userLineFlags     = []string{8: mcodec.LineFlagNames[8], 13: mcodec.LineFlagNames[13], 14: mcodec.LineFlagNames[14]}
	computedLineFlags = []string{9: mcodec.LineFlagNames[9], 10: mcodec.LineFlagNames[10], 11: mcodec.LineFlagNames[11], 12: mcodec.LineFlagNames[12]}
)

// polygonSpecs shows a polygon's fields in units and by name, and hides
// those the editor derives from the geometry; Marathon 1 has its own
// polygon types and none of the later fields.
func polygonSpecs(m1 bool) inspect.Specs {
	s := inspect.Specs{
		"Type": named("Type", mcodec.PolygonTypeNames), "Flags": {Label: "Flags", Flags: mcodec.PolygonFlagNames},
		"FloorTexture": labelled("Floor texture"), "CeilingTexture": labelled("Ceiling texture"),
		"FloorHeight": shown("Floor height", worldUnits), "CeilingHeight": shown("Ceiling height", worldUnits),
		"FloorLight": labelled("Floor light"), "CeilingLight": labelled("Ceiling light"),
		"Area":          fixed("Area", squareWU),
		"FloorTransfer": named("Floor transfer mode", mcodec.TransferModeNames), "CeilingTransfer": named("Ceiling transfer mode", mcodec.TransferModeNames),
		"Center.X": fixed("Centre X", worldUnits), "Center.Y": fixed("Centre Y", worldUnits),
		"FloorOrigin.X": shown("Floor texture origin X", worldUnits), "FloorOrigin.Y": shown("Floor texture origin Y", worldUnits),
		"CeilingOrigin.X": shown("Ceiling texture origin X", worldUnits), "CeilingOrigin.Y": shown("Ceiling texture origin Y", worldUnits),
		"Media": labelled("Liquid"), "MediaLight": labelled("Liquid light"),
		"AmbientSound": labelled("Ambient sound"), "RandomSound": labelled("Random sound"),
	}
	for _, f := range []string{"VertexCount", "FirstObject", "FirstExclusionZone", "LineExclusionZones",
		"PointExclusionZones", "FirstNeighbor", "NeighborCount", "SoundSourceIndexes"} {
		s[f] = inspect.FieldSpec{Hidden: true}
	}
	for i := range 8 {
		for _, f := range []string{"Endpoints", "Lines", "Adjacent", "Sides"} {
			s[fmt.Sprintf("%s[%d]", f, i)] = inspect.FieldSpec{Hidden: true}
		}
	}
	if m1 {
		s["Type"] = named("Type", mcodec.OldPolygonTypeNames)
		for _, f := range []string{"FloorOrigin.X", "FloorOrigin.Y", "CeilingOrigin.X", "CeilingOrigin.Y", "Media",
			"MediaLight", "AmbientSound", "RandomSound"} {
			s[f] = inspect.FieldSpec{Hidden: true}
		}
	}
	return s
}

var lineSpecs = inspect.Specs{
	"Endpoints[0]": fixed("First endpoint", nil), "Endpoints[1]": fixed("Second endpoint", nil),
	"Flags":  {Label: "Flags", Flags: userLineFlags},
	"Length": fixed("Length", worldUnits), "HighestFloor": fixed("Highest floor", worldUnits), "LowestCeil": fixed("Lowest ceiling", worldUnits),
	"ClockwiseSide": orNone(fixed("Clockwise side", nil)), "CCWSide": orNone(fixed("Counterclockwise side", nil)),
	"ClockwisePoly": orNone(fixed("Clockwise polygon", nil)), "CCWPoly": orNone(fixed("Counterclockwise polygon", nil)),
}

// orNone is spec that shows the games' none (65535) as "none".
func orNone(spec inspect.FieldSpec) inspect.FieldSpec {
	spec.None = true
	return spec
}

// sideSpecs shows a side's fields; which is "Primary", "Secondary" or
// "Transparent" names its textures.
var sideSpecs = func() inspect.Specs {
	s := inspect.Specs{
		"AmbientDelta": shown("Ambient light delta", percent),
		"Type":         named("Type", mcodec.SideTypeNames), "Flags": {Label: "Flags", Flags: mcodec.SideFlagNames},
		"ControlPanelType":        named("Control panel type", mcodec.ControlPanelNames),
		"ControlPanelPermutation": labelled("Control panel permutation"),
		"Polygon":                 fixed("Polygon", nil), "Line": fixed("Line", nil),
	}
	for _, t := range []string{"Primary", "Secondary", "Transparent"} {
		s[t+".X"] = shown(t+" texture offset X", worldUnits)
		s[t+".Y"] = shown(t+" texture offset Y", worldUnits)
		s[t+".Texture"] = labelled(t + " texture")
		s[t+"Transfer"] = named(t+" transfer mode", mcodec.TransferModeNames)
		s[t+"Light"] = labelled(t + " light")
	}
	for i := range 4 {
		s[fmt.Sprintf("ExclusionZone[%d].X", i)] = inspect.FieldSpec{Hidden: true}
		s[fmt.Sprintf("ExclusionZone[%d].Y", i)] = inspect.FieldSpec{Hidden: true}
	}
	return s
}()

// objectSpecs shows an object's fields; the Index and the activation
// bias are shown by fields of their own.
var objectSpecs = inspect.Specs{
	"Type": named("Type", mcodec.ObjectTypeNames), "Index": labelled("Index"),
	"Facing":  shown("Facing", degrees),
	"Polygon": fixed("Polygon", nil),
	"X":       shown("X", worldUnits), "Y": shown("Y", worldUnits), "Z": shown("Height from floor or ceiling", worldUnits),
	"Flags": {Label: "Flags", Flags: mcodec.ObjectFlagNames},
}

// lightSpecs shows a Marathon 2 light: each of its six functions in
// seconds and percent.
var lightSpecs = func() inspect.Specs {
	s := inspect.Specs{
		"Type": named("Preset", mcodec.LightPresetNames), "Flags": {Label: "Flags", Flags: mcodec.LightFlagNames},
		"Phase": shown("Phase", seconds), "Tag": labelled("Tag"),
	}
	for i, state := range mcodec.LightStateNames {
		f := fmt.Sprintf("Functions[%d].", i)
		s[f+"Function"] = named(state+": function", mcodec.LightFunctionNames)
		s[f+"Period"] = shown(state+": period", seconds)
		s[f+"DeltaPeriod"] = shown(state+": period variation", seconds)
		s[f+"Intensity"] = shown(state+": intensity", percent)
		s[f+"DeltaIntensity"] = shown(state+": intensity variation", percent)
	}
	return s
}()

// oldLightSpecs shows a Marathon 1 light; its current intensity is the
// engine's, and ignored on loading.
var oldLightSpecs = inspect.Specs{
	"Flags": labelled("Flags"), "Type": named("Type", mcodec.OldLightTypeNames), "Mode": named("Mode", mcodec.OldLightModeNames),
	"Phase": shown("Phase", seconds), "Minimum": shown("Minimum intensity", percent), "Maximum": shown("Maximum intensity", percent),
	"Period": shown("Period", seconds), "Intensity": fixed("Current intensity", percent),
}

// mediaSpecs shows a liquid; its height is the engine's, computed from
// its light between low and high.
var mediaSpecs = inspect.Specs{
	"Type": named("Type", mcodec.MediaTypeNames), "Flags": {Label: "Flags", Flags: mcodec.MediaFlagNames},
	"LightIndex":       labelled("Height follows light"),
	"CurrentDirection": shown("Current direction", degrees), "CurrentMagnitude": shown("Current speed", wuPerSec),
	"Low": shown("Low height", worldUnits), "High": shown("High height", worldUnits),
	"Origin.X": shown("Texture origin X", worldUnits), "Origin.Y": shown("Texture origin Y", worldUnits),
	"Height":       fixed("Current height", worldUnits),
	"MinimumLight": shown("Minimum light", percent), "Texture": labelled("Texture"),
	"TransferMode": named("Transfer mode", mcodec.TransferModeNames),
}

// ambientSpecs shows an ambient sound: the sound by name, its volume in
// percent of the loudest.
var ambientSpecs = inspect.Specs{
	"Flags": labelled("Flags"), "Index": named("Sound", mcodec.AmbientSoundNames), "Volume": shown("Volume", volume),
}

// randomSpecs shows a random sound: the sound by name, volume and pitch
// in percent, period in seconds, direction in degrees.
var randomSpecs = inspect.Specs{
	"Flags": {Label: "Flags", Flags: []string{"non-directional"}}, "Index": named("Sound", mcodec.RandomSoundNames),
	"Volume": shown("Volume", volume), "DeltaVolume": shown("Volume variation", volume),
	"Period": shown("Period", seconds), "DeltaPeriod": shown("Period variation", seconds),
	"Direction": shown("Direction", degrees), "DeltaDirection": shown("Direction variation", degrees),
	"Pitch": shown("Pitch", percent), "DeltaPitch": shown("Pitch variation", percent), "Phase": shown("Phase", seconds),
}

var platformSpecs = inspect.Specs{
	"Type": named("Type", mcodec.PlatformTypeNames), "Speed": shown("Speed", wuPerSec), "Delay": shown("Delay", seconds),
	"MaximumHeight": shown("Maximum height", worldUnits), "MinimumHeight": shown("Minimum height", worldUnits),
	"StaticFlags": {Label: "Flags", Flags: mcodec.PlatformFlagNames},
	"Polygon":     fixed("Polygon", nil), "Tag": labelled("Tag"),
}

// Inspect is the inspector's sections for the selected entities of kind.
func (f *session) Inspect(h game.Host, kind document.Kind, indexes []int) []inspect.Section {
	level := h.Level()
	l := f.d.Levels[level]
	var out []inspect.Section
	switch kind {
	case mdoc.KindPolygon:
		fields := f.polygonFields(level, indexes)
		if len(fields) > 0 {
			f.newRecordActions(h, level, indexes, fields)
			f.polygonTargets(h, level, indexes, fields)
			fields = append(fields, f.platformField(h, level, indexes)...)
		}
		out = append(out, inspect.Section{Title: inspect.Title(kind, indexes), Fields: fields})
		if ps := inspect.Pick(l.Polygons, indexes); len(ps) == 1 && len(indexes) == 1 {
			out = append(out, f.polygonParts(level, ps[0], indexes[0])...)
		}
	case mdoc.KindLine:
		out = append(out, inspect.Section{Title: inspect.Title(kind, indexes), Fields: f.lineFields(level, indexes)})
		if lines := inspect.Pick(l.Lines, indexes); len(lines) == 1 && len(indexes) == 1 {
			line := lines[0]
			for _, s := range []struct {
				name string
				side uint16
			}{{"clockwise", line.ClockwiseSide}, {"counterclockwise", line.CCWSide}} {
				if int(s.side) < len(l.Sides) {
					sides := []int{int(s.side)}
					out = append(out, inspect.Section{Title: fmt.Sprintf("Side %d (%s)", s.side, s.name), Fields: f.sideTargets(h, level, sides, f.sideFields(level, sides))})
				}
			}
		}
	case mdoc.KindAnnotation:
		out = append(out, f.noteSections(h, level, indexes)...)
	case mdoc.KindEndpoint:
		out = append(out, f.endpointSection(level, indexes))
	case mdoc.KindSide: // a wall clicked in 3D
		out = append(out, inspect.Section{Title: inspect.Title(kind, indexes), Fields: f.sideTargets(h, level, indexes, f.sideFields(level, indexes))})
	case mdoc.KindTerminal:
		out = append(out, f.terminalSections(h, level, indexes)...)
	case mdoc.KindLight, mdoc.KindLiquid, mdoc.KindAmbientSound, mdoc.KindRandomSound:
		out = append(out, inspect.Section{Title: inspect.Title(kind, indexes), Fields: f.recordFields(level, kind, indexes)})
	case mdoc.KindObject:
		heading := inspect.Title(kind, indexes)
		if objs := inspect.Pick(l.Objects, indexes); len(objs) == 1 && len(indexes) == 1 {
			if names := l.ObjectNames(objs[0].Type); objs[0].Index >= 0 && int(objs[0].Index) < len(names) {
				heading += ": " + names[objs[0].Index]
			}
		}
		out = append(out, inspect.Section{Title: heading, Fields: f.objectFields(level, indexes)})
	}
	return append(f.panelTerminals(h, level, kind, indexes), out...)
}

// polygonFields are the fields of the polygons at indexes: references
// to lights, the liquid and sounds as choices among them by name,
// textures as collection and bitmap.
func (f *session) polygonFields(level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	ps := inspect.Pick(l.Polygons, indexes)
	edit := func(u func(*mcodec.Polygon)) error { return f.d.EditPolygons(level, indexes, u) }
	if len(ps) == 0 {
		return nil
	}
	specs := polygonSpecs(l.Marathon1())
	for _, name := range platformHeights(l, indexes) {
		spec := specs[name]
		spec.ReadOnly = true
		specs[name] = spec
	}
	permutation := permutationLabel(l, ps)
	specs["Permutation"] = labelled(permutation)
	fields := inspect.RecordFields(ps, specs, edit)
	if permutation == lightPermutation {
		fields = swap(fields, permutation, indexChoice(ps, permutation, lightNames(l), false,
			int16At(func(p *mcodec.Polygon) *int16 { return &p.Permutation }), edit))
	}
	for _, r := range polygonRecords {
		fields = swap(fields, r.label, indexChoice(ps, r.label, r.names(l), true, int16At(r.field), edit))
	}
	for _, t := range []struct {
		label string
		field func(*mcodec.Polygon) *uint16
	}{
		{"Floor texture", func(p *mcodec.Polygon) *uint16 { return &p.FloorTexture }},
		{"Ceiling texture", func(p *mcodec.Polygon) *uint16 { return &p.CeilingTexture }},
	} {
		fields = swap(fields, t.label, shapeField(ps, t.label, uint16At(t.field), edit))
	}
	return fields
}

// platformHeights are the height fields ("FloorHeight",
// "CeilingHeight") of the polygons at indexes that a run-time platform
// of a preprocessed map sets: there the polygon stands where the
// platform starts, which every edit builds again from the platform's
// own heights, the ones to edit.
func platformHeights(l *mcodec.Level, indexes []int) []string {
	var floor, ceiling bool
	for _, p := range l.RunPlatforms {
		if slices.Contains(indexes, int(p.Polygon)) {
			floor = floor || p.StaticFlags&mcodec.PlatformComesFromFloor != 0
			ceiling = ceiling || p.StaticFlags&mcodec.PlatformComesFromCeiling != 0
		}
	}
	var out []string
	if floor {
		out = append(out, "FloorHeight")
	}
	if ceiling {
		out = append(out, "CeilingHeight")
	}
	return out
}

// Labels of a polygon's permutation: a light, chosen among the level's
// lights; a platform's polygon and a teleporter's destination, picked in
// the map.
const (
	lightPermutation           = "Permutation (light)"
	platformPolygonPermutation = "Permutation (platform polygon)"
	teleporterPermutation      = "Permutation (destination polygon)"
)

// permutationLabel labels a polygon's permutation by what it numbers
// for the polygons' type, when they share one.
func permutationLabel(l *mcodec.Level, ps []mcodec.Polygon) string {
	names := mcodec.PolygonTypeNames
	if l.Marathon1() {
		names = mcodec.OldPolygonTypeNames
	}
	typ := common(ps, func(p mcodec.Polygon) int { return int(p.Type) })
	if typ < 0 || typ >= len(names) {
		return "Permutation"
	}
	switch names[typ] {
	case "base":
		return "Permutation (team)"
	case "platform":
		return "Permutation (platform)"
	case "light on trigger", "light off trigger":
		return lightPermutation
	case "platform on trigger", "platform off trigger":
		return platformPolygonPermutation
	case "teleporter":
		return teleporterPermutation
	}
	return "Permutation"
}

// lineFields are the fields of the lines at indexes, with the flags the
// engine computes shown apart, read-only.
func (f *session) lineFields(level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	lines := inspect.Pick(l.Lines, indexes)
	fields := inspect.RecordFields(lines, lineSpecs, func(u func(*mcodec.Line)) error { return f.d.EditLines(level, indexes, u) })
	if len(lines) == 0 {
		return fields
	}
	var differ uint64
	for _, line := range lines {
		differ |= uint64(line.Flags ^ lines[0].Flags)
	}
	computed := propgrid.Field{Label: "Computed flags", Flags: &propgrid.Flags{Names: computedLineFlags, Value: uint64(lines[0].Flags), Mixed: differ}}
	for _, fl := range fields {
		if fl.Label == "Flags" {
			return swap(fields, "Flags", fl, computed)
		}
	}
	return fields
}

// sideFields are the fields of the sides at indexes: textures as
// collection and bitmap, lights by name.
func (f *session) sideFields(level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	sides := inspect.Pick(l.Sides, indexes)
	edit := func(u func(*mcodec.Side)) error { return f.d.EditSides(level, indexes, u) }
	if len(sides) == 0 {
		return nil
	}
	specs := maps.Clone(sideSpecs)
	permutation := panelPermutationLabel(sides)
	if permutation != "" {
		specs["ControlPanelPermutation"] = labelled(permutation)
	}
	if l.Marathon1() {
		// Marathon 1 keeps no line and polygon in its sides, and the
		// engine loads it with no transparent texture and no ambient
		// delta (Aleph One, game_wad.cpp, load_sides).
		for _, f := range []string{"Polygon", "Line", "AmbientDelta", "Transparent.X", "Transparent.Y", "Transparent.Texture",
			"TransparentTransfer", "TransparentLight"} {
			specs[f] = inspect.FieldSpec{Hidden: true}
		}
	}
	fields := inspect.RecordFields(sides, specs, edit)
	lights := lightNames(l)
	if permutation == panelLightPermutation {
		fields = swap(fields, permutation, indexChoice(sides, permutation, lights, false,
			int16At(func(s *mcodec.Side) *int16 { return &s.ControlPanelPermutation }), edit))
	}
	// Choosing a panel type makes the wall a control panel (the flag the
	// engine reads), and choosing none makes it a plain wall, in one step.
	panelEdit := func(u func(*mcodec.Side)) error {
		return edit(func(s *mcodec.Side) {
			u(s)
			if s.ControlPanelType >= 0 {
				s.Flags |= mcodec.SideControlPanel
			} else {
				s.Flags &^= mcodec.SideControlPanel
			}
		})
	}
	fields = swap(fields, "Control panel type", indexChoice(sides, "Control panel type", mcodec.ControlPanelNames, true,
		int16At(func(s *mcodec.Side) *int16 { return &s.ControlPanelType }), panelEdit))
	for _, t := range []struct {
		name    string
		texture func(*mcodec.Side) *uint16
		light   func(*mcodec.Side) *int16
	}{
		{"Primary", func(s *mcodec.Side) *uint16 { return &s.Primary.Texture }, func(s *mcodec.Side) *int16 { return &s.PrimaryLight }},
		{"Secondary", func(s *mcodec.Side) *uint16 { return &s.Secondary.Texture }, func(s *mcodec.Side) *int16 { return &s.SecondaryLight }},
		{"Transparent", func(s *mcodec.Side) *uint16 { return &s.Transparent.Texture }, func(s *mcodec.Side) *int16 { return &s.TransparentLight }},
	} {
		fields = swap(fields, t.name+" texture", shapeField(sides, t.name+" texture", uint16At(t.texture), edit))
		fields = swap(fields, t.name+" light", indexChoice(sides, t.name+" light", lights, true, int16At(t.light), edit))
	}
	return fields
}

// Labels of a control panel's permutation: a light switch's, chosen
// among the level's lights; a platform switch's, picked in the map; a
// terminal's, which can be a new one.
const (
	panelLightPermutation    = "Control panel permutation (light)"
	panelPlatformPermutation = "Control panel permutation (platform polygon)"
	panelTerminalPermutation = "Control panel permutation (terminal)"
)

// panelPermutationLabel labels a control panel's permutation by what it
// numbers, when the sides are panels of one class; "" otherwise.
func panelPermutationLabel(sides []mcodec.Side) string {
	class, ok := mcodec.ControlPanel(sides[0])
	for _, s := range sides[1:] {
		if c, k := mcodec.ControlPanel(s); !k || c != class {
			ok = false
		}
	}
	if !ok {
		return ""
	}
	switch class {
	case mcodec.PanelLightSwitch:
		return panelLightPermutation
	case mcodec.PanelPlatformSwitch:
		return panelPlatformPermutation
	case mcodec.PanelTagSwitch:
		return "Control panel permutation (tag)"
	case mcodec.PanelTerminal:
		return panelTerminalPermutation
	}
	return ""
}

// objectFields are the fields of the objects at indexes: the index by
// name where the objects share a type whose names are known, a sound
// source's facing as its volume, and a monster's activation bias.
func (f *session) objectFields(level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	objs := inspect.Pick(l.Objects, indexes)
	if len(objs) == 0 {
		return nil
	}
	edit := func(u func(*mcodec.Object)) error {
		return inspect.BatchEach(f.d.Batch, fmt.Sprintf("Edit %d objects", len(indexes)), indexes, func(i int) error {
			return f.d.EditObject(level, i, u)
		})
	}
	typ := common(objs, func(o mcodec.Object) int { return int(o.Type) })
	specs := objectSpecs
	if typ == mcodec.ObjectSound {
		specs = maps.Clone(objectSpecs)
		specs["Facing"] = labelled("Volume (0-255), or minus a light")
	}
	fields := inspect.RecordFields(objs, specs, edit)
	if names := l.ObjectNames(int16(typ)); typ >= 0 && names != nil {
		fields = swap(fields, "Index", indexChoice(objs, mcodec.ObjectTypeNames[typ], names, false,
			int16At(func(o *mcodec.Object) *int16 { return &o.Index }), edit))
	}
	if typ == mcodec.ObjectMonster {
		bias := accessor[mcodec.Object]{
			get: func(o mcodec.Object) int { return int(o.Flags >> mcodec.ObjectActivationShift) },
			put: func(o *mcodec.Object, v int) {
				o.Flags = o.Flags&(1<<mcodec.ObjectActivationShift-1) | uint16(v&0xf)<<mcodec.ObjectActivationShift
			},
		}
		fields = append(fields, indexChoice(objs, "Activation bias", mcodec.ActivationBiasNames, false, bias, edit))
	}
	return fields
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
		if light.index >= 0 && int(light.index) < l.LightCount() {
			out = append(out, inspect.Section{Title: fmt.Sprintf("Light %d (%s)", light.index, light.name), Fields: f.lightFields(level, int(light.index))})
		}
	}
	if m := []int{int(p.Media)}; p.Media >= 0 && int(p.Media) < len(l.Media) {
		out = append(out, inspect.Section{Title: fmt.Sprintf("Liquid %d", p.Media), Fields: f.mediaFields(level, m)})
	}
	for i, pl := range l.Platforms {
		if int(pl.Polygon) == pi {
			out = append(out, inspect.Section{Title: fmt.Sprintf("Platform %d", i), Fields: f.platformFields(level, i)})
		}
	}
	return out
}

// recordFields are the fields of the lights, liquids, ambient or random
// sounds (kind) at indexes, as the paint palette's Edit opens them.
func (f *session) recordFields(level int, kind document.Kind, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	switch {
	case kind == mdoc.KindLight && l.Marathon1():
		return inspect.RecordFields(inspect.Pick(l.OldLights, indexes), oldLightSpecs,
			func(u func(*mcodec.OldLight)) error { return f.d.EditOldLights(level, indexes, u) })
	case kind == mdoc.KindLight:
		return inspect.RecordFields(inspect.Pick(l.Lights, indexes), lightSpecs,
			func(u func(*mcodec.Light)) error { return f.d.EditLights(level, indexes, u) })
	case kind == mdoc.KindLiquid:
		return f.mediaFields(level, indexes)
	case kind == mdoc.KindAmbientSound:
		return inspect.RecordFields(inspect.Pick(l.Ambient, indexes), ambientSpecs,
			func(u func(*mcodec.AmbientSound)) error { return f.d.EditAmbientSounds(level, indexes, u) })
	}
	return inspect.RecordFields(inspect.Pick(l.Random, indexes), randomSpecs,
		func(u func(*mcodec.RandomSound)) error { return f.d.EditRandomSounds(level, indexes, u) })
}

// mediaFields are the fields of the liquids at indexes.
func (f *session) mediaFields(level int, indexes []int) []propgrid.Field {
	l := f.d.Levels[level]
	ms := inspect.Pick(l.Media, indexes)
	edit := func(u func(*mcodec.Media)) error { return f.d.EditMedia(level, indexes, u) }
	fields := inspect.RecordFields(ms, mediaSpecs, edit)
	fields = swap(fields, "Height follows light", indexChoice(ms, "Height follows light", lightNames(l), true,
		int16At(func(m *mcodec.Media) *int16 { return &m.LightIndex }), edit))
	return swap(fields, "Texture", shapeField(ms, "Texture", uint16At(func(m *mcodec.Media) *uint16 { return &m.Texture }), edit))
}

// lightNames name a level's lights by index, preset and primary function.
func lightNames(l *mcodec.Level) []string {
	var out []string
	for i, x := range l.Lights {
		out = append(out, fmt.Sprintf("%d: %s, %s", i, nameOf(mcodec.LightPresetNames, int(x.Type)),
			nameOf(mcodec.LightFunctionNames, int(x.Functions[0].Function))))
	}
	for i, x := range l.OldLights {
		out = append(out, fmt.Sprintf("%d: %s", i, nameOf(mcodec.OldLightTypeNames, int(x.Type))))
	}
	return out
}

// mediaNames name a level's liquids by index and type.
func mediaNames(l *mcodec.Level) []string {
	out := make([]string, len(l.Media))
	for i, m := range l.Media {
		out[i] = fmt.Sprintf("%d: %s", i, nameOf(mcodec.MediaTypeNames, int(m.Type)))
	}
	return out
}

// soundNames name n sound records by index and the sound each plays,
// one of names.
func soundNames(n int, names []string, sound func(i int) int16) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%d: %s", i, nameOf(names, int(sound(i))))
	}
	return out
}

// nameOf is names[i], or "number i" beyond them.
func nameOf(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("number %d", i)
}
