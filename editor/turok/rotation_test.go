package turok

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// sameRotation reports whether quaternions p and q (x, y, z, w) turn
// alike within tolerance: equal or opposite.
func sameRotation(p, q [4]float32, tolerance float64) bool {
	dot := 0.0
	for i := range p {
		dot += float64(p[i]) * float64(q[i])
	}
	return math.Abs(math.Abs(dot)-1) <= tolerance
}

// TestEulerRoundTrip: a mesh's quaternion is stored x, y, z, w with Z up
// (the corpus meshes all turn about Z: x = y = 0, and the unturned one
// holds 0, 0, 0, 1); yaw, pitch and roll read from any rotation make it
// again, the corpus's and ones at the poles of pitch, where yaw and roll
// turn about the same axis.
func TestEulerRoundTrip(t *testing.T) {
	var quaternions [][4]float32
	for _, path := range corpus.Files(t, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		f := openCorpus(t, filepath.Base(path))
		for _, s := range meshes(f.d.Map) {
			if s.Rotation[0] != 0 || s.Rotation[1] != 0 {
				t.Errorf("%s: a mesh turns about another axis than Z: %v", filepath.Base(path), s.Rotation)
			}
			quaternions = append(quaternions, s.Rotation)
		}
	}
	for _, deg := range [][3]float64{{0, 90, 0}, {30, 90, 40}, {-120, -90, 15}, {179, 89.9999, -179}, {0, 0, 180}, {-180, 45, -180}} {
		quaternions = append(quaternions, euler{radians(deg[0]), radians(deg[1]), radians(deg[2])}.quaternion([4]float32{0, 0, 0, 1}))
	}
	for _, q := range quaternions {
		e := eulerOf(q)
		if back := e.quaternion(q); !sameRotation(back, q, 1e-6) {
			t.Errorf("%v reads as yaw %g, pitch %g, roll %g, which make %v", q, e.yaw, e.pitch, e.roll, back)
		}
		if e.pitch < -math.Pi/2 || e.pitch > math.Pi/2 || math.Abs(e.yaw) > math.Pi || math.Abs(e.roll) > math.Pi {
			t.Errorf("%v reads as angles out of range: %+v", q, e)
		}
	}
	// A yaw alone turns X towards Y: a quarter turn is (0, 0, sin 45°, cos 45°).
	if q := (euler{yaw: math.Pi / 2}).quaternion([4]float32{0, 0, 0, 1}); !sameRotation(q, [4]float32{0, 0, float32(math.Sqrt2 / 2), float32(math.Sqrt2 / 2)}, 1e-7) {
		t.Errorf("a yaw of 90° is %v", q)
	}
}
