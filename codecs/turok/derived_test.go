package turok

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// TestCorpusDerivedDataMatches recomputes the derived data of the corpus
// maps and counts the matches per field; all must match but the static
// meshes' sectors, which the corpus's writer numbers without looking at
// the geometry (reported only).
func TestCorpusDerivedDataMatches(t *testing.T) {
	total, match := map[string]int{}, map[string]int{}
	count := func(field string, ok bool) {
		total[field]++
		if ok {
			match[field]++
		}
	}
	for path, data := range corpusMaps(t) {
		m, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		links := m.EdgeLinks()
		for i, s := range m.Sectors {
			count("sector links", links[i] == s.Links)
			flags, _ := m.SectorFlags(i)
			count("sector flags", flags == s.Flags)
		}
		loc, grid := m.Locator(), m.SectionGrid()
		for _, a := range m.Actors {
			count("actor sector", int32(loc.SectorAt(a.Origin)) == a.Sector)
		}
		for si, s := range m.Sections {
			for _, mesh := range s.Meshes {
				count("mesh sector", int32(loc.SectorAt(mesh.Origin)) == mesh.Sector)
				count("mesh section", grid.SectionAt(XY{mesh.Origin.X, mesh.Origin.Y}) == si)
			}
			if lo, hi, ok := m.SectionBounds(si); ok && si < len(m.GridMin) {
				count("grid bounds", lo == m.GridMin[si] && hi == m.GridMax[si])
			}
		}
		count("visibility fits", m.VisibilityStale() == "")
		_ = path
	}
	var fields []string
	for f := range total {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		t.Logf("%-16s %5d / %5d", f, match[f], total[f])
		if match[f] != total[f] && f != "mesh sector" {
			t.Errorf("%s: %d of %d match", f, match[f], total[f])
		}
	}
}

// TestLocatorUpdate moves vertices of a map, refiles their sectors, and
// compares the answers with a locator built afresh.
func TestLocatorUpdate(t *testing.T) {
	m := HillyTerrain(20)
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
		p := Vec3{float32(rng.IntN(20*64+200) - 100), float32(rng.IntN(20*64+200) - 100), 0}
		if got, want := loc.SectorAt(p), fresh.SectorAt(p); got != want {
			t.Fatalf("at %v: updated locator finds sector %d, a fresh one %d", p, got, want)
		}
	}
}
