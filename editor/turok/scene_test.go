package turok

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/undo"
)

func TestMain(m *testing.M) { os.Exit(e2e.InDisplay(m)) }

// TestTurokGolden: the 2D and 3D renders of each corpus map match their
// goldens, and the draw modes of one map theirs.
func TestTurokGolden(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		name := "turok-" + strings.TrimSuffix(filepath.Base(path), ".map")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m, err := codec.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			s := levelScene(m, nil)
			scenetest.Renders(t, name, s)
			if filepath.Base(path) == "kex18-vis.map" {
				scenetest.Modes(t, name, s)
			}
		})
	}
}

// TestPickNamesEntities: picking the middle of a polygon's render names
// that polygon, and an object's marker names the object.
func TestPickNamesEntities(t *testing.T) {
	m := codec.NewMap()
	s := levelScene(m, nil)
	cam := s.Camera2D(400, 400)
	a := m.Actors[0].Origin
	at := cam.ToScreen(display.Vec2{X: float64(a.X), Y: float64(a.Y)}, 400, 400)
	if r, ok := s.Ref(display.Pick2D(&s.List, cam, at, 400, 400, 2)); !ok || r.Kind != tdoc.KindActor || r.Index != 0 {
		t.Errorf("picked %+v %v at the player start", r, ok)
	}
	corner := cam.ToScreen(display.Vec2{X: 200, Y: 30}, 400, 400) // inside sector 0
	if r, ok := s.Ref(display.Pick2D(&s.List, cam, corner, 400, 400, 0)); !ok || r.Kind != tdoc.KindSector || r.Index != 0 {
		t.Errorf("picked %+v %v inside sector 0", r, ok)
	}
}

// largestTurok is the corpus Turok map with the most sectors, with a
// vertex, an actor and a mesh move to make.
func largestTurok(tb testing.TB) *scenetest.Edited {
	var best *tdoc.Document
	for _, path := range corpus.Files(tb, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		d, err := tdoc.Open(path)
		if err != nil {
			tb.Fatal(err)
		}
		if best == nil || len(d.Map.Sectors) > len(best.Map.Sectors) {
			best = d
		}
	}
	m := best.Map
	e := &scenetest.Edited{Name: filepath.Base(best.Path), History: best.History, Scene: levelScene(m, nil),
		Fresh: func() *scene.Scene { return levelScene(m, nil) }}
	v := int(m.Sectors[len(m.Sectors)/2].Vertices[0])
	e.Edits = []func() error{
		func() error {
			to := m.Vertices[v]
			to.Position.Z += 4
			return best.MoveVertex(v, to)
		},
		func() error {
			a := m.Actors[len(m.Actors)/2].Origin
			return best.MoveActor(len(m.Actors)/2, codec.Vec3{X: a.X + 10, Y: a.Y, Z: a.Z})
		},
	}
	for _, sec := range m.Sections {
		if len(sec.Meshes) > 0 {
			o := sec.Meshes[0].Origin
			e.Edits = append(e.Edits, func() error { return best.MoveMesh(0, codec.Vec3{X: o.X + 1, Y: o.Y, Z: o.Z}) })
			break
		}
	}
	e.Listen()
	return e
}

// TestUpdateRedrawsOnlyWhatChanged: after each edit, and after undoing
// them all, the scene updated in place equals the scene built anew, and
// the update named only some items.
func TestUpdateRedrawsOnlyWhatChanged(t *testing.T) {
	e := largestTurok(t)
	t.Run(e.Name, func(t *testing.T) { scenetest.CheckUpdates(t, e) })
}

// BenchmarkUpdate measures an edit of the largest corpus Turok map and
// the display list's update after it.
func BenchmarkUpdate(b *testing.B) { scenetest.BenchUpdate(b, largestTurok(b)) }

// TestRedrawsFromDeclaredKinds: the scene redraws from the kinds it
// declares and from no other Turok kind. A change of the actors that
// names none (actors came or went) redraws those that differ from the
// ones drawn, not the whole scene: none when none differs, and one
// edited in place (with those that link to it); so does a change of a
// section, of its meshes.
func TestRedrawsFromDeclaredKinds(t *testing.T) {
	d, err := tdoc.Open(corpus.Path(t, "turok", "kex18-vis.map"))
	if err != nil {
		t.Fatal(err)
	}
	section := slices.IndexFunc(d.Map.Sections, func(s codec.Section) bool { return len(s.Meshes) > 0 })
	if section < 0 {
		t.Fatal("no section holds a mesh")
	}
	src := &turokMap{m: d.Map}
	scene.New(src, false)
	diffed := func(k document.Kind) bool { return k == tdoc.KindActor || k == tdoc.KindSection }
	scenetest.RedrawsFrom(t, src, turokLevel, slices.DeleteFunc(tdoc.Kinds(), diffed), slices.DeleteFunc(slices.Clone(redrawnKinds), diffed), nil)
	changed := []undo.Change{{Level: turokLevel, Kind: tdoc.KindSection, Indexes: []int{section}}}
	if refs, all := src.Affected(changed); all || len(refs) > 0 {
		t.Errorf("a change of section %d, no mesh different: rebuild %v, redraw %v; want neither", section, all, refs)
	}
	d.Map.Sections[section].Meshes[0].Flags ^= 1
	mesh := 0
	for _, sec := range d.Map.Sections[:section] {
		mesh += len(sec.Meshes)
	}
	if refs, all := src.Affected(changed); all || !slices.Equal(refs, []document.Ref{{Level: turokLevel, Kind: tdoc.KindMesh, Index: mesh}}) {
		t.Errorf("a change of section %d, its first mesh different: rebuild %v, redraw %v; want mesh %d", section, all, refs, mesh)
	}
	every := []undo.Change{{Level: turokLevel, Kind: tdoc.KindActor}}
	if refs, all := src.Affected(every); all || len(refs) > 0 {
		t.Errorf("a change of every actor, none different: rebuild %v, redraw %v; want neither", all, refs)
	}
	d.Map.Actors[1].Origin.X++
	want := document.Ref{Level: turokLevel, Kind: tdoc.KindActor, Index: 1}
	if refs, all := src.Affected(every); all || !slices.Contains(refs, want) {
		t.Errorf("a change of every actor, actor 1 different: rebuild %v, redraw %v; want %v (and the actors linked to it)", all, refs, want)
	}
}

// TestGridSectionsLayer: the Grid sections layer, off to start with,
// outlines every cell of the map's grid of sections.
func TestGridSectionsLayer(t *testing.T) {
	m := codec.NewMap()
	s := levelScene(m, nil)
	before := len(s.List.Lines)
	if s.Shown(sectionsLayer) {
		t.Fatal("the grid sections show before they are asked for")
	}
	s.SetShown(sectionsLayer, true)
	cells := m.SectionGrid().Cells()
	if cells == 0 || len(s.List.Lines)-before != 4*cells {
		t.Fatalf("%d cells drew %d lines", cells, len(s.List.Lines)-before)
	}
}

// TestAddedEntitiesAppended: actors and static meshes placed, duplicated
// and deleted, and those steps undone and redone, update the scene to
// draw what a scene built anew draws (each item naming the same entity),
// without building it again; an actor placed without links is drawn by
// appending its items alone, which the update names.
func TestAddedEntitiesAppended(t *testing.T) {
	d, e := editedKex18(t)
	m := d.Map
	counts := func() [6]int {
		l := &e.Scene.List
		return [6]int{len(l.Polygons), len(l.Lines), len(l.Markers), len(l.Labels), len(l.Triangles), len(l.Sprites)}
	}
	update := func(step string) display.Changes {
		t.Helper()
		c := e.Update()
		if e.Scene.Rebuilt() {
			t.Errorf("%s: the scene was built again", step)
		}
		if got, want := drawing(e.Scene), drawing(e.Fresh()); !slices.Equal(got, want) {
			t.Fatalf("%s: the updated scene draws %d items, a scene built anew %d, not the same", step, len(got), len(want))
		}
		return c
	}

	was := counts()
	a := m.Actors[0]
	a.TID, a.TargetTID = 0, -1 // no links to it or from it
	a.Origin.X += 64
	if _, err := d.PlaceActor(a); err != nil {
		t.Fatal(err)
	}
	c := update("an actor placed")
	now := counts()
	for k, named := range [][]int{c.Polygons, c.Lines, c.Markers, c.Labels, c.Triangles, c.Sprites} {
		if c.All || len(named) != now[k]-was[k] || len(named) > 0 && named[0] != was[k] {
			t.Errorf("an actor placed: update %+v of lists %v that were %v, want the appended items alone", c, now, was)
			break
		}
	}
	if now == was {
		t.Error("the actor placed drew nothing")
	}

	section := slices.IndexFunc(m.Sections[:len(m.Sections)-1], func(s codec.Section) bool { return len(s.Meshes) > 0 })
	if section < 0 {
		t.Fatal("no section but the last holds a mesh")
	}
	mesh := m.Sections[section].Meshes[0]
	mesh.Origin.X++
	linked := slices.IndexFunc(m.Actors, func(a codec.Actor) bool { return a.TargetTID > 0 })
	steps := []struct {
		name string
		do   func() error
	}{
		{"a static mesh placed in a section before others", func() error { _, err := d.PlaceMesh(mesh); return err }},
		{"an actor with links duplicated", func() error {
			_, err := d.DuplicateActors([]int{max(linked, 0)}, codec.Vec3{X: 32})
			return err
		}},
		{"an actor in the middle deleted", func() error { return d.DeleteActors([]int{len(m.Actors) / 2}) }},
		{"the static meshes duplicated", func() error { _, err := d.DuplicateMeshes([]int{0, 1}, codec.XY{X: 16}); return err }},
		{"a static mesh deleted", func() error { return d.DeleteMeshes([]int{0}) }},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		update(s.name)
	}
	for i := range len(steps) + 1 {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
		update(fmt.Sprintf("undo %d", i+1))
	}
	for i := range len(steps) + 1 {
		if _, err := d.History.Redo(); err != nil {
			t.Fatal(err)
		}
		update(fmt.Sprintf("redo %d", i+1))
	}
}

// drawing lists a scene's items, sorted, each with the entity its ID
// names in the place of the ID: two scenes that draw the same draw the
// same list, whatever order their entities were drawn in.
func drawing(s *scene.Scene) []string {
	var out []string
	add := func(kind string, id *display.ID, item any) {
		r, _ := s.Ref(*id)
		*id = 0
		out = append(out, fmt.Sprintf("%s %v %+v", kind, r, item))
	}
	for _, p := range s.List.Polygons {
		add("polygon", &p.ID, &p)
	}
	for _, l := range s.List.Lines {
		add("line", &l.ID, &l)
	}
	for _, mk := range s.List.Markers {
		add("marker", &mk.ID, &mk)
	}
	for _, tr := range s.List.Triangles {
		add("triangle", &tr.ID, &tr)
	}
	for _, sp := range s.List.Sprites {
		add("sprite", &sp.ID, &sp)
	}
	for _, l := range s.List.Labels {
		out = append(out, fmt.Sprintf("label %+v", l))
	}
	slices.Sort(out)
	return out
}

// TestVerticesStandOut: with the Vertices layer on, every vertex is
// drawn in every draw mode inside a rim whose brightness is far from its
// fill's, so that a vertex coloured as the sectors around it shows.
func TestVerticesStandOut(t *testing.T) {
	m := codec.NewMap()
	m.Vertices[12].Position.Z = 300 // a range of floor heights
	s := levelScene(m, nil)
	s.SetShown(scene.VerticesLayer, true)
	brightness := func(c color.NRGBA) int { return (299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000 }
	for _, mode := range s.Modes() {
		if err := s.SetMode(mode.Name); err != nil {
			t.Fatal(err)
		}
		rims := map[display.ID][]color.NRGBA{}
		for _, mk := range s.List.Markers {
			if r, ok := s.Ref(mk.ID); ok && r.Kind == tdoc.KindVertex {
				rims[mk.ID] = append(rims[mk.ID], mk.Color)
			}
		}
		if len(rims) != len(m.Vertices) {
			t.Fatalf("%s: %d vertices drawn, want %d", mode.Name, len(rims), len(m.Vertices))
		}
		for id, c := range rims {
			if len(c) != 2 || max(brightness(c[0]), brightness(c[1]))-min(brightness(c[0]), brightness(c[1])) < 100 {
				r, _ := s.Ref(id)
				t.Errorf("%s: vertex %d drawn in %v, want a fill inside a rim of far other brightness", mode.Name, r.Index, c)
			}
		}
	}
}

// TestEditedMeshDrawnAlone: a static mesh edited in place (moved a
// little, its flags changed) draws itself again, not every mesh of its
// section, and the scene then draws what a scene built anew draws; so do
// the undo and redo of those steps.
func TestEditedMeshDrawnAlone(t *testing.T) {
	d, e := editedKex18(t)
	m := d.Map
	first, g := -1, 0 // the number of the first mesh of a section holding more than one
	for _, sec := range m.Sections {
		if len(sec.Meshes) > 1 {
			first = g
			break
		}
		g += len(sec.Meshes)
	}
	if first < 0 {
		t.Fatal("no section holds two meshes")
	}
	mesh := meshes(m)[first+1]
	steps := []func() error{
		func() error {
			return d.MoveMesh(first+1, codec.Vec3{X: mesh.Origin.X + 8, Y: mesh.Origin.Y, Z: mesh.Origin.Z})
		},
		func() error { return d.EditMeshes([]int{first + 1}, func(s *codec.StaticMesh) { s.Flags ^= 1 }) },
		func() error { _, err := d.History.Undo(); return err },
		func() error { _, err := d.History.Redo(); return err },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		e.Update()
		var redrawn []int
		for _, r := range e.Scene.Reached() {
			if r.Kind == tdoc.KindMesh {
				redrawn = append(redrawn, r.Index)
			}
		}
		if e.Scene.Rebuilt() || !slices.Equal(redrawn, []int{first + 1}) {
			t.Errorf("step %d drew meshes %v again (rebuilt %v), want mesh %d alone", i+1, redrawn, e.Scene.Rebuilt(), first+1)
		}
		if got, want := drawing(e.Scene), drawing(e.Fresh()); !slices.Equal(got, want) {
			t.Fatalf("step %d: the updated scene draws %d items, a scene built anew %d, not the same", i+1, len(got), len(want))
		}
	}
}

// editedKex18 opens kex18-vis.map as a document whose steps update its
// scene, with a scene built anew to compare it with.
func editedKex18(t *testing.T) (*tdoc.Document, *scenetest.Edited) {
	t.Helper()
	d, err := tdoc.Open(corpus.Path(t, "turok", "kex18-vis.map"))
	if err != nil {
		t.Fatal(err)
	}
	m := d.Map
	e := &scenetest.Edited{Name: "kex18-vis.map", History: d.History, Scene: levelScene(m, nil), Fresh: func() *scene.Scene { return levelScene(m, nil) }}
	e.Listen()
	return d, e
}
