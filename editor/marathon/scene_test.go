package marathon

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/display"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/scenetest"
)

func TestMain(m *testing.M) { os.Exit(e2e.InDisplay(m)) }

// marathon1Level5 decodes level 5 of the corpus's Marathon 1 scenario.
func marathon1Level5(tb testing.TB) *codec.Level {
	data, err := os.ReadFile(corpus.Path(tb, "marathon", "m1", "Map.scen"))
	if err != nil {
		tb.Fatal(err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	l, err := codec.Decode(f.Entries[5], f.Header.DataVersion == 0)
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

func TestMarathonGolden(t *testing.T) {
	scenetest.Renders(t, "marathon-m1-level5", levelScene(marathon1Level5(t), 5, nil))
}

// eternalLevel is the level of the corpus's Marathon Eternal scenario
// "Genie in a Bottle" (Infinity format): it has liquids, ambient sounds
// and annotations, so that every draw mode shows something.
func eternalLevel(tb testing.TB) *codec.Level {
	data, err := os.ReadFile(corpus.Path(tb, "marathon", "eternal", "Genie-In-A-Bottle.sceA"))
	if err != nil {
		tb.Fatal(err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	l, err := codec.Decode(f.Entries[0], false)
	if err != nil {
		tb.Fatal(err)
	}
	if len(l.Media) < 2 || len(l.Ambient) < 2 || len(l.Notes) == 0 {
		tb.Fatalf("the level has %d liquids, %d ambient sounds, %d annotations", len(l.Media), len(l.Ambient), len(l.Notes))
	}
	return l
}

// TestMarathonModes renders every draw mode of a Marathon 1 level and of
// an Infinity level against their goldens.
func TestMarathonModes(t *testing.T) {
	scenetest.Modes(t, "marathon-m1-level5", levelScene(marathon1Level5(t), 5, nil))
	scenetest.Modes(t, "marathon-genie", levelScene(eternalLevel(t), 0, nil))
}

// largestMarathon is the corpus Marathon level with the most polygons
// (of the corpus folder marathon/under... when given), open as a
// document, with an endpoint move, an object move and a floor height
// change to make; textured, it is drawn with a generated Shapes file
// holding its textures, in the floor texture mode.
func largestMarathon(tb testing.TB, textured bool, under ...string) *scenetest.Edited {
	var best *mdoc.Document
	level, most := 0, -1
	for _, path := range corpus.Files(tb, append([]string{"marathon"}, under...)...) {
		if ext := filepath.Ext(path); !strings.HasPrefix(ext, ".sce") {
			continue
		}
		d, err := mdoc.Open(path)
		if err != nil {
			tb.Fatal(err)
		}
		for i, l := range d.Levels {
			if l != nil && len(l.Polygons) > most {
				best, level, most = d, i, len(l.Polygons)
			}
		}
	}
	l := best.Levels[level]
	var gfx *graphics
	mode := polygonModes[0].name
	if textured {
		var err error
		if gfx, err = loadGraphics(writeShapes(tb, tb.TempDir(), l)); err != nil {
			tb.Fatal(err)
		}
		mode = "Texture"
	}
	build := func() *scene.Scene {
		s := levelScene(l, level, func() *graphics { return gfx })
		if err := s.SetMode(mode); err != nil {
			tb.Fatal(err)
		}
		return s
	}
	e := &scenetest.Edited{Name: filepath.Base(best.Path), History: best.History, Scene: build(), Fresh: build}
	ep := int(l.Lines[len(l.Lines)/2].Endpoints[0])
	at, _ := l.Vertex(uint16(ep))
	obj := len(l.Objects) / 2
	lo, hi := (&marathonLevel{l: l, level: level}).span(polygonModes[0])
	// raise is a polygon whose floor can rise 16 units within the range
	// of heights, each of its lines with a side on both faces, so that
	// raising it adds no side.
	raise := 0
	sided := func(p codec.Polygon) bool {
		for _, li := range p.Lines[:min(p.VertexCount, 8)] {
			if line := l.Lines[li]; int(line.ClockwiseSide) >= len(l.Sides) || int(line.CCWSide) >= len(l.Sides) {
				return false
			}
		}
		return true
	}
	for i, p := range l.Polygons {
		if h := float64(p.FloorHeight); h > lo && h+16 < hi && sided(p) {
			raise = i
			break
		}
	}
	e.Edits = []func() error{
		func() error { return best.MoveEndpoint(level, ep, codec.Point{X: at.X + 8, Y: at.Y - 8}) },
		func() error {
			o := l.Objects[obj]
			return best.MoveObject(level, obj, codec.Point{X: o.X + 40, Y: o.Y})
		},
		func() error {
			return best.EditPolygons(level, []int{raise}, func(p *codec.Polygon) { p.FloorHeight += 16 })
		},
	}
	e.Listen()
	return e
}

// TestUpdateRedrawsOnlyWhatChanged: after each edit, and after undoing
// them all, the scene updated in place equals the scene built anew, and
// the update named only some items.
func TestUpdateRedrawsOnlyWhatChanged(t *testing.T) {
	e := largestMarathon(t, false)
	t.Run(e.Name, func(t *testing.T) { scenetest.CheckUpdates(t, e) })
	textured := largestMarathon(t, true)
	t.Run(textured.Name+" textured", func(t *testing.T) { scenetest.CheckUpdates(t, textured) })
}

// BenchmarkUpdate measures an edit of the largest corpus Marathon level
// and the display list's update after it.
func BenchmarkUpdate(b *testing.B) { scenetest.BenchUpdate(b, largestMarathon(b, false)) }

// BenchmarkSoftwareFrame renders Marathon 1 level 5 at 1280x800 with the
// software renderer, in each view: the fallback the OpenGL path is
// measured against.
func BenchmarkSoftwareFrame(b *testing.B) {
	l := marathon1Level5(b)
	s := levelScene(l, 5, nil)
	b.Run("2d", func(b *testing.B) {
		cam := s.Camera2D(1280, 800)
		for b.Loop() {
			display.Render2D(&s.List, cam, 1280, 800)
		}
	})
	b.Run("3d", func(b *testing.B) {
		cam := s.Camera3D()
		for b.Loop() {
			display.Render3D(&s.List, cam, 1280, 800)
		}
	})
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			levelScene(l, 5, nil)
		}
	})
}

// TestRedrawsFromDeclaredKinds: the scene redraws from the kinds it
// declares and from no other Marathon kind.
func TestRedrawsFromDeclaredKinds(t *testing.T) {
	src := &marathonLevel{l: marathon1Level5(t), level: 5}
	scene.New(src, true)
	scenetest.RedrawsFrom(t, src, 5, mdoc.Kinds(), redrawnKinds, nil)
}

// TestMonsterFacesItsWay: a Marathon monster turned to face south (a
// facing of 128, with the map's Y running south) points its glyph's tip
// down the screen: its colour is below it and not above it, and the
// other way round when it faces north.
func TestMonsterFacesItsWay(t *testing.T) {
	l := marathon1Level5(t)
	monster := -1
	for i, o := range l.Objects {
		if o.Type == 0 {
			monster = i
			break
		}
	}
	if monster < 0 {
		t.Fatal("the level has no monster")
	}
	red := marathonObjects[0].layer.Color
	for _, tc := range []struct {
		facing int16
		down   bool
	}{{128, true}, {384, false}} {
		l.Objects[monster].Facing = tc.facing
		s := levelScene(l, 5, nil)
		o := l.Objects[monster]
		at := display.Vec2{X: float64(o.X), Y: float64(o.Y)}
		cam := display.Camera2D{Center: at, Scale: 0.05, FlipY: true}
		img := display.Render2D(&s.List, cam, 100, 100)
		below, above := img.NRGBAAt(50, 54), img.NRGBAAt(50, 45) // 4.5 pixels from its middle
		if (below == red) != tc.down || (above == red) == tc.down {
			t.Errorf("facing %d: below the monster %v, above it %v; its colour is %v", tc.facing, below, above, red)
		}
	}
}
