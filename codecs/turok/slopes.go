package turok

import "math"

// WalkableNormal is the least upward part of a floor's unit normal that
// the engine walks on: on a floor whose normal points up by this much or
// less an actor is not on the ground and slides down. The figure is the
// ONPLANE_EPSILON of the Kex engine's physics (svkaiser/TurokEX,
// kexPhysics::OnSteepSlope, 0.512): a slope of about 59 degrees.
const WalkableNormal = 0.512

// steepExempt are the sector set flags of sectors made steep on purpose:
// blocked, cliffs and climbable walls, ladders, and the sectors the
// engine tests as walls when steep.
var steepExempt = func() uint32 {
	mask, err := SectorSetFlags.Mask([]string{"Block", "Cliff", "Climb", "SlopeTest", "Ladder"})
	if err != nil {
		panic(err)
	}
	return mask
}()

// FloorNormalUp is the upward part of sector i's floor's unit normal (1
// for a level floor, 0 for an upright one); ok is false for a sector
// whose corner points nowhere or that is flat in XY.
func (m *Map) FloorNormalUp(i int) (up float64, ok bool) {
	p, ok := m.corners(i)
	if !ok {
		return 0, false
	}
	ax, ay, az := float64(p[1].X-p[0].X), float64(p[1].Y-p[0].Y), float64(p[1].Z-p[0].Z)
	bx, by, bz := float64(p[2].X-p[0].X), float64(p[2].Y-p[0].Y), float64(p[2].Z-p[0].Z)
	nx, ny, nz := ay*bz-az*by, az*bx-ax*bz, ax*by-ay*bx
	length := math.Sqrt(nx*nx + ny*ny + nz*nz)
	if nz == 0 || length == 0 || math.IsNaN(length) || math.IsInf(length, 0) {
		return 0, false
	}
	return math.Abs(nz) / length, true
}

// checkSlopes reports, as warnings, the sectors whose floor is too steep
// to walk on (see WalkableNormal), unless their set makes them steep on
// purpose (see steepExempt).
func (m *Map) checkSlopes(out *problems) {
	for i := range m.Sectors {
		m.checkSlope(i, out)
	}
}

// checkSlope reports sector i's floor when it is too steep to walk on.
func (m *Map) checkSlope(i int, out *problems) {
	if s := m.Sectors[i]; int(s.Set) < len(m.SectorSets) && m.SectorSets[s.Set].Flags&steepExempt != 0 {
		return
	}
	if up, ok := m.FloorNormalUp(i); ok && up <= WalkableNormal {
		out.add("warning", "sector", i, "steep-slope",
			"sector %d's floor slopes at %.0f°, steeper than the %.0f° the engine walks on: actors slide off it (mark its set Cliff, Climb or SlopeTest if that is meant)",
			i, degrees(math.Acos(up)), degrees(math.Acos(WalkableNormal)))
	}
}

func degrees(radians float64) float64 { return radians * 180 / math.Pi }
