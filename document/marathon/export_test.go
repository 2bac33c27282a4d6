package marathon

import (
	"bytes"
	"encoding/json"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestExportImportUnchanged imports every corpus level's own export and
// expects the identical file.
func TestExportImportUnchanged(t *testing.T) {
	for _, parts := range [][]string{{"marathon", "m1", "Map.scen"}, {"marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA"},
		{"marathon", "eternal", "Aaron-Eternal.sceA"}} {
		d := openCorpus(t, parts...)
		orig := d.Bytes()
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
		if !bytes.Equal(d.Bytes(), orig) {
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
	orig := d.Bytes()
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
	if !bytes.Equal(d.Bytes(), orig) {
		t.Error("undoing the import does not give back the original")
	}
	lj.Polygons = lj.Polygons[:1]
	if _, err := d.Import(lj); err == nil {
		t.Error("an import that drops a polygon was accepted")
	}
	if !bytes.Equal(d.Bytes(), orig) {
		t.Error("a refused import changed the file")
	}
}

// FuzzImport feeds arbitrary text to import on a new map: it must fail
// cleanly or leave a map that check finds no errors in... or, when it
// does leave errors, undo must restore the original.
func FuzzImport(f *testing.F) {
	d, _ := New("new.sceA", "Fuzz")
	lj, _ := d.Export(0)
	seed, _ := json.Marshal(lj)
	f.Add(seed)
	f.Fuzz(func(t *testing.T, text []byte) {
		d, _ := New("new.sceA", "Fuzz")
		orig := d.Bytes()
		var lj LevelJSON
		if json.Unmarshal(text, &lj) != nil {
			return
		}
		if _, err := d.Import(lj); err != nil {
			if !bytes.Equal(d.Bytes(), orig) {
				t.Fatal("a failed import changed the file")
			}
			return
		}
		undoAll(t, d)
		if !bytes.Equal(d.Bytes(), orig) {
			t.Fatal("undoing an import does not give back the original")
		}
	})
}
