package turok

import (
	"bytes"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/doctest"
)

// TestSnapMeshesToFloor: static meshes above or below their floor are
// set on it, their boxes with them, in one step; a mesh over no sector is
// refused, and nothing moves.
func TestSnapMeshesToFloor(t *testing.T) {
	d, _ := hill(t)
	var gs []int
	for _, p := range []codec.Vec3{{X: 300, Y: 280, Z: 200}, {X: 700, Y: 700, Z: -50}} {
		g, err := d.PlaceMesh(rock(p))
		must(t, err)
		gs = append(gs, g)
	}
	before, _ := d.History.Steps()
	must(t, d.SnapMeshesToFloor(gs))
	for _, g := range gs {
		m := d.meshItems()[g].mesh
		floor, _ := d.Map.FloorAt(d.SectorAt(m.Origin), m.Origin.X, m.Origin.Y)
		if m.Origin.Z != floor || m.BoundsMin.Z != floor || m.BoundsMax.Z != floor+64 {
			t.Errorf("mesh %d snapped to %v, box %v-%v; want the floor at %g", g, m.Origin, m.BoundsMin, m.BoundsMax, floor)
		}
	}
	if steps, _ := d.History.Steps(); steps != before+1 {
		t.Errorf("snapping two meshes took %d steps", steps-before)
	}
	must(t, d.EditMeshes(gs[1:], func(s *codec.StaticMesh) { s.Origin.X = -50 }))
	orig := doctest.Bytes(t, d)
	before, _ = d.History.Steps()
	if err := d.SnapMeshesToFloor(gs); err == nil || !strings.Contains(err.Error(), "static mesh 1 stands over no sector") {
		t.Errorf("snapping a mesh off the map: %v", err)
	}
	if steps, _ := d.History.Steps(); steps != before || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("a refused snap left a step or changed the map")
	}
}
