package turok

import "testing"

func codes(problems []Problem) map[string]int {
	out := map[string]int{}
	for _, p := range problems {
		out[p.Severity+" "+p.Code]++
	}
	return out
}

// TestCheckFindsEachProblem breaks a new map one way at a time.
func TestCheckFindsEachProblem(t *testing.T) {
	for _, c := range []struct {
		name    string
		breakIt func(m *Map)
		want    string
	}{
		{"vertex", func(m *Map) { m.Sectors[3].Vertices[1] = 999 }, "error vertex-out-of-range"},
		{"set", func(m *Map) { m.Sectors[3].Set = 7 }, "error set-out-of-range"},
		{"flags", func(m *Map) { m.Sectors[3].Flags = 1 }, "warning sector-flags-disagree"},
		{"link range", func(m *Map) { m.Sectors[0].Links[0] = 5000 }, "error link-out-of-range"},
		{"one-way link", func(m *Map) { m.Sectors[0].Links[0] = 20 }, "error link-not-mutual"},
		{"stale links", func(m *Map) { m.Sectors[0].Links[1], m.Sectors[1].Links[2] = NoLink, NoLink }, "warning stale-derived-data"},
		{"actor outside", func(m *Map) { m.Actors[0].Origin.X = -100 }, "warning outside-sectors"},
		{"actor sector", func(m *Map) { m.Actors[0].Sector = 0 }, "warning wrong-sector"},
		{"mesh outside section", func(m *Map) {
			m.Sections[0].Meshes = []StaticMesh{{Origin: Vec3{10, 10, 0}, Sector: 0}}
			m.GridMin[0] = XY{100, 100}
		}, "warning outside-section"},
		{"grid bounds", func(m *Map) {
			m.Sections[0].Meshes = []StaticMesh{{Origin: Vec3{10, 10, 0}, BoundsMin: Vec3{0, 0, 0}, BoundsMax: Vec3{20, 20, 20}}}
		}, "warning stale-grid-bounds"},
		{"grid", func(m *Map) { m.GridWidth = 2 }, "error grid-size"},
		{"visibility", func(m *Map) {
			m.Visibility = m.NewVisibility()
			m.Sectors = append(m.Sectors, m.Sectors[0])
		}, "error visibility-size"},
	} {
		m := NewMap()
		c.breakIt(m)
		if got := codes(m.Check()); got[c.want] == 0 {
			t.Errorf("%s: got %v, want %s", c.name, got, c.want)
		}
	}
}

// TestCheckCorpus: the corpus maps have no errors; their static meshes'
// sector numbers disagree with the geometry (see the derived-data test).
func TestCheckCorpus(t *testing.T) {
	for path, data := range corpusMaps(t) {
		m, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		got := codes(m.Check())
		for code := range got {
			if code != "warning wrong-sector" && code != "warning outside-sectors" {
				t.Errorf("%s: %s", path, code)
			}
		}
		t.Logf("%s: %v", path, got)
	}
}
