package shock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestUnchangedExportImportsToIdenticalFile, for every level of the
// corpus archive and of a new one.
func TestUnchangedExportImportsToIdenticalFile(t *testing.T) {
	for _, doc := range []func(testing.TB) *Document{corpusDocument, newDocument} {
		d := doc(t)
		original := mustBytes(t, d)
		for i, l := range d.Archive.Levels {
			if l == nil {
				continue
			}
			lj, err := d.Export(i)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := d.Import(jsontest.RoundTrip(t, lj))
			if err != nil {
				t.Fatalf("level %d: %v", i, err)
			}
			if rep.Steps != 0 || len(rep.Created)+len(rep.Deleted) != 0 {
				t.Fatalf("level %d: unchanged text made %+v", i, rep)
			}
		}
		if !bytes.Equal(mustBytes(t, d), original) {
			t.Fatal("importing unchanged text changed the file")
		}
	}
}

// TestEditedExportImports: edits made to the text arrive in the file, as
// undo steps, and the file exports to the edited text.
func TestEditedExportImports(t *testing.T) {
	d := corpusDocument(t)
	original := mustBytes(t, d)
	level := 1
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	edited := jsontest.RoundTrip(t, lj)
	tile := &edited.Tiles[33*edited.Width+30]
	tile.FloorHeight, tile.Music = 7, 3
	linked := map[int]bool{}
	for _, k := range lj.Links {
		linked[k.To] = true
	}
	find := func(keep func(ObjectJSON) bool) int {
		for i, o := range edited.Objects {
			if keep(o) {
				return i
			}
		}
		t.Fatal("the corpus level has no object to edit")
		return 0
	}
	trap := find(func(o ObjectJSON) bool { return o.Class == codec.ClassTrap && !linked[o.Index] })
	edited.Objects[trap].Trap.Comparator = uint32(codec.MakeComparator(12, true, codec.OpGreater, 3, 0))
	moved := find(func(o ObjectJSON) bool { return o.Class == codec.ClassSmallStuff })
	edited.Objects[moved].X += 0x80
	edited.Objects[moved].Heading = 64
	gone := find(func(o ObjectJSON) bool { return o.Class == codec.ClassAmmo && !linked[o.Index] })
	deleted := edited.Objects[gone].Index
	edited.Objects = slices.Delete(edited.Objects, gone, gone+1)
	edited.Objects = append(edited.Objects, ObjectJSON{Index: 9999, Class: codec.ClassDrug, ClassName: "drug", Type: 2,
		X: 30<<8 | 0x40, Y: 33<<8 | 0x40, Data: strings.Repeat("00", codec.ClassTableSizes[codec.ClassDrug].Size-6)})

	rep, err := d.Import(edited)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Steps == 0 || !slices.Equal(rep.Deleted, []int{deleted}) || len(rep.Created) != 1 {
		t.Fatalf("report %+v", rep)
	}
	checkClean(t, d, level, "import")

	// The file exports to the edited text, but for what follows from the
	// edits: the new object's index, the trap's bytes and condition text.
	got, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	got = jsontest.RoundTrip(t, got)
	edited.Objects[len(edited.Objects)-1].Index = rep.Created[9999]
	slices.SortFunc(edited.Objects, func(a, b ObjectJSON) int { return a.Index - b.Index })
	got.Links, edited.Links = nil, nil
	tile.Flags = tile.Flags&^codec.FlagMusicMask | 3<<13 // the music zone lives in the flag word, bits 13-15
	for i := range got.Objects {
		if g, e := &got.Objects[i], &edited.Objects[i]; g.Trap != nil && e.Trap != nil && g.Index == e.Index {
			e.Trap.Condition = g.Trap.Condition
			if e.Trap.Comparator == g.Trap.Comparator {
				e.Data = g.Data
				if g.Index == edited.Objects[trap].Index && (g.Properties["condition variable"] != 12 ||
					g.Properties["condition operator"] != codec.OpGreater) {
					t.Errorf("the edited trap's properties say %v", g.Properties)
				}
				e.Properties = g.Properties
			}
		}
	}
	if len(got.Objects) != len(edited.Objects) {
		t.Fatalf("the file holds %d objects, the text %d", len(got.Objects), len(edited.Objects))
	}
	for i := range got.Objects {
		if !reflect.DeepEqual(got.Objects[i], edited.Objects[i]) {
			t.Fatalf("exported %+v, edited %+v", got.Objects[i], edited.Objects[i])
		}
	}
	if !reflect.DeepEqual(got, edited) {
		t.Fatal("the file's tiles do not export to the edited text")
	}
	// Undoing the import gives back the original file.
	for range rep.Steps {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(mustBytes(t, d), original) {
		t.Fatal("undoing the import does not give back the original file")
	}
}

// TestFailedImportChangesNothing: text that fails part way (a tile edit,
// then an object whose data does not fit) leaves the file and its
// history as they were.
func TestFailedImportChangesNothing(t *testing.T) {
	d := newDocument(t)
	original := mustBytes(t, d)
	lj, err := d.Export(1)
	if err != nil {
		t.Fatal(err)
	}
	in := jsontest.RoundTrip(t, lj)
	in.Tiles[30*64+30].FloorHeight = 12
	in.Objects = append(in.Objects, ObjectJSON{Index: 5, Class: codec.ClassGun, X: 30 << 8, Y: 30 << 8, Data: "00"})
	if _, err := d.Import(in); err == nil {
		t.Fatal("a gun with one byte of data imported")
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), original) {
		t.Fatalf("a failed import left %d steps or changed bytes", steps)
	}
}

// TestExportWritesEmptyListsAsLists: a level without objects exports
// its objects and links as [], never null.
func TestExportWritesEmptyListsAsLists(t *testing.T) {
	d := newDocument(t)
	lj, err := d.Export(1)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(lj)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"objects":[]`, `"links":[]`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the export has no %s", want)
		}
	}
	if strings.Contains(string(text), "null") {
		t.Error("the export holds a null")
	}
}

// TestImportRefusesTextThatDoesNotFit: one case per kind of text that
// does not fit the level, each refused with a message naming the level,
// the tile or object and the field, leaving no step and no changed byte.
func TestImportRefusesTextThatDoesNotFit(t *testing.T) {
	d := corpusDocument(t)
	const level = 1
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	l := d.Archive.Levels[level]
	find := func(in *LevelJSON, keep func(ObjectJSON) bool) *ObjectJSON {
		for i := range in.Objects {
			if keep(in.Objects[i]) {
				return &in.Objects[i]
			}
		}
		t.Fatal("the corpus level has no such object")
		return nil
	}
	isClass := func(c int) func(ObjectJSON) bool { return func(o ObjectJSON) bool { return o.Class == c } }
	free := int(l.Objects[0].Next)
	for _, c := range []struct {
		name   string
		change func(in *LevelJSON) string // returns what the message must name
	}{
		{"params longer than p1..p4", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassTrap))
			o.Trap.Params = append(o.Trap.Params, 9)
			return fmt.Sprintf("level 1 object %d: trap params holds 5 numbers", o.Index)
		}},
		{"params shorter than p1..p4", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassFixture))
			o.Trap.Params = o.Trap.Params[:3]
			return fmt.Sprintf("level 1 object %d: trap params holds 3 numbers", o.Index)
		}},
		{"params null", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassTrap))
			o.Trap.Params = nil
			return fmt.Sprintf("level 1 object %d: trap params is null", o.Index)
		}},
		{"objects null", func(in *LevelJSON) string { in.Objects = nil; return "level 1: objects is null" }},
		{"tiles null", func(in *LevelJSON) string { in.Tiles = nil; return "level 1: tiles is null" }},
		{"links null", func(in *LevelJSON) string { in.Links = nil; return "level 1: links is null" }},
		{"object twice", func(in *LevelJSON) string {
			o := *find(in, isClass(codec.ClassAmmo))
			in.Objects = append(in.Objects, o)
			return fmt.Sprintf("level 1: object %d appears twice", o.Index)
		}},
		{"more objects than the table holds", func(in *LevelJSON) string {
			for i := range 100_000 {
				in.Objects = append(in.Objects, ObjectJSON{Index: 1000 + i, Class: codec.ClassDrug, X: 30 << 8, Y: 30 << 8})
			}
			return fmt.Sprintf("level 1: objects lists %d objects; the object table holds 871", len(in.Objects))
		}},
		{"tile twice", func(in *LevelJSON) string {
			in.Tiles[5] = in.Tiles[6]
			return fmt.Sprintf("level 1: tile (%d, %d) appears twice", in.Tiles[6].X, in.Tiles[6].Y)
		}},
		{"hp out of range", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassCritter))
			o.HP = 40000
			return fmt.Sprintf("level 1 object %d: hp 40000 is outside -32768-32767", o.Index)
		}},
		{"x out of range", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassDrug))
			o.X = -1
			return fmt.Sprintf("level 1 object %d: x -1 is outside 0-65535", o.Index)
		}},
		{"off the map", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassDrug))
			o.Y = 64 << 8
			return fmt.Sprintf("level 1 object %d: position (%d, %d) is in tile (%d, 64), outside the 64x64 map", o.Index, o.X, o.Y, o.X>>8)
		}},
		{"trap action out of range", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassTrap))
			o.Trap.Action = codec.NumActions
			return fmt.Sprintf("level 1 object %d: trap action 25 is outside 0-24", o.Index)
		}},
		{"type out of the type table", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassDoor))
			o.Type = 99
			return fmt.Sprintf("level 1 object %d: object %d: class 10 subclass %d type 99 is not an object type", o.Index, o.Index, o.Subclass)
		}},
		{"new object of no type", func(in *LevelJSON) string {
			in.Objects = append(in.Objects, ObjectJSON{Index: 9999, Class: codec.ClassDrug, Subclass: 3, X: 30 << 8, Y: 30 << 8, Data: ""})
			return "level 1 object 9999: a new object: class 4 subclass 3 type 0 is not an object type"
		}},
		{"tile field out of range", func(in *LevelJSON) string {
			in.Tiles[70].Music = 16
			return fmt.Sprintf("level 1: tile (%d, %d): music 16 is outside 0-7", in.Tiles[70].X, in.Tiles[70].Y)
		}},
		{"texture past the texture list", func(in *LevelJSON) string {
			in.Tiles[70].WallTexture = len(l.Textures)
			return fmt.Sprintf("level 1: tile (%d, %d): wall texture %d is outside 0-%d (the slots of level 1's texture list)", in.Tiles[70].X, in.Tiles[70].Y, len(l.Textures), len(l.Textures)-1)
		}},
		{"trap fields on a drug", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassDrug))
			o.Trap = &TrapJSON{Params: make([]uint32, 4)}
			return fmt.Sprintf("level 1 object %d: trap: a drug has no trap fields", o.Index)
		}},
		{"link to a free slot", func(in *LevelJSON) string {
			o := find(in, isClass(codec.ClassDoor))
			o.Data = o.Data[:12] + fmt.Sprintf("%02x%02x", free&0xFF, free>>8) // the other half
			return fmt.Sprintf("level 1 object %d: door %d's other half is object %d, which is not in use (the field takes 0 or an object in use, 1-871)", o.Index, o.Index, free)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := jsontest.RoundTrip(t, lj)
			want := c.change(&in)
			in = jsontest.RoundTrip(t, in)
			before := mustBytes(t, d)
			_, err := d.Import(in)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("got %v, want an error naming %q", err, want)
			}
			if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
				t.Fatal("the refused import left a step or changed bytes")
			}
		})
	}
}

// TestExportListsMapNotes: the export lists each map note's object,
// offset and text, and the text with them imports unchanged.
func TestExportListsMapNotes(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	var ids []int
	for i, text := range []string{"AMMO CACHE", "KEY"} {
		id, err := d.AddMapNote(level, uint16(20+i)<<8, 20<<8, text)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	want := []MapNoteJSON{{ids[0], 0, "AMMO CACHE"}, {ids[1], 11, "KEY"}}
	if !slices.Equal(lj.MapNotes, want) {
		t.Errorf("map notes %+v, want %+v", lj.MapNotes, want)
	}
	before := mustBytes(t, d)
	if rep, err := d.Import(jsontest.RoundTrip(t, lj)); err != nil || rep.Steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
		t.Errorf("importing the export with its notes: %+v, %v", rep, err)
	}
}

// TestImportReadsMusicOf1: /1 text's music held the peril bit and the
// music zone (bits 12-15); import reads them as /2 has them.
func TestImportReadsMusicOf1(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	lj = jsontest.RoundTrip(t, lj)
	lj.Format = exportFormat1
	tile := &lj.Tiles[len(lj.Tiles)/2]
	tile.Music = 5<<1 | 1 // zone 5, peril
	if _, err := d.Import(lj); err != nil {
		t.Fatal(err)
	}
	l, _ := d.Level(level)
	got := l.Tiles[tile.Y*int(l.Info.Width)+tile.X]
	if got.Music() != 5 || got.Flags&codec.FlagPeril == 0 {
		t.Fatalf("tile (%d,%d): music %d, flags %#x; want zone 5 and the peril bit", tile.X, tile.Y, got.Music(), got.Flags)
	}
}
