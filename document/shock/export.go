package shock

import (
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// ExportFormat names the JSON documents Export writes (docs/shock-export.md).
const ExportFormat = "levelwright-shock-level/2"

// musicOf1 reads the tiles of /1 text, whose music was the flag word's
// bits 12-15, as /2 has them: the peril bit (12) in the flags and the
// music zone (13-15) in music.
func musicOf1(tiles []TileJSON) []TileJSON {
	out := slices.Clone(tiles)
	for i := range out {
		t := &out[i]
		t.Flags = t.Flags&^codec.FlagPeril | uint32(t.Music&1)<<12
		t.Music >>= 1
	}
	return out
}

// exportFormat1 is the format before some class properties were renamed
// and narrowed to what the game reads; import takes it too, refusing a
// property name or value that no longer fits.
const exportFormat1 = "levelwright-shock-level/1"

// LevelJSON is one level as text: its tiles and objects, the links
// between objects (for reading; import ignores them), the map notes'
// texts, and the level's own tables: its properties, texture list,
// texture animations and surveillance screens. The level's own tables
// are left out of text written before they were exported; import then
// keeps the level's.
type LevelJSON struct {
	Format   string        `json:"format"`
	Level    int           `json:"level"`
	Width    int           `json:"width"`
	Height   int           `json:"height"`
	Tiles    []TileJSON    `json:"tiles"`
	Objects  []ObjectJSON  `json:"objects"`
	Links    []LinkJSON    `json:"links"`
	MapNotes []MapNoteJSON `json:"map_notes"`

	Properties   map[string]int    `json:"level_properties"`
	Textures     []TextureSlotJSON `json:"textures"`
	TextureAnims []TextureAnimJSON `json:"texture_animations"`
	Cameras      []CameraJSON      `json:"cameras"`
}

// TileJSON is one tile. Flags holds the whole flag word; the named fields
// that live in it (texture offset, slope control, music, shades) win over
// it on import. The last four fields are for reading only.
type TileJSON struct {
	X               int    `json:"x"`
	Y               int    `json:"y"`
	Shape           int    `json:"shape"`
	FloorHeight     int    `json:"floor_height"`
	FloorRotation   int    `json:"floor_rotation"`
	FloorHazard     int    `json:"floor_hazard"`
	CeilingHeight   int    `json:"ceiling_height"`
	CeilingRotation int    `json:"ceiling_rotation"`
	CeilingHazard   int    `json:"ceiling_hazard"`
	Slope           int    `json:"slope"`
	SlopeControl    int    `json:"slope_control"`
	WallTexture     int    `json:"wall_texture"`
	CeilingTexture  int    `json:"ceiling_texture"`
	FloorTexture    int    `json:"floor_texture"`
	TextureOffset   int    `json:"texture_offset"`
	Music           int    `json:"music"`
	FloorShade      int    `json:"floor_shade"`
	CeilingShade    int    `json:"ceiling_shade"`
	Flags           uint32 `json:"flags"`
	SubClip         uint8  `json:"sub_clip"`
	ClearSolid      uint8  `json:"clear_solid"`
	FlickQClip      uint8  `json:"flick_qclip"`
	TempLight       uint8  `json:"temp_light"`
}

// tileFields pairs each editable tile field with its place in TileJSON,
// the flag word first so that the fields inside it win.
var tileFields = []TileField{TileFlags, TileShape, FloorHeight, FloorRotation, FloorHazard, CeilingHeight, CeilingRotation,
	CeilingHazard, Slope, SlopeControl, WallTexture, CeilingTexture, FloorTexture, TextureOffset, Music, FloorShade, CeilingShade}

func (t *TileJSON) field(f TileField) *int {
	switch f {
	case TileShape:
		return &t.Shape
	case FloorHeight:
		return &t.FloorHeight
	case FloorRotation:
		return &t.FloorRotation
	case FloorHazard:
		return &t.FloorHazard
	case CeilingHeight:
		return &t.CeilingHeight
	case CeilingRotation:
		return &t.CeilingRotation
	case CeilingHazard:
		return &t.CeilingHazard
	case Slope:
		return &t.Slope
	case SlopeControl:
		return &t.SlopeControl
	case WallTexture:
		return &t.WallTexture
	case CeilingTexture:
		return &t.CeilingTexture
	case FloorTexture:
		return &t.FloorTexture
	case TextureOffset:
		return &t.TextureOffset
	case Music:
		return &t.Music
	case FloorShade:
		return &t.FloorShade
	case CeilingShade:
		return &t.CeilingShade
	}
	return nil
}

// ObjectJSON is one object in use. Data is its class data in hex; for
// traps and fixtures, Trap spells out the trap fields, and wins over the
// same bytes of Data on import. Properties are the class data's fields
// by name (codec.ClassLayout; bytes of unknown meaning are in Data only);
// a property changed from the level's value wins over both.
type ObjectJSON struct {
	Index     int       `json:"index"`
	Class     int       `json:"class"`
	ClassName string    `json:"class_name"`
	Subclass  int       `json:"subclass"`
	Type      int       `json:"type"`
	X         int       `json:"x"`
	Y         int       `json:"y"`
	Z         int       `json:"z"`
	Pitch     int       `json:"pitch"`
	Heading   int       `json:"heading"`
	Bank      int       `json:"bank"`
	Physics   int       `json:"physics"`
	HP        int       `json:"hp"`
	MakeInfo  int       `json:"make_info"`
	Frame     int       `json:"frame"`
	TimeLeft  int       `json:"time_left"`
	InstFlags int       `json:"inst_flags"`
	Data      string    `json:"data"`
	Trap      *TrapJSON `json:"trap,omitempty"`

	Properties map[string]int64 `json:"properties,omitempty"`
}

func (o *ObjectJSON) field(f ObjectField) *int {
	return [...]*int{ObjectType: &o.Type, ObjectZ: &o.Z, ObjectPitch: &o.Pitch, ObjectHeading: &o.Heading, ObjectBank: &o.Bank,
		ObjectPhysics: &o.Physics, ObjectHP: &o.HP, ObjectMakeInfo: &o.MakeInfo, ObjectFrame: &o.Frame,
		ObjectTimeLeft: &o.TimeLeft, ObjectInstFlags: &o.InstFlags}[f]
}

// TrapJSON is a trap's or fixture's trap fields.
type TrapJSON struct {
	Action       int      `json:"action"`
	ActionName   string   `json:"action_name"`
	DestroyCount int      `json:"destroy_count"`
	Comparator   uint32   `json:"comparator"`
	Condition    string   `json:"condition"`
	Params       []uint32 `json:"params"` // p1..p4: four numbers
}

// LinkJSON is a link from one object to another.
type LinkJSON struct {
	From  int    `json:"from"`
	To    int    `json:"to"`
	Field string `json:"field"`
}

// Export returns level as text.
func (d *Document) Export(level int) (LevelJSON, error) {
	l, err := d.Level(level)
	if err != nil {
		return LevelJSON{}, err
	}
	w := int(l.Info.Width)
	out := LevelJSON{Format: ExportFormat, Level: level, Width: w, Height: int(l.Info.Height), Tiles: make([]TileJSON, len(l.Tiles)),
		Objects: []ObjectJSON{}, Links: []LinkJSON{}}
	exportLevelTables(l, &out)
	for i, t := range l.Tiles {
		tj := TileJSON{X: i % w, Y: i / w, Flags: t.Flags, SubClip: t.SubClip, ClearSolid: t.ClearSolid, FlickQClip: t.FlickQClip, TempLight: t.TempLight}
		for _, f := range tileFields[1:] {
			*tj.field(f) = f.Get(t)
		}
		out.Tiles[i] = tj
	}
	for id, o := range l.Objects {
		if id == 0 || o.Active == 0 || objectEntry(l, id) != nil {
			continue
		}
		data := l.Classes[o.Class][o.SpecID].Data
		oj := ObjectJSON{Index: id, Class: int(o.Class), ClassName: codec.ClassNames[o.Class], Subclass: int(o.Subclass),
			X: int(o.X), Y: int(o.Y), Data: hex.EncodeToString(data)}
		for f := range NumObjectFields {
			*oj.field(f) = f.Get(o)
		}
		if o.Class == codec.ClassTrap || o.Class == codec.ClassFixture {
			t := codec.DecodeTrap(data)
			oj.Trap = &TrapJSON{Action: int(t.Action), ActionName: t.Action.String(), DestroyCount: int(t.DestroyCount),
				Comparator: uint32(t.Comparator), Condition: t.Comparator.String(), Params: t.P[:]}
		}
		oj.Properties = classProperties(o, data)
		out.Objects = append(out.Objects, oj)
	}
	for _, k := range l.Links() {
		out.Links = append(out.Links, LinkJSON{k.From, k.To, k.Field})
	}
	out.MapNotes = d.exportMapNotes(level)
	return out, nil
}

// ImportReport says what an import changed.
type ImportReport struct {
	Steps   int         // undo steps done: 1, or 0 when nothing changed
	Created map[int]int // objects created: the text's index, and the index they got
	Deleted []int
}

// Import applies the differences between level text and the level it
// names to the document as one undo step: tile fields, objects created
// (new indexes, or a different class at an index), deleted (absent from
// the text), moved and edited. Text equal to the level's export changes
// nothing; text that does not fit the level (a list that is null, a tile
// or object given twice, a value out of its field's range, a list longer
// or shorter than its field) is refused with an error naming the level,
// the tile or object and the field, and changes nothing, as does text
// that fails part way.
func (d *Document) Import(in LevelJSON) (rep ImportReport, err error) {
	rep.Created = map[int]int{}
	if in.Format != ExportFormat && in.Format != exportFormat1 {
		return rep, fmt.Errorf("format %q, expected %q", in.Format, ExportFormat)
	}
	if in.Format == exportFormat1 {
		in.Tiles = musicOf1(in.Tiles)
	}
	l, err := d.Level(in.Level)
	if err != nil {
		return rep, err
	}
	for _, list := range []struct {
		name string
		null bool
	}{{"tiles", in.Tiles == nil}, {"objects", in.Objects == nil}, {"links", in.Links == nil}} {
		if list.null {
			return rep, fmt.Errorf("level %d: %s is null or missing; an empty list is []", in.Level, list.name)
		}
	}
	if n := len(l.Objects) - 1; len(in.Objects) > n {
		return rep, fmt.Errorf("level %d: objects lists %d objects; the object table holds %d", in.Level, len(in.Objects), n)
	}
	if err := checkObjectsJSON(in); err != nil {
		return rep, err
	}
	before, _ := d.History.Steps()
	notes, err := d.noteTexts(l, in)
	if err != nil {
		return rep, err
	}
	d.importing = true
	defer func() { d.importing = false }()
	err = d.Batch(fmt.Sprintf("Import level %d", in.Level), func() error {
		if err := d.importTiles(l, in); err != nil {
			return err
		}
		if err := d.importObjects(l, in, notes, &rep); err != nil {
			return err
		}
		if err := d.importNoteTexts(l, in.Level, notes, rep.Created); err != nil {
			return err
		}
		return d.importLevelTables(l, in)
	})
	if err != nil {
		return ImportReport{}, err
	}
	after, _ := d.History.Steps()
	rep.Steps = after - before
	return rep, nil
}

func (d *Document) importTiles(l *codec.Level, in LevelJSON) error {
	w, h := int(l.Info.Width), int(l.Info.Height)
	if in.Width != w || in.Height != h || len(in.Tiles) != w*h {
		return fmt.Errorf("level %d is %dx%d; the text has %dx%d and %d tiles", in.Level, w, h, in.Width, in.Height, len(in.Tiles))
	}
	cur := slices.Clone(l.Tiles)
	want := make([]codec.Tile, len(cur))
	seen := make([]bool, len(cur))
	for _, tj := range in.Tiles {
		if tj.X < 0 || tj.Y < 0 || tj.X >= w || tj.Y >= h {
			return fmt.Errorf("level %d: tile (%d, %d) is outside the %dx%d map", in.Level, tj.X, tj.Y, w, h)
		}
		if seen[tj.Y*w+tj.X] {
			return fmt.Errorf("level %d: tile (%d, %d) appears twice", in.Level, tj.X, tj.Y)
		}
		seen[tj.Y*w+tj.X] = true
		t := cur[tj.Y*w+tj.X]
		TileFlags.Set(&t, int(tj.Flags))
		for _, f := range tileFields[1:] {
			if err := checkTileValue(l, f, *tj.field(f)); err != nil {
				return fmt.Errorf("level %d: tile (%d, %d): %w", in.Level, tj.X, tj.Y, err)
			}
			f.Set(&t, *tj.field(f))
		}
		want[tj.Y*w+tj.X] = t
	}
	// Field by field, the flag word first, one step per value: the
	// tiles that take it.
	for _, f := range tileFields {
		points := map[int][]Point{}
		for i := range cur {
			if v := f.Get(want[i]); v != f.Get(cur[i]) {
				points[v] = append(points[v], Point{i % w, i / w})
				f.Set(&cur[i], v)
			}
		}
		for _, v := range slices.Sorted(maps.Keys(points)) {
			if err := d.SetTiles(in.Level, points[v], f, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// importObjects deletes, creates and edits objects. A map note object
// is deleted with its text and created with the text notes give it, as
// the editor's map note commands do.
func (d *Document) importObjects(l *codec.Level, in LevelJSON, notes map[int]string, rep *ImportReport) error {
	level := in.Level
	wanted := map[int]bool{}
	for _, oj := range in.Objects {
		wanted[oj.Index] = true
	}
	// The slots named, and those the text gives its objects, which an
	// object the text gives no free slot must not take; deletes only take
	// names away, so it stays a superset.
	d.importNamed = namedSlots(l)
	for id := range wanted {
		d.importNamed[id] = true
	}
	defer func() { d.importNamed = nil }()
	for id, o := range l.Objects {
		if id > 0 && o.Active != 0 && !wanted[id] {
			if err := d.deleteImported(l, level, id); err != nil {
				return err
			}
			rep.Deleted = append(rep.Deleted, id)
		}
	}
	for _, oj := range in.Objects {
		id := oj.Index
		exists := id > 0 && id < len(l.Objects) && l.Objects[id].Active != 0
		if exists && (int(l.Objects[id].Class) != oj.Class || int(l.Objects[id].Subclass) != oj.Subclass) {
			if err := d.deleteImported(l, level, id); err != nil {
				return err
			}
			rep.Deleted = append(rep.Deleted, id)
			exists = false
		}
		if !exists {
			created, err := d.createImported(level, oj, notes)
			if err != nil {
				return fmt.Errorf("level %d object %d: %w", level, oj.Index, err)
			}
			rep.Created[oj.Index] = created
			id = created
		}
		if err := d.importObject(l, level, id, oj); err != nil {
			return fmt.Errorf("level %d object %d: %w", level, oj.Index, err)
		}
		for _, k := range l.LinksFrom(id) { // what its data names now
			d.importNamed[k.To] = true
		}
	}
	return nil
}

// importObject brings existing object id to what oj says.
func (d *Document) importObject(l *codec.Level, level, id int, oj ObjectJSON) error {
	o := l.Objects[id]
	if int(o.X) != oj.X || int(o.Y) != oj.Y || int(o.Z) != oj.Z {
		if err := d.MoveObject(level, id, uint16(oj.X), uint16(oj.Y), uint8(oj.Z)); err != nil {
			return err
		}
		d.History.BreakMerge()
	}
	for f := range NumObjectFields {
		if f == ObjectZ {
			continue
		}
		if v := *oj.field(f); v != f.Get(l.Objects[id]) {
			if err := d.SetObjectField(level, []int{id}, f, v); err != nil {
				return err
			}
		}
	}
	data, err := hex.DecodeString(oj.Data)
	if err != nil {
		return fmt.Errorf("data: %w", err)
	}
	cur, err := d.ClassData(level, id)
	if err != nil {
		return err
	}
	if len(data) != len(cur) {
		return fmt.Errorf("data is %d bytes, a %s entry holds %d", len(data), codec.ClassNames[l.Objects[id].Class], len(cur))
	}
	if t := oj.Trap; t != nil {
		if c := l.Objects[id].Class; c != codec.ClassTrap && c != codec.ClassFixture {
			return fmt.Errorf("trap: a %s has no trap fields", codec.ClassNames[c])
		}
		codec.Trap{Action: codec.Action(t.Action), DestroyCount: uint8(t.DestroyCount), Comparator: codec.Comparator(t.Comparator), P: [4]uint32(t.Params)}.Encode(data)
	}
	if err := setProperties(l.Objects[id], data, cur, oj.Properties); err != nil {
		return err
	}
	keepNoteTextOffset(l, id, data)
	if !slices.Equal(data, cur) {
		return d.SetClassData(level, id, data)
	}
	return nil
}

// objectKeys are the text's names of the base fields.
var objectKeys = [NumObjectFields]string{ObjectType: "type", ObjectZ: "z", ObjectPitch: "pitch", ObjectHeading: "heading",
	ObjectBank: "bank", ObjectPhysics: "physics", ObjectHP: "hp", ObjectMakeInfo: "make_info", ObjectFrame: "frame",
	ObjectTimeLeft: "time_left", ObjectInstFlags: "inst_flags"}

// valueRange is a value of the text and the range its field takes.
type valueRange struct {
	key       string
	v, lo, hi int
}

// checkObjectsJSON refuses objects the text gives twice, and values out
// of their fields' ranges, naming the level, object and field.
func checkObjectsJSON(in LevelJSON) error {
	seen := map[int]bool{}
	for _, oj := range in.Objects {
		if seen[oj.Index] {
			return fmt.Errorf("level %d: object %d appears twice", in.Level, oj.Index)
		}
		seen[oj.Index] = true
		values := []valueRange{{"x", oj.X, 0, 0xFFFF}, {"y", oj.Y, 0, 0xFFFF}, {"class", oj.Class, 0, codec.NumClasses - 1}, {"subclass", oj.Subclass, 0, 255}}
		for f := range NumObjectFields {
			lo, hi := f.Range()
			values = append(values, valueRange{objectKeys[f], *oj.field(f), lo, hi})
		}
		if t := oj.Trap; t != nil {
			if t.Params == nil {
				return fmt.Errorf("level %d object %d: trap params is null; the field holds four numbers (p1..p4)", in.Level, oj.Index)
			}
			if len(t.Params) != 4 {
				return fmt.Errorf("level %d object %d: trap params holds %d numbers; the field holds four (p1..p4)", in.Level, oj.Index, len(t.Params))
			}
			values = append(values, valueRange{"trap action", t.Action, 0, codec.NumActions - 1}, valueRange{"trap destroy_count", t.DestroyCount, 0, 255})
		}
		for _, f := range values {
			if f.v < f.lo || f.v > f.hi {
				return fmt.Errorf("level %d object %d: %s %d is outside %d-%d", in.Level, oj.Index, f.key, f.v, f.lo, f.hi)
			}
		}
	}
	return nil
}
