package scene

import (
	"testing"

	"github.com/levelwright/levelwright/widgets/viewport"
)

// Frames are measured at this size.
const benchW, benchH = 1280, 800

// largest is each game's corpus level with the most to draw.
func largest(b *testing.B) []*edited {
	return []*edited{largestMarathon(b), largestShock(b), largestTurok(b)}
}

// BenchmarkFrame draws the largest corpus level of each game at
// 1280x800, in 2D and 3D, with OpenGL (render and read-back) and, as the
// baseline, with the software renderer.
func BenchmarkFrame(b *testing.B) {
	g, err := viewport.NewGL()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	for _, e := range largest(b) {
		s := e.scene
		b.Logf("%s: %d polygons, %d lines, %d markers, %d triangles", e.name, len(s.List.Polygons), len(s.List.Lines), len(s.List.Markers), len(s.List.Triangles))
		g.SetList(&s.List)
		cam2, cam3 := s.Camera2D(benchW, benchH), s.Camera3D()
		b.Run(e.name+"/2d/opengl", func(b *testing.B) {
			for b.Loop() {
				if _, err := g.Render2D(cam2, benchW, benchH); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(e.name+"/3d/opengl", func(b *testing.B) {
			for b.Loop() {
				if _, err := g.Render3D(cam3, benchW, benchH); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(e.name+"/2d/software", func(b *testing.B) {
			for b.Loop() {
				viewport.Render2D(&s.List, cam2, benchW, benchH)
			}
		})
		b.Run(e.name+"/3d/software", func(b *testing.B) {
			for b.Loop() {
				viewport.Render3D(&s.List, cam3, benchW, benchH)
			}
		})
	}
}

// BenchmarkUpdate measures one edit of the largest corpus level of each
// game (its first edit, then its undo, in turn) followed by the display
// list's update: the scene redraws the changed entities and the OpenGL
// renderer uploads their vertices. The baseline is the edit alone.
func BenchmarkUpdate(b *testing.B) {
	g, err := viewport.NewGL()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	for _, e := range largest(b) {
		g.SetList(&e.scene.List)
		if _, err := g.Render2D(e.scene.Camera2D(benchW, benchH), benchW, benchH); err != nil {
			b.Fatal(err)
		}
		step := func(b *testing.B, i int) {
			if i%2 == 0 {
				if err := e.edits[0](); err != nil {
					b.Fatal(err)
				}
			} else if _, err := e.history.Undo(); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(e.name+"/edit", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				step(b, i)
			}
			e.pending = e.pending[:0]
			e.scene = e.fresh()
			g.SetList(&e.scene.List)
		})
		b.Run(e.name+"/edit+update", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				step(b, i)
				c := e.update()
				if c.All {
					b.Fatal("the edit rebuilt the whole scene")
				}
				if err := g.Update(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
