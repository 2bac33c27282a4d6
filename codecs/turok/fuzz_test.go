package turok

import (
	"bytes"
	"math"
	"testing"
)

// FuzzDecode: Decode never panics; a map it accepts encodes back to the
// same bytes, and its checks and derived data run on whatever it holds.
func FuzzDecode(f *testing.F) {
	m := NewMap()
	f.Add(m.Encode())
	m.LongSectors, m.Visibility = false, m.NewVisibility()
	f.Add(repad(f, m.Encode(), 0xCD))
	f.Add(dialectMap(BlenderDialect).Encode())
	f.Add(dialectMap(Dialect{EmptySections: EmptyArchive, EmptyPathsAtZero: true, ZeroStride: true}).Encode())
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		if got := m.Encode(); !bytes.Equal(got, data) {
			t.Fatalf("decoded map encodes differently at %d", firstDiff(got, data))
		}
		m.Check()
		m.EdgeLinks()
		for i := range m.Sections {
			m.SectionBounds(i)
		}
	})
}

// sectorSoup reads fuzz bytes as a map of vertices and sectors: a count
// of vertices (at most 32) and their positions, any float bits, then
// sectors of three vertex indexes (at most 64, some pointing nowhere).
func sectorSoup(data []byte) *Map {
	m := &Map{}
	if len(data) == 0 {
		return m
	}
	n, data := int(data[0]%33), data[1:]
	for ; n > 0 && len(data) >= 12; n-- {
		r := reader{b: data}
		m.Vertices = append(m.Vertices, Vertex{Position: r.vec3()})
		data = data[12:]
	}
	for len(data) >= 6 && len(m.Sectors) < 64 {
		var s Sector
		for j := range s.Vertices {
			s.Vertices[j] = le.Uint16(data[2*j:]) % uint16(len(m.Vertices)+2)
		}
		m.Sectors = append(m.Sectors, s)
		data = data[6:]
	}
	return m
}

// nearestSector is SectorAt's rule by brute force: of the sectors with
// finite corners whose triangle holds p in XY, the one whose floor is
// nearest p in height, the lowest index on a tie; -1 for none.
func nearestSector(m *Map, p Vec3) int {
	best, bestDist := -1, math.Inf(1)
	for i := range m.Sectors {
		if !m.boxOf(i).ok {
			continue
		}
		if z, inside := m.FloorAt(i, p.X, p.Y); inside {
			if d := math.Abs(float64(p.Z - z)); d < bestDist {
				best, bestDist = i, d
			}
		}
	}
	return best
}

// checkSectorAt compares the locator's answer at p with the brute-force
// one. They may differ only where p lies on or past the edge of the box
// of the sector brute force finds: the triangle test has a tolerance,
// and the locator looks only in the cell that holds p.
func checkSectorAt(t *testing.T, m *Map, l *Locator, p Vec3) {
	got, want := l.SectorAt(p), nearestSector(m, p)
	if got < -1 || got >= len(m.Sectors) {
		t.Fatalf("SectorAt(%v) = %d, the map has %d sectors", p, got, len(m.Sectors))
	}
	if got >= 0 {
		if _, inside := m.FloorAt(got, p.X, p.Y); !inside {
			t.Fatalf("SectorAt(%v) = %d, which does not hold the point", p, got)
		}
	}
	if got == want || want < 0 {
		return
	}
	b := m.boxOf(want)
	if b.lo.X < p.X && p.X < b.hi.X && b.lo.Y < p.Y && p.Y < b.hi.Y {
		t.Fatalf("SectorAt(%v) = %d, brute force finds %d", p, got, want)
	}
}

// FuzzSectorAt: the sector locator, over any vertices (NaN, infinities,
// far ones) and sectors (flat, repeated, pointing nowhere), never
// panics, finds the sector brute force finds at a query point and at
// every sector's centroid, and still does after a vertex moves and its
// sectors are refiled. Inputs are capped (32 vertices, 64 sectors), so a
// run takes bounded time.
func FuzzSectorAt(f *testing.F) {
	grid := NewTerrain(2, 256)
	var soup []byte
	soup = append(soup, byte(len(grid.Vertices)))
	for _, v := range grid.Vertices {
		w := writer(soup)
		w.vec3(v.Position)
		soup = w
	}
	for _, s := range grid.Sectors {
		for _, v := range s.Vertices {
			soup = le.AppendUint16(soup, v)
		}
	}
	f.Add(soup, float32(100), float32(50), float32(0))
	f.Add(soup, float32(256), float32(256), float32(1e30))
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x7f, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0},
		float32(1), float32(1), float32(0))
	f.Fuzz(func(t *testing.T, data []byte, x, y, z float32) {
		m := sectorSoup(data)
		l := m.Locator()
		queries := []Vec3{{x, y, z}}
		for i := range m.Sectors {
			if p, ok := m.corners(i); ok {
				queries = append(queries, Vec3{(p[0].X + p[1].X + p[2].X) / 3, (p[0].Y + p[1].Y + p[2].Y) / 3, z})
			}
		}
		for _, p := range queries {
			checkSectorAt(t, m, l, p)
		}
		if len(m.Vertices) == 0 {
			return
		}
		m.Vertices[0].Position = Vec3{y, x, z}
		for i, s := range m.Sectors {
			if s.Vertices[0] == 0 || s.Vertices[1] == 0 || s.Vertices[2] == 0 {
				l.Update(i)
			}
		}
		for _, p := range queries {
			checkSectorAt(t, m, l, p)
		}
	})
}
