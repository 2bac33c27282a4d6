package viewport

import (
	"image"
	"image/color"
	"reflect"
	"testing"
)

// TestUpdateAppendsItems: items appended to a list (polygons untextured
// and textured, lines, markers, labels, one-sided, two-sided and
// translucent faces), named by the Changes with an item changed in
// place, are tessellated after the others of their kinds: the
// tessellation is the one made of the whole list anew. Items gone, or
// appended and not named, make update ask for a new tessellation.
func TestUpdateAppendsItems(t *testing.T) {
	cam := Camera2D{Scale: 1}
	for name, l := range map[string]*List{"sample": sampleList(), "textured": texturedList()} {
		a, _, err := newAtlas(l.Textures, atlasMost)
		if err != nil {
			t.Fatal(err)
		}
		ts := tessellate(l, cam, a)
		var c Changes
		l.Polygons[0].Fill = green
		c.Polygons = append(c.Polygons, 0)
		for _, p := range append([]Polygon(nil), l.Polygons...) {
			p.Points = append([]Vec2(nil), p.Points...)
			for k := range p.Points {
				p.Points[k].X += 7
			}
			c.Polygons = append(c.Polygons, len(l.Polygons))
			l.Polygons = append(l.Polygons, p)
		}
		l.Lines = append(l.Lines, Line{A: Vec2{1, 2}, B: Vec2{40, 50}, Width: 2, Color: red, Arrow: true})
		l.Markers = append(l.Markers, Marker{At: Vec2{10, 10}, Shape: Square, Size: 8, Heading: 1, Color: red})
		l.Labels = append(l.Labels, Label{At: Vec2{5, 5}, Text: "placed", Color: red})
		c.Lines, c.Markers, c.Labels = []int{len(l.Lines) - 1}, []int{len(l.Markers) - 1}, []int{len(l.Labels) - 1}
		for _, tr := range append([]Triangle3(nil), l.Triangles...) {
			tr.A.Z += 5
			c.Triangles = append(c.Triangles, len(l.Triangles))
			l.Triangles = append(l.Triangles, tr)
		}
		l.Triangles = append(l.Triangles, Triangle3{A: Vec3{0, 0, 1}, B: Vec3{10, 0, 1}, C: Vec3{0, 10, 1}, Color: color.NRGBA{40, 60, 220, 120}})
		c.Triangles = append(c.Triangles, len(l.Triangles)-1)
		if _, ok := ts.update(l, c); !ok {
			t.Fatalf("%s: the appended items were not tessellated", name)
		}
		fresh := tessellateAt(l, cam, a, ts.origin)
		for what, pair := range map[string][2]any{
			"flat": {ts.flat, fresh.flat}, "boxes": {ts.boxes, fresh.boxes}, "polygons": {ts.polygons, fresh.polygons},
			"lines": {ts.lines, fresh.lines}, "markers": {ts.markers, fresh.markers}, "labels": {ts.labels, fresh.labels},
			"textured": {ts.textured, fresh.textured}, "textured 2D boxes": {ts.texturedBoxes, fresh.texturedBoxes}, "runs": {ts.runs, fresh.runs}, "faces": {ts.tri, fresh.tri},
			"solid": {ts.solid, fresh.solid}, "texSolid": {ts.texSolid, fresh.texSolid}, "oneSided": {ts.oneSided, fresh.oneSided},
			"solid boxes": {ts.solidBoxes, fresh.solidBoxes}, "textured boxes": {ts.texSolidBoxes, fresh.texSolidBoxes},
			"translucent": {ts.translucent3, fresh.translucent3},
		} {
			if !reflect.DeepEqual(pair[0], pair[1]) {
				t.Errorf("%s: after appending, the tessellation's %s differ from the list's tessellated anew", name, what)
			}
		}
		l.Markers = l.Markers[:len(l.Markers)-1]
		if _, ok := ts.update(l, Changes{Polygons: []int{0}}); ok {
			t.Errorf("%s: a marker gone was not noticed", name)
		}
		ts = tessellate(l, cam, a)
		l.Lines = append(l.Lines, l.Lines[0])
		if _, ok := ts.update(l, Changes{Polygons: []int{0}}); ok {
			t.Errorf("%s: a line appended and not named was taken", name)
		}
	}
}

// TestGLDrawsAppendedItems: items appended to the list and named by
// Update are drawn in 2D and 3D as a renderer given the whole list
// draws them, past the room its buffers had.
func TestGLDrawsAppendedItems(t *testing.T) {
	g, fresh := newGL(t), newGL(t)
	l := sampleList()
	if err := g.SetList(l); err != nil {
		t.Fatal(err)
	}
	const w, h = 400, 300
	cam2, cam3 := Camera2D{Center: Vec2{5, 3}, Scale: 1.2}, Orbit3D(Vec3{-100, -100, -40}, Vec3{100, 100, 100})
	if _, err := g.Render2D(cam2, w, h); err != nil {
		t.Fatal(err)
	}
	made := g.tess
	for round := range 40 {
		var c Changes
		x := float64(round*5 - 100)
		l.Markers = append(l.Markers, Marker{At: Vec2{x, 30}, Shape: Diamond, Size: 10, Heading: NoHeading, Color: red})
		l.Lines = append(l.Lines, Line{A: Vec2{x, 40}, B: Vec2{x + 20, 60}, Width: 2, Color: green})
		l.Triangles = append(l.Triangles, Triangle3{A: Vec3{x, 0, 10}, B: Vec3{x + 10, 0, 10}, C: Vec3{x, 0, 30}, Color: red, OneSided: round%2 == 0})
		c.Markers, c.Lines, c.Triangles = []int{len(l.Markers) - 1}, []int{len(l.Lines) - 1}, []int{len(l.Triangles) - 1}
		if err := g.Update(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := fresh.SetList(l); err != nil {
		t.Fatal(err)
	}
	for _, view := range []string{"2D", "3D"} {
		var got, want *image.NRGBA
		var err error
		if view == "2D" {
			if got, err = g.Render2D(cam2, w, h); err == nil {
				want, err = fresh.Render2D(cam2, w, h)
			}
		} else if got, err = g.Render3D(cam3, w, h); err == nil {
			want, err = fresh.Render3D(cam3, w, h)
		}
		if err != nil {
			t.Fatal(err)
		}
		if n := differing(got.Pix, want.Pix); n > w*h/10000 {
			t.Errorf("%s: %d pixels differ from the frame of a renderer given the whole list", view, n)
		}
	}
	if g.tess != made {
		t.Error("the list was tessellated again: the items were not appended")
	}
}

// TestUpdateIndexPastTheList: Changes naming an item past the end of
// the list, of any kind, make update ask for a new tessellation, as
// they did before items could be appended.
func TestUpdateIndexPastTheList(t *testing.T) {
	l := sampleList()
	cam := Camera2D{Scale: 1}
	a, _, err := newAtlas(l.Textures, atlasMost)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind string
		c    Changes
	}{
		{"polygon", Changes{Polygons: []int{len(l.Polygons) + 2}}},
		{"line", Changes{Lines: []int{len(l.Lines) + 2}}},
		{"marker", Changes{Markers: []int{len(l.Markers) + 2}}},
		{"label", Changes{Labels: []int{len(l.Labels) + 2}}},
		{"face", Changes{Triangles: []int{len(l.Triangles) + 2}}},
	} {
		if _, ok := tessellate(l, cam, a).update(l, c.c); ok {
			t.Errorf("a %s past the list's end was taken", c.kind)
		}
	}
}
