package marathon

import (
	"bytes"
	"encoding/json"
	"flag"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/fuzzedit"
	"github.com/levelwright/levelwright/internal/fuzzseed"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestExportImportUnchanged imports every corpus level's own export and
// expects the identical file.
func TestExportImportUnchanged(t *testing.T) {
	for _, parts := range [][]string{{"marathon", "m1", "Map.scen"}, {"marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA"},
		{"marathon", "eternal", "Aaron-Eternal.sceA"}} {
		d := openCorpus(t, parts...)
		orig := doctest.Bytes(t, d)
		levels := 0
		for i := range d.Levels {
			if _, err := d.Level(i); err != nil {
				continue
			}
			lj, err := d.Export(i)
			if err != nil {
				t.Fatal(err)
			}
			edits, err := d.Import(jsontest.RoundTrip(t, lj))
			if err != nil {
				t.Fatalf("%v level %d: %v", parts, i, err)
			}
			if steps, _ := d.History.Steps(); steps != 0 {
				t.Errorf("%v level %d: an unchanged import made %d steps (%d edits)", parts, i, steps, edits)
			}
			levels++
		}
		if !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%v: importing the unchanged export changed the file", parts)
		}
		if levels == 0 {
			t.Errorf("%v: no levels exported", parts)
		}
	}
}

// TestImportChanges moves an endpoint, renames the level, edits a
// polygon and adds an object through the text, then undoes the import.
func TestImportChanges(t *testing.T) {
	d, _ := New("new.sceA", "Before")
	orig := doctest.Bytes(t, d)
	lj, _ := d.Export(0)
	lj = jsontest.RoundTrip(t, lj)
	lj.Endpoints[0] = codec.Point{X: -200, Y: -100}
	lj.Info[0].Name = [66]byte{}
	copy(lj.Info[0].Name[:], "After")
	lj.Polygons[1].FloorHeight = 256
	lj.Objects = append(lj.Objects, codec.Object{Type: 2, X: 3000, Y: 1000})
	if _, err := d.Import(lj); err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	if p, _ := l.Vertex(0); p != (codec.Point{X: -200, Y: -100}) || d.Levels[0].MapName() != "After" ||
		l.Polygons[1].FloorHeight != 256 || len(l.Objects) != 2 || l.Objects[1].Polygon != 1 {
		t.Errorf("after import: endpoint %v, name %q, floor %d, %d objects", l.Points[0], d.Levels[0].MapName(), l.Polygons[1].FloorHeight, len(l.Objects))
	}
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Errorf("import made %d steps, want 1", steps)
	}
	if p := l.StaleDerivedData(0); len(p) > 0 {
		t.Error(p)
	}
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undoing the import does not give back the original")
	}
	lj.Polygons = lj.Polygons[:1]
	if _, err := d.Import(lj); err == nil {
		t.Error("an import that drops a polygon was accepted")
	}
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("a refused import changed the file")
	}
}

// importSeeds are the checked-in FuzzImport seeds: no edit, an
// endpoint moved, a polygon's height changed, a line dropped and an
// object copied.
func importSeeds() map[string][]byte {
	return map[string][]byte{
		"unchanged":     {},
		"endpoint":      fuzzedit.Op(0, 0, 100),
		"height":        fuzzedit.Op(0, 700, 0xFFFFFC00),
		"line-and-copy": append(fuzzedit.Op(1, 1, 0), fuzzedit.Op(2, 12, 0)...),
	}
}

// TestFuzzSeeds keeps the checked-in seeds equal to the generator's.
func TestFuzzSeeds(t *testing.T) {
	fuzzseed.Check(t, "FuzzImport", importSeeds(), *updateSeeds)
}

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the FuzzImport seeds from the generator")

// FuzzImport edits the export of a new map as the input says (fields
// set, list items removed and copied: fuzzedit) and imports it: it fails
// cleanly, changing nothing, or gives a map that opens again, and undo
// takes it back to the original.
func FuzzImport(f *testing.F) {
	for _, seed := range importSeeds() {
		f.Add(seed)
	}
	d, _ := New("new.sceA", "Fuzz")
	orig := doctest.Bytes(f, d)
	load := func(t *testing.T) *Document {
		d, err := Load("new.sceA", orig)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	f.Fuzz(func(t *testing.T, ops []byte) {
		lj, err := load(t).Export(0) // the export may share memory with its map
		if err != nil {
			t.Fatal(err)
		}
		fuzzedit.Apply(&lj, ops)
		d := load(t)
		if _, err := d.Import(lj); err != nil {
			if !bytes.Equal(doctest.Bytes(t, d), orig) {
				t.Fatal("a failed import changed the file")
			}
			return
		}
		if _, err := Format.Open("fuzz.sceA", doctest.Bytes(t, d)); err != nil {
			t.Fatalf("the imported map does not open again: %v", err)
		}
		undoAll(t, d)
		if !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Fatal("undoing an import does not give back the original")
		}
	})
}

// TestExportWritesEmptyLists: empty lists are [], never null.
func TestExportWritesEmptyLists(t *testing.T) {
	d, _ := New("new.sceA", "Empty")
	// A terminal with nothing, styled; one whose only face is past its
	// empty text, which has no styled form, raw.
	for _, term := range []codec.Terminal{{}, {Faces: []codec.TextFace{{TextOffset: 5}}}} {
		if _, err := d.AddTerminal(0, term); err != nil {
			t.Fatal(err)
		}
	}
	lj, _ := d.Export(0)
	text, err := json.Marshal(lj)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(text, []byte("null")) {
		t.Errorf("the export holds null: %s", text)
	}
	for _, key := range []string{`"annotations":[]`, `"liquids":[]`, `"terminals":[{"form":"styled"`, `{"form":"raw","raw_reason":"face 0: offset 5 is past the 0-byte text"`,
		`"Groups":[]`, `"RawText":""`} {
		if !bytes.Contains(text, []byte(key)) {
			t.Errorf("the export lacks %s", key)
		}
	}
}

// textEdit changes the new map's exported text, as generic JSON values.
type textEdit func(level map[string]any)

func record(level map[string]any, list string, i int) map[string]any {
	return level[list].([]any)[i].(map[string]any)
}

// TestImportRefusesText imports text that does not fit, one kind per
// case: the import is refused with a message naming the level, the
// record and the field, and changes nothing.
func TestImportRefusesText(t *testing.T) {
	cases := []struct {
		name string
		edit textEdit
		raw  func(text string) string // for what generic values cannot hold
		want string
	}{
		{name: "polygon of 9 vertices", want: "level 0: polygon 1: Endpoints: 9 values, the field holds 8",
			edit: func(l map[string]any) {
				record(l, "polygons", 1)["Endpoints"] = append(record(l, "polygons", 1)["Endpoints"].([]any), 1.0)
			}},
		{name: "name longer than its bytes", want: "level 0: info 0: Name: 70 values, the field holds 66",
			edit: func(l map[string]any) { record(l, "info", 0)["Name"] = slices.Repeat([]any{0.0}, 70) }},
		{name: "key given twice", want: `level 0: polygon 0: key "FloorHeight" is given twice`,
			raw: func(text string) string {
				return strings.Replace(text, `"FloorHeight":0,`, `"FloorHeight":0,"FloorHeight":512,`, 1)
			}},
		{name: "unknown key", want: `unknown field "Colour"`,
			edit: func(l map[string]any) { record(l, "polygons", 0)["Colour"] = 3.0 }},
		{name: "list given as null", want: "objects is null",
			edit: func(l map[string]any) { l["objects"] = nil }},
		{name: "field given as null", want: "level 0: side 2: Primary is null",
			edit: func(l map[string]any) { record(l, "sides", 2)["Primary"] = nil }},
		{name: "kept index out of range", want: "level 0: polygon 1: Endpoints[0] 900 is not an endpoint (0 to 5)",
			edit: func(l map[string]any) { record(l, "polygons", 1)["Endpoints"].([]any)[0] = 900.0 }},
		{name: "duplicate indexes", want: "level 0: polygon 0: Endpoints lists endpoint 0 twice (at 0 and 1)",
			edit: func(l map[string]any) { record(l, "polygons", 0)["Endpoints"].([]any)[1] = 0.0 }},
		{name: "line owner out of range", want: "level 0: line 3: CCWPoly 7 is not a polygon (0 to 1, or 65535 for none)",
			edit: func(l map[string]any) { record(l, "lines", 3)["CCWPoly"] = 7.0 }},
		{name: "light out of range", want: "level 0: import level 0 refused: polygon 1: FloorLight 999 is not a light (0 to 0)",
			edit: func(l map[string]any) { record(l, "polygons", 1)["FloorLight"] = 999.0 }},
		{name: "object type out of range", want: "object 1: Type 200 is not an object type (0 to 5)",
			edit: func(l map[string]any) {
				l["objects"] = append(l["objects"].([]any), map[string]any{"Type": 200.0, "X": 1000.0, "Y": 1000.0})
			}},
		{name: "object outside the map", want: "level 0: object 0: X, Y (-9000,1024) is in no polygon",
			edit: func(l map[string]any) { record(l, "objects", 0)["X"] = -9000.0 }},
		{name: "light in use removed", want: "polygon 0: FloorLight 0 is not a light (the level has none)",
			edit: func(l map[string]any) { l["lights"] = []any{} }},
		{name: "more objects than the engine loads", want: "level 0: objects: 100000 records, the engine loads at most 32767",
			edit: func(l map[string]any) {
				objects := make([]any, 100000)
				for i := range objects {
					objects[i] = record(l, "objects", 0)
				}
				l["objects"] = objects
			}},
		{name: "geometry count changed", want: "the level has 2 polygons, the text 1",
			edit: func(l map[string]any) { l["polygons"] = l["polygons"].([]any)[:1] }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, _ := New("new.sceA", "Refused")
			orig := doctest.Bytes(t, d)
			lj, _ := d.Export(0)
			text, _ := json.Marshal(lj)
			if c.edit != nil {
				var generic map[string]any
				if err := json.Unmarshal(text, &generic); err != nil {
					t.Fatal(err)
				}
				c.edit(generic)
				text, _ = json.Marshal(generic)
			}
			if c.raw != nil {
				changed := c.raw(string(text))
				if changed == string(text) {
					t.Fatal("the raw change found nothing to change")
				}
				text = []byte(changed)
			}
			var in LevelJSON
			err := json.Unmarshal(text, &in)
			if err == nil {
				_, err = d.Import(in)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
				t.Errorf("the refused import left %d steps or changed the file", steps)
			}
		})
	}
}

// TestImportRefusesNilList: a list left nil by a caller in Go is refused.
func TestImportRefusesNilList(t *testing.T) {
	d, _ := New("new.sceA", "Nil")
	lj, _ := d.Export(0)
	lj.Sides = nil
	if _, err := d.Import(lj); err == nil || !strings.Contains(err.Error(), "level 0: sides is null or missing") {
		t.Errorf("got %v", err)
	}
}

// objectsText is the new map's text with n objects more, each at (x, y)
// in its first room.
func objectsText(d *Document, n int, x int16) LevelJSON {
	lj, _ := d.Export(0)
	lj.Objects = slices.Clone(lj.Objects[:1])
	for i := range n {
		lj.Objects = append(lj.Objects, codec.Object{Type: codec.ObjectItem, Index: int16(i % codec.ItemTypes), X: x, Y: 1000, Polygon: 0})
	}
	return lj
}

// BenchmarkImport100kObjects imports 100,000 object changes into the new
// map, as four imports of 25,000 each (the engine loads at most 32,767
// objects a level): add them, move them, remove them, add them again.
// Each import is one undo step.
func BenchmarkImport100kObjects(b *testing.B) {
	const n = 25000
	d, _ := New("new.sceA", "Bench")
	texts := []LevelJSON{objectsText(d, n, 1000), objectsText(d, n, 1500), objectsText(d, 0, 0), objectsText(d, n, 1000)}
	for b.Loop() {
		d, _ := New("new.sceA", "Bench")
		for _, lj := range texts {
			edits, err := d.Import(lj)
			if err != nil {
				b.Fatal(err)
			}
			if edits != n {
				b.Fatalf("%d edits, want %d", edits, n)
			}
		}
		if steps, _ := d.History.Steps(); steps != len(texts) || len(d.Levels[0].Objects) != n+1 {
			b.Fatalf("%d steps, %d objects", steps, len(d.Levels[0].Objects))
		}
	}
}

// TestImportMovesEveryEndpoint shifts a whole corpus map: the moves are
// made at once, since one at a time some would pass through a concave
// polygon, and are one undo step with the derived data recomputed.
func TestImportMovesEveryEndpoint(t *testing.T) {
	d := openCorpus(t, "marathon", "jp", "Apotheosis", "Cracks-in-the-Pleasuredome.sceA")
	orig := doctest.Bytes(t, d)
	lj, _ := d.Export(0)
	for i := range lj.Endpoints {
		lj.Endpoints[i].X++
	}
	edits, err := d.Import(lj)
	if err != nil {
		t.Fatal(err)
	}
	if steps, _ := d.History.Steps(); steps != 1 || edits != len(lj.Endpoints) {
		t.Errorf("%d steps, %d edits; want 1 step, %d edits", steps, edits, len(lj.Endpoints))
	}
	if p := d.Levels[0].StaleDerivedData(0); len(p) > 0 {
		t.Error(p)
	}
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undoing the import does not give back the original")
	}
}
