package marathon

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestCorpusDerivedDataMatches recomputes every polygon's, line's and
// endpoint's derived fields on the unchanged corpus maps and counts the
// matches per field. On maps that carry derived data (EPNT), every
// polygon and line must match; plain PNTS maps are only reported.
func TestCorpusDerivedDataMatches(t *testing.T) {
	total, match := map[string]int{}, map[string]int{}
	count := func(kind, field string, ok bool) {
		total[kind+" "+field]++
		if ok {
			match[kind+" "+field]++
		}
	}
	for _, l := range corpusLevels(t) {
		if len(l.Polygons) == 0 {
			continue
		}
		kind := "PNTS"
		if l.CarriesDerivedData() {
			kind = "EPNT"
		}
		for i, line := range l.Lines {
			hf, lc, flags := l.LineDerived(i)
			mask := uint16(lineDerivedFlags)
			if l.NextToPlatform(i) {
				mask &^= LineElevation
			}
			count(kind, "line length", l.LineLength(i) == line.Length)
			count(kind, "line highest floor", hf == line.HighestFloor)
			count(kind, "line lowest ceiling", lc == line.LowestCeil)
			count(kind, "line flags", flags&mask == line.Flags&mask)
		}
		for i, p := range l.Polygons {
			adjacent, sides := l.PolygonNeighbours(i)
			count(kind, "polygon area", l.PolygonArea(i) == p.Area)
			count(kind, "polygon center", l.PolygonCenter(i) == p.Center)
			count(kind, "polygon adjacent", adjacent == p.Adjacent)
			count(kind, "polygon sides", sides == p.Sides)
		}
		for i, ep := range l.Endpoints {
			flags, hf, lc, support := l.EndpointDerived(i)
			count(kind, "endpoint flags", flags == ep.Flags&endpointDerivedFlags)
			count(kind, "endpoint heights", hf == ep.HighestFloor && lc == ep.LowestCeiling)
			count(kind, "endpoint support", support == ep.SupportPolygon)
		}
	}
	var fields []string
	for f := range total {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		t.Logf("%-28s %6d / %6d", f, match[f], total[f])
		if strings.HasPrefix(f, "EPNT line") || strings.HasPrefix(f, "EPNT polygon") {
			if match[f] != total[f] {
				t.Errorf("%s: %d of %d match", f, match[f], total[f])
			}
		}
	}
	if total["EPNT polygon area"] < 10000 {
		t.Fatalf("only %d polygons compared", total["EPNT polygon area"])
	}
}

// TestCorpusMapIndexesMatch recomputes the iidx array, every polygon's
// lists in it and the platforms' endpoint owners on the corpus maps that
// carry them. Marathon 1's must all match; the community maps are
// reported (a few were preprocessed with platform heights the file no
// longer holds).
func TestCorpusMapIndexesMatch(t *testing.T) {
	var levels, arrays, polygons, polygonMatches, platforms, platformMatches int
	for _, l := range corpusLevels(t) {
		if !l.CarriesDerivedData() || l.Exclusions == nil {
			continue
		}
		levels++
		indexes, _, err := l.MapIndexes(l.Rules())
		if err != nil {
			t.Fatalf("%s level %d: %v", l.path, l.entry, err)
		}
		if indexes, _, err = l.PlatformOwners(indexes); err != nil {
			t.Fatalf("%s level %d: %v", l.path, l.entry, err)
		}
		stored, storedOwners := l.StoredIndexLists(), l.StoredPlatformOwnerLists()
		for pi, owners := range l.PlatformOwnerLists() {
			platforms++
			if slices.EqualFunc(owners, storedOwners[pi], sameOwners) {
				platformMatches++
			}
		}
		if slices.Equal(indexes, l.Exclusions) {
			arrays++
		} else if l.marathon1 {
			t.Errorf("%s level %d: recomputed iidx differs from the stored one", l.path, l.entry)
		} else {
			t.Logf("%s level %d: recomputed iidx differs from the stored one", l.path, l.entry)
		}
		m := l.NewMapIndex(l.Rules())
		for i := range l.Polygons {
			polygons++
			lists, ok := m.Zones(i)
			lists.Sounds = m.Sounds(i)
			if !ok || sameIndexLists(stored[i], lists, !l.marathon1) {
				polygonMatches++
			}
		}
	}
	t.Logf("iidx arrays: %d / %d levels; polygons' lists: %d / %d; platforms' owner lists: %d / %d", arrays, levels, polygonMatches, polygons, platformMatches, platforms)
	if levels < 37 {
		t.Fatalf("only %d levels with iidx compared", levels)
	}
}

// TestUpdateLineMatchesEngine: a line's sides get the engine's exclusion
// zones, and variable elevation follows the platform beside the line.
func TestUpdateLineMatchesEngine(t *testing.T) {
	l := &Level{
		Endpoints: []Endpoint{{Position: Point{-16384, 0}}, {Position: Point{-14336, 0}}},
		Polygons:  []Polygon{{FloorHeight: 0, CeilingHeight: 1024}, {Type: PolygonPlatform, FloorHeight: 0, CeilingHeight: 1024}},
		Sides:     []Side{{Transparent: SideTexture{Texture: None}}, {Transparent: SideTexture{Texture: None}}},
	}
	cases := []struct {
		name       string
		ccw        uint16
		flags      uint16
		wantFlags  uint16
		wantZones  [2][4]Point
		wantLength int16
	}{
		{"solid wall", None, LineSolid | LineVariableElevation, LineSolid | LineElevation,
			[2][4]Point{{{-16384, 256}, {-14336, 256}, {-16384, 0}, {-14336, 0}}, {{-14336, -256}, {-16384, -256}, {-14336, 0}, {-16384, 0}}}, 2048},
		{"open to a platform", 1, 0, LineVariableElevation,
			[2][4]Point{{{-16384, 256}, {-14336, 256}, {-16384, 0}, {-14336, 0}}, {{-14336, -256}, {-16384, -256}, {-14336, 0}, {-16384, 0}}}, 2048},
		{"a closed door", 1, LineSolid | LineVariableElevation, LineSolid | LineVariableElevation,
			[2][4]Point{{{-16384, 256}, {-14336, 256}, {-16384, 0}, {-14336, 0}}, {{-14336, -256}, {-16384, -256}, {-14336, 0}, {-16384, 0}}}, 2048},
		{"solid beside a platform", 1, LineSolid, LineSolid,
			[2][4]Point{{{-16384, 256}, {-14336, 256}, {-16384, 0}, {-14336, 0}}, {{-14336, -256}, {-16384, -256}, {-14336, 0}, {-16384, 0}}}, 2048},
	}
	for _, c := range cases {
		l.Lines = []Line{{Endpoints: [2]uint16{0, 1}, Flags: c.flags, ClockwisePoly: 0, CCWPoly: c.ccw, ClockwiseSide: 0, CCWSide: 1}}
		l.Sides[0].ExclusionZone, l.Sides[1].ExclusionZone = [4]Point{}, [4]Point{}
		l.UpdateLine(0)
		if got := l.Lines[0].Flags; got != c.wantFlags {
			t.Errorf("%s: flags %#x, want %#x", c.name, got, c.wantFlags)
		}
		if l.Lines[0].Length != c.wantLength {
			t.Errorf("%s: length %d, want %d", c.name, l.Lines[0].Length, c.wantLength)
		}
		for k := range 2 {
			if got := l.Sides[k].ExclusionZone; got != c.wantZones[k] {
				t.Errorf("%s: side %d zone %v, want %v", c.name, k, got, c.wantZones[k])
			}
		}
	}
}
