package turok

import (
	"math/rand/v2"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
)

// TestIndexedAreaHoldsTheSame checks that an area whose triangles are
// sorted into a grid holds exactly the points it holds when it tests
// every triangle: points inside, outside, on edges and corners, and on
// the grid's cell lines.
func TestIndexedAreaHoldsTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 1))
	for trial := range 20 {
		var a area
		// Cells of a 64-unit grid, each split in two, at random over a
		// patch of 24x24 cells, and a few long thin triangles across.
		for range 100 + r.IntN(300) {
			x, y := float32(r.IntN(24)*64), float32(r.IntN(24)*64)
			tri := [3]codec.XY{{X: x, Y: y}, {X: x + 64, Y: y}, {X: x, Y: y + 64}}
			if r.IntN(2) == 0 {
				tri = [3]codec.XY{{X: x + 64, Y: y}, {X: x + 64, Y: y + 64}, {X: x, Y: y + 64}}
			}
			if r.IntN(50) == 0 {
				tri[2] = codec.XY{X: r.Float32() * 1536, Y: r.Float32() * 1536}
			}
			for _, p := range tri {
				a.add(codec.Vec3{X: p.X, Y: p.Y})
			}
			a.triangles = append(a.triangles, tri)
		}
		indexed := a.indexed()
		if indexed.grid == nil {
			t.Fatalf("trial %d: %d triangles were not indexed", trial, len(a.triangles))
		}
		for range 5000 {
			p := codec.Vec3{X: r.Float32()*1700 - 80, Y: r.Float32()*1700 - 80}
			switch r.IntN(3) {
			case 0: // on a corner or an edge of the 64-unit grid
				p.X = float32(r.IntN(26)*64 - 64)
				fallthrough
			case 1:
				p.Y = float32(r.IntN(26)*64 - 64)
			}
			if got, want := indexed.holds(p), a.holds(p); got != want {
				t.Fatalf("trial %d: the indexed area holds (%v, %v): %v, the area %v", trial, p.X, p.Y, got, want)
			}
		}
	}
}
