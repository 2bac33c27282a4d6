package marathon

import (
	"strconv"
	"strings"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/scene"
)

// filterHost is a window whose Retool counts the rebuilds.
type filterHost struct {
	geomHost
	retools int
}

func (h *filterHost) Retool() { h.retools++ }

// drawnRefs are the entities of kind that s draws polygons or lines
// for, by index.
func drawnRefs(s *scene.Scene, kind document.Kind) map[int]bool {
	out := map[int]bool{}
	for _, p := range s.List.Polygons {
		if r, ok := s.Ref(p.ID); ok && r.Kind == kind {
			out[r.Index] = true
		}
	}
	for _, l := range s.List.Lines {
		if r, ok := s.Ref(l.ID); ok && r.Kind == kind {
			out[r.Index] = true
		}
	}
	return out
}

// TestHeightFilter: with room 1's floor raised, a filter of the lower
// floors draws room 0 and its lines alone, clicks find room 1 no more,
// and the legend says what the map shows; off, both rooms are back.
func TestHeightFilter(t *testing.T) {
	f, _ := newGeomSession(t)
	h := &filterHost{}
	l := f.d.Levels[0]
	low := l.Polygons[0].FloorHeight
	if err := f.d.EditPolygons(0, []int{1}, func(p *mcodec.Polygon) { p.FloorHeight = low + 512 }); err != nil {
		t.Fatal(err)
	}
	hf, err := parseFilter(false, "-1", strconv.FormatFloat(worldUnits.Show(float64(low+256)), 'f', -1, 64))
	if err != nil {
		t.Fatal(err)
	}
	f.setFilter(h, hf)
	if h.retools != 1 || !strings.Contains(h.status, "floors from -1.00 WU") {
		t.Errorf("setting the filter rebuilt %d times and said %q", h.retools, h.status)
	}
	s := f.Levels()[0].Build()
	if got := drawnRefs(s, mdoc.KindPolygon); len(got) != 1 || !got[0] {
		t.Errorf("the filtered map draws polygons %v, want room 0 alone", got)
	}
	lines := drawnRefs(s, mdoc.KindLine)
	for i, ln := range l.Lines {
		beside0 := ln.ClockwisePoly == 0 || ln.CCWPoly == 0
		if lines[i] != beside0 {
			t.Errorf("line %d (polygons %d, %d) drawn: %v, want %v", i, ln.ClockwisePoly, ln.CCWPoly, lines[i], beside0)
		}
	}
	if f.polygonAt(h, click(3072, 1024).At) != -1 || f.polygonAt(h, click(1024, 1024).At) != 0 {
		t.Error("a click finds a polygon the filter hides, or misses the one it shows")
	}
	for _, m := range s.Modes() {
		if !strings.Contains(m.Legend.Title, "height filter: floors from -1.00 WU") {
			t.Errorf("mode %s's legend %q does not say the map is filtered", m.Name, m.Legend.Title)
		}
	}
	f.setFilter(h, heightFilter{})
	if got := drawnRefs(f.Levels()[0].Build(), mdoc.KindPolygon); len(got) != 2 {
		t.Errorf("with the filter off the map draws polygons %v, want both", got)
	}
	ceiling, err := parseFilter(true, "0", "31.5")
	if err != nil || !ceiling.shows(l.Polygons[1]) || ceiling.String() != "ceilings from 0.00 WU to 31.50 WU" {
		t.Errorf("a ceiling filter: %+v, %v", ceiling, err)
	}
	for _, bad := range [][2]string{{"low", "1"}, {"2", "1"}, {"0", "40"}} {
		if _, err := parseFilter(false, bad[0], bad[1]); err == nil {
			t.Errorf("the filter from %q to %q was accepted", bad[0], bad[1])
		}
	}
}

// TestLightModes: the ceiling light and liquid light modes colour a
// polygon by its own light, which the floor light mode does not see.
func TestLightModes(t *testing.T) {
	f, _ := newGeomSession(t)
	dark := newLight
	for i := range dark.Functions {
		dark.Functions[i].Intensity = 0
	}
	i, err := f.d.AddLight(0, dark)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode string
		set  func(p *mcodec.Polygon)
	}{
		{"Ceiling light", func(p *mcodec.Polygon) { p.CeilingLight = int16(i) }},
		{"Liquid light", func(p *mcodec.Polygon) { p.MediaLight = int16(i) }},
	} {
		if err := f.d.EditPolygons(0, []int{1}, tc.set); err != nil {
			t.Fatal(err)
		}
		s := f.Levels()[0].Build()
		colours := func(mode string) [2]any {
			if err := s.SetMode(mode); err != nil {
				t.Fatal(err)
			}
			var out [2]any
			for _, p := range s.List.Polygons {
				if r, ok := s.Ref(p.ID); ok && r.Kind == mdoc.KindPolygon {
					out[r.Index] = p.Fill
				}
			}
			return out
		}
		if c := colours(tc.mode); c[0] == c[1] {
			t.Errorf("%s: the rooms of different lights share the colour %v", tc.mode, c[0])
		}
		if c := colours("Light"); c[0] != c[1] {
			t.Errorf("%s: the floor light mode tells the rooms apart: %v", tc.mode, c)
		}
		if _, err := f.d.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTypedWU: a height typed in world units shows again as typed when
// the filter is opened anew, and reads back as the same stored height.
func TestTypedWU(t *testing.T) {
	for _, typed := range []string{"0.4", "-2.25", "3", "0.001"} {
		x, err := strconv.ParseFloat(typed, 64)
		if err != nil {
			t.Fatal(err)
		}
		stored := int16(worldUnits.Stored(x, true))
		if got := typedWU(stored); got != typed {
			t.Errorf("%s WU, stored %d, shows %q", typed, stored, got)
		}
	}
	if newLight.Flags&1 == 0 {
		t.Error("a new light starts inactive")
	}
}
