package turok

import (
	"fmt"
	"math"
)

// ActorProblems are Check's findings about actor i alone: values the
// engine cannot load, a sector that does not exist, a target TID of 0 or
// one that no actor carries (carried, as CarriedTIDs gives it), and,
// with loc, standing over no sector or another than the one it names.
// A check after an edit of a few actors finds their problems so.
func (m *Map) ActorProblems(i int, carried map[int16]bool, loc *Locator) []Problem {
	var out problems
	m.checkActor(i, carried, &out)
	if loc != nil {
		m.checkActorPlacement(i, loc, &out)
	}
	return out
}

// CarriedTIDs are the TIDs the map's actors carry.
func (m *Map) CarriedTIDs() map[int16]bool {
	carried := map[int16]bool{}
	for _, a := range m.Actors {
		carried[a.TID] = true
	}
	return carried
}

// sectorInRange reports whether s names a sector of the map, or none (-1).
func (m *Map) sectorInRange(s int32) bool { return s >= -1 && int64(s) < int64(len(m.Sectors)) }

// checkActor reports actor i's values (squared ranges and bounding box
// among them), sector index and target.
func (m *Map) checkActor(i int, carried map[int16]bool, out *problems) {
	a := &m.Actors[i]
	name := fmt.Sprintf("actor %d", i)
	out.fields("actor", i, name, a.fields())
	for _, r := range a.squaredRanges() {
		if v := float64(*r.value); v < 0 && !math.IsInf(v, -1) { // NaN and the infinities are reported as such
			out.add("warning", "actor", i, "negative-squared-range", "%s: %s is %g, but it holds a range squared, never negative (the tools' import fails taking its square root)", name, r.name, v)
		}
	}
	out.box("actor", i, name, a.BoundsMin, a.BoundsMax)
	if !m.sectorInRange(a.Sector) {
		out.add("error", "actor", i, "sector-out-of-range", "actor %d names sector %d, the map has sectors 0 to %d (or -1 for none)", i, a.Sector, len(m.Sectors)-1)
	}
	switch {
	case a.TargetTID == 0:
		out.add("warning", "actor", i, "target-tid-zero", "actor %d targets TID 0, which every actor without a TID carries", i)
	case a.TargetTID > 0 && !carried[a.TargetTID]:
		out.add("warning", "actor", i, "target-tid-missing", "actor %d targets TID %d, which no actor carries", i, a.TargetTID)
	}
}

// checkActorPlacement reports actor i standing over no sector, or over
// another than the one it names.
func (m *Map) checkActorPlacement(i int, loc *Locator, out *problems) {
	a := &m.Actors[i]
	switch s := loc.SectorAt(a.Origin); {
	case s < 0:
		out.add("warning", "actor", i, "outside-sectors", "actor %d at (%g, %g, %g) is over no sector", i, a.Origin.X, a.Origin.Y, a.Origin.Z)
	case int32(s) != a.Sector:
		out.add("warning", "actor", i, "wrong-sector", "actor %d names sector %d, but stands in sector %d", i, a.Sector, s)
	}
}

// namedFloat is a float field and its name in the format's text.
type namedFloat struct {
	name  string
	value *float32
}

// squaredRanges are the actor's fields the format stores squared (a
// range r as r*r): the engine compares squared distances with them, and
// a negative one is no square.
func (a *Actor) squaredRanges() []namedFloat {
	return []namedFloat{{"SightRange", &a.SightRange}, {"LoudRange", &a.LoudRange}, {"QuietRange", &a.QuietRange},
		{"AttackRange", &a.AttackRange}, {"FlyHeight", &a.FlyHeight}, {"MeleeRange", &a.MeleeRange}, {"LeashRadius", &a.LeashRadius}}
}

// box reports a bounding box whose minimum exceeds its maximum on an
// axis: it holds no point, so nothing collides with it or sees it.
func (ps *problems) box(kind string, index int, name string, lo, hi Vec3) {
	for _, ax := range []struct {
		axis   string
		lo, hi float32
	}{{"X", lo.X, hi.X}, {"Y", lo.Y, hi.Y}, {"Z", lo.Z, hi.Z}} {
		if ax.lo > ax.hi {
			ps.add("warning", kind, index, "inverted-bounds", "%s: its bounding box runs from %g to %g in %s, a box holding nothing", name, ax.lo, ax.hi, ax.axis)
			return
		}
	}
}
