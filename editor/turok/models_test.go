package turok

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/kpftest"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// modelMap is a new map with a static mesh of the crate model (a box
// from (-10, -20, 0) to (10, 20, 30)) at (300, 400, 5), scaled by 2 along
// its X and turned a quarter counterclockwise, whose map bounding box is
// far smaller than the model; its player start names the same model.
// data is a folder whose game.kpf holds the model and its texture.
func modelMap(t *testing.T) (m *codec.Map, data string) {
	m = codec.NewMap()
	s := math.Sqrt(0.5)
	m.Sections[0].Meshes = []codec.StaticMesh{{Origin: codec.Vec3{X: 300, Y: 400, Z: 5}, Scale: codec.Vec3{X: 2, Y: 1, Z: 1},
		Rotation: [4]float32{0, 0, float32(s), float32(s)}, BoundsMin: codec.Vec3{X: 299, Y: 399}, BoundsMax: codec.Vec3{X: 301, Y: 401, Z: 1},
		Model: `Models\Crate.kmesh`}}
	m.Actors[0].Model = "models/crate.kmesh"
	tex := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	tex.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	tex.SetNRGBA(1, 0, color.NRGBA{0, 0, 255, 255})
	data = kpftest.Folder(t, map[string][]byte{
		"models/crate.kmesh":   kpftest.Box("textures/crate.tga", [3]float32{-10, -20, 0}, [3]float32{10, 20, 30}),
		"textures/crate.tga":   kpftest.TGA(tex),
		"models/tall.kmesh":    kpftest.Box("", [3]float32{-5, -5, 0}, [3]float32{5, 5, 200}),
		"models/mat.kmesh":     kpftest.Box("materials/crate.kmat@crate", [3]float32{-5, -5, 0}, [3]float32{5, 5, 5}),
		"materials/crate.kmat": []byte(`crate { sampler "diffuse" 0 "textures/crate.tga" { filter nearest } }`),
	})
	return m, data
}

// TestModelsDrawn: a static mesh and an actor whose model the game's
// data holds are drawn as it, placed by their scale, turn and origin, in
// 3D and 2D, textured; the map's bounding box plays no part: the scene's
// bounds, its box selection and its picking follow the model.
func TestModelsDrawn(t *testing.T) {
	m, data := modelMap(t)
	g := readModels(data, m)
	if g.err != nil || len(g.missed) != 0 || len(g.models) != 1 || g.notice() != "" {
		t.Fatalf("read %d models, missed %v, error %v", len(g.models), g.missed, g.err)
	}
	s := levelScene(m, g)
	id := s.ID(turokLevel, tdoc.KindMesh, 0)
	faces := trianglesOf(s, id)
	if len(faces) != 12 {
		t.Fatalf("%d faces, want the model's 12", len(faces))
	}
	// Scaled by 2 along X, then turned a quarter: X from 280 to 320 (the
	// model's Y), Y from 380 to 420 (its X, doubled); Z from 5 to 35.
	lo, hi := display.Vec3{X: math.Inf(1), Y: math.Inf(1), Z: math.Inf(1)}, display.Vec3{X: math.Inf(-1), Y: math.Inf(-1), Z: math.Inf(-1)}
	for _, f := range faces {
		if f.Texture == 0 {
			t.Fatal("a face is not textured")
		}
		for _, p := range []display.Vec3{f.A, f.B, f.C} {
			lo = display.Vec3{X: min(lo.X, p.X), Y: min(lo.Y, p.Y), Z: min(lo.Z, p.Z)}
			hi = display.Vec3{X: max(hi.X, p.X), Y: max(hi.Y, p.Y), Z: max(hi.Z, p.Z)}
		}
	}
	near := func(a, b display.Vec3) bool { return math.Abs(a.X-b.X)+math.Abs(a.Y-b.Y)+math.Abs(a.Z-b.Z) < 1e-3 }
	if !near(lo, display.Vec3{X: 280, Y: 380, Z: 5}) || !near(hi, display.Vec3{X: 320, Y: 420, Z: 35}) {
		t.Errorf("the model spans %v..%v, want (280, 380, 5)..(320, 420, 35)", lo, hi)
	}
	if pic := s.List.Texture(faces[0].Texture); pic == nil || pic.NRGBAAt(1, 0) != (color.NRGBA{0, 0, 255, 255}) {
		t.Error("the faces' texture is not the crate's")
	}
	// Box selection takes the mesh within the model's square and not
	// within the map's bounding box, which the model overhangs.
	mesh := document.Ref{Level: turokLevel, Kind: tdoc.KindMesh, Index: 0}
	if !slices.Contains(s.Within(display.Vec2{X: 279, Y: 379}, display.Vec2{X: 321, Y: 421}), mesh) {
		t.Error("a box around the model does not select the mesh")
	}
	if slices.Contains(s.Within(display.Vec2{X: 290, Y: 390}, display.Vec2{X: 310, Y: 410}), mesh) {
		t.Error("a box inside the model selects the mesh")
	}
	// A click on the model's top, away from its origin and outside the
	// map's bounding box, picks the mesh.
	cam := s.Camera2D(800, 800)
	at := cam.ToScreen(display.Vec2{X: 285, Y: 415}, 800, 800)
	if got := display.Pick2D(&s.List, cam, at, 800, 800, 2); got != id {
		t.Errorf("a click on the model picks %d, want the mesh's %d", got, id)
	}
	actor := trianglesOf(s, s.ID(turokLevel, tdoc.KindActor, 0))
	if len(actor) != 12 {
		t.Errorf("the actor is drawn with %d faces, want its model's 12", len(actor))
	}
	// A mesh of a model the map did not name when the data was read is
	// drawn as its model all the same, untextured.
	m.Sections[0].Meshes = append(m.Sections[0].Meshes, codec.StaticMesh{Origin: codec.Vec3{X: 600, Y: 600},
		Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Model: "models/tall.kmesh"})
	s = levelScene(m, g)
	tall := trianglesOf(s, s.ID(turokLevel, tdoc.KindMesh, 1))
	if len(tall) != 12 || tall[0].Texture != 0 || tall[0].Color.G <= tall[0].Color.R || !slices.ContainsFunc(tall, func(f display.Triangle3) bool { return f.A.Z == 200 }) {
		t.Errorf("the mesh added is drawn with %d faces, not its untextured model 200 high in the layer's green", len(tall))
	}
	// A model whose section names a material is drawn with the
	// material's texture.
	m.Sections[0].Meshes[1].Model = "models/mat.kmesh"
	s = levelScene(m, g)
	mat := trianglesOf(s, s.ID(turokLevel, tdoc.KindMesh, 1))
	if pic := s.List.Texture(mat[0].Texture); len(mat) != 12 || pic == nil || pic.NRGBAAt(1, 0) != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("the material's model is drawn with %d faces, not with the crate's texture", len(mat))
	}
}

// TestModelsWithoutData: without the game's data, or with a folder
// without game.kpf, or for a model the data does not hold or cannot
// read, the boxes stay and the notice says what was not read.
func TestModelsWithoutData(t *testing.T) {
	m, data := modelMap(t)
	plain := levelScene(m, nil)
	boxFaces := len(trianglesOf(plain, plain.ID(turokLevel, tdoc.KindMesh, 0)))
	for _, c := range []struct {
		name, dir, notice string
	}{
		{"no folder", "", ""},
		{"no game.kpf", t.TempDir(), "game.kpf"},
	} {
		g := readModels(c.dir, m)
		if n := g.notice(); c.notice == "" && n != "" || !strings.Contains(n, c.notice) {
			t.Errorf("%s: notice %q, want one with %q", c.name, n, c.notice)
		}
		s := levelScene(m, g)
		if n := len(trianglesOf(s, s.ID(turokLevel, tdoc.KindMesh, 0))); n != boxFaces || n == 12 {
			t.Errorf("%s: the mesh has %d faces, want the box's %d", c.name, n, boxFaces)
		}
	}
	m.Actors[0].Model = "models/actors/a0000.bin"
	m.Sections[0].Meshes[0].Model = "models/none.kmesh"
	g := readModels(data, m)
	if n := g.notice(); !strings.Contains(n, "2 Turok EX models") || !strings.Contains(n, "models/none.kmesh: not in game.kpf") {
		t.Errorf("notice %q", n)
	}
}

// TestDataSetting: the Settings row of the game's data says what the
// folder gave the open map, and a session prepared with it draws its
// models.
func TestDataSetting(t *testing.T) {
	a := test.NewTempApp(t)
	m, data := modelMap(t)
	d, err := tdoc.Load("crate.map", m.Encode())
	if err != nil {
		t.Fatal(err)
	}
	f := &session{d: d}
	if notice := f.Prepare(func(key string) string { return map[string]string{DataFolderKey: data}[key] }); notice != "" {
		t.Errorf("notice %q", notice)
	}
	s := f.Levels()[0].Build()
	if n := len(trianglesOf(s, s.ID(turokLevel, tdoc.KindMesh, 0))); n != 12 {
		t.Errorf("the prepared session draws the mesh with %d faces, want the model's 12", n)
	}
	a.Preferences().SetString(DataFolderKey, data)
	rows := Game.Settings(&testHost{session: f, prefs: a.Preferences()})
	if rows[0].Label != "Turok EX data (game.kpf)" {
		t.Fatalf("first Settings row %q", rows[0].Label)
	}
	if texts := strings.Join(labelTexts(rows[0].Widget), "\n"); !strings.Contains(texts, "1 models read from game.kpf") {
		t.Errorf("the row says:\n%s", texts)
	}
}

// BenchmarkModelsScene builds the scene of the 51,200-sector map with
// its 400 static meshes drawn as a textured box model and its 400 actors
// (.bin models, not read) as boxes, against the scene without the data.
func BenchmarkModelsScene(b *testing.B) {
	m := turokmap.Hills(bigCells)
	data := kpftest.Folder(b, map[string][]byte{
		"models/mapstatic/rock.kmesh": kpftest.Box("textures/rock.tga", [3]float32{-16, -16, 0}, [3]float32{16, 16, 64}),
		"textures/rock.tga":           kpftest.TGA(image.NewNRGBA(image.Rect(0, 0, 64, 64))),
	})
	b.Run("boxes", func(b *testing.B) {
		for b.Loop() {
			levelScene(m, nil)
		}
	})
	b.Run("models", func(b *testing.B) {
		for b.Loop() {
			levelScene(m, readModels(data, m))
		}
	})
}
