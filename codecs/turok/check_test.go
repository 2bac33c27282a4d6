package turok

import (
	"maps"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

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
		{"vertex NaN", func(m *Map) { m.Vertices[2].Position.Y = float32(math.NaN()) }, "warning non-finite-float"},
		{"NaN before far", func(m *Map) { m.Vertices[2].Position.X, m.Vertices[2].Height = float32(math.NaN()), 2e6 }, "error coordinate-out-of-range"},
		{"vertex far", func(m *Map) { m.Vertices[2].Position.X = -8.5e37 }, "error coordinate-out-of-range"},
		{"ceiling far", func(m *Map) { m.Vertices[2].Height = 2e6 }, "error coordinate-out-of-range"},
		{"water far", func(m *Map) { m.SectorSets[0].WaterHeight = -3e6 }, "error coordinate-out-of-range"},
		{"set infinite", func(m *Map) { m.SectorSets[0].FogZFar = float32(math.Inf(1)) }, "warning non-finite-float"},
		{"actor far", func(m *Map) { m.Actors[0].Origin.Z = MaxCoordinate + 1 }, "error coordinate-out-of-range"},
		{"actor box", func(m *Map) { m.Actors[0].BoundsMax.Y = float32(math.Inf(-1)) }, "warning non-finite-float"},
		{"actor range", func(m *Map) { m.Actors[0].LeashRadius = float32(math.NaN()) }, "warning non-finite-float"},
		{"actor sector range", func(m *Map) { m.Actors[0].Sector = 32 }, "error sector-out-of-range"},
		{"actor sector negative", func(m *Map) { m.Actors[0].Sector = -2 }, "error sector-out-of-range"},
		{"target zero", func(m *Map) { m.Actors[0].TargetTID = 0 }, "warning target-tid-zero"},
		{"target missing", func(m *Map) { m.Actors[0].TargetTID = 9 }, "warning target-tid-missing"},
		{"mesh rotation", func(m *Map) {
			m.Sections[0].Meshes = []StaticMesh{{Origin: Vec3{10, 10, 0}, Rotation: [4]float32{0, 0, float32(math.NaN()), 1}}}
		}, "warning non-finite-float"},
		{"mesh sector", func(m *Map) {
			m.Sections[0].Meshes = []StaticMesh{{Origin: Vec3{10, 10, 0}, Rotation: [4]float32{0, 0, 0, 1}, Sector: 5000}}
		}, "error sector-out-of-range"},
		{"actor box inverted", func(m *Map) { m.Actors[0].BoundsMin.Z = m.Actors[0].BoundsMax.Z + 1 }, "warning inverted-bounds"},
		{"mesh box inverted", func(m *Map) {
			m.Sections[0].Meshes = []StaticMesh{{Origin: Vec3{10, 10, 0}, Rotation: [4]float32{0, 0, 0, 1}, BoundsMin: Vec3{20, 0, 0}, BoundsMax: Vec3{0, 20, 20}}}
		}, "warning inverted-bounds"},
		{"mesh zero rotation", func(m *Map) {
			m.Sections[0].Meshes = []StaticMesh{{Origin: Vec3{10, 10, 0}, BoundsMax: Vec3{20, 20, 20}}}
		}, "warning zero-rotation"},
		{"too many sector sets", func(m *Map) { m.SectorSets = make([]SectorSet, MaxIndexed+1) }, "error count-limit"},
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

// TestCheckSquaredRanges: each actor field the format stores squared is
// reported, by name, when negative; 0, -0 and positive values are not,
// nor is an infinity or a NaN twice (they are non-finite floats).
func TestCheckSquaredRanges(t *testing.T) {
	fields := (&Actor{}).squaredRanges()
	if len(fields) != 7 {
		t.Fatalf("%d squared fields, the format has 7", len(fields))
	}
	for k, f := range fields {
		for _, c := range []struct {
			value float64
			want  map[string]int
		}{
			{-4, map[string]int{"warning negative-squared-range": 1}},
			{-1e-30, map[string]int{"warning negative-squared-range": 1}},
			{0, map[string]int{}},
			{math.Copysign(0, -1), map[string]int{}},
			{65536, map[string]int{}},
			{math.Inf(-1), map[string]int{"warning non-finite-float": 1}},
			{math.NaN(), map[string]int{"warning non-finite-float": 1}},
		} {
			m := NewMap()
			*m.Actors[0].squaredRanges()[k].value = float32(c.value)
			problems := m.Check()
			if got := codes(problems); !maps.Equal(got, c.want) {
				t.Errorf("%s = %g: %v, want %v", f.name, c.value, got, c.want)
			}
			for _, p := range problems {
				if !strings.Contains(p.Message, f.name) {
					t.Errorf("%s = %g: %q does not name the field", f.name, c.value, p.Message)
				}
			}
		}
	}
}

// TestCheckCorpus: the corpus maps have no errors; every static mesh of
// theirs that names a sector names one far from it, which cannot be the
// sector closest to it (their writer numbers them without looking at the
// geometry: see the derived-data test), and those that name none (-1)
// are not reported; in debugpad-short.map, an actor targets TID 25, and
// its 25 actors carry TIDs 0 to 24.
func TestCheckCorpus(t *testing.T) {
	want := map[string]map[string]int{
		"debugpad-short.map": {"warning wrong-sector": 33, "warning target-tid-missing": 1},
		"kex18-vis.map":      {"warning wrong-sector": 76},
		"plain16.map":        {"warning wrong-sector": 19},
	}
	for path, data := range corpusMaps(t) {
		m, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		naming := 0 // meshes that name a sector
		for _, s := range m.Sections {
			for _, mesh := range s.Meshes {
				if mesh.Sector >= 0 {
					naming++
				}
			}
		}
		if got, name := codes(m.Check()), filepath.Base(path); !maps.Equal(got, want[name]) || naming != want[name]["warning wrong-sector"] {
			t.Errorf("%s: %v (%d static meshes name a sector), want %v", name, got, naming, want[name])
		}
	}
}

// TestMeshSectorRule: a static mesh's sector is held wrong only when it
// cannot be the sector closest to the mesh: a sector whose triangle is
// farther in XY than the floor under the mesh is in height. A neighbour
// of the sector under a mesh standing on its floor is wrong, unless the
// mesh is on their shared edge; one high above the floor may name any
// sector within its height; -1 and the sector under it are never wrong.
func TestMeshSectorRule(t *testing.T) {
	m := NewTerrain(4, 256) // square (x, y) of 256 units is sectors 2(4y+x) and 2(4y+x)+1
	loc := m.Locator()
	for _, c := range []struct {
		name   string
		origin Vec3
		named  int32
		wrong  bool
	}{
		{"the sector under it", Vec3{100, 50, 0}, -2, false},
		{"none", Vec3{100, 50, 0}, -1, false},
		{"the neighbour, on the floor", Vec3{100, 50, 0}, 1, true},
		{"a far sector, on the floor", Vec3{100, 50, 0}, 31, true},
		{"the neighbour across a shared edge, on it", Vec3{128, 128, 0}, 1, false},
		{"the next square, 100 above the floor, 156 away", Vec3{100, 50, 100}, 2, true},
		{"the next square, 200 above the floor, 156 away", Vec3{100, 50, 200}, 2, false},
	} {
		under := loc.SectorAt(c.origin)
		named := c.named
		if named == -2 {
			named = int32(under)
		}
		if got := m.MeshSectorWrong(named, c.origin, under); got != c.wrong {
			t.Errorf("%s: sector %d for a mesh at %v over sector %d held wrong %v, want %v", c.name, named, c.origin, under, got, c.wrong)
		}
	}
}

// TestCheckFarVertexStaysFast: a vertex at -8.5e37 is reported, and
// checking a 50,000-sector map with it does the same work as without it:
// the sector locator keeps its cells for the sectors near their own, so
// that a lookup for each of 1,500 actors tests as many sectors as before
// (at most the six around the far vertex more), and finds the sector.
// (It used to take 60 times as long.)
func TestCheckFarVertexStaysFast(t *testing.T) {
	m := NewTerrain(158, 64)
	loc := m.Locator()
	for i := range 1500 { // actors all over, each a sector lookup
		p := Vec3{X: float32(i%39*256 + 100), Y: float32(i/39*256 + 50)}
		m.Actors = append(m.Actors, Actor{Origin: p, Sector: int32(loc.SectorAt(p)), TargetTID: -1})
	}
	visits := func() int {
		l, n := m.Locator(), 0
		for _, a := range m.Actors {
			n += l.Visits(a.Origin)
		}
		return n
	}
	base := visits()
	m.Vertices[80*159+80].Position.X = -8.5e37
	if far := visits(); far > base+6*len(m.Actors) {
		t.Errorf("the actors' lookups test %d sectors with the far vertex, %d without", far, base)
	}
	if got := codes(m.Check()); got["error coordinate-out-of-range"] != 1 {
		t.Errorf("the far vertex is not reported: %v", got)
	}
	if s := m.Locator().SectorAt(Vec3{X: 3000, Y: 3000}); s < 0 {
		t.Error("the sector under a point of the map is not found")
	}
}

// TestCheckSteepSlopes: a floor rising 440 units over a 256-unit square
// (60°) is too steep to walk on and reported as a warning naming the
// sector; 420 units (58.6°) is not, nor are the sectors away from the
// raised corner; a set marked Cliff makes its steep sectors meant.
func TestCheckSteepSlopes(t *testing.T) {
	steep := func(rise float32, flags ...string) map[int]bool {
		m := NewMap()
		m.Vertices[6].Position.Z = rise // (256, 256), a corner of sector 0
		mask, err := SectorSetFlags.Mask(flags)
		if err != nil {
			t.Fatal(err)
		}
		m.SectorSets[0].Flags = mask
		for i := range m.Sectors {
			m.Sectors[i].Flags = uint16(mask)
		}
		out := map[int]bool{}
		for _, p := range m.Check() {
			if p.Code == "steep-slope" {
				if p.Severity != "warning" || p.Kind != "sector" {
					t.Errorf("%+v: want a sector warning", p)
				}
				out[p.Index] = true
			}
		}
		return out
	}
	got := steep(440)
	if !got[0] {
		t.Errorf("a 60° floor is not reported: %v", got)
	}
	for i := range got {
		m := NewMap()
		if v := m.Sectors[i].Vertices; v[0] != 6 && v[1] != 6 && v[2] != 6 {
			t.Errorf("sector %d, away from the raised corner, is reported", i)
		}
	}
	if got := steep(420); got[0] {
		t.Errorf("a 58.6° floor is reported: %v", got)
	}
	if got := steep(440, "Cliff"); len(got) > 0 {
		t.Errorf("the sectors of a Cliff set are reported: %v", got)
	}
}
