package turok

import (
	"math"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/internal/turokmap"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// bigCells makes the 51,200-sector map of the big-map benchmarks:
// 2*160*160 sectors.
const bigCells = 160

// frameW and frameH are the size the big map's frames are drawn at.
const frameW, frameH = 1280, 800

// editCamera is the map camera of a modder at work on the big map: 1.5
// pixels to a world unit, about 13 x 8 squares in view, at a point of
// the map's middle.
func editCamera() display.Camera2D {
	mid := float64(bigCells * 64 / 2)
	return display.Camera2D{Center: display.Vec2{X: mid, Y: mid}, Scale: 1.5}
}

// BenchmarkBigMap measures the 51,200-sector map: building its scene
// (bare, and wooded) and tessellating the wooded one, and drawing 2D
// frames at 1280x800 with OpenGL (render and read-back) and in software,
// of the whole map and while panning a view close enough to edit in,
// against the floor of an empty frame (clear and read-back); a layer
// turned off or on, the scene built again and its first frame drawn; and
// picking the item under the pointer, as each move of the mouse does.
func BenchmarkBigMap(b *testing.B) {
	m := turokmap.Hills(bigCells)
	b.Run("scene", func(b *testing.B) {
		for b.Loop() {
			levelScene(m, nil)
		}
	})
	// The same map with as many static meshes as the hold-out map's
	// 4,267, and an actor by each, drawn as bodies.
	wooded := turokmap.Wooded(bigCells)
	b.Run("scene/wooded", func(b *testing.B) {
		for b.Loop() {
			levelScene(wooded, nil)
		}
	})
	// Its display list made into the vertices OpenGL draws, as the
	// first frame after a build does.
	b.Run("tessellate/wooded", func(b *testing.B) {
		s := levelScene(wooded, nil)
		cam := s.Camera2D(frameW, frameH)
		for b.Loop() {
			display.Tessellate(&s.List, cam, nil)
		}
	})
	s := levelScene(m, nil)
	b.Logf("%d polygons, %d lines, %d markers, %d triangles", len(s.List.Polygons), len(s.List.Lines), len(s.List.Markers), len(s.List.Triangles))
	g, err := viewport.NewGL()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	if err := g.SetList(&s.List); err != nil {
		b.Fatal(err)
	}
	whole := s.Camera2D(frameW, frameH)
	// The first frame tessellates and uploads the map: a cost of
	// loading, kept out of the frames timed.
	if _, err := g.Render2D(whole, frameW, frameH); err != nil {
		b.Fatal(err)
	}
	// pan moves the edit camera by a few pixels each frame, as a drag
	// does; the OpenGL canvas draws only what it had not drawn.
	pan := func(i int) display.Camera2D { return editCamera().Pan(float64(i%64), float64(i%32)) }
	for _, c := range []struct {
		name string
		cam  func(int) display.Camera2D
	}{{"whole", scenetest.Zoomed(whole)}, {"pan", pan}} {
		b.Run(c.name+"/opengl", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := g.Render2D(c.cam(i), frameW, frameH); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/software", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				display.Render2D(&s.List, c.cam(i), frameW, frameH)
			}
		})
	}
	b.Run("floor/opengl", func(b *testing.B) {
		if err := g.SetList(&display.List{}); err != nil {
			b.Fatal(err)
		}
		defer g.SetList(&s.List)
		for b.Loop() {
			if _, err := g.Render2D(whole, frameW, frameH); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("layer", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			s.SetShown(meshesLayer, i%2 == 1)
			if err := g.SetList(&s.List); err != nil {
				b.Fatal(err)
			}
			if _, err := g.Render2D(pan(i), frameW, frameH); err != nil {
				b.Fatal(err)
			}
		}
	})
	// An actor placed at each frame, as the Place actor tool does: its
	// marker and faces appended to the list (copies of the last actor's,
	// moved along), the OpenGL renderer told, and the view drawn.
	b.Run("place/opengl", func(b *testing.B) {
		l := &s.List
		if err := g.SetList(l); err != nil {
			b.Fatal(err)
		}
		cam := editCamera()
		if _, err := g.Render2D(cam, frameW, frameH); err != nil {
			b.Fatal(err)
		}
		markers, faces := len(l.Markers), len(l.Triangles)
		body := slices.Clone(l.Triangles[faces-12:])
		defer func() {
			l.Markers, l.Triangles = l.Markers[:markers], l.Triangles[:faces]
		}()
		for i := 0; b.Loop(); i++ {
			dx := float64(64 * (i%16 + 1))
			m := l.Markers[markers-1]
			m.At.X += dx
			l.Markers = append(l.Markers, m)
			c := display.Changes{Markers: []int{len(l.Markers) - 1}}
			for _, tr := range body {
				tr.A.X, tr.B.X, tr.C.X = tr.A.X+dx, tr.B.X+dx, tr.C.X+dx
				c.Triangles = append(c.Triangles, len(l.Triangles))
				l.Triangles = append(l.Triangles, tr)
			}
			if err := g.Update(c); err != nil {
				b.Fatal(err)
			}
			if _, err := g.Render2D(cam, frameW, frameH); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Every entity selected and then none, at each frame, as Ctrl+A
	// does: the scene marks them all, the OpenGL renderer tessellates
	// them again, and the view of the whole map is drawn.
	b.Run("select-all/opengl", func(b *testing.B) {
		if err := g.SetList(&s.List); err != nil {
			b.Fatal(err)
		}
		inf := math.Inf(1)
		all := s.Within(display.Vec2{X: -inf, Y: -inf}, display.Vec2{X: inf, Y: inf})
		defer func() { g.Update(s.Select()) }()
		for i := 0; b.Loop(); i++ {
			if err := g.Update(s.Select(all[:len(all)*(1-i%2)]...)); err != nil {
				b.Fatal(err)
			}
			if _, err := g.Render2D(whole, frameW, frameH); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The item under the pointer, in the map and in 3D, picked with the
	// index the view keeps and by testing every item, for the ratio; and
	// the 16 picks after the list changed whole, which test every item
	// until the index builds its grids again.
	var index display.Index
	index.SetList(&s.List)
	centre := display.Vec2{X: frameW / 2, Y: frameH / 2}
	cam3 := s.Camera3D()
	for _, p := range []struct {
		name string
		pick func(i int)
	}{
		{"pick/index", func(i int) { index.Pick2D(pan(i), centre, frameW, frameH, 3) }},
		{"pick/every-item", func(i int) { display.Pick2D(&s.List, pan(i), centre, frameW, frameH, 3) }},
		{"pick3d/index", func(i int) {
			index.PickHit(cam3, display.Vec2{X: centre.X + float64(i%64), Y: centre.Y}, frameW, frameH)
		}},
		{"pick3d/every-item", func(i int) {
			display.PickHit(&s.List, cam3, display.Vec2{X: centre.X + float64(i%64), Y: centre.Y}, frameW, frameH)
		}},
		{"pick/after-whole-change", func(i int) {
			index.SetList(&s.List)
			for range 16 {
				index.Pick2D(pan(i), centre, frameW, frameH, 3)
			}
		}},
	} {
		b.Run(p.name, func(b *testing.B) {
			for range 16 { // the index builds its grids
				p.pick(0)
			}
			for i := 0; b.Loop(); i++ {
				p.pick(i)
			}
		})
	}
}
