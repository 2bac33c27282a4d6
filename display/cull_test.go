package display

import (
	"slices"
	"testing"
)

// TestVisibleTriangles: a view draws whole the chunks it holds, and of
// those it shows part of only the triangles it shows, in order, joined
// into runs and marked translucent with their chunk.
func TestVisibleTriangles(t *testing.T) {
	// Small triangles 10 units apart along X; those of the first chunk
	// translucent.
	var vs []FlatVertex
	for k := range 200 {
		x := float32(10 * k)
		alpha := uint8(255)
		if k < 64 {
			alpha = 128
		}
		c := [4]uint8{1, 2, 3, alpha}
		vs = append(vs, FlatVertex{X: x, C: c}, FlatVertex{X: x + 1, C: c}, FlatVertex{X: x, Y: 1, C: c})
	}
	boxes := boxesOf(vs, boxOf)
	for _, c := range []struct {
		name   string
		lo, hi Vec2
		want   []DrawRun
	}{
		{"part of the translucent chunk", Vec2{95, -5}, Vec2{125, 5}, []DrawRun{{30, 39, true}}},
		{"across two chunks", Vec2{615, -5}, Vec2{655, 5}, []DrawRun{{186, 192, true}, {192, 198, false}}},
		{"holding all", Vec2{-50, -50}, Vec2{2500, 50}, []DrawRun{{0, 192, true}, {192, 600, false}}},
		{"none", Vec2{-50, 20}, Vec2{2500, 50}, nil},
	} {
		v := View2D{lo: c.lo, hi: c.hi, perPixel: 1}
		if runs := v.Visible(nil, boxes, 0, len(vs), FlatCorner(vs)); !slices.Equal(runs, c.want) {
			t.Errorf("%s: runs %v, want %v", c.name, runs, c.want)
		}
	}
}
