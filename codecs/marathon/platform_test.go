package marathon

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"
)

// recomputed is a copy of level l with the lines and endpoints of
// platform i's polygon recomputed and settled, after rebuilding the
// platform first when rebuild is set.
func recomputed(l *Level, i int, rebuild bool) (*Level, bool) {
	c := *l
	c.Polygons, c.Lines, c.Endpoints, c.RunPlatforms = slices.Clone(l.Polygons), slices.Clone(l.Lines), slices.Clone(l.Endpoints), slices.Clone(l.RunPlatforms)
	if rebuild && !c.RebuildPlatform(i) {
		return nil, false
	}
	poly := &c.Polygons[c.RunPlatforms[i].Polygon]
	for _, li := range poly.Lines[:poly.VertexCount] {
		c.UpdateLine(int(li))
	}
	for _, v := range poly.Endpoints[:poly.VertexCount] {
		var lines []int
		for li, line := range c.Lines {
			if line.Endpoints[0] == v || line.Endpoints[1] == v {
				lines = append(lines, li)
			}
		}
		c.UpdateEndpoint(int(v), lines)
	}
	c.SettlePlatform(i)
	return &c, true
}

// TestCorpusPlatformsRebuilt builds every run-time platform of the
// corpus's preprocessed maps again from its static record, as the engine
// builds a platform when it loads a map, and requires the stored bytes
// back: the platform, its polygon's heights, its lines' heights,
// solidity and transparency, its endpoints' flags, heights and support.
// All of them were saved at level start (Aleph One loads the stored
// state as it is, so a map saved mid-game would differ here).
//
// Lines and endpoints are compared with the same lines and endpoints
// recomputed without the rebuild, because one bit is not the platform's
// to set: a line's elevation flag comes from the floors the map was
// drawn with, before the platform moved, which preprocessed maps do not
// store (LineDerived guesses the platform's lowest floor). The test
// requires that those bits are the only ones the recomputation alone
// changes, and counts them.
func TestCorpusPlatformsRebuilt(t *testing.T) {
	platforms, guessed := 0, 0
	for _, cl := range corpusLevels(t) {
		l := cl.Level
		for i := range l.RunPlatforms {
			platforms++
			name := filepath.Base(cl.path)
			c, ok := recomputed(l, i, true)
			if !ok {
				t.Fatalf("%s platform %d names no polygon (%d)", name, i, l.RunPlatforms[i].Polygon)
			}
			base, _ := recomputed(l, i, false)
			for _, tag := range []string{"PLAT", "POLY", "LINS", "EPNT"} {
				want, _ := l.EncodeChunk(tag)
				if tag == "LINS" || tag == "EPNT" {
					want, _ = base.EncodeChunk(tag)
				}
				if got, _ := c.EncodeChunk(tag); !bytes.Equal(got, want) {
					t.Errorf("%s platform %d (polygon %d): %s rebuilt differs from the stored one", name, i, l.RunPlatforms[i].Polygon, tag)
				}
			}
			for li := range l.Lines {
				if a, b := l.Lines[li], base.Lines[li]; a != b {
					if a.Flags^b.Flags != LineElevation || !l.NextToPlatform(li) {
						t.Errorf("%s line %d: recomputed %+v, stored %+v", name, li, b, a)
					}
					guessed++
				}
			}
			for v := range l.Endpoints {
				if a, b := l.Endpoints[v], base.Endpoints[v]; a != b && a.Flags^b.Flags != EndpointMultipleHeights {
					t.Errorf("%s endpoint %d: recomputed %+v, stored %+v", name, v, b, a)
				}
			}
		}
	}
	if platforms == 0 {
		t.Skip("no corpus map stores run-time platforms")
	}
	t.Logf("%d run-time platforms rebuilt; %d line elevation flags beside them guessed otherwise", platforms, guessed)
}
