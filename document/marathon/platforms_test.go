package marathon

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
)

// TestDoorStartsOpenRebuilt clears "initially extended" on the doors of
// a preprocessed map, which stores its platforms in their run-time form,
// and checks every value the engine derives when it builds a platform
// (new_platform): the platform's starting heights and dynamic flags, its
// polygon's ceiling, its lines' heights, solidity and transparency, and
// its endpoints' heights, support and solidity. Nothing else changes,
// the step undoes to the original bytes, and the derived data still
// agrees with the reference where the unedited file did.
func TestDoorStartsOpenRebuilt(t *testing.T) {
	d := openCorpus(t, "marathon", "jp", "Evil", "A-million-ways-to-spend-your-time.sceA")
	orig := doctest.Bytes(t, d)
	l := d.Levels[0]
	var doors []int
	for i, p := range l.RunPlatforms {
		if p.StaticFlags&(codec.PlatformIsDoor|codec.PlatformInitiallyExtended|codec.PlatformComesFromFloor) == codec.PlatformIsDoor|codec.PlatformInitiallyExtended &&
			p.StaticFlags&codec.PlatformComesFromCeiling != 0 && p.CeilingHeight == p.MinimumCeiling && p.MinimumCeiling < p.MaximumCeiling {
			doors = append(doors, i)
		}
	}
	if len(doors) < 2 {
		t.Fatalf("%d closed ceiling doors, want at least 2", len(doors))
	}
	stale := newTally()
	compareWithReference(l, stale)
	before := cloneLevel(l)
	steps, _ := d.History.Steps()

	if err := d.EditRunPlatforms(0, doors, func(p *codec.Platform) { p.StaticFlags &^= codec.PlatformInitiallyExtended }); err != nil {
		t.Fatal(err)
	}
	if n, _ := d.History.Steps(); n != steps+1 {
		t.Fatalf("%d undo steps, want %d", n, steps+1)
	}

	ours := map[int]bool{}    // lines of the doors' polygons
	corners := map[int]bool{} // their endpoints
	for _, i := range doors {
		was, p := before.RunPlatforms[i], l.RunPlatforms[i]
		want := was
		want.StaticFlags &^= codec.PlatformInitiallyExtended
		want.CeilingHeight = was.MaximumCeiling
		want.DynamicFlags = codec.PlatformExtending | codec.PlatformFullyContracted | was.DynamicFlags&(codec.PlatformFloorBelowMedia|codec.PlatformCeilingBelowMedia)
		if p != want {
			t.Errorf("door %d: %+v, want %+v", i, p, want)
		}
		poly := l.Polygons[p.Polygon]
		if poly.CeilingHeight != was.MaximumCeiling || poly.FloorHeight != was.FloorHeight {
			t.Errorf("door %d: polygon %d at %d..%d, want %d..%d", i, p.Polygon, poly.FloorHeight, poly.CeilingHeight, was.FloorHeight, was.MaximumCeiling)
		}
		for k, li := range poly.Lines[:poly.VertexCount] {
			ours[int(li)] = true
			line, floor, ceiling := l.Lines[li], poly.FloorHeight, poly.CeilingHeight
			if q := poly.Adjacent[k]; q != codec.None {
				floor, ceiling = max(floor, l.Polygons[q].FloorHeight), min(ceiling, l.Polygons[q].CeilingHeight)
			}
			if line.HighestFloor != floor || line.LowestCeil != ceiling {
				t.Errorf("door %d line %d: heights %d..%d, want %d..%d", i, li, line.HighestFloor, line.LowestCeil, floor, ceiling)
			}
			if line.Flags&codec.LineVariableElevation != 0 && poly.Adjacent[k] != codec.None {
				open := floor < ceiling
				if line.Flags&codec.LineTransparent != 0 != open || line.Flags&codec.LineSolid != 0 == open {
					t.Errorf("door %d line %d: flags 0x%04X, want it open (transparent, not solid): %v", i, li, line.Flags, open)
				}
			}
		}
		for _, v := range poly.Endpoints[:poly.VertexCount] {
			corners[int(v)] = true
		}
	}
	for v := range corners {
		e := l.Endpoints[v]
		var floor, ceiling, support int16 = -32768, 32767, -1
		for pi, q := range l.Polygons {
			for _, w := range q.Endpoints[:q.VertexCount] {
				if int(w) == v && q.FloorHeight > floor {
					floor, support = q.FloorHeight, int16(pi)
				}
				if int(w) == v {
					ceiling = min(ceiling, q.CeilingHeight)
				}
			}
		}
		solid := false
		for _, line := range l.Lines {
			if int(line.Endpoints[0]) == v || int(line.Endpoints[1]) == v {
				solid = solid || line.Flags&codec.LineSolid != 0
			}
		}
		if e.HighestFloor != floor || e.LowestCeiling != ceiling || e.SupportPolygon != support || e.Flags&codec.EndpointSolid != 0 != solid {
			t.Errorf("endpoint %d: %+v, want heights %d..%d, support %d, solid %v", v, e, floor, ceiling, support, solid)
		}
	}
	changedLines, changedEndpoints := 0, 0
	for li := range l.Lines {
		if l.Lines[li] != before.Lines[li] {
			changedLines++
			if !ours[li] {
				t.Errorf("line %d, no door's, changed", li)
			}
		}
	}
	for v := range l.Endpoints {
		if l.Endpoints[v] != before.Endpoints[v] {
			changedEndpoints++
			if !corners[v] {
				t.Errorf("endpoint %d, no door's, changed", v)
			}
		}
	}
	if changedLines == 0 || changedEndpoints == 0 {
		t.Errorf("%d lines and %d endpoints changed; opening doors changes both", changedLines, changedEndpoints)
	}
	edited := newTally()
	compareWithReference(l, edited)
	for k, v := range edited.differ {
		if _, was := stale.differ[k]; !was {
			t.Errorf("after the edit, %s: stored %s", k, v)
		}
	}
	saveAndReload(t, d, 0)
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Fatal("undo does not give back the original bytes")
	}
	t.Logf("%d doors opened: %d lines and %d endpoints rederived", len(doors), changedLines, changedEndpoints)
}
