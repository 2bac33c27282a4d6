package marathon

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// editRecords applies update to records of table t as one step; settle
// then puts back what update may not change and notes what the change
// affects. An edit that changes nothing (or no record) records no step.
func editRecords[T any](d *Document, level int, t *table[T], indexes []int, update func(*T), settle func(e *edit, i int, before T)) error {
	if len(indexes) == 0 {
		_, err := d.Level(level)
		return err
	}
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	s := *t.Slice(e.l)
	for _, i := range indexes {
		if i < 0 || i >= len(s) {
			return fmt.Errorf("level %d has no %s %d", level, t.Kind, i)
		}
	}
	document.Touch(e.Edit, t)
	for _, i := range indexes {
		before := t.Copy(s[i])
		update(&s[i])
		if settle != nil {
			settle(e, i, before)
		}
	}
	what := fmt.Sprintf("%s %d", t.Kind, indexes[0])
	if len(indexes) != 1 {
		what = fmt.Sprintf("%d %ss", len(indexes), t.Kind)
	}
	return e.Commit("Edit "+what, "")
}

// EditPolygons changes polygons' properties: type, permutation, flags,
// floor and ceiling textures, heights, lights, transfer modes, texture
// origins, liquid, ambient and random sounds. Their outlines and the
// derived fields are not theirs to change and are kept.
//
// A polygon the update makes a platform, which no platform record names,
// gets one (NewDoor), in the same step: the engine makes platforms from
// their records.
func (d *Document) EditPolygons(level int, polygons []int, update func(*codec.Polygon)) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	var need []int // the polygons that become platforms without a record
	if AddsPlatforms(l) {
		for _, pi := range polygons {
			if pi < 0 || pi >= len(l.Polygons) || l.Polygons[pi].Type == codec.PolygonPlatform || l.PlatformRecordOf(pi) {
				continue
			}
			if p := l.Polygons[pi]; func() bool { update(&p); return p.Type == codec.PolygonPlatform }() {
				need = append(need, pi)
			}
		}
	}
	if len(need) == 0 {
		return editRecords(d, level, polygonsTable, polygons, update, settlePolygon)
	}
	return d.Batch(fmt.Sprintf("Make %s platforms", document.Count(len(need), "polygon")), func() error {
		records := make([]int, len(need))
		for k, pi := range need {
			door := NewDoor
			door.Polygon = int16(pi)
			if records[k], err = addRecord(d, level, platformsTable, door); err != nil {
				return err
			}
		}
		if err := editRecords(d, level, polygonsTable, polygons, update, settlePolygon); err != nil {
			return err
		}
		for k, pi := range need {
			if err := editRecords(d, level, polygonsTable, []int{pi}, func(p *codec.Polygon) { p.Permutation = int16(records[k]) }, settlePolygon); err != nil {
				return err
			}
		}
		return nil
	})
}

// NewDoor is the platform a polygon made a platform gets: a S'pht door
// (platform type 0), closed at first (extended floor to ceiling, coming
// from the ceiling), opened by a player or a monster, reversing when
// obstructed, closing again after two seconds (60 ticks), between the
// heights the engine finds (-1).
var NewDoor = codec.StaticPlatform{Speed: 30, Delay: 60, MinimumHeight: -1, MaximumHeight: -1,
	StaticFlags: codec.PlatformInitiallyExtended | codec.PlatformDeactivatesAtEachLevel | codec.PlatformExtendsFloorToCeiling |
		codec.PlatformComesFromCeiling | codec.PlatformPlayerControllable | codec.PlatformMonsterControllable |
		codec.PlatformReversesWhenObstructed | codec.PlatformIsDoor}

// settlePolygon keeps polygon i's outline and derived fields, and gives
// its walls the sides its new heights need.
func settlePolygon(e *edit, i int, before codec.Polygon) {
	p := &e.l.Polygons[i]
	sides := p.Sides
	p.VertexCount, p.Endpoints, p.Lines, p.Adjacent, p.Sides = before.VertexCount, before.Endpoints, before.Lines, before.Adjacent, before.Sides
	for k, s := range sides[:min(p.VertexCount, 8)] {
		if e.sideOf(s, func(side codec.Side) bool { return int(side.Polygon) == i && side.Line == int16(p.Lines[k]) }) {
			p.Sides[k] = s // a side the polygon's new heights need, given with them
		}
	}
	p.Area, p.Center, p.FirstObject = before.Area, before.Center, before.FirstObject
	p.SetIndexes(before.StoredIndexes())
	if p.FloorHeight != before.FloorHeight || p.CeilingHeight != before.CeilingHeight || p.Type != before.Type {
		e.polygonChanged(i)
		for _, li := range p.Lines[:min(p.VertexCount, 8)] {
			e.fixSides(int(li))
		}
	}
}

// EditLines changes lines' flags (solid, transparent...); a line's
// endpoints, owners, sides and derived fields are kept. A line that
// turns solid or open gets the sides it then needs.
func (d *Document) EditLines(level int, lines []int, update func(*codec.Line)) error {
	return editRecords(d, level, linesTable, lines, update, settleLine)
}

// settleLine keeps all of line i but its flags, and gives it the sides
// they need.
func settleLine(e *edit, i int, before codec.Line) {
	line := &e.l.Lines[i]
	flags, cw, ccw := line.Flags, line.ClockwiseSide, line.CCWSide
	*line = before
	line.Flags = flags
	// A side its new heights or flags need, given with them: of this line,
	// on the face's polygon, and not the other face's.
	face := func(poly uint16) func(codec.Side) bool {
		return func(side codec.Side) bool { return int(side.Line) == i && uint16(side.Polygon) == poly }
	}
	if cw != ccw && e.sideOf(cw, face(line.ClockwisePoly)) {
		line.ClockwiseSide = cw
	}
	if cw != ccw && e.sideOf(ccw, face(line.CCWPoly)) {
		line.CCWSide = ccw
	}
	e.lineChanged(i)
	e.fixSides(i)
}

// sideOf reports whether s is a side of the level for which of holds
// (it names the line or polygon that would take it), which an import
// gives a line or polygon whose edit needs it.
func (e *edit) sideOf(s uint16, of func(codec.Side) bool) bool {
	return s != codec.None && int(s) < len(e.l.Sides) && of(e.l.Sides[s])
}

// EditSides changes sides' textures, offsets, transfer modes, lights and
// control panels; a side stays on its line and polygon.
func (d *Document) EditSides(level int, sides []int, update func(*codec.Side)) error {
	return editRecords(d, level, sidesTable, sides, update, settleSide)
}

// settleSide keeps side i on its line and polygon.
func settleSide(e *edit, i int, before codec.Side) {
	s := &e.l.Sides[i]
	s.Polygon, s.Line = before.Polygon, before.Line
	if int(s.Line) >= 0 && int(s.Line) < len(e.l.Lines) {
		e.lines[int(s.Line)] = true // its flags follow the side's transfer modes
	}
}

// EditLights changes lights (Marathon 2 and later).
func (d *Document) EditLights(level int, lights []int, update func(*codec.Light)) error {
	return editRecords(d, level, lightsTable, lights, update, nil)
}

// EditOldLights changes Marathon 1 lights.
func (d *Document) EditOldLights(level int, lights []int, update func(*codec.OldLight)) error {
	return editRecords(d, level, oldLightsTable, lights, update, nil)
}

// EditMedia changes liquids.
func (d *Document) EditMedia(level int, media []int, update func(*codec.Media)) error {
	return editRecords(d, level, mediaTable, media, update, nil)
}

// EditPlatforms changes platforms as maps store them (plat); the polygon
// stays the platform's.
func (d *Document) EditPlatforms(level int, platforms []int, update func(*codec.StaticPlatform)) error {
	return editRecords(d, level, platformsTable, platforms, update, settlePlatform)
}

// settlePlatform keeps platform i's polygon. A platform as maps store it
// reaches no derived data: the engine builds the platform, and moves its
// polygon, when it loads the map.
func settlePlatform(e *edit, i int, before codec.StaticPlatform) {
	e.l.Platforms[i].Polygon = before.Polygon
}

// EditRunPlatforms changes platforms as preprocessed maps store them
// (PLAT); the polygon and the endpoint owners stay. What the engine
// derives when it builds a platform (its extremes, dynamic flags and
// starting heights, and its polygon's, lines' and endpoints' heights,
// solidity and transparency) is derived again from the changed record,
// in the same step.
func (d *Document) EditRunPlatforms(level int, platforms []int, update func(*codec.Platform)) error {
	return editRecords(d, level, runPlatformsTable, platforms, update, settleRunPlatform)
}

// settleRunPlatform keeps platform i's polygon and endpoint owners, and
// has the platform built again from its changed record, as the engine
// builds it (see edit.rebuildPlatforms).
func settleRunPlatform(e *edit, i int, before codec.Platform) {
	p := &e.l.RunPlatforms[i]
	p.Polygon, p.EndpointOwners = before.Polygon, before.EndpointOwners
	e.platforms[i] = true
}

// EditAmbientSounds changes ambient sounds.
func (d *Document) EditAmbientSounds(level int, sounds []int, update func(*codec.AmbientSound)) error {
	return editRecords(d, level, ambientTable, sounds, update, nil)
}

// EditRandomSounds changes random sounds.
func (d *Document) EditRandomSounds(level int, sounds []int, update func(*codec.RandomSound)) error {
	return editRecords(d, level, randomTable, sounds, update, nil)
}

// EditInfo changes the map info: name, environment, physics, landscape,
// mission, environment and entry flags.
func (d *Document) EditInfo(level int, update func(*codec.MapInfo)) error {
	return editRecords(d, level, infoTable, []int{0}, update, nil)
}

// EditPlacements changes item and monster placement: entries 0 to 63
// are items, 64 to 127 monsters.
func (d *Document) EditPlacements(level int, entries []int, update func(*codec.Placement)) error {
	return editRecords(d, level, placementsTable, entries, update, nil)
}

// EditNotes changes annotations; one that moves is kept in the polygon
// that contains it.
func (d *Document) EditNotes(level int, notes []int, update func(*codec.Note)) error {
	return editRecords(d, level, notesTable, notes, update, settleNote)
}

// settleNote puts annotation i in the polygon that contains it, if any.
func settleNote(e *edit, i int, _ codec.Note) {
	n := &e.l.Notes[i]
	if pi := e.polygonAt(n.Location, int(n.Polygon)); pi >= 0 {
		n.Polygon = int16(pi)
	}
}

// EditTerminals changes terminals: their groups, faces and text.
func (d *Document) EditTerminals(level int, terminals []int, update func(*codec.Terminal)) error {
	return editRecords(d, level, terminalsTable, terminals, update, nil)
}

// addRecord appends a record to table t and returns its index.
func addRecord[T any](d *Document, level int, t *table[T], v T) (int, error) {
	e, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	document.Touch(e.Edit, t)
	s := t.Slice(e.l)
	*s = append(*s, t.Copy(v))
	i := len(*s) - 1
	e.Born[t.Kind] = append(e.Born[t.Kind], i)
	return i, e.Commit(fmt.Sprintf("Add %s %d", t.Kind, i), "")
}

// AddLight adds a light (Marathon 2 and later).
func (d *Document) AddLight(level int, l codec.Light) (int, error) {
	return addRecord(d, level, lightsTable, l)
}

// AddOldLight adds a Marathon 1 light.
func (d *Document) AddOldLight(level int, l codec.OldLight) (int, error) {
	return addRecord(d, level, oldLightsTable, l)
}

// AddMedia adds a liquid.
func (d *Document) AddMedia(level int, m codec.Media) (int, error) {
	return addRecord(d, level, mediaTable, m)
}

// AddAmbientSound adds an ambient sound.
func (d *Document) AddAmbientSound(level int, s codec.AmbientSound) (int, error) {
	return addRecord(d, level, ambientTable, s)
}

// AddRandomSound adds a random sound.
func (d *Document) AddRandomSound(level int, s codec.RandomSound) (int, error) {
	return addRecord(d, level, randomTable, s)
}

// AddTerminal adds a terminal.
func (d *Document) AddTerminal(level int, t codec.Terminal) (int, error) {
	return addRecord(d, level, terminalsTable, t)
}

// AddNote adds an annotation in the polygon that contains its location.
func (d *Document) AddNote(level int, n codec.Note) (int, error) {
	e, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	pi := e.polygonAt(n.Location, -1)
	if pi < 0 {
		return 0, fmt.Errorf("(%d,%d) is in no polygon of level %d", n.Location.X, n.Location.Y, level)
	}
	n.Polygon = int16(pi)
	return addRecord(d, level, notesTable, n)
}

// AddPlatform makes polygon pi a platform (Marathon 2 and later maps
// that store plat records): the polygon's type becomes platform and its
// permutation the new platform.
func (d *Document) AddPlatform(level, pi int, p codec.StaticPlatform) (int, error) {
	l, err := d.Level(level)
	if err != nil {
		return 0, err
	}
	if !AddsPlatforms(l) {
		return 0, fmt.Errorf("level %d keeps its platforms in a form this editor does not add to", level)
	}
	if pi < 0 || pi >= len(l.Polygons) || l.Polygons[pi].Type == codec.PolygonPlatform {
		return 0, fmt.Errorf("level %d: polygon %d cannot become a platform", level, pi)
	}
	var index int
	err = d.Batch(fmt.Sprintf("Make polygon %d a platform", pi), func() error {
		p.Polygon = int16(pi)
		if index, err = addRecord(d, level, platformsTable, p); err != nil {
			return err
		}
		return d.EditPolygons(level, []int{pi}, func(q *codec.Polygon) {
			q.Type, q.Permutation = codec.PolygonPlatform, int16(index)
		})
	})
	return index, err
}

// reference is a field holding an index into another table; clear, when
// set, makes its owner name nothing, so that the record it names can go.
// An aimed reference names the record by another of its fields (a switch
// aimed at a platform's polygon): it is cleared with the record, and
// field is not moved.
type reference struct {
	owner string // "polygon 3's liquid"
	field *int16
	clear func()
	aimed bool
}

// names reports whether r names record i.
func (r reference) names(i int) bool { return r.aimed || int(*r.field) == i }

// deleteRecord deletes record i of table t (removeRecord), one step.
func deleteRecord[T any](d *Document, level int, t *table[T], i int, references func(e *edit) []reference) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	if err := removeRecord(e, t, i, references); err != nil {
		return err
	}
	return e.Commit(fmt.Sprintf("Delete %s %d", t.Kind, i), "")
}

// removeRecord removes record i of table t in e after checking that no
// reference it cannot clear names it, clears those it can, and moves
// down the references to later records.
func removeRecord[T any](e *edit, t *table[T], i int, references func(e *edit) []reference) error {
	s := t.Slice(e.l)
	if i < 0 || i >= len(*s) {
		return fmt.Errorf("level %d has no %s %d", e.level, t.Kind, i)
	}
	refs := references(e)
	if err := refuseKept(t.Kind, i, refs); err != nil {
		return err
	}
	for _, r := range refs {
		switch {
		case r.names(i):
			r.clear()
		case int(*r.field) > i:
			*r.field--
		}
	}
	document.Touch(e.Edit, t)
	*s = filter(*s, map[int]bool{i: true})
	moves := map[int]int{i: -1}
	for k := i + 1; k <= len(*s); k++ {
		moves[k] = k - 1
	}
	e.Renumber = append(e.Renumber, document.Renumbering{Kind: t.Kind, Moves: moves})
	return nil
}

// refuseKept says that record i of kind cannot go when one of refs names
// it and cannot be cleared.
func refuseKept(kind document.Kind, i int, refs []reference) error {
	for _, r := range refs {
		if r.names(i) && r.clear == nil {
			return fmt.Errorf("%s %d is in use by %s", kind, i, r.owner)
		}
	}
	return nil
}

// DeleteLight deletes a light (of either generation). The polygons,
// sides and liquids it lit, which must name a light, take the first
// other one (the light numbered 0 once it is gone); the level's only
// light that lights something cannot go. The light switches and light
// triggers that name it lose their control panel or become normal
// polygons (see Referrers).
func (d *Document) DeleteLight(level, i int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if l.LightCount() == 1 {
		if users, err := d.RecordUsers(level, KindLight, i); err != nil || len(users) > 0 {
			return fmt.Errorf("light %d is the level's only light, and polygons, sides and liquids must name one", i)
		}
	}
	if l.Marathon1() {
		return deleteRecord(d, level, oldLightsTable, i, lightReferences)
	}
	return deleteRecord(d, level, lightsTable, i, lightReferences)
}

// lightReferences are the fields that name a light: those of polygons,
// sides and liquids, which must name one and take the first other light
// when theirs goes (light 0 once it is gone), and the light switches and
// triggers, which can be cleared.
func lightReferences(e *edit) []reference {
	document.Touch(e.Edit, polygonsTable)
	document.Touch(e.Edit, sidesTable)
	document.Touch(e.Edit, mediaTable)
	var out []reference
	for pi := range e.l.Polygons {
		p := &e.l.Polygons[pi]
		for _, f := range []*int16{&p.FloorLight, &p.CeilingLight, &p.MediaLight} {
			out = append(out, reference{owner: fmt.Sprintf("polygon %d", pi), field: f, clear: toFirstLight(f)})
		}
	}
	for si := range e.l.Sides {
		s := &e.l.Sides[si]
		for _, f := range []*int16{&s.PrimaryLight, &s.SecondaryLight, &s.TransparentLight} {
			out = append(out, reference{owner: fmt.Sprintf("side %d", si), field: f, clear: toFirstLight(f)})
		}
	}
	for mi := range e.l.Media {
		out = append(out, reference{owner: fmt.Sprintf("liquid %d", mi), field: &e.l.Media[mi].LightIndex, clear: toFirstLight(&e.l.Media[mi].LightIndex)})
	}
	return append(out, permutationReferences(e.l, KindLight)...)
}

// toFirstLight gives field, a light that is going, the first light left.
func toFirstLight(field *int16) func() { return func() { *field = 0 } }

// permutationReferences are the switches, triggers and panels of l
// whose permutation names an entity of kind, which can be cleared.
func permutationReferences(l *codec.Level, kind document.Kind) []reference {
	var out []reference
	for _, k := range permutations(l) {
		if k.To == kind {
			out = append(out, reference{owner: k.String(), field: k.field, clear: k.clear})
		}
	}
	return out
}

// polygonReferences lists one polygon field, what names, as references
// that can be cleared (to none). Marathon 1 polygons have no such
// fields: the engine ignores what they hold there.
func polygonReferences(what string, field func(*codec.Polygon) *int16) func(e *edit) []reference {
	return func(e *edit) []reference {
		if e.l.Marathon1() {
			return nil
		}
		document.Touch(e.Edit, polygonsTable)
		var out []reference
		for pi := range e.l.Polygons {
			f := field(&e.l.Polygons[pi])
			out = append(out, reference{owner: fmt.Sprintf("polygon %d's %s", pi, what), field: f, clear: func() { *f = -1 }})
		}
		return out
	}
}

var (
	mediaReferences   = polygonReferences("liquid", func(p *codec.Polygon) *int16 { return &p.Media })
	ambientReferences = polygonReferences("ambient sound", func(p *codec.Polygon) *int16 { return &p.AmbientSound })
	randomReferences  = polygonReferences("random sound", func(p *codec.Polygon) *int16 { return &p.RandomSound })
)

// DeleteMedia deletes a liquid; the polygons it fills get none.
func (d *Document) DeleteMedia(level, i int) error {
	return deleteRecord(d, level, mediaTable, i, mediaReferences)
}

// DeleteAmbientSound deletes an ambient sound; the polygons that play it
// get none.
func (d *Document) DeleteAmbientSound(level, i int) error {
	return deleteRecord(d, level, ambientTable, i, ambientReferences)
}

// DeleteRandomSound deletes a random sound; the polygons that play it
// get none.
func (d *Document) DeleteRandomSound(level, i int) error {
	return deleteRecord(d, level, randomTable, i, randomReferences)
}

// DeleteNote deletes an annotation.
func (d *Document) DeleteNote(level, i int) error {
	return deleteRecord(d, level, notesTable, i, func(*edit) []reference { return nil })
}

// DeleteTerminal deletes the last terminal; the control panels that
// show it become plain walls. Control panels name terminals by their
// place, so only the last can go without renaming what the panels show.
func (d *Document) DeleteTerminal(level int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if len(l.Terminals) == 0 {
		return fmt.Errorf("level %d has no terminals", level)
	}
	return deleteRecord(d, level, terminalsTable, len(l.Terminals)-1, terminalReferences)
}

// terminalReferences are the control panels that show a terminal.
func terminalReferences(e *edit) []reference {
	document.Touch(e.Edit, sidesTable)
	return permutationReferences(e.l, KindTerminal)
}
