// Package scenetest checks the games' scenes: their renders against
// golden pictures, and their updates after edits against scenes built
// anew. Each game column's tests use it on its own levels.
package scenetest

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/undo"
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

// Renders checks a scene's 2D and 3D software renders against their
// goldens in the package's testdata/golden, that they are not blank,
// and, in its subtest "opengl" (which needs an X display), that the
// OpenGL path draws the same pictures at 1280x800 within 0.1% of the
// pixels.
func Renders(t *testing.T, name string, s *scene.Scene) {
	t.Helper()
	big := map[string]*image.NRGBA{} // by view, at 1280x800
	for _, view := range []string{"2d", "3d"} {
		var img *image.NRGBA
		if view == "2d" {
			img = display.Render2D(&s.List, s.Camera2D(goldenW, goldenH), goldenW, goldenH)
			big[view] = display.Render2D(&s.List, s.Camera2D(1280, 800), 1280, 800)
		} else {
			img = display.Render3D(&s.List, s.Camera3D(), goldenW, goldenH)
			big[view] = display.Render3D(&s.List, s.Camera3D(), 1280, 800)
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
	t.Run("opengl", func(t *testing.T) {
		e2e.NeedDisplay(t)
		g, err := viewport.NewGL()
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		g.SetList(&s.List)
		for _, view := range []string{"2d", "3d"} {
			var fromGL *image.NRGBA
			if view == "2d" {
				fromGL, err = g.Render2D(s.Camera2D(1280, 800), 1280, 800)
			} else {
				fromGL, err = g.Render3D(s.Camera3D(), 1280, 800)
			}
			if err != nil {
				t.Fatal(err)
			}
			n := differs(fromGL, big[view])
			t.Logf("%s %s: %d of %d pixels differ between OpenGL and software", name, view, n, len(big[view].Pix)/4)
			if n > len(big[view].Pix)/4/1000 {
				e2e.SavePNG(t, name+"-"+view+"-gl", fromGL)
				e2e.SavePNG(t, name+"-"+view+"-software", big[view])
				t.Errorf("%s %s: %d pixels of the OpenGL frame differ from the software one", name, view, n)
			}
		}
	})
}

// Modes checks the 2D software render of each of the scene's draw modes,
// with its legend and without the object layers (whose glyphs would
// hide the colours), against its golden name-<mode key>.png: each mode
// draws a picture of its own (no two alike), and its legend says
// something. The scene is left in its first mode, its layers as they
// were.
func Modes(t *testing.T, name string, s *scene.Scene) {
	t.Helper()
	for _, l := range s.Layers() {
		if l.Shape != scene.NoGlyph && l.Shape != scene.LineGlyph && s.Shown(l.Name) {
			s.SetShown(l.Name, false)
			defer s.SetShown(l.Name, true)
		}
	}
	seen := map[string]string{}
	for _, m := range s.Modes() {
		if err := s.SetMode(m.Name); err != nil {
			t.Fatal(err)
		}
		if s.Mode().Name != m.Name {
			t.Fatalf("%s: SetMode(%q) left the scene in mode %q", name, m.Name, s.Mode().Name)
		}
		if m.Legend.Title == "" || m.Legend.Gradient == nil && len(m.Legend.Swatches) == 0 {
			t.Errorf("%s %s: the legend says nothing: %+v", name, m.Name, m.Legend)
		}
		// The map with its legend: two modes may colour a level alike
		// (a level whose floors and ceilings share their lights), but
		// what they show must still tell them apart.
		img := display.Render2D(&s.List, s.Camera2D(goldenW, goldenH), goldenW, goldenH)
		scene.DrawLegend(img, s.Mode(), nil)
		sum := string(img.Pix)
		if other, ok := seen[sum]; ok {
			t.Errorf("%s: modes %q and %q draw the same picture", name, other, m.Name)
		}
		seen[sum] = m.Name
		checkGolden(t, name+"-"+m.Key(), img)
	}
	if err := s.SetMode(s.Modes()[0].Name); err != nil {
		t.Fatal(err)
	}
}

// Edited is a corpus level open as a document, its scene, and the
// changes of the steps done since the scene last updated.
type Edited struct {
	Name    string
	History *undo.Stack
	Scene   *scene.Scene
	Fresh   func() *scene.Scene // the level's scene built anew
	Edits   []func() error      // one edit each, undoable
	pending []undo.Change
}

// Listen gathers the history's changes for Update.
func (e *Edited) Listen() {
	e.History.OnChange(func(n undo.Notice) { e.pending = append(e.pending, n.Changes...) })
}

// Update gives the scene the pending changes.
func (e *Edited) Update() display.Changes {
	c := e.Scene.Update(e.pending)
	e.pending = e.pending[:0]
	return c
}

// Rebuild drops the pending changes and builds the scene anew.
func (e *Edited) Rebuild() {
	e.pending = e.pending[:0]
	e.Scene = e.Fresh()
}

// CheckUpdates makes each edit, and then undoes them all: each time, the
// scene updated in place equals the scene built anew, and each edit's
// update named only some items.
func CheckUpdates(t *testing.T, e *Edited) {
	t.Helper()
	for i, edit := range e.Edits {
		if err := edit(); err != nil {
			t.Fatalf("edit %d: %v", i, err)
		}
		c := e.Update()
		if c.All || c.Empty() {
			t.Errorf("edit %d: update %+v, want some items named", i, c)
		}
		n := len(c.Polygons) + len(c.Lines) + len(c.Markers) + len(c.Triangles)
		if total := len(e.Scene.List.Polygons) + len(e.Scene.List.Lines) + len(e.Scene.List.Markers) + len(e.Scene.List.Triangles); n > total/20 {
			t.Errorf("edit %d: %d of %d items redrawn", i, n, total)
		}
		if !sameList(e.Scene.List, e.Fresh().List) {
			t.Fatalf("edit %d: the updated scene differs from a scene built anew", i)
		}
	}
	for range e.Edits {
		if _, err := e.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	e.Update()
	if !sameList(e.Scene.List, e.Fresh().List) {
		t.Fatal("after undoing every edit, the updated scene differs from a scene built anew")
	}
}

// sameList reports whether a and b hold the same items; markers without
// a heading (NaN) count as equal.
func sameList(a, b display.List) bool {
	noNaN := func(ms []display.Marker) []display.Marker {
		out := slices.Clone(ms)
		for i := range out {
			if math.IsNaN(out[i].Heading) {
				out[i].Heading = math.Inf(1)
			}
		}
		return out
	}
	a.Markers, b.Markers = noNaN(a.Markers), noNaN(b.Markers)
	return reflect.DeepEqual(a, b)
}

// Frames are measured at this size.
const benchW, benchH = 1280, 800

// BenchFrame draws the scene of e at 1280x800, in 2D and 3D, with OpenGL
// (render and read-back) and, as the baseline, with the software
// renderer. Without OpenGL (no display), the OpenGL frames skip, saying
// why.
func BenchFrame(b *testing.B, e *Edited) {
	g, glErr := viewport.NewGL()
	if glErr == nil {
		defer g.Close()
	}
	s := e.Scene
	b.Logf("%s: %d polygons, %d lines, %d markers, %d triangles", e.Name, len(s.List.Polygons), len(s.List.Lines), len(s.List.Markers), len(s.List.Triangles))
	cam2, cam3 := s.Camera2D(benchW, benchH), s.Camera3D()
	zoom := Zoomed(cam2)
	// And each 3D frame a thousandth of a radian round from the last, as
	// at each step of an orbit: a frame of the same camera draws again
	// only what changed.
	turn := func(i int) display.Camera3D { return cam3.Orbit(float64(i%2)/1000, 0) }
	for _, view := range []string{"2d", "3d"} {
		b.Run(e.Name+"/"+view+"/opengl", func(b *testing.B) {
			if glErr != nil {
				b.Skipf("no OpenGL: %v", glErr)
			}
			frame := func(i int) (err error) {
				if view == "2d" {
					_, err = g.Render2D(zoom(i), benchW, benchH)
				} else {
					_, err = g.Render3D(turn(i), benchW, benchH)
				}
				return err
			}
			// The first frame after SetList tessellates and uploads the
			// list: a cost of loading, not of each frame.
			if err := g.SetList(&s.List); err != nil {
				b.Fatal(err)
			}
			if err := frame(1); err != nil {
				b.Fatal(err)
			}
			for i := 0; b.Loop(); i++ {
				if err := frame(i); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// A drag: the view pans 4 pixels a frame, 60 frames one way and 60
	// back, as the canvas draws what it had not and, past its margin,
	// the view anew.
	b.Run(e.Name+"/2d/opengl/pan", func(b *testing.B) {
		if glErr != nil {
			b.Skipf("no OpenGL: %v", glErr)
		}
		if err := g.SetList(&s.List); err != nil {
			b.Fatal(err)
		}
		cam := cam2
		for i := 0; b.Loop(); i++ {
			step := 4.0
			if i/60%2 == 1 {
				step = -4
			}
			cam = cam.Pan(step, step/2)
			if _, err := g.Render2D(cam, benchW, benchH); err != nil {
				b.Fatal(err)
			}
		}
	})
	// A polygon, or a face, selected by a click and then not: its state
	// changes, the display list is updated and the frame drawn.
	toggle := func(name string, n int, state func(i int) *display.State, changes func(i int) display.Changes, frame func() error) {
		b.Run(e.Name+name, func(b *testing.B) {
			if glErr != nil {
				b.Skipf("no OpenGL: %v", glErr)
			}
			if n == 0 {
				b.Skip("nothing to select")
			}
			if err := g.SetList(&s.List); err != nil {
				b.Fatal(err)
			}
			at := state(n / 2)
			was := *at
			defer func() { *at = was }()
			for i := 0; b.Loop(); i++ {
				*at = []display.State{display.Selected, was}[i%2]
				if err := g.Update(changes(n / 2)); err != nil {
					b.Fatal(err)
				}
				if err := frame(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	polygonState := func(i int) *display.State { return &s.List.Polygons[i].State }
	faceState := func(i int) *display.State { return &s.List.Triangles[i].State }
	frame2D := func() error { _, err := g.Render2D(cam2, benchW, benchH); return err }
	frame3D := func() error { _, err := g.Render3D(cam3, benchW, benchH); return err }
	toggle("/2d/opengl/select", len(s.List.Polygons), polygonState, func(i int) display.Changes { return display.Changes{Polygons: []int{i}} }, frame2D)
	toggle("/3d/opengl/select", len(s.List.Triangles), faceState, func(i int) display.Changes { return display.Changes{Triangles: []int{i}} }, frame3D)
	// hover is the pointer come onto item id: the scene highlights its
	// entity instead of the last one, the index and the renderer are
	// told, and frame draws.
	hover := func(b *testing.B, index *display.Index, id display.ID, frame func() error) {
		c := s.Hover(s.Ref(id))
		index.Update(c)
		if err := g.Update(c); err != nil {
			b.Fatal(err)
		}
		if err := frame(); err != nil {
			b.Fatal(err)
		}
	}
	// The pointer moves between two polygons, as it crosses the map: the
	// item under it is picked (with the index the view keeps), the scene
	// highlights its entity instead of the last one, and the frame is
	// drawn.
	b.Run(e.Name+"/2d/opengl/hover", func(b *testing.B) {
		if glErr != nil {
			b.Skipf("no OpenGL: %v", glErr)
		}
		n := len(s.List.Polygons)
		if n < 3 {
			b.Skip("fewer than three polygons to hover over")
		}
		if err := g.SetList(&s.List); err != nil {
			b.Fatal(err)
		}
		var at [2]display.Vec2
		for k, p := range []display.Polygon{s.List.Polygons[n/3], s.List.Polygons[2*n/3]} {
			var c display.Vec2
			for _, q := range p.Points {
				c.X, c.Y = c.X+q.X/float64(len(p.Points)), c.Y+q.Y/float64(len(p.Points))
			}
			at[k] = cam2.ToScreen(c, benchW, benchH)
		}
		defer func() { g.Update(s.Hover(document.Ref{}, false)) }()
		var index display.Index // as the view keeps it
		index.SetList(&s.List)
		for range 16 { // the index builds its grids
			index.Pick2D(cam2, at[0], benchW, benchH, 3)
		}
		if err := frame2D(); err != nil { // tessellates the list, a cost of loading
			b.Fatal(err)
		}
		for i := 0; b.Loop(); i++ {
			hover(b, &index, index.Pick2D(cam2, at[i%2], benchW, benchH, 3), frame2D)
		}
	})
	// The same in 3D: the pointer moves between two faces of different
	// entities, found on a grid of points over the view.
	b.Run(e.Name+"/3d/opengl/hover", func(b *testing.B) {
		if glErr != nil {
			b.Skipf("no OpenGL: %v", glErr)
		}
		if err := g.SetList(&s.List); err != nil {
			b.Fatal(err)
		}
		var index display.Index
		index.SetList(&s.List)
		var at []display.Vec2
		var seen []document.Ref
		for k := 0; k < 16*10 && len(at) < 2; k++ {
			p := display.Vec2{X: benchW * (float64(k%16) + 0.5) / 16, Y: benchH * (float64(k/16) + 0.5) / 10}
			hit, ok := index.PickHit(cam3, p, benchW, benchH)
			if r, over := s.Ref(hit.ID); ok && over && !slices.Contains(seen, r) {
				at, seen = append(at, p), append(seen, r)
			}
		}
		if len(at) < 2 {
			b.Skip("fewer than two entities to hover over in 3D")
		}
		for range 16 { // the index builds its grids
			index.PickHit(cam3, at[0], benchW, benchH)
		}
		if err := frame3D(); err != nil {
			b.Fatal(err)
		}
		defer func() { g.Update(s.Hover(document.Ref{}, false)) }()
		for i := 0; b.Loop(); i++ {
			hit, _ := index.PickHit(cam3, at[i%2], benchW, benchH)
			hover(b, &index, hit.ID, frame3D)
		}
	})
	b.Run(e.Name+"/2d/software", func(b *testing.B) {
		for b.Loop() {
			display.Render2D(&s.List, cam2, benchW, benchH)
		}
	})
	b.Run(e.Name+"/3d/software", func(b *testing.B) {
		for b.Loop() {
			display.Render3D(&s.List, cam3, benchW, benchH)
		}
	})
}

// Zoomed is cam at frame i, its scale a hundredth apart from the last
// frame's, as at each step of a zoom: every OpenGL frame is drawn anew
// (a frame of the same view is the kept canvas read back again).
func Zoomed(cam display.Camera2D) func(i int) display.Camera2D {
	return func(i int) display.Camera2D {
		c := cam
		c.Scale *= 1 + float64(i%2)/100
		return c
	}
}

// BenchUpdate measures one edit of e (its first edit, then its undo, in
// turn) followed by the display list's update: the scene redraws the
// changed entities and the OpenGL renderer uploads their vertices. The
// baseline is the edit alone.
func BenchUpdate(b *testing.B, e *Edited) {
	g, err := viewport.NewGL()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	g.SetList(&e.Scene.List)
	if _, err := g.Render2D(e.Scene.Camera2D(benchW, benchH), benchW, benchH); err != nil {
		b.Fatal(err)
	}
	step := func(b *testing.B, i int) {
		if i%2 == 0 {
			if err := e.Edits[0](); err != nil {
				b.Fatal(err)
			}
		} else if _, err := e.History.Undo(); err != nil {
			b.Fatal(err)
		}
	}
	b.Run(e.Name+"/edit", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			step(b, i)
		}
		e.Rebuild()
		g.SetList(&e.Scene.List)
	})
	b.Run(e.Name+"/edit+update", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			step(b, i)
			c := e.Update()
			if c.All {
				b.Fatal("the edit rebuilt the whole scene")
			}
			if err := g.Update(c); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// RedrawsFrom checks that a built scene's source redraws from the kinds
// it declares, redrawn, and from no other of its game's kinds: a change
// of every entity of a kind rebuilds the scene, and a change of entity
// at[kind] (0 when absent) redraws something, exactly when the kind is
// in redrawn; otherwise the change draws nothing. A kind misspelt in the
// source or in its declaration fails here.
func RedrawsFrom(t *testing.T, src scene.Source, level int, kinds, redrawn []document.Kind, at map[document.Kind]int) {
	t.Helper()
	for _, k := range redrawn {
		if !slices.Contains(kinds, k) {
			t.Errorf("the scene redraws from %q, which is not one of the game's kinds %v", k, kinds)
		}
	}
	for _, k := range kinds {
		want := slices.Contains(redrawn, k)
		if refs, all := src.Affected([]undo.Change{{Level: level, Kind: k}}); all != want || len(refs) > 0 {
			t.Errorf("a change of every %s: rebuild %v, redraw %v; want rebuild %v and no redraw", k, all, refs, want)
		}
		refs, all := src.Affected([]undo.Change{{Level: level, Kind: k, Indexes: []int{at[k]}}})
		if got := all || len(refs) > 0; got != want {
			t.Errorf("a change of %s %d: rebuild %v, redraw %v; want something drawn again: %v", k, at[k], all, refs, want)
		}
	}
}
