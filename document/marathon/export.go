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
	Terminals    []codec.Terminal       `json:"terminals"`
}

// Export returns level as text.
func (d *Document) Export(level int) (LevelJSON, error) {
	l, err := d.Level(level)
	if err != nil {
		return LevelJSON{}, err
	}
	lj := LevelJSON{Format: ExportFormat, Level: level, Name: l.MapName(), Lines: l.Lines, Sides: l.Sides,
		Polygons: l.Polygons, Objects: l.Objects, Lights: l.Lights, OldLights: l.OldLights, Notes: l.Notes, Info: l.Info,
		Placements: l.Placements, Platforms: l.Platforms, RunPlatforms: l.RunPlatforms, Media: l.Media,
		Ambient: l.Ambient, Random: l.Random, Terminals: l.Terminals}
	for v := range len(l.Endpoints) + len(l.Points) {
		p, _ := l.Vertex(uint16(v))
		lj.Endpoints = append(lj.Endpoints, p)
	}
	return lj, nil
}

// Import applies the differences between lj and its level as edits, one
// undo step in all, and returns how many edits it made. Geometry must
// keep its counts (endpoints, lines, sides, polygons): draw and delete
// in the editor; endpoints may move and every property may change, and
// a polygon's new heights add the sides its walls then need.
// Objects, lights, liquids, sounds, annotations and terminals may also
// be added or removed at the end of their lists.
func (d *Document) Import(lj LevelJSON) (edits int, err error) {
	if lj.Format != ExportFormat {
		return 0, fmt.Errorf("format %q, want %q", lj.Format, ExportFormat)
	}
	l, err := d.Level(lj.Level)
	if err != nil {
		return 0, err
	}
	level := lj.Level
	for _, c := range []struct {
		what      string
		have, got int
	}{{"endpoints", len(l.Endpoints) + len(l.Points), len(lj.Endpoints)}, {"lines", len(l.Lines), len(lj.Lines)},
		{"sides", len(l.Sides), len(lj.Sides)}, {"polygons", len(l.Polygons), len(lj.Polygons)},
		{"info", len(l.Info), len(lj.Info)}, {"placements", len(l.Placements), len(lj.Placements)},
		{"platforms", len(l.Platforms), len(lj.Platforms)}, {"run_platforms", len(l.RunPlatforms), len(lj.RunPlatforms)}} {
		if c.have != c.got {
			return 0, fmt.Errorf("level %d has %d %s, the text %d: import does not add or remove them", level, c.have, c.what, c.got)
		}
	}
	first := d.recorded
	err = d.Batch(fmt.Sprintf("Import level %d", level), func() error {
		for v, p := range lj.Endpoints {
			if at, _ := l.Vertex(uint16(v)); at != p {
				if err := d.MoveEndpoint(level, v, p); err != nil {
					return err
				}
			}
		}
		for _, err := range []error{
			// Sides first: a polygon's new heights may add the sides they need.
			syncRecords(d, level, sidesTable, lj.Sides, nil, nil, d.EditSides),
			syncRecords(d, level, linesTable, lj.Lines, nil, nil, d.EditLines),
			syncRecords(d, level, polygonsTable, lj.Polygons, nil, nil, d.EditPolygons),
			syncRecords(d, level, objectsTable, lj.Objects,
				func(o codec.Object) error { _, err := d.PlaceObject(level, o); return err },
				func(i int) error { return d.DeleteObjects(level, []int{i}) },
				func(level int, is []int, f func(*codec.Object)) error { return d.EditObject(level, is[0], f) }),
			syncRecords(d, level, lightsTable, lj.Lights,
				func(x codec.Light) error { _, err := d.AddLight(level, x); return err },
				func(i int) error { return d.DeleteLight(level, i) }, d.EditLights),
			syncRecords(d, level, oldLightsTable, lj.OldLights,
				func(x codec.OldLight) error { _, err := d.AddOldLight(level, x); return err },
				func(i int) error { return d.DeleteLight(level, i) }, d.EditOldLights),
			syncRecords(d, level, notesTable, lj.Notes,
				func(x codec.Note) error { _, err := d.AddNote(level, x); return err },
				func(i int) error { return d.DeleteNote(level, i) }, d.EditNotes),
			syncRecords(d, level, infoTable, lj.Info, nil, nil,
				func(level int, _ []int, f func(*codec.MapInfo)) error { return d.EditInfo(level, f) }),
			syncRecords(d, level, placementsTable, lj.Placements, nil, nil, d.EditPlacements),
			syncRecords(d, level, platformsTable, lj.Platforms, nil, nil, d.EditPlatforms),
			syncRecords(d, level, runPlatformsTable, lj.RunPlatforms, nil, nil, d.EditRunPlatforms),
			syncRecords(d, level, mediaTable, lj.Media,
				func(x codec.Media) error { _, err := d.AddMedia(level, x); return err },
				func(i int) error { return d.DeleteMedia(level, i) }, d.EditMedia),
			syncRecords(d, level, ambientTable, lj.Ambient,
				func(x codec.AmbientSound) error { _, err := d.AddAmbientSound(level, x); return err },
				func(i int) error { return d.DeleteAmbientSound(level, i) }, d.EditAmbientSounds),
			syncRecords(d, level, randomTable, lj.Random,
				func(x codec.RandomSound) error { _, err := d.AddRandomSound(level, x); return err },
				func(i int) error { return d.DeleteRandomSound(level, i) }, d.EditRandomSounds),
			syncRecords(d, level, terminalsTable, lj.Terminals,
				func(x codec.Terminal) error { _, err := d.AddTerminal(level, x); return err },
				func(int) error { return d.DeleteTerminal(level) }, d.EditTerminals),
		} {
			if err != nil {
				return err
			}
		}
		return nil
	})
	return d.recorded - first, err
}

// syncRecords edits the level's records of t to want (see
// document.SyncRecords).
func syncRecords[T any](d *Document, level int, t *table[T], want []T,
	add func(T) error, remove func(int) error, edit func(int, []int, func(*T)) error) error {
	_, err := document.SyncRecords(t, d.Levels[level], want, add, remove, func(i int, v T) error {
		return edit(level, []int{i}, func(r *T) { *r = v })
	})
	return err
}
