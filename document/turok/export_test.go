package turok

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/fuzzedit"
	"github.com/levelwright/levelwright/internal/fuzzseed"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestExportImportUnchanged: an unchanged export imports to the same
// bytes, with no edit, for the new map and every corpus map.
func TestExportImportUnchanged(t *testing.T) {
	docs := map[string]*Document{"new map": New("new.map")}
	for _, name := range []string{"debugpad-short.map", "kex18-vis.map", "plain16.map"} {
		docs[name] = openCorpus(t, name)
	}
	for name, d := range docs {
		orig := doctest.Bytes(t, d)
		edits, err := d.Import(jsontest.RoundTrip(t, d.Export()))
		if err != nil || edits != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%s: %d edits, %v; bytes equal %v", name, edits, err, bytes.Equal(doctest.Bytes(t, d), orig))
		}
	}
}

// TestImportChanges edits the text of a corpus map the way a modder
// would and checks each change arrives, derived values recomputed, in
// one undo step.
func TestImportChanges(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	orig := doctest.Bytes(t, d)
	mj := jsontest.RoundTrip(t, d.Export())
	mj.Vertices[30].Position.Z += 16
	mj.SectorSets[2].Flags = append(mj.SectorSets[2].Flags, "Secret")
	mj.SectorSets = append(mj.SectorSets, mj.SectorSets[0])
	mj.Sectors[7].Set = 4
	mj.Actors[3].SpawnFlags1 = []string{"Solid", "Flying"}
	mj.Actors[3].Origin.X += 64
	mj.Actors[3].Sector = 12345 // derived: recomputed
	mj.Actors = mj.Actors[:len(mj.Actors)-1]
	mj.Sections[0].Meshes[1].Flags = []string{"NoDrawCamera"}
	mj.Sections[0].Meshes[1].Origin = codec.Vec3{X: 5000, Y: 300} // into section 2
	edits, err := d.Import(mj)
	if err != nil {
		t.Fatal(err)
	}
	m := d.Map
	secret, _ := codec.SectorSetFlags.Mask([]string{"Secret"})
	if steps, _ := d.History.Steps(); steps != 1 || edits != 7 {
		t.Errorf("%d steps, %d edits; want 1 step of 7 edits", steps, edits)
	}
	if m.SectorSets[2].Flags&secret == 0 || len(m.SectorSets) != 5 || m.Sectors[7].Set != 4 || m.Sectors[7].Flags != uint16(m.SectorSets[4].Flags) {
		t.Errorf("sector sets or sector 7 not as imported: %d sets, sector 7 %+v", len(m.SectorSets), m.Sectors[7])
	}
	for i, s := range m.Sectors {
		if s.Set == 2 && s.Flags&uint16(secret) == 0 {
			t.Fatalf("sector %d of set 2 lacks the new flag", i)
		}
	}
	if a := m.Actors[3]; a.SpawnFlags1 != 1|1<<24 || a.Sector == 12345 || int(a.Sector) != d.geo().locator.SectorAt(a.Origin) {
		t.Errorf("actor 3: flags %#x, sector %d", a.SpawnFlags1, a.Sector)
	}
	if len(m.Actors) != len(mj.Actors) {
		t.Errorf("%d actors, the text %d", len(m.Actors), len(mj.Actors))
	}
	moved := m.Sections[2].Meshes[len(m.Sections[2].Meshes)-1]
	if moved.Origin.X != 5000 || moved.Flags != 4 {
		t.Errorf("the moved mesh is not at section 2's end: %+v", moved)
	}
	if errs := d.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	if _, err := d.History.Undo(); err != nil || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatalf("undo: %v; bytes equal %v", err, bytes.Equal(doctest.Bytes(t, d), orig))
	}
}

// TestImportRefusals: text that changes geometry counts or corners, or
// names an unknown flag, is refused with the place named, and the map is
// left as it was.
func TestImportRefusals(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(mj *MapJSON)
		want   string
	}{
		{"format", func(mj *MapJSON) { mj.Format = "other" }, "format"},
		{"flag", func(mj *MapJSON) { mj.SectorSets[0].Flags = []string{"Wet"} }, "sector_sets[0].Flags"},
		{"spawn flags 3", func(mj *MapJSON) { mj.Actors[0].SpawnFlags3 = []string{"bit 20"} }, "actors[0].SpawnFlags3"},
		{"vertex count", func(mj *MapJSON) { mj.Vertices = mj.Vertices[1:] }, "the text has 168 vertices, the map 169"},
		{"sector count", func(mj *MapJSON) { mj.Sectors = mj.Sectors[1:] }, "sectors"},
		{"corners", func(mj *MapJSON) { mj.Sectors[0].Vertices[0] = 9 }, "corners"},
		{"meshes", func(mj *MapJSON) { mj.Sections[0].Meshes = mj.Sections[0].Meshes[1:] }, "static meshes"},
		{"set in use", func(mj *MapJSON) { mj.SectorSets = mj.SectorSets[:1] }, "sectors[7].Set: sector set 1, which the text leaves out"},
	} {
		d := openCorpus(t, "plain16.map")
		orig := doctest.Bytes(t, d)
		mj := jsontest.RoundTrip(t, d.Export())
		c.change(&mj)
		_, err := d.Import(mj)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
		if !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%s: a refused import changed the map", c.name)
		}
	}
}

// importSeeds are the checked-in FuzzImport seeds: no edit, a vertex
// moved, an actor's field changed, a sector dropped and an actor copied.
func importSeeds() map[string][]byte {
	return map[string][]byte{
		"unchanged":       {},
		"vertex":          fuzzedit.Op(0, 0, 100),
		"actor":           fuzzedit.Op(0, 900, 7),
		"sector-and-copy": append(fuzzedit.Op(1, 2, 0), fuzzedit.Op(2, 5, 0)...),
	}
}

// TestFuzzSeeds keeps the checked-in seeds equal to the generator's.
func TestFuzzSeeds(t *testing.T) {
	fuzzseed.Check(t, "FuzzImport", importSeeds(), *updateSeeds)
}

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the FuzzImport seeds from the generator")

// FuzzImport edits the export of a new map as the input says (fields
// set, list items removed and copied: fuzzedit) and imports it: it fails
// cleanly, changing nothing, or leaves a map without errors that undo
// takes back to the original.
func FuzzImport(f *testing.F) {
	for _, seed := range importSeeds() {
		f.Add(seed)
	}
	orig := doctest.Bytes(f, New("fuzz.map"))
	load := func(t *testing.T) *Document { // 50 times cheaper than New
		d, err := Load("fuzz.map", orig)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	f.Fuzz(func(t *testing.T, ops []byte) {
		mj := load(t).Export() // the export may share memory with its map
		fuzzedit.Apply(&mj, ops)
		d := load(t)
		if _, err := d.Import(mj); err != nil {
			if !bytes.Equal(doctest.Bytes(t, d), orig) {
				t.Fatal("a failed import changed the map")
			}
			return
		}
		if errs := d.Errors(); len(errs) > 0 {
			t.Fatalf("import left errors: %v", errs)
		}
		if _, err := d.History.UndoAll(); err != nil || !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Fatal("undoing an import does not give back the original")
		}
	})
}

// TestExportWritesEmptyListsAsLists: a map with no actors, no static
// meshes and no flags set exports [] for each, never null.
func TestExportWritesEmptyListsAsLists(t *testing.T) {
	d := New("new.map")
	must(t, d.DeleteActors([]int{0}))
	text, err := json.Marshal(d.Export())
	must(t, err)
	if bytes.Contains(text, []byte("null")) {
		t.Errorf("the export holds null: %s", text)
	}
	for _, want := range []string{`"actors":[]`, `"Meshes":[]`, `"Flags":[]`} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the export lacks %s", want)
		}
	}
}

// TestImportRefusesTextThatDoesNotFit: text is edited as JSON the way a
// script could get it wrong; import refuses it, naming the entity, its
// index and the field, and changes nothing.
func TestImportRefusesTextThatDoesNotFit(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(mj map[string]any)
		want   string
	}{
		{"array too long", func(mj map[string]any) { at(mj, "sector_sets", 1)["Args"] = []int{1, 2, 3, 4, 5, 6, 7} },
			"sector_sets[1].Args: 7 values, the field holds 6"},
		{"array too short", func(mj map[string]any) { at(mj, "sector_sets", 0)["WaterColor"] = []int{1, 2, 3} },
			"sector_sets[0].WaterColor: 3 values, the field holds 4"},
		{"rotation too long", func(mj map[string]any) {
			at(mj, "sections", 0)["Meshes"].([]any)[1].(map[string]any)["Rotation"] = []float64{0, 0, 0, 1, 0}
		}, "sections[0].Meshes[1].Rotation: 5 values, the field holds 4"},
		{"corners too long", func(mj map[string]any) { at(mj, "sectors", 3)["Vertices"] = []int{0, 1, 2, 3} },
			"sectors[3].Vertices: 4 values, the field holds 3"},
		{"links too short", func(mj map[string]any) { at(mj, "sectors", 3)["Links"] = []int{1} },
			"sectors[3].Links: 1 values, the field holds 3"},
		{"duplicate corner", func(mj map[string]any) {
			v := at(mj, "sectors", 2)["Vertices"].([]any)
			v[1] = v[0]
		}, "sectors[2].Vertices: corners"},
		{"byte out of range", func(mj map[string]any) { at(mj, "sector_sets", 2)["FogColor"] = []int{0, 0, 300, 0} },
			"sector_sets[2].FogColor[2]: 300, want 0 to 255"},
		{"sector set out of range", func(mj map[string]any) { at(mj, "sectors", 5)["Set"] = 99 },
			"sectors[5].Set: the map has no sector set 99: its sector sets are 0 to 3"},
		{"actor far", func(mj map[string]any) { at(mj, "actors", 2)["Origin"].(map[string]any)["X"] = 2e6 },
			"actors[2].Origin.X is 2e+06, beyond the engine's range"},
		{"vertex far", func(mj map[string]any) { at(mj, "vertices", 4)["Height"] = -5e6 }, "vertices[4].Height is -5e+06, beyond"},
		{"mesh box far", func(mj map[string]any) {
			at(mj, "sections", 0)["Meshes"].([]any)[0].(map[string]any)["BoundsMax"].(map[string]any)["Z"] = 1e7
		}, "sections[0].Meshes[0].BoundsMax.Z is 1e+07, beyond"},
		{"actors null", func(mj map[string]any) { mj["actors"] = nil }, "actors: null or missing"},
		{"vertices missing", func(mj map[string]any) { delete(mj, "vertices") }, "vertices: null or missing"},
		{"meshes null", func(mj map[string]any) { at(mj, "sections", 0)["Meshes"] = nil }, "sections[0].Meshes: null or missing"},
		{"flags null", func(mj map[string]any) { at(mj, "actors", 4)["SpawnFlags2"] = nil }, "actors[4].SpawnFlags2: null or missing"},
		{"args null", func(mj map[string]any) { at(mj, "sector_sets", 3)["Args"] = nil }, "sector_sets[3].Args: null or missing, want a list of 6"},
	} {
		d := openCorpus(t, "plain16.map")
		orig := doctest.Bytes(t, d)
		text, err := json.Marshal(d.Export())
		must(t, err)
		var raw map[string]any
		must(t, json.Unmarshal(text, &raw))
		c.change(raw)
		text, err = json.Marshal(raw)
		must(t, err)
		var mj MapJSON
		must(t, json.Unmarshal(text, &mj))
		_, err = d.Import(mj)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
		if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%s: a refused import changed the map", c.name)
		}
	}
}

// at is the i-th object of the list key of a map's text.
func at(mj map[string]any, key string, i int) map[string]any {
	return mj[key].([]any)[i].(map[string]any)
}

// TestExportShowsVisibilityRows: the export lists each sector's row of
// visibility bits as hex, as stored; a line-of-sight rebuild changes
// exactly the rows whose bits it changes; import takes rows back, and
// refuses a row of another length.
func TestExportShowsVisibilityRows(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	v := d.Map.Visibility
	before := d.Export().Visibility
	if len(before.Rows) != int(v.Count) || len(before.Rows) != len(d.Map.Sectors) {
		t.Fatalf("%d rows exported, the tables have %d, the map %d sectors", len(before.Rows), v.Count, len(d.Map.Sectors))
	}
	for _, r := range []int{0, len(before.Rows) / 2, len(before.Rows) - 1} {
		if want := hex.EncodeToString(v.Data[r*int(v.Stride) : (r+1)*int(v.Stride)]); before.Rows[r] != want {
			t.Errorf("row %d exported %s, stored %s", r, before.Rows[r], want)
		}
	}
	old := bytes.Clone(v.Data)
	if _, err := d.RebuildVisibility(); err != nil {
		t.Fatal(err)
	}
	after := d.Export().Visibility
	changed := 0
	for r := range after.Rows {
		row := func(data []byte) []byte { return data[r*int(v.Stride) : (r+1)*int(v.Stride)] }
		if differ := !bytes.Equal(row(old), row(d.Map.Visibility.Data)); differ != (after.Rows[r] != before.Rows[r]) {
			t.Errorf("row %d: bytes changed %v, exported row changed %v", r, differ, !differ)
		}
		if after.Rows[r] != before.Rows[r] {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("the rebuild changed no exported row")
	}
	mj := jsontest.RoundTrip(t, d.Export())
	mj.Visibility.Rows = before.Rows
	if edits, err := d.Import(mj); err != nil || edits != 1 || !bytes.Equal(d.Map.Visibility.Data, old) {
		t.Errorf("import of the rows before the rebuild: %d edits, %v, tables as before %v; want 1 edit giving them",
			edits, err, bytes.Equal(d.Map.Visibility.Data, old))
	}
	mj.Visibility.Rows = slices.Clone(after.Rows)
	mj.Visibility.Rows[3] += "00"
	if _, err := d.Import(mj); err == nil || !strings.Contains(err.Error(), "visibility.Rows[3]") {
		t.Errorf("a row a byte too long: %v, want it refused naming visibility.Rows[3]", err)
	}
}

// TestImportRefusesRowsWithMovedMeshes: rows number the meshes as the
// text had them, so text that changes rows and moves a mesh into
// another section is refused, and changes nothing.
func TestImportRefusesRowsWithMovedMeshes(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	orig := bytes.Clone(doctest.Bytes(t, d))
	mj := jsontest.RoundTrip(t, d.Export())
	mj.Visibility.Rows[0] = strings.Repeat("f", len(mj.Visibility.Rows[0]))
	mj.Sections[0].Meshes[1].Origin = codec.Vec3{X: 5000, Y: 300} // into section 2
	if _, err := d.Import(mj); err == nil || !strings.Contains(err.Error(), "moves meshes between sections") {
		t.Fatalf("rows changed with a mesh moved: %v", err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatal("the refused import changed the map")
	}
}
