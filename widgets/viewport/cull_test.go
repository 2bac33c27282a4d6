package viewport

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"
)

// tiles is a list of n x n squares of 10 units, each a filled polygon
// outlined on two sides, with a marker and a label on every seventh.
func tiles(n int) *List {
	l := &List{Background: color.NRGBA{20, 24, 30, 255}}
	for y := range n {
		for x := range n {
			fx, fy := float64(x*10), float64(y*10)
			fill := color.NRGBA{uint8(40 + x*7%200), uint8(60 + y*11%180), 120, 255}
			l.Polygons = append(l.Polygons, Polygon{Points: []Vec2{{fx, fy}, {fx + 10, fy}, {fx + 10, fy + 10}, {fx, fy + 10}}, Fill: fill})
			l.Lines = append(l.Lines, Line{A: Vec2{fx, fy}, B: Vec2{fx + 10, fy}, Width: 1, Color: red},
				Line{A: Vec2{fx, fy}, B: Vec2{fx, fy + 10}, Width: 2, Color: green, Arrow: true})
			if (x+y)%7 == 0 {
				l.Markers = append(l.Markers, Marker{At: Vec2{fx + 5, fy + 5}, Shape: Triangle, Size: 8, Heading: 1, Color: blue})
				l.Labels = append(l.Labels, Label{At: Vec2{fx, fy}, Text: fmt.Sprint(x, y), Color: color.NRGBA{240, 240, 240, 255}})
			}
		}
	}
	return l
}

// nearView is the items of l whose points lie within margin of lo..hi, in
// order: what a view of lo..hi can show.
func nearView(l *List, lo, hi Vec2, margin float64) *List {
	in := func(pts ...Vec2) bool {
		for _, p := range pts {
			if p.X >= lo.X-margin && p.X <= hi.X+margin && p.Y >= lo.Y-margin && p.Y <= hi.Y+margin {
				return true
			}
		}
		return false
	}
	out := &List{Background: l.Background}
	for _, p := range l.Polygons {
		if in(p.Points...) {
			out.Polygons = append(out.Polygons, p)
		}
	}
	for _, s := range l.Lines {
		if in(s.A, s.B) {
			out.Lines = append(out.Lines, s)
		}
	}
	for _, m := range l.Markers {
		if in(m.At) {
			out.Markers = append(out.Markers, m)
		}
	}
	for _, t := range l.Labels {
		if in(t.At) {
			out.Labels = append(out.Labels, t)
		}
	}
	return out
}

// TestCulledFrames: a view of a few squares of a large map draws a small
// share of its items, in software and with OpenGL, and the same picture
// as the items near the view alone; an item moved into the view by an
// update shows.
func TestCulledFrames(t *testing.T) {
	const n, w, h = 150, 320, 200
	l := tiles(n)
	cam := Camera2D{Center: Vec2{700, 800}, Scale: 4} // 80 x 50 units: 8 x 5 squares
	lo, hi := cam.ToWorld(Vec2{0, float64(h)}, w, h), cam.ToWorld(Vec2{float64(w), 0}, w, h)
	alone := Render2D(nearView(l, lo, hi, 20), cam, w, h)

	img, drawn := render2D(l, cam, w, h)
	items := len(l.Polygons) + len(l.Lines) + len(l.Markers) + len(l.Labels)
	if drawn == 0 || drawn > items/100 {
		t.Errorf("software: drew %d of %d items", drawn, items)
	}
	if !bytes.Equal(img.Pix, alone.Pix) {
		t.Errorf("software: the culled frame differs from the frame of the items near the view (%.4f)", mismatch(img, alone))
	}

	g := newGL(t)
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	fromGL, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if total := len(g.tess.flat); g.drawn == 0 || g.drawn > total/20 {
		t.Errorf("OpenGL: drew %d of %d vertices", g.drawn, total)
	}
	if m := mismatch(fromGL, alone); m > 0.001 {
		t.Errorf("OpenGL: %.4f of the culled frame differs from the frame of the items near the view", m)
	}

	// A square of the last row but one, far from the view and drawn after the
	// squares there, moved into its middle, where lines cross: a point
	// of it clear of them shows white.
	white := color.NRGBA{255, 255, 255, 255}
	moved := (n-2)*n + n/2
	l.Polygons[moved] = Polygon{Points: []Vec2{{695, 795}, {705, 795}, {705, 805}, {695, 805}}, Fill: white}
	if err := g.Update(Changes{Polygons: []int{moved}}); err != nil {
		t.Fatal(err)
	}
	if fromGL, err = g.Render2D(cam, w, h); err != nil {
		t.Fatal(err)
	}
	if c := fromGL.NRGBAAt(w/2+10, h/2-10); c != white {
		t.Errorf("OpenGL: the square moved into the view's middle is not drawn there: %v", c)
	}
}

// TestCulledTexturedPolygons: a view of a few squares of a large map of
// textured squares draws a small share of their vertices, and the
// picture the software renderer draws.
func TestCulledTexturedPolygons(t *testing.T) {
	const n, w, h = 150, 320, 200
	l := tiles(n)
	l.Lines, l.Markers, l.Labels = nil, nil, nil
	l.Textures = []*image.NRGBA{pattern(8, 8, nil)}
	for i := range l.Polygons {
		l.Polygons[i].Texture, l.Polygons[i].UV = 1, Affine{XU: 1, YV: 1}
	}
	cam := Camera2D{Center: Vec2{700, 800}, Scale: 4}
	g := newGL(t)
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	img, err := g.Render2D(cam, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if total := len(g.tess.textured); g.drawn == 0 || g.drawn > total/20 {
		t.Errorf("drew %d of %d textured vertices", g.drawn, total)
	}
	if m := mismatch(img, Render2D(l, cam, w, h)); m > 0.01 {
		t.Errorf("%.4f of the culled frame differs from the software one", m)
	}
}

// TestVisibleTriangles: a view draws whole the chunks it holds, and of
// those it shows part of only the triangles it shows, in order, joined
// into runs and marked translucent with their chunk.
func TestVisibleTriangles(t *testing.T) {
	// Small triangles 10 units apart along X; those of the first chunk
	// translucent.
	var vs []vertex2
	for k := range 200 {
		x := float32(10 * k)
		alpha := uint8(255)
		if k < 64 {
			alpha = 128
		}
		c := [4]uint8{1, 2, 3, alpha}
		vs = append(vs, vertex2{X: x, C: c}, vertex2{X: x + 1, C: c}, vertex2{X: x, Y: 1, C: c})
	}
	boxes := boxesOf(vs, boxOf)
	for _, c := range []struct {
		name   string
		lo, hi Vec2
		want   []drawRun
	}{
		{"part of the translucent chunk", Vec2{95, -5}, Vec2{125, 5}, []drawRun{{30, 39, true}}},
		{"across two chunks", Vec2{615, -5}, Vec2{655, 5}, []drawRun{{186, 192, true}, {192, 198, false}}},
		{"holding all", Vec2{-50, -50}, Vec2{2500, 50}, []drawRun{{0, 192, true}, {192, 600, false}}},
		{"none", Vec2{-50, 20}, Vec2{2500, 50}, nil},
	} {
		v := view{lo: c.lo, hi: c.hi, perPixel: 1}
		if runs := v.visible(nil, boxes, 0, len(vs), flatCorner(vs)); !slices.Equal(runs, c.want) {
			t.Errorf("%s: runs %v, want %v", c.name, runs, c.want)
		}
	}
}
