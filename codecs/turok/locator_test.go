package turok_test

import (
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
