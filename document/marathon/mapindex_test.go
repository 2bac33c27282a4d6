package marathon

import (
	"bytes"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/doctest"
)

// gridFile is a preprocessed map of n×n square polygons of 128 units,
// every line solid, so that each polygon's exclusion zones and
// neighbours are long: the full iidx would need more entries than the
// level can address. Its stored iidx holds empty lists.
func gridFile(t *testing.T, n int) []byte {
	t.Helper()
	const size = 128
	l := &codec.Level{}
	vertex := func(x, y int) uint16 { return uint16(y*(n+1) + x) }
	for y := range n + 1 {
		for x := range n + 1 {
			l.Endpoints = append(l.Endpoints, codec.Endpoint{Position: codec.Point{X: int16(x * size), Y: int16(y * size)}})
		}
	}
	lines := map[[2]uint16]int{}
	for y := range n {
		for x := range n {
			pi := len(l.Polygons)
			p := codec.Polygon{VertexCount: 4, CeilingHeight: 1024, FirstObject: -1, Media: -1, SoundSourceIndexes: 0,
				AmbientSound: -1, RandomSound: -1, FloorTexture: codec.None, CeilingTexture: codec.None}
			corners := [4]uint16{vertex(x, y), vertex(x+1, y), vertex(x+1, y+1), vertex(x, y+1)}
			for v, a := range corners {
				b := corners[(v+1)%4]
				p.Endpoints[v] = a
				if li, ok := lines[[2]uint16{b, a}]; ok {
					l.Lines[li].CCWPoly = uint16(pi)
					p.Lines[v] = uint16(li)
					continue
				}
				lines[[2]uint16{a, b}] = len(l.Lines)
				p.Lines[v] = uint16(len(l.Lines))
				l.Lines = append(l.Lines, codec.Line{Endpoints: [2]uint16{a, b}, Flags: codec.LineSolid,
					ClockwisePoly: uint16(pi), CCWPoly: codec.None, ClockwiseSide: codec.None, CCWSide: codec.None})
			}
			for v := 4; v < 8; v++ {
				p.Endpoints[v], p.Lines[v] = codec.None, codec.None
			}
			l.Polygons = append(l.Polygons, p)
		}
	}
	for i := range l.Lines {
		l.UpdateLine(i)
	}
	for i := range l.Polygons {
		l.UpdatePolygon(i)
	}
	for i := range l.Endpoints {
		flags, hf, lc, support := l.EndpointDerived(i)
		e := &l.Endpoints[i]
		e.Flags, e.HighestFloor, e.LowestCeiling, e.SupportPolygon = flags, hf, lc, support
	}
	l.Exclusions = []int16{-1} // every polygon's lists are empty; they share one empty sound list
	l.Info = []codec.MapInfo{{Physics: 1, EntryFlags: 1}}
	l.Lights = []codec.Light{{}}
	f := wad.New(2, 1, "grid")
	e := f.AddEntry(0)
	for _, tag := range []string{"Minf", "EPNT", "LINS", "POLY", "LITE", "iidx"} {
		data, _ := l.EncodeChunk(tag)
		e.SetChunk(tag, data)
	}
	return f.Bytes()
}

// TestOversizedMapIndexes opens and checks a map whose recomputed index
// lists need more than the 32,767 entries the iidx can address, and
// refuses an edit whose lists would not fit, changing nothing.
func TestOversizedMapIndexes(t *testing.T) {
	data := gridFile(t, 20)
	d, err := Load("grid.sceA", data)
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	if _, _, err := l.MapIndexes(l.Rules()); err == nil || !strings.Contains(err.Error(), "32767") {
		t.Fatalf("the grid's full iidx fits (%v): the test needs lists past 32767 entries", err)
	}
	problems, err := d.Problems(0)
	if err != nil {
		t.Fatal(err)
	}
	stale := false
	for _, p := range problems {
		if p.Code == "check-failed" {
			t.Errorf("a check failed: %s", p.Message)
		}
		stale = stale || p.Code == "stale-derived-data" && p.Kind == "polygon"
	}
	if !stale {
		t.Errorf("the empty stored lists are not reported as stale: %v", problems)
	}

	before := doctest.Bytes(t, d)
	err = d.MoveEndpoint(0, 10*21+10, codec.Point{X: 10*128 + 20, Y: 10*128 + 20})
	if err == nil || !strings.Contains(err.Error(), "iidx") || !strings.Contains(err.Error(), "32767") {
		t.Fatalf("moving the middle endpoint = %v, want a refusal naming the iidx and its range", err)
	}
	if done, _ := d.History.Steps(); done != 0 {
		t.Errorf("the refused edit left %d history steps", done)
	}
	if !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Error("the refused edit changed the file")
	}
}
