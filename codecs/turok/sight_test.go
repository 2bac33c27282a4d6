package turok

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// wallMap is an 8 x 8 terrain of 256-unit squares cut in two along
// x = 1024 (the sectors east of the cut take their own copies of the
// vertices on it, so the edges there have no link: a wall up to the
// ceiling, 512 units), with a static mesh in the middle of the east half.
func wallMap(t *testing.T) *Map {
	t.Helper()
	m := NewTerrain(8, 256)
	copies := map[uint16]uint16{}
	for i := range m.Sectors {
		s := &m.Sectors[i]
		var cx float32
		for _, v := range s.Vertices {
			cx += m.Vertices[v].Position.X / 3
		}
		if cx < 1024 {
			continue
		}
		for j, v := range s.Vertices {
			if m.Vertices[v].Position.X != 1024 {
				continue
			}
			c, ok := copies[v]
			if !ok {
				c = uint16(len(m.Vertices))
				m.Vertices = append(m.Vertices, m.Vertices[v])
				copies[v] = c
			}
			s.Vertices[j] = c
		}
	}
	for i, links := range m.EdgeLinks() {
		m.Sectors[i].Links = links
	}
	m.Sections = []Section{{Meshes: []StaticMesh{{Origin: Vec3{1536, 1024, 0}, Scale: Vec3{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1},
		BoundsMin: Vec3{1504, 992, 0}, BoundsMax: Vec3{1568, 1056, 96}, Model: "models/mapstatic/rock.kmesh"}}}}
	m.Visibility = m.NewVisibility()
	walls := 0
	for _, s := range m.Sectors {
		for _, l := range s.Links {
			if l == NoLink {
				walls++
			}
		}
	}
	if want := 4*8 + 2*8; walls != want {
		t.Fatalf("%d wall edges, want %d (the border and both sides of the cut)", walls, want)
	}
	return m
}

// onCut applies f to every vertex on the cut at x = 1024 (both copies).
func onCut(m *Map, f func(v *Vertex)) {
	for i := range m.Vertices {
		if m.Vertices[i].Position.X == 1024 {
			f(&m.Vertices[i])
		}
	}
}

// centreX is the x of sector i's centroid.
func centreX(m *Map, i int) float32 {
	var cx float32
	for _, v := range m.Sectors[i].Vertices {
		cx += m.Vertices[v].Position.X / 3
	}
	return cx
}

// TestSightVisibilityWall: a mesh behind a wall or a ridge is hidden
// from the sectors on the other side and seen from its own side; once
// the wall or the ridge is lowered it is seen from everywhere. (The
// sectors on the ridge's western slope, up to 256 units from its top,
// see over it: only those past them are counted as hidden.)
func TestSightVisibilityWall(t *testing.T) {
	for _, tc := range []struct {
		name         string
		hidden       float32 // sectors west of this x are behind
		block, lower func(v *Vertex)
	}{
		{"wall", 1024, func(v *Vertex) {}, func(v *Vertex) { v.Height = v.Position.Z + 8 }},
		{"ridge", 768, func(v *Vertex) { v.Position.Z, v.Height = 300, 812 }, func(v *Vertex) { v.Position.Z, v.Height = 20, 532 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := wallMap(t)
			if tc.name == "ridge" { // a ridge on linked edges: join the halves again
				m = NewTerrain(8, 256)
				m.Sections = wallMap(t).Sections
				m.Visibility = m.NewVisibility()
			}
			onCut(m, tc.block)
			v := m.SightVisibility()
			west, east, behind := 0, 0, 0
			for i := range m.Sectors {
				x, seen := centreX(m, i), v.Visible(i, 0)
				if x < tc.hidden {
					behind++
				}
				switch {
				case x < tc.hidden && seen:
					west++
				case x > 1024 && seen:
					east++
				}
			}
			if behind == 0 || west != 0 || east != len(m.Sectors)/2 {
				t.Errorf("blocked: seen from %d of %d sectors behind (want 0) and %d eastern (want %d)", west, behind, east, len(m.Sectors)/2)
			}
			onCut(m, tc.lower)
			v = m.SightVisibility()
			for i := range m.Sectors {
				if !v.Visible(i, 0) {
					t.Errorf("lowered: sector %d (centre x %v) does not see the mesh", i, centreX(m, i))
				}
			}
		})
	}
}

// TestSightVisibilityShape: on corpus maps the computed tables have the
// stored tables' shape and fit the map.
func TestSightVisibilityShape(t *testing.T) {
	for _, f := range corpus.Files(t, "turok") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		stored := m.Visibility
		m.Visibility = m.SightVisibility()
		if stored != nil && (stored.Stride != m.Visibility.Stride || stored.Count != m.Visibility.Count) {
			t.Errorf("%s: %d rows of %d bytes, stored %d of %d", filepath.Base(f), m.Visibility.Count, m.Visibility.Stride, stored.Count, stored.Stride)
		}
		if why := m.VisibilityStale(); why != "" {
			t.Errorf("%s: %s", filepath.Base(f), why)
		}
	}
}

// walkedVisibility is the tables computed by walking every ray, without
// the horizons' proofs.
func walkedVisibility(m *Map) *Visibility {
	v := m.NewVisibility()
	w := newSightWalker(m)
	for s := range m.Sectors {
		eyes, ok := w.eyes(s)
		if !ok {
			continue
		}
		c := 0
		for _, section := range m.Sections {
			for _, mesh := range section.Meshes {
				if targets := meshPoints(mesh); w.seesAny(s, &eyes, &targets) {
					v.SetVisible(s, c, true)
				}
				c++
			}
		}
	}
	return v
}

// TestSightProofsChangeNothing: the horizons only spare walks: the
// tables are those of walking every ray, on the corpus maps and the wall
// map, walled and lowered (hilly terrains: sight_hills_test.go).
func TestSightProofsChangeNothing(t *testing.T) {
	maps := map[string]*Map{}
	walled := wallMap(t)
	maps["wall"] = walled
	lowered := wallMap(t)
	onCut(lowered, func(v *Vertex) { v.Height = v.Position.Z + 8 })
	maps["lowered wall"] = lowered
	for _, f := range corpus.Files(t, "turok") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if maps[filepath.Base(f)], err = Decode(data); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	for name, m := range maps {
		got, want := m.SightVisibility(), walkedVisibility(m)
		if n := ChangedBits(got, want, m.MeshCount()); n != 0 {
			t.Errorf("%s: %d bits differ from walking every ray", name, n)
		}
	}
}

// TestSightVisibilityContext: the tables computed with progress are the
// same as without; progress counts every mesh once, up to their number;
// a cancelled context stops the computation with its error and no
// tables.
func TestSightVisibilityContext(t *testing.T) {
	data, err := os.ReadFile(corpus.Path(t, "turok", "kex18-vis.map"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var calls, last atomic.Int64
	got, err := m.SightVisibilityContext(context.Background(), func(done, total int) {
		calls.Add(1)
		if total != m.MeshCount() {
			t.Errorf("progress of %d meshes, the map has %d", total, m.MeshCount())
		}
		for old := last.Load(); int64(done) > old && !last.CompareAndSwap(old, int64(done)); old = last.Load() {
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := ChangedBits(got, m.SightVisibility(), m.MeshCount()); n != 0 {
		t.Errorf("%d bits differ from SightVisibility", n)
	}
	if calls.Load() != int64(m.MeshCount()) || last.Load() != int64(m.MeshCount()) {
		t.Errorf("progress called %d times, last %d, want %d", calls.Load(), last.Load(), m.MeshCount())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if v, err := m.SightVisibilityContext(ctx, nil); v != nil || err != context.Canceled {
		t.Errorf("cancelled: tables %v, error %v", v != nil, err)
	}
}
