package display

import (
	"math"
	"testing"
)

// TestTriangulate: concave outlines split into triangles that cover
// exactly their area.
func TestTriangulate(t *testing.T) {
	for _, pts := range [][]Vec2{
		{{0, 0}, {4, 0}, {4, 4}, {0, 4}},
		{{0, 0}, {4, 0}, {4, 4}, {2, 1}, {0, 4}},
		{{0, 0}, {0, 4}, {2, 1}, {4, 4}, {4, 0}},
		{{0, 0}, {6, 0}, {6, 1}, {1, 1}, {1, 5}, {6, 5}, {6, 6}, {0, 6}},
	} {
		tris := triangulate(pts)
		if len(tris) != len(pts)-2 {
			t.Errorf("%v: %d triangles, want %d", pts, len(tris), len(pts)-2)
		}
		sum := 0.0
		for _, tr := range tris {
			sum += math.Abs(turn(pts[tr[0]], pts[tr[1]], pts[tr[2]]))
		}
		if want := math.Abs(area2(pts)); math.Abs(sum-want) > 1e-9 {
			t.Errorf("%v: triangles cover %v, want %v", pts, sum/2, want/2)
		}
	}
}
