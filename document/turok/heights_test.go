package turok

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/internal/doctest"
)

// hill is a new map's 4x4 terrain of 256-unit squares with vertex 12,
// its middle (512, 512), raised to 96 under a ceiling of 600, and vertex
// 20, its corner (0, 1024), at -30 under 400, as loaded from its bytes.
func hill(t *testing.T) (*Document, []byte) {
	t.Helper()
	m := codec.NewMap()
	m.Vertices[12].Position.Z, m.Vertices[12].Height = 96, 600
	m.Vertices[20].Position.Z, m.Vertices[20].Height = -30, 400
	m.Actors[0].Origin.Z = 96 // on the raised middle
	data := m.Encode()
	d, err := Load("hill.map", data)
	if err != nil {
		t.Fatal(err)
	}
	return d, data
}

// TestHeightEdits: each height edit is one step whose file is the
// original one with the intended heights, the actor standing on vertex
// 12 at the floor's new height there (its box moved with it), and
// nothing else changed, and whose undo gives back the original bytes.
func TestHeightEdits(t *testing.T) {
	type height struct {
		vertex int
		field  HeightField
		to     float32
	}
	for _, c := range []struct {
		name  string
		edit  func(d *Document) error
		want  []height
		actor float32 // actor 0's height after the edit
	}{
		{"set floors", func(d *Document) error { return d.SetVertexHeights([]int{12, 13}, Floor, 40) }, []height{{12, Floor, 40}, {13, Floor, 40}}, 40},
		{"set ceiling", func(d *Document) error { return d.SetVertexHeights([]int{0}, Ceiling, 700) }, []height{{0, Ceiling, 700}}, 96},
		{"lower floor", func(d *Document) error { return d.RaiseVertices([]int{12}, Floor, -16) }, []height{{12, Floor, 80}}, 80},
		{"raise ceilings", func(d *Document) error { return d.RaiseVertices([]int{7, 12}, Ceiling, 8) }, []height{{7, Ceiling, 520}, {12, Ceiling, 608}}, 96},
		{"flatten floors", func(d *Document) error { return d.FlattenVertices([]int{12, 13, 17}, Floor) }, []height{{12, Floor, 32}, {13, Floor, 32}, {17, Floor, 32}}, 32},
		{"flatten ceilings", func(d *Document) error { return d.FlattenVertices([]int{12, 20}, Ceiling) }, []height{{12, Ceiling, 500}, {20, Ceiling, 500}}, 96},
		// Vertex 12's six neighbours are at 0: half way is 48.
		{"smooth half", func(d *Document) error { return d.SmoothVertices([]int{12}, Floor, 0.5) }, []height{{12, Floor, 48}}, 48},
		// Vertex 11 (256, 512) has six neighbours, 12 among them: from
		// the heights before the step, 11 goes to 96/6 and 12 to 0.
		{"smooth together", func(d *Document) error { return d.SmoothVertices([]int{11, 12}, Floor, 1) }, []height{{11, Floor, 16}, {12, Floor, 0}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, orig := hill(t)
			must(t, c.edit(d))
			want, err := codec.Decode(orig)
			must(t, err)
			for _, h := range c.want {
				*h.field.Of(&want.Vertices[h.vertex]) = h.to
			}
			a := &want.Actors[0]
			dz := c.actor - a.Origin.Z
			a.Origin.Z, a.BoundsMin.Z, a.BoundsMax.Z = a.Origin.Z+dz, a.BoundsMin.Z+dz, a.BoundsMax.Z+dz
			if got := doctest.Bytes(t, d); !bytes.Equal(got, want.Encode()) {
				for i := range d.Map.Vertices {
					if d.Map.Vertices[i] != want.Vertices[i] {
						t.Errorf("vertex %d is %+v, want %+v", i, d.Map.Vertices[i], want.Vertices[i])
					}
				}
				t.Fatal("the file is not the original with the intended heights")
			}
			if undo, _ := d.History.Steps(); undo != 1 {
				t.Errorf("%d steps, want 1", undo)
			}
			if errs := d.Errors(); len(errs) > 0 {
				t.Errorf("errors after the edit: %v", errs)
			}
			_, err = d.History.Undo()
			must(t, err)
			if !bytes.Equal(doctest.Bytes(t, d), orig) {
				t.Error("undo does not give back the original bytes")
			}
		})
	}
}

// TestHeightEditsRefused: heights the engine could not load, vertices
// that do not exist and strengths out of range are refused with a
// message naming the field, and leave no step and no changed byte.
func TestHeightEditsRefused(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, c := range []struct {
		name string
		edit func(d *Document) error
		want string
	}{
		{"floor NaN", func(d *Document) error { return d.SetVertexHeights([]int{3}, Floor, nan) }, "Position.Z is NaN"},
		{"ceiling too high", func(d *Document) error { return d.SetVertexHeights([]int{3, 4}, Ceiling, 2e6) }, "Height is 2e+06, beyond"},
		{"raise infinite", func(d *Document) error { return d.RaiseVertices([]int{3}, Floor, inf) }, "Position.Z by +Inf"},
		{"raise past the range", func(d *Document) error { return d.RaiseVertices([]int{0, 12}, Floor, codec.MaxCoordinate-50) },
			"vertex 12: Position.Z is 1.048622e+06, beyond"},
		{"no vertex", func(d *Document) error { return d.SetVertexHeights([]int{25}, Floor, 1) }, "no vertex 25"},
		{"twice", func(d *Document) error { return d.FlattenVertices([]int{2, 2}, Floor) }, "vertex 2 is given twice"},
		{"none", func(d *Document) error { return d.SmoothVertices(nil, Floor, 1) }, "no vertex given"},
		{"strength", func(d *Document) error { return d.SmoothVertices([]int{12}, Floor, 1.5) }, "strength is 1.5, it must be from 0 to 1"},
		{"strength NaN", func(d *Document) error { return d.SmoothVertices([]int{12}, Floor, nan) }, "strength is NaN"},
	} {
		d, orig := hill(t)
		err := c.edit(d)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
		if undo, _ := d.History.Steps(); undo != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%s: refused, but left %d steps, bytes equal %v", c.name, undo, bytes.Equal(doctest.Bytes(t, d), orig))
		}
	}
}

// TestRaiseMerges: the raises of one drag merge into one step, which
// undo takes back whole; a break starts another.
func TestRaiseMerges(t *testing.T) {
	d, orig := hill(t)
	for range 3 {
		must(t, d.RaiseVertices([]int{5, 6}, Floor, 10))
	}
	if undo, _ := d.History.Steps(); undo != 1 || d.Map.Vertices[5].Position.Z != 30 {
		t.Fatalf("%d steps, vertex 5 at %g: want 1 step, 30", undo, d.Map.Vertices[5].Position.Z)
	}
	d.History.BreakMerge()
	must(t, d.RaiseVertices([]int{5, 6}, Floor, 10))
	undoAllGivesBack(t, d, orig, 2)
}

// undoAllGivesBack checks that d's history holds steps steps and that
// undoing them all gives back the bytes orig.
func undoAllGivesBack(t *testing.T, d *Document, orig []byte, steps int) {
	t.Helper()
	if undo, _ := d.History.Steps(); undo != steps {
		t.Fatalf("%d steps, want %d", undo, steps)
	}
	_, err := d.History.UndoAll()
	must(t, err)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undoing every step does not give back the original bytes")
	}
}

// TestNewVertexAt: a new vertex takes the heights of the terrain under
// it, interpolated between the corners of the sector there, or the
// nearest vertex's off the sectors, or 0 and 512 on a map without any.
func TestNewVertexAt(t *testing.T) {
	d, _ := hill(t)
	for _, c := range []struct {
		x, y           float32
		floor, ceiling float32
		where          string
	}{
		{512, 512, 96, 600, "on the raised vertex"},
		{384, 512, 48, 556, "half way along the edge from vertex 11 to 12"},
		// Sector (256, 256), (512, 256), (512, 512) rises with y only:
		// 96 over 256 units, 512 to 600 above.
		{480, 320, 24, 534, "inside a sector"},
		{-100, 1100, -30, 400, "off the map, nearest vertex 20"},
	} {
		v := d.NewVertexAt(c.x, c.y)
		if v.Position != (codec.Vec3{X: c.x, Y: c.y, Z: c.floor}) || v.Height != c.ceiling {
			t.Errorf("%s: %+v, want floor %g and ceiling %g", c.where, v, c.floor, c.ceiling)
		}
	}
	empty := fromMap("empty.map", &codec.Map{})
	if v := empty.NewVertexAt(5, 6); v != (codec.Vertex{Position: codec.Vec3{X: 5, Y: 6}, Height: 512}) {
		t.Errorf("on a map without vertices: %+v", v)
	}
}

// TestRaiseMakesSteepSlope: raising a corner 440 units over a 256-unit
// square makes the sectors there too steep to walk on, a warning of the
// document's problems; undo takes it away.
func TestRaiseMakesSteepSlope(t *testing.T) {
	d := New("new.map")
	steep := func() int { return count(mustProblems(t, d), "sector", "steep-slope") }
	if n := steep(); n != 0 {
		t.Fatalf("a new map has %d steep sectors", n)
	}
	must(t, d.RaiseVertices([]int{6}, Floor, 440))
	if steep() == 0 {
		t.Error("a 60° slope is not reported")
	}
	if errs := d.Errors(); len(errs) > 0 {
		t.Errorf("a steep slope is an error: %v", errs)
	}
	_, err := d.History.Undo()
	must(t, err)
	if n := steep(); n != 0 {
		t.Errorf("after undo, %d steep sectors", n)
	}
}

// TestHeightEditStalesVisibility: a floor raised on a map with
// visibility tables leaves them made for the old terrain; a height set
// to the one it has is no step and leaves them as they were.
func TestHeightEditStalesVisibility(t *testing.T) {
	d := openCorpus(t, "kex18-vis.map")
	v := int(d.Map.Sectors[0].Vertices[0])
	must(t, d.SetVertexHeights([]int{v}, Floor, d.Map.Vertices[v].Position.Z))
	if undo, _ := d.History.Steps(); undo != 0 || d.VisibilityStale() {
		t.Fatalf("setting a floor to its own height: %d steps, stale %v", undo, d.VisibilityStale())
	}
	must(t, d.RaiseVertices([]int{v}, Floor, 8))
	if !d.VisibilityStale() {
		t.Error("raising a floor leaves the visibility tables marked fresh")
	}
}

// TestHeightEditKeepsMeshSector: a height edit leaves a static mesh's
// sector alone while it may still be the closest to the mesh. Mesh 0
// stands 40 above sector 0's floor, 35 in XY from sector 1, which it
// names; it follows the floor as it rises, so it stays 40 above it and
// sector 1 may still be the closest: the edits name the mesh as one that
// follows the floor, and leave its sector.
func TestHeightEditKeepsMeshSector(t *testing.T) {
	m := codec.NewMap() // 4x4 squares of 256: sector 0 is corners 0, 1, 6
	m.Sections[0].Meshes = []codec.StaticMesh{rock(codec.Vec3{X: 100, Y: 50, Z: 40})}
	m.Sections[0].Meshes[0].Sector = 1
	d, err := Load("mesh.map", m.Encode())
	must(t, err)
	must(t, d.SetVertexHeights([]int{0}, Floor, 2))
	must(t, d.SetVertexHeights([]int{0, 1, 6}, Floor, 30))
	done, _ := d.History.Descriptions()
	want := []string{"Set floor of vertex 0 to 2; static mesh 0 follows the floor", "Set floor of 3 vertices to 30; static mesh 0 follows the floor"}
	if !slices.Equal(done, want) {
		t.Errorf("steps %q, want %q", done, want)
	}
	if s := d.Map.Sections[0].Meshes[0].Sector; s != 1 {
		t.Errorf("mesh 0 names sector %d after the floor rose under it, want its own 1", s)
	}
	_, err = d.History.Undo()
	must(t, err)
	if s := d.Map.Sections[0].Meshes[0].Sector; s != 1 {
		t.Errorf("mesh 0 names sector %d after the first edit, want its own 1", s)
	}
}
