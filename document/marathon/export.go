package marathon

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// ExportFormat names the JSON form of a Marathon level.
const ExportFormat = "levelwright-marathon-level/1"

// LevelJSON is a Marathon level as text: every record of every chunk
// the level models, by index, with the format's field names. Import
// reads the same form back.
type LevelJSON struct {
	Format       string                 `json:"format"`
	Level        int                    `json:"level"`
	Name         string                 `json:"name"`
	Endpoints    []codec.Point          `json:"endpoints"`
	Lines        []codec.Line           `json:"lines"`
	Sides        []codec.Side           `json:"sides"`
	Polygons     []codec.Polygon        `json:"polygons"`
	Objects      []codec.Object         `json:"objects"`
	Lights       []codec.Light          `json:"lights,omitempty"`
	OldLights    []codec.OldLight       `json:"old_lights,omitempty"`
	Notes        []codec.Note           `json:"annotations"`
	Info         []codec.MapInfo        `json:"info"`
	Placements   []codec.Placement      `json:"placements"`
	Platforms    []codec.StaticPlatform `json:"platforms,omitempty"`
	RunPlatforms []codec.Platform       `json:"run_platforms,omitempty"`
	Media        []codec.Media          `json:"liquids"`
	Ambient      []codec.AmbientSound   `json:"ambient_sounds"`
	Random       []codec.RandomSound    `json:"random_sounds"`
	Terminals    []TerminalJSON         `json:"terminals"`
}

// Export returns level as text. Empty lists are empty, never nil, so
// that they are written as [].
func (d *Document) Export(level int) (LevelJSON, error) {
	l, err := d.Level(level)
	if err != nil {
		return LevelJSON{}, err
	}
	lj := LevelJSON{Format: ExportFormat, Level: level, Name: l.MapName(), Lines: orEmpty(l.Lines), Sides: orEmpty(l.Sides),
		Polygons: orEmpty(l.Polygons), Objects: orEmpty(l.Objects), Lights: l.Lights, OldLights: l.OldLights,
		Notes: orEmpty(l.Notes), Info: orEmpty(l.Info), Placements: orEmpty(l.Placements), Platforms: l.Platforms,
		RunPlatforms: l.RunPlatforms, Media: orEmpty(l.Media), Ambient: orEmpty(l.Ambient), Random: orEmpty(l.Random),
		Endpoints: make([]codec.Point, 0, len(l.Endpoints)+len(l.Points)), Terminals: make([]TerminalJSON, len(l.Terminals))}
	for v := range len(l.Endpoints) + len(l.Points) {
		p, _ := l.Vertex(uint16(v))
		lj.Endpoints = append(lj.Endpoints, p)
	}
	for i, t := range l.Terminals {
		lj.Terminals[i] = exportTerminal(t)
	}
	return lj, nil
}

// orEmpty is s, or an empty slice for nil.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Import applies the differences between lj and its level as one edit,
// one undo step, and returns how many records it changed, added or
// removed (and endpoints it moved). Geometry must keep its counts
// (endpoints, lines, sides, polygons): draw and delete in the editor;
// endpoints may move, all at once (no polygon may end up concave, no
// line crossing another), and every property may change, and a polygon's new
// heights add the sides its walls then need. Objects, lights, liquids,
// sounds, annotations and terminals may also be added or removed at the
// end of their lists. Import refuses text that does not fit: a list
// that is null, kept fields (outlines, owners) with indexes out of range
// or repeated, and values and references the engine would crash on or
// cannot store; every refusal names the level, the record and the field.
func (d *Document) Import(lj LevelJSON) (edits int, err error) {
	if lj.Format != ExportFormat {
		return 0, fmt.Errorf("format %q, want %q", lj.Format, ExportFormat)
	}
	l, err := d.Level(lj.Level)
	if err != nil {
		return 0, err
	}
	level := lj.Level
	if err := lj.fits(l); err != nil {
		return 0, fmt.Errorf("level %d: %w", level, err)
	}
	terminals, err := lj.terminals(l)
	if err != nil {
		return 0, fmt.Errorf("level %d: %w", level, err)
	}
	e, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	if edits, err = lj.removeByIdentity(e); err != nil {
		e.Rollback()
		return 0, fmt.Errorf("level %d: %w", level, err)
	}
	moves := map[int]codec.Point{}
	for v, p := range lj.Endpoints {
		if at, _ := l.Vertex(uint16(v)); at != p {
			moves[v] = p
		}
	}
	if len(moves) > 0 {
		if err := e.moveVertices(moves); err != nil {
			e.Rollback()
			return 0, fmt.Errorf("level %d: endpoints: moving %d of them: %w", level, len(moves), err)
		}
	}
	edits += len(moves)
	for _, sync := range []func() (int, error){
		// Sides first: a polygon's new heights may add the sides they need.
		func() (int, error) { return syncTable(e, sidesTable, lj.Sides, always(settleSide), nil) },
		func() (int, error) { return syncTable(e, linesTable, lj.Lines, always(settleLine), nil) },
		func() (int, error) { return syncTable(e, polygonsTable, lj.Polygons, always(settlePolygon), nil) },
		func() (int, error) { return syncTable(e, objectsTable, lj.Objects, settleObject, placeObject) },
		func() (int, error) { return syncTable(e, lightsTable, orNil(lj.Lights, l.Lights), nil, nil) },
		func() (int, error) { return syncTable(e, oldLightsTable, orNil(lj.OldLights, l.OldLights), nil, nil) },
		func() (int, error) { return syncTable(e, notesTable, lj.Notes, always(settleNote), placeNote) },
		func() (int, error) { return syncTable(e, infoTable, lj.Info, nil, nil) },
		func() (int, error) { return syncTable(e, placementsTable, lj.Placements, nil, nil) },
		func() (int, error) {
			return syncTable(e, platformsTable, orNil(lj.Platforms, l.Platforms), always(settlePlatform), nil)
		},
		func() (int, error) {
			return syncTable(e, runPlatformsTable, orNil(lj.RunPlatforms, l.RunPlatforms), always(settleRunPlatform), nil)
		},
		func() (int, error) { return syncTable(e, mediaTable, lj.Media, nil, nil) },
		func() (int, error) { return syncTable(e, ambientTable, lj.Ambient, nil, nil) },
		func() (int, error) { return syncTable(e, randomTable, lj.Random, nil, nil) },
		func() (int, error) { return syncTable(e, terminalsTable, terminals, nil, nil) },
	} {
		n, err := sync()
		if err != nil {
			e.Rollback()
			return 0, fmt.Errorf("level %d: %w", level, err)
		}
		edits += n
	}
	if err := e.Commit(fmt.Sprintf("Import level %d", level), ""); err != nil {
		return 0, err
	}
	return edits, nil
}

// orNil is want, or have when want is nil: a list the text leaves out
// because it is empty (lights or old lights, platforms or run
// platforms) must be empty in the level too, which fits checks.
func orNil[T any](want, have []T) []T {
	if want == nil {
		return have
	}
	return want
}

// syncTable makes the edit's records of t equal want and returns how
// many records it changed, added or removed: settle puts back what an
// edit of record i may not change; place settles an added record, or
// refuses it. Records past want's end are removed, the last first.
func syncTable[T any](e *edit, t *table[T], want []T, settle func(e *edit, i int, before T) error, place func(e *edit, v *T) error) (int, error) {
	s := t.Slice(e.l)
	have := len(*s)
	n := 0
	for i := range min(have, len(want)) {
		if t.Same((*s)[i], want[i]) {
			continue
		}
		document.TouchAt(e.Edit, t, i)
		before := t.Copy((*s)[i])
		(*s)[i] = t.Copy(want[i])
		if settle != nil {
			if err := settle(e, i, before); err != nil {
				return n, fmt.Errorf("%s %d: %w", t.Kind, i, err)
			}
		}
		n++
	}
	if len(want) == have {
		return n, nil
	}
	document.Touch(e.Edit, t)
	s = t.Slice(e.l) // settling may have grown another table, not this one
	if len(want) < have {
		moves := map[int]int{}
		for i := len(want); i < have; i++ {
			moves[i] = -1
		}
		*s = (*s)[:len(want)]
		e.Renumber = append(e.Renumber, document.Renumbering{Kind: t.Kind, Moves: moves})
		return n + have - len(want), nil
	}
	for i := have; i < len(want); i++ {
		v := t.Copy(want[i])
		if place != nil {
			if err := place(e, &v); err != nil {
				return n, fmt.Errorf("%s %d: %w", t.Kind, i, err)
			}
		}
		*s = append(*s, v)
		e.Born[t.Kind] = append(e.Born[t.Kind], i)
		n++
	}
	return n, nil
}

// always is a settle function that cannot fail.
func always[T any](settle func(e *edit, i int, before T)) func(e *edit, i int, before T) error {
	return func(e *edit, i int, before T) error {
		settle(e, i, before)
		return nil
	}
}

// settleObject puts edited object i in the polygon that contains it.
func settleObject(e *edit, i int, _ codec.Object) error { return e.place(&e.l.Objects[i]) }

// placeObject puts an added object in the polygon that contains it.
func placeObject(e *edit, o *codec.Object) error { return e.place(o) }

// placeNote puts an added annotation in the polygon that contains it.
func placeNote(e *edit, n *codec.Note) error {
	pi := e.polygonAt(n.Location, int(n.Polygon))
	if pi < 0 {
		return fmt.Errorf("Location (%d,%d) is in no polygon", n.Location.X, n.Location.Y)
	}
	n.Polygon = int16(pi)
	return nil
}

// fits reports text that does not fit level l: a list given as null
// (or left out while the level has records there), a count import cannot
// change or the engine cannot load, and kept fields (outlines, owners)
// changed to indexes out of range or repeated.
func (lj *LevelJSON) fits(l *codec.Level) error {
	for _, c := range []struct {
		key         string
		null        bool
		have, got   int
		fixed, kept bool // import keeps the count; the text may leave the list out when the level has none
	}{
		{"endpoints", lj.Endpoints == nil, len(l.Endpoints) + len(l.Points), len(lj.Endpoints), true, false},
		{"lines", lj.Lines == nil, len(l.Lines), len(lj.Lines), true, false},
		{"sides", lj.Sides == nil, len(l.Sides), len(lj.Sides), false, false},
		{"polygons", lj.Polygons == nil, len(l.Polygons), len(lj.Polygons), true, false},
		{"objects", lj.Objects == nil, len(l.Objects), len(lj.Objects), false, false},
		{"lights", lj.Lights == nil, len(l.Lights), len(lj.Lights), l.Lights == nil, true},
		{"old_lights", lj.OldLights == nil, len(l.OldLights), len(lj.OldLights), l.OldLights == nil, true},
		{"annotations", lj.Notes == nil, len(l.Notes), len(lj.Notes), false, false},
		{"info", lj.Info == nil, len(l.Info), len(lj.Info), true, false},
		{"placements", lj.Placements == nil, len(l.Placements), len(lj.Placements), true, false},
		{"platforms", lj.Platforms == nil, len(l.Platforms), len(lj.Platforms), true, true},
		{"run_platforms", lj.RunPlatforms == nil, len(l.RunPlatforms), len(lj.RunPlatforms), true, true},
		{"liquids", lj.Media == nil, len(l.Media), len(lj.Media), false, false},
		{"ambient_sounds", lj.Ambient == nil, len(l.Ambient), len(lj.Ambient), false, false},
		{"random_sounds", lj.Random == nil, len(l.Random), len(lj.Random), false, false},
		{"terminals", lj.Terminals == nil, len(l.Terminals), len(lj.Terminals), false, false},
	} {
		switch {
		case c.null && !c.kept:
			return fmt.Errorf("%s is null or missing: give [] for none", c.key)
		case c.null && c.have > 0:
			return fmt.Errorf("%s is null or missing, the level has %d: give [] to remove them", c.key, c.have)
		case c.null:
		case c.fixed && c.have != c.got:
			return fmt.Errorf("the level has %d %s, the text %d: import does not add or remove them", c.have, c.key, c.got)
		case c.got > codec.MaxRecords:
			return fmt.Errorf("%s: %d records, the engine loads at most %d", c.key, c.got, codec.MaxRecords)
		}
	}
	if len(lj.Sides) < len(l.Sides) {
		return fmt.Errorf("the level has %d sides, the text %d: import adds sides (the walls a height edit needs) but does not remove them", len(l.Sides), len(lj.Sides))
	}
	vertices, lines, sides, polygons := len(lj.Endpoints), len(lj.Lines), len(lj.Sides), len(lj.Polygons)
	for i := range lj.Polygons {
		if err := keptPolygon(&lj.Polygons[i], &l.Polygons[i], vertices, lines, sides, polygons); err != nil {
			return fmt.Errorf("polygon %d: %w", i, err)
		}
	}
	for i := range lj.Lines {
		if err := keptLine(&lj.Lines[i], &l.Lines[i], vertices, sides, polygons); err != nil {
			return fmt.Errorf("line %d: %w", i, err)
		}
	}
	for i := range lj.Sides {
		if i >= len(l.Sides) { // an added side: its line and polygon must be there
			if s := lj.Sides[i]; s.Polygon < 0 || int(s.Polygon) >= polygons || s.Line < 0 || int(s.Line) >= lines {
				return fmt.Errorf("side %d, added: Polygon %d and Line %d must name a polygon (0 to %d) and a line (0 to %d)",
					i, s.Polygon, s.Line, polygons-1, lines-1)
			}
			continue
		}
		if err := keptSide(&lj.Sides[i], &l.Sides[i], lines, polygons); err != nil {
			return fmt.Errorf("side %d: %w", i, err)
		}
	}
	return nil
}

// keptIndex reports a kept index field that the text changed to a value
// that is not an index below n (or None, when noneOK).
func keptIndex(field string, v, was uint16, n int, noneOK bool, of string) error {
	if v == was || noneOK && v == codec.None || int(v) < n {
		return nil
	}
	if noneOK {
		return fmt.Errorf("%s %d is not %s (0 to %d, or 65535 for none)", field, v, of, n-1)
	}
	return fmt.Errorf("%s %d is not %s (0 to %d)", field, v, of, n-1)
}

// keptPolygon checks the outline and neighbour fields of a polygon, which
// import keeps: changed, they must still be in range and not repeat.
func keptPolygon(p, was *codec.Polygon, vertices, lines, sides, polygons int) error {
	if p.VertexCount != was.VertexCount && (p.VertexCount < 3 || p.VertexCount > 8) {
		return fmt.Errorf("VertexCount %d is not 3 to 8", p.VertexCount)
	}
	n := min(int(p.VertexCount), 8)
	for k := range n {
		for _, f := range []struct {
			name   string
			v, was uint16
			count  int
			noneOK bool
			of     string
		}{
			{"Endpoints", p.Endpoints[k], was.Endpoints[k], vertices, false, "an endpoint"},
			{"Lines", p.Lines[k], was.Lines[k], lines, false, "a line"},
			{"Adjacent", p.Adjacent[k], was.Adjacent[k], polygons, true, "a polygon"},
			{"Sides", p.Sides[k], was.Sides[k], sides, true, "a side"},
		} {
			if err := keptIndex(fmt.Sprintf("%s[%d]", f.name, k), f.v, f.was, f.count, f.noneOK, f.of); err != nil {
				return err
			}
		}
		for j := range k {
			if p.Endpoints[j] == p.Endpoints[k] && p.Endpoints != was.Endpoints {
				return fmt.Errorf("Endpoints lists endpoint %d twice (at %d and %d)", p.Endpoints[k], j, k)
			}
			if p.Lines[j] == p.Lines[k] && p.Lines != was.Lines {
				return fmt.Errorf("Lines lists line %d twice (at %d and %d)", p.Lines[k], j, k)
			}
		}
	}
	return nil
}

// keptLine checks the fields of a line that import keeps.
func keptLine(line, was *codec.Line, vertices, sides, polygons int) error {
	for _, f := range []struct {
		name   string
		v, was uint16
		count  int
		noneOK bool
		of     string
	}{
		{"Endpoints[0]", line.Endpoints[0], was.Endpoints[0], vertices, false, "an endpoint"},
		{"Endpoints[1]", line.Endpoints[1], was.Endpoints[1], vertices, false, "an endpoint"},
		{"ClockwiseSide", line.ClockwiseSide, was.ClockwiseSide, sides, true, "a side"},
		{"CCWSide", line.CCWSide, was.CCWSide, sides, true, "a side"},
		{"ClockwisePoly", line.ClockwisePoly, was.ClockwisePoly, polygons, true, "a polygon"},
		{"CCWPoly", line.CCWPoly, was.CCWPoly, polygons, true, "a polygon"},
	} {
		if err := keptIndex(f.name, f.v, f.was, f.count, f.noneOK, f.of); err != nil {
			return err
		}
	}
	if line.Endpoints != was.Endpoints && line.Endpoints[0] == line.Endpoints[1] {
		return fmt.Errorf("Endpoints names endpoint %d twice", line.Endpoints[0])
	}
	return nil
}

// keptSide checks the fields of a side that import keeps.
func keptSide(s, was *codec.Side, lines, polygons int) error {
	if err := keptIndex("Polygon", uint16(s.Polygon), uint16(was.Polygon), polygons, true, "a polygon"); err != nil {
		return err
	}
	return keptIndex("Line", uint16(s.Line), uint16(was.Line), lines, true, "a line")
}
