package display_test

import (
	"image/color"
	"reflect"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
)

// mostAtlas is the largest atlas the tests place textures in, in texels
// a side: the OpenGL renderer's.
const mostAtlas = 8192

// The colours items are changed to.
var (
	red   = color.NRGBA{220, 40, 40, 255}
	green = color.NRGBA{40, 200, 60, 255}
)

// TestUpdateAppendsItems: items appended to a list (polygons untextured
// and textured, lines, markers, labels, one-sided, two-sided and
// translucent faces), named by the Changes with an item changed in
// place, are tessellated after the others of their kinds: the
// tessellation is the one made of the whole list anew. Items gone, or
// appended and not named, make update ask for a new tessellation.
func TestUpdateAppendsItems(t *testing.T) {
	cam := display.Camera2D{Scale: 1}
	for name, l := range map[string]*display.List{"sample": displaytest.SampleList(), "textured": displaytest.TexturedList()} {
		a, _, err := display.NewAtlas(l.Textures, mostAtlas)
		if err != nil {
			t.Fatal(err)
		}
		ts := display.Tessellate(l, cam, a)
		var c display.Changes
		l.Polygons[0].Fill = green
		c.Polygons = append(c.Polygons, 0)
		for _, p := range append([]display.Polygon(nil), l.Polygons...) {
			p.Points = append([]display.Vec2(nil), p.Points...)
			for k := range p.Points {
				p.Points[k].X += 7
			}
			c.Polygons = append(c.Polygons, len(l.Polygons))
			l.Polygons = append(l.Polygons, p)
		}
		l.Lines = append(l.Lines, display.Line{A: display.Vec2{1, 2}, B: display.Vec2{40, 50}, Width: 2, Color: red, Arrow: true})
		l.Markers = append(l.Markers, display.Marker{At: display.Vec2{10, 10}, Shape: display.Square, Size: 8, Heading: 1, Color: red})
		l.Labels = append(l.Labels, display.Label{At: display.Vec2{5, 5}, Text: "placed", Color: red})
		c.Lines, c.Markers, c.Labels = []int{len(l.Lines) - 1}, []int{len(l.Markers) - 1}, []int{len(l.Labels) - 1}
		for _, tr := range append([]display.Triangle3(nil), l.Triangles...) {
			tr.A.Z += 5
			c.Triangles = append(c.Triangles, len(l.Triangles))
			l.Triangles = append(l.Triangles, tr)
		}
		l.Triangles = append(l.Triangles, display.Triangle3{A: display.Vec3{0, 0, 1}, B: display.Vec3{10, 0, 1}, C: display.Vec3{0, 10, 1}, Color: color.NRGBA{40, 60, 220, 120}})
		c.Triangles = append(c.Triangles, len(l.Triangles)-1)
		if _, ok := ts.Update(l, c); !ok {
			t.Fatalf("%s: the appended items were not tessellated", name)
		}
		fresh := display.TessellateAt(l, cam, a, ts.Origin)
		for what, pair := range map[string][2]any{
			"flat": {ts.Flat, fresh.Flat}, "boxes": {ts.Boxes, fresh.Boxes}, "polygons": {ts.Polygons, fresh.Polygons},
			"lines": {ts.Lines, fresh.Lines}, "markers": {ts.Markers, fresh.Markers}, "labels": {ts.Labels, fresh.Labels},
			"textured": {ts.Textured, fresh.Textured}, "textured 2D boxes": {ts.TexturedBoxes, fresh.TexturedBoxes}, "runs": {ts.Runs, fresh.Runs}, "faces": {ts.Tri, fresh.Tri},
			"solid": {ts.Solid, fresh.Solid}, "texSolid": {ts.TexSolid, fresh.TexSolid}, "oneSided": {ts.OneSided, fresh.OneSided},
			"solid boxes": {ts.SolidBoxes, fresh.SolidBoxes}, "textured boxes": {ts.TexSolidBoxes, fresh.TexSolidBoxes},
			"translucent": {ts.Translucent3, fresh.Translucent3},
		} {
			if !reflect.DeepEqual(pair[0], pair[1]) {
				t.Errorf("%s: after appending, the tessellation's %s differ from the list's tessellated anew", name, what)
			}
		}
		l.Markers = l.Markers[:len(l.Markers)-1]
		if _, ok := ts.Update(l, display.Changes{Polygons: []int{0}}); ok {
			t.Errorf("%s: a marker gone was not noticed", name)
		}
		ts = display.Tessellate(l, cam, a)
		l.Lines = append(l.Lines, l.Lines[0])
		if _, ok := ts.Update(l, display.Changes{Polygons: []int{0}}); ok {
			t.Errorf("%s: a line appended and not named was taken", name)
		}
	}
}

// TestUpdateIndexPastTheList: Changes naming an item past the end of
// the list, of any kind, make update ask for a new tessellation, as
// they did before items could be appended.
func TestUpdateIndexPastTheList(t *testing.T) {
	l := displaytest.SampleList()
	cam := display.Camera2D{Scale: 1}
	a, _, err := display.NewAtlas(l.Textures, mostAtlas)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind string
		c    display.Changes
	}{
		{"polygon", display.Changes{Polygons: []int{len(l.Polygons) + 2}}},
		{"line", display.Changes{Lines: []int{len(l.Lines) + 2}}},
		{"marker", display.Changes{Markers: []int{len(l.Markers) + 2}}},
		{"label", display.Changes{Labels: []int{len(l.Labels) + 2}}},
		{"face", display.Changes{Triangles: []int{len(l.Triangles) + 2}}},
	} {
		if _, ok := display.Tessellate(l, cam, a).Update(l, c.c); ok {
			t.Errorf("a %s past the list's end was taken", c.kind)
		}
	}
}
