package marathon

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/internal/shapestest"
)

// writeShapes writes a generated Shapes file with every texture of l
// into dir and returns its path.
func writeShapes(tb testing.TB, dir string, l *codec.Level) string {
	path := filepath.Join(dir, "generated.shpA")
	if err := os.WriteFile(path, shapestest.ForLevel(l), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// genieSession opens the corpus's "Genie in a Bottle" (an Infinity file)
// with a generated Shapes file given as render's --shapes.
func genieSession(tb testing.TB) *session {
	d, err := mdoc.Open(corpus.Path(tb, "marathon", "eternal", "Genie-In-A-Bottle.sceA"))
	if err != nil {
		tb.Fatal(err)
	}
	f := &session{d: d}
	shapes := writeShapes(tb, tb.TempDir(), d.Levels[0])
	if notice := f.Prepare(settingsOf(map[string]string{ShapesKey: shapes})); notice != "" || f.gfx == nil {
		tb.Fatalf("Prepare: %q", notice)
	}
	return f
}

func settingsOf(m map[string]string) game.Settings { return func(k string) string { return m[k] } }

// TestPrepareFindsShapes: --shapes comes first, then the scenario's own
// file beside the map, then the setting of the map's game version (the
// Infinity one for an Infinity file, never another version's); a file
// the reader refuses gives a notice with the reader's offset, and no
// textures.
func TestPrepareFindsShapes(t *testing.T) {
	src := corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	d, err := mdoc.Load(src, data)
	if err != nil {
		t.Fatal(err)
	}
	if v := d.GameVersion(); v != mdoc.Infinity {
		t.Fatalf("Genie (wad version %d, data version %d) is version %d, want Infinity", d.File.Header.Version, d.File.Header.DataVersion, v)
	}
	dir, scenario := t.TempDir(), t.TempDir()
	good := writeShapes(t, dir, d.Levels[0])
	broken := filepath.Join(dir, "broken")
	if err := os.WriteFile(broken, shapestest.Environment(map[int]int{17: 1})[:600], 0o644); err != nil {
		t.Fatal(err)
	}
	mapPath := filepath.Join(scenario, "Map.sceA")
	own := filepath.Join(scenario, "Shapes.shpA")
	for _, p := range []struct {
		path string
		data []byte
	}{{mapPath, data}, {own, shapestest.Environment(map[int]int{17: 1})}} {
		if err := os.WriteFile(p.path, p.data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name     string
		path     string
		settings map[string]string
		want     string // the Shapes file read, "" for none
		notice   string
	}{
		{"nothing set", src, nil, "", ""},
		{"the version's setting", src, map[string]string{versions[mdoc.Infinity].key: good}, good, ""},
		{"another version's setting", src, map[string]string{versions[mdoc.Marathon2].key: good}, "", ""},
		{"--shapes first", src, map[string]string{ShapesKey: good, versions[mdoc.Infinity].key: broken}, good, ""},
		{"the scenario's own before the version's", mapPath, map[string]string{versions[mdoc.Infinity].key: good}, own, ""},
		{"--shapes before the scenario's own", mapPath, map[string]string{ShapesKey: good}, good, ""},
		{"a broken file", src, map[string]string{ShapesKey: broken}, "", "offset"},
		{"a missing file", src, map[string]string{ShapesKey: filepath.Join(dir, "none")}, "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d.Path = tt.path
			f := &session{d: d}
			notice := f.Prepare(settingsOf(tt.settings))
			got := ""
			if f.gfx != nil {
				got = f.gfx.path
			}
			if got != tt.want || (tt.notice == "") != (notice == "") || !strings.Contains(notice, tt.notice) {
				t.Errorf("read %q with notice %q, want %q with a notice holding %q", got, notice, tt.want, tt.notice)
			}
		})
	}
}

// TestFloorTextureMapping: a polygon at a known floor origin maps a
// known map point to the texel the engine draws there (its first
// texture coordinate from X plus the origin's X, its second from Y plus
// the origin's Y, one repeat per 1024 units, the first running down a
// column-order picture), whose colour is the generated texture's; it is
// lit by its floor light's starting intensity.
func TestFloorTextureMapping(t *testing.T) {
	f := genieSession(t)
	l := f.d.Levels[0]
	pi := -1
	for i, p := range l.Polygons {
		if c, _, shape := descriptor(p.FloorTexture); p.FloorTexture != codec.None && shape%2 == 0 && c >= firstWallCollection &&
			!landscape(p.FloorTransfer) && p.FloorTransfer != xfer2x && p.FloorTransfer != xfer4x {
			pi = i
			break
		}
	}
	if pi < 0 {
		t.Fatal("no polygon with a column-order floor texture")
	}
	l.Polygons[pi].FloorOrigin = codec.Point{X: 100, Y: 200}
	s := levelScene(l, 0, f.shapes)
	if err := s.SetMode("texture"); err != nil {
		t.Fatal(err)
	}
	var poly display.Polygon
	for _, p := range s.List.Polygons {
		if r, _ := s.Ref(p.ID); r.Kind == mdoc.KindPolygon && r.Index == pi {
			poly = p
		}
	}
	if poly.Texture == 0 {
		t.Fatalf("polygon %d is not textured", pi)
	}
	at := display.Vec2{X: 3*1024 + 40, Y: 512}
	// The engine's coordinates: s = (X + 100)/1024, t = (Y + 200)/1024;
	// a column-order picture's row is s's fraction, its column t's.
	row := math.Mod((at.X+100)/1024, 1) * 128
	col := math.Mod((at.Y+200)/1024, 1) * 128
	got := poly.UV.Map(at)
	if math.Abs(math.Mod(got.X, 128)-col) > 1e-9 || math.Abs(math.Mod(got.Y, 128)-row) > 1e-9 {
		t.Fatalf("texel at %v: %v, want column %v row %v", at, got, col, row)
	}
	c, clut, shape := descriptor(l.Polygons[pi].FloorTexture)
	want := shapestest.Color(clut, shapestest.Texel(c, shape, int(col), int(row)))
	if px := s.List.Texture(poly.Texture).NRGBAAt(int(col), int(row)); px != want {
		t.Errorf("texel (%d, %d) is %v, want %v", int(col), int(row), px, want)
	}
	i, _ := lightIntensity(l, l.Polygons[pi].FloorLight)
	if poly.Fill != tint(i) {
		t.Errorf("fill %v, want the light's %v", poly.Fill, tint(i))
	}
}

// TestStartIntensity: a light starts at the intensity Aleph One's
// new_light gives it.
func TestStartIntensity(t *testing.T) {
	fn := func(function, period int16, intensity float64) codec.LightFunction {
		return codec.LightFunction{Function: function, Period: period, Intensity: int32(intensity * 65536)}
	}
	tests := []struct {
		name  string
		light codec.Light
		want  float64
	}{
		{"active, constant", codec.Light{Flags: lightInitiallyActive,
			Functions: [6]codec.LightFunction{fn(0, 30, 0.75), fn(0, 30, 0.25)}}, 0.75},
		{"inactive, constant", codec.Light{Functions: [6]codec.LightFunction{fn(0, 30, 0.75), fn(0, 30, 0.25), {},
			fn(0, 30, 0.1), fn(0, 30, 0.6)}}, 0.1},
		{"active, linear, half way", codec.Light{Flags: lightInitiallyActive, Phase: 15,
			Functions: [6]codec.LightFunction{fn(1, 30, 0.8), fn(0, 30, 0.2)}}, 0.5},
		{"active, smooth, at its start", codec.Light{Flags: lightInitiallyActive,
			Functions: [6]codec.LightFunction{fn(2, 30, 0.8), fn(0, 30, 0.2)}}, 0.2},
		{"phase past the primary period", codec.Light{Flags: lightInitiallyActive, Phase: 40,
			Functions: [6]codec.LightFunction{fn(0, 30, 0.8), fn(0, 30, 0.3)}}, 0.3},
	}
	for _, tt := range tests {
		if got := startIntensity(tt.light); math.Abs(got-tt.want) > 1e-4 {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestTextureModesWithoutShapes: without a Shapes file the texture modes
// colour each polygon by its texture and say where to set one.
func TestTextureModesWithoutShapes(t *testing.T) {
	l := eternalLevel(t)
	s := levelScene(l, 0, nil)
	for _, mode := range []struct {
		name    string
		surface func(codec.Polygon) flat
	}{{"Texture", floorOf}, {"Ceiling texture", ceilingOf}} {
		if err := s.SetMode(mode.name); err != nil {
			t.Fatal(err)
		}
		if title := s.Mode().Legend.Title; !strings.Contains(title, "Settings") {
			t.Errorf("%s: legend %q says nothing of the Settings", mode.name, title)
		}
		for _, p := range s.List.Polygons {
			r, _ := s.Ref(p.ID)
			d := mode.surface(l.Polygons[r.Index]).texture
			if want := scene.PaletteColor(int(d)); p.Texture != 0 || d != codec.None && p.Fill != want {
				t.Fatalf("%s: polygon %d drawn %v (texture %d), want its texture's colour %v", mode.name, r.Index, p.Fill, p.Texture, want)
			}
		}
	}
	for _, tr := range s.List.Triangles {
		if tr.Texture != 0 {
			t.Fatal("a 3D face is textured without a Shapes file")
		}
	}
}

// TestTexturedGolden draws Genie in a Bottle with a generated Shapes
// file: its floors textured in 2D, and the textured 3D view.
func TestTexturedGolden(t *testing.T) {
	f := genieSession(t)
	s := levelScene(f.d.Levels[0], 0, f.shapes)
	if err := s.SetMode("texture"); err != nil {
		t.Fatal(err)
	}
	textured := 0
	for _, tr := range s.List.Triangles {
		if tr.Texture != 0 {
			textured++
		}
	}
	if textured < len(s.List.Triangles)/2 {
		t.Errorf("%d of %d faces textured", textured, len(s.List.Triangles))
	}
	scenetest.Renders(t, "marathon-genie-textured", s)
}

// sceneHost is a window showing a scene.
type sceneHost struct {
	game.Host
	s *scene.Scene
}

func (h sceneHost) Scene() *scene.Scene { return h.s }

// TestApplyTexture: a texture of the palette sets a floor, a ceiling (in
// the ceiling mode, or hit near the ceiling in 3D) or a side's surface
// under the hit, as one undo step; keys that are no texture of the
// Shapes file, and entities without textures, are refused with no step.
func TestApplyTexture(t *testing.T) {
	f := genieSession(t)
	l := f.d.Levels[0]
	palette := f.PaletteTextures(0)
	if len(palette) == 0 {
		t.Fatal("no palette")
	}
	for _, p := range palette {
		if c, _, _ := descriptor(uint16(p.Key)); p.Group != collectionName(c) || !strings.HasPrefix(p.Name, p.Group+" ") || p.Picture == nil {
			t.Fatalf("palette texture %+v", p)
		}
	}
	key := palette[len(palette)/2].Key
	if landscape(transferFor(uint16(key), 0)) {
		key = palette[0].Key
	}
	s := levelScene(l, 0, f.shapes)
	h := sceneHost{s: s}
	split := -1
	for i, sd := range l.Sides {
		if _, ok := sideEdge(l, i); ok && sd.Type == sideSplit {
			split = i
			break
		}
	}
	if split < 0 {
		t.Fatal("no split side")
	}
	sd := l.Sides[split]
	parts := sideParts(sd, l.Lines[sd.Line], l.Polygons[sd.Polygon])
	low := display.Vec3{Z: (parts[0].bottom + parts[0].top) / 2}
	p := l.Polygons[3]
	nearCeiling := display.Vec3{Z: float64(p.CeilingHeight) - 10}
	tests := []struct {
		name string
		mode string
		ref  document.Ref
		hit  *display.Vec3
		get  func() uint16
	}{
		{"floor in the map", "Floor height", document.Ref{Kind: mdoc.KindPolygon, Index: 3}, nil, func() uint16 { return l.Polygons[3].FloorTexture }},
		{"ceiling in the ceiling mode", ceilingMode, document.Ref{Kind: mdoc.KindPolygon, Index: 4}, nil, func() uint16 { return l.Polygons[4].CeilingTexture }},
		{"ceiling hit in 3D", "Floor height", document.Ref{Kind: mdoc.KindPolygon, Index: 3}, &nearCeiling, func() uint16 { return l.Polygons[3].CeilingTexture }},
		{"a split side's low part", "Floor height", document.Ref{Kind: mdoc.KindSide, Index: split}, &low, func() uint16 { return l.Sides[split].Secondary.Texture }},
		{"a side in the map", "Floor height", document.Ref{Kind: mdoc.KindSide, Index: split}, nil, func() uint16 { return l.Sides[split].Primary.Texture }},
	}
	for _, tt := range tests {
		if err := s.SetMode(tt.mode); err != nil {
			t.Fatal(err)
		}
		before, _ := f.d.History.Steps()
		if err := f.ApplyTexture(h, tt.ref, tt.hit, key); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if after, _ := f.d.History.Steps(); after != before+1 || tt.get() != uint16(key) {
			t.Errorf("%s: %d steps after %d, texture %#x, want %#x", tt.name, after, before, tt.get(), key)
		}
	}
	for _, bad := range []struct {
		name string
		ref  document.Ref
		key  int
	}{
		{"a collection the file lacks", document.Ref{Kind: mdoc.KindPolygon, Index: 3}, 2<<8 | 1},
		{"a shape past the collection's", document.Ref{Kind: mdoc.KindPolygon, Index: 3}, key | 0xff},
		{"no descriptor", document.Ref{Kind: mdoc.KindPolygon, Index: 3}, -5},
		{"an object", document.Ref{Kind: mdoc.KindObject, Index: 0}, key},
	} {
		before, _ := f.d.History.Steps()
		bytes := doctest.Bytes(t, f.d)
		if err := f.ApplyTexture(h, bad.ref, nil, bad.key); err == nil {
			t.Errorf("%s: applied", bad.name)
		}
		if after, _ := f.d.History.Steps(); after != before || string(doctest.Bytes(t, f.d)) != string(bytes) {
			t.Errorf("%s: a refused texture left a step or changed bytes", bad.name)
		}
	}
}

// TestAlignWithNeighbour: a side's texture continues from the side that
// ends where it starts: its x offset is that side's plus its line's
// length, modulo 1024, in one undo step.
func TestAlignWithNeighbour(t *testing.T) {
	f := genieSession(t)
	l := f.d.Levels[0]
	for side := range l.Sides {
		w, ok := sideEdge(l, side)
		if !ok {
			continue
		}
		prev := -1
		for i := range l.Sides {
			if o, ok := sideEdge(l, i); ok && i != side && o.second == w.first && o.polygon == w.polygon {
				prev = i
			}
		}
		if prev < 0 || l.Lines[l.Sides[prev].Line].Length%1024 == 0 {
			continue
		}
		before, _ := f.d.History.Steps()
		if err := alignWithNeighbour(f.d, 0, side); err != nil {
			t.Fatal(err)
		}
		want := (int(l.Sides[prev].Primary.X) + int(l.Lines[l.Sides[prev].Line].Length)) % 1024
		if got := int(l.Sides[side].Primary.X); got != want {
			t.Errorf("side %d after side %d: x offset %d, want %d", side, prev, got, want)
		}
		if after, _ := f.d.History.Steps(); after != before+1 {
			t.Errorf("%d steps after %d", after, before)
		}
		if err := alignWithNeighbour(f.d, 0, len(l.Sides)); err == nil {
			t.Error("a side past the level's was aligned")
		}
		return
	}
	t.Fatal("no side follows another of its polygon")
}

// prefsHost is a window with preferences and an open file at path.
type prefsHost struct {
	game.Host
	prefs fyne.Preferences
	path  string
}

func (h prefsHost) Preferences() fyne.Preferences { return h.prefs }
func (h prefsHost) Path() string                  { return h.path }

// labels are the texts of the labels under o.
func labels(o fyne.CanvasObject) []string {
	var out []string
	switch w := o.(type) {
	case *widget.Label:
		out = append(out, w.Text)
	case *fyne.Container:
		for _, c := range w.Objects {
			out = append(out, labels(c)...)
		}
	}
	return out
}

// TestShapesSettings: the Settings show a row for each game version's
// Shapes file, saying what a set file gave or what to point at, and the
// scenario's own file beside the open map.
func TestShapesSettings(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	good := writeShapes(t, t.TempDir(), eternalLevel(t))
	a.Preferences().SetString(versions[mdoc.Marathon2].key, good)
	mapPath := filepath.Join(dir, "Map.sceA")
	rows := shapesSettings(prefsHost{prefs: a.Preferences(), path: mapPath})
	if len(rows) != len(versions)+1 {
		t.Fatalf("%d rows", len(rows))
	}
	want := []string{"Levelwright cannot read", "collections,", "Choose Marathon Infinity's", "None beside the open map"}
	for i, r := range rows {
		if text := strings.Join(labels(r.Widget), "\n"); !strings.Contains(text, want[i]) {
			t.Errorf("%s: %q, want it to hold %q", r.Label, text, want[i])
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "Shapes.shpA"), shapestest.Environment(map[int]int{17: 2}), 0o644); err != nil {
		t.Fatal(err)
	}
	own := shapesSettings(prefsHost{prefs: a.Preferences(), path: mapPath})[len(versions)]
	if text := strings.Join(labels(own.Widget), "\n"); !strings.Contains(text, "Shapes.shpA: 2 collections, 2 wall textures") {
		t.Errorf("the scenario's own: %q", text)
	}
}

// shownHost is a window showing level scene s of the open file f.
type shownHost struct {
	prefsHost
	f        *session
	s        *scene.Scene
	errors   *[]error
	retooled *int
}

func (h shownHost) Session() game.Session { return h.f }
func (h shownHost) Scene() *scene.Scene   { return h.s }
func (h shownHost) Retool()               { *h.retooled++ }
func (h shownHost) ShowError(err error)   { *h.errors = append(*h.errors, err) }

// TestSettingShapesRedraws: a Shapes file set in the Settings reads it
// and asks the window to build the tools and the scene again; the
// level's scene then textures its floors in the Texture mode, and
// clearing the setting takes the textures away again.
func TestSettingShapesRedraws(t *testing.T) {
	a := test.NewTempApp(t)
	path := corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	d, err := mdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f := &session{d: d}
	if notice := f.Prepare(a.Preferences().String); notice != "" {
		t.Fatal(notice)
	}
	s := f.Levels()[0].Build()
	if err := s.SetMode("Texture"); err != nil {
		t.Fatal(err)
	}
	var errs []error
	retooled := 0
	h := shownHost{prefsHost: prefsHost{prefs: a.Preferences(), path: path}, f: f, s: s, errors: &errs, retooled: &retooled}
	textured := func() int {
		s := f.Levels()[0].Build() // as the window's Retool builds it
		if err := s.SetMode("Texture"); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, p := range s.List.Polygons {
			if p.Texture != 0 {
				n++
			}
		}
		return n
	}
	key := versions[mdoc.Infinity].key
	for _, step := range []struct {
		shapes   string
		textured bool
	}{{"", false}, {writeShapes(t, t.TempDir(), d.Levels[0]), true}, {"", false}} {
		a.Preferences().SetString(key, step.shapes)
		before := retooled
		reloadGameData(h)
		if retooled != before+1 {
			t.Errorf("Shapes file %q set: the window was asked to retool %d times", step.shapes, retooled-before)
		}
		if n := textured(); (n > 0) != step.textured || step.textured && n < len(d.Levels[0].Polygons)/2 {
			t.Errorf("Shapes file %q set: %d of %d polygons textured", step.shapes, n, len(d.Levels[0].Polygons))
		}
	}
	if len(errs) > 0 {
		t.Errorf("errors shown: %v", errs)
	}
}

// TestSelectedSideAndObjectIn3D: selecting a side or an object marks its
// faces in 3D selected, and no other face.
func TestSelectedSideAndObjectIn3D(t *testing.T) {
	f := genieSession(t)
	s := levelScene(f.d.Levels[0], 0, f.shapes)
	for _, r := range []document.Ref{{Kind: mdoc.KindSide, Index: 5}, {Kind: mdoc.KindObject, Index: 2}} {
		s.Select(r)
		marked := 0
		for _, tr := range s.List.Triangles {
			got, _ := s.Ref(tr.ID)
			if (tr.State == display.Selected) != (got == r) {
				t.Fatalf("%v selected: a face of %v is %v", r, got, tr.State)
			}
			if tr.State == display.Selected {
				marked++
			}
		}
		if marked == 0 {
			t.Errorf("%v selected: no face marked", r)
		}
	}
}

// TestItemSprites: items are drawn in 3D as their sprites from the
// Shapes file, at their world size, and a selected item's sprite is
// marked selected.
func TestItemSprites(t *testing.T) {
	f := genieSession(t)
	l := f.d.Levels[0]
	// The level has no items: its first object becomes a magnum pistol.
	item := 0
	l.Objects[item].Type, l.Objects[item].Index = objectItem, 1
	s := levelScene(l, 0, f.shapes)
	ref := document.Ref{Kind: mdoc.KindObject, Index: item}
	s.Select(ref)
	found := 0
	for _, sp := range s.List.Sprites {
		if r, _ := s.Ref(sp.ID); r == ref {
			found++
			if sp.Texture == 0 || sp.Width != 128 || sp.Height != 192 || sp.State != display.Selected {
				t.Errorf("item %d's sprite %+v, want textured, 128 by 192, selected", item, sp)
			}
		} else if sp.State == display.Selected {
			t.Errorf("the sprite of %v is selected", r)
		}
	}
	if found != 1 {
		t.Errorf("item %d has %d sprites", item, found)
	}
}

// TestEverySideWalled: every side that a line names stands on its wall
// and is drawn in 3D, in a Marathon 1 level (whose sides do not keep
// their own line and polygon) as in an Infinity one.
func TestEverySideWalled(t *testing.T) {
	for _, tt := range []struct {
		name string
		l    *codec.Level
	}{{"Marathon 1 level 5", marathon1Level5(t)}, {"Genie in a Bottle", eternalLevel(t)}} {
		t.Run(tt.name, func(t *testing.T) {
			named := map[int]bool{}
			for _, ln := range tt.l.Lines {
				for _, si := range []uint16{ln.ClockwiseSide, ln.CCWSide} {
					if int(si) < len(tt.l.Sides) {
						named[int(si)] = true
					}
				}
			}
			s := levelScene(tt.l, 0, nil)
			drawn := map[int]bool{}
			for _, tr := range s.List.Triangles {
				if r, ok := s.Ref(tr.ID); ok && r.Kind == mdoc.KindSide {
					drawn[r.Index] = true
				}
			}
			for si := range named {
				if _, ok := sideEdge(tt.l, si); !ok || !drawn[si] {
					t.Fatalf("side %d of %d named by a line: wall found %v, drawn in 3D %v", si, len(named), ok, drawn[si])
				}
			}
		})
	}
}

// TestSideEdgeWithoutLines: a side of a level without lines, as a
// damaged file may hold, stands nowhere; it is not drawn and nothing
// panics.
func TestSideEdgeWithoutLines(t *testing.T) {
	l := &codec.Level{Sides: make([]codec.Side, 2)}
	for i := -1; i <= 2; i++ {
		if _, ok := sideEdge(l, i); ok {
			t.Errorf("side %d of a level without lines stands somewhere", i)
		}
	}
	levelScene(l, 0, nil)
}

// TestPaletteOffersWholeCollections: the palette offers every texture
// of the level's collections in the Shapes file, those no surface uses
// among them, grouped by collection; every collection a surface uses is
// one of them.
func TestPaletteOffersWholeCollections(t *testing.T) {
	f := genieSession(t)
	l := f.d.Levels[0]
	collections := paletteCollections(l)
	used := map[int]bool{}
	l.SurfaceTextures(func(d uint16) { used[int(d)] = true })
	for d := range used {
		if c, _, _ := descriptor(uint16(d)); d != int(codec.None) && !slices.Contains(collections, c) {
			t.Errorf("texture %s is used but its collection is not offered", textureName(uint16(d)))
		}
	}
	want := map[int]string{}
	for _, c := range collections {
		if col := f.gfx.file.Collections[c]; col != nil {
			for shape := range min(len(col.Frames), 1<<shapeBits) {
				if d := uint16(c<<shapeBits | shape); f.gfx.picture(d) != nil {
					want[int(d)] = collectionName(c)
				}
			}
		}
	}
	unused := 0
	got := map[int]string{}
	for _, p := range f.PaletteTextures(0) {
		got[p.Key] = p.Group
		if !used[p.Key] {
			unused++
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("the palette offers %d textures, want the collections' %d", len(got), len(want))
	}
	if unused == 0 {
		t.Error("the palette offers only the textures the level uses")
	}
}
