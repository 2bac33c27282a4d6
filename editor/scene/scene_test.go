package scene

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/widgets/viewport"
)

var update = flag.Bool("update", false, "write the golden images instead of comparing with them")

// Golden renders are small, to keep the repository small.
const goldenW, goldenH = 320, 200

// differs counts the pixels of a and b whose channels differ by more
// than 24.
func differs(a, b *image.NRGBA) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for k := range 3 {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > 24 || d < -24 {
				n++
				break
			}
		}
	}
	return n
}

// checkGolden compares img with testdata/golden/name.png: at most 0.5%
// of the pixels may differ (antialiasing-free renders of the same list
// on another machine differ only by floating-point rounding at edges).
func checkGolden(t *testing.T, name string, img *image.NRGBA) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	defer f.Close()
	decoded, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	want := image.NewNRGBA(decoded.Bounds())
	for y := range want.Rect.Dy() {
		for x := range want.Rect.Dx() {
			want.Set(x, y, decoded.At(x, y))
		}
	}
	if want.Rect != img.Rect {
		t.Fatalf("%s: rendered %v, golden %v", name, img.Rect, want.Rect)
	}
	if n := differs(img, want); n > len(img.Pix)/4/200 {
		out := filepath.Join(t.TempDir(), name+".png")
		if f, err := os.Create(out); err == nil {
			png.Encode(f, img)
			f.Close()
		}
		t.Errorf("%s: %d pixels differ from the golden image (rendered: %s)", name, n, out)
	}
}

func TestMain(m *testing.M) { os.Exit(e2e.InDisplay(m)) }

// renders checks a scene's 2D and 3D software renders against their
// goldens, that they are not blank, and that the OpenGL path draws the
// same pictures at 1280x800 within 0.1% of the pixels.
func renders(t *testing.T, name string, s *Scene) {
	t.Helper()
	g, err := viewport.NewGL()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.SetList(&s.List)
	for _, view := range []string{"2d", "3d"} {
		var img, big, fromGL *image.NRGBA
		if view == "2d" {
			img = viewport.Render2D(&s.List, s.Camera2D(goldenW, goldenH), goldenW, goldenH)
			big = viewport.Render2D(&s.List, s.Camera2D(1280, 800), 1280, 800)
			fromGL, err = g.Render2D(s.Camera2D(1280, 800), 1280, 800)
		} else {
			img = viewport.Render3D(&s.List, s.Camera3D(), goldenW, goldenH)
			big = viewport.Render3D(&s.List, s.Camera3D(), 1280, 800)
			fromGL, err = g.Render3D(s.Camera3D(), 1280, 800)
		}
		if err != nil {
			t.Fatal(err)
		}
		n := differs(fromGL, big)
		t.Logf("%s %s: %d of %d pixels differ between OpenGL and software", name, view, n, len(big.Pix)/4)
		if n > len(big.Pix)/4/1000 {
			e2e.SavePNG(t, name+"-"+view+"-gl", fromGL)
			e2e.SavePNG(t, name+"-"+view+"-software", big)
			t.Errorf("%s %s: %d pixels of the OpenGL frame differ from the software one", name, view, n)
		}
		colours := map[[3]uint8]bool{}
		for i := 0; i < len(img.Pix); i += 4 {
			colours[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
		}
		if len(colours) < 4 {
			t.Errorf("%s %s: only %d colours: nothing drawn", name, view, len(colours))
		}
		checkGolden(t, fmt.Sprintf("%s-%s", name, view), img)
	}
}

// marathon1Level5 decodes level 5 of the corpus's Marathon 1 scenario.
func marathon1Level5(tb testing.TB) *marathon.Level {
	data, err := os.ReadFile(corpus.Path(tb, "marathon", "m1", "Map.scen"))
	if err != nil {
		tb.Fatal(err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	l, err := marathon.Decode(f.Entries[5], f.Header.DataVersion == 0)
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

func TestMarathonGolden(t *testing.T) {
	renders(t, "marathon-m1-level5", Marathon(marathon1Level5(t), 5))
}

func TestShockGolden(t *testing.T) {
	data, err := os.ReadFile(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := shock.Decode(res)
	if err != nil {
		t.Fatal(err)
	}
	if a.Levels[1] == nil {
		t.Fatal("the archive has no level 1")
	}
	renders(t, "shock-derelict-level1", Shock(a.Levels[1], 1))
}

func TestTurokGolden(t *testing.T) {
	data, err := os.ReadFile(corpus.Path(t, "turok", "kex18-vis.map"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := turok.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	renders(t, "turok-kex18-vis", Turok(m))
}

// TestPickNamesEntities: picking the middle of a polygon's render names
// that polygon, and an object's marker names the object.
func TestPickNamesEntities(t *testing.T) {
	m := turok.NewMap()
	s := Turok(m)
	cam := s.Camera2D(400, 400)
	a := m.Actors[0].Origin
	at := cam.ToScreen(viewport.Vec2{X: float64(a.X), Y: float64(a.Y)}, 400, 400)
	if r, ok := s.Ref(viewport.Pick2D(&s.List, cam, at, 400, 400, 2)); !ok || r.Kind != "actor" || r.Index != 0 {
		t.Errorf("picked %+v %v at the player start", r, ok)
	}
	corner := cam.ToScreen(viewport.Vec2{X: 200, Y: 30}, 400, 400) // inside sector 0
	if r, ok := s.Ref(viewport.Pick2D(&s.List, cam, corner, 400, 400, 0)); !ok || r.Kind != "sector" || r.Index != 0 {
		t.Errorf("picked %+v %v inside sector 0", r, ok)
	}
}

// BenchmarkSoftwareFrame renders Marathon 1 level 5 at 1280x800 with the
// software renderer, in each view: the fallback the OpenGL path is
// measured against.
func BenchmarkSoftwareFrame(b *testing.B) {
	l := marathon1Level5(b)
	s := Marathon(l, 5)
	b.Run("2d", func(b *testing.B) {
		cam := s.Camera2D(1280, 800)
		for b.Loop() {
			viewport.Render2D(&s.List, cam, 1280, 800)
		}
	})
	b.Run("3d", func(b *testing.B) {
		cam := s.Camera3D()
		for b.Loop() {
			viewport.Render3D(&s.List, cam, 1280, 800)
		}
	})
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			Marathon(l, 5)
		}
	})
}
