package turok

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/widgets/viewport"
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
			s := levelScene(m)
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
	s := levelScene(m)
	cam := s.Camera2D(400, 400)
	a := m.Actors[0].Origin
	at := cam.ToScreen(viewport.Vec2{X: float64(a.X), Y: float64(a.Y)}, 400, 400)
	if r, ok := s.Ref(viewport.Pick2D(&s.List, cam, at, 400, 400, 2)); !ok || r.Kind != tdoc.KindActor || r.Index != 0 {
		t.Errorf("picked %+v %v at the player start", r, ok)
	}
	corner := cam.ToScreen(viewport.Vec2{X: 200, Y: 30}, 400, 400) // inside sector 0
	if r, ok := s.Ref(viewport.Pick2D(&s.List, cam, corner, 400, 400, 0)); !ok || r.Kind != tdoc.KindSector || r.Index != 0 {
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
	e := &scenetest.Edited{Name: filepath.Base(best.Path), History: best.History, Scene: levelScene(m),
		Fresh: func() *scene.Scene { return levelScene(m) }}
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
// declares and from no other Turok kind; the section changed is one
// that holds meshes.
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
	scenetest.RedrawsFrom(t, src, turokLevel, tdoc.Kinds(), redrawnKinds, map[document.Kind]int{tdoc.KindSection: section})
}

// TestGridSectionsLayer: the Grid sections layer, off to start with,
// outlines every cell of the map's grid of sections.
func TestGridSectionsLayer(t *testing.T) {
	m := codec.NewMap()
	s := levelScene(m)
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
