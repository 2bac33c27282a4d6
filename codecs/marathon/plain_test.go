package marathon

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
)

// TestCorpusMakePlain makes every preprocessed level of the corpus plain
// and checks the result as the engine loads it: the points are the
// endpoints' positions; built from its static record on the plain level,
// every platform is the stored run-time one (extremes, dynamic flags,
// starting heights); the lines a platform varies are written open, but
// those on the edge of the map stay walls; no
// run-time chunk is left and every other chunk is as it was; the file
// decodes again to the same records. A plain level is left alone, and
// converting again converts nothing.
func TestCorpusMakePlain(t *testing.T) {
	files, levels, platforms := 0, 0, 0
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		before, err := wad.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		orig, err := DecodeFile(before)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		f, _ := wad.Parse(data)
		converted, err := MakePlainFile(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		name := filepath.Base(path)
		var want []int
		for i, l := range orig {
			if len(l.Polygons) > 0 && !l.Plain() {
				want = append(want, i)
			}
		}
		if !slices.Equal(converted, want) {
			t.Fatalf("%s: converted levels %v, want %v", name, converted, want)
		}
		if len(converted) == 0 {
			if !bytes.Equal(f.Bytes(), data) {
				t.Errorf("%s: plain already, but its bytes changed", name)
			}
			continue
		}
		files++
		out := f.Bytes()
		again, err := wad.Parse(out)
		if err != nil {
			t.Fatalf("%s converted: %v", name, err)
		}
		plain, err := DecodeFile(again)
		if err != nil {
			t.Fatalf("%s converted: %v", name, err)
		}
		if n, _ := MakePlainFile(again); len(n) != 0 {
			t.Errorf("%s: converting again converts levels %v", name, n)
		}
		for _, i := range converted {
			levels++
			o, p := orig[i], plain[i]
			if !p.Plain() || p.Points == nil {
				t.Errorf("%s level %d: not plain after the conversion", name, i)
			}
			for k, e := range o.Endpoints {
				if p.Points[k] != e.Position {
					t.Errorf("%s level %d: point %d is %v, endpoint was at %v", name, i, k, p.Points[k], e.Position)
				}
			}
			if len(p.Platforms) != len(o.RunPlatforms) {
				t.Fatalf("%s level %d: %d static platforms for %d run-time ones", name, i, len(p.Platforms), len(o.RunPlatforms))
			}
			for k, s := range p.Platforms {
				platforms++
				built, ok := p.BuildPlatform(s, o.RunPlatforms[k])
				if !ok || built != o.RunPlatforms[k] {
					t.Errorf("%s level %d platform %d: built from %+v on the plain level: %+v, stored %+v", name, i, k, s, built, o.RunPlatforms[k])
				}
			}
			for li, line := range p.Lines {
				was := o.Lines[li].Flags
				want := was
				switch {
				case was&LineVariableElevation != 0 && (line.ClockwisePoly == None || line.CCWPoly == None):
					want = was &^ LineVariableElevation
				case was&LineVariableElevation != 0:
					want = was&^(LineVariableElevation|LineSolid) | LineTransparent
				}
				if line.Flags != want {
					t.Errorf("%s level %d line %d: flags 0x%04X, want 0x%04X", name, i, li, line.Flags, want)
				}
			}
			for pi, poly := range p.Polygons {
				if poly.FirstObject != -1 || poly.FloorHeight != o.Polygons[pi].FloorHeight || poly.CeilingHeight != o.Polygons[pi].CeilingHeight {
					t.Errorf("%s level %d polygon %d: first object %d, heights %d..%d", name, i, pi, poly.FirstObject, poly.FloorHeight, poly.CeilingHeight)
				}
			}
			kept := map[string][]byte{}
			for _, c := range before.Entries[i].Chunks {
				kept[string(c.Tag[:])] = c.Data
			}
			for _, c := range again.Entries[i].Chunks {
				tag := string(c.Tag[:])
				switch {
				case slices.Contains(runTimeChunks, tag):
					t.Errorf("%s level %d: run-time chunk %s left", name, i, tag)
				case tag == "PNTS" || tag == "plat" || tag == "LINS" || tag == "POLY":
				case !bytes.Equal(c.Data, kept[tag]):
					t.Errorf("%s level %d: chunk %s changed", name, i, tag)
				}
			}
		}
	}
	if files == 0 {
		t.Skip("no preprocessed corpus map")
	}
	t.Logf("%d files, %d levels made plain; %d platforms built again from their static records", files, levels, platforms)
}

// TestMakePlainSlidesCeilingBack: a ceiling that is not where it starts
// has the textures it slides moved back to the start, the face the
// neighbour sees and the shaft, but not a low side; one at its start
// moves none.
func TestMakePlainSlidesCeilingBack(t *testing.T) {
	for _, tc := range []struct {
		ceiling, face, shaft, low int16
	}{{400, -300, 300, 0}, {100, 0, 0, 0}} {
		l := &Level{
			Endpoints: []Endpoint{{}, {}},
			Polygons: []Polygon{{VertexCount: 2, Lines: [8]uint16{0, 1}, Adjacent: [8]uint16{1, None}, Sides: [8]uint16{0, 2}},
				{VertexCount: 1, Adjacent: [8]uint16{0}}},
			Lines: []Line{{ClockwisePoly: 0, CCWPoly: 1, ClockwiseSide: 0, CCWSide: 1},
				{ClockwisePoly: 0, CCWPoly: None, ClockwiseSide: 2, CCWSide: None}},
			Sides: []Side{{Type: sideHigh}, {Type: sideFull}, {Type: 2}},
			RunPlatforms: []Platform{{StaticFlags: PlatformComesFromCeiling | PlatformInitiallyExtended,
				MinimumCeiling: 100, MaximumCeiling: 1000, CeilingHeight: tc.ceiling}},
			Exclusions: []int16{},
		}
		l.MakePlain()
		if got := [3]int16{l.Sides[1].Primary.Y, l.Sides[0].Primary.Y, l.Sides[2].Primary.Y}; got != [3]int16{tc.face, tc.shaft, tc.low} {
			t.Errorf("ceiling at %d: face, shaft and low side moved %v, want %v", tc.ceiling, got, [3]int16{tc.face, tc.shaft, tc.low})
		}
		if !l.Plain() || len(l.Points) != 2 || len(l.Platforms) != 1 || l.Platforms[0].MinimumHeight != 100 || l.Platforms[0].MaximumHeight != 1000 {
			t.Errorf("ceiling at %d: not plain: %+v", tc.ceiling, l)
		}
	}
}
