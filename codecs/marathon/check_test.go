package marathon

import (
	"os"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
)

// marathon1Levels decodes the corpus's Marathon 1 scenario.
func marathon1Levels(t *testing.T) []*Level {
	data, err := os.ReadFile(corpus.Path(t, "marathon", "m1", "Map.scen"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var levels []*Level
	for _, e := range f.Entries {
		l, err := Decode(e, true)
		if err != nil {
			t.Fatal(err)
		}
		levels = append(levels, l)
	}
	return levels
}

// TestMarathon1HasNoStaleDerivedData: Bungie's levels have no errors and
// no stored derived data that disagrees with the recomputation (their
// warnings are zero-length lines and monsters placed just outside their
// polygon).
func TestMarathon1HasNoStaleDerivedData(t *testing.T) {
	for i, l := range marathon1Levels(t) {
		for _, p := range l.Check(i) {
			if p.Severity == "error" || p.Code == "stale-derived-data" {
				t.Errorf("level %d: %+v", i, p)
			}
		}
	}
}

func TestCheckFindsProblems(t *testing.T) {
	cases := []corruption{
		{"stale-derived-data", func(l *Level) { l.Polygons[3].Area++ }},
		{"stale-derived-data", func(l *Level) { l.Lines[5].Length += 7 }},
		{"endpoint-out-of-range", func(l *Level) { l.Lines[2].Endpoints[1] = 60000 }},
		{"vertex-count", func(l *Level) { l.Polygons[1].VertexCount = 9 }},
		{"line-not-owned", func(l *Level) {
			l.Lines[l.Polygons[0].Lines[0]].ClockwisePoly, l.Lines[l.Polygons[0].Lines[0]].CCWPoly = 200, None
		}},
		{"zero-length-line", func(l *Level) {
			l.Endpoints[l.Lines[4].Endpoints[1]].Position = l.Endpoints[l.Lines[4].Endpoints[0]].Position
		}},
	}
	expectReported(t, cases)
}

func TestCheckFindsGeometryProblems(t *testing.T) {
	cases := []corruption{
		{"not-convex", func(l *Level) {
			p := &l.Polygons[0]
			p.Endpoints[0], p.Endpoints[1] = p.Endpoints[1], p.Endpoints[0]
			if p.VertexCount == 3 { // a triangle stays convex either way round
				p.Endpoints[2] = p.Endpoints[0]
			}
		}},
		{"line-shared-by-many", func(l *Level) {
			shared := l.Polygons[0].Lines[0]
			l.Polygons[5].Lines[0], l.Polygons[6].Lines[0] = shared, shared
		}},
		{"object-outside-polygon", func(l *Level) { l.Objects[0].X += 20000 }},
		{"object-polygon-out-of-range", func(l *Level) { l.Objects[1].Polygon = 30000 }},
	}
	expectReported(t, cases)
}

// corruption damages a level in a way check must report with code.
type corruption struct {
	code    string
	corrupt func(l *Level)
}

// expectReported corrupts Marathon 1's first level with each case in
// turn and expects check to report its code.
func expectReported(t *testing.T, cases []corruption) {
	t.Helper()
	for _, c := range cases {
		l := marathon1Levels(t)[0]
		c.corrupt(l)
		found := false
		for _, p := range l.Check(0) {
			found = found || p.Code == c.code
		}
		if !found {
			t.Errorf("%s: not reported: %+v", c.code, l.Check(0))
		}
	}
}
