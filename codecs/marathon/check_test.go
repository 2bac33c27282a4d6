package marathon

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
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
		{"stale-derived-data", func(l *Level) { l.Sides[2].ExclusionZone[0].X++ }},
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

// TestCheckFindsReferenceProblems damages the new map's records with
// references and values the engine would crash on or cannot store, and
// expects check to report each as an error with its code.
func TestCheckFindsReferenceProblems(t *testing.T) {
	cases := []corruption{
		{"polygon-type", func(l *Level) { l.Polygons[0].Type = 99 }},
		{"light-out-of-range", func(l *Level) { l.Polygons[0].FloorLight = 999 }},
		{"light-out-of-range", func(l *Level) { l.Polygons[1].CeilingLight = -2 }},
		{"liquid-out-of-range", func(l *Level) { l.Polygons[0].Media = 50 }},
		{"sound-out-of-range", func(l *Level) { l.Polygons[0].AmbientSound = 3 }},
		{"sound-out-of-range", func(l *Level) { l.Polygons[1].RandomSound = 0 }},
		{"light-out-of-range", func(l *Level) { l.Polygons[0].Type, l.Polygons[0].Permutation = polygonLightOnTrigger, 7 }},
		{"polygon-out-of-range", func(l *Level) { l.Polygons[0].Type, l.Polygons[0].Permutation = polygonPlatformOffTrigger, 5000 }},
		{"texture-collection", func(l *Level) { l.Polygons[0].CeilingTexture = 0x2105 }},
		{"texture-collection", func(l *Level) { l.Sides[0].Primary.Texture = 0x4001 }},
		{"floor-above-ceiling", func(l *Level) { l.Polygons[1].FloorHeight = l.Polygons[1].CeilingHeight + 1 }},
		{"open-to-void", func(l *Level) { l.Lines[0].Flags &^= LineSolid }},
		{"light-out-of-range", func(l *Level) { l.Sides[2].SecondaryLight = 1 }},
		{"panel-target", func(l *Level) {
			l.Sides[0].Flags, l.Sides[0].ControlPanelType, l.Sides[0].ControlPanelPermutation = SideControlPanel, 5, 5000
		}},
		{"panel-target", func(l *Level) {
			l.Sides[0].Flags, l.Sides[0].ControlPanelType, l.Sides[0].ControlPanelPermutation = SideControlPanel, 4, 1
		}},
		{"object-type", func(l *Level) { l.Objects[0].Type = 200 }},
		{"object-index", func(l *Level) { l.Objects[0].Type, l.Objects[0].Index = ObjectMonster, MonsterTypes }},
		{"object-index", func(l *Level) { l.Objects[0].Type, l.Objects[0].Index = ObjectItem, 200 }},
		{"object-index", func(l *Level) { l.Objects[0].Type, l.Objects[0].Index = ObjectScenery, -1 }},
		{"object-index", func(l *Level) { l.Objects[0].Type, l.Objects[0].Index = ObjectSound, AmbientSoundTypes }},
		{"light-function", func(l *Level) { l.Lights[0].Functions[3].Function = 99 }},
		{"liquid-type", func(l *Level) { l.Media = append(l.Media, Media{Type: 9, Texture: None}) }},
		{"light-out-of-range", func(l *Level) { l.Media = append(l.Media, Media{LightIndex: 4, Texture: None}) }},
		{"sound-type", func(l *Level) { l.Ambient = append(l.Ambient, AmbientSound{Index: AmbientSoundTypes}) }},
		{"sound-type", func(l *Level) { l.Random = append(l.Random, RandomSound{Index: RandomSoundTypes}) }},
		{"platform-type", func(l *Level) { l.Platforms = append(l.Platforms, StaticPlatform{Type: 9, Polygon: 1}) }},
		{"polygon-out-of-range", func(l *Level) { l.Platforms = append(l.Platforms, StaticPlatform{Polygon: 827}) }},
		{"platform-type", func(l *Level) {
			l.Platforms = append(l.Platforms, StaticPlatform{Polygon: 1})
			l.RunPlatforms = append(l.RunPlatforms, Platform{Polygon: 1}, Platform{Type: 12, Polygon: 1})
		}},
		{"terminal-too-long", func(l *Level) { l.Terminals = append(l.Terminals, Terminal{Groups: make([]TerminalGroup, 100000)}) }},
		{"physics-model", func(l *Level) { l.Info[0].Physics = 2 }},
		{"placement-count", func(l *Level) { l.Placements[3].Minimum = -1 }},
		{"placement-count", func(l *Level) { l.Placements[FirstMonsterPlacing+5].RandomCount = -2 }},
		{"too-many-records", func(l *Level) { l.Objects = append(l.Objects, make([]Object, MaxRecords)...) }},
	}
	for _, c := range cases {
		l := NewLevel("Check")
		c.corrupt(l)
		found := false
		for _, p := range bin.Errors(l.Check(0)) {
			found = found || p.Code == c.code
		}
		if !found {
			t.Errorf("%s: not reported: %+v", c.code, l.Check(0))
		}
	}
}

// TestCorpusReferenceProblems checks every corpus Marathon map: the only
// errors of the reference and value checks are the two polygons of
// Third Rock from Lhowon that are really broken, zero-area slivers whose
// ceilings lie 2560 and 3891 units below their floors.
func TestCorpusReferenceProblems(t *testing.T) {
	var got []string
	levels := 0
	for _, path := range corpus.Files(t, "marathon") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := wad.Parse(data)
		if err != nil || f.Header.DataVersion > 4 {
			continue // a physics or other non-map file
		}
		ls, err := DecodeFile(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i, l := range ls {
			if len(l.Polygons) == 0 {
				continue
			}
			levels++
			for _, p := range bin.Errors(l.Check(i)) {
				got = append(got, fmt.Sprintf("%s level %d: %s: %s", filepath.Base(path), i, p.Code, p.Message))
			}
		}
	}
	want := []string{
		"Third-Rock-from-Lhowon.sceA level 0: floor-above-ceiling: polygon 80: FloorHeight 0 is above CeilingHeight -2560",
		"Third-Rock-from-Lhowon.sceA level 0: floor-above-ceiling: polygon 515: FloorHeight 0 is above CeilingHeight -3891",
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors on %d corpus levels:\n%s\nwant:\n%s", levels, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if levels < 50 {
		t.Errorf("only %d corpus levels checked", levels)
	}
}

// TestCheckSurvivesAFailingCheck: each check that panics becomes an
// error problem naming it, and Check returns.
func TestCheckSurvivesAFailingCheck(t *testing.T) {
	var l *Level // every check fails on a nil level
	got := l.Check(3)
	var names []string
	for _, p := range got {
		if p.Code != "check-failed" || p.Severity != "error" || p.Level != 3 {
			t.Errorf("unexpected problem %+v", p)
		}
		names = append(names, p.Message)
	}
	if len(names) != 2 || !strings.Contains(names[0], "structure check") || !strings.Contains(names[1], "references check") {
		t.Fatalf("Check of a nil level = %q, want the structure and references checks reported as failed", names)
	}
}

// TestCorpusHasNoStaleDerivedData: the unmodified preprocessed corpus
// levels hold what the engine computes, so check finds nothing stale in
// them and no check fails.
func TestCorpusHasNoStaleDerivedData(t *testing.T) {
	levels := 0
	for _, l := range corpusLevels(t) {
		if !l.CarriesDerivedData() || len(l.Polygons) == 0 {
			continue
		}
		levels++
		for _, p := range l.Check(l.entry) {
			if p.Code == "stale-derived-data" || p.Code == "check-failed" {
				t.Errorf("%s level %d: %s", l.path, l.entry, p.Message)
			}
		}
	}
	if levels < 47 {
		t.Fatalf("only %d preprocessed levels checked", levels)
	}
}

// TestCheckFindsStalePlatformIndexes: a platform polygon's lists may
// follow any height it could have been drawn at, but a list no drawing
// gives, or a stale platform owner list, is still reported.
func TestCheckFindsStalePlatformIndexes(t *testing.T) {
	cases := []struct {
		name    string
		corrupt func(l *Level, platform *Platform)
	}{
		{"a neighbour dropped", func(l *Level, platform *Platform) {
			l.Polygons[platform.Polygon].NeighborCount--
		}},
		{"an endpoint owner dropped", func(l *Level, platform *Platform) {
			platform.EndpointOwners[0].LineCount--
		}},
	}
	for _, c := range cases {
		found := false
		for _, l := range corpusLevels(t) {
			if len(l.RunPlatforms) == 0 || l.Polygons[l.RunPlatforms[0].Polygon].NeighborCount < 2 {
				continue
			}
			c.corrupt(l.Level, &l.RunPlatforms[0])
			for _, p := range l.Check(0) {
				found = found || p.Code == "stale-derived-data" && strings.Contains(p.Message, "map indexes")
			}
			break
		}
		if !found {
			t.Errorf("%s: not reported", c.name)
		}
	}
}

// TestInWU: positions in problems read in world units, to the
// thousandth.
func TestInWU(t *testing.T) {
	for _, c := range []struct {
		p    Point
		want string
	}{{Point{1536, -2048}, "(1.5, -2) WU"}, {Point{1, 0}, "(0.001, 0) WU"}, {Point{-1, 32767}, "(-0.001, 31.999) WU"}} {
		if got := c.p.InWU(); got != c.want {
			t.Errorf("%v: %q, want %q", c.p, got, c.want)
		}
	}
}

// TestFaceWithoutSideOnPreprocessedMaps: a face toward a door without a
// side is found on a preprocessed map, whose doors are run-time
// platforms, as it is once the map is converted plain.
func TestFaceWithoutSideOnPreprocessedMaps(t *testing.T) {
	path := corpus.Path(t, "marathon", "jp", "Evil", "Mangle-him-really.sceA")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	count := func(data []byte) int {
		f, err := wad.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		levels, err := DecodeFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i, l := range levels {
			for _, p := range l.Check(i) {
				if p.Code == "platform-face-without-side" {
					n++
				}
			}
		}
		return n
	}
	f, err := wad.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := MakePlainFile(f)
	if err != nil || len(plain) == 0 {
		t.Fatalf("converted %v: %v", plain, err)
	}
	if got, want := count(data), count(f.Bytes()); got != want || got == 0 {
		t.Errorf("%d faces without sides found preprocessed, %d plain", got, want)
	}
}
