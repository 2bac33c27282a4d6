package turok

import (
	"bytes"
	"math"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/doctest"
)

// TestBrushStroke: the dabs of one stroke are one step, which raises the
// vertices under the brush and the actor standing on them, says so, and
// which undo takes back to the original bytes; a break starts another.
func TestBrushStroke(t *testing.T) {
	d, orig := hill(t)
	b := Brush{Op: RaiseBrush, Field: Floor, Radius: 300, Amount: 10}
	for range 3 {
		under, err := d.Dab(b, 512, 512)
		must(t, err)
		// Vertex 12 and its four neighbours 256 units away, not the
		// diagonal ones 362 away.
		if len(under) != 5 {
			t.Fatalf("the dab changed vertices %v, want 12 and the four beside it", under)
		}
	}
	if undo, _ := d.History.Steps(); undo != 1 {
		t.Fatalf("%d steps for one stroke, want 1", undo)
	}
	for v, want := range map[int]float32{12: 126, 7: 30, 11: 30, 13: 30, 17: 30, 6: 0, 0: 0} {
		if got := d.Map.Vertices[v].Position.Z; got != want {
			t.Errorf("vertex %d floor at %g, want %g", v, got, want)
		}
	}
	if z := d.Map.Actors[0].Origin.Z; z != 126 {
		t.Errorf("the actor on vertex 12 is at %g, want 126 (on the raised floor)", z)
	}
	if done, _ := d.History.Descriptions(); !strings.Contains(done[0], "Raise floor with a brush of radius 300") || !strings.Contains(done[0], "actor 0 follows the floor") {
		t.Errorf("the step is %q, want it to name the brush and the actor that followed", done[0])
	}
	d.History.BreakMerge()
	_, err := d.Dab(b, 0, 0)
	must(t, err)
	undoAllGivesBack(t, d, orig, 2)
}

// TestBrushes: each brush moves the heights under it by their weight,
// which fades from the inner radius to the edge.
func TestBrushes(t *testing.T) {
	// The weight at distance r/2 of a brush fading from its centre is
	// a half; at the diagonal neighbour, 362 of 512, the smoothstep of
	// the remaining fraction.
	diag := (512 - math.Hypot(256, 256)) / 512
	diagWeight := float32(diag * diag * (3 - 2*diag))
	for _, c := range []struct {
		name string
		b    Brush
		want map[int]float32 // floors after the dab at vertex 12
	}{
		{"raise with falloff", Brush{Op: RaiseBrush, Radius: 512, Falloff: 1, Amount: 10},
			map[int]float32{12: 106, 7: 5, 6: 10 * diagWeight, 0: 0}},
		{"lower", Brush{Op: LowerBrush, Radius: 100, Amount: 16}, map[int]float32{12: 80, 7: 0}},
		{"set", Brush{Op: SetBrush, Radius: 100, Amount: 50}, map[int]float32{12: 50, 7: 0}},
		// Vertex 12 at 96 and its four neighbours at 0: their mean is 19.2.
		{"flatten", Brush{Op: FlattenBrush, Radius: 300, Amount: 1}, map[int]float32{12: 19.2, 7: 19.2, 17: 19.2, 6: 0}},
		{"smooth", Brush{Op: SmoothBrush, Radius: 100, Amount: 0.5}, map[int]float32{12: 48, 7: 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, _ := hill(t)
			_, err := d.Dab(c.b, 512, 512)
			must(t, err)
			for v, want := range c.want {
				if got := d.Map.Vertices[v].Position.Z; math.Abs(float64(got-want)) > 1e-4 {
					t.Errorf("vertex %d floor at %g, want %g", v, got, want)
				}
			}
			if errs := d.Errors(); len(errs) > 0 {
				t.Errorf("errors after the dab: %v", errs)
			}
		})
	}
}

// TestBrushRefused: a brush that cannot be applied is refused, naming
// what is wrong, and leaves no step.
func TestBrushRefused(t *testing.T) {
	for _, c := range []struct {
		b    Brush
		want string
	}{
		{Brush{Op: RaiseBrush, Radius: 0, Amount: 1}, "radius"},
		{Brush{Op: RaiseBrush, Radius: 10, Falloff: 2, Amount: 1}, "falloff"},
		{Brush{Op: SmoothBrush, Radius: 10, Amount: 3}, "Smooth strength"},
		{Brush{Op: RaiseBrush, Radius: 10, Amount: float32(math.NaN())}, "amount"},
		{Brush{Op: SetBrush, Radius: 10, Amount: 2 * codec.MaxCoordinate}, "vertex 12"},
		{Brush{Op: BrushOp(9), Radius: 10, Amount: 1}, "not one of the brushes"},
	} {
		d, orig := hill(t)
		_, err := d.Dab(c.b, 512, 512)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %q", c.b, err, c.want)
		}
		if undo, _ := d.History.Steps(); undo != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%+v: refused, but left %d steps", c.b, undo)
		}
	}
}

// TestFloorEditsCarryStanders: a static mesh and an actor over a sector
// whose floor moves keep their heights above it (the actor flying over
// it, the mesh sunk into it), their boxes with them; an actor over
// untouched sectors stays.
func TestFloorEditsCarryStanders(t *testing.T) {
	d, _ := hill(t)
	mesh, err := d.PlaceMesh(rock(codec.Vec3{X: 300, Y: 280, Z: -8}))
	must(t, err)
	a := d.Map.Actors[0]
	a.Origin = codec.Vec3{X: 290, Y: 300, Z: 40}
	a.BoundsMin, a.BoundsMax = codec.Vec3{X: 280, Y: 290, Z: 40}, codec.Vec3{X: 300, Y: 310, Z: 100}
	flyer, err := d.PlaceActor(a)
	must(t, err)
	a.Origin = codec.Vec3{X: 900, Y: 900}
	away, err := d.PlaceActor(a)
	must(t, err)
	floor := func(p codec.Vec3) float32 {
		z, _ := d.Map.FloorAt(d.SectorAt(p), p.X, p.Y)
		return z
	}
	above := func(p codec.Vec3) float32 { return p.Z - floor(p) }
	meshAbove, flyerAbove := above(d.meshItems()[mesh].mesh.Origin), above(d.Map.Actors[flyer].Origin)
	if meshAbove >= 0 || flyerAbove <= 0 {
		t.Fatalf("the mesh stands %g above its floor and the flyer %g: want the mesh sunk and the flyer over it", meshAbove, flyerAbove)
	}
	must(t, d.RaiseVertices([]int{6}, Floor, 64)) // (256, 256)
	m := d.meshItems()[mesh].mesh
	if got := above(m.Origin); math.Abs(float64(got-meshAbove)) > 1e-3 || m.BoundsMax.Z-m.Origin.Z != 64 || m.Origin.Z < 0 {
		t.Errorf("the mesh is at %g, %g above the floor, its box to %g: want it %g above, box 64 above, raised", m.Origin.Z, got, m.BoundsMax.Z, meshAbove)
	}
	f := d.Map.Actors[flyer]
	if got := above(f.Origin); math.Abs(float64(got-flyerAbove)) > 1e-3 || f.BoundsMin.Z != f.Origin.Z || f.Origin.Z < 64 {
		t.Errorf("the flyer is at %g, %g above the floor, box from %g: want it %g above, raised", f.Origin.Z, got, f.BoundsMin.Z, flyerAbove)
	}
	if z := d.Map.Actors[away].Origin.Z; z != 0 {
		t.Errorf("the actor away from the raise moved to %g", z)
	}
	if done, _ := d.History.Descriptions(); !strings.Contains(done[len(done)-1], "actor 1 and static mesh 0 follow the floor") {
		t.Errorf("the step is %q, want it to name the actor and mesh that followed", done[len(done)-1])
	}
}
