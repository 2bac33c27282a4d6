package turok

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// dialectDocument loads a map written as a writer of dialect d writes
// it: a 2x2 grid over a 1024-unit terrain with a static mesh in sections
// 0 and 3 and sections 1 and 2 empty; with d.ZeroStride, no actors, so
// that the file shows its empty data sets' stride.
func dialectDocument(t *testing.T, d codec.Dialect) (*Document, []byte) {
	t.Helper()
	m := codec.NewTerrain(4, 256)
	m.Dialect = d
	m.GridWidth, m.GridHeight = 2, 2
	m.GridMin = []codec.XY{{X: 0, Y: 0}, {X: 512, Y: 0}, {X: 0, Y: 512}, {X: 512, Y: 512}}
	m.GridMax = []codec.XY{{X: 512, Y: 512}, {X: 1024, Y: 512}, {X: 512, Y: 1024}, {X: 1024, Y: 1024}}
	m.Sections = make([]codec.Section, 4)
	if d.ZeroStride {
		m.Actors = nil
	}
	doc, err := Load("writer.map", m.Encode())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []codec.Vec3{{X: 100, Y: 100}, {X: 900, Y: 900}} {
		if _, err := doc.PlaceMesh(rock(p)); err != nil {
			t.Fatal(err)
		}
	}
	b := doctest.Bytes(t, doc)
	if doc, err = Load("writer.map", b); err != nil {
		t.Fatal(err)
	}
	return doc, b
}

// rock is a static mesh at p.
func rock(p codec.Vec3) codec.StaticMesh {
	return codec.StaticMesh{Origin: p, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
		BoundsMin: codec.Vec3{X: p.X - 16, Y: p.Y - 16, Z: p.Z}, BoundsMax: codec.Vec3{X: p.X + 16, Y: p.Y + 16, Z: p.Z + 64},
		CullBits: -1, Model: "models/rock.staticmesh"}
}

// TestEditEmptySectionDialects: maps whose empty grid sections are an
// archive of no blocks or count 0 at offset 0, with zero-stride empty
// data sets or not, open with no problem and save unchanged; a mesh
// placed in an empty section and one moved out of its section save in
// the file's dialect, open again as edited, and undoing both gives back
// the file read.
func TestEditEmptySectionDialects(t *testing.T) {
	for _, form := range []codec.EmptySection{codec.EmptyBlocks, codec.EmptyArchive, codec.EmptyAtZero} {
		for _, zero := range []bool{false, true} {
			for _, long := range []bool{false, true} {
				if form == codec.EmptyAtZero && !zero {
					continue // the Blender exporter's sections, told by them to have zero strides
				}
				dialect := codec.Dialect{LongSectors: long, EmptySections: form, ZeroStride: zero}
				t.Run(fmt.Sprintf("%+v", dialect), func(t *testing.T) {
					d, orig := dialectDocument(t, dialect)
					m := d.Map
					if m.Dialect != dialect {
						t.Fatalf("read dialect %+v", m.Dialect)
					}
					if len(m.Sections[1].Meshes)+len(m.Sections[2].Meshes) != 0 || len(m.Sections[0].Meshes) != 1 || len(m.Sections[3].Meshes) != 1 {
						t.Fatalf("sections hold %v", m.Sections)
					}
					if !bytes.Equal(doctest.Bytes(t, d), orig) {
						t.Fatal("an unchanged map saves other bytes")
					}
					if p := mustProblems(t, d); len(p) > 0 {
						t.Fatalf("problems: %v", p)
					}

					if _, err := d.PlaceMesh(rock(codec.Vec3{X: 700, Y: 300})); err != nil { // into empty section 1
						t.Fatal(err)
					}
					if err := d.MoveMesh(2, codec.Vec3{X: 300, Y: 700}); err != nil { // section 3's, into section 2
						t.Fatal(err)
					}
					if n := []int{len(m.Sections[0].Meshes), len(m.Sections[1].Meshes), len(m.Sections[2].Meshes), len(m.Sections[3].Meshes)}; !slices.Equal(n, []int{1, 1, 1, 0}) {
						t.Fatalf("sections hold %v meshes, want 1 1 1 0", n)
					}
					if p := mustProblems(t, d); len(p) > 0 {
						t.Fatalf("problems after the edits: %v", p)
					}
					edited := doctest.Bytes(t, d)
					again, err := Load("edited.map", edited)
					if err != nil {
						t.Fatal(err)
					}
					if again.Map.EmptySections != form { // section 3, the only empty one, tells
						t.Errorf("emptied section written in form %d, want %d", again.Map.EmptySections, form)
					}
					for i, s := range again.Map.Sections {
						if !slices.Equal(s.Meshes, m.Sections[i].Meshes) {
							t.Errorf("section %d opens as %v, want %v", i, s.Meshes, m.Sections[i].Meshes)
						}
					}
					if !bytes.Equal(doctest.Bytes(t, again), edited) {
						t.Error("the edited map does not save back unchanged")
					}
					if p := mustProblems(t, again); len(p) > 0 {
						t.Errorf("problems of the edited file: %v", p)
					}

					for range 2 {
						if _, err := d.History.Undo(); err != nil {
							t.Fatal(err)
						}
					}
					if got := doctest.Bytes(t, d); !bytes.Equal(got, orig) {
						t.Error("undoing the edits does not give back the file read")
					}
				})
			}
		}
	}
}

// sectorKeys lists, for each sector of a map's text, whether it has a
// DrawOrder key.
func sectorKeys(t *testing.T, d *Document) []bool {
	t.Helper()
	b, err := json.Marshal(d.Export())
	if err != nil {
		t.Fatal(err)
	}
	var text struct{ Sectors []map[string]any }
	if err := json.Unmarshal(b, &text); err != nil {
		t.Fatal(err)
	}
	var out []bool
	for _, s := range text.Sectors {
		_, ok := s["DrawOrder"]
		out = append(out, ok)
	}
	return out
}

// TestDrawOrderBySectorSize: the text of a map of 16-byte sectors has no
// DrawOrder, and a draw order for one is refused by the edit and by
// import, changing nothing; on 18-byte sectors every sector has one, 0
// included, and both set it.
func TestDrawOrderBySectorSize(t *testing.T) {
	for _, long := range []bool{false, true} {
		d, orig := dialectDocument(t, codec.Dialect{LongSectors: long})
		keys := sectorKeys(t, d)
		if len(keys) != len(d.Map.Sectors) || slices.Contains(keys, !long) {
			t.Errorf("long %v: DrawOrder keys %v, want all %v", long, keys, long)
		}
		err := d.EditSectors([]int{3}, func(s *codec.Sector) { s.DrawOrder = 5 })
		mj := jsontest.RoundTrip(t, d.Export())
		seven := int16(7)
		mj.Sectors[2].DrawOrder = &seven
		_, importErr := d.Import(mj)
		if long {
			if err != nil || importErr != nil || d.Map.Sectors[3].DrawOrder != 5 || d.Map.Sectors[2].DrawOrder != 7 {
				t.Fatalf("18-byte sectors: edit %v, import %v; draw orders %d, %d", err, importErr, d.Map.Sectors[3].DrawOrder, d.Map.Sectors[2].DrawOrder)
			}
			if err := d.EditSectors([]int{3}, func(s *codec.Sector) { s.DrawOrder = 0 }); err != nil || d.Map.Sectors[3].DrawOrder != 0 {
				t.Fatalf("draw order 0: %v", err)
			}
			again, err := Load("again.map", doctest.Bytes(t, d))
			if err != nil || again.Map.Sectors[2].DrawOrder != 7 || again.Map.Sectors[3].DrawOrder != 0 {
				t.Fatalf("saved draw orders open as %v (%v)", again.Map.Sectors[2:4], err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "sector 3, DrawOrder: the map's sectors are 16 bytes") {
			t.Errorf("16-byte sectors: edit gave %v", err)
		}
		if importErr == nil || !strings.Contains(importErr.Error(), "sectors[2].DrawOrder: the map's sectors are 16 bytes") {
			t.Errorf("16-byte sectors: import gave %v", importErr)
		}
		if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("16-byte sectors: refusals left %d steps, bytes equal %v", steps, bytes.Equal(doctest.Bytes(t, d), orig))
		}
		// The set of a sector still changes.
		if err := d.EditSectors([]int{3}, func(s *codec.Sector) { s.Set = 0 }); err != nil {
			t.Errorf("16-byte sectors: an edit keeping the draw order: %v", err)
		}
	}
}

// TestBlenderMapEmptied: a map of the Blender exporter's, with actors,
// meshes and an empty section, saved after every actor and every mesh
// is deleted, is still of its dialect: the actors' data set has a stride
// of 0 and their path archives their headers, and undoing both steps
// gives back the file read.
func TestBlenderMapEmptied(t *testing.T) {
	m := codec.NewTerrain(4, 256)
	m.Dialect = codec.BlenderDialect
	m.GridWidth, m.GridHeight = 2, 1
	m.GridMin = []codec.XY{{X: 0, Y: 0}, {X: 512, Y: 0}}
	m.GridMax = []codec.XY{{X: 512, Y: 1024}, {X: 1024, Y: 1024}}
	m.Sections = make([]codec.Section, 2)
	d, err := Load("blender.map", m.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.PlaceMesh(rock(codec.Vec3{X: 100, Y: 100})); err != nil {
		t.Fatal(err)
	}
	orig := doctest.Bytes(t, d)
	if d, err = Load("blender.map", orig); err != nil {
		t.Fatal(err)
	}
	if d.Map.Dialect != codec.BlenderDialect || len(d.Map.Actors) == 0 {
		t.Fatalf("read dialect %+v with %d actors", d.Map.Dialect, len(d.Map.Actors))
	}
	if err := d.DeleteActors([]int{0}); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteMeshes([]int{0}); err != nil {
		t.Fatal(err)
	}
	saved := doctest.Bytes(t, d)
	tree, err := codec.ParseTree(saved)
	if err != nil {
		t.Fatal(err)
	}
	actors := tree.Root.Children[6] // the root's blocks: ..., sections (5), actors (6)
	if s := actors.Children[0]; s.Stride != 0 || s.Count != 0 {
		t.Errorf("no actors written as (%d, %d), want (0, 0)", s.Stride, s.Count)
	}
	for i, a := range actors.Children[1:] {
		if a.EndZero {
			t.Errorf("the actors' empty path archive %d written without its header", i+1)
		}
	}
	for i, s := range tree.Root.Children[5].Children { // the grid sections
		if !s.EndZero {
			t.Errorf("emptied section %d written with a header", i)
		}
	}
	again, err := Load("saved.map", saved)
	if err != nil || again.Map.Dialect != codec.BlenderDialect {
		t.Fatalf("saved map read as %+v (%v)", again.Map.Dialect, err)
	}
	for range 2 {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undoing the deletions does not give back the file read")
	}
}

// TestInfoEmptyBlenderMap: info reports the Blender exporter's empty map
// as one of 18-byte sectors.
func TestInfoEmptyBlenderMap(t *testing.T) {
	m := &codec.Map{Version: 1, SkyMaterial: "sky", Dialect: codec.BlenderDialect}
	info, err := Format.Info("empty.map", m.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(info.Text, "0 sectors of 18 bytes") {
		t.Errorf("info: %s", info.Text)
	}
}
