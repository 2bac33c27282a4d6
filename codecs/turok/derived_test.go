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

// TestEdgeLinksBySharers compares EdgeLinks with the rule read plainly,
// over sectors drawn from few vertices, so that edges are shared by one,
// two and more sectors, and sectors repeat a vertex: an edge links to the
// other of exactly two sector edges with the same two vertices.
func TestEdgeLinksBySharers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, vertices := range []int{3, 5, 9, 40} {
		m := &Map{}
		for range 300 {
			m.Sectors = append(m.Sectors, Sector{Vertices: [3]uint16{uint16(rng.IntN(vertices)), uint16(rng.IntN(vertices)), uint16(rng.IntN(vertices))}})
		}
		got := m.EdgeLinks()
		for i, s := range m.Sectors {
			for j := range 3 {
				var sharers []int
				for i2, s2 := range m.Sectors {
					for j2 := range 3 {
						if keyOf(s.Vertices[j], s.Vertices[(j+1)%3]) == keyOf(s2.Vertices[j2], s2.Vertices[(j2+1)%3]) {
							sharers = append(sharers, i2)
						}
					}
				}
				want := uint16(NoLink)
				if len(sharers) == 2 {
					want = uint16(sharers[0] + sharers[1] - i)
				}
				if got[i][j] != want {
					t.Fatalf("%d vertices: sector %d edge %d links to %d, want %d (sharers %v)", vertices, i, j, got[i][j], want, sharers)
				}
			}
		}
	}
}

// TestVisibilityCounts: the counts take the bits of the map's meshes
// only, not the row padding past them, and rows the data lacks count as
// none.
func TestVisibilityCounts(t *testing.T) {
	v := &Visibility{Stride: 4, Count: 4, Data: make([]byte, 4*4)}
	// 10 meshes: bits 0-9. Row 0 sees meshes 0 and 9, row 1 mesh 9 and
	// the padding, row 2 only padding, row 3 nothing.
	v.Data[0], v.Data[1] = 0x01, 0x02
	v.Data[5], v.Data[7] = 0xFE, 0xFF // mesh 9, then padding bits 10-15 and 24-31
	v.Data[9], v.Data[10] = 0xFC, 0x01
	want := VisibilityCounts{Pairs: 3, Blind: 2, Unseen: 8}
	if got := v.Counts(10); got != want {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	short := &Visibility{Stride: 4, Count: 4, Data: v.Data[:6]} // one row and a half
	if got, want := short.Counts(10), (VisibilityCounts{Pairs: 2, Unseen: 8}); got != want {
		t.Errorf("short data: counts %+v, want %+v", got, want)
	}
	none := &Visibility{Count: 3}
	if got, want := none.Counts(5), (VisibilityCounts{Blind: 3}); got != want {
		t.Errorf("rows of 0 bytes: counts %+v, want %+v", got, want)
	}
}
