package turok_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// TestLocatorUpdate moves vertices of a map, refiles their sectors, and
// compares the answers with a locator built afresh.
func TestLocatorUpdate(t *testing.T) {
	m := turokmap.Hills(20)
	loc := m.Locator()
	users := map[uint16][]int{}
	for i, s := range m.Sectors {
		for _, v := range s.Vertices {
			users[v] = append(users[v], i)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		v := uint16(rng.IntN(len(m.Vertices)))
		p := &m.Vertices[v].Position
		p.X += float32(rng.IntN(200) - 100)
		p.Y += float32(rng.IntN(200) - 100)
		for _, s := range users[v] {
			loc.Update(s)
		}
	}
	fresh := m.Locator()
	for range 2000 {
		p := turok.Vec3{X: float32(rng.IntN(20*64+200) - 100), Y: float32(rng.IntN(20*64+200) - 100)}
		if got, want := loc.SectorAt(p), fresh.SectorAt(p); got != want {
			t.Fatalf("at %v: updated locator finds sector %d, a fresh one %d", p, got, want)
		}
	}
}

// TestLocatorBoundedByFarVertices: however far some vertices lie, from
// one vertex at 1e30 or 3e38 to half the map 1e6 or 1e30 away, the
// locator keeps at most nine cells per sector and tests about as many
// sectors per lookup as on the map without them (the six sectors around
// a far vertex at most more), and finds the sector brute force finds.
// (On the old grid, half the map 1e6 away made each lookup test 11,000
// sectors of 50,000.) Vertices that are not numbers are filed nowhere.
func TestLocatorBoundedByFarVertices(t *testing.T) {
	const cells, size = 100, 64
	near := turok.NewTerrain(cells, size)
	queries := func(m *turok.Map, shift func(turok.Vec3) turok.Vec3) []turok.Vec3 {
		var out []turok.Vec3
		for i := range 400 {
			p := turok.Vec3{X: float32(i%20*320 + 100), Y: float32(i/20*320 + 50)}
			if math.Abs(float64(p.Y-cells/2*size)) > 2*size { // off the seam, where slivers reach across when half the map moves
				out = append(out, shift(p))
			}
		}
		return out
	}
	visits := func(l *turok.Locator, ps []turok.Vec3) (most, total int) {
		for _, p := range ps {
			n := l.Visits(p)
			most, total = max(most, n), total+n
		}
		return most, total
	}
	same := func(p turok.Vec3) turok.Vec3 { return p }
	baseMost, baseTotal := visits(near.Locator(), queries(near, same))
	upper := func(v int) bool { return v/(cells+1) >= cells/2 }
	for _, c := range []struct {
		name  string
		moved func(v int) bool // the vertices moved
		to    func(p turok.Vec3) turok.Vec3
	}{
		{"one at x=1e30", func(v int) bool { return v == 50*(cells+1)+50 }, func(p turok.Vec3) turok.Vec3 { p.X = 1e30; return p }},
		{"one at x=3e38", func(v int) bool { return v == 50*(cells+1)+50 }, func(p turok.Vec3) turok.Vec3 { p.X = 3e38; return p }},
		{"one at y=-8.5e37", func(v int) bool { return v == 7 }, func(p turok.Vec3) turok.Vec3 { p.Y = -8.5e37; return p }},
		{"one at x=NaN", func(v int) bool { return v == 50*(cells+1)+50 }, func(p turok.Vec3) turok.Vec3 { p.X = float32(math.NaN()); return p }},
		{"one at y=+Inf", func(v int) bool { return v == 50*(cells+1)+50 }, func(p turok.Vec3) turok.Vec3 { p.Y = float32(math.Inf(1)); return p }},
		{"half 1e6 away", upper, func(p turok.Vec3) turok.Vec3 { p.X += 1e6; return p }},
		{"half 1e30 away", upper, func(p turok.Vec3) turok.Vec3 { p.X += 1e30; return p }},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := turok.NewTerrain(cells, size)
			for v := range m.Vertices {
				if c.moved(v) {
					m.Vertices[v].Position = c.to(m.Vertices[v].Position)
				}
			}
			l := m.Locator()
			ps := queries(m, func(p turok.Vec3) turok.Vec3 {
				if p.Y >= cells/2*size && c.moved((cells/2)*(cells+1)+cells) {
					return c.to(p) // the query points of the moved half move with it
				}
				return p
			})
			most, total := visits(l, ps)
			if l.Cells() > 9*len(m.Sectors) || most > baseMost+6 || total > 2*baseTotal {
				t.Errorf("%d cells for %d sectors; a lookup tests at most %d sectors, %d in all (%d and %d without the far vertices)",
					l.Cells(), len(m.Sectors), most, total, baseMost, baseTotal)
			}
			for _, p := range ps {
				if got, want := l.SectorAt(p), turok.NearestSector(m, p); got != want {
					t.Fatalf("at %v the locator finds sector %d, brute force %d", p, got, want)
				}
			}
		})
	}
}
