package shock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// The units the inspector shows System Shock's numbers in.
var (
	// heightUnits are the map's height steps: a floor, a ceiling and a
	// slope's rise are stored in them.
	heightUnits = &propgrid.Unit{Name: "height units", Per: 1}
	// objectHeightUnits: an object's z holds 8 steps per height unit.
	objectHeightUnits = &propgrid.Unit{Name: "height units", Per: 8}
	// degrees: an object's angles hold 256 steps per turn.
	degrees = &propgrid.Unit{Name: "°", Per: 256.0 / 360}
	// seconds: a multi or alternating split trap's delays are in tenths
	// of a second.
	seconds = &propgrid.Unit{Name: "s", Per: 10}
)

// Inspect is the inspector's sections for the selected entities of kind.
func (f *session) Inspect(h game.Host, kind document.Kind, indexes []int) []inspect.Section {
	level := h.Level()
	l := f.d.Archive.Levels[level]
	switch kind {
	case sdoc.KindTile:
		return []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: f.tileFields(level, l, indexes)}}
	case sdoc.KindObject:
		out := []inspect.Section{{Title: inspect.Title(kind, indexes), Fields: f.objectFields(h, level, l, indexes)}}
		if len(indexes) == 1 {
			out = append(out, f.objectParts(h, level, indexes[0])...)
		}
		return out
	}
	return nil
}

// tileFields edits the tiles' typed fields through SetTiles: heights in
// height units with the ceiling as its height above the bottom,
// enumerations and hazards by name, and the flag bits as check boxes.
func (f *session) tileFields(level int, l *scodec.Level, indexes []int) []propgrid.Field {
	w := int(l.Info.Width)
	points := make([]sdoc.Point, len(indexes))
	for k, i := range indexes {
		points[k] = sdoc.Point{X: i % w, Y: i / w}
	}
	var out []propgrid.Field
	for field := sdoc.TileShape; field <= sdoc.TileFlags; field++ {
		values := make([]int, len(indexes))
		for k, i := range indexes {
			values[k] = field.Get(l.Tiles[i])
		}
		set := func(v int) error { return f.d.SetTiles(level, points, field, v) }
		if field == sdoc.TileFlags {
			out = append(out, f.tileFlagsField(level, points, values))
			continue
		}
		out = append(out, f.tileField(level, field, values, set))
	}
	return out
}

// tileField is the editor of one tile field other than the flag word.
func (f *session) tileField(level int, field sdoc.TileField, values []int, set func(int) error) propgrid.Field {
	lo, hi := field.Range()
	mixed := !inspect.AllSame(values)
	number := func(label string, unit *propgrid.Unit) propgrid.Field {
		return propgrid.Field{Label: label, Number: &propgrid.Number{Value: float64(values[0]), Mixed: mixed, Whole: true,
			Min: float64(lo), Max: float64(hi), Unit: unit, Set: func(v float64) error { return set(int(v)) }}}
	}
	choice := func(label string, names []string) propgrid.Field {
		return propgrid.Field{Label: label, Choice: &propgrid.Choice{Options: names, Index: inspect.Common(values), Set: set}}
	}
	hazard := func(label, name string) propgrid.Field {
		var differ uint64
		if mixed {
			differ = 1
		}
		return propgrid.Field{Label: label, Flags: &propgrid.Flags{Names: []string{name}, Value: uint64(values[0]), Mixed: differ,
			Set: func(_ int, on bool) error { return set(boolInt(on)) }}}
	}
	switch field {
	case sdoc.TileShape:
		return choice("shape", scodec.ShapeNames[:])
	case sdoc.FloorHeight:
		return number("floor height", heightUnits)
	case sdoc.CeilingHeight:
		// Stored as the depth below the top; shown, and typed, as the
		// height above the bottom, like the floor's.
		return propgrid.Field{Label: "ceiling height (absolute)", Number: &propgrid.Number{
			Value: float64(scodec.CeilingAbove(values[0])), Mixed: mixed, Whole: true,
			Min: float64(scodec.CeilingAbove(hi)), Max: float64(scodec.CeilingAbove(lo)), Unit: heightUnits,
			Set: func(v float64) error { return set(scodec.CeilingDepth(int(v))) }}}
	case sdoc.FloorRotation:
		return choice("floor texture rotation", scodec.RotationNames[:])
	case sdoc.CeilingRotation:
		return choice("ceiling texture rotation", scodec.RotationNames[:])
	case sdoc.FloorHazard:
		return hazard("floor hazard", "biohazard")
	case sdoc.CeilingHazard:
		return hazard("ceiling hazard", "radiation")
	case sdoc.Slope:
		return number("slope rise", heightUnits)
	case sdoc.SlopeControl:
		return choice("slope applies to", scodec.SlopeControlNames[:])
	case sdoc.WallTexture, sdoc.CeilingTexture, sdoc.FloorTexture:
		if names := f.slotNames(level, field); inspect.Common(values) < len(names) {
			return choice(field.String(), names)
		}
		return number(field.String()+" (slot)", nil)
	case sdoc.FloorShade, sdoc.CeilingShade:
		return number(field.String()+" (0-15)", nil)
	}
	return number(field.String(), nil)
}

// slotNames name the slots of a level's texture list that field can
// take: "3: texture 245".
func (f *session) slotNames(level int, field sdoc.TileField) []string {
	_, hi, err := f.d.TileRange(level, field)
	textures := f.d.Archive.Levels[level].Textures
	if err != nil || hi >= len(textures) {
		return nil
	}
	names := make([]string, hi+1)
	for i := range names {
		names[i] = fmt.Sprintf("%d: texture %d", i, textures[i])
	}
	return names
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tileFlagsField shows the tiles' flag bits (scodec.TileFlagNames) as
// check boxes; a box sets or clears its bit alone on every tile, as one
// step, leaving the fields packed in the other bits as they are.
func (f *session) tileFlagsField(level int, points []sdoc.Point, values []int) propgrid.Field {
	var differ uint64
	for _, v := range values {
		differ |= uint64(v ^ values[0])
	}
	set := func(bit int, on bool) error {
		byValue := map[int][]sdoc.Point{}
		for k, v := range values {
			if on {
				v |= 1 << bit
			} else {
				v &^= 1 << bit
			}
			byValue[v] = append(byValue[v], points[k])
		}
		return f.d.Batch(fmt.Sprintf("Set %s of %d tiles", scodec.TileFlagNames[bit], len(points)), func() error {
			for _, v := range slices.Sorted(func(yield func(int) bool) {
				for v := range byValue {
					if !yield(v) {
						return
					}
				}
			}) {
				if err := f.d.SetTiles(level, byValue[v], sdoc.TileFlags, v); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return propgrid.Field{Label: "flags", Flags: &propgrid.Flags{Names: scodec.TileFlagNames[:], Value: uint64(values[0]), Mixed: differ, Set: set}}
}

// typeName is what the game calls an object type: its own name when the
// game data has it, a trigger's type, or its subclass and number.
func (f *session) typeName(class, subclass, typ int) string {
	if class == scodec.ClassTrap && subclass == 0 && f.data.ObjectName(class, subclass, typ) == "" {
		return scodec.TriggerTypeName(uint8(typ)) + " trigger"
	}
	return f.data.TypeName(class, subclass, typ)
}

// objectFields edits the objects' base fields through SetObjectField.
func (f *session) objectFields(h game.Host, level int, l *scodec.Level, ids []int) []propgrid.Field {
	kinds := inspect.Map(ids, func(i int) int { o := l.Objects[i]; return int(o.Class)<<8 | int(o.Subclass) })
	triples := inspect.Map(ids, func(i int) int { o := l.Objects[i]; return int(o.Class)<<16 | int(o.Subclass)<<8 | int(o.Type) })
	first := l.Objects[ids[0]]
	class, subclass := int(first.Class), int(first.Subclass)
	out := []propgrid.Field{
		{Label: "object", Text: &propgrid.Text{Value: f.typeName(class, subclass, int(first.Type)), Mixed: !inspect.AllSame(triples)}},
	}
	out = append(out, f.kindFields(h, level, l, ids)...)
	out = append(out, f.positionFields(level, l, ids)...)
	out = append(out, f.standActions(h, level, ids)...)
	for field := sdoc.ObjectType; field < sdoc.NumObjectFields; field++ {
		values := inspect.Map(ids, func(i int) int { return field.Get(l.Objects[i]) })
		set := func(v int) error {
			edit := func() error { return f.d.SetObjectField(level, ids, field, v) }
			if field != sdoc.ObjectType {
				return edit()
			}
			var lost []string
			for _, id := range ids {
				if what := f.d.Discards(level, id, sdoc.DataType, v); what != "" {
					lost = append(lost, fmt.Sprintf("object %d: %s", id, what))
				}
			}
			return h.AskBeforeDiscarding(strings.Join(lost, "\n"), edit)
		}
		if field == sdoc.ObjectType && inspect.AllSame(kinds) {
			if names := f.typeNames(class, subclass); inspect.Common(values) < len(names) {
				out = append(out, propgrid.Field{Label: "type", Choice: &propgrid.Choice{Options: names, Index: inspect.Common(values), Set: set}})
				continue
			}
		}
		lo, hi := field.Range()
		n := &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values), Whole: true,
			Min: float64(lo), Max: float64(hi), Set: func(v float64) error { return set(int(v)) }}
		switch field {
		case sdoc.ObjectZ:
			n.Unit = objectHeightUnits
		case sdoc.ObjectPitch, sdoc.ObjectHeading, sdoc.ObjectBank:
			n.Unit = degrees
		}
		out = append(out, propgrid.Field{Label: field.String(), Number: n})
	}
	return out
}

// standings are where Document.Stand puts objects, as the inspector's
// short buttons (which keep it as narrow as its fields) and the System
// Shock menu name them, with the menu's keys (Ctrl+Shift+key).
var standings = []struct {
	label, button, menu string
	key                 fyne.KeyName
	s                   scodec.Standing
}{
	{"put on the", "floor", "Put on the Floor", fyne.KeyF, scodec.OnFloor},
	{"raise to", "eye level", "Raise to Eye Level", fyne.KeyE, scodec.AtEyeLevel},
	{"hang from the", "ceiling", "Hang from the Ceiling", fyne.KeyC, scodec.OnCeiling},
}

// standActions put the objects on the floor, at eye level or on the
// ceiling, at their exact positions (Document.Stand), as HackEd's
// commands do.
func (f *session) standActions(h game.Host, level int, ids []int) []propgrid.Field {
	var out []propgrid.Field
	for _, a := range standings {
		out = append(out, propgrid.Field{Label: a.label, Action: &propgrid.Action{Label: a.button, Do: func() {
			if err := f.d.Stand(level, ids, a.s, f.data); err != nil {
				h.ShowError(err)
			}
		}}})
	}
	return out
}

// Actions put the objects selected on the floor, at eye level or on the
// ceiling (Ctrl+Shift+F, E, C), as the inspector's buttons do.
func (f *session) Actions(h game.Host) []game.Action {
	var out []game.Action
	for _, a := range standings {
		out = append(out, game.Action{Label: a.menu, Key: a.key, Shift: true, Do: func(selection []document.Ref) error {
			ids := game.ByKind(selection)[sdoc.KindObject]
			if len(ids) == 0 {
				h.Status(a.menu + ": select the objects first")
				return nil
			}
			return f.d.Stand(h.Level(), ids, a.s, f.data)
		}})
	}
	return out
}

// typeNames name the types of a subclass, by number.
func (f *session) typeNames(class, subclass int) []string {
	if class >= scodec.NumClasses || subclass >= len(scodec.Subclasses[class]) {
		return nil
	}
	names := make([]string, scodec.Subclasses[class][subclass].Types)
	for t := range names {
		names[t] = fmt.Sprintf("%d: %s", t, f.typeName(class, subclass, t))
	}
	return names
}

// objectParts are the sections of a trap or trigger's action, of the
// object's class properties, and of a puzzle panel.
func (f *session) objectParts(h game.Host, level, id int) []inspect.Section {
	out := f.mapNoteSection(level, id)
	if trap, err := f.d.Trap(level, id); err == nil {
		out = append(out, f.conditionSection(h, level, id)...)
		out = append(out, inspect.Section{Title: "Action", Fields: f.trapFields(h, level, id, trap)})
	}
	out = append(out, f.classSections(h, level, id)...)
	return append(out, f.puzzleSection(h, level, id)...)
}

// trapFields is a trap's action, as a choice, and its parameters as the
// object's layout names them: enumerations by name, single bits as check
// boxes, objects by the target's name with a picker that takes the next
// object clicked in the map.
func (f *session) trapFields(h game.Host, level, id int, trap scodec.Trap) []propgrid.Field {
	out := []propgrid.Field{{Label: "action", Choice: &propgrid.Choice{Options: scodec.ActionNames[:], Index: int(trap.Action),
		Set: func(i int) error {
			return h.AskBeforeDiscarding(f.d.Discards(level, id, sdoc.DataAction, i),
				func() error { return f.d.SetTrapAction(level, id, scodec.Action(i)) })
		}}}}
	params, err := f.d.ParamFields(level, id)
	if err != nil {
		return out
	}
	for _, p := range params {
		v := p.Get(trap)
		set := func(x uint32) error { return f.d.SetTrapParam(level, id, p.Name, x) }
		switch names := p.ValueNames(); {
		case p.Kind == scodec.KindObject:
			out = append(out, f.referenceField(h, level, fmt.Sprintf("%s of object %d", p.Name, id), p.Name, v, uint32(1<<p.Bits-1), set))
		case p.Kind == scodec.KindQuest:
			out = append(out, f.questParamField(p, v, set))
		case p.Kind == scodec.KindNumber && (p.NamedValues() != nil || p.Text() != scodec.NoText):
			out = append(out, f.namedParamField(p, v, set))
		case p.Kind == scodec.KindBCD:
			out = append(out, bcdField(p.Name, int64(v), func(x int64) error { return set(uint32(x)) }))
		case p.Kind == scodec.KindLevels:
			out = append(out, bitsField(p.Name, scodec.LevelNames, int64(v), func(x int64) error { return set(uint32(x)) }))
		case p.Kind == scodec.KindFlag:
			out = append(out, propgrid.Field{Label: p.Name, Flags: &propgrid.Flags{Names: []string{"yes"}, Value: uint64(v),
				Set: func(_ int, on bool) error { return set(uint32(boolInt(on))) }}})
		case int(v) < len(names):
			out = append(out, propgrid.Field{Label: p.Name, Choice: &propgrid.Choice{Options: names, Index: int(v),
				Set: func(i int) error { return set(uint32(i)) }}})
		default:
			var unit *propgrid.Unit
			if p.Kind == scodec.KindNumber && strings.HasSuffix(p.Name, " delay") {
				unit = seconds
			}
			out = append(out, propgrid.Field{Label: p.Name, Number: &propgrid.Number{Value: float64(v), Whole: true,
				Max: float64(uint64(1)<<p.Bits - 1), Unit: unit, Set: func(x float64) error { return set(uint32(x)) }}})
		}
	}
	return out
}

// questParamField shows a parameter that may read the quest state as the
// game reads it (questText); the same forms are typed back (parseQuest).
func (f *session) questParamField(p scodec.ParamField, v uint32, set func(uint32) error) propgrid.Field {
	hi := uint64(1)<<p.Bits - 1
	shown := f.questText(v)
	_, isVar := scodec.Param(v).QuestVariable()
	if _, isBit := scodec.Param(v).QuestBit(); !isVar && !isBit {
		shown = withName(shown, f.paramValueName(p, v))
	}
	return propgrid.Field{Label: p.Name, Text: &propgrid.Text{Value: shown, Set: func(s string) error {
		if x, ok := f.paramValueByName(p, strings.TrimSpace(s)); ok {
			return set(x)
		}
		n, err := f.parseQuest(s)
		if err != nil || n > hi {
			return fmt.Errorf("%s: %q is not var[0-4095], bit[0-4095], a quest name or a number from 0 to %d", p.Name, s, hi)
		}
		return set(uint32(n))
	}}}
}

// questText is a parameter as the game reads it: "var[n]" for quest
// variable n, "bit[n]" for quest bit n, followed by the mission's name
// for it (sdoc.QuestNames) in parentheses, else the literal number.
func (f *session) questText(v uint32) string {
	p := scodec.Param(v)
	n, isVar := p.QuestVariable()
	if b, isBit := p.QuestBit(); isBit {
		n = b
	} else if !isVar {
		return p.String()
	}
	if name := f.names.Name(isVar, n); name != "" {
		return p.String() + " (" + name + ")"
	}
	return p.String()
}

// parseQuest reads what questText shows, a quest name of the mission
// alone, or "var[n]", "bit[n]" or a number, as a parameter's stored
// value.
func (f *session) parseQuest(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if isVar, n, ok := f.names.Lookup(s); ok {
		return map[bool]uint64{false: 0x2000, true: 0x1000}[isVar] | uint64(n), nil
	}
	if i := strings.Index(s, " ("); i > 0 && strings.HasSuffix(s, ")") {
		s = s[:i]
	}
	for prefix, flag := range map[string]uint64{"var[": 0x1000, "bit[": 0x2000} {
		if inner, ok := strings.CutPrefix(s, prefix); ok {
			inner, ok = strings.CutSuffix(inner, "]")
			n, err := strconv.ParseUint(inner, 10, 12)
			if !ok || err != nil {
				return 0, fmt.Errorf("%q is not %sn] with n from 0 to 4095", s, prefix)
			}
			return flag | n, nil
		}
	}
	return strconv.ParseUint(s, 0, 32)
}

// referenceField shows an object reference as the target's name ("object
// 123: repair robot"); a number typed in it, alone or as "object 123",
// or an object's name (parseReference) sets the reference, and Pick
// takes the next object clicked.
func (f *session) referenceField(h game.Host, level int, what, label string, v, hi uint32, set func(uint32) error) propgrid.Field {
	return propgrid.Field{Label: label,
		Text: &propgrid.Text{Value: f.referenceName(level, v), Set: func(s string) error {
			n, err := f.parseReference(level, s)
			if err != nil {
				return fmt.Errorf("%s: %w", label, err)
			}
			if n > uint64(hi) {
				return fmt.Errorf("%s: %q is not an object number from 0 to %d", label, s, hi)
			}
			return set(uint32(n))
		}},
		Action: &propgrid.Action{Label: "Pick", Do: func() {
			h.PickTarget("click the object for "+what, sdoc.KindObject, func(target int) error { return set(uint32(target)) })
		}}}
}

// referenceName names the object a reference holds: "none" for 0, the
// quest variable or bit it reads, or the object's index and type name.
func (f *session) referenceName(level int, v uint32) string {
	l := f.d.Archive.Levels[level]
	p := scodec.Param(v)
	_, variable := p.QuestVariable()
	_, bit := p.QuestBit()
	switch {
	case v == 0:
		return "none"
	case variable || bit:
		return "object in " + p.String()
	case int(v) >= len(l.Objects) || l.Objects[v].Active == 0:
		return fmt.Sprintf("object %d (no such object)", v)
	}
	o := l.Objects[v]
	return fmt.Sprintf("object %d: %s", v, f.typeName(int(o.Class), int(o.Subclass), int(o.Type)))
}
